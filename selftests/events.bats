#!/usr/bin/env bats
# Events beyond syscalls (issue 5): page faults, task lifetime and
# scheduling, any tracepoint, comm prefixes and the JSON stream.

load helpers

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

@test "--pf min: minor faults with address and ip, in the syscall stream" {
	run sct --pf min -o "$out" -- "$WL/read_ebadf"
	assert_success
	run grep -cE '^--- page fault: minor, addr 0x[0-9a-f]+( \[[^]]+\])?, ip 0x[0-9a-f]+( \[[^]]+\])? ---$' "$out"
	[ "$output" -gt 0 ]
	! grep -q 'page fault: major' "$out"
	# The trace's own mmap records place faults even after the process is gone.
	grep -qE '^--- page fault: minor, .*ip 0x[0-9a-f]+ \[/[^]]*read_ebadf\+0x[0-9a-f]+\] ---$' "$out"
	# Calls are still there, whole.
	grep -q '^read(fd: 99, ' "$out"
}

@test "--pf all: a fault resolves to [map+offset] while the process lives" {
	# sh outlives its faults: it waits for sleep.
	run sct --pf all -o "$out" -- sh -c 'sleep 0.3'
	assert_success
	grep -qE '^--- page fault: (minor|major), addr 0x[0-9a-f]+ \[/[^]]+\+0x[0-9a-f]+\]' "$out"
}

@test "--pf: a mapped file's path is escaped, it cannot forge a line" {
	map=$BATS_TEST_TMPDIR/$'m\n+++ exited with 0 +++'
	head -c 4096 /dev/zero > "$map"
	run sct --pf min -o "$out" -- /usr/bin/python3 -c 'import mmap, sys
f = open(sys.argv[1], "r+b")
m = mmap.mmap(f.fileno(), 4096)
m[0] = 1' "$map"
	assert_success
	grep -qF -- " [$BATS_TEST_TMPDIR/m\\n+++ exited with 0 +++" "$out"
	[ "$(grep -cx '+++ exited with 0 +++' "$out")" -eq 1 ]
	[ "$(tail -n 1 "$out")" = "+++ exited with 0 +++" ]
}

@test "--pf with a bad value: exit 64" {
	run --separate-stderr sct --pf some -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad --pf 'some': give all, maj or min" ]
}

@test "--sched: fork with the new tid, exec, exits with codes, in order" {
	run sct --sched -o "$out" -- "$WL/fork_exit_child"
	assert_success
	child=$(sed -n 's/^--- fork: child \([0-9]*\) ---$/\1/p; s/^\[pid [0-9]*\] --- fork: child \([0-9]*\) ---$/\1/p' "$out" | head -n 1)
	[ -n "$child" ]
	grep -q "^\[pid $child\] exit_group(error_code: 7) = ?$" "$out"
	grep -q "^\[pid $child\] --- exit: code 7 ---$" "$out"
	grep -q "^--- exec: .*fork_exit_child ---$" "$out"
	# The child's exit line comes after its exit_group call.
	[ "$(grep -n "^\[pid $child\] exit_group" "$out" | cut -d: -f1)" -lt \
	  "$(grep -n "^\[pid $child\] --- exit: code 7" "$out" | cut -d: -f1)" ]
	grep -qE '^\[pid [0-9]+\] --- exit: code 0 ---$' "$out"
}

