#!/bin/sh
# Boots ARCH's kernel with an initramfs under QEMU (TCG) and prints what
# the guest printed between its begin and end markers. A guest is judged
# by those markers, never by QEMU's exit code (a panic exits 0): no end
# marker within the time limit is a failure, shown with the console's tail.
# Usage: ci/qemu-run.sh ARCH KERNEL INITRD LOG [EXTRA_APPEND]
# Exit: the guest's suite status (0 pass, 1 fail, 4 skipped); 2 if the
# guest never finished.
set -u

arch=$1 kernel=$2 initrd=$3 log=$4 extra=${5:-}
limit=${GUEST_TIMEOUT:-900}
common="-m 1G -nographic -no-reboot -net none -accel tcg"
append="rdinit=/init panic=-1 quiet loglevel=1 $extra"

case "$arch" in
x86_64) set -- qemu-system-x86_64 -M q35 ; console=ttyS0 ;;
aarch64) set -- qemu-system-aarch64 -M virt -cpu cortex-a57 ; console=ttyAMA0 ;;
s390x) set -- qemu-system-s390x -M s390-ccw-virtio ; console=ttysclp0 ;;
ppc64le) set -- qemu-system-ppc64 -M pseries -cpu power9 ; console=hvc0 ;;
*) echo "qemu-run: unknown arch '$arch'" >&2; exit 64 ;;
esac

# shellcheck disable=SC2086
timeout -k 10 "$limit" "$@" $common -kernel "$kernel" -initrd "$initrd" \
	-append "console=$console $append" </dev/null >"$log" 2>&1
qemu_rc=$?
tr -d '\r' <"$log" >"$log.txt"

end=$(grep -a -m 1 '^SCTRACE-GUEST-END rc=' "$log.txt")
if ! grep -a -q '^SCTRACE-GUEST-BEGIN ' "$log.txt" || [ -z "$end" ]; then
	echo "# $arch guest did not finish (qemu exit $qemu_rc, limit ${limit}s); last console lines:"
	tail -n 25 "$log.txt" | sed 's/^/# /'
	exit 2
fi
sed -n '/^SCTRACE-GUEST-BEGIN /,/^SCTRACE-GUEST-END /p' "$log.txt"
rc=${end#SCTRACE-GUEST-END rc=}
exit "$rc"
