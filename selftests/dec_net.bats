#!/usr/bin/env bats
# Decoders of sockets, netlink and file systems (issue 31): socket's
# protocols, setsockopt's levels and names, netlink addresses, statfs,
# statx, st_rdev and fadvise64's advice. build/workloads/dec_net's calls
# traced by sctrace and by strace, whose lines must be the same once
# sctrace's names are dropped.

load helpers
load strace_compare

DEC=$WL/dec_net
WORKLOAD=$DEC
PY=$(command -v /usr/bin/python3 || command -v python3)

setup() {
	need_contents
	[ -x "$DEC" ] || skip "no $DEC: make workloads builds it"
	command -v strace > /dev/null || skip "no strace: the reference these lines are compared with"
	ours=$BATS_TEST_TMPDIR/sctrace.out
	theirs=$BATS_TEST_TMPDIR/strace.out
}

@test "socket: the protocol by the family's names; setsockopt: the level's and option's" {
	trace_both sock_names socket,setsockopt
	same_lines 10
	grep -qxE 'socket\(AF_NETLINK, SOCK_DGRAM, NETLINK_SOCK_DIAG\) = [0-9]+' "$ours.pos"
	grep -qxE 'setsockopt\([0-9]+, SOL_TCP, TCP_NODELAY, \[1\], 4\) = 0' "$ours.pos"
}

@test "bind: a netlink address's port id and groups" {
	trace_both netlink bind
	same_lines 1
	grep -qF 'nl_groups: 0x000001}' "$ours"
}

@test "statfs, statx, stat, fadvise64: whole statfs, statx's mask and attributes, a device's st_rdev, the advice" {
	trace_both fs statfs,statx,newfstatat,stat,fadvise64
	same_lines 8
	grep -qE '^newfstatat\(.*st_rdev: makedev\(0x1, 0x3\), \.\.\.\}' "$ours"
	grep -qE '^statfs\("/proc", \{f_type=PROC_SUPER_MAGIC, .*f_flags=ST_VALID' "$ours.pos"
}

@test "getsockname, getpeername, accept4, recvfrom, getsockopt: the length as [in => out]" {
	trace_both socklen getsockname,getpeername,accept4,recvfrom,getsockopt
	same_lines 9
	grep -qF 'usockaddr: {sa_family: AF_NETLINK, sa_data: "\0\0"}, usockaddr_len: [4 => 12]' "$ours"
	grep -qF 'upeer_addrlen: [110 => 2], flags: SOCK_CLOEXEC) = ' "$ours"
	grep -qF 'usockaddr_len: [110]) = -1 EBADF' "$ours"
	grep -qF 'optlen: [8 => 4]) = 0' "$ours"
}

@test "setsockopt, getsockopt: ints, struct linger, other values by their length" {
	trace_both sockopt setsockopt,getsockopt
	same_lines 17
	grep -qF 'optval: {l_onoff: 1, l_linger: 5}, optlen: 8) = 0' "$ours"
	grep -qF 'optval: [1], optlen: [8 => 4]) = 0' "$ours"
	grep -qF 'optname: SO_BINDTODEVICE, optval: "lo\0", optlen: 3)' "$ours"
}
