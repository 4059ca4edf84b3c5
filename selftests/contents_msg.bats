#!/usr/bin/env bats
# Argument contents of messages (issue 14): sendmsg's and recvmsg's struct
# msghdr, sendmmsg's and recvmmsg's arrays of them, and the fds -y learns
# from SCM_RIGHTS. Each checked as an exact line against what
# selftests/contents_msg_cases.py passed and got.

load helpers
load contents_helpers

CASES=$BATS_TEST_DIRNAME/contents_msg_cases.py

setup() {
	contents_setup
}

# The lines the msg_unix case must give, from $info and its directory $1.
unix_lines() {
	local d=$1 w rights
	w=$(printf 'w%.0s' {1..32})
	rights="{cmsg_len: 24, cmsg_level: SOL_SOCKET, cmsg_type: SCM_RIGHTS, cmsg_data: [$(info_of r), $(info_of w)]}"
	echo "sendmsg(fd: $(info_of snd), msg: {msg_name: {sa_family: AF_UNIX, sun_path: \"$d/r.sock\"}, msg_namelen: $(info_of namelen), msg_iov: [{iov_base: \"hello\", iov_len: 5}, {iov_base: \"$w\"..., iov_len: 40}], msg_iovlen: 2, msg_control: [$rights], msg_controllen: 24, msg_flags: 0}, flags: MSG_DONTWAIT) = 45"
	echo "recvmsg(fd: $(info_of rcv), msg: {msg_name: {sa_family: AF_UNIX, sun_path: \"$d/s.sock\"}, msg_namelen: 110 => $(info_of peerlen), msg_iov: [{iov_base: \"hel\", iov_len: 3}, {iov_base: \"lo${w:2}\"..., iov_len: 100}], msg_iovlen: 2, msg_control: [{cmsg_len: 28, cmsg_level: SOL_SOCKET, cmsg_type: SCM_CREDENTIALS, cmsg_data: {pid: $(info_of pid), uid: $(info_of uid), gid: $(info_of gid)}}, {cmsg_len: 24, cmsg_level: SOL_SOCKET, cmsg_type: SCM_RIGHTS, cmsg_data: [$(info_of got0), $(info_of got1)]}], msg_controllen: 56, msg_flags: MSG_CMSG_CLOEXEC}, flags: MSG_CMSG_CLOEXEC) = 45"
	echo "sendmsg(fd: $(info_of snd), msg: {msg_name: {sa_family: AF_UNIX, sun_path: \"$d/r.sock\"}, msg_namelen: $(info_of namelen), msg_iov: [{iov_base: \"zzzzzzzzzzzzzzzzzzzz\", iov_len: 20}], msg_iovlen: 1, msg_control: [$rights], msg_controllen: 24, msg_flags: 0}, flags: 0) = 20"
	echo "recvmsg(fd: $(info_of rcv), msg: {msg_name: NULL, msg_namelen: 0, msg_iov: [{iov_base: \"zzzzzzzz\", iov_len: 8}], msg_iovlen: 1, msg_control: [{cmsg_len: 20, cmsg_level: SOL_SOCKET, cmsg_type: SCM_RIGHTS, cmsg_data: [$(info_of cut0)]}], msg_controllen: 20, msg_flags: MSG_CTRUNC|MSG_TRUNC}, flags: 0) = 8"
	echo "recvmsg(fd: $(info_of rcv), msg: $(info_of again), flags: MSG_DONTWAIT) = -1 EAGAIN (Resource temporarily unavailable)"
	echo "sendmsg(fd: $(info_of snd), msg: 0x10, flags: 0) = -1 EFAULT (Bad address)"
}

@test "sendmsg, recvmsg: address, iovecs up to the result, SCM_RIGHTS fds, credentials, flags" {
	d=$BATS_TEST_TMPDIR
	trace_case_with "-e sendmsg,recvmsg" msg_unix "$d"
	while IFS= read -r line; do
		has_line "$line"
	done < <(unix_lines "$d")
}

@test "sendmsg, recvmsg: the ports sent to and from; an address buffer too short is read only as far as it goes" {
	trace_case_with "-e sendmsg,recvmsg" msg_inet
	to="{sa_family: AF_INET, sin_port: $(info_of rport), sin_addr: 127.0.0.1}"
	for data in ping pong; do
		has_line "sendmsg(fd: $(info_of snd), msg: {msg_name: $to, msg_namelen: 16, msg_iov: [{iov_base: \"$data\", iov_len: 4}], msg_iovlen: 1, msg_controllen: 0, msg_flags: 0}, flags: 0) = 4"
	done
	has_line "recvmsg(fd: $(info_of rcv), msg: {msg_name: {sa_family: AF_INET, sin_port: $(info_of sport), sin_addr: 127.0.0.1}, msg_namelen: 28 => 16, msg_iov: [{iov_base: \"ping\", iov_len: 16}], msg_iovlen: 1, msg_controllen: 0, msg_flags: 0}, flags: 0) = 4"
	# The kernel wrote 4 bytes and says 16: the rest of the buffer is not read.
	[ "$(info_of shortlen)" = 16 ]
	has_line "recvmsg(fd: $(info_of rcv), msg: {msg_name: {sa_family: AF_INET, sa_data: \"$(info_text_of sport_data)\"}, msg_namelen: 4 => 16, msg_iov: [{iov_base: \"pong\", iov_len: 16}], msg_iovlen: 1, msg_controllen: 0, msg_flags: 0}, flags: 0) = 4"
}

