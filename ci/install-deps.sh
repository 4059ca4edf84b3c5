#!/bin/sh
# Install the Debian packages sctrace's build and tests need, only those
# missing, so `make run` and `make check` work on a fresh Debian 12 machine.
# Usage: ci/install-deps.sh [native|qemu]
set -eu

native_pkgs="build-essential pkg-config libtraceevent-dev libaudit-dev
libcap-ng-dev bats bats-support bats-assert strace linux-perf
linux-source-6.1 xz-utils"

missing=""
for pkg in $native_pkgs; do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
			grep -q 'install ok installed'; then
		missing="$missing $pkg"
	fi
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages:$missing; run as root or install them with apt-get" >&2
	exit 1
fi

echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
