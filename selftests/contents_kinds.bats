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

@test "writev: each iovec's data and length, cut at the string limit; past 8 iovecs, ..." {
	trace_case writev,pwritev2 iov_writes
	w=$(info_of w)
	q=$(printf 'q%.0s' {1..32})
	has_line "writev(fd: $w, vec: [{iov_base: \"abc\", iov_len: 3}, {iov_base: \"de\", iov_len: 2}, {iov_base: \"\", iov_len: 0}], vlen: 3) = 5"
	has_line "writev(fd: $w, vec: [{iov_base: \"$q\"..., iov_len: 40}], vlen: 1) = 40"
	has_line "writev(fd: $w, vec: [{iov_base: \"0\", iov_len: 1}, {iov_base: \"1\", iov_len: 1}, {iov_base: \"2\", iov_len: 1}, {iov_base: \"3\", iov_len: 1}, {iov_base: \"4\", iov_len: 1}, {iov_base: \"5\", iov_len: 1}, {iov_base: \"6\", iov_len: 1}, {iov_base: \"7\", iov_len: 1}, ...], vlen: 10) = 10"
	has_line "writev(fd: $w, vec: [], vlen: 0) = 0"
	has_line "pwritev2(fd: $w, vec: [{iov_base: \"tab\\t\\n\", iov_len: 5}], vlen: 1, pos_l: 18446744073709551615, pos_h: 0, flags: 0) = 5"
}

@test "writev: --string-limit cuts each iovec's data" {
	run --separate-stderr sct --string-limit 4 -e writev -o "$out" -- "$PY" "$CASES" iov_writes
	assert_success
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
	grep -qE '^writev\(fd: [0-9]+, vec: \[\{iov_base: "abc", iov_len: 3\}, \{iov_base: "de", iov_len: 2\}, \{iov_base: "", iov_len: 0\}\], vlen: 3\) = 5$' "$out.bare"
	grep -qE '^writev\(fd: [0-9]+, vec: \[\{iov_base: "qqqq"\.\.\., iov_len: 40\}\], vlen: 1\) = 40$' "$out.bare"
}

@test "readv: the iovecs filled in order up to the result; at EOF none" {
	trace_case readv,preadv2 iov_reads
	r=$(info_of r)
	z=$(printf 'z%.0s' {1..32})
	has_line "readv(fd: $r, vec: [{iov_base: \"ab\", iov_len: 2}, {iov_base: \"cdefg\", iov_len: 10}, {iov_base: \"\", iov_len: 5}], vlen: 3) = 7"
	has_line "preadv2(fd: $r, vec: [{iov_base: \"$z\"..., iov_len: 100}], vlen: 1, pos_l: 18446744073709551615, pos_h: 0, flags: 0) = 40"
	has_line "readv(fd: $r, vec: [{iov_base: \"\", iov_len: 4}], vlen: 1) = 0"
}

@test "iovecs: unreadable data or array is its address; a failed read shows none" {
	trace_case writev,readv iov_faults
	w=$(info_of w) vec=$(info_of vec)
	has_line "writev(fd: $w, vec: [{iov_base: 0x10, iov_len: 3}], vlen: 1) = -1 EFAULT (Bad address)"
	has_line "writev(fd: $w, vec: 0x10, vlen: 2) = -1 EFAULT (Bad address)"
	has_line "readv(fd: $w, vec: $vec, vlen: 1) = -1 EBADF (Bad file descriptor)"
}

@test "accept, getsockname, getpeername, recvfrom: the address the kernel filled, as long as it says" {
	trace_case accept,getsockname,getpeername,recvfrom sockaddr_out "$BATS_TEST_TMPDIR/s.sock"
	l=$(info_of listener) lport=$(info_of listen_port) cport=$(info_of client_port)
	has_line "accept(fd: $l, upeer_sockaddr: {sa_family: AF_INET, sin_port: $cport, sin_addr: 127.0.0.1}, upeer_addrlen: $(info_of accept_len)) = $(info_of accepted)"
	# The kernel says 16 but wrote the 4 the buffer held: no port read past it.
	[ "$(info_of short_result)" = 16 ]
	has_line "getsockname(fd: $l, usockaddr: {sa_family: AF_INET}, usockaddr_len: $(info_of short_len)) = 0"
	has_line "accept(fd: $l, upeer_sockaddr: $(info_of failed_addr), upeer_addrlen: $(info_of failed_len)) = -1 EAGAIN (Resource temporarily unavailable)"
	has_line "getsockname(fd: $(info_of unix), usockaddr: {sa_family: AF_UNIX, sun_path: \"$BATS_TEST_TMPDIR/s.sock\"}, usockaddr_len: $(info_of unix_len)) = 0"
	has_line "recvfrom(fd: $(info_of six), ubuf: \"hi\", size: 8, flags: 0, addr: {sa_family: AF_INET6, sin6_port: $(info_of sender_port), sin6_addr: ::1}, addr_len: $(info_of peer_len)) = 2"
	has_line "getpeername(fd: $(info_of sender), usockaddr: {sa_family: AF_INET6, sin6_port: $(info_of six_port), sin6_addr: ::1}, usockaddr_len: $(info_of getpeer_len)) = 0"
}
