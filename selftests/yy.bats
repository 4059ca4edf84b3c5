#!/usr/bin/env bats
# -yy and -y on sockets, pipes and devices, beside strace 6.1 on the same
# workload (selftests/yy_cases.py): the <...> after each fd must be strace's.

load helpers

CASES=$BATS_TEST_DIRNAME/yy_cases.py
PY=$(command -v /usr/bin/python3 || command -v python3)

setup() {
	need_contents
	command -v strace >/dev/null || skip "no strace here to compare with"
	out=$BATS_TEST_TMPDIR/sctrace.out
	ref=$BATS_TEST_TMPDIR/strace.out
}

# Each traced line's first fd and what follows it in <...>, in order:
# strace writes "getsockopt(3<...>, ...", sctrace "getsockopt(fd: 3<...>, ...".
annotations() {
	sed -E 's/^(\[pid +[0-9]+\] |[0-9]+ +)//' "$1" |
		perl -ne 'print "$1 $2\n" if /^(getsockopt|write|read|fcntl)\((?:fd: )?(\d+<.*?>), /' |
		grep -E '^(getsockopt|write) |^read [0-9]+<[^/]|^fcntl [0-9]+<pid:'
}

# What differs from one run to the next: fd numbers (the tracers leave
# different fds open), inodes, ports, the pid in a name.
run_free() {
	sed -E 's/^([a-z]+) [0-9]+</\1 FD</; s/\[[0-9]+/[INODE/; s/->[0-9]+/->INODE/; s/:[0-9]+(\]|->)/:PORT\1/g;
		s/-[0-9]+"/-PID"/; s/<pid:[0-9]+>/<pid:PID>/' "$1"
}

# Both tracers with OPTIONS... (-y, -yy, --decode-fds=SET) on the cases;
# their annotations compared, of at least MIN fds (7 or 8 sockets, a
# pipe twice, /dev/null, a pidfd, as OPTIONS show them).
compare() {
	local min=$1
	shift
	run --separate-stderr sct "$@" -e getsockopt,write,read,fcntl -o "$out" -- "$PY" -I "$CASES"
	assert_success
	assert_equal "$stderr" ""
	strace -qq "$@" -e trace=getsockopt,write,read,fcntl -o "$ref" "$PY" -I "$CASES"
	annotations "$ref" > "$ref.fds"
	annotations "$out" > "$out.fds"
	[ "$(wc -l < "$ref.fds")" -ge "$min" ] || fail "strace showed too few fds: $(cat "$ref")"
	run diff -u <(run_free "$ref.fds") <(run_free "$out.fds")
	assert_success
}

# The numbers sctrace showed fit together: the socketpair's ends name each
# other, the client's port is the accepted socket's peer port.
check_peers() {
	local a b
	a=$(grep -oE 'UNIX-STREAM:\[[0-9]+->[0-9]+\]' "$out.fds" | sed -n 1p | tr -dc '0-9>')
	b=$(grep -oE 'UNIX-STREAM:\[[0-9]+->[0-9]+\]' "$out.fds" | sed -n 2p | tr -dc '0-9>')
	[ -n "$a" ] || fail "no socketpair: $(cat "$out.fds")"
	assert_equal "${a#*>}>${a%>*}" "$b"
	# The workload's second socket is the client, its third the accepted one.
	a=$(sed -nE '2s/^getsockopt [0-9]+<TCP:\[127\.0\.0\.1:([0-9]+)->.*/\1/p' "$out.fds")
	b=$(sed -nE '3s/^getsockopt [0-9]+<TCP:\[.*->127\.0\.0\.1:([0-9]+)\]>$/\1/p' "$out.fds")
	[ -n "$a" ] || fail "no connected TCP client second: $(cat "$out.fds")"
	assert_equal "$a" "$b"
}

@test "-yy: TCP, UDP, UNIX sockets, pipes and devices as strace -yy shows them" {
	compare 12 -yy
	check_peers
	# Each kind is there, so the comparison covers it.
	run cat "$out.fds"
	assert_output --regexp 'getsockopt [0-9]+<TCP:\[127\.0\.0\.1:[0-9]+->127\.0\.0\.1:[0-9]+\]>'
	assert_output --regexp 'getsockopt [0-9]+<TCP:\[127\.0\.0\.1:[0-9]+\]>'
	assert_output --regexp 'getsockopt [0-9]+<UDP:\[127\.0\.0\.1:[0-9]+->127\.0\.0\.1:[0-9]+\]>'
	assert_output --regexp 'getsockopt [0-9]+<UNIX-STREAM:\[[0-9]+->[0-9]+\]>'
	assert_output --regexp 'getsockopt [0-9]+<UNIX:\[[0-9]+,@"sctrace-yy-[0-9]+"\]>'
	assert_output --regexp 'write [0-9]+<pipe:\[[0-9]+\]>'
	assert_output --regexp 'write [0-9]+</dev/null<char 1:3>>'
	# The pidfd is the workload's own, whose pid its socket's name has.
	local pid
	pid=$(grep -oE '@"sctrace-yy-[0-9]+"' "$out.fds" | tr -dc 0-9)
	assert_output --regexp "fcntl [0-9]+<pid:$pid>"
}

