#!/usr/bin/env bats
# Argument contents (issue 14): what pointer arguments point to, read in
# the kernel by sctrace's BPF program, each checked as an exact line
# against what the program passed (selftests/contents_cases.py).

load helpers
load contents_helpers

CASES=$BATS_TEST_DIRNAME/contents_cases.py

setup() {
	contents_setup
}

# The case's trace of the calls in $1, without "[pid N] " prefixes.
trace_case() {
	local calls=$1
	shift
	run --separate-stderr sct -e "$calls" -o "$out" -- "$PY" "$CASES" "$@"
	assert_success
	assert_equal "$stderr" ""
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
}

@test "a path: quotes, backslash, newline, tab and other bytes escaped as strace does" {
	trace_case openat escapes
	has_line 'openat(dfd: AT_FDCWD, filename: "/nonexistent/ct-\"q\"\\\n\t\1\3777", flags: O_RDONLY) = -1 ENOENT (No such file or directory)'
}

@test "data: whole up to 32 bytes, then cut with ... after the quote; read's up to its result" {
	run "$PY" "$CASES" data_lengths
	trace_case read,write data_lengths
	w=$(awk '$1 == "w" { print $2 }' <<< "$output")
	r=$(awk '$1 == "r" { print $2 }' <<< "$output")
	a=$(printf 'a%.0s' {1..31}) b=$(printf 'b%.0s' {1..32}) c=$(printf 'c%.0s' {1..32})
	has_line "write(fd: $w, buf: \"$a\", count: 31) = 31"
	has_line "write(fd: $w, buf: \"$b\", count: 32) = 32"
	has_line "write(fd: $w, buf: \"$c\"..., count: 33) = 33"
	has_line "write(fd: $w, buf: \"\", count: 0) = 0"
	has_line "read(fd: $r, buf: \"$a\", count: 31) = 31"
	has_line "read(fd: $r, buf: \"$b\"..., count: 1000) = 65"
}

@test "--string-limit N cuts data at N bytes; paths stay whole" {
	run --separate-stderr sct --string-limit 4 -e write,newfstatat -o "$out" -- "$PY" "$CASES" data_lengths
	assert_success
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
	grep -qE '^write\(fd: [0-9]+, buf: "aaaa"\.\.\., count: 31\) = 31$' "$out.bare"
	grep -qE '^write\(fd: [0-9]+, buf: "cccc"\.\.\., count: 33\) = 33$' "$out.bare"
	trace_case newfstatat long_path
	has_line "newfstatat(dfd: AT_FDCWD, filename: \"/nonexistent/$(printf 'p%.0s' {1..200})\", statbuf: 0x$(grep -o 'statbuf: 0x[0-9a-f]*' "$out.bare" | tail -n 1 | cut -dx -f2), flag: 0) = -1 ENOENT (No such file or directory)"
}

