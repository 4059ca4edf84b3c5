#!/usr/bin/env bats
# strace's -c table (issue 30, Statistics): -c, -C, -S, -U and -O beside
# strace 6.1 -c on the same workload. The two tools time calls
# differently (the kernel's tracepoints here, ptrace there), so only what
# is deterministic is compared: the rows' names, calls and errors, their
# order under each -S that does not sort by time, the headers, the dashes
# and the total row's counts.

load helpers

GETPPIDS=7
FAILS=5
# GETPPIDS getppid, then FAILS opens of a missing file (each an openat
# failing with ENOENT), after perl's own start-up calls.
WORK=(perl -e 'getppid() for 1 .. $ARGV[0]; open(my $f, "<", "/nonexistent/$_") for 1 .. $ARGV[1]'
      "$GETPPIDS" "$FAILS")
HEADER='% time     seconds  usecs/call     calls    errors syscall'
DASHES='------ ----------- ----------- --------- --------- ----------------'

setup() {
	need_root
	mine=$BATS_TEST_TMPDIR/sctrace.out
	theirs=$BATS_TEST_TMPDIR/strace.out
}

need_strace() {
	command -v strace >/dev/null || skip "no strace here"
}

# strace -c and sctrace -c, each with the options given, on the workload,
# both run alike: perl seeks on its stdin, stdout and stderr, which fails
# on a pipe, so each has the same kind of each.
both() {
	run --separate-stderr strace -f -c "$@" -o "$theirs" -- "${WORK[@]}" </dev/null
	assert_success
	run --separate-stderr sct -c "$@" -o "$mine" -- "${WORK[@]}" </dev/null
	assert_success
	assert_equal "$stderr" ""
}

# A default table's rows without the three time columns: "calls errors name".
counts_of() {
	cut -c 33- "$1"
}

@test "-c: strace's header, dashes and total row; the same rows, calls and errors" {
	need_strace
	both -S calls
	run sed -n '1p;2p' "$mine"
	assert_line --index 0 "$HEADER"
	assert_line --index 1 "$DASHES"
	run diff <(counts_of "$theirs") <(counts_of "$mine")
	assert_success
	# The dashes again, then the total row: 100% of the time.
	[ "$(tail -n 2 "$mine" | head -n 1)" = "$DASHES" ]
	tail -n 1 "$mine" | grep -qE '^100\.00 +[0-9]+\.[0-9]{6} +[0-9]+ +[0-9]+ +[0-9]* total$'
	# The workload's own rows, as it made them.
	grep -qE "^ *[0-9.]+ +[0-9.]+ +[0-9]+ +$GETPPIDS +getppid$" "$mine"
	openat=$(awk '$NF == "openat" { print $(NF - 1) }' "$mine")
	[ "$openat" -ge "$FAILS" ]
	# The percentages add up to 100, give or take their rounding.
	awk '/^-/ { n++; next } n == 1 { s += $1 } END { exit !(s > 99.5 && s < 100.5) }' "$mine"
}

@test "-S name, calls, errors, nothing: strace's order, row for row" {
	need_strace
	for sort in name calls errors nothing syscall count error none; do
		both -S "$sort" -U name,calls,errors
		run diff "$theirs" "$mine"
		assert_success
	done
}

@test "-U: the columns in the order given, under strace's headers" {
	need_strace
	for cols in time-percent,total-time,min-time,max-time,avg-time,calls,errors,name \
		name,max-time,calls min-time errors,time,count time_total,syscall,shortest,longest,time_avg; do
		both -U "$cols" -S name
		run diff <(sed -n '1p;2p' "$theirs") <(sed -n '1p;2p' "$mine")
		assert_success
		# As many lines and columns.
		[ "$(wc -l <"$theirs")" -eq "$(wc -l <"$mine")" ]
		run diff <(awk '{ print NF }' "$theirs") <(awk '{ print NF }' "$mine")
		assert_success
	done
}

