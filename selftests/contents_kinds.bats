#!/usr/bin/env bats
# Argument contents of structs and arrays (issue 14, second part): select's
# sets, iovecs, socket addresses the kernel fills, timevals, itimers,
# rlimits, epoll events, sigactions. Each checked as an exact line against
# what selftests/contents_kinds_cases.py passed.

load helpers

CASES=$BATS_TEST_DIRNAME/contents_kinds_cases.py
PY=$(command -v /usr/bin/python3 || command -v python3)

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
	info=$BATS_TEST_TMPDIR/info
	run sct -o /dev/null -- true
	[[ $stderr != *"pointer arguments are shown as addresses"* ]] ||
		skip "no contents here: ${stderr#sctrace: }"
}

# Traces case $2 (its arguments after) for the calls in $1: the trace
# without "[pid N] " prefixes in $out.bare, the case's "key value" lines
# in $info.
trace_case() {
	local calls=$1
	shift
	run --separate-stderr sct -e "$calls" -o "$out" -- "$PY" "$CASES" "$@"
	assert_success
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > "$info"
	if grep -q '^skip ' "$info"; then
		skip "$(sed -n 's/^skip //p' "$info")"
	fi
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
}

# What the case printed for key $1.
info_of() {
	awk -v k="$1" '$1 == k { print $2 }' "$info"
}

has_line() {
	grep -qxF -- "$1" "$out.bare" || {
		echo "no line: $1"
		echo "trace:"
		cat "$out.bare"
		return 1
	}
}

@test "select: each set's fds at the call; after the result the ready ones of each" {
	trace_case select select_sets
	r=$(info_of r) w=$(info_of w) idle=$(info_of idle)
	has_line "select(n: $((idle + 1)), inp: [$r $idle], outp: [$w], exp: [$r], tvp: NULL) = 2 (inp: [$r], outp: [$w])"
}

@test "pselect6: n bounds the bits shown, at the call and after" {
	trace_case pselect6 pselect_bits_beyond_n
	r=$(info_of r) w=$(info_of w)
	has_line "pselect6(n: $w, inp: [$r], outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = 1 (inp: [$r])"
}

@test "pselect6: a timeout shows no ready sets" {
	trace_case pselect6 pselect_timeout
	idle=$(info_of idle)
	has_line "pselect6(n: $((idle + 1)), inp: [$idle], outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = 0 (Timeout)"
}

@test "pselect6: fds past the 1024 bits read end the list with ..." {
	trace_case pselect6 pselect_over_cap
	r=$(info_of r)
	has_line "pselect6(n: 1100, inp: [$r 1023 ...], outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = 3 (inp: [$r 1023 ...])"
}

@test "pselect6: a set in unmapped memory is its address" {
	trace_case pselect6 select_unreadable
	has_line "pselect6(n: 4, inp: 0x10, outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = -1 EFAULT (Bad address)"
}
