#!/usr/bin/env bats
# -y, --decode-fds: every fd argument and fd result followed by <its path>,
# tracked from the trace itself (so replays show it), each checked as an
# exact line against the fds the program used (selftests/fds_cases.py).

load helpers

CASES=$BATS_TEST_DIRNAME/fds_cases.py
PY=$(command -v /usr/bin/python3 || command -v python3)

setup() {
	# Paths come from the contents of open's argument.
	need_contents
	out=$BATS_TEST_TMPDIR/trace.out
	data=$BATS_TEST_TMPDIR/perf.data
	file=$BATS_TEST_TMPDIR/first
	other=$BATS_TEST_TMPDIR/second
	printf 'abcdef' > "$file"
	printf 'uvwxyz' > "$other"
}

# sctrace -y ARGS... on case $1 (ARGS before --, the case's after it);
# the trace without "[pid N] " prefixes in $out.bare, what it said in $output.
trace_case() {
	local args=()
	while [ "$1" != -- ]; do
		args+=("$1")
		shift
	done
	shift
	run --separate-stderr sct "${args[@]}" -o "$out" -- "$PY" -I "$CASES" "$@"
	assert_success
	assert_equal "$stderr" ""
	bare "$out"
}

bare() {
	sed -E 's/^\[pid [0-9]+\] //' "$1" > "$out.bare"
}

# What the case printed for key $1.
info_of() {
	awk -v k="$1" '$1 == k { print $2 }' <<< "$output"
}

has_line() {
	grep -qxF -- "$1" "$out.bare" || {
		echo "no line: $1"
		echo "trace:"
		grep -vE '^(mmap|mprotect|munmap|brk|rt_sig|newfstatat|getdents64|ioctl|lseek)\(' "$out.bare"
		return 1
	}
}

has_match() {
	grep -qxE -- "$1" "$out.bare" || {
		echo "no line matching: $1"
		echo "trace:"
		cat "$out.bare"
		return 1
	}
}

# The '<' of a trace outside its quoted strings, counted.
count_unquoted_lt() {
	sed -E 's/"([^"\\]|\\.)*"//g' "$1" | grep -c '<'
}

@test "open then read: the result and the read's fd show the path" {
	trace_case -y -- open_read "$file"
	fd=$(info_of fd)
	has_line "openat(dfd: AT_FDCWD, filename: \"$file\", flags: O_RDONLY) = $fd<$file>"
	has_line "read(fd: $fd<$file>, buf: \"abcd\", count: 4) = 4"
}

@test "--decode-fds is -y; without it fds stay numbers" {
	trace_case --decode-fds -- open_read "$file"
	fd=$(info_of fd)
	has_line "read(fd: $fd<$file>, buf: \"abcd\", count: 4) = 4"
	trace_case -- open_read "$file"
	has_line "openat(dfd: AT_FDCWD, filename: \"$file\", flags: O_RDONLY) = $fd"
	has_line "read(fd: $fd, buf: \"abcd\", count: 4) = 4"
	# Outside quoted data (getrandom's bytes, a file's first bytes may
	# hold a '<'), no fd is followed by a path.
	run count_unquoted_lt "$out.bare"
	assert_output 0
}

@test "dup2 carries the path; the fd it replaces shows what it was" {
	trace_case -y -- dup2 "$file" "$other"
	fd=$(info_of fd) o=$(info_of other)
	has_line "dup2(oldfd: $fd<$file>, newfd: 20) = 20<$file>"
	has_line "read(fd: 20<$file>, buf: \"ab\", count: 2) = 2"
	has_line "close(fd: 20<$file>) = 0"
	has_line "dup2(oldfd: $fd<$file>, newfd: $o<$other>) = $o<$file>"
	has_line "read(fd: $o<$file>, buf: \"c\", count: 1) = 1"
}

@test "close forgets: the number reused shows the new file" {
	trace_case -y -- close_reuse "$file" "$other"
	first=$(info_of first) second=$(info_of second)
	assert_equal "$first" "$second"
	has_line "close(fd: $first<$file>) = 0"
	has_line "openat(dfd: AT_FDCWD, filename: \"$other\", flags: O_RDONLY) = $second<$other>"
	has_line "read(fd: $second<$other>, buf: \"uvw\", count: 3) = 3"
}

