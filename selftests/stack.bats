#!/usr/bin/env bats
# -k and --call-graph dwarf|fp (issue 30): each call's user stack, unwound
# (or, fp, walked by the kernel) and symbolised, after its line as strace
# -k shows it; live, and again in a replay of a recording. The workloads,
# built here with frame pointers, call main -> outer -> inner ->
# syscall(SYS_getppid), and main -> f1 -> f2 -> f3 -> getppid.

load helpers

setup_file() {
	PROBE=$BATS_FILE_TMPDIR/stack_probe
	${CC:-cc} -O0 -g -fno-omit-frame-pointer -o "$PROBE" \
		"$BATS_TEST_DIRNAME/../workloads/stack_probe.c"
	FP_PROBE=$BATS_FILE_TMPDIR/fp_probe
	${CC:-cc} -O0 -g -fno-omit-frame-pointer -o "$FP_PROBE" \
		"$BATS_TEST_DIRNAME/../workloads/fp_probe.c"
	export PROBE FP_PROBE
}

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

# The frame lines after the getppid line of trace $1, up to the next call.
frames_of() {
	sed -n '/^getppid(/,/^[^ ]/{/^ > /p}' "$1"
}

# The probe's own frames' function names, in order, one a line.
probe_names() {
	frames_of "$1" | sed -n "s|^ > $PROBE(\([A-Za-z_0-9]*\)+0x[0-9a-f]*) \[0x[0-9a-f]*\]\$|\1|p"
}

# The fp probe's own frames' function names, in order, one a line.
fp_names() {
	frames_of "$1" | sed -n "s|^ > $FP_PROBE(\([A-Za-z_0-9]*\)+0x[0-9a-f]*) \[0x[0-9a-f]*\]\$|\1|p"
}

# Each frame's file and offset in it, as strace -k shows them.
frame_places() {
	frames_of "$1" | sed 's/^ > \([^(]*\)(.*) \(\[0x[0-9a-f]*\]\)$/\1 \2/'
}

@test "-k: the call's frames, innermost first, as strace -k shows them" {
	run --separate-stderr sct -k -e getppid -o "$out" -- "$PROBE"
	assert_success
	run probe_names "$out"
	assert_line --index 0 inner
	assert_line --index 1 outer
	assert_line --index 2 main
	# The first frame is the libc function that made the call.
	run frames_of "$out"
	assert_line --index 0 --regexp '^ > /.*/libc\.so\.6\(syscall\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'
	# strace -k on the same program: the same frames, at the same offsets.
	strace -k -e trace=getppid -o "$BATS_TEST_TMPDIR/strace.out" "$PROBE"
	run probe_names "$BATS_TEST_TMPDIR/strace.out"
	assert_output "$(probe_names "$out")"
	run frame_places "$BATS_TEST_TMPDIR/strace.out"
	assert_output "$(frame_places "$out")"
}

@test "--call-graph dwarf is -k" {
	run --separate-stderr sct --call-graph dwarf -e getppid -o "$out" -- "$PROBE"
	assert_success
	run probe_names "$out"
	assert_output "$(printf 'inner\nouter\nmain\n_start')"
}

@test "without -k, no frame lines" {
	run --separate-stderr sct -e getppid -o "$out" -- "$PROBE"
	assert_success
	run grep -c '^getppid() = ' "$out"
	assert_output 1
	run grep -c '^ > ' "$out"
	assert_output 0
}

@test "a recording made with -k replays the same frames, from its own mmap records" {
	local data=$BATS_TEST_TMPDIR/perf.data live=$BATS_TEST_TMPDIR/live.out
	run --separate-stderr sct -k -e getppid -o "$live" -- "$PROBE"
	assert_success
	run --separate-stderr sct record -k -e getppid -o "$data" -- "$PROBE"
	assert_success
	# The probe is gone: only the recording knows where its files were.
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	run probe_names "$out"
	assert_line --index 0 inner
	assert_line --index 1 outer
	assert_line --index 2 main
	run frame_places "$out"
	assert_output "$(frame_places "$live")"
}

@test "record -k -p: the mappings made before the trace are in the file, for the replay" {
	local data=$BATS_TEST_TMPDIR/perf.data pid
	"$PROBE" loop &
	pid=$!
	# Its libraries are mapped once getppid comes, every 20 ms.
	sleep 0.3
	run --separate-stderr timeout -s INT 1 "$SCTRACE" record -k -e getppid -p "$pid" -o "$data"
	kill "$pid"
	wait "$pid" || true
	[ -s "$data" ]
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	run probe_names "$out"
	assert_line --index 0 inner
	assert_line --index 1 outer
	assert_line --index 2 main
}

