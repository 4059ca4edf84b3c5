#!/usr/bin/env bats
# Each call prints the arguments its operation takes, each cut to its
# type, and an out-argument only where the result says the kernel wrote
# it: build/workloads/arity's calls traced by sctrace and by strace, whose
# lines must be the same once sctrace's names are dropped (issue 31).

load helpers
load strace_compare

ARITY=$WL/arity
WORKLOAD=$ARITY
PY=$(command -v /usr/bin/python3 || command -v python3)

setup() {
	need_contents
	[ -x "$ARITY" ] || skip "no $ARITY: make workloads builds it"
	command -v strace > /dev/null || skip "no strace: the reference these lines are compared with"
	ours=$BATS_TEST_TMPDIR/sctrace.out
	theirs=$BATS_TEST_TMPDIR/strace.out
}

@test "futex: each command prints exactly the arguments strace prints" {
	trace_both futex futex
	same_lines 16
	# Named: the register a command ignores is not printed at all.
	run grep -c 'op: FUTEX_WAKE_PRIVATE, val: 1) = 0$' "$ours"
	assert_output 1
}

@test "fcntl: each command's argument and result as strace prints them" {
	trace_both fcntl fcntl
	# F_OFD_GETLK's conflict is the traced process's own lock: its pid.
	sed -i -E 's/l_pid=[0-9]{3,}/l_pid=PID/' "$ours.pos" "$theirs.pos"
	same_lines 16
	# struct flock: as handed to the kernel, and as it came back (l_pid).
	grep -qxE 'fcntl\([0-9]+, F_SETLK, \{l_type=F_RDLCK, l_whence=SEEK_SET, l_start=0, l_len=1\}\) = 0' "$ours.pos"
	grep -qxE 'fcntl\([0-9]+, F_OFD_GETLK, \{l_type=F_RDLCK, .*, l_pid=PID\}\) = 0' "$ours.pos"
	grep -qxE 'fcntl\([0-9]+, F_GETFD\) = 0x1 \(flags FD_CLOEXEC\)' "$ours.pos"
	grep -qxE 'fcntl\([0-9]+, F_SETFL, O_RDONLY\|O_APPEND\|O_NONBLOCK\) = 0' "$ours.pos"
}

@test "ioctl: requests by name, each with the argument it takes, unknown ones as _IOC()" {
	trace_both ioctl ioctl
	same_lines 24
	# An int or a winsize as handed over, or as the kernel filled it.
	grep -qxE 'ioctl\([0-9]+, TIOCGWINSZ, \{ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0\}\) = 0' "$ours.pos"
	grep -qxE 'ioctl\([0-9]+, FIONREAD, \[3\]\) = 0' "$ours.pos"
	grep -qxE 'ioctl\([0-9]+, FIONBIO, \[1\]\) = 0' "$ours.pos"
	grep -qxE 'ioctl\([0-9]+, TCGETS, NULL\) = -1 ENOTTY .*' "$ours.pos"
	grep -qxE 'ioctl\([0-9]+, FIOCLEX\) = 0' "$ours.pos"
	grep -qxE 'ioctl\([0-9]+, _IOC\(_IOC_READ, 0x78, 0x3, 0x4\), 0\) = -1 ENOTTY .*' "$ours.pos"
}

@test "prctl, arch_prctl, umask, mmap: options by name, their arguments, octal and hex" {
	trace_both prctl prctl,arch_prctl,umask,mmap
	# The C library's start sets its thread pointer at an address of its own.
	sed -i '/ARCH_SET_FS/d' "$ours.pos" "$theirs.pos"
	same_lines 18
	grep -qxF 'prctl(PR_GET_DUMPABLE) = 0 (SUID_DUMP_DISABLE)' "$ours.pos"
	grep -qxF 'prctl(0x4567 /* PR_??? */, 0x1, 0x2, 0x3, 0x4) = -1 EINVAL (Invalid argument)' "$ours.pos"
	grep -qxF 'umask(0777) = 022' "$ours.pos"
}

@test "uname, getgroups, sched_getaffinity, sigaltstack, getcwd, sysinfo: what the kernel filled" {
	trace_both process uname,getgroups,sched_getaffinity,sigaltstack,getcwd,sysinfo
	# sysinfo's figures move between the two runs: its shape is compared.
	sed -i -E '/^sysinfo/s/=[0-9]+/=N/g' "$ours.pos" "$theirs.pos"
	same_lines 9
	grep -qxE 'getcwd\(".+", 4096\) = [0-9]+' "$ours.pos"
	grep -qxE 'getcwd\(ADDR, 2\) = -1 ERANGE .*' "$ours.pos"
	grep -qxF 'sigaltstack(NULL, {ss_sp=ADDR, ss_flags=0, ss_size=65536}) = 0' "$ours.pos"
}

@test "epoll_ctl EPOLL_CTL_DEL: the event the kernel ignores is an address, or NULL" {
	trace_both epoll epoll_ctl
	same_lines 2
	grep -qxE 'epoll_ctl\([0-9]+, EPOLL_CTL_DEL, 0, ADDR\) = -1 EPERM .*' "$ours.pos"
}

@test "32-bit arguments: a register's upper half is no part of them" {
	trace_both upper creat,mkdirat,pipe2,dup3,close,eventfd2
	same_lines 6
	run grep -c 'deadbeef\|0x[0-9a-f]\{9,\}' "$ours"
	assert_output 0
}

@test "--json: an argument's value is what the kernel took of the register" {
	run --separate-stderr sct --json -e trace=mkdirat,pipe2,eventfd2 -o "$ours" -- "$ARITY" upper
	assert_success
	# umode_t is 16 bits; int and unsigned int 32.
	grep -q '"name":"mkdirat",.*"args":{"dfd":-100,"pathname":"0x0","mode":493}' "$ours"
	grep -q '"name":"pipe2",.*"flags":2048[,}]' "$ours"
	grep -q '"name":"eventfd2",.*"args":{"count":1,"flags":524288}' "$ours"
}

@test "wait4: no status where WNOHANG found no child changed, nor where it failed" {
	trace_both wait wait4
	same_lines 3
	run grep -c 'WNOHANG, NULL) = 0$' "$ours.pos"
	assert_output 1
	grep -qxF 'wait4(PID, ADDR, WNOHANG, NULL) = 0' "$ours.pos"
}

@test "getsockname: an unnamed socket's address is its family, a failed call's an address" {
	trace_both sockname getsockname,getpeername
	same_lines 2
	grep -qxE 'getsockname\([0-9]+, \{sa_family=AF_UNIX\}, \[110 => 2\]\) = 0' "$ours.pos"
	grep -qxE 'getpeername\([0-9]+, ADDR, \[110\]\) = -1 ENOTCONN .*' "$ours.pos"
}
