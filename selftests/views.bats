#!/usr/bin/env bats
# What the trace shows (issue 5): outcome filters, the event limit and
# the summaries, each on workloads whose calls and results are known.

load helpers

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

# The names of the calls in a trace, in order, without prefixes.
call_names() {
	sed -E 's/^\[pid [0-9]+\] //; /^\+\+\+ /d; s/^(<\.\.\. )?([a-z_0-9]+).*/\2/' "$1"
}

# The row of a syscall in the all-threads table: "calls errors total min avg max stddev".
total_row() {
	awk -v name="$2" '/^ all threads,/ { t = 1 } t && $1 == name { $1 = ""; print substr($0, 2); exit }' "$1"
}

@test "--failure: only the calls that failed, each whole" {
	run sct --failure -o "$out" -- "$WL/read_ebadf"
	assert_success
	run call_names "$out"
	assert_output "getpriority
read
getpriority"
	run grep -c ' = -1 E[A-Z]* (' "$out"
	assert_output 3
	grep -q '^read(fd: 99, buf: 0x[0-9a-f]*, count: 1) = -1 EBADF (Bad file descriptor)$' "$out"
	# The exit status line is not a call: it stays.
	grep -qx '+++ exited with 0 +++' "$out"
}

@test "--duration MS: only calls at least that long, with their duration" {
	run sct --duration 0.5 --duration-column -o "$out" -- "$WL/nanosleep_1ms"
	assert_success
	grep -q '^clock_nanosleep(' "$out"
	run awk '/^\+\+\+/ { next } match($0, /<[0-9.]+>$/) { d = substr($0, RSTART + 1, RLENGTH - 2); if (d < 0.0005) bad++; n++ } END { print n + 0, bad + 0 }' "$out"
	[ "${output% *}" -ge 1 ]
	[ "${output#* }" -eq 0 ]
	# A threshold no call reaches leaves no call line.
	run sct --duration 60000 -o "$out" -- "$WL/nanosleep_1ms"
	assert_success
	run cat "$out"
	assert_output "+++ exited with 0 +++"
}

@test "--failure with --duration: both must hold" {
	run sct --failure --duration 60000 -o "$out" -- "$WL/read_ebadf"
	assert_success
	run cat "$out"
	assert_output "+++ exited with 0 +++"
}

@test "--max-events N: exactly N events, the command runs to its end" {
	run --separate-stderr sct --max-events 5 -o "$out" -- "$WORKLOAD" getppid 20000
	assert_success
	run wc -l < "$out"
	assert_output 5
	! grep -q '^+++' "$out"
}

@test "--max-events with --summary: the summary counts exactly N calls" {
	run --separate-stderr sct --summary --max-events 50 -o "$out" -- "$WORKLOAD" getppid 20000
	assert_success
	run awk '/^ all threads, calls: / { print $4 }' "$out"
	assert_output "50,"
}

@test "--max-events with -p: sctrace ends by itself after N events" {
	"$WORKLOAD" getppid 100000000 &
	local pid=$!
	run sct --max-events 3 -o "$out" -p "$pid"
	kill "$pid"
	wait "$pid" || true
	assert_success
	run wc -l < "$out"
	assert_output 3
}

@test "--summary: no trace lines, exact counts per syscall, min <= avg <= max" {
	run --separate-stderr sct --summary -o "$out" -- "$WORKLOAD" getppid 1000
	assert_success
	! grep -q '^getppid(' "$out"
	grep -q '^ Summary of syscalls:$' "$out"
	read -r calls errors total min avg max stddev <<< "$(total_row "$out" getppid)"
	[ "$calls" -eq 1000 ]
	[ "$errors" -eq 0 ]
	awk -v t="$total" -v mn="$min" -v a="$avg" -v mx="$max" -v sd="$stddev" 'BEGIN {
		exit !(mn <= a && a <= mx && sd >= 0 && (t - a * 1000) ^ 2 < 1) }'
	# The thread's own table has the same row.
	run grep -c '^   getppid  *1000  *0 ' "$out"
	assert_output 2
}