@test "--string-limit cuts each message's iovecs" {
	trace_case_with "--string-limit 4 -e sendmsg" msg_unix "$BATS_TEST_TMPDIR"
	has_line "sendmsg(fd: $(info_of snd), msg: {msg_name: {sa_family: AF_UNIX, sun_path: \"$BATS_TEST_TMPDIR/r.sock\"}, msg_namelen: $(info_of namelen), msg_iov: [{iov_base: \"hell\"..., iov_len: 5}, {iov_base: \"wwww\"..., iov_len: 40}], msg_iovlen: 2, msg_control: [{cmsg_len: 24, cmsg_level: SOL_SOCKET, cmsg_type: SCM_RIGHTS, cmsg_data: [$(info_of r), $(info_of w)]}], msg_controllen: 24, msg_flags: 0}, flags: MSG_DONTWAIT) = 45"
}

@test "sendmmsg, recvmmsg: each message with its msg_len, as many as the result; past 4, ..." {
	trace_case_with "-e sendmmsg,recvmmsg" msg_many
	a=$(info_of a) b=$(info_of b)
	one() {
		echo "{msg_hdr: {msg_name: NULL, msg_namelen: 0, msg_iov: [{iov_base: \"$1\", iov_len: $2}], msg_iovlen: 1, msg_controllen: 0, msg_flags: ${4:-0}}, msg_len: $3}"
	}
	has_line "sendmmsg(fd: $a, mmsg: [$(one one 3 3), $(one twotwo 6 6)], vlen: 2, flags: 0) = 2"
	has_line "recvmmsg(fd: $b, mmsg: [$(one one 10 3), $(one tw 2 2 MSG_TRUNC)], vlen: 3, flags: MSG_DONTWAIT, timeout: NULL) = 2"
	has_line "sendmmsg(fd: $a, mmsg: [$(one 0 1 1), $(one 1 1 1), $(one 2 1 1), $(one 3 1 1), ...], vlen: 6, flags: 0) = 6"
}

@test "sendmmsg and recvmmsg at their limit: 3 and 4 messages whole, 5 cut after 4" {
	trace_case_with "-e sendmmsg,recvmmsg" msg_limit
	a=$(info_of a) b=$(info_of b)
	one() {
		echo "{msg_hdr: {msg_name: NULL, msg_namelen: 0, msg_iov: [{iov_base: \"$1\", iov_len: $2}], msg_iovlen: 1, msg_controllen: 0, msg_flags: 0}, msg_len: $3}"
	}
	local m1 m2 m3 m4
	m1=$(one m 1 1) m2=$(one mm 2 2) m3=$(one mmm 3 3) m4=$(one mmmm 4 4)
	has_line "sendmmsg(fd: $a, mmsg: [$m1, $m2, $m3], vlen: 3, flags: 0) = 3"
	has_line "sendmmsg(fd: $a, mmsg: [$m1, $m2, $m3, $m4], vlen: 4, flags: 0) = 4"
	has_line "sendmmsg(fd: $a, mmsg: [$m1, $m2, $m3, $m4, ...], vlen: 5, flags: 0) = 5"
	has_line "recvmmsg(fd: $b, mmsg: [$(one m 8 1), $(one mm 8 2), $(one mmm 8 3), $(one m 8 1)], vlen: 4, flags: MSG_DONTWAIT, timeout: NULL) = 4"
	has_line "recvmmsg(fd: $b, mmsg: [$(one mm 8 2), $(one mmm 8 3), $(one mmmm 8 4), $(one m 8 1), ...], vlen: 5, flags: MSG_DONTWAIT, timeout: NULL) = 5"
}

@test "--json: a message as an object, the address's in and out lengths, the cut listed" {
	trace_case_with "--json -e recvmsg" msg_inet
	grep -qF "\"contents\":{\"msg\":{\"msg_name\":{\"sa_family\":\"AF_INET\",\"sin_port\":$(info_of sport),\"sin_addr\":\"127.0.0.1\"},\"msg_namelen\":16,\"msg_namelen_in\":28,\"msg_iov\":[{\"iov_base\":\"ping\",\"iov_len\":16}],\"msg_iovlen\":1,\"msg_controllen\":0,\"msg_flags\":\"0\"}}}" "$out"
	trace_case_with "--json -e sendmsg" msg_unix "$BATS_TEST_TMPDIR"
	grep -qF "\"msg_control\":[{\"cmsg_len\":24,\"cmsg_level\":\"SOL_SOCKET\",\"cmsg_type\":\"SCM_RIGHTS\",\"cmsg_data\":[$(info_of r),$(info_of w)]}],\"msg_controllen\":24,\"msg_flags\":\"0\"}},\"contents_cut\":[\"msg\"]}" "$out"
}

@test "record and replay: the messages come back from the file exactly" {
	data=$BATS_TEST_TMPDIR/msg.data
	d=$BATS_TEST_TMPDIR
	run --separate-stderr sct record -o "$data" -e sendmsg,recvmsg -- "$PY" "$CASES" msg_unix "$d"
	assert_success
	printf '%s\n' "$output" > "$info"
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
	while IFS= read -r line; do
		has_line "$line"
	done < <(unix_lines "$d")
}

@test "-y: an fd SCM_RIGHTS brought is the file sent; socketpair's fds are sockets" {
	d=$BATS_TEST_TMPDIR
	trace_case_with -y msg_fds "$d"
	fd=$(info_of got0)
	has_line "read(fd: $fd<$d/f>, buf: \"z\", count: 1) = 1"
	grep -qE "^socketpair\(family: AF_UNIX, type: SOCK_DGRAM\|SOCK_CLOEXEC, protocol: 0, usockvec: \[$(info_of a), $(info_of b)\]\) = 0$" "$out.bare"
	grep -qE "^sendmsg\(fd: $(info_of a)<socket:\[[0-9]+\]>, " "$out.bare"
}