@test "--sched: a futex waiter blocks, then is woken by the waker" {
	run sct --sched -o "$out" -- "$WL/futex_wait_wake"
	assert_success
	waiter=$(sed -n 's/^\[pid \([0-9]*\)\] futex(.*op: FUTEX_WAIT_PRIVATE, val: 0, .*<unfinished ...>$/\1/p' "$out" | head -n 1)
	[ -n "$waiter" ]
	run awk -v w="[pid $waiter]" '
		index($0, w " futex(") == 1 && /FUTEX_WAIT_PRIVATE/ { waiting = 1 }
		waiting && index($0, w " --- switch: blocked (S) ---") == 1 { blocked = 1 }
		blocked && index($0, w " --- wakeup: by ") == 1 { woken = 1 }
		woken && index($0, w " <... futex resumed>) = 0") == 1 { print "ok"; exit }' "$out"
	assert_output "ok"
	# Wakeups of tasks nobody traces (sctrace itself, woken by the ring) stay out.
	run awk '/ --- wakeup: by / { woken[$2] = 1; next }
		/^\[pid [0-9]+\] [a-z_0-9]+\(/ { called[$2] = 1 }
		END { for (t in woken) if (!(t in called)) print "stray", t }' "$out"
	assert_output ""
}

@test "--event SYS:NAME: the tracepoint's fields by name" {
	run sct --event sched:sched_process_exec -o "$out" -- "$WL/read_ebadf"
	assert_success
	grep -qE '^sched:sched_process_exec\(filename: ".*read_ebadf", pid: [0-9]+, old_pid: [0-9]+\)$' "$out"
}

@test "--event: unknown tracepoint or bad form, exit 64 each" {
	run --separate-stderr sct --event sched:no_such_point -- true
	[ "$status" -eq 64 ]
	[[ "$stderr" == "sctrace: no tracepoint sched:no_such_point under "*"/events; pick one listed there, like sched:sched_switch" ]]
	run --separate-stderr sct --event sched_switch -- true
	[ "$status" -eq 64 ]
	[[ "$stderr" == "sctrace: bad --event 'sched_switch': give SYSTEM:NAME"* ]]
}

@test "--comm: comm/tid on every line, a new name after exec" {
	run sct --comm -o "$out" -- sh -c 'exec "$1"' sh "$WL/read_ebadf"
	assert_success
	run grep -cvE '^[^ /]+/[0-9]+ ' "$out"
	assert_output 0
	grep -qE '^sh/[0-9]+ execve\(' "$out"
	grep -qE '^read_ebadf/[0-9]+ read\(fd: 99, ' "$out"
}

# A program that names itself (prctl PR_SET_NAME: 15 bytes at most) a
# newline and a forged "+++ exited" line, then calls getppid; it prints
# its pid and getppid's result.
FORGED_NAME=$'\n+++ exited 0\e'
FORGED_SHOWN='\n+++ exited 0\x1b'
name_self() {
	exec /usr/bin/python3 -c 'import ctypes, os, sys
ctypes.CDLL(None).prctl(15, os.fsencode(sys.argv[1]), 0, 0, 0)
print(os.getpid(), os.getppid())' "$FORGED_NAME"
}

# forged_trace FILE PID PPID: the lines are the escaped ones, none forged.
forged_trace() {
	local file=$1 pid=$2 ppid=$3
	[ "$(grep -cFx "$FORGED_SHOWN/$pid getppid() = $ppid" "$file")" -eq 1 ]
	[ "$(grep -cFx "$FORGED_SHOWN/$pid +++ exited with 0 +++" "$file")" -eq 1 ]
	# Each trace line starts with a name and a tid: no line was made up.
	run grep -cvE '^(bash|python3|\\n\+\+\+ exited 0\\x1b)/[0-9]+ ' "$file"
	assert_output 0
}

@test "--comm: a task's name is escaped, it cannot forge a line" {
	export FORGED_NAME
	export -f name_self
	run sct --comm -e getppid -o "$out" -- bash -c name_self
	assert_success
	read -r pid ppid <<< "$output"
	forged_trace "$out" "$pid" "$ppid"
	# With the summary after it, and from a recording.
	run sct -C --comm -e getppid -o "$out" -- bash -c name_self
	assert_success
	read -r pid ppid <<< "$output"
	sed -i '/^% time /,$d; /^$/d' "$out"
	forged_trace "$out" "$pid" "$ppid"
	# The file has no wait status: exit_group tells the command's end.
	run sct record -e getppid,exit_group -o "$BATS_TEST_TMPDIR/rec.data" -- bash -c name_self
	assert_success
	read -r pid ppid <<< "$output"
	run sct --input "$BATS_TEST_TMPDIR/rec.data" --comm -o "$out"
	assert_success
	forged_trace "$out" "$pid" "$ppid"
}

@test "--sched: an exec path is escaped, it cannot forge a line" {
	prog=$BATS_TEST_TMPDIR/$'t\n+++ exited with 0 +++'
	ln -s /bin/true "$prog"
	run sct --sched -o "$out" -- "$prog"
	assert_success
	[ "$(grep -cFx -- "--- exec: $BATS_TEST_TMPDIR/t\\n+++ exited with 0 +++ ---" "$out")" -eq 1 ]
	[ "$(grep -cx '+++ exited with 0 +++' "$out")" -eq 1 ]
	[ "$(tail -n 1 "$out")" = "+++ exited with 0 +++" ]
}

@test "--json: every line is one valid object; calls whole, with errno names" {
	run sct --json --comm --pf min --sched -o "$out" -- "$WL/read_ebadf"
	assert_success
	# jq fails on any line that is not JSON.
	run jq -c 'select(.type == "syscall" and .name == "read")' "$out"
	assert_success
	[ "$(jq -r '.args.fd, .args.count, .ret, .errno' <<< "$output" | paste -sd ' ')" = "99 1 -9 EBADF" ]
	run jq -r '.type' "$out"
	assert_success
	for type in syscall fault tracepoint exit; do
		grep -qx "$type" <<< "$output"
	done
	# Every object has the common fields.
	run jq -e 'select(.type != "lost") | (.time_ns | type) == "number" and (.tid > 0) and (.comm | type) == "string"' "$out"
	assert_success
	! grep -q false <<< "$output"
	run jq -r 'select(.type == "exit") | .code' "$out"
	assert_output 0
}

# jq holds numbers as doubles: 18446744071586698522 would come back as
# 18446744071586700000. Addresses are strings, so they come back exact.
@test "--json: addresses as exact \"0x...\" strings: pointer arguments, brk's result, faults" {
	run sct --json --pf min -o "$out" -- "$WL/read_ebadf"
	assert_success
	run jq -r 'select(.name == "read") | .args.buf | test("^0x[0-9a-f]+$")' "$out"
	assert_output true
	run jq -r 'select(.name == "brk") | [.args.brk, .ret] | map(test("^0x[0-9a-f]+$")) | all' "$out"
	assert_success
	grep -qx true <<< "$output"
	! grep -qv true <<< "$output"
	# What jq reads is, byte for byte, what was written.
	run jq -r 'select(.type == "fault") | .addr, .ip' "$out"
	assert_success
	[ "${#lines[@]}" -gt 0 ]
	[ "$output" = "$(grep -oE '"(addr|ip)":"0x[0-9a-f]+"' "$out" | cut -d'"' -f4)" ]
	# Kernel addresses among them (faults taken in the kernel, on user memory).
	grep -qE '^0xffff[0-9a-f]{12}$' <<< "$output"
}

@test "--json: a call that never returns has a null result" {
	run sct --json -o "$out" -- "$WL/read_ebadf"
	assert_success
	run jq -c 'select(.name == "exit_group") | [.ret, .args.error_code]' "$out"
	assert_output "[null,0]"
	# Calls seen from enter to exit carry their duration; the exec's return,
	# whose enter came before tracing, has no arguments and no duration.
	run jq -r 'select(.type == "syscall" and .ret != null) | if .args == null then (.duration_ns == null) else (.duration_ns >= 0) end' "$out"
	assert_success
	! grep -q false <<< "$output"
	grep -q true <<< "$output"
}

@test "--json with -c: exit 64" {
	run --separate-stderr sct --json -c -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: --json writes events, not tables: drop -c, -C or --errno-summary, or --json" ]
}
