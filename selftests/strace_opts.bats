#!/usr/bin/env bats
# strace's output options (issue 30), each against strace 6.1 on the same
# workload: what sctrace writes where, and how, is what strace writes.

load helpers

setup() {
	need_root
	command -v strace >/dev/null || skip "no strace here"
	dir=$BATS_TEST_TMPDIR
}

# The names of the calls of a trace file, one a line, sorted: a signal
# may come before or after a wait4, in either tracer's run.
call_names() {
	grep -oE '^[a-z0-9_]+\(' "$1" | tr -d '(' | sort
}

# The one file of PREFIX.* with a line matching the regex MARKER; fails
# unless exactly one has (said on stderr: it runs in a command substitution).
file_with() {
	local files
	files=$(grep -lE -- "$2" "$1".*) || { echo "no file $1.* holds $2" >&2; return 1; }
	[ "$(echo "$files" | wc -l)" -eq 1 ] ||
		{ echo "several files $1.* hold $2: $files" >&2; return 1; }
	echo "$files"
}

# A shell, and two children that each make a call only they make.
FF_WORKLOAD='cat /dev/null/ff_one 2>/dev/null; ls -d /nonexistent_ff_two 2>/dev/null; true'

@test "-ff -o FILE: one FILE.PID per process, each with its calls only, as strace -ff" {
	local marker mine theirs
	strace -qq -ff -o "$dir/st" sh -c "$FF_WORKLOAD"
	run --separate-stderr sct -ff -o "$dir/sc" -- sh -c "$FF_WORKLOAD"
	assert_success
	[ -z "$stderr" ] || fail "stderr: $stderr"
	[ ! -e "$dir/sc" ] || fail "-ff wrote FILE itself"
	run ls "$dir"/st.*
	[ "${#lines[@]}" -eq 3 ] || fail "strace wrote: $output"
	run ls "$dir"/sc.*
	[ "${#lines[@]}" -eq 3 ] || fail "sctrace wrote: $output"
	for f in "$dir"/sc.*; do
		[[ $f =~ /sc\.[0-9]+$ ]] || fail "not FILE.PID: $f"
		run grep -c '^\[pid ' "$f"
		assert_output 0
	done
	# Each process's file is the one with its marker, and its calls are
	# the calls strace's file of that process shows, as many of each.
	for marker in '^execve\(.*\["sh", "-c"' '^openat\(.*ff_one' '^[a-z]*stat[a-z]*\(.*ff_two'; do
		mine=$(file_with "$dir/sc" "$marker")
		theirs=$(file_with "$dir/st" "$marker")
		[ "$(call_names "$mine")" = "$(call_names "$theirs")" ] ||
			fail "$marker: $(diff <(call_names "$theirs") <(call_names "$mine"))"
	done
	mine=$(file_with "$dir/sc" '^openat\(.*ff_one')
	grep -q '^exit_group(.*) = ?$' "$mine"
}

@test "-f, -ff: each process's +++ exited with N +++; --format=strace shows no child's return from fork, as strace" {
	local code mine theirs
	local wl='sh -c "exit 5"; exit 4'
	run strace -q -ff -o "$dir/st" sh -c "$wl"
	[ "$status" -eq 4 ] || fail "strace: $output"
	run --separate-stderr sct --format=strace -ff -o "$dir/sc" -- sh -c "$wl"
	[ "$status" -eq 4 ] || fail "status $status: $stderr"
	for code in 4 5; do
		mine=$(file_with "$dir/sc" "^[+]{3} exited with $code [+]{3}\$")
		theirs=$(file_with "$dir/st" "^[+]{3} exited with $code [+]{3}\$")
		[ "$(tail -n 1 "$mine")" = "$(tail -n 1 "$theirs")" ] ||
			fail "$mine ends: $(tail -n 1 "$mine")"
		[ "$(head -n 1 "$mine" | grep -oE '^[a-z0-9_]+[(]')" = \
		  "$(head -n 1 "$theirs" | grep -oE '^[a-z0-9_]+[(]')" ] ||
			fail "$mine starts: $(head -n 1 "$mine"); strace's: $(head -n 1 "$theirs")"
	done
	run --separate-stderr sct --format=strace -f -o "$dir/f" -- sh -c "$wl"
	[ "$status" -eq 4 ] || fail "status $status: $stderr"
	grep -qE '^[0-9]+ +[+]{3} exited with 5 [+]{3}$' "$dir/f" || fail "$(cat "$dir/f")"
	! grep -E 'fork resumed>\) += 0$|clone3? resumed>\) += 0$' "$dir/f" || fail "a child's return is shown"
	# sctrace's own form shows every event it was given, the child's return too.
	run --separate-stderr sct -f -o "$dir/own" -- sh -c "$wl"
	[ "$status" -eq 4 ] || fail "status $status: $stderr"
	grep -qE '^\[pid [0-9]+\] [+]{3} exited with 5 [+]{3}$' "$dir/own" || fail "$(cat "$dir/own")"
	grep -qE '^\[pid [0-9]+\] <\.\.\. vfork resumed>\) = 0$' "$dir/own" || fail "$(cat "$dir/own")"
}

