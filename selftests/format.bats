#!/usr/bin/env bats
# --format=strace (issue 31 item 3): strace 6.1's own lines, from the
# same decoders as sctrace's named form, each against strace on the same
# workload; --format=sctrace is the default named form.

load helpers

setup() {
	need_root
	command -v strace >/dev/null || skip "no strace here"
	dir=$BATS_TEST_TMPDIR
	printf 'hello\n' >"$dir/f"
}

# A trace's lines with every address (hex of 5 digits and more) as ADDR.
addrs_out() {
	sed -E 's/0x[0-9a-f]{5,}/ADDR/g' "$1"
}

# The lines of FILE from the first matching the ERE FROM to the end.
from_line() {
	sed -nE "\\|$2|,\$p" "$1"
}

# strace and sctrace --format=strace, each on the command.
both_trace() {
	strace -o "$dir/st" -- "$@" >/dev/null
	run --separate-stderr sct --format=strace -o "$dir/sc" -- "$@"
	assert_success
}

# The lines of both traces that match the ERE, addresses as ADDR and hex
# bytes as \xNN where the bytes differ by run (SED: a sed expression
# more), must be the same, and strace must show at least LEAST of them.
same_calls() {
	local re=$1 least=$2 more=${3:-}
	addrs_out "$dir/st" | sed -E "$more" | grep -E "$re" >"$dir/st.calls" || true
	addrs_out "$dir/sc" | sed -E "$more" | grep -E "$re" >"$dir/sc.calls" || true
	[ "$(wc -l <"$dir/st.calls")" -ge "$least" ] ||
		fail "strace shows fewer than $least: $(cat "$dir/st.calls")"
	run diff "$dir/st.calls" "$dir/sc.calls"
	assert_success
}

@test "--format=strace: cat's lines from opening its file are strace's, byte for byte" {
	need_contents
	strace -o "$dir/st" cat "$dir/f" >/dev/null
	run --separate-stderr sct --format=strace -o "$dir/sc" -- cat "$dir/f"
	assert_success
	[ -z "$stderr" ] || fail "stderr: $stderr"
	# From the open of the file: fstat's struct, read, write, close, the
	# padding to column 40, exit_group's "= ?" and the exit line.
	from_line "$dir/st" "^openat\\(AT_FDCWD, \"$dir/f\"" | grep -v '^fadvise64' >"$dir/st.tail"
	from_line "$dir/sc" "^openat\\(AT_FDCWD, \"$dir/f\"" | grep -v '^fadvise64' >"$dir/sc.tail"
	[ "$(wc -l <"$dir/st.tail")" -ge 10 ] || fail "strace's tail is short: $(cat "$dir/st.tail")"
	run diff <(addrs_out "$dir/st.tail") <(addrs_out "$dir/sc.tail")
	assert_success
	# bats holds fd 3 open: the file's fd may be another.
	grep -qxE 'close\([0-9]\) {32}= 0' "$dir/sc.tail"
	grep -qE '^newfstatat\([0-9], "", \{st_mode=S_IFREG\|0644, st_size=6, \.\.\.\}, AT_EMPTY_PATH\) = 0$' "$dir/sc.tail"
}

@test "--format=strace: execve, mmap and openat lines before the file are strace's" {
	need_contents
	strace -o "$dir/st" cat "$dir/f" >/dev/null
	run --separate-stderr sct --format=strace -o "$dir/sc" -- cat "$dir/f"
	assert_success
	local re='^(execve|access|openat|close|read|brk\(NULL\))'
	run diff <(addrs_out "$dir/st" | grep -E "$re") <(addrs_out "$dir/sc" | grep -E "$re")
	assert_success
}

@test "--format=strace -f -o FILE: every line starts with the task's pid, as strace's" {
	strace -f -o "$dir/st" sh -c 'true & wait'
	run --separate-stderr sct --format=strace -f -o "$dir/sc" -- sh -c 'true & wait'
	assert_success
	run grep -cvE '^[0-9]+ +[^ ]' "$dir/st"
	assert_output 0
	run grep -cvE '^[0-9]+ +[^ ]' "$dir/sc"
	assert_output 0
	grep -qE '^[0-9]+ +execve\("/usr/bin/sh", \["sh", "-c", "true & wait"\]' "$dir/sc"
	grep -qE '^[0-9]+ +\+\+\+ exited with 0 \+\+\+$' "$dir/sc"
}

