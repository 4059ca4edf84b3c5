#!/usr/bin/env bats
# Faults: a traced command killed mid-call, sctrace itself killed, an
# output file system that fills up. Nothing hangs, nothing is left behind.

load helpers
load kernel_state

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

teardown() {
	# A process a failing test found holding events: not left running.
	[ -z "${SESSION:-}" ] || pkill -KILL -s "$SESSION" 2>/dev/null || true
}

@test "the command killed by SIGKILL mid-syscall: shown interrupted, exit 137" {
	sct_bg -o "$out" -- sleep 60
	wait_until child_in_nanosleep "$SCT_PID" sleep
	kill -KILL "$CHILD"
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
	before=$(tracefs_state)
	session_bg "$SCTRACE" --all-cpus -o "$out"
	# Killed while it traces: the machine's calls (this wait's) show.
	wait_until test -s "$out"
	kill -KILL "$SESSION"
	wait_bounded "$SESSION" || true
	left_nothing "$SESSION" "$before"
}

@test "sctrace ending normally leaves nothing behind either" {
	before=$(tracefs_state)
	session_bg "$SCTRACE" -o "$out" -- true
	wait_bounded "$SESSION"
	left_nothing "$SESSION" "$before"
}

# The command fills the output and goes on; it leaves a mark at its end.
late_mark() {
	echo "perl -e 'getppid() for 1..20000; select(undef, undef, undef, 0.5); open(my \$f, \">\", \"$mark\") or die'"
}

@test "output on a full file system: one clear line, exit 74, the command traced to its end" {
	need_tmpfs_mount
	mark=$BATS_TEST_TMPDIR/mark
	# The ring holds the whole run (40,000 records, about 4 MB): a slow
	# tracer (ASan) loses nothing, so the write error is the only line.
	for sub in "" record; do
		rm -f "$mark"
		run --separate-stderr unshare -m sh -c "
			mount -t tmpfs -o size=64k tmpfs /mnt &&
			$SCTRACE $sub -m 2048 -o /mnt/trace -- $(late_mark)
			rc=\$?
			umount /mnt || rc=99
			exit \$rc"
		[ "$status" -eq 74 ]
		what=${sub:-trace} what=${what/record/recording}
		[[ "$stderr" =~ ^"sctrace: cannot write the $what to '/mnt/trace': No space left on device; the $what is incomplete: at least "[0-9]+" later events not written (the command was traced to its end: exited with 0)"$ ]]
		# sctrace ended after the command did, not when the disk filled.
		[ -e "$mark" ]
	done
}

@test "a closed pipe for output: no SIGPIPE death, traced to the end, exit 74" {
	mark=$BATS_TEST_TMPDIR/mark
	# A ring for the whole run, as above: the write error is the only line.
	run --separate-stderr bash -c "'$SCTRACE' -m 2048 -o /dev/stdout -- $(late_mark) | head -c 10 >/dev/null; exit \${PIPESTATUS[0]}"
	[ "$status" -eq 74 ]
	[[ "$stderr" =~ ^"sctrace: cannot write the trace to '/dev/stdout': Broken pipe; the trace is incomplete: at least "[0-9]+" later events not written (the command was traced to its end: exited with 0)"$ ]]
	[ -e "$mark" ]
}

@test "every signal that would end sctrace goes to the command; the trace ends with it" {
	# Each at its default first: sctrace leaves ignored what its caller
	# ignores, and the CI job that runs this may ignore SIGHUP (nohup).
	for sig in HUP INT QUIT USR1 USR2 ALRM TERM VTALRM PROF XCPU IO PWR RTMIN; do
		sct_bg_default_signals -o "$out" -- sleep 10
		# Only once sleep runs: the trace must show it killed, not sctrace.
		wait_until has_child "$SCT_PID" sleep
		kill -"$sig" "$SCT_PID"
		status=0
		wait_bounded "$SCT_PID" || status=$?
		[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
		# Named as strace names them: glibc's SIGRTMIN is the kernel's 34.
		name=SIG$sig name=${name/SIGRTMIN/SIGRT_2}
		run tail -n 1 "$out"
		assert_output "+++ killed by $name +++"
	done
}

@test "under nohup, SIGHUP stays ignored: the command is traced to its end" {
	# Longer than the second a forwarded signal gives the command.
	nohup "$SCTRACE" -o "$out" -- sleep 2 >/dev/null 2>&1 &
	SCT_PID=$!
	wait_until has_child "$SCT_PID" sleep
	kill -HUP "$SCT_PID"
	wait_bounded "$SCT_PID"
	run tail -n 1 "$out"
	assert_output "+++ exited with 0 +++"
}

# Whether sctrace $1's main thread is stuck in a write to a pipe or fifo.
writing_to_pipe() {
	[[ $(cat "/proc/$1/wchan" 2>/dev/null) == *pipe_write ]]
}

# EPOCHREALTIME as whole milliseconds.
now_ms() {
	local t=${EPOCHREALTIME/./}
	echo $((t / 1000))
}

@test "an ending signal while the output blocks: sctrace ends within a second, says what it could not write, exit 74" {
	local fifo=$BATS_TEST_TMPDIR/fifo go=$BATS_TEST_TMPDIR/go err=$BATS_TEST_TMPDIR/err
	local held sig t0 took last
	mkfifo "$fifo"
	# Open for reading, never read: sctrace's open goes through, then its
	# writes block once the pipe is full.
	exec {held}<>"$fifo"
	for sig in INT TERM HUP; do
		rm -f "$go"
		env --default-signal "$SCTRACE" -o "$fifo" -- perl -e 'getppid() until -e $ARGV[0]' "$go" 2>"$err" &
		SCT_PID=$!
		wait_until writing_to_pipe "$SCT_PID" || true
		t0=$(now_ms)
		kill -"$sig" "$SCT_PID"
		status=0
		wait_bounded "$SCT_PID" || status=$?
		took=$(($(now_ms) - t0))
		# The command, had the signal not reached it, ends here.
		touch "$go"
		[ "$status" -eq 74 ]
		# A tick of 100 ms, then a killed command reaped: far below 3 s.
		[ "$took" -lt 3000 ]
		last=$(tail -n 1 "$err")
		[[ "$last" =~ ^"sctrace: cannot write the trace to '$fifo': it blocked (nobody read it) when SIG$sig came, so sctrace gave it up; the trace is incomplete: at least "[0-9]+" later events not written (the command was traced to its end: killed by SIG$sig)"$ ]]
	done
	exec {held}<&-
}

@test "started with stderr closed: sctrace's messages never go into its output" {
	run -127 --separate-stderr bash -c '"$1" -o "$2" -- /nonexistent/cmd 2>&-' sh "$SCTRACE" "$out"
	[ -e "$out" ]
	run grep -a -c 'sctrace:' "$out"
	assert_output "0"
	run -127 --separate-stderr bash -c '"$1" record -o "$2" -- /nonexistent/cmd 2>&-' sh "$SCTRACE" "$out"
	[ -e "$out" ]
	run grep -a -c 'sctrace:' "$out"
	assert_output "0"
}
