#!/usr/bin/env bats
# perf.data record and replay (issue 6): sctrace's files read by perf 6.1,
# perf's files read by sctrace, and broken files refused in one line.

load helpers

setup() {
	need_root
	data=$BATS_TEST_TMPDIR/rec.data
	out=$BATS_TEST_TMPDIR/trace.out
}

# The calls and results of a trace, without addresses, ids, and the bytes
# getrandom filled (glibc's malloc asks for some): two runs differ in them.
calls_of() {
	sed -E 's/(getrandom\(ubuf: )"([^"\\]|\\.)*"(\.\.\.)?/\1BYTES/
		s/0x[0-9a-f]+/ADDR/g; s/\b[0-9]{3,}\b/N/g' "$1"
}

@test "record prints nothing, exits with the command's status" {
	run --separate-stderr sct record -o "$data" -- sh -c 'exit 3'
	[ "$status" -eq 3 ]
	[ -z "$output" ] && [ -z "$stderr" ]
	[ -s "$data" ]
}

@test "--input replays what the live run printed" {
	sct -o "$out" -- "$WL/threads_interleave"
	sct record -o "$data" -- "$WL/threads_interleave"
	run sct --input "$data" -o "$BATS_TEST_TMPDIR/replay.out"
	assert_success
	run diff <(calls_of "$out" | sed -E 's/\[pid N\]/[pid]/') \
		 <(calls_of "$BATS_TEST_TMPDIR/replay.out" | sed -E 's/\[pid N\]/[pid]/')
	assert_success
}

@test "--input with view options: --failure, -c, --json, --comm from the file" {
	sct record -o "$data" -- "$WL/read_ebadf"
	run sct --input "$data" --failure -o "$out"
	assert_success
	run grep -c ' = -1 E' "$out"
	assert_output 3
	run sct --input "$data" --json -o "$out"
	assert_success
	run jq -r 'select(.name == "read") | .errno' "$out"
	assert_output EBADF
	run sct --input "$data" --comm -o "$out"
	assert_success
	grep -qE '^read_ebadf/[0-9]+ read\(fd: 99, ' "$out"
}

@test "--input -e: the calls live -e would show, by the recording's names; a bad name exit 64" {
	sct record -o "$data" -- "$WL/read_ebadf"
	sct -e trace=read,exit_group -o "$out" -- "$WL/read_ebadf"
	run sct --input "$data" -e trace=read,exit_group -o "$BATS_TEST_TMPDIR/replay.out"
	assert_success
	run grep -cvE '^(read|exit_group)\(|^[+]{3} exited' "$BATS_TEST_TMPDIR/replay.out"
	assert_output 0
	run diff <(calls_of "$out") <(calls_of "$BATS_TEST_TMPDIR/replay.out")
	assert_success
	run --separate-stderr sct --input "$data" -e trace=raed
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: cannot replay '$data': unknown syscall 'raed' in -e 'raed'; did you mean 'read'?" ]
}

@test "faults and sched records replay too: --pf and --sched at record time" {
	sct record --pf min --sched -o "$data" -- "$WL/fork_exit_child"
	run sct --input "$data" --sched -o "$out"
	assert_success
	child=$(sed -n 's/^--- fork: child \([0-9]*\) ---$/\1/p' "$out" | head -n 1)
	[ -n "$child" ]
	grep -q "^\[pid $child\] --- exit: code 7 ---$" "$out"
	grep -qE '^(\[pid [0-9]+\] )?--- page fault: minor, addr 0x[0-9a-f]+' "$out"
	# Mappings come from the file's own mmap records, never from this /proc.
	grep -qE 'page fault: minor, .*ip 0x[0-9a-f]+ \[/[^]]*fork_exit_child\+0x[0-9a-f]+\]' "$out"
	# Without --sched, the same records print as plain tracepoints.
	run sct --input "$data" -o "$out"
	assert_success
	grep -qE '^sched:sched_process_fork\(parent_comm: "fork_exit_child", ' "$out"
}

