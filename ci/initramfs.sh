#!/bin/sh
# Packs a guest's initramfs (cpio newc, gzip): busybox, the init script,
# and the statically built tracer, workloads, tests and golden files.
# Usage: ci/initramfs.sh ARCH BUILD_DIR BUSYBOX OUT
set -eu

arch=$1 build=$2 busybox=$3 out=$4
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root/bin" "$root/dev" "$root/sct/selftests" "$root/sct/workloads" \
	 "$root/sct/expected/$arch"
cp "$busybox" "$root/bin/busybox"
# /init is a script: its interpreter must exist before busybox installs itself.
ln -s busybox "$root/bin/sh"
cp ci/guest-init "$root/init"
chmod 0755 "$root/init"
cp "$build/sctrace" "$root/sct/"
cp "$build"/selftests/test_* "$build/selftests/golden" "$build/selftests/conformance" selftests/ktap-run selftests/ktap-lava.awk "$root/sct/selftests/"
# The tests' symbol tables serve no one in the guest: stripped, the
# initramfs is a third smaller to unpack (TCG) and to hold. The tracer
# and the workloads stay as built.
case "$arch" in
x86_64) strip_tool=strip ;;
ppc64le) strip_tool=powerpc64le-linux-gnu-strip ;;
*) strip_tool=$arch-linux-gnu-strip ;;
esac
if command -v "$strip_tool" >/dev/null; then
	for f in "$root"/sct/selftests/test_* "$root/sct/selftests/golden" "$root/sct/selftests/conformance"; do
		"$strip_tool" "$f"
	done
fi
for f in "$build"/workloads/*; do
	[ -f "$f" ] && [ -x "$f" ] && cp "$f" "$root/sct/workloads/"
done
if ls expected/"$arch"/*.out >/dev/null 2>&1; then
	cp expected/"$arch"/*.out "$root/sct/expected/$arch/"
fi
# The kernel opens /dev/console before /init runs.
mknod -m 600 "$root/dev/console" c 5 1
(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 > "$out"
