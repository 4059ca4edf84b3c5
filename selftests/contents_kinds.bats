#!/usr/bin/env bats
# Argument contents of structs and arrays (issue 14, second part): select's
# sets, iovecs, socket addresses the kernel fills, timevals, itimers,
# futex timeouts, rlimits, epoll events, sigactions, signal masks,
# statfs, and the paths, names and buffers of the xattr, readlink and *at
# calls. Each checked as an exact line against what
# selftests/contents_kinds_cases.py passed.

load helpers
load contents_helpers

CASES=$BATS_TEST_DIRNAME/contents_kinds_cases.py

setup() {
	contents_setup
}

# Traces case $2 (its arguments after) for the calls in $1.
trace_case() {
	local calls=$1
	shift
	trace_case_with "-e $calls" "$@"
}

@test "select: each set's fds and the timeval at the call; after the result the ready ones of each" {
	trace_case select select_sets
	r=$(info_of r) w=$(info_of w) idle=$(info_of idle)
	has_line "select(n: $((idle + 1)), inp: [$r $idle], outp: [$w], exp: [$r], tvp: {tv_sec: 0, tv_usec: 250000}) = 2 (inp: [$r], outp: [$w])"
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

@test "pselect6: fds 0 and 1023, the first and last of a set; 1023 out when n is 1023" {
	trace_case pselect6 select_first_last
	has_line "pselect6(n: 1024, inp: [0 1023], outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = 1 (inp: [1023])"
	has_line "pselect6(n: 1023, inp: [0], outp: NULL, exp: NULL, tsp: {tv_sec: 0, tv_nsec: 0}, sig: NULL) = 0 (Timeout)"
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

# The limits and a value on each side: 8 iovecs read, and -s's 32 bytes
# of each iovec's data.
@test "writev: 7 and 8 iovecs whole, 9 cut after the 8th; an iovec of 31 and 32 bytes whole, 33 cut" {
	local n i vec
	trace_case writev iov_bounds
	w=$(info_of w)
	for n in 7 8 9; do
		vec=
		for ((i = 0; i < n && i < 8; i++)); do
			vec+="${vec:+, }{iov_base: \"$(printf "\\$(printf %o $((97 + i)))")\", iov_len: 1}"
		done
		((n <= 8)) || vec+=", ..."
		has_line "writev(fd: $w, vec: [$vec], vlen: $n) = $n"
	done
	has_line "writev(fd: $w, vec: [{iov_base: \"$(printf 'A%.0s' {1..31})\", iov_len: 31}], vlen: 1) = 31"
	has_line "writev(fd: $w, vec: [{iov_base: \"$(printf 'B%.0s' {1..32})\", iov_len: 32}], vlen: 1) = 32"
	has_line "writev(fd: $w, vec: [{iov_base: \"$(printf 'C%.0s' {1..32})\"..., iov_len: 33}], vlen: 1) = 33"
}

# Of an array, 32 elements are shown, as strace shows -s's count of them.
@test "poll: 31 and 32 pollfds whole, 33 cut after the 32nd, at the call and after" {
	local n fds ufds out_fds fd i
	trace_case poll poll_bounds
	IFS=, read -r -a fds <<< "$(info_of fds)"
	for n in 31 32 33; do
		ufds= out_fds=
		for ((i = 0; i < n && i < 32; i++)); do
			fd=${fds[i]}
			ufds+="${ufds:+, }{fd: $fd, events: POLLIN|POLLOUT}"
			out_fds+="${out_fds:+, }{fd: $fd, revents: POLLOUT}"
		done
		((n <= 32)) || { ufds+=", ..."; out_fds+=", ..."; }
		has_line "poll(ufds: [$ufds], nfds: $n, timeout_msecs: 0) = $n ([$out_fds])"
	done
}

# Returned events: 32 shown, as pollfds; data as strace's union.
@test "epoll_pwait: 31 and 32 events whole, 33 cut after the 32nd" {
	local n data d events i
	trace_case epoll_pwait epoll_bounds
	ep=$(info_of ep)
	for n in 31 32 33; do
		IFS=, read -r -a data <<< "$(info_of "data$n")"
		[ "${#data[@]}" -eq "$n" ] || fail "epoll_pwait returned ${#data[@]} of $n"
		events=
		for ((i = 0; i < n && i < 32; i++)); do
			d=${data[i]}
			events+="${events:+, }{events: EPOLLOUT, data: {u32: $((d & 0xffffffff)), u64: $d}}"
		done
		((n <= 32)) || events+=", ..."
		has_line "epoll_pwait(epfd: $ep, events: [$events], maxevents: $n, timeout: 0, sigmask: NULL, sigsetsize: 8) = $n"
	done
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

@test "iovecs: an unreadable iovec is its address, told apart from a cut list in text and JSON" {
	trace_case writev iov_unreadable_entry
	w=$(info_of w) vec=$(info_of vec) entry=$(info_of entry)
	has_line "writev(fd: $w, vec: [{iov_base: \"ab\", iov_len: 2}, $entry], vlen: 2) = -1 EFAULT (Bad address)"
	trace_case_with "--json -e writev" iov_unreadable_entry
	run jq -c 'select(.name == "writev") | [.contents.vec[1], .contents_unreadable, .contents_cut]' "$out"
	assert_output "[\"$(info_of entry)\",[\"vec\"],null]"
}

@test "accept, getsockname, getpeername, recvfrom: the address the kernel filled, as long as it says" {
	trace_case accept,getsockname,getpeername,recvfrom sockaddr_out "$BATS_TEST_TMPDIR/s.sock"
	l=$(info_of listener) lport=$(info_of listen_port) cport=$(info_of client_port)
	# Each length as the buffer's size, then what the kernel wrote back.
	has_line "accept(fd: $l, upeer_sockaddr: {sa_family: AF_INET, sin_port: $cport, sin_addr: 127.0.0.1}, upeer_addrlen: [128 => 16]) = $(info_of accepted)"
	# The kernel says 16 but wrote the 4 the buffer held: the port's bytes, no address.
	[ "$(info_of short_result)" = 16 ]
	has_line "getsockname(fd: $l, usockaddr: {sa_family: AF_INET, sa_data: \"$(info_text_of short_data)\"}, usockaddr_len: [4 => 16]) = 0"
	has_line "accept(fd: $l, upeer_sockaddr: $(info_of failed_addr), upeer_addrlen: [128]) = -1 EAGAIN (Resource temporarily unavailable)"
	# sun_family, the path and its NUL.
	unix_len=$((2 + ${#BATS_TEST_TMPDIR} + 7 + 1))
	has_line "getsockname(fd: $(info_of unix), usockaddr: {sa_family: AF_UNIX, sun_path: \"$BATS_TEST_TMPDIR/s.sock\"}, usockaddr_len: [128 => $unix_len]) = 0"
	has_line "recvfrom(fd: $(info_of six), ubuf: \"hi\", size: 8, flags: 0, addr: {sa_family: AF_INET6, sin6_port: $(info_of sender_port), sin6_addr: ::1}, addr_len: [128 => 28]) = 2"
	has_line "getpeername(fd: $(info_of sender), usockaddr: {sa_family: AF_INET6, sin6_port: $(info_of six_port), sin6_addr: ::1}, usockaddr_len: [128 => 28]) = 0"
}

@test "setitimer, getitimer, timerfd_*, timer_*: itimervals and itimerspecs in, and the old ones out" {
	trace_case setitimer,getitimer,timerfd_settime,timerfd_gettime,timer_settime,timer_gettime timers
	tfd=$(info_of tfd) timer=$(info_of timer)
	z='{tv_sec: 0, tv_usec: 0}' zn='{tv_sec: 0, tv_nsec: 0}'
	has_line "setitimer(which: ITIMER_REAL, value: {it_interval: {tv_sec: 1, tv_usec: 500000}, it_value: $z}, ovalue: {it_interval: $z, it_value: $z}) = 0"
	has_line "getitimer(which: ITIMER_REAL, value: {it_interval: $z, it_value: $z}) = 0"
	has_line "setitimer(which: ITIMER_REAL, value: {it_interval: $z, it_value: {tv_sec: 7, tv_usec: 1000}}, ovalue: NULL) = 0"
	has_line "timerfd_settime(ufd: $tfd, flags: 0, utmr: {it_interval: {tv_sec: 2, tv_nsec: 5}, it_value: $zn}, otmr: {it_interval: $zn, it_value: $zn}) = 0"
	has_line "timerfd_settime(ufd: $tfd, flags: 0, utmr: {it_interval: $zn, it_value: $zn}, otmr: {it_interval: {tv_sec: 2, tv_nsec: 5}, it_value: $zn}) = 0"
	has_line "timerfd_gettime(ufd: $tfd, otmr: {it_interval: $zn, it_value: $zn}) = 0"
	has_line "timer_settime(timer_id: $timer, flags: 0, new_setting: {it_interval: $zn, it_value: {tv_sec: 3600, tv_nsec: 9}}, old_setting: NULL) = 0"
	# What was left of the hour when it was stopped: just under it.
	grep -qE "^timer_settime\(timer_id: $timer, flags: 0, new_setting: \{it_interval: $zn, it_value: $zn\}, old_setting: \{it_interval: $zn, it_value: \{tv_sec: 3599, tv_nsec: [0-9]+\}\}\) = 0$" "$out.bare"
	# A SIGEV_NONE timer still counts down to its old expiry once stopped.
	grep -qE "^timer_gettime\(timer_id: $timer, setting: \{it_interval: $zn, it_value: \{tv_sec: 3599, tv_nsec: [0-9]+\}\}\) = 0$" "$out.bare"
}

@test "settimeofday: a timeval as passed, even one the kernel refuses" {
	trace_case settimeofday settimeofday_invalid
	has_line "settimeofday(tv: {tv_sec: 12, tv_usec: 3000000}, tz: NULL) = -1 EINVAL (Invalid argument)"
}

@test "futex: utime is a timespec for the ops that wait, a count for the requeues, absent from a wake" {
	trace_case futex futex_timeouts
	word=$(info_of word)
	has_line "futex(uaddr: $word, op: FUTEX_WAIT_PRIVATE, val: 1, utime: {tv_sec: 0, tv_nsec: 1000000}) = -1 EAGAIN (Resource temporarily unavailable)"
	has_line "futex(uaddr: $word, op: FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME, val: 1, utime: {tv_sec: 5, tv_nsec: 6}, val3: FUTEX_BITSET_MATCH_ANY) = -1 EAGAIN (Resource temporarily unavailable)"
	has_line "futex(uaddr: $word, op: FUTEX_WAKE_PRIVATE, val: 1) = 0"
	has_line "futex(uaddr: $word, op: FUTEX_CMP_REQUEUE_PRIVATE, val: 1, utime: 5, uaddr2: $(info_of other), val3: 0) = 0"
}

@test "epoll: epoll_ctl's event; epoll_wait's events up to the result, none past it" {
	trace_case epoll_ctl,epoll_wait,epoll_pwait,epoll_pwait2 epoll_events
	ep=$(info_of ep) r=$(info_of r) w=$(info_of w)
	has_line "epoll_ctl(epfd: $ep, op: EPOLL_CTL_ADD, fd: $r, event: {events: EPOLLIN|EPOLLET, data: {u32: 1432778632, u64: 1234605616436508552}}) = 0"
	has_line "epoll_ctl(epfd: $ep, op: EPOLL_CTL_ADD, fd: $w, event: {events: EPOLLOUT, data: {u32: 7, u64: 7}}) = 0"
	if [ "$(uname -m)" != aarch64 ]; then
		has_line "epoll_wait(epfd: $ep, events: [{events: EPOLLIN, data: {u32: 1432778632, u64: 1234605616436508552}}, {events: EPOLLOUT, data: {u32: 7, u64: 7}}], maxevents: 4, timeout: 0) = 2"
	fi
	has_line "epoll_pwait(epfd: $ep, events: [{events: EPOLLOUT, data: {u32: 7, u64: 7}}], maxevents: 1, timeout: 0, sigmask: NULL, sigsetsize: 8) = 1"
	has_line "epoll_pwait2(epfd: $(info_of idle_ep), events: [], maxevents: 2, timeout: {tv_sec: 0, tv_nsec: 0}, sigmask: NULL, sigsetsize: 8) = 0 (Timeout)"
}

@test "rt_sigaction: handler, mask and flags in, and the old action out" {
	trace_case rt_sigaction sigaction_old
	first='{sa_handler: 0xdead0000, sa_mask: [INT TERM RT_2], sa_flags: SA_SIGINFO|SA_RESTORER|SA_RESTART, sa_restorer: 0xbeef0000}'
	dfl='{sa_handler: SIG_DFL, sa_mask: [], sa_flags: 0}'
	has_line "rt_sigaction(sig: SIGUSR1, act: $first, oact: $dfl, sigsetsize: 8) = 0"
	has_line "rt_sigaction(sig: SIGUSR1, act: {sa_handler: SIG_IGN, sa_mask: ~[], sa_flags: SA_NODEFER}, oact: $first, sigsetsize: 8) = 0"
	# The kernel keeps every signal but KILL and STOP.
	has_line "rt_sigaction(sig: SIGUSR1, act: $dfl, oact: {sa_handler: SIG_IGN, sa_mask: ~[KILL STOP], sa_flags: SA_NODEFER}, sigsetsize: 8) = 0"
	has_line "rt_sigaction(sig: SIGUSR1, act: NULL, oact: $dfl, sigsetsize: 8) = 0"
}

@test "sigsets: rt_sigprocmask's new and old masks, the pending set, and the masks of sigtimedwait, ppoll, signalfd4" {
	trace_case rt_sigprocmask,rt_sigpending,rt_sigtimedwait,ppoll,signalfd4 sigsets
	# The first old mask is whatever the test inherited: only its new one.
	run grep -c '^rt_sigprocmask(how: SIG_SETMASK, nset: \[INT TERM RT_2\], oset: \[[^]]*\], sigsetsize: 8) = 0$' "$out.bare"
	assert_output 1
	has_line "rt_sigprocmask(how: SIG_SETMASK, nset: [], oset: [INT TERM RT_2], sigsetsize: 8) = 0"
	has_line "rt_sigprocmask(how: SIG_BLOCK, nset: [TERM], oset: NULL, sigsetsize: 8) = 0"
	has_line "rt_sigpending(uset: [TERM], sigsetsize: 8) = 0"
	has_line "rt_sigtimedwait(uthese: [TERM], uinfo: NULL, uts: {tv_sec: 0, tv_nsec: 1000}, sigsetsize: 8) = 15"
	has_line "ppoll(ufds: NULL, nfds: 0, tsp: {tv_sec: 0, tv_nsec: 0}, sigmask: [USR1], sigsetsize: 8) = 0 (Timeout)"
	has_line "signalfd4(ufd: -1, user_mask: [INT], sizemask: 8, flags: 0) = $(info_of ret | sed -n 7p)"
	# An unreadable set is its address; a failed call shows no old set.
	run grep -cE '^rt_sigprocmask\(how: SIG_BLOCK, nset: 0x8, oset: 0x[0-9a-f]+, sigsetsize: 8\) = -1 EFAULT \(Bad address\)$' "$out.bare"
	assert_output 1
}

@test "a set on a page not mapped at the enter is read at the exit, not shown as its address" {
	trace_case rt_sigprocmask sigset_page_unmapped
	has_line "rt_sigprocmask(how: SIG_BLOCK, nset: [], oset: NULL, sigsetsize: 8) = 0"
}

@test "getrlimit, setrlimit, prlimit64: the limits in and out, RLIM_INFINITY by name" {
	trace_case getrlimit,setrlimit,prlimit64 rlimits
	cur=$(info_of cur) max=$(info_of max)
	if [ "$(uname -m)" != aarch64 ]; then
		has_line "getrlimit(resource: RLIMIT_FSIZE, rlim: {rlim_cur: $cur, rlim_max: $max}) = 0"
	fi
	has_line "setrlimit(resource: RLIMIT_FSIZE, rlim: {rlim_cur: 1000000, rlim_max: $max}) = 0"
	has_line "prlimit64(pid: 0, resource: RLIMIT_FSIZE, new_rlim: {rlim_cur: $cur, rlim_max: $max}, old_rlim: {rlim_cur: 1000000, rlim_max: $max}) = 0"
}

@test "statfs, fstatfs: the whole struct, its type and flags by name, as stat -f tells them" {
	dir=$BATS_TEST_TMPDIR/fs
	mkdir "$dir"
	err=$(mount -t tmpfs -o size=1m,nr_inodes=100,nosuid,nodev ct-statfs "$dir" 2>&1) ||
		skip "this environment refuses a tmpfs mount: $err"
	trace_case statfs,fstatfs statfs_dir "$dir"
	read -r bsize blocks bfree bavail files ffree fsid namelen frsize < \
		<(stat -f -c '%s %b %f %a %c %d %i %l %S' "$dir")
	umount "$dir"
	# stat writes the id's two words as 16 hex digits; strace each as a number.
	val=$(printf '0x%x, 0x%x' "0x${fsid:0:8}" "0x${fsid:8:8}")
	sf="{f_type: TMPFS_MAGIC, f_bsize: $bsize, f_blocks: $blocks, f_bfree: $bfree, f_bavail: $bavail, f_files: $files, f_ffree: $ffree, f_fsid: {val: [$val]}, f_namelen: $namelen, f_frsize: $frsize, f_flags: ST_VALID|ST_NOSUID|ST_NODEV|ST_RELATIME}"
	has_line "statfs(pathname: \"$dir\", buf: $sf) = 0"
	has_line "fstatfs(fd: $(info_of fd), buf: $sf) = 0"
}

@test "paths and names: xattrs, readlink up to its result, linkat, fchownat, utimensat, mknodat, inotify, openat2" {
	d=$BATS_TEST_TMPDIR/p
	mkdir "$d"
	trace_case getxattr,setxattr,lgetxattr,fgetxattr,listxattr,removexattr,readlink,readlinkat,linkat,fchownat,utimensat,mknodat,inotify_add_watch,openat2 paths "$d"
	value=$(info_of value)
	if ! grep -q '^setxattr(.*) = 0$' "$out.bare"; then
		skip "no user xattrs in $BATS_TEST_TMPDIR"
	fi
	has_line "setxattr(pathname: \"$d/f\", name: \"user.ct\", value: \"v\\0x\", size: 3, flags: 0) = 0"
	has_line "getxattr(pathname: \"$d/f\", name: \"user.ct\", value: \"v\\0x\", size: 64) = 3"
	# Asked for the size only: the kernel wrote nothing, and nothing is shown.
	has_line "getxattr(pathname: \"$d/f\", name: \"user.ct\", value: \"\", size: 0) = 3"
	has_line "lgetxattr(pathname: \"$d/f\", name: \"user.none\", value: $value, size: 64) = -1 ENODATA (No data available)"
	has_line "fgetxattr(fd: $(info_of fd), name: \"user.ct\", value: $value, size: 2) = -1 ERANGE (Numerical result out of range)"
	has_line "listxattr(pathname: \"$d/f\", list: \"user.ct\\0\", size: 64) = 8"
	has_line "removexattr(pathname: \"$d/f\", name: \"user.ct\") = 0"
	if [ "$(uname -m)" != aarch64 ]; then
		has_line "readlink(path: \"$d/l\", buf: \"f-target-\\\"q\\\"\", bufsiz: 64) = 12"
	fi
	has_line "readlinkat(dfd: AT_FDCWD, pathname: \"$d/l\", buf: \"f-tar\", bufsiz: 5) = 5"
	has_line "linkat(olddfd: AT_FDCWD, oldname: \"$d/f\", newdfd: AT_FDCWD, newname: \"$d/hard\", flags: 0) = 0"
	has_line "fchownat(dfd: AT_FDCWD, filename: \"$d/f\", user: 0, group: 0, flag: 0) = 0"
	has_line "utimensat(dfd: AT_FDCWD, filename: \"$d/f\", utimes: NULL, flags: 0) = 0"
	has_line "mknodat(dfd: AT_FDCWD, filename: \"$d/fifo\", mode: 010644, dev: 0) = 0"
	has_line "inotify_add_watch(fd: $(info_of ino), pathname: \"$d/f\", mask: 2) = 1"
	grep -qE "^openat2\(dfd: AT_FDCWD, filename: \"$d/f\", how: $(info_of how), usize: 24\) = [0-9]+$" "$out.bare"
}

@test "getrandom: the bytes it filled, up to its result and the string limit; unwritable, the address" {
	trace_case_with "--json -e getrandom" random_bytes
	"$PY" - "$out" "$info" <<'PYEOF'
import json, sys
calls = [json.loads(line) for line in open(sys.argv[1], encoding="ascii")]
# The case's four, after the interpreter's own.
calls = [c for c in calls if c.get("name") == "getrandom"][-4:]
said = [line.split() for line in open(sys.argv[2])]
rets = [int(v) for k, v in said if k == "ret"]
wanted = [bytes.fromhex(v) if v != "-" else b"" for k, v in said if k == "bytes"]
assert [c["ret"] for c in calls] == rets[:3] + [-14], calls
for c, want in zip(calls, wanted):
    shown = c["contents"]["ubuf"].encode("latin-1")
    assert shown == want[:32], (shown, want)
    assert c.get("contents_cut") == (["ubuf"] if len(want) > 32 else None), c
assert "ubuf" not in calls[3].get("contents", {}), calls[3]
PYEOF
}

@test "clone3: the clone_args fields its flags use, at the call; after the result, the tid written at parent_tid; unreadable, the address" {
	trace_case clone3 clone3_args
	# The kernel wrote the child's tid with CLONE_PARENT_SETTID, and
	# nothing without.
	[ "$(info_of written)" = "$(info_of pid)" ]
	[ "$(info_of unset)" = -1 ]
	has_line "clone3(uargs: {flags: CLONE_PARENT_SETTID, parent_tid: $(info_of ptid), exit_signal: SIGCHLD, stack: NULL, stack_size: 0}, size: 64) = $(info_of pid) (uargs: {parent_tid: [$(info_of pid)]})"
	has_line "clone3(uargs: {flags: 0, exit_signal: SIGCHLD, stack: NULL, stack_size: 0}, size: 64) = $(info_of pid_unset)"
	has_line "clone3(uargs: {flags: CLONE_NEWTIME|CLONE_THREAD|CLONE_SETTLS, exit_signal: 0, stack: $(info_of stack), stack_size: 0x1000, tls: 0x1234000}, size: 64) = -1 EINVAL (Invalid argument)"
	has_line "clone3(uargs: 0x10, size: 64) = -1 EFAULT (Bad address)"
	# In JSON, beside the struct as uargs_out, as poll's revents are.
	trace_case_with "--json -e clone3" clone3_args
	grep -qF '"ret":'"$(info_of pid)"',"duration_ns":' "$out"
	grep -qF '"uargs_out":{"parent_tid":['"$(info_of pid)"']}' "$out"
	[ "$(grep -c uargs_out "$out")" -eq 1 ]
}

# clone's line as a fork with flags ($1, beside SIGCHLD) and parent_tidptr
# shown as $2, in the machine's order of arguments.
clone_line() {
	local flags=${1:+$1|}SIGCHLD
	case $(uname -m) in
	s390x) echo "clone(newsp: NULL, clone_flags: $flags, parent_tidptr: $2, child_tidptr: NULL, tls: NULL)" ;;
	aarch64) echo "clone(clone_flags: $flags, newsp: NULL, parent_tidptr: $2, tls: NULL, child_tidptr: NULL)" ;;
	*) echo "clone(clone_flags: $flags, newsp: NULL, parent_tidptr: $2, child_tidptr: NULL, tls: NULL)" ;;
	esac
}

@test "clone: with CLONE_PARENT_SETTID, the tid the kernel wrote at parent_tidptr; without, or unmapped, the address" {
	trace_case clone clone_parent_tid
	pid=$(info_of pid)
	[ "$(info_of written)" = "$pid" ]
	[ "$(info_of unset)" = -1 ]
	has_line "$(clone_line CLONE_PARENT_SETTID "[$pid]") = $pid"
	has_line "$(clone_line "" "$(info_of unset_addr)") = $(info_of pid_unset)"
	has_line "$(clone_line CLONE_PARENT_SETTID 0x10) = $(info_of pid_unmapped)"
	trace_case_with "--json -e clone" clone_parent_tid
	pid=$(info_of pid)
	grep -qF '"ret":'"$pid"',"duration_ns":' "$out"
	grep -F '"ret":'"$pid"',' "$out" | grep -qF '"contents":{"parent_tidptr":['"$pid"']}'
	[ "$(grep -c '"contents":{"parent_tidptr"' "$out")" -eq 1 ]
}

@test "getdents64: how many entries the kernel filled, as strace counts them; past 1024, or more" {
	d=$BATS_TEST_TMPDIR/d
	mkdir "$d"
	trace_case getdents64 dirents "$d"
	few=$(info_of few) many=$(info_of many) buf=$(info_of buf)
	has_line "getdents64(fd: $few, dirent: $buf /* 7 entries */, count: 32768) = 168"
	has_line "getdents64(fd: $few, dirent: $buf /* 0 entries */, count: 32768) = 0"
	# 1402 entries of 24 bytes: the first call fills 32760 bytes (1365 of them).
	has_line "getdents64(fd: $many, dirent: $buf /* 1024 or more entries */, count: 32768) = 32760"
	has_line "getdents64(fd: $many, dirent: $buf /* 37 entries */, count: 32768) = 888"
	has_line "getdents64(fd: -1, dirent: $buf, count: 32768) = -1 EBADF (Bad file descriptor)"
}

@test "siginfo: waitid's for an exited child, a killed one and none ready; rt_sigtimedwait's for a kill" {
	trace_case waitid,rt_sigtimedwait siginfos
	exited=$(info_of exit) killed=$(info_of kill)
	IFS=, read -r _ _ _ _ _ ut1 st1 <<<"$(awk '$1 == "info" { print $2; exit }' "$info")"
	IFS=, read -r _ _ _ _ _ ut2 st2 <<<"$(awk '$1 == "info" { n++ } n == 2 { print $2; exit }' "$info")"
	has_line "waitid(which: P_PID, upid: $exited, infop: {si_signo: SIGCHLD, si_code: CLD_EXITED, si_pid: $exited, si_uid: 0, si_status: 3, si_utime: $ut1, si_stime: $st1}, options: WEXITED, ru: NULL) = 0"
	has_line "waitid(which: P_PID, upid: $killed, infop: {si_signo: SIGCHLD, si_code: CLD_KILLED, si_pid: $killed, si_uid: 0, si_status: SIGKILL, si_utime: $ut2, si_stime: $st2}, options: WEXITED, ru: NULL) = 0"
	has_line "waitid(which: P_ALL, upid: 0, infop: {}, options: WNOHANG|WEXITED, ru: NULL) = 0"
	has_line "rt_sigtimedwait(uthese: [USR2], uinfo: {si_signo: SIGUSR2, si_code: SI_USER, si_pid: $(info_of self), si_uid: 0}, uts: NULL, sigsetsize: 8) = 12"
}
