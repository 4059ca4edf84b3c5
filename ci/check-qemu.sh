#!/bin/sh
# The harness inside QEMU guests: build everything statically for each
# architecture, pack an initramfs, boot Debian's kernel (or KERNEL), and
# report every guest in the kselftest runner's shape, named after its arch
# (the kernel version is a diagnostic line: names stay the same across kernels).
# Usage: ci/check-qemu.sh ARCH[,ARCH...]|all [KERNEL]
#        ci/check-qemu.sh --bless ARCH [KERNEL]   (rewrites expected/ARCH/)
# ARCH: x86_64, aarch64 (or arm64), s390x, ppc64le; all is the four.
# Exit: 0 all passed, 1 a guest failed or never finished, 4 all skipped.
set -u

bless=
if [ "${1:-}" = --bless ]; then
	bless=1
	shift
fi
want=${1:-all}
kernel=${2:-}
cache=${SCTRACE_CACHE:-cache}
# What sctrace says when it shows pointers as addresses (normalize.h).
NO_CONTENTS_NOTICE="pointer arguments are shown as addresses"
# Debian's kernels have BPF: there a case without contents fails
# (ci/guest-init); a kernel of your own may not, and compares reduced.
need=sctrace.contents
[ -z "$kernel" ] || need=

# A comma list picks some (make check boots the three it has time for).
arches=
for a in $(echo "$want" | tr , ' '); do
	case "$a" in
	all) arches="$arches x86_64 aarch64 s390x ppc64le" ;;
	arm64) arches="$arches aarch64" ;;
	x86_64|aarch64|s390x|ppc64le) arches="$arches $a" ;;
	*) echo "check-qemu: unknown ARCH '$a' (x86_64, arm64/aarch64, s390x, ppc64le, all)" >&2; exit 64 ;;
	esac
done
arches=${arches# }
if [ -z "$arches" ]; then
	echo "check-qemu: no ARCH given (x86_64, arm64/aarch64, s390x, ppc64le, all)" >&2
	exit 64
fi
if { [ -n "$kernel" ] || [ -n "$bless" ]; } && [ "$arches" != "${arches%% *}" ]; then
	echo "check-qemu: KERNEL= and --bless need one ARCH, not '$want'" >&2
	exit 64
fi
if [ -n "$kernel" ] && [ ! -r "$kernel" ]; then
	echo "check-qemu: cannot read KERNEL '$kernel'" >&2
	exit 66
fi

# The guests' recordings are replayed by the host's sctrace: built here,
# so that a run of this script alone never replays with a stale one.
mkdir -p build
make -s -j2 build/sctrace build/selftests/replay_compare >build/host.build.log 2>&1 || {
	echo "check-qemu: building the host's sctrace failed:" >&2
	tail -n 20 build/host.build.log >&2
	exit 1
}

# The GNU triplet's arch: its compiler's and libraries' names.
gnu_arch() {
	case "$1" in
	ppc64le) echo powerpc64le ;;
	*) echo "$1" ;;
	esac
}

cross_cc() {
	case "$1" in
	x86_64) echo gcc ;;
	*) echo "$(gnu_arch "$1")-linux-gnu-gcc" ;;
	esac
}

# Build, fetch and pack one arch; prints the kernel it will boot. Every
# arch's sctrace links libbpf (argument contents) and libdw (-k): x86_64's
# from the host's packages, the others' from the sysroot fetch-guest.sh made.
prepare() {
	arch=$1
	dir=$(ci/fetch-guest.sh "$arch" "$cache") || return 1
	libdir=/usr/lib/$(gnu_arch "$arch")-linux-gnu
	pc=$libdir/pkgconfig
	set --
	if [ -d "$dir/sysroot" ]; then
		root=$(cd "$dir/sysroot" && pwd)
		pc=$pc:$root$libdir/pkgconfig
		set -- CPPFLAGS="-isystem $root/usr/include" LDFLAGS="-L$root$libdir"
	fi
	# Every guest unwinds -k's stacks with its arch's registers and CFI
	# (golden's stack_frames test): a build without libdw would only skip it.
	if ! PKG_CONFIG_LIBDIR=$pc pkg-config --exists libdw; then
		echo "check-qemu: pkg-config finds no libdw (-k's unwinder) for $arch in $pc: install libdw-dev (ci/install-deps.sh qemu) or check ci/fetch-guest.sh's sysroot" >&2
		return 1
	fi
	make -s -j2 BUILD="build/$arch" CC="$(cross_cc "$arch")" STATIC=1 STACKS=1 \
		PKG_CONFIG_LIBDIR="$pc" "$@" \
		all unit-tests golden conformance >"build/$arch.build.log" 2>&1 || {
		echo "check-qemu: building for $arch failed:" >&2
		grep -v 'statically linked applications' "build/$arch.build.log" | tail -n 20 >&2
		return 1
	}
	ci/initramfs.sh "$arch" "build/$arch" "$dir/busybox" "build/$arch/initrd.gz" || return 1
	echo "${kernel:-$dir/vmlinuz}"
}

mkdir -p build
for arch in $arches; do
	prepare "$arch" >"build/$arch.kernel" || exit 1