@test "-ff: more processes than files kept open, each file whole, as many as strace's" {
	# The subshell writes before and after 150 other processes wrote:
	# its file was closed for theirs (128 kept open), then appended to.
	local wl='( echo ff_early >/dev/null; sleep 1; echo ff_late >/dev/null ) &
		for i in $(seq 150); do /bin/true; done; wait' mine
	strace -qq -ff -o "$dir/st" sh -c "$wl"
	run --separate-stderr sct -ff -o "$dir/sc" -- sh -c "$wl"
	assert_success
	[ "$(ls "$dir"/sc.* | wc -l)" -eq "$(ls "$dir"/st.* | wc -l)" ]
	mine=$(file_with "$dir/sc" '^write\(.*ff_early')
	grep -qE '^write\(.*ff_late' "$mine"
	[ "$(grep -lE '^execve\(.*"/bin/true"' "$dir"/sc.* | wc -l)" -eq 150 ]
	# Every process's file ends with its exit_group.
	[ "$(grep -l '^exit_group(' "$dir"/sc.* | wc -l)" -eq "$(ls "$dir"/sc.* | wc -l)" ]
}

@test "-ff: a process's file is there while the command still runs" {
	sct_bg -ff -o "$dir/sc" -- sh -c 'cat /dev/null/ff_one 2>/dev/null; sleep 5'
	local i found=
	for i in $(seq 40); do
		found=$(grep -l ff_one "$dir"/sc.* 2>/dev/null) && break
		sleep 0.1
	done
	kill -0 "$SCT_PID" || fail "sctrace ended before the check"
	[ -n "$found" ] || fail "no file holds cat's openat after 4 s: $(ls "$dir")"
	wait "$SCT_PID"
}

# sctrace -ff -o "$dir/sc" ARGS -p on a process that waits for a file:
# it is let go once its file shows a line after the one already there,
# so it never ends before sctrace traces it, however busy the machine.
ff_attached_run() {
	local go=$dir/go.$RANDOM pid
	until_file "$go"
	pid=$!
	echo before >"$dir/sc.$pid"
	sct_bg "$@" -ff -o "$dir/sc" -p "$pid"
	wait_until test "$(wc -l <"$dir/sc.$pid")" -gt 1 || true
	touch "$go"
	status=0
	wait_bounded "$SCT_PID" || status=$?
	FF_PID=$pid
}

@test "-ff -A: each FILE.PID appended to, as strace -ff -A; without -A truncated" {
	ff_attached_run -A
	[ "$status" -eq 0 ]
	[ "$(head -n 1 "$dir/sc.$FF_PID")" = before ]
	grep -q '^exit_group(' "$dir/sc.$FF_PID"
	ff_attached_run
	[ "$status" -eq 0 ]
	run grep -c '^before$' "$dir/sc.$FF_PID"
	assert_output 0
	grep -q '^exit_group(' "$dir/sc.$FF_PID"
}

@test "-ff alone is -f, as strace; with -c, --json or record: exit 64" {
	run --separate-stderr sct -ff -- true
	assert_success
	[[ "$stderr" == "execve("* ]]
	run --separate-stderr sct --output-separately -- true
	assert_success
	[[ "${stderr_lines[0]}" == "sctrace: --output-separately has no effect without -o FILE"* ]]
	local opts
	for opts in -c -C --json; do
		# shellcheck disable=SC2086
		run --separate-stderr sct -ff -o "$dir/sc" $opts -- touch "$dir/ran"
		[ "$status" -eq 64 ] || fail "$opts: exit $status"
		[ "${#stderr_lines[@]}" -eq 1 ] || fail "$opts: $stderr"
	done
	run --separate-stderr sct record -ff -o "$dir/sc" -- touch "$dir/ran"
	[ "$status" -eq 64 ]
	[ ! -e "$dir/ran" ]
	run --separate-stderr sct -ff -o /nonexistent/sc -- touch "$dir/ran"
	[ "$status" -eq 73 ]
	[[ "$stderr" == "sctrace: cannot create output file '/nonexistent/sc."[0-9]*"': No such file or directory"* ]]
	[ ! -e "$dir/ran" ]
}

# The string of the first write(1, ...) of a trace file, quotes included.
write_string() {
	grep -m1 -E '^write\((fd: )?1, ' "$1" |
		sed -E 's/^write\((fd: )?1, (buf: )?//; s/, (count: )?[0-9]+\) += [0-9]+$//'
}

@test "-x: strings with a non-ASCII byte in hex, -xx: all, as strace -x and -xx" {
	local flag s mine theirs
	# 0x01, DEL, 0xe9, '"', '\\' and a newline; then C escapes only, plain.
	for s in 'a\001b\177c\351d"e\\f\ng' 'ab"c\\d\ne\tf\r\v\f' 'plain'; do
		for flag in -x -xx; do
			strace -qq $flag -e trace=write -o "$dir/st" printf "$s" >/dev/null
			run --separate-stderr sct $flag -e trace=write -o "$dir/sc" -- printf "$s"
			assert_success
			mine=$(write_string "$dir/sc")
			theirs=$(write_string "$dir/st")
			[ -n "$theirs" ] || fail "strace $flag showed no write: $(cat "$dir/st")"
			[ "$mine" = "$theirs" ] || fail "$flag '$s': $mine, strace: $theirs"
		done
	done
	# The bytes the issue names, as strace -x shows them.
	sct -x -e trace=write -o "$dir/sc" -- printf 'a\001b\177c\351d"e\\f\ng' >/dev/null
	[ "$(write_string "$dir/sc")" = '"\x61\x01\x62\x7f\x63\xe9\x64\x22\x65\x5c\x66\x0a\x67"' ]
	# More x's are -xx, as in strace; a path is a string too.
	sct -xxx -e trace=openat -o "$dir/sc" -- cat /nonexistent_x 2>/dev/null || true
	grep -qF '"\x2f\x6e\x6f\x6e\x65\x78\x69\x73\x74\x65\x6e\x74\x5f\x78"' "$dir/sc"
}