@test "--call-graph fp: the kernel's chain names f3, f2, f1, main, in -k's lines" {
	local k=$BATS_TEST_TMPDIR/k.out
	run --separate-stderr sct --call-graph fp -e getppid -o "$out" -- "$FP_PROBE"
	assert_success
	run fp_names "$out"
	assert_line --index 0 f3
	assert_line --index 1 f2
	assert_line --index 2 f1
	assert_line --index 3 main
	# No context marker (PERF_CONTEXT_USER is 0xfffffffffffffe00) shown as a frame.
	run grep -c 'unexpected_backtracing_error\|0xfffffffffff' "$out"
	assert_output 0
	# Each line is -k's for the same frame: the chain is -k's, up to where it ends.
	run --separate-stderr sct -k -e getppid -o "$k" -- "$FP_PROBE"
	assert_success
	local n
	n=$(frames_of "$out" | wc -l)
	[ "$n" -ge 4 ]
	run frames_of "$out"
	assert_output "$(frames_of "$k" | head -n "$n")"
}

@test "record --call-graph fp: perf script shows the chain, the replay the live frames" {
	local data=$BATS_TEST_TMPDIR/perf.data live=$BATS_TEST_TMPDIR/live.out
	run --separate-stderr sct --call-graph fp -e getppid -o "$live" -- "$FP_PROBE"
	assert_success
	run --separate-stderr sct record --call-graph fp -e getppid -o "$data" -- "$FP_PROBE"
	assert_success
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	run fp_names "$out"
	assert_output "$(fp_names "$live")"
	run frames_of "$out"
	assert_output "$(frames_of "$live")"
	# perf 6.1 reads the file's callchains without a complaint.
	command -v perf >/dev/null || fail "perf is not installed (ci/install-deps.sh installs it)"
	run --separate-stderr perf script -i "$data"
	assert_success
	assert_equal "$stderr" ""
	run sh -c "perf script -i '$data' 2>&1 | sed -n 's/^[[:space:]]*[0-9a-f]* \(f[123]\|main\)+0x[0-9a-f]* (.*fp_probe)\$/\1/p'"
	assert_output "$(printf 'f3\nf2\nf1\nmain')"
}

@test "--call-graph fp through libc, which keeps no frame pointer: short, never garbage" {
	local k=$BATS_TEST_TMPDIR/k.out line
	run --separate-stderr sct --call-graph fp -e getppid -o "$out" -- "$FP_PROBE" libc
	assert_success
	run frames_of "$out"
	assert_line --index 0 --regexp '^ > /.*/libc\.so\.6\(getppid\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'
	# The walk skips f3 (libc's getppid left the frame pointer as f3's) ...
	run fp_names "$out"
	refute_line f3
	assert_line --index 0 f2
	# ... and every frame it shows is a true one: among -k's for the same call.
	run --separate-stderr sct -k -e getppid -o "$k" -- "$FP_PROBE" libc
	assert_success
	[ "$(frames_of "$out" | wc -l)" -lt "$(frames_of "$k" | wc -l)" ]
	while IFS= read -r line; do
		frames_of "$k" | grep -qxF -- "$line" || fail "not one of -k's frames: $line"
	done < <(frames_of "$out")
}

@test "--call-graph fp: a frame pointer that points at data ends the frames there" {
	# junk_call makes getppid twice with its frame pointer at a word of
	# data whose return address is data, then mapped nowhere: the kernel's
	# walk reads them; sctrace shows neither, nor strace's error line.
	local frame="^ > $FP_PROBE\\(junk_call\\+0x[0-9a-f]+\\) \\[0x[0-9a-f]+\\]\$"
	run --separate-stderr sct --call-graph fp -e getppid -o "$out" -- "$FP_PROBE" junk
	assert_success
	run grep -c '^getppid() = ' "$out"
	assert_output 2
	run grep '^ > ' "$out"
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --regexp "$frame"
	assert_line --index 1 --regexp "$frame"
}

@test "--json: each call's frames under \"stack\", the text's lines, for -k and fp" {
	local text=$BATS_TEST_TMPDIR/text.out mode
	for mode in -k "--call-graph fp"; do
		# shellcheck disable=SC2086 # the mode's words
		run --separate-stderr sct $mode -e getppid -o "$text" -- "$FP_PROBE"
		assert_success
		# shellcheck disable=SC2086
		run --separate-stderr sct --json $mode -e getppid -o "$out" -- "$FP_PROBE"
		assert_success
		run jq -r 'select(.name == "getppid") | .stack[] | " > " + .' "$out"
		assert_success
		assert_output "$(frames_of "$text")"
		assert_line --index 0 --regexp "^ > $FP_PROBE\\(f3\\+0x[0-9a-f]+\\) "
	done
	# Without either, no key.
	run --separate-stderr sct --json -e getppid -o "$out" -- "$FP_PROBE"
	assert_success
	run jq -r 'select(.name == "getppid") | has("stack")' "$out"
	assert_output false
}