@test "--with-summary: the trace, then the summary; errors counted per syscall" {
	run sct --with-summary -o "$out" -- "$WL/read_ebadf"
	assert_success
	grep -q '^read(fd: 99, ' "$out"
	[ "$(grep -n '^+++ exited' "$out" | cut -d: -f1)" -lt "$(grep -n '^ Summary of syscalls:' "$out" | cut -d: -f1)" ]
	read -r calls errors _ <<< "$(total_row "$out" read)"
	[ "$calls" -eq 1 ] && [ "$errors" -eq 1 ]
	read -r calls errors _ <<< "$(total_row "$out" getpriority)"
	[ "$calls" -eq 2 ] && [ "$errors" -eq 2 ]
}

@test "--summary over 4000 exited children: older ones folded into one table, none lost" {
	# Rings big enough for every event of the run: nothing can be dropped.
	run sct --summary -m 2048 -o "$out" -- "$WORKLOAD" forkstorm 4000
	assert_success
	! grep -q LOST "$out"
	tables=$(grep -c '^ thread [0-9]*, calls: ' "$out")
	folded=$(sed -n 's/^ \([0-9]*\) threads that exited earlier, together, calls: .*/\1/p' "$out")
	# The live one, the 1024 ended ones the tracer keeps, at most 512 more.
	[ "$tables" -le $((1 + 1024 + 512)) ]
	[ "$folded" -gt 0 ]
	# Every child and the parent: each had its exit_group, shown or folded.
	[ $((tables + folded)) -eq 4001 ]
	read -r calls _ <<< "$(total_row "$out" exit_group)"
	[ "$calls" -eq 4001 ]
}

@test "--errno-summary: each errno counted under its syscall, implies --summary" {
	run sct --errno-summary -o "$out" -- "$WL/read_ebadf"
	assert_success
	! grep -q '^read(' "$out"
	run awk '/^ all threads,/ { t = 1 } t && $1 ~ /^[a-z]/ { name = $1 } t && $1 ~ /:$/ { print name, $1, $2 }' "$out"
	assert_output "getpriority EINVAL: 2
read EBADF: 1"
}

@test "--summary: printed when interrupted by SIGINT, with the calls so far" {
	local ready=$BATS_TEST_TMPDIR/ready
	# Interrupted once the command has made calls, and while it makes more.
	sct_bg_default_signals --summary -o "$out" -- perl -e 'getppid(); open(my $f, ">", $ARGV[0]) or die; close $f; getppid() while 1' "$ready"
	# Interrupted however the wait ended, or perl would loop for ever.
	wait_until test -e "$ready" || true
	kill -INT "$SCT_PID"
	status=0
	wait_bounded "$SCT_PID" || status=$?
	[ "$status" -eq 130 ]
	read -r calls _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -gt 0 ]
}

@test "bad --duration and --max-events values: exit 64 with the expected form" {
	run --separate-stderr sct --duration 1ms -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad --duration '1ms': expected milliseconds from 0 to 86400000, like 10 or 0.5" ]
	run --separate-stderr sct --max-events 0 -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad --max-events '0': expected a count from 1 to 281474976710656, like 100" ]
}

# python3 -I: no site packages, no user environment; /usr/bin's, as the issue's runs.
EXECVEAT='import os; fd = os.open("/bin/true", os.O_RDONLY); os.execve(fd, ["true"], {})'
THREAD_EXEC='import threading, os; t = threading.Thread(target=lambda: os.execv("/bin/true", ["true"])); t.start(); t.join()'