# The 1-based columns where " = " starts in FILE's lines that have one.
result_columns() {
	awk '{ i = index($0, " = "); if (i) print i }' "$1"
}

@test "-a 60: \" = \" at column 60 after shorter calls, as strace -a 60" {
	local mine theirs
	strace -qq -a 60 -o "$dir/st" cat /etc/hostname >/dev/null
	run --separate-stderr sct -a 60 -o "$dir/sc" -- cat /etc/hostname
	assert_success
	# Both put it at 60 after the short calls, one space after the long ones.
	theirs=$(result_columns "$dir/st" | sort -n | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
	mine=$(result_columns "$dir/sc" | sort -n | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
	[ "$theirs" = 60 ] || fail "strace -a 60 put \" = \" at $theirs"
	[ "$mine" = 60 ] || fail "sctrace -a 60 put \" = \" at $mine: $(cat "$dir/sc")"
	# close(fd: N) is short: padded (bats holds fds 3 and 4 open).
	grep -qE '^close\((fd: )?[0-9]\) {46,} = 0$' "$dir/sc"
	grep -qE '^close\([0-9]\) {51,} = 0$' "$dir/st"
	run awk 'index($0, " = ") > 1 && index($0, " = ") < 60' "$dir/sc"
	assert_output ''
	run awk 'index($0, " = ") > 60 && index($0, "  = ")' "$dir/sc"
	assert_output ''
	# exit_group's " = ?" too; without -a, one space.
	grep -qE '^exit_group\((error_code: )?0\) {20,} = \?$' "$dir/sc"
	run --separate-stderr sct -o "$dir/sc" -- cat /etc/hostname
	grep -qE '^close\((fd: )?[0-9]\) = 0$' "$dir/sc"
	run --separate-stderr sct -a 0 -- true
	[ "$status" -eq 64 ]
}

# FILE's first line of call NAME on ARG, up to its " = ", argument names
# left out: what strace shows in the same place.
call_args() {
	grep -m1 -E "^$2\\(.*$3" "$1" | sed -E 's/(\(|, )[a-z_0-9]+: /\1/g; s/\) += .*/)/'
}

@test "-X raw, verbose, abbrev: open's and mmap's constants as strace -X shows them" {
	local style mine theirs call
	for style in raw verbose abbrev; do
		strace -qq -X "$style" -o "$dir/st" cat /etc/hostname >/dev/null
		run --separate-stderr sct -X "$style" -o "$dir/sc" -- cat /etc/hostname
		assert_success
		for call in 'openat ld\.so\.cache' 'mmap (PROT_READ|0x3)' 'access (R_OK|0x4)'; do
			# shellcheck disable=SC2086
			mine=$(call_args "$dir/sc" $call)
			# shellcheck disable=SC2086
			theirs=$(call_args "$dir/st" $call)
			[ -n "$theirs" ] || fail "strace -X $style has no $call: $(cat "$dir/st")"
			[ "$mine" = "$theirs" ] || fail "-X $style, $call: $mine; strace: $theirs"
		done
	done
	sct -X raw -o "$dir/sc" -- cat /etc/hostname >/dev/null
	grep -qF 'openat(dfd: -100, filename: "/etc/ld.so.cache", flags: 0x80000)' "$dir/sc"
	sct -X verbose -o "$dir/sc" -- cat /etc/hostname >/dev/null
	grep -qF 'flags: 0x80000 /* O_RDONLY|O_CLOEXEC */)' "$dir/sc"
	run --separate-stderr sct -X short -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad -X 'short': give raw, abbrev or verbose, as strace -X" ]
}

# The programs FILE's execve lines start, in order.
execs() {
	grep -oE 'execve\((filename: )?"[^"]*"' "$1" | sed -E 's/.*"(.*)"/\1/'
}

@test "-b execve: a process's execve is its last call shown, its later children none, as strace" {
	local wl='sh -c "/bin/true; /bin/true"; cat /dev/null/ff_bx 2>/dev/null; true'
	strace -qq -f -b execve -o "$dir/st" sh -c "$wl"
	run --separate-stderr sct -b execve -o "$dir/sc" -- sh -c "$wl"
	assert_success
	# The command's own exec, then the two children's, each unfinished.
	[ "$(execs "$dir/sc")" = "$(execs "$dir/st")" ]
	[ "$(execs "$dir/sc" | tr '\n' ' ')" = "/usr/bin/sh /usr/bin/sh /usr/bin/cat " ]
	[ "$(grep -c 'execve(.* <unfinished \.\.\.>$' "$dir/sc")" -eq 2 ]
	# Nothing of cat after its execve; nothing of what the inner sh forked.
	run grep -cE '^(\[pid +[0-9]+\] )?openat\(.*ff_bx' "$dir/sc"
	assert_output 0
	[ "$(grep -oE '^\[pid +[0-9]+\]' "$dir/sc" | sort -u | wc -l)" -eq \
		"$(grep -oE '^[0-9]+' "$dir/st" | sort -u | wc -l)" ]
	# The shell itself goes on to its end.
	tail -n 1 "$dir/sc" | grep -qE '^\[pid +[0-9]+\] \+\+\+ exited with 0 \+\+\+$'
	run --separate-stderr sct -b exit -- true
	[ "$status" -eq 64 ]
}

# A thread other than the leader execs: the leader is superseded, then
# the new program exits; "+++ ... +++" messages of two kinds.
THREAD_EXEC='import threading, os; t = threading.Thread(target=lambda: os.execv("/bin/true", ["true"])); t.start(); t.join()'

# The kinds of FILE's "+++" messages, one a line, without prefix or pids.
messages() {
	grep -oE '\+\+\+ [a-z]+' "$1" | sort || true
}

@test "-e quiet=SET and -qqq: the same +++ messages hidden as strace's" {
	local q
	for q in none exit thread-execve superseded '!exit' all 'exit,superseded' -qq -qqq; do
		case $q in -*) set -- "$q" ;; *) set -- -e "quiet=$q" ;; esac
		strace -f "$@" -e trace=execve -o "$dir/st" /usr/bin/python3 -I -c "$THREAD_EXEC" 2>/dev/null
		run --separate-stderr sct "$@" -e trace=execve -o "$dir/sc" -- /usr/bin/python3 -I -c "$THREAD_EXEC"
		[ "$status" -eq 0 ] || fail "$q: exit $status: $stderr"
		[ "$(messages "$dir/sc")" = "$(messages "$dir/st")" ] ||
			fail "$q: sctrace's $(messages "$dir/sc"), strace's $(messages "$dir/st")"
	done
	# The workload does show both kinds.
	run --separate-stderr sct -e quiet=none -o "$dir/sc" -- /usr/bin/python3 -I -c "$THREAD_EXEC"
	[ "$(messages "$dir/sc" | tr '\n' ' ')" = "+++ exited +++ superseded " ]
	run --separate-stderr sct -e quiet=exit,loud -- true
	[ "$status" -eq 64 ]
	[[ "$stderr" == "sctrace: bad -e quiet='exit,loud': "* ]]
	run --separate-stderr sct -q -e quiet=exit -- true
	[ "$status" -eq 64 ]
	strace -q -e quiet=exit true 2>/dev/null && fail "strace took -q with -e quiet="
	true
}

