#!/bin/sh
# Fetches what a QEMU guest of ARCH boots: Debian's own kernel (resolved
# through its metapackage, never a hard-coded ABI) and busybox-static, both
# extracted from their .debs, never installed; for the other arches also the
# static libbpf and libdw sctrace links, with what they need, extracted into
# a sysroot (CACHE/ARCH/sysroot): installed beside the host's, those -dev
# packages would pin libc6-dev, zlib1g and linux-libc-dev of both arches to
# one version, which the mirror does not always have (s390x's lag). Cached:
# a second run does not download again.
# Usage: ci/fetch-guest.sh x86_64|aarch64|s390x|ppc64le CACHE_DIR
# Prints the cache directory holding vmlinuz, busybox and sysroot.
set -eu

arch=$1
cache=$2

case "$arch" in
x86_64) debarch=amd64 meta=linux-image-cloud-amd64 ;;
aarch64) debarch=arm64 meta=linux-image-cloud-arm64:arm64 ;;
s390x) debarch=s390x meta=linux-image-s390x:s390x ;;
ppc64le) debarch=ppc64el meta=linux-image-powerpc64le:ppc64el ;;
*) echo "fetch-guest: unknown arch '$arch' (x86_64, aarch64, s390x, ppc64le)" >&2; exit 64 ;;
esac

dir=$cache/$arch
mkdir -p "$dir"

# The kernel package the metapackage currently points at.
image=$(apt-cache depends "$meta" | awk '/Depends: linux-image-/ { print $2; exit }')
if [ -z "$image" ]; then
	echo "fetch-guest: cannot resolve $meta; run 'apt-get update' (and ci/install-deps.sh qemu-all)" >&2
	exit 69
fi
image=${image%%:*}

# Fetched again when the mirror's version changes.
fetch() {
	pkg=$1 want=$2
	from="$pkg $(apt-cache show --no-all-versions "$pkg:$debarch" 2>/dev/null |
		awk '/^Version:/ { print $2; exit }')"
	if [ -f "$dir/$want.from" ] && [ "$(cat "$dir/$want.from")" = "$from" ]; then
		return 0
	fi
	tmp=$(mktemp -d)
	# Into our own temp dir: apt need not drop to its sandbox user for it.
	(cd "$tmp" && apt-get download -qq -o APT::Sandbox::User=root "$pkg:$debarch" >/dev/null)
	deb=$(ls "$tmp"/*.deb)
	mkdir "$tmp/root"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/root"
	case "$want" in
	# ppc64el's kernel is an ELF vmlinux, which -kernel boots as well.
	vmlinuz) cp "$(ls "$tmp"/root/boot/vmlinu[xz]-* | head -n 1)" "$dir/vmlinuz" ;;
	busybox) cp "$tmp/root/bin/busybox" "$dir/busybox" ;;
	sysroot-*) mkdir -p "$dir/sysroot" && cp -a "$tmp/root/." "$dir/sysroot/" ;;
	esac
	echo "$from" > "$dir/$want.from"
	rm -rf "$tmp"
}

fetch "$image" vmlinuz
fetch busybox-static busybox
# x86_64's are the host's own packages (ci/install-deps.sh). libdw is
# -k's unwinder; its static link needs bzip2's and xz's libraries too.
if [ "$arch" != x86_64 ]; then
	for pkg in libbpf-dev libelf-dev zlib1g-dev libdw-dev libbz2-dev liblzma-dev; do
		fetch "$pkg" "sysroot-$pkg"
	done
fi
echo "$dir"