@test "perf script and perf trace read sctrace's file without a warning" {
	sct record -o "$data" -- "$WL/read_ebadf"
	run --separate-stderr perf script -i "$data"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" == *"raw_syscalls:sys_enter: NR 0 (63, "* ]]
	[[ "$output" == *"read_ebadf"* ]]
	# perf trace writes its trace to stderr unless told -o.
	run --separate-stderr perf trace -i "$data" -o "$out"
	assert_success
	[ -z "$stderr" ] && [ -z "$output" ]
	grep -qE 'read_ebadf/[0-9]+ read\(fd: 99, .*= -1 EBADF' "$out"
}

@test "perf's other tools read sctrace's file: json, report, names, header (issue 36)" {
	sct record --pf min -o "$data" -- "$WL/read_ebadf"
	# perf 6.1's converter dereferenced the missing CPUDESC: exit 139.
	run --separate-stderr perf data convert --to-json "$BATS_TEST_TMPDIR/rec.json" -i "$data"
	assert_success
	for line in "${stderr_lines[@]}"; do [[ "$line" == "[ perf data convert: "* ]]; done
	run jq -r '.samples[].comm' "$BATS_TEST_TMPDIR/rec.json"
	assert_success
	[[ "$output" == *read_ebadf* ]]
	# Without the kernel's map perf report warned on every recording.
	run --separate-stderr perf report --stdio -i "$data"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" == *"raw_syscalls:sys_enter"* ]]
	# Every event by a name perf knows; the BPF program's contents too.
	run --separate-stderr perf script -i "$data"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" != *unknown-software* ]]
	[[ "$output" == *" minor-faults: "* ]]
	[[ "$output" == *" bpf-output: "* ]]
	run --separate-stderr perf report --header-only -i "$data"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" == *"# cmdline : $SCTRACE record --pf min -o $data -- $WL/read_ebadf "* ]]
	[[ "$output" == *"# event : name = raw_syscalls:sys_exit, "* ]]
	[[ "$output" == *"# cpudesc : "* && "$output" == *"# cpuid : "* ]]
	[[ "$output" == *"# clockid: monotonic (1)"* ]]
	missing=$(grep '^# missing features:' <<<"$output")
	for feat in TRACING_DATA VERSION CPUDESC CPUID TOTAL_MEM CMDLINE EVENT_DESC CLOCKID CLOCK_DATA; do
		[[ "$missing " != *" $feat "* ]]
	done
}

@test "record -o -: perf's pipe mode, into perf script, perf report and sctrace -i -" {
	# Where a file named '-' would show.
	cd "$BATS_TEST_TMPDIR"
	run --separate-stderr bash -c "'$SCTRACE' record -o - -- '$WL/read_ebadf' | perf script -i -; exit \$(( PIPESTATUS[0] | PIPESTATUS[1] ))"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" == *"raw_syscalls:sys_enter: NR 0 (63, "* ]]
	[[ "$output" != *unknown-software* ]]
	run --separate-stderr bash -c "'$SCTRACE' record -o - -- '$WL/read_ebadf' | perf report --stdio -i -; exit \$(( PIPESTATUS[0] | PIPESTATUS[1] ))"
	assert_success
	[ -z "$stderr" ]
	[[ "$output" == *"raw_syscalls:sys_exit"* ]]
	run --separate-stderr bash -c "'$SCTRACE' record -o - -- '$WL/read_ebadf' | '$SCTRACE' --input -; exit \$(( PIPESTATUS[0] | PIPESTATUS[1] ))"
	assert_success
	[[ "$stderr" == *"read(fd: 99, "*"= -1 EBADF (Bad file descriptor)"*"+++ exited with 0 +++" ]]
	# Nothing named '-' is left behind; the command's output is not in the stream.
	run --separate-stderr bash -c "'$SCTRACE' record -o - -- echo hello | perf script -i - > /dev/null"
	assert_success
	[ "$stderr" = hello ]
	[ ! -e "$BATS_TEST_TMPDIR/-" ]
	# Never binary onto a terminal.
	run script -qec "'$SCTRACE' record -o - -- true" /dev/null
	[ "$status" -eq 73 ]
	[[ "$output" == "sctrace: cannot create output file '-': standard output is a terminal; pipe it into perf (| perf script -i -) or give a file name"* ]]
}

@test "sctrace reads perf record's file, names from the running kernel" {
	perf record -q -o "$data" -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -- "$WL/read_ebadf"
	run --separate-stderr sct --input "$data"
	assert_success
	[[ "$stderr" == *"read(fd: 99, buf: 0x"*", count: 1) = -1 EBADF (Bad file descriptor)"* ]]
	[[ "$stderr" == *"+++ exited with 0 +++" ]]
}

@test "sctrace reads perf trace record's file, in file and pipe mode" {
	perf trace record -q -o "$data" -- "$WL/read_ebadf"
	run --separate-stderr sct --input "$data"
	assert_success
	[[ "$stderr" == *"read(fd: 99, "*"= -1 EBADF (Bad file descriptor)"* ]]
	perf trace record -q -o - -- "$WL/read_ebadf" > "$data" 2>/dev/null
	run --separate-stderr sct --input "$data"
	assert_success
	[[ "$stderr" == *"read(fd: 99, "*"= -1 EBADF (Bad file descriptor)"* ]]
}

@test "lost events are kept in the file and counted again on replay" {
	overflowing 20000 record -m 1 -o "$data"
	assert_success
	[[ "$stderr" =~ sctrace:\ LOST\ ([0-9]+)\ events ]]
	lost=${BASH_REMATCH[1]}
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	[ "$stderr" = "sctrace: LOST $lost events" ]
	run awk '/^--- LOST / { n += $3 } END { print n }' "$out"
	assert_output "$lost"
}

@test "--strict on a replay: a recording with lost events exits 75, as the live run" {
	overflowing 20000 record -m 1 -o "$data"
	assert_success
	[[ "$stderr" =~ sctrace:\ LOST\ ([0-9]+)\ events ]]
	lost=${BASH_REMATCH[1]}
	run --separate-stderr sct --input "$data" --strict -o "$out"
	[ "$status" -eq 75 ]
	# Task records may be lost too, and calls cut off by the lost exits.
	[[ "${stderr_lines[-1]}" =~ ^"sctrace: --strict: the trace is not whole: $lost events lost"(, [^\(]*)?" (replayed from '$data'; sctrace's status would be 0)"$ ]]
}

# corrupt_item FILE STRING: the contents item holding STRING (its head just
# before it) claims 65535 bytes, past the end of its record.
corrupt_item() {
	"$PY" - "$1" "$2" <<-'EOF'
	import struct, sys
	data = bytearray(open(sys.argv[1], "rb").read())
	text = sys.argv[2].encode()
	at = data.find(text)
	# The head: arg, status, len (u16), elem, part, msg; len is this string's.
	assert at > 8 and struct.unpack_from("<H", data, at - 6)[0] == len(text), "no such item"
	struct.pack_into("<H", data, at - 6, 0xffff)
	open(sys.argv[1], "wb").write(data)
	EOF
}

@test "a contents item overrunning its record: reported as malformed, and --strict exits 75" {
	local path=/nonexistent/relb-overrun-marker
	run sct -o /dev/null -- true
	[[ $stderr != *"pointer arguments are shown as addresses"* ]] || skip "no contents here"
	PY=$(command -v /usr/bin/python3 || command -v python3)
	sct record -e openat -o "$data" -- cat "$path" || true
	corrupt_item "$data" "$path"
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	[ "$stderr" = "sctrace: skipped 1 malformed records" ]
	run --separate-stderr sct --input "$data" --strict -o "$out"
	[ "$status" -eq 75 ]
	[ "${stderr_lines[-1]}" = "sctrace: --strict: the trace is not whole: 1 malformed record (replayed from '$data'; sctrace's status would be 0)" ]
}

@test "broken files: one line naming the offset, exit 76, never a crash" {
	sct record -o "$data" -- "$WL/read_ebadf"
	bad=$BATS_TEST_TMPDIR/bad.data
	# Truncated inside the data section.
	head -c 3000 "$data" > "$bad"
	run --separate-stderr sct --input "$bad"
	[ "$status" -eq 76 ]
	[[ "$stderr" =~ ^sctrace:\ cannot\ replay\ .*:\ at\ offset\ [0-9]+:\ .+$ ]]
	[ "$(wc -l <<< "$stderr")" -eq 1 ]
	# Not perf.data at all.
	printf 'hello, world, not a perf file at all' > "$bad"
	run --separate-stderr sct --input "$bad"
	[ "$status" -eq 76 ]
	[ "$stderr" = "sctrace: cannot replay '$bad': at offset 0: not a perf.data file: the magic is not PERFILE2" ]
	# A record claiming more bytes than the data section holds.
	cp "$data" "$bad"
	printf '\xff\xff' | dd of="$bad" bs=1 seek=110 conv=notrunc status=none
	run --separate-stderr sct --input "$bad"
	[ "$status" -eq 76 ]
	[[ "$stderr" == *"at offset 104: record of type "*" claims 65535 bytes"* ]]
	# An attr section far past the end of the file.
	cp "$data" "$bad"
	printf '\xff\xff\xff\xff\xff\xff\xff\x7f' | dd of="$bad" bs=1 seek=24 conv=notrunc status=none
	run --separate-stderr sct --input "$bad"
	[ "$status" -eq 76 ]
	[[ "$stderr" == *"at offset 24: the attr section"*"runs past the end of the file" ]]
	# Empty, and missing.
	: > "$bad"
	run --separate-stderr sct --input "$bad"
	[ "$status" -eq 76 ]
	run --separate-stderr sct --input "$BATS_TEST_TMPDIR/none.data"
	[ "$status" -eq 76 ]
	[[ "$stderr" == "sctrace: cannot open '$BATS_TEST_TMPDIR/none.data': No such file or directory; give a perf.data file" ]]
}

# killed_recording RECORDER...: RECORDER... -- sh (which writes its pid to
# $BATS_TEST_TMPDIR/cmd.pid, then sleeps) killed by SIGKILL once both run
# and the file has a header; the command is ended after it.
killed_recording() {
	local pidfile=$BATS_TEST_TMPDIR/cmd.pid i
	rm -f "$pidfile"
	"$@" -- sh -c 'echo $$ > "$1"; exec sleep 60' sh "$pidfile" &
	local recorder=$!
	for ((i = 0; i < LIMIT * 20; i++)); do
		[ -s "$pidfile" ] && [ "$(stat -c %s "$data" 2>/dev/null || echo 0)" -ge 104 ] && break
		sleep 0.05
	done
	kill -KILL "$recorder"
	wait "$recorder" || true
	kill "$(cat "$pidfile")"
}

@test "an interrupted recording is named so, with the way out; a foreign file is not perf.data" {
	local unfinished="at offset 48: the header was never completed (data size 0, no features): the recording was interrupted (killed, or a write failed); record again, ending it with Ctrl-C or kill -TERM"
	killed_recording "$SCTRACE" record -o "$data"
	run --separate-stderr sct --input "$data"
	[ "$status" -eq 76 ]
	[ "$stderr" = "sctrace: cannot replay '$data': $unfinished" ]
	# perf's own, killed the same way: its data size is still 0.
	rm -f "$data"
	killed_recording perf record -q -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -o "$data"
	run --separate-stderr sct --input "$data"
	[ "$status" -eq 76 ]
	[ "$stderr" = "sctrace: cannot replay '$data': $unfinished" ]
	# A foreign file, zeros where the header would be.
	head -c 4096 /dev/zero > "$data"
	run --separate-stderr sct --input "$data"
	[ "$status" -eq 76 ]
	[ "$stderr" = "sctrace: cannot replay '$data': at offset 0: not a perf.data file: the magic is not PERFILE2" ]
}

@test "pipe mode: perf record -o - as a file, and straight into sctrace --input -" {
	perf record -q -o - -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -- "$WL/read_ebadf" > "$data" 2>/dev/null
	run --separate-stderr sct --input "$data"
	assert_success
	[[ "$stderr" == *"read(fd: 99, "*"= -1 EBADF (Bad file descriptor)"* ]]
	run --separate-stderr sh -c "perf record -q -o - -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -- '$WL/read_ebadf' 2>/dev/null | '$SCTRACE' --input -"
	assert_success
	[[ "$stderr" == *"read(fd: 99, "*"= -1 EBADF (Bad file descriptor)"*"+++ exited with 0 +++" ]]
}

@test "guest recordings replay here: arm64, and s390x (big-endian)" {
	local order host_order
	host_order=$([ "$(uname -m)" = s390x ] && echo big || echo little)
	# Recorded by sctrace in the QEMU guests (ci/check-qemu.sh refreshes
	# such files on every run and replays them too), with contents: in
	# that machine's layouts, shown here as addresses, with the notice.
	for arch in aarch64 s390x; do
		[ "$arch" != "$(uname -m)" ] || continue
		gunzip -c "$BATS_TEST_DIRNAME/fixtures/$arch-fork_execve.data.gz" > "$data"
		run --separate-stderr sct --input "$data" -o "$out"
		assert_success
		order=""
		[ "$([ "$arch" = s390x ] && echo big || echo little)" = "$host_order" ] ||
			order=" (the other byte order)"
		assert_equal "$stderr" "sctrace: notice: pointer arguments are shown as addresses: this recording's contents were read on $arch$order, in layouts this sctrace does not read (--no-contents hides this notice)"
		run "$BATS_TEST_DIRNAME/../build/selftests/replay_compare" --reduced "$out" \
			"$BATS_TEST_DIRNAME/../expected/$arch/fork_execve.out"
		assert_success
	done
	# s390x's own names and clone argument order, not the host's.
	grep -q '^clone(newsp: NULL, clone_flags: CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, ' "$out"
}

@test "contents from another arch's recording: addresses, and one notice saying why" {
	[ "$(uname -m)" = x86_64 ] || skip "rewrites an x86_64 recording's arch"
	need_contents
	sct record -o "$data" -- cat /etc/hostname > /dev/null
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	assert_equal "$stderr" ""
	grep -q 'filename: "/etc/hostname"' "$out"
	# The header's arch says s390x: its layouts are not this machine's.
	"${PY:-/usr/bin/python3}" - "$data" <<'PYEOF'
import sys
path = sys.argv[1]
d = bytearray(open(path, "rb").read())
at = d.find(b"x86_64\0")
assert at > 0 and d.find(b"x86_64\0", at + 1) < 0, "one arch string"
d[at:at + 7] = b"s390x\0\0"
open(path, "wb").write(d)
PYEOF
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	assert_equal "$stderr" "sctrace: notice: pointer arguments are shown as addresses: this recording's contents were read on s390x, in layouts this sctrace does not read (--no-contents hides this notice)"
	run grep -c '"' "$out"
	assert_output 0
	run --separate-stderr sct --no-contents --input "$data" -o "$out"
	assert_success
	assert_equal "$stderr" ""
}

@test "record and --input misuse: exit 64 with the way out" {
	run --separate-stderr sct record --json -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: record prints nothing: give --json, -c or -C when replaying with 'sctrace --input FILE'" ]
	run --separate-stderr sct record --max-events 10 -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: record keeps every event: give --failure, -z, --duration or --max-events when replaying with 'sctrace --input FILE'" ]
	run --separate-stderr sct --input "$data" -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: --input replays a file: it takes no command, -p, --tid, --uid, --all-cpus or --cpu" ]
}

# A recording whose attr section is n copies of its first attr, each
# pointing at the same ids section of bytes appended to the file.
inflate_attrs() {
	perl -e '
		my ($in, $out, $n, $ids) = @ARGV;
		open(my $f, "<:raw", $in) or die; local $/; my $d = <$f>;
		my (undef, undef, $asz, $aoff) = unpack("Q<4", $d);
		my $ids_at = length($d);
		$d .= "\0" x $ids;
		my $attrs_at = length($d);
		$d .= (substr($d, $aoff, $asz - 16) . pack("Q<2", $ids_at, $ids)) x $n;
		substr($d, 24, 16) = pack("Q<2", $attrs_at, $n * $asz);
		open(my $o, ">:raw", $out) or die; print $o $d;
	' "$@"
}

@test "attrs sharing one ids section: refused, nothing allocated per claim" {
	sct record -o "$data" -- true
	bad=$BATS_TEST_TMPDIR/bad.data
	# About 1 MB that asked for 2000 copies of 400 KB of ids.
	inflate_attrs "$data" "$bad" 2000 409600
	run --separate-stderr /usr/bin/time -f 'maxrss %M' "$SCTRACE" --input "$bad" -o "$out"
	[ "$status" -eq 76 ]
	[[ "${stderr_lines[0]}" == "sctrace: cannot replay '$bad': at offset "*": the ids of the attrs add up to more bytes than the file's "*": their sections overlap" ]]
	[[ "${stderr_lines[-1]}" =~ ^maxrss\ ([0-9]+)$ ]]
	echo "max RSS ${BASH_REMATCH[1]} KB" >&3
	[ "${BASH_REMATCH[1]}" -lt 204800 ]
	# Two attrs on one section the file can hold: still a file like any.
	inflate_attrs "$data" "$bad" 2 8
	run sct --input "$bad" -o "$out"
	assert_success
}

@test "recordings are 0600, as perf's; an unseekable output is refused at once" {
	run sct record -o "$data" -- true
	assert_success
	[ "$(stat -c %a "$data")" = 600 ]
	# A file already there, readable by all, is made 0600 before it is
	# written, as a new one would be.
	chmod 0644 "$data"
	run sct record -o "$data" -- true
	assert_success
	[ "$(stat -c %a "$data")" = 600 ]
	run --separate-stderr bash -c "'$SCTRACE' record -o /dev/stdout -- '$WORKLOAD' getppid 100000 | cat > /dev/null; exit \${PIPESTATUS[0]}"
	[ "$status" -eq 73 ]
	[ "$stderr" = "sctrace: cannot create output file '/dev/stdout': a perf.data file needs a seekable file, not a pipe or terminal; give a file name" ]
	# A seekable stdout is a file like any other.
	run sh -c "'$SCTRACE' record -o /dev/stdout -- true > '$data'"
	assert_success
	run sct --input "$data"
	assert_success
}