@test "a path of 4095 bytes, the longest the kernel takes, is shown whole; one byte more is cut" {
	local dir=/nonexistent/$(printf 'd%.0s' {1..200}) path
	path=$dir
	while (( ${#path} + 201 < 4095 )); do path+=/$(printf 'd%.0s' {1..200}); done
	path+=/$(printf 'f%.0s' $(seq $((4095 - ${#path} - 1))))
	[ "${#path}" -eq 4095 ]
	run --separate-stderr sct -e openat -o "$out" -- "$PY" -c 'import os, sys
for p in sys.argv[1:]:
    try:
        os.open(p, os.O_RDONLY)
    except OSError as e:
        print(e.strerror)' "$path" "${path}g"
	assert_success
	assert_output $'No such file or directory\nFile name too long'
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
	has_line "openat(dfd: AT_FDCWD, filename: \"$path\", flags: O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)"
	has_line "openat(dfd: AT_FDCWD, filename: \"$path\"..., flags: O_RDONLY|O_CLOEXEC) = -1 ENAMETOOLONG (File name too long)"
}

@test "--string-limit refuses what the program cannot read" {
	run --separate-stderr sct --string-limit 0 -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: bad --string-limit '0': expected a count of bytes from 1 to 4096, like 64"
	run --separate-stderr sct --string-limit 4097 -- true
	assert_failure 64
}

@test "a string across a page boundary is whole; one running into unmapped memory is its address" {
	trace_case openat page_crossing > "$info"
	"$PY" "$CASES" page_crossing > "$info" 2>/dev/null || true
	has_line 'openat(dfd: AT_FDCWD, filename: "/nonexistent/crossing-the-page-boundary", flags: O_RDONLY) = -1 ENOENT (No such file or directory)'
	grep -qE '^openat\(dfd: AT_FDCWD, filename: 0x[0-9a-f]+, flags: O_RDONLY\) = -1 EFAULT \(Bad address\)$' "$out.bare"
}

@test "a pointer to unmapped memory is its address; NULL stays NULL" {
	trace_case openat unmapped
	has_line 'openat(dfd: AT_FDCWD, filename: 0x10, flags: O_RDONLY) = -1 EFAULT (Bad address)'
	has_line 'openat(dfd: AT_FDCWD, filename: NULL, flags: O_RDONLY) = -1 EFAULT (Bad address)'
}

@test "execve's argv: unreadable, its address; unreadable from an element on, ? there" {
	trace_case execve argv_unmapped
	# ENOENT or EFAULT: kernels look for the file and read argv in either order.
	grep -qE '^execve\(filename: "/nonexistent/argv", argv: 0x10, envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = -1 E(NOENT|FAULT) ' "$out.bare"
	grep -qE '^execve\(filename: "/nonexistent/argv", argv: \["first", \?\], envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = -1 E(NOENT|FAULT) ' "$out.bare"
}

@test "an exec whose path the enter could not read: the retry's if it failed, the kernel's if it ran" {
	trace_case execve exec_unfaulted "$BATS_TEST_TMPDIR/paths"
	grep -qx 'status 0' <<<"$output"
	grep -qE '^execve\(filename: "/nonexistent/unfaulted", argv: \[("true"|0x[0-9a-f]+)\], envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = -1 ENOENT ' "$out.bare"
	grep -qE '^execve\(filename: "/bin/true", argv: \[("true"|0x[0-9a-f]+)\], envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = 0$' "$out.bare"
}

# Whether the bare trace $1 shows the exec of /bin/true with argv
# ["true", "$2"]: whole, or split by another task's event, the argv then
# coming with the resume.
has_exec_argv() {
	grep -qE '(^execve\(filename: "/bin/true", |^<\.\.\. execve resumed>)argv: \["true", "'"$2"'"\], envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = 0$' "$1" ||
		{ echo "no argv [\"true\", \"$2\"] in $1:"; grep -F '/bin/true' -A3 "$1"; return 1; }
}

@test "a successful exec's argv in pages the child never touched: read before the old program goes" {
	mkdir "$BATS_TEST_TMPDIR/words"
	trace_case execve exec_argv_unfaulted "$BATS_TEST_TMPDIR/words"
	grep -qx 'status-leader 0' <<<"$output"
	grep -qx 'status-thread 0' <<<"$output"
	[ -d /sys/kernel/tracing/events/sched/sched_prepare_exec ] ||
		skip "this kernel (before 6.10) has no sched_prepare_exec: such an argv stays addresses"
	# A second thread's exec ends on the leader's tid.
	has_exec_argv "$out.bare" leader
	has_exec_argv "$out.bare" thread
	run --separate-stderr sct --json -e execve -o "$out.json" -- "$PY" "$CASES" exec_argv_unfaulted "$BATS_TEST_TMPDIR/words"
	assert_success
	grep -qF '"contents":{"filename":"/bin/true","argv":["true","leader"],"envp":{"vars":0}}}' "$out.json"
	grep -qF '"contents":{"filename":"/bin/true","argv":["true","thread"],"envp":{"vars":0}}}' "$out.json"
	# The record read at sched_prepare_exec goes into a recording too.
	run --separate-stderr sct record -o "$out.data" -e execve -- "$PY" "$CASES" exec_argv_unfaulted "$BATS_TEST_TMPDIR/words"
	assert_success
	run --separate-stderr sct --input "$out.data" -o "$out.replay"
	assert_success
	sed -E 's/^\[pid [0-9]+\] //' "$out.replay" > "$out.replay.bare"
	has_exec_argv "$out.replay.bare" leader
	has_exec_argv "$out.replay.bare" thread
}

@test "arrays the enter could not read whole: writev's data and a failed exec's argv from the exit" {
	mkdir "$BATS_TEST_TMPDIR/files"
	trace_case writev,execve arrays_unfaulted "$BATS_TEST_TMPDIR/files"
	printf '%s\n' "$output" > "$info"
	grep -qx 'status 0' "$info"
	grep -qx 'written helloworld' "$info"
	has_line "writev(fd: $(info_of fd), vec: [{iov_base: \"hello\", iov_len: 5}, {iov_base: \"world\", iov_len: 5}], vlen: 2) = 10"
	grep -qE "^execve\(filename: \"$BATS_TEST_TMPDIR/files/not-a-program\", argv: \[\"alpha\", \"beta\"\], envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = -1 ENOEXEC " "$out.bare"
}

@test "poll: each pollfd's events, and after the result the revents of the ready one" {
	trace_case poll poll_revents
	run "$PY" "$CASES" poll_revents
	r=$(awk '$1 == "r" { print $2 }' <<< "$output")
	idle=$(awk '$1 == "idle" { print $2 }' <<< "$output")
	has_line "poll(ufds: [{fd: $idle, events: POLLIN}, {fd: $r, events: POLLIN}], nfds: 2, timeout_msecs: 0) = 1 ([{fd: $r, revents: POLLIN}])"
}

# sun_path's 108 bytes: a path that fills it has no NUL, and is shown
# whole, as one a byte shorter; -s does not cut it (strace's way too).
@test "AF_UNIX paths of 107 bytes and of 108, the whole sun_path, shown whole even at -s 4" {
	local n path opts
	for opts in "" "--string-limit 4"; do
		run --separate-stderr sct $opts -e connect -o "$out" -- "$PY" "$CASES" unix_path_bounds
		assert_success
		assert_equal "$stderr" ""
		sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
		fd=$(awk '$1 == "fd" { print $2 }' <<< "$output")
		for n in 107 108; do
			path=/nonexistent/$n$(printf 'u%.0s' $(seq $((n - 16))))
			has_line "connect(fd: $fd, uservaddr: {sa_family: AF_UNIX, sun_path: \"$path\"}, addrlen: 110) = -1 ENOENT (No such file or directory)"
		done
	done
}

@test "socket addresses: AF_INET and AF_INET6 with their ports, AF_UNIX paths, abstract names" {
	trace_case connect sockets
	fd=$(sed -nE 's/^connect\(fd: ([0-9]+),.*/\1/p' "$out.bare" | head -n 1)
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_INET, sin_port: 9, sin_addr: 127.0.0.1}, addrlen: 16) = -1 ECONNREFUSED (Connection refused)"
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_INET6, sin6_port: 8080, sin6_addr: ::1}, addrlen: 28) = -1 ECONNREFUSED (Connection refused)"
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_UNIX, sun_path: \"/nonexistent/ct.sock\"}, addrlen: 23) = -1 ENOENT (No such file or directory)"
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_UNIX, sun_path: @\"ct-abstract\"}, addrlen: 14) = -1 ECONNREFUSED (Connection refused)"
}

@test "stat: the file's type, mode and size, filled by the kernel" {
	trace_case newfstatat stat_file "$BATS_TEST_TMPDIR/sized"
	has_line "newfstatat(dfd: AT_FDCWD, filename: \"$BATS_TEST_TMPDIR/sized\", statbuf: {st_mode: S_IFREG|0640, st_size: 1234, ...}, flag: 0) = 0"
}

# Issue 32: values whose plausible mistakes (the neighbouring field, the
# other byte order, a mask too narrow) print differently from the truth.
@test "values where a mistake shows: revents apart from events, mode bits above 0777, ports unlike swapped" {
	trace_case poll poll_apart
	run "$PY" "$CASES" poll_apart
	r=$(awk '$1 == "r" { print $2 }' <<< "$output")
	w=$(awk '$1 == "w" { print $2 }' <<< "$output")
	has_line "poll(ufds: [{fd: $r, events: POLLIN|POLLPRI}, {fd: $w, events: POLLIN|POLLOUT}], nfds: 2, timeout_msecs: 0) = 1 ([{fd: $w, revents: POLLOUT}])"
	trace_case newfstatat stat_mode_bits "$BATS_TEST_TMPDIR/modes"
	has_line "newfstatat(dfd: AT_FDCWD, filename: \"$BATS_TEST_TMPDIR/modes\", statbuf: {st_mode: S_IFREG|07751, st_size: 4660, ...}, flag: 0) = 0"
	trace_case connect sockets_swapped
	fd=$(sed -nE 's/^connect\(fd: ([0-9]+),.*/\1/p' "$out.bare" | head -n 1)
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_INET, sin_port: 4660, sin_addr: 127.0.0.1}, addrlen: 16) = -1 ECONNREFUSED (Connection refused)"
	has_line "connect(fd: $fd, uservaddr: {sa_family: AF_INET6, sin6_port: 4660, sin6_addr: ::1}, addrlen: 28) = -1 ECONNREFUSED (Connection refused)"
}

@test "struct fields apart: a timespec, an itimerval, an rlimit and an epoll_event each read field by field" {
	trace_case clock_nanosleep,setitimer,prlimit64,epoll_ctl,epoll_wait struct_fields
	run "$PY" "$CASES" struct_fields
	epfd=$(awk '$1 == "epfd" { print $2 }' <<< "$output")
	w=$(awk '$1 == "w" { print $2 }' <<< "$output")
	has_line "clock_nanosleep(which_clock: CLOCK_MONOTONIC, flags: TIMER_ABSTIME, rqtp: {tv_sec: 1, tv_nsec: 234567891}, rmtp: NULL) = 0"
	has_line "setitimer(which: ITIMER_VIRTUAL, value: {it_interval: {tv_sec: 3, tv_usec: 4567}, it_value: {tv_sec: 100, tv_usec: 8910}}, ovalue: NULL) = 0"
	has_line "prlimit64(pid: 0, resource: RLIMIT_CORE, new_rlim: {rlim_cur: 4660, rlim_max: 22136}, old_rlim: NULL) = 0"
	has_line "prlimit64(pid: 0, resource: RLIMIT_CORE, new_rlim: NULL, old_rlim: {rlim_cur: 4660, rlim_max: 22136}) = 0"
	has_line "epoll_ctl(epfd: $epfd, op: EPOLL_CTL_ADD, fd: $w, event: {events: EPOLLIN|EPOLLOUT|EPOLLET, data: {u32: 4660, u64: 4660}}) = 0"
	has_line "epoll_wait(epfd: $epfd, events: [{events: EPOLLOUT, data: {u32: 4660, u64: 4660}}], maxevents: 2, timeout: 0) = 1"
}

@test "--json: the same values where a mistake shows" {
	trace_json poll poll_apart
	run "$PY" "$CASES" poll_apart
	r=$(awk '$1 == "r" { print $2 }' <<< "$output")
	w=$(awk '$1 == "w" { print $2 }' <<< "$output")
	json_has poll "{\"ufds\":[{\"fd\":$r,\"events\":\"POLLIN|POLLPRI\"},{\"fd\":$w,\"events\":\"POLLIN|POLLOUT\"}],\"ufds_out\":[{\"fd\":$w,\"revents\":\"POLLOUT\"}]}"
	trace_json newfstatat stat_mode_bits "$BATS_TEST_TMPDIR/modes"
	json_has newfstatat "{\"filename\":\"$BATS_TEST_TMPDIR/modes\",\"statbuf\":{\"st_mode\":\"S_IFREG|07751\",\"st_size\":4660}}"
	trace_json connect sockets_swapped
	json_has connect '{"uservaddr":{"sa_family":"AF_INET","sin_port":4660,"sin_addr":"127.0.0.1"}}'
	json_has connect '{"uservaddr":{"sa_family":"AF_INET6","sin6_port":4660,"sin6_addr":"::1"}}'
}

@test "argv: --string-limit cuts a string past the limit, not at it; 31 and 32 strings whole, 33 cut after 32" {
	run --separate-stderr sct --string-limit 4 -e execve -o "$out" -- "$PY" "$CASES" argv_limits
	assert_success
	assert_equal "$stderr" ""
	sed -E 's/^\[pid [0-9]+\] //' "$out" > "$out.bare"
	local tail=', envp: 0x[0-9a-f]+ /\* 0 vars \*/\) = 0$'
	grep -qE '^execve\(filename: "/bin/true", argv: \["true", "abc", "abcd", "abcd"\.\.\.\]'"$tail" "$out.bare"
	grep -qE '^execve\(filename: "/bin/true", argv: \["true", "'"$(seq -s '", "' 1 30)"'"\]'"$tail" "$out.bare"
	grep -qE '^execve\(filename: "/bin/true", argv: \["true", "'"$(seq -s '", "' 1 31)"'"\]'"$tail" "$out.bare"
	grep -qE '^execve\(filename: "/bin/true", argv: \["true", "'"$(seq -s '", "' 1 31)"'", \.\.\.\]'"$tail" "$out.bare"
}

@test "a buffer another thread changes during the call: shown as it was when the call began" {
	trace_case write changed_during_call
	run "$PY" "$CASES" changed_during_call
	assert_line "received after--the-change"
	grep -qE '^write\(fd: [0-9]+, buf: "before-the-change", count: 17\) = 17$' "$out.bare"
}

@test "32 threads opening at once: each line has its own thread's path" {
	run --separate-stderr sct -e openat -o "$out" -- "$PY" "$CASES" threads_openat
	assert_success
	echo "$output" > "$info"
	for i in $(seq 0 31); do
		tid=$(info_of "thread-$i")
		[ -n "$tid" ]
		call="[pid $tid] openat(dfd: AT_FDCWD, filename: \"/nonexistent/thread-$i\", flags: O_RDONLY"
		result=") = -1 ENOENT (No such file or directory)"
		# Another thread's event between enter and exit splits the
		# line, as strace -f does: then both halves name this thread.
		grep -qxF "$call$result" "$out" ||
			{ grep -qxF "$call <unfinished ...>" "$out" &&
			  grep -qxF "[pid $tid] <... openat resumed>$result" "$out"; } ||
			{ echo "thread $i ($tid): no line of its own"; grep "pid $tid\]" "$out"; return 1; }
	done
}

@test "a read that waits: the line stops at its buffer, the data comes at the resume" {
	trace_case read resumed
	grep -qE '^read\(fd: [0-9]+, <unfinished \.\.\.>$' "$out.bare"
	has_line '<... read resumed>buf: "late data", count: 100) = 9'
}

@test "the command's exec as strace shows it: path, argv, a count of envp" {
	run --separate-stderr sct -o "$out" -- env -i A=1 B=2 /bin/true x "y z"
	assert_success
	grep -qE '^execve\(filename: "/bin/true", argv: \["/bin/true", "x", "y z"\], envp: 0x[0-9a-f]+ /\* 2 vars \*/\) = 0$' "$out"
}

@test "envp's count: exact across the program's blocks of 32, \"or more\" from 1024 on" {
	local n vars
	for n in 31 32 33 1023 1024 1500; do
		mapfile -t vars < <(seq -f 'V%g=1' 1 "$n")
		run --separate-stderr sct -e execve -o "$out" -- env -i "${vars[@]}" /bin/true
		assert_success
		if [ "$n" -lt 1024 ]; then
			grep -qE "^execve\(.*envp: 0x[0-9a-f]+ /\* $n vars \*/\) = 0$" "$out"
		else
			grep -qE '^execve\(.*envp: 0x[0-9a-f]+ /\* 1024 or more vars \*/\) = 0$' "$out"
		fi
	done
}

# The case's --json trace of the calls in $1; every line must be JSON.
trace_json() {
	local calls=$1
	shift
	run --separate-stderr sct --json -e "$calls" -o "$out" -- "$PY" "$CASES" "$@"
	assert_success
	assert_equal "$stderr" ""
}

# A call named $1 whose "contents" is the JSON $2 and "contents_cut" $3.
json_has() {
	"$PY" - "$out" "$1" "$2" "${3:-}" <<'PYEOF'
import json, sys
path, name, want, cut = sys.argv[1:]
want, cut = json.loads(want), json.loads(cut) if cut else None
objs = [json.loads(line) for line in open(path, encoding="ascii")]
if any(o.get("name") == name and o.get("contents") == want and
       o.get("contents_cut") == cut for o in objs):
    sys.exit(0)
print("no", name, "with contents", json.dumps(want), "cut", cut)
for o in objs:
    if o.get("name") == name:
        print("  has", json.dumps(o.get("contents")), o.get("contents_cut"))
sys.exit(1)
PYEOF
}

@test "--json: contents as JSON strings and objects, the bytes exact, cuts listed" {
	trace_json openat escapes
	json_has openat '{"filename":"/nonexistent/ct-\"q\"\\\n\t\u0001\u00ff7"}'
	trace_json write,read data_lengths
	json_has write "{\"buf\":\"$(printf 'a%.0s' {1..31})\"}"
	json_has write "{\"buf\":\"$(printf 'b%.0s' {1..32})\"}"
	json_has write "{\"buf\":\"$(printf 'c%.0s' {1..32})\"}" '["buf"]'
	json_has read "{\"buf\":\"$(printf 'b%.0s' {1..32})\"}" '["buf"]'
	trace_json poll poll_revents
	run "$PY" "$CASES" poll_revents
	r=$(awk '$1 == "r" { print $2 }' <<< "$output")
	idle=$(awk '$1 == "idle" { print $2 }' <<< "$output")
	json_has poll "{\"ufds\":[{\"fd\":$idle,\"events\":\"POLLIN\"},{\"fd\":$r,\"events\":\"POLLIN\"}],\"ufds_out\":[{\"fd\":$r,\"revents\":\"POLLIN\"}]}"
	trace_json connect sockets
	json_has connect '{"uservaddr":{"sa_family":"AF_INET","sin_port":9,"sin_addr":"127.0.0.1"}}'
	json_has connect '{"uservaddr":{"sa_family":"AF_INET6","sin6_port":8080,"sin6_addr":"::1"}}'
	json_has connect '{"uservaddr":{"sa_family":"AF_UNIX","sun_path":"/nonexistent/ct.sock"}}'
	json_has connect '{"uservaddr":{"sa_family":"AF_UNIX","sun_path":"\u0000ct-abstract"}}'
	trace_json newfstatat stat_file "$BATS_TEST_TMPDIR/sized"
	json_has newfstatat "{\"filename\":\"$BATS_TEST_TMPDIR/sized\",\"statbuf\":{\"st_mode\":\"S_IFREG|0640\",\"st_size\":1234}}"
}

@test "--json --no-contents: no contents field, and no notice" {
	run --separate-stderr sct --json --no-contents -e openat -o "$out" -- "$PY" "$CASES" escapes
	assert_success
	assert_equal "$stderr" ""
	grep -q '"name":"openat"' "$out"
	run grep -c '"contents' "$out"
	assert_output 0
}

@test "--no-contents: addresses as before, and no notice" {
	run --separate-stderr sct --no-contents -e openat -o "$out" -- "$PY" "$CASES" escapes
	assert_success
	assert_equal "$stderr" ""
	grep -qE '^openat\(dfd: AT_FDCWD, filename: 0x[0-9a-f]+, flags: O_RDONLY\) = -1 ENOENT' "$out"
}

@test "no CAP_BPF: one notice saying why, addresses, the rest traced as before" {
	run --separate-stderr setpriv --inh-caps=-bpf,-sys_admin --bounding-set=-bpf,-sys_admin \
		"$SCTRACE" -e openat -o "$out" -- "$PY" "$CASES" escapes
	assert_success
	[[ "$stderr" == "sctrace: notice: pointer arguments are shown as addresses: loading the BPF program failed: Operation not permitted (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN); "*" (--no-contents hides this notice)" ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	grep -qE '^openat\(dfd: AT_FDCWD, filename: 0x[0-9a-f]+, flags: O_RDONLY\) = -1 ENOENT' "$out"
	tail -n 1 "$out" | grep -qx '+++ exited with 0 +++'
}

@test "record and replay: the contents come back from the file exactly" {
	data=$BATS_TEST_TMPDIR/ct.data
	run --separate-stderr sct record -o "$data" -e openat,connect,poll -- "$PY" "$CASES" sockets
	assert_success
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	grep -qE '^connect\(fd: [0-9]+, uservaddr: \{sa_family: AF_INET6, sin6_port: 8080, sin6_addr: ::1\}, addrlen: 28\) = -1 ECONNREFUSED \(Connection refused\)$' "$out"
	run --separate-stderr sct -e openat,connect,poll -o "$out.live" -- "$PY" "$CASES" sockets
	diff <(grep connect "$out") <(grep connect "$out.live")
}

@test "in a pid namespace: the command's contents and its child's, read by their ids there" {
	need_pid_ns
	run --separate-stderr timeout -k 5 "$LIMIT" unshare -pf --mount-proc \
		"$SCTRACE" -e execve,openat -o "$out" -- sh -c 'cat /etc/hostname; true'
	assert_success
	assert_equal "$stderr" ""
	# The command's own exec, read at its enter.
	grep -qE '^execve\(filename: "/usr/bin/sh", argv: \["sh", "-c", "cat /etc/hostname; true"\], envp: 0x[0-9a-f]+ /\* [0-9]+ vars \*/\) = 0$' "$out"
	# Its forked child's, traced from the fork on: only cat opens the file.
	grep -qE '^\[pid [0-9]+\] execve\(filename: "/usr/bin/cat", argv: \["cat", "/etc/hostname"\], envp: 0x[0-9a-f]+ /\* [0-9]+ vars \*/\) = 0$' "$out"
	grep -qE '^\[pid [0-9]+\] openat\(dfd: AT_FDCWD, filename: "/etc/hostname", flags: O_RDONLY\) = [0-9]+$' "$out"
}