# The "[address] name" starting each of FILE's lines, "+++" for the exit's.
ips() {
	grep -oE '^\[[0-9a-f?]{16}\] ([a-z_0-9]+|\+\+\+)' "$1" || true
}

# sctrace with the address space laid out as in every other such run.
sct_fixed() {
	timeout -k 5 "$LIMIT" setarch -R "$SCTRACE" "$@"
}

@test "-i: each line starts with the caller's address, as strace -i; kept by record, in --json" {
	local calls=openat,close,read,exit_group ip
	# Without address randomisation two runs of cat place its code alike.
	setarch -R strace -i -e trace=$calls -o "$dir/st" cat /etc/hostname >/dev/null
	[ "$(ips "$dir/st" | grep -c '^\[0000')" -ge 5 ] || fail "strace -i wrote: $(cat "$dir/st")"
	run --separate-stderr sct_fixed -i -e trace=$calls -o "$dir/sc" -- cat /etc/hostname
	assert_success
	[ "$(ips "$dir/sc")" = "$(ips "$dir/st")" ] ||
		fail "$(diff <(ips "$dir/st") <(ips "$dir/sc"))"
	# The exit line has no caller: question marks, as strace's.
	tail -n 1 "$dir/sc" | grep -qxF '[????????????????] +++ exited with 0 +++'
	# A recording made with -i replays the same addresses.
	run --separate-stderr sct_fixed record -i -o "$dir/rec" -- cat /etc/hostname
	assert_success
	run --separate-stderr sct --input "$dir/rec" -i -o "$dir/rp"
	assert_success
	[ "$(ips "$dir/rp" | grep -E '\] (openat|close|read|exit_group|\+\+\+)$')" = "$(ips "$dir/st")" ] ||
		fail "$(diff <(ips "$dir/st") <(ips "$dir/rp"))"
	# --json: the address of each call, as a field.
	run --separate-stderr sct_fixed --json -i -e trace=exit_group -o "$dir/js" -- cat /etc/hostname
	assert_success
	json_checked "$dir/js"
	ip=$(grep -oE '"ip":"0x[0-9a-f]+"' "$dir/js" | cut -d'"' -f4)
	[ "$(printf '[%016x] exit_group' "$ip")" = "$(ips "$dir/st" | grep exit_group)" ]
}