@test "a build without libdw refuses --call-graph fp and -k, each in one line" {
	local nodw=$BATS_FILE_TMPDIR/nodw
	make -s -C "$BATS_TEST_DIRNAME/.." BUILD="$nodw" STACKS=0 CONTENTS=0 "$nodw/sctrace" >&2
	run --separate-stderr "$nodw/sctrace" --call-graph fp -- "$FP_PROBE"
	assert_failure 64
	assert_output ""
	[ "$stderr" = "sctrace: --call-graph fp: cannot show stacks: this sctrace was built without libdw (elfutils); rebuild it with libdw-dev installed; use perf trace --call-graph fp" ]
	run --separate-stderr "$nodw/sctrace" -k -- "$FP_PROBE"
	assert_failure 64
	[ "$stderr" = "sctrace: -k: cannot show stacks: this sctrace was built without libdw (elfutils); rebuild it with libdw-dev installed; use strace -k" ]
}

@test "--call-graph lbr and an unknown mode are refused, saying why" {
	run --separate-stderr sct --call-graph lbr -- "$PROBE"
	assert_failure 64
	[ "$stderr" = "sctrace: --call-graph lbr: not supported: the last branch records are a hardware counter's, and calls are sampled on tracepoints; use --call-graph fp or dwarf" ]
	run --separate-stderr sct --call-graph frame -- "$PROBE"
	assert_failure 64
	[ "$stderr" = "sctrace: bad --call-graph 'frame': give fp, dwarf or dwarf,SIZE (bytes of stack per call, a multiple of 8 up to 65528)" ]
}

# A kernel whose arch copies no user stack into perf samples: its
# perf_event_open answers ENOSYS to PERF_SAMPLE_STACK_USER (perf_copy_attr).
# Every Debian arch here has the copy, so a library put before libc's
# syscall() plays that kernel for sctrace.
nostack_shim() {
	local src=$BATS_TEST_TMPDIR/nostack.c
	cat >"$src" <<-'EOF'
	#define _GNU_SOURCE
	#include <dlfcn.h>
	#include <errno.h>
	#include <linux/perf_event.h>
	#include <stdarg.h>
	#include <sys/syscall.h>

	long syscall(long nr, ...)
	{
		long (*real)(long, ...) = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
		const struct perf_event_attr *attr;
		long a[6];
		va_list ap;
		int i;

		va_start(ap, nr);
		for (i = 0; i < 6; i++)
			a[i] = va_arg(ap, long);
		va_end(ap);
		attr = (const struct perf_event_attr *)a[0];
		if (nr == SYS_perf_event_open && (attr->sample_type & PERF_SAMPLE_STACK_USER)) {
			errno = ENOSYS;
			return -1;
		}
		return real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	}
	EOF
	${CC:-cc} -shared -fPIC -o "$BATS_TEST_TMPDIR/nostack.so" "$src" -ldl
}

@test "-k on a kernel that copies no user stack: refused in one line, saying why" {
	nostack_shim
	local env=(env LD_PRELOAD="$BATS_TEST_TMPDIR/nostack.so"
		   ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0")
	run --separate-stderr "${env[@]}" "$SCTRACE" -k -e getppid -o "$out" -- "$PROBE"
	assert_failure 64
	[ "$stderr" = "sctrace: -k: cannot show stacks: this kernel refuses to copy user registers and stack into perf samples (Function not implemented); use strace -k" ]
	# The same kernel traces without -k.
	run --separate-stderr "${env[@]}" "$SCTRACE" -e getppid -o "$out" -- "$PROBE"
	assert_success
	run grep -c '^getppid() = ' "$out"
	assert_output 1
}

@test "-k with --engine=bpf captures through perf events, and says so" {
	need_bpf
	run --separate-stderr sct --engine=bpf -k -e getppid -o "$out" -- "$PROBE"
	assert_success
	[ "$stderr" = "sctrace: notice: the BPF engine cannot capture this run: stack traces (-k, --call-graph) come with perf's samples; capturing through perf events" ]
	run probe_names "$out"
	assert_line --index 0 inner
}
