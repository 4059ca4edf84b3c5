#!/bin/sh
# Install the Debian packages sctrace's build and tests need, only those
# missing, so make run/check/check-qemu work on a fresh Debian 12 machine.
# Usage: ci/install-deps.sh [native|qemu|qemu-all|fresh]
set -eu

native_pkgs="build-essential pkg-config libtraceevent-dev libaudit-dev
libcap-ng-dev bats bats-support bats-assert strace linux-perf
linux-source-6.1 xz-utils time clang libclang-rt-14-dev valgrind jq
python3 python3-tap python3-jsonschema man-db bash-completion bc llvm
libbpf-dev libelf-dev libdw-dev zlib1g-dev cppcheck clang-tidy libxml2-utils
yamllint python3-yaml dpkg-dev debhelper lintian procps curl"
# amd64: -m32 for the 32-bit (compat) workloads (workloads/cases_m32.tbl).
# gcc-12-multilib, not gcc-multilib: that one conflicts with the cross
# compilers of the qemu group, and apt removes them to install it.
if [ "$(dpkg --print-architecture)" = amd64 ]; then
	native_pkgs="$native_pkgs gcc-12-multilib"
fi

# Cross compilers, the arm64/s390x static libraries and their QEMUs: the
# guests make check boots. libbz2-dev and liblzma-dev: the static libraries
# libdw.a needs, for the x86_64 guest's sctrace, which unwinds -k's stacks.
qemu_pkgs="qemu-system-x86 qemu-system-arm qemu-system-misc cpio
gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
libc6-dev-arm64-cross libc6-dev-s390x-cross
libtraceevent-dev:arm64 libtraceevent-dev:s390x
libaudit-dev:arm64 libaudit-dev:s390x
libcap-ng-dev:arm64 libcap-ng-dev:s390x
lava-common lava-dispatcher libbz2-dev liblzma-dev"
# The ppc64le guest's too (check-qemu, check-lava, bless), not make check's:
# its own foreign architecture and index, which a mirror mid-sync can fail.
ppc_pkgs="qemu-system-ppc gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
libtraceevent-dev:ppc64el libaudit-dev:ppc64el libcap-ng-dev:ppc64el"

# make check-fresh: a Debian root from scratch, and a clone to put in it.
fresh_pkgs="debootstrap git"

case "${1:-native}" in
native) wanted=$native_pkgs ;;
qemu) wanted="$native_pkgs $qemu_pkgs" foreign="arm64 s390x" ;;
qemu-all) wanted="$native_pkgs $qemu_pkgs $ppc_pkgs" foreign="arm64 s390x ppc64el" ;;
fresh) wanted=$fresh_pkgs ;;
*) echo "usage: ci/install-deps.sh [native|qemu|qemu-all|fresh]" >&2; exit 64 ;;
esac

missing=""
for pkg in $wanted; do
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

for arch in ${foreign:-}; do
	dpkg --print-foreign-architectures | grep -qx "$arch" ||
		dpkg --add-architecture "$arch"
done

echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# A mirror caught mid-sync fails one index (seen: bookworm-security's
# ppc64el Packages, a size mismatch); apt keeps what it had, and the
# install below names any package it then cannot find.
apt-get update -qq ||
	echo "install-deps: apt-get update failed for some index (above); installing from what apt has" >&2
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