@test "-i: a recording without addresses is refused on replay; the BPF engine hands -i to perf" {
	run --separate-stderr sct record -o "$dir/rec" -- true
	assert_success
	run --separate-stderr sct --input "$dir/rec" -i
	[ "$status" -eq 76 ]
	[ "$stderr" = "sctrace: cannot replay '$dir/rec': -i: the recording holds no instruction pointers: record with 'sctrace record -i'" ]
	# Another machine's registers are another set: not read as this one's.
	gunzip -c "$BATS_TEST_DIRNAME/fixtures/s390x-fork_execve.data.gz" > "$dir/s390x"
	run --separate-stderr sct --input "$dir/s390x" -i
	[ "$status" -eq 76 ]
	[[ "$stderr" == *"-i: the recording comes from another kind of machine, whose registers this sctrace does not read; replay it there" ]]
	run --separate-stderr sct --engine=bpf -i -e trace=exit_group -o "$dir/sc" -- true
	assert_success
	[[ "$stderr" == *"notice: the BPF engine cannot capture this run: the instruction pointer (-i)"* ]]
	grep -qE '^\[[0-9a-f]{16}\] exit_group\(' "$dir/sc"
}

# Each line of FILE that decorates a pid: its call's name, then each
# "<comm>" after a number on it, the prefix's left out.
decorations() {
	awk '{
		sub(/^(\[pid [^]]*\] |[0-9]+<[^>]*> )/, "")
		if (!match($0, /^[a-z_0-9]+\(/))
			next
		out = substr($0, 1, RLENGTH - 1)
		n = 0
		for (s = $0; match(s, /[0-9]<[^>]+>/); s = substr(s, RSTART + RLENGTH)) {
			out = out " " substr(s, RSTART + 1, RLENGTH - 1)
			n++
		}
		if (n)
			print out
	}' "$1"
}

# The names in FILE's "[pid N<comm>]" (or strace's "N<comm>") prefixes, sorted, once each.
prefix_comms() {
	grep -oE '^(\[pid [0-9]+<[^>]*>\]|[0-9]+<[^>]*>)' "$1" | sed -E 's/.*<(.*)>.*/\1/' | sort -u
}

@test "-Y: pids with their command's name in prefixes, arguments and results, as strace -Y" {
	# The child has exec'd true by its exit_group; kill's target is the shell.
	local wl='/bin/true & wait; kill -0 $$' calls=getpid,kill,wait4,exit_group
	strace -Y -f -e trace=$calls -o "$dir/st" sh -c "$wl"
	run --separate-stderr sct -Y -e trace=$calls -o "$dir/sc" -- sh -c "$wl"
	assert_success
	[ "$(decorations "$dir/st" | tr '\n' ' ')" = "getpid <sh> kill <sh> " ] ||
		fail "strace -Y wrote: $(cat "$dir/st")"
	[ "$(decorations "$dir/sc")" = "$(decorations "$dir/st")" ] ||
		fail "$(diff <(decorations "$dir/st") <(decorations "$dir/sc"))"
	[ "$(prefix_comms "$dir/sc" | tr '\n' ' ')" = "sh true " ]
	[ "$(prefix_comms "$dir/sc")" = "$(prefix_comms "$dir/st")" ]
	# A reaped child's pid has no name any more, in both.
	grep -qE '^\[pid [0-9]+<sh>\] wait4\(.*\) = [0-9]+$' "$dir/sc"
	grep -qE '^[0-9]+<sh> wait4\(.*\) = [0-9]+$' "$dir/st"
	# The names come from the recording's task records in a replay.
	run --separate-stderr sct record -o "$dir/rec" -- sh -c "$wl"
	assert_success
	run --separate-stderr sct --input "$dir/rec" -Y -o "$dir/rp"
	assert_success
	[ "$(decorations "$dir/rp" | grep -E '^(getpid|kill) ')" = "$(decorations "$dir/st")" ]
}

@test "--decode-pids=SET and -e decode-pids=SET: comm is -Y, as strace's; a bad item is exit 64" {
	local wl='kill -0 $$' opt
	strace -e decode-pids=comm -e trace=kill -o "$dir/st" sh -c "$wl"
	[ "$(decorations "$dir/st")" = "kill <sh>" ]
	for opt in --decode-pids=comm --decode-pids=all "-e decode-pids=comm,pidns"; do
		# shellcheck disable=SC2086
		run --separate-stderr sct $opt -e trace=kill -o "$dir/sc" -- sh -c "$wl"
		assert_success
		[ "$(decorations "$dir/sc")" = "$(decorations "$dir/st")" ] || fail "$opt: $(cat "$dir/sc")"
	done
	run --separate-stderr sct --decode-pids=none -e trace=kill -o "$dir/sc" -- sh -c "$wl"
	assert_success
	[ -z "$(decorations "$dir/sc")" ]
	run --separate-stderr sct -e decode-pids=comm,name -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: --decode-pids 'comm,name': not one of comm, pidns, all, none; give a comma-separated list of them" ]
}

# FILE's calls as strace writes them: argument names and the padding
# before " = " left out, addresses (six hex digits or more) as ADDR.
strace_lines() {
	grep -E '^[a-z0-9_]+\(' "$1" |
		sed -E 's/(\(|, )[a-z_0-9]+: /\1/g; s/ +(= [^=]*)$/ \1/; s/0x[0-9a-f]{6,}/ADDR/g'
}

