#!/usr/bin/env bats
# strace 6.1's filtering (issue 30): -e trace= with classes, regexes,
# ?names and !, -e status=, -P. Each is held to strace 6.1 itself on the
# same command: the set of call names the two print must be the same.

load helpers

setup() {
	need_root
	command -v strace >/dev/null || skip "no strace here: the reference is strace 6.1"
	ours=$BATS_TEST_TMPDIR/sctrace.out
	theirs=$BATS_TEST_TMPDIR/strace.out
}

# The names of the calls a trace shows (either tool's), sorted, once each.
call_names() {
	sed -E 's/^(\[pid +[0-9]+\] |[0-9]+ +)//' "$1" |
		sed -nE 's/^([a-z_0-9]+)\(.*/\1/p; s/^<\.\.\. ([a-z_0-9]+) resumed>.*/\1/p' |
		sort -u
}

# same_calls OPTIONS... -- COMMAND...: strace -f and sctrace, the same names.
same_calls() {
	local opts=() a
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	run strace -f -qq -o "$theirs" "${opts[@]}" -- "$@"
	local want=$status
	run sct -o "$ours" "${opts[@]}" -- "$@"
	[ "$status" -eq "$want" ] || fail "sctrace exited $status, strace $want: $output"
	[ -n "$(call_names "$theirs")" ] || fail "strace showed no call: $(cat "$theirs")"
	[ "$(call_names "$ours")" = "$(call_names "$theirs")" ] ||
		fail "sctrace and strace differ: $(diff <(call_names "$ours") <(call_names "$theirs"))"
}

@test "-e trace=%file: strace's calls" {
	same_calls -e trace=%file -- cat /etc/passwd /nonexistent
}

@test "-e trace=%network and its old spelling network: strace's calls" {
	same_calls -e trace=%network -- bash -c 'exec 3<>/dev/tcp/127.0.0.1/1' 2>/dev/null
	same_calls -e trace=network -- bash -c 'exec 3<>/dev/tcp/127.0.0.1/1' 2>/dev/null
}

@test "-e trace=%process: strace's calls, in a pipeline" {
	same_calls -e trace=%process -- sh -c 'cat /etc/hostname | wc -l >/dev/null'
}

@test "-e trace=/^open: a regex, strace's calls" {
	same_calls -e 'trace=/^open' -- cat /etc/passwd /nonexistent
}

@test "-e trace=!write and !write,close: a leading ! negates the whole list, as strace" {
	same_calls -e 'trace=!write' -- cat /etc/passwd /nonexistent
	same_calls -e 'trace=!write,close' -- cat /etc/passwd /nonexistent
}

@test "-e trace=?nosuchcall: no error, strace's calls; alone, none" {
	same_calls -e 'trace=?nosuchcall,close' -- cat /etc/passwd /nonexistent
	run sct -o "$ours" -e 'trace=?nosuchcall' -- cat /etc/passwd
	assert_success
	[ -z "$(call_names "$ours")" ] || fail "calls shown: $(cat "$ours")"
	grep -qx '+++ exited with 0 +++' "$ours"
}

@test "-e status=failed: the failed calls, as strace" {
	same_calls -e status=failed -- cat /etc/passwd /nonexistent
}

@test "-P /etc/passwd: the calls on it, as strace" {
	same_calls -P /etc/passwd -- cat /etc/passwd /nonexistent
}

@test "-e status=!successful: the failed and the unfinished (exit_group), as strace" {
	same_calls -e 'status=!successful' -- cat /etc/passwd /nonexistent
	grep -q '^exit_group(' "$ours"
}

@test "-P follows the fd across dup2 into a child, as strace" {
	same_calls -P /etc/passwd -- sh -c 'exec 5</etc/passwd; cat <&5 >/dev/null'
	grep -q '^\[pid *[0-9]*\] read(fd: 0, ' "$ours"
}

@test "-P through a symlink matches its target, as strace" {
	ln -s /etc/passwd "$BATS_TEST_TMPDIR/link"
	same_calls -P "$BATS_TEST_TMPDIR/link" -- cat /etc/passwd
}

@test "bad -e status= and -P with what cannot honour it: one line, exit 64" {
	run --separate-stderr sct -e status=fine -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -e status='fine': give successful, failed, unfinished, unavailable or detached, comma-separated, '!' before to invert" ]
	run --separate-stderr sct -c -P /etc/passwd -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -P chooses the calls shown, and the summary counts every call: drop -c/-C or -P" ]
	run --separate-stderr sct --no-contents -P /etc/passwd -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -P reads the paths calls name, and --no-contents reads none: drop one of them" ]
	run --separate-stderr "$SCTRACE" record -o "$ours" -P /etc/passwd -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: record keeps every event: give -P when replaying with 'sctrace --input FILE'" ]
	run --separate-stderr sct -e trace=%nosuch -- true
	[ "$status" -eq 64 ]
	[[ $stderr == "sctrace: unknown class '%nosuch' in -e '%nosuch'; the classes are %file "* ]]
	for set in openat@64 %file@32 'read,write@x32'; do
		run --separate-stderr sct -e "trace=$set" -- touch "$BATS_TEST_TMPDIR/ran"
		[ "$status" -eq 64 ] || fail "$set: exit $status"
		[[ $stderr == "sctrace: bad '"*"' in -e '$set': refused: strace's personality suffixes "* ]] ||
			fail "$set: $stderr"
		[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "$set ran the command"
	done
}