@test "--format=strace: a call left open reads '(ARG,  <unfinished ...>', then '<... NAME resumed>' as strace" {
	need_contents
	local prog='import os, time
pid = os.fork()
if pid == 0:
    time.sleep(0.2)
    os.getppid()
    os._exit(0)
os.waitpid(pid, 0)'
	run --separate-stderr sct --format=strace -o "$dir/sc" -- /usr/bin/python3 -c "$prog"
	assert_success
	# A task is known by its first call: the child may not have made one
	# yet when the parent enters wait4, so that line may have no prefix.
	grep -qE '^(\[pid +[0-9]+\] )?wait4\([0-9]+,  <unfinished \.\.\.>$' "$dir/sc" ||
		fail "no open wait4 line: $(grep wait4 "$dir/sc")"
	grep -qE '^\[pid +[0-9]+\] <\.\.\. wait4 resumed>\[\{WIFEXITED\(s\) && WEXITSTATUS\(s\) == 0\}\], 0, NULL\) = [0-9]+$' "$dir/sc" ||
		fail "no resumed wait4 line: $(grep wait4 "$dir/sc")"
}

@test "--format=sctrace is the default: arguments and fields by name" {
	need_contents
	run --separate-stderr sct --format=sctrace -o "$dir/sc" -- cat "$dir/f"
	assert_success
	grep -qxE "openat\(dfd: AT_FDCWD, filename: \"$dir/f\", flags: O_RDONLY\) = [0-9]" "$dir/sc"
	grep -qE '^newfstatat\(dfd: [0-9], filename: "", statbuf: \{st_mode: S_IFREG\|0644, st_size: 6, \.\.\.\}, flag: AT_EMPTY_PATH\) = 0$' "$dir/sc"
}

@test "--format=strace -a 10: an explicit column wins over strace's 40" {
	run --separate-stderr sct --format=strace -a 10 -o "$dir/sc" -- true
	assert_success
	grep -qxE 'exit_group\(0\) = \?' "$dir/sc"
}