@test "-e raw=SET: those calls' arguments and results in hex, the others decoded, as strace" {
	local set calls=openat,read,close,fstat,exit_group
	for set in openat,read %desc all; do
		strace -qq -e trace=$calls -e raw=$set -o "$dir/st" cat /etc/hostname /nonexistent_raw >/dev/null 2>&1 || true
		run --separate-stderr sct -e trace=$calls -e raw=$set -o "$dir/sc" -- cat /etc/hostname /nonexistent_raw
		[ "$status" -eq 1 ] || fail "raw=$set: exit $status: $stderr"
		[ "$(strace_lines "$dir/sc")" = "$(strace_lines "$dir/st")" ] ||
			fail "raw=$set: $(diff <(strace_lines "$dir/sc") <(strace_lines "$dir/st"))"
	done
	# The marks strace's raw lines carry: hex, 0 for zero, errors decoded.
	grep -qE '^openat\(dfd: 0xffffff9c, filename: 0x[0-9a-f]+, flags: 0x80000, mode: 0\) = 0x[3-9]$' "$dir/sc"
	grep -qE '^openat\(.*\) = -1 ENOENT \(No such file or directory\)$' "$dir/sc"
	grep -qE '^close\(fd: 0x[3-9]\) = 0$' "$dir/sc"
	# A replay shows it again; a bad set is one line, exit 64.
	sct record -o "$dir/rec" -- cat /etc/hostname >/dev/null 2>&1
	run --separate-stderr sct --input "$dir/rec" -e raw=read -o "$dir/re"
	assert_success
	grep -qE '^read\(fd: 0x[3-9], buf: 0x[0-9a-f]+, count: 0x340\) = 0x340$' "$dir/re"
	grep -qE '^close\(fd: [3-9]\) = 0$' "$dir/re"
	run --separate-stderr sct -e raw=opnat -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: unknown syscall 'opnat' in -e raw=opnat; did you mean 'openat'?" ]
}

# FILE's dump lines (" | ..." and " * ..."), in order.
dump_lines() {
	grep -E '^ (\||\*) ' "$1"
}

@test "-e read=FDS, -e write=FDS: the data in strace's hex dump after the call, as strace" {
	local py=/usr/bin/python3
	printf 'hello world, this is a test of the dump\001\377\n%.0s' 1 2 3 > "$dir/in"
	# Every buffer under -s 4096 is captured whole: the same lines as strace's.
	strace -qq -s 4096 -e trace=read,write -e read=all -e write=all -o "$dir/st" cat "$dir/in" >/dev/null
	run --separate-stderr sct -s 4096 -e trace=read,write -e read=all -e write=all -o "$dir/sc" -- cat "$dir/in"
	assert_success
	[ "$(dump_lines "$dir/st" | wc -l)" -gt 60 ] || fail "strace dumped: $(cat "$dir/st")"
	[ "$(dump_lines "$dir/sc")" = "$(dump_lines "$dir/st")" ] ||
		fail "$(diff <(dump_lines "$dir/sc") <(dump_lines "$dir/st"))"
	grep -qxF ' | 00070  6f 66 20 74 68 65 20 64  75 6d 70 01 ff 0a        of the dump...   |' "$dir/sc"
	# readv and writev: each iovec's bytes after " * N bytes in buffer K".
	local prog="import os
fd = os.open('$dir/in', os.O_RDONLY)
os.readv(fd, [bytearray(5), bytearray(100)])
os.writev(1, [b'ab', b'cd\\n'])"
	strace -qq -e trace=readv,writev -e read=all -e write=all -o "$dir/st" $py -c "$prog" >/dev/null
	run --separate-stderr sct -s 4096 -e trace=readv,writev -e read=all -e write=all -o "$dir/sc" -- $py -c "$prog"
	assert_success
	[ "$(dump_lines "$dir/sc")" = "$(dump_lines "$dir/st")" ] ||
		fail "$(diff <(dump_lines "$dir/sc") <(dump_lines "$dir/st"))"
	grep -qxF ' * 3 bytes in buffer 1' "$dir/sc"
	# Only the fds named, only reads for read=: cat's write to 1 is not dumped.
	run --separate-stderr sct -e trace=read,write -e read=0 -o "$dir/sc" -- cat < "$dir/in"
	assert_success
	[ "$(dump_lines "$dir/sc" | wc -l)" -eq 3 ] || fail "$(cat "$dir/sc")"
	sed -n '/^write(/{n;p}' "$dir/sc" | grep -qE '^(read|write|\+\+\+)'
	# Past -s (32 here) nothing was read: one line says how much is missing.
	grep -qxF ' * 94 more bytes not captured: -s sets how many are read, up to 4096' "$dir/sc"
	# A replay dumps what the recording holds; record itself prints nothing.
	sct record -s 4096 -o "$dir/rec" -- cat "$dir/in" >/dev/null 2>&1
	run --separate-stderr sct --input "$dir/rec" -e write=1 -o "$dir/re"
	assert_success
	[ "$(dump_lines "$dir/re" | wc -l)" -eq 8 ] || fail "$(cat "$dir/re")"
	run --separate-stderr sct record -e write=1 -o "$dir/rec" -- true
	[ "$status" -eq 64 ]
	run --separate-stderr sct -e read=3,x -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -e read=: bad fd 'x'; give fd numbers from 0 to 4095 separated by commas, all or none, as strace" ]
	run --separate-stderr sct --no-contents -e write=1 -- true
	[ "$status" -eq 64 ]
}