@test "-y: sockets as socket:[INODE], devices as their path, as strace -y" {
	compare 10 -y
	run cat "$out.fds"
	assert_output --regexp 'getsockopt [0-9]+<socket:\[[0-9]+\]>'
	assert_output --regexp 'write [0-9]+</dev/null>'
	refute_output --partial 'TCP:'
}

@test "--decode-fds=SET, -e decode-fds=SET: what each kind shows, as strace's" {
	# Sockets only: 7 or 8; devices only: /dev/null; pidfds only: one.
	compare 7 --decode-fds=socket
	run cat "$out.fds"
	assert_output --partial 'UNIX-STREAM:['
	refute_output --partial 'pipe:'
	refute_output --partial '/dev/null'
	compare 1 --decode-fds=dev
	run cat "$out.fds"
	assert_output --regexp '^write [0-9]+</dev/null<char 1:3>>$'
	compare 1 --decode-fds=pidfd
	compare 10 --decode-fds=path,socket
	compare 12 -e decode-fds=all
	compare 10 --decode-fds
}

@test "--decode-fds: an unknown kind is said in one line" {
	run --separate-stderr sct --decode-fds=path,sockets -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: --decode-fds 'path,sockets': not one of path, socket, dev, pidfd, all, none; give a comma-separated list of them"
}

@test "-yy in a replay: what the trace knows, as -y shows it (sock_diag is live only)" {
	run --separate-stderr sct record -o "$BATS_TEST_TMPDIR/perf.data" -- "$PY" -I "$CASES"
	assert_success
	run --separate-stderr sct -yy -e getsockopt,write --input "$BATS_TEST_TMPDIR/perf.data"
	assert_success
	output=$stderr
	refute_output --partial 'TCP:'
	assert_output --regexp 'write\(fd: [0-9]+</dev/null>,'
}

# A cgroup v2 beside this one's, made for the test: its path in $cg.
make_cgroup() {
	local mnt path
	mnt=$(awk '/ - cgroup2 / { print $5; exit }' /proc/self/mountinfo)
	path=$(sed -n 's/^0:://p' /proc/self/cgroup)
	cg=$mnt${path%/}/sctrace-yy-$$-$BATS_TEST_NUMBER
	mkdir "$cg"
}

# Opens the file ARGV[0] every 20 ms until the file ARGV[1] exists.
OPEN_UNTIL='until (-e $ARGV[1]) { open(my $f, "<", $ARGV[0]); sleep 0.02 }'

# COMMAND... run in the cgroup $cg (it moves itself in, then execs);
# run in the background, it keeps the pid $! names.
in_cgroup() {
	exec sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$@"
}

teardown() {
	if [ -n "${cg:-}" ] && [ -d "$cg" ]; then
		# Anything left goes back to this test's own cgroup first.
		while read -r pid; do
			echo "$pid" > "$(dirname "$cg")/cgroup.procs" || true
		done < "$cg/cgroup.procs"
		rmdir "$cg"
	fi
}

@test "--cgroup: the tasks of a cgroup v2 traced system-wide, no task outside it" {
	need_root
	need_cgroup2_writable
	local go=$BATS_TEST_TMPDIR/go in=$BATS_TEST_TMPDIR/inside out_marker=$BATS_TEST_TMPDIR/outside
	make_cgroup
	in_cgroup perl -MTime::HiRes=sleep -e "$OPEN_UNTIL" "$in" "$go" &
	local inside=$!
	perl -MTime::HiRes=sleep -e "$OPEN_UNTIL" "$out_marker" "$go" &
	local outside=$!
	sct_bg --cgroup "$cg" -e openat -o "$out"
	wait_until grep -q "inside" "$out" || true
	touch "$go"
	wait "$inside" "$outside"
	kill -INT "$SCT_PID"
	wait_bounded "$SCT_PID"
	grep -q "^\[pid $inside\] openat(.*\"$in\"" "$out" || fail "the cgroup's task is not traced: $(head -n 5 "$out")"
	run grep -c "outside" "$out"
	assert_output 0
}