@test "--format with an unknown name: one line saying what it takes" {
	run --separate-stderr sct --format=perf -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: bad --format 'perf': give sctrace (arguments by name, the default) or strace (strace's own lines)"
}

@test "--format=strace --json: refused in one line" {
	run --separate-stderr sct --format=strace --json -- true
	assert_failure 64
	assert_equal "$stderr" "sctrace: --format=strace shapes text lines, and --json writes JSON: drop one of them"
}

@test "--format=strace: an id of -1 is -1, as strace writes it (setresuid, setreuid, chown)" {
	need_contents
	local prog="import os
os.setresuid(-1, -1, -1); os.setresgid(-1, 0, -1)
os.setreuid(-1, -1); os.setregid(0, -1)
os.chown('$dir/f', -1, -1); os.chown('$dir/f', 0, -1)"
	both_trace /usr/bin/python3 -c "$prog"
	same_calls '^(setres[ug]id|setre[ug]id|chown)\(' 6
	grep -qE '^setresuid\(-1, -1, -1\) += 0$' "$dir/sc"
}

@test "--format=strace: rseq's length and signature in hex, as strace; decimal in sctrace's lines" {
	both_trace true
	same_calls '^rseq\(' 1
	grep -qE '^rseq\(0x[0-9a-f]+, 0x20, 0, 0x[0-9a-f]+\) += 0$' "$dir/sc"
	run --separate-stderr sct -o "$dir/named" -- true
	grep -qE '^rseq\(rseq: 0x[0-9a-f]+, rseq_len: 32, flags: 0, sig: [0-9]+\) = 0$' "$dir/named"
}

@test "--format=strace: limits as strace writes them: N*1024 above 1024, RLIM64_INFINITY" {
	need_contents
	local prog='import resource
for v in (0, 1024, 1025, 2048, 8192 * 1024):
    resource.setrlimit(resource.RLIMIT_CORE, (v, resource.RLIM_INFINITY))
    resource.getrlimit(resource.RLIMIT_CORE)'
	both_trace /usr/bin/python3 -c "$prog"
	same_calls '^prlimit64\(0, RLIMIT_CORE, ' 10
	grep -qxF 'prlimit64(0, RLIMIT_CORE, {rlim_cur=8192*1024, rlim_max=RLIM64_INFINITY}, NULL) = 0' "$dir/sc"
	run --separate-stderr sct -o "$dir/named" -- /usr/bin/python3 -c "$prog"
	grep -qF 'new_rlim: {rlim_cur: 8388608, rlim_max: RLIM_INFINITY}' "$dir/named"
}

@test "--format=strace: a mode's set-id and sticky bits by name, as strace (stat, statx)" {
	need_contents
	mkdir "$dir/m" "$dir/m/t"
	touch "$dir/m/a" "$dir/m/b" "$dir/m/c"
	chmod 07751 "$dir/m/a"
	chmod 0 "$dir/m/b"
	chmod 01007 "$dir/m/c"
	chmod 01777 "$dir/m/t"
	local prog="import os
for n in 'abct':
    os.stat('$dir/m/' + n)"
	both_trace /usr/bin/python3 -c "$prog"
	same_calls "^newfstatat\\(AT_FDCWD, \"$dir/m/" 4
	grep -qF 'st_mode=S_IFREG|S_ISUID|S_ISGID|S_ISVTX|0751,' "$dir/sc"
	grep -qF 'st_mode=S_IFREG|000,' "$dir/sc"
	both_trace stat -c %a "$dir/m/a" "$dir/m/b" "$dir/m/c" "$dir/m/t"
	same_calls "^statx\\(AT_FDCWD, \"$dir/m/" 4
	grep -qF 'stx_mode=S_IFDIR|S_ISVTX|0777,' "$dir/sc"
}

@test "--format=strace: getrandom's bytes in hex, as strace (its rule for them), cut at -s" {
	need_contents
	local prog='import os
os.getrandom(8); os.getrandom(40); os.getrandom(0)'
	both_trace /usr/bin/python3 -c "$prog"
	# The bytes differ by run: each is \xNN, and they must all be so.
	same_calls '^getrandom\(' 4 's/\\x[0-9a-f]{2}/\\xNN/g'
	grep -qxE 'getrandom\("(\\xNN){32}"\.\.\., 40, 0\) += 40' "$dir/sc.calls"
	grep -qxE 'getrandom\("", 0, 0\) += 0' "$dir/sc.calls"
}

@test "--format=strace: IPv4 and IPv6 addresses as strace writes them: htons(), inet_addr(), inet_pton()" {
	need_contents
	local prog="import socket
for family, addr in ((socket.AF_INET, ('127.0.0.1', 9)), (socket.AF_INET6, ('::1', 9, 0x12345, 0)),
                     (socket.AF_INET6, ('fe80::1', 9, 0, 1)), (socket.AF_INET6, ('2001:db8::1', 9, 0, 5))):
    try:
        socket.socket(family).connect(addr)
    except OSError:
        pass"
	both_trace /usr/bin/python3 -c "$prog"
	same_calls '^connect\(' 4
	grep -qF '{sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, 16)' "$dir/sc"
	grep -qF 'inet_pton(AF_INET6, "fe80::1", &sin6_addr), sin6_scope_id=if_nametoindex("lo")}' "$dir/sc"
	run --separate-stderr sct -o "$dir/named" -- /usr/bin/python3 -c "$prog"
	grep -qF 'uservaddr: {sa_family: AF_INET, sin_port: 9, sin_addr: 127.0.0.1}' "$dir/named"
}

@test "--format=strace: O_PATH's open shows O_RDONLY too, as strace" {
	need_contents
	local prog="import os
os.open('$dir', os.O_PATH); os.open('$dir', os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW)"
	both_trace /usr/bin/python3 -c "$prog"
	same_calls "^openat\\(AT_FDCWD, \"$dir\", " 2
	grep -qE "^openat\\(AT_FDCWD, \"$dir\", O_RDONLY\\|O_CLOEXEC\\|O_PATH\\) += [0-9]+$" "$dir/sc"
}

@test "--format=strace: epoll's 0 has no (Timeout) after it, poll's has, as strace; sctrace's lines say it for both" {
	local prog='import select
select.epoll().poll(0.001)
select.poll().poll(1)'
	both_trace /usr/bin/python3 -c "$prog"
	same_calls '^(epoll_wait|epoll_pwait|poll)\(' 2
	grep -qE '^epoll_(p)?wait\(.*\) += 0$' "$dir/sc"
	grep -qE '^poll\(\[\], 0, 1\) += 0 \(Timeout\)$' "$dir/sc"
	run --separate-stderr sct -o "$dir/named" -- /usr/bin/python3 -c "$prog"
	grep -qE '^epoll_(p)?wait\(.*\) = 0 \(Timeout\)$' "$dir/named"
}