done

if [ -n "$bless" ]; then
	arch=$arches
	ci/qemu-run.sh "$arch" "$(cat "build/$arch.kernel")" "build/$arch/initrd.gz" \
		"build/$arch/console.log" "sctrace.bless $need" >"build/$arch/bless.txt"
	rc=$?
	grep -E '^(not )?ok ' "build/$arch/bless.txt" | grep -v '# SKIP' || true
	mkdir -p "expected/$arch"
	awk -v dir="expected/$arch" '
		/^SCTRACE-FILE-END$/ { close(out); out = ""; next }
		/^SCTRACE-FILE / { out = dir "/" $2; printf "" > out; n++; next }
		out != "" { print > out }
		END { printf "check-qemu: wrote %d golden files to %s: read them before committing\n", n, dir }
	' "build/$arch/bless.txt"
	git --no-pager diff --stat -- "expected/$arch" 2>/dev/null || true
	exit "$rc"
fi

# Boot every guest at once; each writes its own report.
for arch in $arches; do
	ci/qemu-run.sh "$arch" "$(cat "build/$arch.kernel")" "build/$arch/initrd.gz" \
		"build/$arch/console.log" "$need" >"build/$arch/report.txt" &
	echo $! >"build/$arch.pid"
done

# One recording replayed: the same machine's must match the golden file;
# another machine's contents are in its layouts, which sctrace does not
# read: it must say so and show addresses, matching with both reduced.
# A kernel of your own may have recorded none: then reduced, whatever.
# Usage: replay_case ARCH DATA OUT GOLDEN
replay_case() {
	build/sctrace --input "$2" -o "$3" 2>"$3.err" || return 1
	if [ -n "$need" ] && [ "$1" = "$(uname -m)" ]; then
		build/selftests/replay_compare "$3" "$4" >"$3.diff"
		return
	fi
	if [ -n "$need" ] && ! grep -q "$NO_CONTENTS_NOTICE" "$3.err"; then
		echo "no notice that the contents are shown as addresses" >"$3.diff"
		return 1
	fi
	build/selftests/replay_compare --reduced "$3" "$4" >"$3.diff"
}

# The guest's recordings, replayed by the host's sctrace: the output must
# match the guest's golden files (the machine comes from the file).
replay_on_host() {
	arch=$1 status=0
	mkdir -p "build/$arch/recorded"
	awk -v dir="build/$arch/recorded" '
		/^SCTRACE-DATA-END$/ { close(out); out = ""; next }
		/^SCTRACE-DATA / { out = dir "/" $2 ".b64"; printf "" > out; next }
		out != "" { print > out }
	' "build/$arch/report.txt"
	set -- "build/$arch/recorded"/*.b64
	[ -e "$1" ] || { echo "# no recording came out of the $arch guest"; return 1; }
	echo "# TAP version 13"
	echo "# 1..$#"
	i=0
	for b64; do
		i=$((i + 1))
		case=$(basename "$b64" .b64)
		base64 -d "$b64" | gunzip > "build/$arch/recorded/$case.data" || status=1
		out="build/$arch/recorded/$case.out"
		if replay_case "$arch" "build/$arch/recorded/$case.data" "$out" \
				"expected/$arch/$case.out"; then
			echo "# ok $i $case"
		else
			sed 's/^/# # /' "$out.err" "$out.diff"
			echo "# not ok $i $case"
			status=1
		fi
	done
	return $status
}

echo "TAP version 13"
echo "1..$(($(echo $arches | wc -w) * 2))"
n=0 failed=0 passed=0
for arch in $arches; do
	n=$((n + 1))
	wait "$(cat "build/$arch.pid")"
	rc=$?
	head=$(grep -a -m 1 '^SCTRACE-GUEST-BEGIN ' "build/$arch/report.txt")
	kver=${head##*kernel=}
	name="selftests: guests: $arch"
	echo "# $name"
	echo "# kernel: ${kver:-unknown}"
	sed -e '/^SCTRACE-GUEST-/d' -e '/^SCTRACE-DATA /,/^SCTRACE-DATA-END$/d' \
	    -e 's/^/# /' "build/$arch/report.txt"
	case "$rc" in
	0) echo "ok $n $name"; passed=$((passed + 1)) ;;
	4) echo "ok $n $name # SKIP every test skipped in the guest" ;;
	*) echo "not ok $n $name"; failed=$((failed + 1)) ;;
	esac
	grep -a '^selftests: ' "build/$arch/report.txt" | sed "s/^selftests:/# $arch:/"
	n=$((n + 1))
	echo "# selftests: guests: $arch-replay"
	if [ "$rc" -ne 2 ] && replay_on_host "$arch"; then
		echo "ok $n selftests: guests: $arch-replay"
		passed=$((passed + 1))
	else
		echo "not ok $n selftests: guests: $arch-replay"
		failed=$((failed + 1))
	fi
done
echo "# guests: $passed passed, $failed failed, of $n"
[ "$failed" -gt 0 ] && exit 1
[ "$passed" -eq 0 ] && exit 4
exit 0