@test "fork: the child has the parent's fds; its close is its own" {
	trace_case -y -- fork "$file"
	fd=$(info_of fd) child=$(info_of child)
	grep -qxF "[pid $child] read(fd: $fd<$file>, buf: \"abc\", count: 3) = 3" "$out"
	grep -qxF "[pid $child] close(fd: $fd<$file>) = 0" "$out"
	# The parent's read, after the child's close: still the file.
	has_line "read(fd: $fd<$file>, buf: \"de\", count: 2) = 2"
	run grep -c "^\[pid $child\] read(fd: $fd<$file>, buf: \"de\"" "$out"
	assert_output 0
}

@test "exec drops the close-on-exec fds (O_CLOEXEC, F_SETFD, dup3), keeps the others" {
	trace_case -y -- cloexec_exec "$file"
	fd=$(info_of fd)
	has_line "dup3(oldfd: $fd<$file>, newfd: 30, flags: O_CLOEXEC) = 30<$file>"
	has_line "fcntl(fd: 32<$file>, cmd: F_SETFD, arg: FD_CLOEXEC) = 0"
	has_match "dup3\(oldfd: [0-9]+<pipe:\[[0-9]+\]>, newfd: 34, flags: O_CLOEXEC\) = 34<pipe:\[[0-9]+\]>"
	has_line "read(fd: 31<$file>, buf: \"a\", count: 1) = 1"
	for fd in 30 32 33 34; do
		has_match "read\(fd: $fd, buf: 0x[0-9a-f]+, count: 1\) = -1 EBADF \(Bad file descriptor\)"
	done
}

@test "pipe2: both ends are pipe:[INODE], from /proc while the process runs" {
	trace_case -y -- pipe
	r=$(info_of r) w=$(info_of w) ino=$(info_of inode)
	has_line "pipe2(fildes: [$r, $w], flags: 0) = 0"
	has_line "write(fd: $w<pipe:[$ino]>, buf: \"hi\", count: 2) = 2"
	has_line "read(fd: $r<pipe:[$ino]>, buf: \"hi\", count: 2) = 2"
}

@test "a socket: socket:[INODE] for its result and its later calls" {
	trace_case -y -- sock
	fd=$(info_of fd) ino=$(info_of inode)
	has_line "socket(family: AF_INET, type: SOCK_STREAM, protocol: IPPROTO_IP) = $fd<socket:[$ino]>"
	has_line "listen(fd: $fd<socket:[$ino]>, backlog: 1) = 0"
}

@test "an fd older than the trace: listed from /proc before the command runs" {
	run --separate-stderr sct -y -o "$out" -- "$PY" -I "$CASES" inherited 7<"$file"
	assert_success
	bare "$out"
	# The process is gone long before its events are read: the list was taken first.
	has_line "read(fd: 7<$file>, buf: \"abc\", count: 3) = 3"
	# With -e too, whose unseen calls make /proc the first answer.
	run --separate-stderr sct -y -e read -o "$out" -- "$PY" -I "$CASES" inherited 7<"$file"
	assert_success
	bare "$out"
	has_line "read(fd: 7<$file>, buf: \"abc\", count: 3) = 3"
}

@test "-e: fds follow the calls it leaves out (openat, dup2 over an inherited fd)" {
	# The process is gone before its reads print: /proc cannot say.
	trace_case --decode-fds --expr read -- replaced "$other" 7<"$file"
	fd=$(info_of fd)
	has_line "read(fd: 7<$other>, buf: \"uvw\", count: 3) = 3"
	has_line "read(fd: $fd<$other>, buf: \"xy\", count: 2) = 2"
	# Followed, not shown.
	run grep -cE '^(openat|dup2)\(' "$out.bare"
	assert_output 0
}