@test "execveat: its exit (with execve's number) completes it, in text, JSON and --summary" {
	run sct -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run grep -E '^execveat\(' "$out"
	assert_output --regexp '^execveat\(fd: [0-9]+, filename: "", argv: \["true"\], envp: 0x[0-9a-f]+ /\* 0 vars \*/, flags: 4096\) = 0$'
	run grep -c 'unfinished' "$out"
	assert_output 0
	run sct --json -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run grep -c '"name":"execveat","nr":322,"args":{"fd":[0-9]*,.*"ret":0,"duration_ns":[0-9]*,"contents":{"filename":"","argv":\["true"\],"envp":{"vars":0}}}$' "$out"
	assert_output 1
	run sct --summary -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run total_row "$out" execveat
	assert_output --regexp '^1 0 '
}

@test "execveat under -e: -e execveat pairs it with its execve-numbered exit; -e execve hides it whole" {
	run sct -e execveat -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run cat "$out"
	assert_line --regexp '^execveat\(fd: [0-9]+, filename: "", argv: \["true"\], envp: 0x[0-9a-f]+ /\* 0 vars \*/, flags: 4096\) = 0$'
	# Nothing else: not the command's own execve, no call left unfinished.
	assert_equal "$(grep -c . "$out")" 2
	assert_line '+++ exited with 0 +++'
	run sct --json -e execveat -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run grep -c '"name":"execveat","nr":322,.*"ret":0,"duration_ns":[0-9]*,' "$out"
	assert_output 1
	# Counted from the rings (no BPF), as from the kernel.
	run sct --summary --no-contents -e execveat -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run total_row "$out" execveat
	assert_output --regexp '^1 0 '
	# -e execve: the command's own execve, and no stray resumed line.
	run sct -e execve -o "$out" -- /usr/bin/python3 -I -c "$EXECVEAT"
	assert_success
	run grep -v '^+++ ' "$out"
	assert_output --regexp '^execve\(filename: "/usr/bin/python3", argv: \[.*\) = 0$'
}

@test "execve by a thread other than the leader: paired on the leader's tid, in text, JSON and --summary" {
	run sct -o "$out" -- /usr/bin/python3 -I -c "$THREAD_EXEC"
	assert_success
	caller=$(sed -nE 's/^\[pid ([0-9]+)\] execve\(.*/\1/p' "$out")
	leader=$(sed -nE 's/^\[pid ([0-9]+)\] \+\+\+ superseded by execve in pid '"$caller"' \+\+\+$/\1/p' "$out")
	[ -n "$caller" ] && [ -n "$leader" ] && [ "$caller" != "$leader" ]
	# The superseded line, then the exec's result on the leader's tid.
	run grep -A1 -F "[pid $leader] +++ superseded" "$out"
	assert_line --index 1 "[pid $leader] <... execve resumed>) = 0"
	# The new program's contents are read under the tid it took over.
	run grep -cE "^\\[pid $leader\\] openat\\(dfd: AT_FDCWD, filename: \"/etc/ld\\.so\\.cache\", flags: O_RDONLY\\|O_CLOEXEC\\) = [0-9]+$" "$out"
	assert_output 1
	run sct --json -o "$out" -- /usr/bin/python3 -I -c "$THREAD_EXEC"
	assert_success
	# The exec's object has its arguments and result, before the exit_group's.
	run grep -nE '"name":"(execve|exit_group)"' "$out"
	assert_line --index 1 --regexp '"pid":([0-9]+),"tid":\1,"name":"execve","nr":59,"args":\{"filename":"0x[0-9a-f]+",.*"ret":0,"duration_ns":[0-9]+,"contents":\{"filename":"/bin/true","argv":\["true"\],"envp":\{"vars":[0-9]+\}\}\}$'
	assert_line --index 2 --regexp '"name":"exit_group"'
	run grep -c '"ret":null' "$out"
	assert_output 1
	run sct --summary -o "$out" -- /usr/bin/python3 -I -c "$THREAD_EXEC"
	assert_success
	# The thread's exec and the command's own, whose enter its contents give.
	run total_row "$out" execve
	assert_output --regexp '^2 0 '
}