# FILE's calls with strace's "field=" as sctrace's "field: ", then every
# name left out, padding and addresses as strace_lines.
struct_lines() {
	grep -E '^[a-z0-9_]+\(' "$1" |
		sed -E 's/([a-z_]+)=/\1: /g; s/(\(|, |\{)[a-z_0-9]+: /\1/g; s/ +(= [^=]*)$/ \1/; s/0x[0-9a-f]{6,}/ADDR/g'
}

@test "-v, -e abbrev=SET, -e verbose=SET: stat's fields and envp whole, or structs as addresses, as strace" {
	local opt wl=(env -i A=1 B=2 cat /etc/hostname)
	# Once untraced: the files' atimes settle before the two traces read them.
	"${wl[@]}" >/dev/null
	for opt in -v -e\ abbrev=execve -e\ abbrev=newfstatat -e\ abbrev=all "-v -e abbrev=all" \
		-e\ verbose=none -e\ verbose=!newfstatat; do
		# shellcheck disable=SC2086
		strace -qq $opt -e trace=execve,newfstatat -o "$dir/st" "${wl[@]}" >/dev/null
		# shellcheck disable=SC2086
		sct $opt -e trace=execve,newfstatat -o "$dir/sc" -- "${wl[@]}" >/dev/null ||
			fail "$opt: exit $?"
		# env's own execve holds this shell's whole environment: past 32 strings.
		[ "$(struct_lines "$dir/sc" | sed 1d)" = "$(struct_lines "$dir/st" | sed 1d)" ] ||
			fail "$opt: $(diff <(struct_lines "$dir/sc") <(struct_lines "$dir/st"))"
	done
	# What the last runs showed, and what -v shows.
	grep -qE '^newfstatat\(dfd: [0-9]+, filename: "", statbuf: 0x[0-9a-f]+, ' "$dir/sc"
	sct -v -e trace=execve,newfstatat -o "$dir/sc" -- "${wl[@]}" >/dev/null
	grep -qE '^execve\(filename: "/(usr/)?bin/cat", argv: \["cat", "/etc/hostname"\], envp: \["A=1", "B=2"\]\) = 0$' "$dir/sc"
	grep -qE 'statbuf: \{st_dev: makedev\((0|0x[0-9a-f]+), (0|0x[0-9a-f]+)\), st_ino: [0-9]+, st_mode: S_IFCHR\|0666, st_nlink: 1, .*st_rdev: makedev\(0x1, 0x3\), st_atime: [0-9]+ /\* [-0-9T:.+]+ \*/, ' "$dir/sc"
	# A replay: stat whole; envp was read as a count, and stays one.
	sct record -o "$dir/rec" -- "${wl[@]}" >/dev/null 2>&1
	sct --input "$dir/rec" -v -o "$dir/re"
	grep -qE '^execve\(filename: "/(usr/)?bin/cat", argv: \["cat", "/etc/hostname"\], envp: 0x[0-9a-f]+ /\* 2 vars \*/\) = 0$' "$dir/re"
	grep -qE 'statbuf: \{st_dev: makedev\(.*st_rdev: makedev\(0x1, 0x3\), st_atime: ' "$dir/re"
	run --separate-stderr sct record -v -o "$dir/rec" -- true
	[ "$status" -eq 64 ]
	run --separate-stderr sct -e verbose=stta -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: unknown syscall 'stta' in -e verbose=stta; did you mean 'stat'?" ]
}

# The KVM_RUN lines of a trace of the kvm_vcpu workload.
kvm_run_lines() {
	grep -E '^ioctl\([0-9]+, KVM_RUN, ' "$1"
}

