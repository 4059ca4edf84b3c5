#!/usr/bin/env bats
# -c or --summary alone counts in the kernel (issue 16), read here in
# perf's per-thread tables (--summary; stats.bats reads -c's): a one-page
# ring and a reader that is not real-time, which lose events when the
# rings are used, lose no call here. Where BPF cannot be used, the rings
# count, and say so.

load helpers

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/summary.out
}

# The row of a syscall in the all-threads table: "calls errors total min avg max stddev".
total_row() {
	awk -v name="$2" '/^ all threads,/ { t = 1 } t && $1 == name { $1 = ""; print substr($0, 2); exit }' "$1"
}

# "count calls" of a syscall over the threads' own tables: one line per distinct count.
per_thread() {
	awk -v name="$2" '/^ all threads,/ { exit } $1 == name { print $2 }' "$1" | sort | uniq -c |
		awk '{ print $1, $2 }'
}

# The all-threads rows of two syscalls with their errno lines, sorted: "name calls errors", "name ERRNO: count".
errno_rows() {
	awk -v a="$2" -v b="$3" '/^ all threads,/ { t = 1 } t && /^   [a-z]/ { name = ($1 == a || $1 == b) ? $1 : "" }
		t && name && /^   [a-z]/ { print $1, $2, $3 } t && name && $1 ~ /:$/ { print name, $1, $2 }' "$1" | LC_ALL=C sort
}

# --summary over threadsN with a one-page ring: every getppid counted, each thread's too.
every_getppid() {
	local threads=$1 made=$2
	run --separate-stderr sct --summary -m 1 --no-realtime -o "$out" -- "$WORKLOAD" "threads$threads" "$made"
	assert_success
	assert_equal "$stderr" ""
	read -r calls errors _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -eq "$made" ] && [ "$errors" -eq 0 ]
	run per_thread "$out" getppid
	assert_output "$threads $((made / threads))"
	run grep -q LOST "$out"
	assert_failure
}

@test "--summary -m 1, 8 threads: every getppid counted, each thread's too, nothing lost" {
	need_bpf
	every_getppid 8 800000
}

@test "--summary -m 1, 32 threads: every getppid counted, each thread's too, nothing lost" {
	need_bpf
	every_getppid 32 1000000
	# Each thread's exit, counted at its enter.
	read -r calls _ <<< "$(total_row "$out" exit)"
	[ "$calls" -eq 32 ]
}

@test "--errno-summary -m 1, 32 threads: every errno counted exactly" {
	need_bpf
	run --separate-stderr sct --errno-summary -m 1 --no-realtime -o "$out" -- "$WORKLOAD" errors32 640000
	assert_success
	assert_equal "$stderr" ""
	run errno_rows "$out" close getpriority
	assert_output "close 320000 320000
close EBADF: 320000
getpriority 320000 320000
getpriority EINVAL: 320000"
	run per_thread "$out" close
	assert_output "32 10000"
}

@test "--summary over 4000 exited children: the tables the rings' counting keeps, folded alike" {
	need_bpf
	run --separate-stderr sct --summary -o "$out" -- "$WORKLOAD" forkstorm 4000
	assert_success
	# The parent's, the 1024 last ended (as the printer keeps them), and
	# those the summary keeps beside them: 4000 - 1024 ended are handed to
	# it, which folds 256 each time it holds 512, ten times here.
	run grep -c '^ thread [0-9]*, calls: ' "$out"
	assert_output 1441
	run sed -n 's/^ \([0-9]*\) threads that exited earlier, together, calls: \([0-9]*\), .*/\1 \2/p' "$out"
	assert_output "2560 5120"
	read -r calls _ <<< "$(total_row "$out" exit_group)"
	[ "$calls" -eq 4001 ]
}

@test "--summary: the command's own exec counts once, not the failed tries of its PATH search" {
	need_bpf
	mkdir "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\n' > "$BATS_TEST_TMPDIR/bin/true"
	# Not executable: execvp's first try fails with EACCES and it goes on.
	chmod 0644 "$BATS_TEST_TMPDIR/bin/true"
	PATH=$BATS_TEST_TMPDIR/bin:/usr/bin:/bin run --separate-stderr sct --summary -o "$out" -- true
	assert_success
	assert_equal "$stderr" ""
	run total_row "$out" execve
	assert_output --regexp '^1 0 '
}

@test "-p: a running process's calls counted until SIGINT, in the kernel" {
	need_bpf
	"$WORKLOAD" getppid 1000000000 &
	local pid=$!
	sct_bg_default_signals --summary -m 1 --no-realtime -o "$out" -p "$pid"
	sleep 1
	kill -INT "$SCT_PID"
	status=0
	wait_bounded "$SCT_PID" || status=$?
	kill "$pid"
	wait "$pid" || true
	[ "$status" -eq 0 ]
	read -r calls errors _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -gt 0 ] && [ "$errors" -eq 0 ]
	grep -q "^ thread $pid, calls: $calls, errors: 0$" "$out"
	run grep -q LOST "$out"
	assert_failure
}

@test "--no-contents: --summary counts from the rings, whose losses the table states" {
	# Without BPF a one-page ring with a normal reader loses records...
	run --separate-stderr sct --summary --no-contents -m 1 --no-realtime -o "$out" -- "$WORKLOAD" getppid 200000
	assert_success
	run sed -n 's/^ LOST \([0-9]*\) events: these counts are incomplete$/\1/p' "$out"
	[ "$output" -gt 0 ]
	read -r calls _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -lt 200000 ]
	# ...where the kernel's count, with the same ring, misses none.
	run --separate-stderr sct --summary -m 1 --no-realtime -o "$out" -- "$WORKLOAD" getppid 200000
	assert_success
	read -r calls _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -eq 200000 ]
	run grep -q LOST "$out"
	assert_failure
}

@test "no CAP_BPF: --summary counts from the rings, with one notice saying why" {
	run --separate-stderr setpriv --inh-caps=-bpf,-sys_admin --bounding-set=-bpf,-sys_admin \
		"$SCTRACE" --summary -m 4096 -o "$out" -- "$WORKLOAD" getppid 20000
	assert_success
	[[ "$stderr" == "sctrace: notice: -c counts from the ring buffers, which lose calls when they overflow: loading the counting BPF program failed: Operation not permitted (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN)"*" (--no-contents hides this notice)" ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	read -r calls _ <<< "$(total_row "$out" getppid)"
	[ "$calls" -eq 20000 ]
}

@test "in a pid namespace: --summary counts the command's calls and its children's threads', by their ids there" {
	need_bpf
	need_pid_ns
	run --separate-stderr timeout -k 5 "$LIMIT" unshare -pf --mount-proc \
		"$SCTRACE" --summary -o "$out" -- sh -c "'$WORKLOAD' threads2 2000; true"
	assert_success
	assert_equal "$stderr" ""
	# sh's exec and its child's.
	read -r calls _ <<< "$(total_row "$out" execve)"
	[ "$calls" -eq 2 ]
	# The child's two threads, 1000 each (sh makes its own getppid too).
	run per_thread "$out" getppid
	assert_line "2 1000"
}
