#!/usr/bin/env bats
# Complete traces with the default ring: 200,000 getppid over 1, 4 and 64
# threads, with a busy loop on each of the machine's cpus beside them,
# written to a file, to /dev/null, as a summary and as JSON. --strict
# makes any loss, unpaired call or untraced process a failure (exit 75).
# Short runs check what the reader's priority fixes, its wake-up delay;
# over millions of calls on a machine busy with other work the reader can
# still fall behind for longer than a ring lasts: bench/ measures that.
# Not in the sanitizer suite: that checks memory, not throughput.

load helpers

CALLS=200000

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
	busy=()
	local i
	for ((i = 0; i < $(nproc); i++)); do
		sh -c 'while :; do :; done' &
		busy+=($!)
	done
}

teardown() {
	[ ${#busy[@]} -eq 0 ] || kill "${busy[@]}"
}

# Every call of MODE shown, whole or split, each enter with its exit.
whole_trace() {
	local mode=$1
	run --separate-stderr sct --strict -o "$out" -- "$WORKLOAD" "$mode" "$CALLS"
	[ "$status" -eq 0 ] || fail "exit $status: $stderr"
	[ -z "$stderr" ]
	read -r shown lost < <(awk -f "$BATS_TEST_DIRNAME/events.awk" "$out")
	[ "$lost" -eq 0 ]
	run grep -cE '^(\[pid [0-9]+\] )?(getppid\(\) = [0-9]+|<\.\.\. getppid resumed>\) = [0-9]+)$' "$out"
	assert_output "$CALLS"
}

whole_elsewhere() {
	local mode=$1
	run --separate-stderr sct --strict -o /dev/null -- "$WORKLOAD" "$mode" "$CALLS"
	[ "$status" -eq 0 ] || fail "exit $status: $stderr"
	[ -z "$stderr" ]
	run --separate-stderr sct --strict -s -o "$out" -- "$WORKLOAD" "$mode" "$CALLS"
	[ "$status" -eq 0 ] || fail "exit $status: $stderr"
	# The all-threads table's getppid row: every call, none failed.
	run awk '/^ all threads,/ { on = 1 } on && $1 == "getppid" { print $2, $3 }' "$out"
	assert_output "$CALLS 0"
	run --separate-stderr sct --strict --json -o "$out" -- "$WORKLOAD" "$mode" "$CALLS"
	[ "$status" -eq 0 ] || fail "exit $status: $stderr"
	run grep -c '"name":"getppid"' "$out"
	assert_output "$CALLS"
	run grep -c '"type":"lost"' "$out"
	assert_output 0
}

@test "1 thread: every call, to a file, to /dev/null, summed up and as JSON" {
	whole_trace getppid
	whole_elsewhere getppid
}

@test "4 threads: every call, to a file, to /dev/null, summed up and as JSON" {
	whole_trace threads4
	whole_elsewhere threads4
}

@test "64 threads: every call, to a file, to /dev/null, summed up and as JSON" {
	whole_trace threads64
	whole_elsewhere threads64
}
