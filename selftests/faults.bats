#!/usr/bin/env bats
# Faults: a traced command killed mid-call, sctrace itself killed, an
# output file system that fills up. Nothing hangs, nothing is left behind.

load helpers

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

# Every perf event fd of every process, and the raw_syscalls tracefs state.
kernel_state() {
	ls -l /proc/[0-9]*/fd 2>/dev/null | grep -c 'anon_inode:\[perf_event\]'
	cat /sys/kernel/tracing/events/raw_syscalls/sys_enter/enable \
	    /sys/kernel/tracing/events/raw_syscalls/sys_enter/filter \
	    /sys/kernel/tracing/events/raw_syscalls/sys_exit/enable
}

# The kernel releases a dead process's events shortly after: wait up to
# 5 s for the state to be what it was, then compare once more.
back_to() {
	for _ in $(seq 50); do
		[ "$(kernel_state)" = "$1" ] && return 0
		sleep 0.1
	done
	[ "$(kernel_state)" = "$1" ]
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
	run --separate-stderr unshare -m sh -c "
		mount -t tmpfs -o size=64k tmpfs /mnt &&
		$SCTRACE -o /mnt/trace -- perl -e 'getppid() for 1..20000'
		rc=\$?
		umount /mnt || rc=99
		exit \$rc"
	[ "$status" -eq 74 ]
	[ "$stderr" = "sctrace: cannot write the trace to '/mnt/trace': No space left on device; the trace is incomplete" ]
}
