#!/usr/bin/env bats
# Faults: a traced command killed mid-call, sctrace itself killed, an
# output file system that fills up. Nothing hangs, nothing is left behind.

load helpers
load kernel_state

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

@test "the command killed by SIGKILL mid-syscall: shown interrupted, exit 137" {
	sct_bg -o "$out" -- sleep 10
	sleep 0.5
	pkill -KILL -P "$SCT_PID" sleep
	status=0
	wait_bounded "$SCT_PID" || status=$?
	[ "$status" -eq 137 ]
	# Even SIGKILL lets the call through its exit tracepoint, with the
	# kernel's restart code, before the task dies.
	grep -q '^clock_nanosleep(.*) = ? ERESTART_RESTARTBLOCK (Interrupted by signal)$' "$out"
	run tail -n 1 "$out"
	assert_output "+++ killed by SIGKILL +++"
}

@test "sctrace killed by SIGKILL: no perf event and no tracefs change left" {
	before=$(kernel_state)
	sct_bg -a -o "$out"
	sleep 0.5
	kill -KILL "$SCT_PID"
	wait_bounded "$SCT_PID" || true
	back_to "$before"
}

@test "sctrace ending normally leaves nothing behind either" {
	before=$(kernel_state)
	run sct -o "$out" -- true
	assert_success
	back_to "$before"
}

@test "output on a full file system: one clear line, exit 74, file freed" {
	# The ring holds the whole run (40,000 records, about 4 MB): a slow
	# tracer (ASan) loses nothing, so the write error is the only line.
	run --separate-stderr unshare -m sh -c "
		mount -t tmpfs -o size=64k tmpfs /mnt &&
		$SCTRACE -m 2048 -o /mnt/trace -- perl -e 'getppid() for 1..20000'
		rc=\$?
		umount /mnt || rc=99
		exit \$rc"
	[ "$status" -eq 74 ]
	[ "$stderr" = "sctrace: cannot write the trace to '/mnt/trace': No space left on device; the trace is incomplete" ]
}