@test "-U without time columns: the whole table strace prints, byte for byte" {
	need_strace
	both -U calls,errors -S calls
	run diff "$theirs" "$mine"
	assert_success
	both -U errors,name,calls -S errors
	run diff "$theirs" "$mine"
	assert_success
}

@test "-O 1s: every call's time less a second is none, as with strace" {
	need_strace
	both -w -O 1s -U time-percent,total-time,min-time,max-time,avg-time,calls,name -S name
	run diff "$theirs" "$mine"
	assert_success
	tail -n 1 "$mine" | grep -qx '100.00    0.000000 0.000000 0.000000           0 *[0-9]* total'
}

@test "-C: the trace, then strace's table; --summary stays perf's tables" {
	run --separate-stderr sct -C -o "$mine" -- "${WORK[@]}"
	assert_success
	# The trace ends with the command's exit, the table starts after it.
	exited=$(grep -n '^+++ exited with 0 +++$' "$mine" | cut -d: -f1)
	header=$(grep -nx "$HEADER" "$mine" | cut -d: -f1)
	[ -n "$exited" ] && [ "$header" -gt "$exited" ]
	run grep -c 'Summary of syscalls' "$mine"
	assert_output 0
	run --separate-stderr sct --summary -o "$mine" -- "${WORK[@]}"
	assert_success
	grep -q '^ thread [0-9]*, calls: ' "$mine"
	grep -q '^ all threads, calls: ' "$mine"
	run grep -c '% time' "$mine"
	assert_output 0
	# Both, when both are asked for: strace's table first.
	run --separate-stderr sct -c --summary -o "$mine" -- "${WORK[@]}"
	assert_success
	[ "$(head -n 1 "$mine")" = "$HEADER" ]
	grep -q '^ all threads, calls: ' "$mine"
}

@test "-c -m 1 counts every call in the kernel: strace's table loses none" {
	need_bpf
	run --separate-stderr sct -c -m 1 --no-realtime -o "$mine" -- perl -e 'getppid() for 1 .. 400000'
	assert_success
	assert_equal "$stderr" ""
	grep -qE '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +400000 +getppid$' "$mine"
	run grep -c LOST "$mine"
	assert_output 0
}

@test "bad -S, -U and -O: one line each, exit 64" {
	run --separate-stderr sct -c -S percent -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -S 'percent': sort by time, min-time, max-time, avg-time, calls, errors, name or nothing, as strace -S" ]
	run --separate-stderr sct -c -U calls,usecs/call -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -U 'calls,usecs/call': no column 'usecs/call'; give some of time-percent, total-time, min-time, max-time, avg-time, calls, errors, name, separated by commas" ]
	run --separate-stderr sct -c -U calls,count -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -U 'calls,count': the column 'count' is given twice; name each column once" ]
	run --separate-stderr sct -c -O 2xs -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -O '2xs': give a time of 0 or more, in microseconds or with a unit (s, ms, us, ns), like 2us, as strace -O" ]
}

@test "-S, -U and -O without -c or -C: said to do nothing, as strace says, and the trace runs" {
	run --separate-stderr sct -S calls -U calls -O 1us -o "$mine" -- true
	assert_success
	assert_equal "$stderr" "sctrace: warning: -S has no effect without -c or -C: it orders their table
sctrace: warning: -U has no effect without -c or -C: it chooses their table's columns
sctrace: warning: -O has no effect without -c or -C: it is taken off their table's times"
	grep -q '^+++ exited with 0 +++$' "$mine"
}

@test "--input FILE -c: a recording's table is the live one's" {
	local data=$BATS_TEST_TMPDIR/rec.data
	run --separate-stderr sct -c -U calls,errors -S name -o "$mine" -- "${WORK[@]}" </dev/null
	assert_success
	run --separate-stderr sct record -o "$data" -- "${WORK[@]}" </dev/null
	assert_success
	run --separate-stderr sct --input "$data" -c -U calls,errors -S name -o "$theirs"
	assert_success
	run diff "$mine" "$theirs"
	assert_success
	grep -qE "^ +$GETPPIDS +getppid$" "$theirs"
}
