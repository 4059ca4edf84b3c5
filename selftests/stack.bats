#!/usr/bin/env bats
# -k and --call-graph dwarf (issue 30): each call's user stack, unwound
# and symbolised, after its line as strace -k shows it; live, and again
# in a replay of a recording. The workload, built here with frame
# pointers, calls main -> outer -> inner -> syscall(SYS_getppid).

load helpers

setup_file() {
	PROBE=$BATS_FILE_TMPDIR/stack_probe
	${CC:-cc} -O0 -g -fno-omit-frame-pointer -o "$PROBE" \
		"$BATS_TEST_DIRNAME/../workloads/stack_probe.c"
	export PROBE
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

@test "--call-graph fp is refused, saying what to use" {
	run --separate-stderr sct --call-graph fp -- "$PROBE"
	assert_failure 64
	[ "$stderr" = "sctrace: --call-graph fp: not supported: stacks are unwound from a copy of the user stack, which works without frame pointers too; use --call-graph dwarf (or -k)" ]
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
	[ "$stderr" = "sctrace: notice: the BPF engine cannot capture this run: stack traces (-k) come with perf's samples; capturing through perf events" ]
	run probe_names "$out"
	assert_line --index 0 inner
}