@test "-e kvm=vcpu, --kvm=vcpu: each KVM_RUN's exit reason after its result, as strace; live and replayed" {
	local rc=0
	"$WL/kvm_vcpu" || rc=$?
	[ "$rc" -ne 77 ] || skip "this machine cannot run a KVM guest (no /dev/kvm, or not x86_64)"
	[ "$rc" -eq 0 ] || fail "kvm_vcpu exited $rc untraced"
	[ -d /sys/kernel/tracing/events/kvm/kvm_userspace_exit ] ||
		fail "/dev/kvm works but the kernel has no kvm:kvm_userspace_exit tracepoint"
	strace -qq -e trace=ioctl -e kvm=vcpu -o "$dir/st" "$WL/kvm_vcpu"
	[ "$(kvm_run_lines "$dir/st" | wc -l)" -eq 2 ] || fail "strace: $(cat "$dir/st")"
	for opt in "-e kvm=vcpu" --kvm=vcpu; do
		# shellcheck disable=SC2086
		sct --format=strace -e trace=ioctl $opt -o "$dir/sc" -- "$WL/kvm_vcpu" ||
			fail "$opt: exit $?"
		[ "$(kvm_run_lines "$dir/sc")" = "$(kvm_run_lines "$dir/st")" ] ||
			fail "$opt: $(diff <(kvm_run_lines "$dir/st") <(kvm_run_lines "$dir/sc"))"
	done
	kvm_run_lines "$dir/sc" | sed -n 2p | grep -q ' = 0 (KVM_EXIT_HLT)$'
	# Without it, as strace: no reason.
	sct --format=strace -e trace=ioctl -o "$dir/sc" -- "$WL/kvm_vcpu"
	[ "$(kvm_run_lines "$dir/sc" | grep -c ' = 0$')" -eq 2 ] || fail "$(cat "$dir/sc")"
	# A recording keeps the tracepoint's records; its replay shows them.
	sct record -e kvm=vcpu -o "$dir/rec" -- "$WL/kvm_vcpu" 2>/dev/null
	sct --input "$dir/rec" --format=strace -e trace=ioctl -e kvm=vcpu -o "$dir/re"
	[ "$(kvm_run_lines "$dir/re")" = "$(kvm_run_lines "$dir/st")" ] ||
		fail "replay: $(diff <(kvm_run_lines "$dir/st") <(kvm_run_lines "$dir/re"))"
	run --separate-stderr sct -e kvm=cpu -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -e kvm=: unknown 'cpu'; strace knows only vcpu (each KVM_RUN's exit reason)" ]
}

# A trace with its addresses, -i's and numbers blanked out, and without
# getrandom's random bytes (malloc's first call).
numberless() {
	grep -v 'getrandom(' "$1" | sed -E 's/^\[[0-9a-f]{16}\]/[ip]/; s/0x[0-9a-f]+/0x#/g; s/[0-9]+/#/g'
}

@test "strace's long names: each the same trace as its letter or its -e qualifier" {
	# One process: two would interleave their lines differently each run.
	local pair long short wl=(cat /etc/hostname /nonexistent_long)
	for pair in "--syscall-number|-n" "--no-abbrev|-v" "--columns=50|-a 50" \
		"--const-print-style=raw|-X raw" "--instruction-pointer|-i" \
		"--trace=close,openat|-e trace=close,openat" "--signal=none|-e signal=none" \
		"--status=failed|-e status=failed" "--quiet=exit|-e quiet=exit" \
		"--abbrev=none|-e abbrev=none" "--raw=close|-e raw=close" \
		"--strings-in-hex|-xx" "--strings-in-hex=non-ascii|-x" \
		"--trace-path=/nonexistent_long|-P /nonexistent_long" \
		"--absolute-timestamps=format:time,precision:us|-tt" "--absolute-timestamps|-t" \
		"--absolute-timestamps=unix,us|-ttt" "--relative-timestamps|-r" "--syscall-times|-T"; do
		long=${pair%|*} short=${pair#*|}
		# shellcheck disable=SC2086
		run --separate-stderr sct --format=strace $long -o "$dir/long" -- "${wl[@]}"
		[ "$status" -eq 1 ] || fail "$long: exit $status: $stderr"
		# shellcheck disable=SC2086
		run --separate-stderr sct --format=strace $short -o "$dir/short" -- "${wl[@]}"
		[ "$status" -eq 1 ] || fail "$short: exit $status: $stderr"
		# Times, pids and addresses differ from run to run; the rest is the same.
		[ "$(numberless "$dir/long")" = "$(numberless "$dir/short")" ] ||
			fail "$long vs $short: $(diff "$dir/short" "$dir/long")"
	done
}

@test "--absolute-timestamps=, --relative-timestamps=, --syscall-times=: strace's precisions" {
	local spec shape wl=(perl -e getppid)
	for spec in "--absolute-timestamps=format:unix,precision:ms|^[0-9]{10}\.[0-9]{3} getppid\(" \
		"--absolute-timestamps=ns|^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{9} getppid\(" \
		"--absolute-timestamps=unix|^[0-9]{10} getppid\(" \
		"--absolute-timestamps=none|^getppid\(" \
		"--relative-timestamps=s|^ +[0-9]+ getppid\(" \
		"--relative-timestamps=ns|^ +[0-9]+\.[0-9]{9} getppid\(" \
		"--syscall-times=s| <[0-9]+>$" "--syscall-times=ms| <[0-9]+\.[0-9]{3}>$" \
		"--syscall-times=ns| <[0-9]+\.[0-9]{9}>$"; do
		shape=${spec#*|}
		strace -qq "${spec%%|*}" -e trace=getppid -o "$dir/st" "${wl[@]}"
		grep -qE "$shape" "$dir/st" || fail "strace ${spec%%|*}: $(cat "$dir/st")"
		sct --format=strace "${spec%%|*}" -e trace=getppid -o "$dir/sc" -- "${wl[@]}"
		grep -qE "$shape" "$dir/sc" || fail "${spec%%|*}: $(cat "$dir/sc")"
	done
	run --separate-stderr sct -tt --absolute-timestamps=ms -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -t and --absolute-timestamps both say how times look: give one of them, as strace does" ]
	run --separate-stderr sct --syscall-times=minutes -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: bad --syscall-times 'minutes': give a precision, s, ms, us or ns, as strace" ]
	run --separate-stderr sct --absolute-timestamps=format:iso -- true
	[ "$status" -eq 64 ]
}