@test "-p PID: an fd it opened before sctrace attached" {
	local go=$BATS_TEST_TMPDIR/go i
	"$PY" -I "$CASES" attached "$file" "$go" > "$BATS_TEST_TMPDIR/said" &
	pid=$!
	for ((i = 0; i < LIMIT * 20; i++)); do
		[ -s "$BATS_TEST_TMPDIR/said" ] && break
		sleep 0.05
	done
	fd=$(awk '$1 == "fd" { print $2 }' "$BATS_TEST_TMPDIR/said")
	sct_bg -y -p "$pid" -o "$out"
	for ((i = 0; i < LIMIT * 20; i++)); do
		[ -s "$out" ] && break
		sleep 0.05
	done
	touch "$go"
	wait_bounded "$SCT_PID"
	bare "$out"
	has_line "read(fd: $fd<$file>, buf: \"abc\", count: 3) = 3"
}

@test "a path is escaped as names are, its '>' too" {
	local name=$BATS_TEST_TMPDIR/$'a>b\nc'
	printf q > "$name"
	trace_case -y -- escaped "$name"
	fd=$(info_of fd)
	has_line "read(fd: $fd<$BATS_TEST_TMPDIR/a\\>b\\nc>, buf: \"q\", count: 1) = 1"
}

@test "AT_FDCWD and -1 stay as they are" {
	trace_case -y -- open_read "$file"
	has_match 'openat\(dfd: AT_FDCWD, filename: "[^"]*", flags: [A-Z_|]+\) = [0-9]+<.*>'
	has_match 'mmap\(addr: NULL, len: [0-9]+, prot: [A-Z_|]+, flags: MAP_PRIVATE\|MAP_ANONYMOUS, fd: -1, off: 0\) = 0x[0-9a-f]+'
}

# The lines with the test's files as fds, without prefixes (bats's own
# files, open before the trace, are known live only).
file_lines() {
	sed -E 's/^\[pid [0-9]+\] //' "$1" | grep -F -e "<$file>" -e "<$other>" | sort
}

@test "a replay of a recording shows the paths of the live run" {
	trace_case -y -- fork "$file"
	file_lines "$out" > "$BATS_TEST_TMPDIR/live"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/live")" -eq 4 ]
	run --separate-stderr sct record -o "$data" -- "$PY" -I "$CASES" fork "$file"
	assert_success
	run --separate-stderr sct -y --input "$data" -o "$out"
	assert_success
	file_lines "$out" > "$BATS_TEST_TMPDIR/replayed"
	run diff "$BATS_TEST_TMPDIR/live" "$BATS_TEST_TMPDIR/replayed"
	assert_success
	# dup2 and close too.
	trace_case -y -- dup2 "$file" "$other"
	file_lines "$out" > "$BATS_TEST_TMPDIR/live"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/live")" -eq 7 ]
	sct record -o "$data" -- "$PY" -I "$CASES" dup2 "$file" "$other" > /dev/null
	sct -y --input "$data" -o "$out"
	file_lines "$out" > "$BATS_TEST_TMPDIR/replayed"
	run diff "$BATS_TEST_TMPDIR/live" "$BATS_TEST_TMPDIR/replayed"
	assert_success
}

@test "a replay never asks this machine's /proc: older fds, pipes stay bare" {
	sct record -o "$data" -- "$PY" -I "$CASES" inherited 7<"$file"
	run --separate-stderr sct -y --input "$data" -o "$out"
	assert_success
	bare "$out"
	has_line 'read(fd: 7, buf: "abc", count: 3) = 3'
	run --separate-stderr sct record -o "$data" -- "$PY" -I "$CASES" pipe
	assert_success
	r=$(info_of r) w=$(info_of w)
	run --separate-stderr sct -y --input "$data" -o "$out"
	assert_success
	bare "$out"
	has_line "write(fd: $w, buf: \"hi\", count: 2) = 2"
}

@test "--json with -y: the same events, every line JSON" {
	run --separate-stderr sct -y --json -o "$out" -- "$PY" -I "$CASES" open_read "$file"
	assert_success
	assert_equal "$stderr" ""
	run /usr/bin/python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1]):
    json.loads(line)
    n += 1
print(n)' "$out"
	assert_success
	[ "$output" -gt 10 ]
	grep -q '"name":"openat"' "$out"
	run grep -c "<$file>" "$out"
	assert_output 0
}

@test "record refuses -y: it belongs to the replay" {
	run --separate-stderr sct record -y -o "$data" -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: record prints nothing: give -y when replaying with 'sctrace --input FILE' (the paths come from the recorded calls)"
	[ ! -e "$data" ]
}
