# What the contents suites share: each traces a case of its python cases
# file ($CASES) and checks exact lines against what the case printed.

PY=$(command -v /usr/bin/python3 || command -v python3)

contents_setup() {
	need_contents
	out=$BATS_TEST_TMPDIR/trace.out
	info=$BATS_TEST_TMPDIR/info
}

# Traces case $2 (its arguments after) with sctrace's options in $1: the
# trace without "[pid N] " prefixes in $out.bare, the case's "key value"
# lines in $info. A case that prints "skip WHY" skips the test.
trace_case_with() {
	local opts=$1
	shift
	# shellcheck disable=SC2086
	run --separate-stderr sct $opts -o "$out" -- "$PY" "$CASES" "$@"
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

# A value that may hold spaces (escaped bytes): the whole rest of its line.
info_text_of() {
	sed -n "s/^$1 //p" "$info"
}

has_line() {
	grep -qxF -- "$1" "$out.bare" || {
		echo "no line: $1"
		echo "trace:"
		cat "$out.bare"
		return 1
	}
}
