#!/bin/sh
# README's two commands on a fresh Debian 12: debootstrap a minimal root
# into build/fresh/root, put a clean clone of HEAD in it, mount what a
# tracer needs, and run `make run`, then `make check`, as root inside;
# each must pass the first time. The debootstrap tarball is kept in
# cache/ so a rerun does not download the base system again.
# Usage: ci/check-fresh.sh [run|check]   (run: only `make run`)
# Exit: 0 both passed, 1 a command failed, 64 usage, 77 not root.
set -eu

upto=${1:-check}
case "$upto" in
run|check) ;;
*) echo "usage: ci/check-fresh.sh [run|check]" >&2; exit 64 ;;
esac
if [ "$(id -u)" -ne 0 ]; then
	echo "check-fresh: debootstrap and chroot need root; run it as root" >&2
	exit 77
fi
command -v debootstrap >/dev/null && command -v git >/dev/null || {
	echo "check-fresh: debootstrap or git is missing; run ci/install-deps.sh fresh as root" >&2
	exit 1
}

# The mirror this machine uses, from its deb822 sources.
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null)
mirror=${mirror:-http://deb.debian.org/debian}
top=$(pwd)
base=$top/build/fresh
root=$base/root
tarball=$top/cache/debootstrap-bookworm-minbase.tgz
mounted=""

undo_mounts() {
	for m in $mounted; do
		umount -l "$m" 2>/dev/null || true
	done
	mounted=""
}
trap undo_mounts EXIT
trap 'exit 1' INT TERM HUP

# mount ARGS... TARGET, remembered for undo_mounts.
bind() {
	eval "target=\${$#}"
	mkdir -p "$target"
	mount "$@" 2>/dev/null || return 1
	mounted="$target $mounted"
}

in_root() {
	chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 sh -c "$1"
}

rm -rf "$base"
mkdir -p "$base" "$top/cache"
start=$(date +%s)
if [ ! -r "$tarball" ]; then
	echo "check-fresh: downloading the bookworm minbase packages from $mirror" >&2
	debootstrap --variant=minbase --make-tarball="$tarball" bookworm "$base/tarball-work" "$mirror" >&2
	rm -rf "$base/tarball-work"
fi
echo "check-fresh: debootstrap (minbase, bookworm) into $root" >&2
debootstrap --variant=minbase --unpack-tarball="$tarball" bookworm "$root" "$mirror" >"$base/debootstrap.log" 2>&1 || {
	tail -n 20 "$base/debootstrap.log" >&2
	exit 1
}
# The guest's apt talks to the same mirror as this machine.
echo "deb $mirror bookworm main" >"$root/etc/apt/sources.list"
git clone -q --no-hardlinks "$top" "$root/root/sctrace"

# The root a mount point of its own, as on a machine: unshare (the
# tracefs tests) cannot change the propagation of a plain directory.
bind --bind "$root" "$root"
mount --make-private "$root"
bind -t proc proc "$root/proc"
bind -t sysfs sysfs "$root/sys"
bind -t tracefs tracefs "$root/sys/kernel/tracing" ||
	echo "check-fresh: no tracefs inside: tracing suites will say so" >&2
# A Debian machine has cgroup2 at /sys/fs/cgroup (systemd mounts it);
# --lossless holds its command back in a cgroup there.
bind -t cgroup2 cgroup2 "$root/sys/fs/cgroup" ||
	echo "check-fresh: no cgroup2 inside: the --lossless tests will skip, saying so" >&2
bind --rbind /dev "$root/dev"
bind -t tmpfs tmpfs "$root/tmp"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
before=$(du -sm "$root/var/cache/apt/archives" | cut -f1)

# README's one prerequisite: a fresh minimal Debian has no make.
in_root "apt-get update -qq && apt-get install -y -qq --no-install-recommends make" >"$base/prerequisite.log" 2>&1 || {
	echo "check-fresh: installing make in the fresh root failed:" >&2
	tail -n 20 "$base/prerequisite.log" >&2
	exit 1
}

status=0
for cmd in run check; do
	t0=$(date +%s)
	echo "check-fresh: make $cmd in the fresh root" >&2
	if in_root "cd /root/sctrace && make $cmd" >"$base/make-$cmd.log" 2>&1; then
		echo "check-fresh: make $cmd passed the first time in $(($(date +%s) - t0)) s" >&2
	else
		echo "check-fresh: make $cmd failed in the fresh root; last lines of $base/make-$cmd.log:" >&2
		tail -n 30 "$base/make-$cmd.log" >&2
		status=1
		break
	fi
	[ "$cmd" = "$upto" ] && break
done
echo "check-fresh: $(($(date +%s) - start)) s in all; packages downloaded inside: $(($(du -sm "$root/var/cache/apt/archives" | cut -f1) - before)) MB; base system tarball $(du -m "$tarball" | cut -f1) MB" >&2
exit "$status"