@test "--cgroup takes a path below the cgroup2 mount, as perf trace -G does" {
	need_root
	need_cgroup2_writable
	local go=$BATS_TEST_TMPDIR/go in=$BATS_TEST_TMPDIR/inside mnt
	make_cgroup
	mnt=$(awk '/ - cgroup2 / { print $5; exit }' /proc/self/mountinfo)
	in_cgroup perl -MTime::HiRes=sleep -e "$OPEN_UNTIL" "$in" "$go" &
	local inside=$!
	sct_bg --cgroup "${cg#"$mnt"/}" -e openat -o "$out"
	wait_until grep -q "inside" "$out" || true
	touch "$go"
	wait "$inside"
	kill -INT "$SCT_PID"
	wait_bounded "$SCT_PID"
	grep -q "^\[pid $inside\] openat(.*\"$in\"" "$out" || fail "the cgroup's task is not traced: $(head -n 5 "$out")"
}

@test "--cgroup: no such cgroup, or with a command, said in one line" {
	run --separate-stderr sct --cgroup /nonexistent/sctrace-no-cgroup -e openat
	assert_failure 64
	[[ "$stderr" == "sctrace: --cgroup '/nonexistent/sctrace-no-cgroup': "* ]] || fail "$stderr"
	run --separate-stderr sct --cgroup / -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: --cgroup traces the tasks of a cgroup, system-wide, live: it takes no command, -p, --tid, --uid or --input"
}

PIDNS_CALLS=getpid,getppid,kill,getpgid,getsid,setpgid,sched_getaffinity,clone,wait4,pidfd_open,getpriority

# Each pid a line translates, as "CALL VALUE" (a result as "CALL =VALUE"),
# sorted: which values carry a translation, whatever the line's split.
translated() {
	perl -ne 'next if /^(\[pid +\d+\] )?---/;
		/^(?:\[pid +\d+\] |\d+ +)?(?:<\.\.\. )?(\w+)/ or next; my $n = $1;
		print "$n $1$2\n" while /(= )?(-?\d+) \/\* \d+ in s?c?trace.s PID NS \*\//g' "$1" |
		sed 's/= /=/' | sort
}

@test "--pidns-translation: pids in a pid namespace, and in sctrace's, as strace shows them" {
	need_contents
	need_pid_ns
	command -v strace >/dev/null || skip "no strace here to compare with"
	run --separate-stderr sct --pidns-translation -e "$PIDNS_CALLS" -o "$out" -- \
		unshare -fp --mount-proc "$PY" -I "$BATS_TEST_DIRNAME/pidns_cases.py"
	assert_success
	strace -f -qq --pidns-translation -e trace="$PIDNS_CALLS" -o "$ref" \
		unshare -fp --mount-proc "$PY" -I "$BATS_TEST_DIRNAME/pidns_cases.py"
	translated "$ref" > "$ref.pids"
	translated "$out" > "$out.pids"
	# getpid, kill, getpgid... of pid 1, clone's child 2: about a dozen.
	[ "$(wc -l < "$ref.pids")" -ge 8 ] || fail "strace translated too few pids: $(cat "$ref")"
	run diff -u "$ref.pids" "$out.pids"
	assert_success
	# The numbers are the right ones: pid 1 is the process whose lines
	# carry [pid N], and clone's child is the other [pid N].
	local leader child
	leader=$(sed -nE 's/^\[pid +([0-9]+)\] getpid\(\) = 1 .*/\1/p' "$out")
	[ -n "$leader" ] || fail "no getpid() = 1: $(cat "$out")"
	grep -q "^\[pid $leader\] getpid() = 1 /\* $leader in sctrace's PID NS \*/$" "$out"
	child=$(sed -nE 's/^\[pid +[0-9]+\] clone\(.*\) = 2 \/\* ([0-9]+) in .*/\1/p' "$out")
	[ -n "$child" ] && [ "$child" != "$leader" ] || fail "clone's child not translated: $(cat "$out")"
	grep -q "^\[pid $leader\] kill(pid: 2 /\* $child in sctrace's PID NS \*/, sig: 0) = 0$" "$out"
}

@test "--pidns-translation: nothing added in sctrace's own pid namespace" {
	need_contents
	run --separate-stderr sct --pidns-translation -e getpid -o "$out" -- "$PY" -c 'import os; os.getpid()'
	assert_success
	grep -q "^getpid() = [0-9]*$" "$out"
}
