#!/usr/bin/env bats
# Every byte value in every kind of string (a buffer, a path, an argv
# element), quoted as strace 6.1 quotes it on the same calls, by default,
# with -x and with -xx; and the same bytes in --json, read back by
# python3's json module (RFC 8259), not by anything of ours.

load helpers

PY=/usr/bin/python3
WORKLOAD=$BATS_TEST_DIRNAME/quoting_bytes.py

setup() {
	need_root
	[ -x "$PY" ] || skip "no $PY here"
	dir=$BATS_TEST_TMPDIR
}

# The workload's calls in a text trace, a line each: the call's name and
# its quoted strings as they are printed ("..." after a cut one kept):
# writes to fd 1, and the openat and execve calls on the workload's paths.
# Pid prefixes and argument names (sctrace's "buf: ") are left out.
strings_of() {
	"$PY" -I -c '
import re, sys
mark = b"/nonexistent-sct-quoting/"
marks = (mark, "".join("\\x%02x" % b for b in mark).encode())
quoted = re.compile(rb"\"(?:[^\"\\]|\\.)*\"(?:\.\.\.)?")
call = re.compile(rb"^(?:\[pid +\d+\] |\d+ +)?(write|openat|execve)\((.*)$")
for line in open(sys.argv[1], "rb"):
    m = call.match(line)
    if not m:
        continue
    args = m.group(2)
    if m.group(1) == b"write" and not re.match(rb"(fd: )?1, ", args):
        continue
    strs = quoted.findall(args)
    if m.group(1) != b"write" and not any(k in strs[0] for k in marks):
        continue
    sys.stdout.buffer.write(m.group(1) + b" " + b" ".join(strs) + b"\n")
' "$1"
}

# strace and sctrace with OPTS on the workload: the same strings, and as
# many of each call as the workload made (so that neither trace can lose
# a line, or both match nothing).
same_as_strace() {
	strace -f -qq -e trace=write,openat,execve -o "$dir/st" "$@" \
		"$PY" -I "$WORKLOAD" >/dev/null 2>"$dir/calls"
	sct -e trace=write,openat,execve -o "$dir/sc" "$@" -- "$PY" -I "$WORKLOAD" \
		>/dev/null 2>/dev/null || fail "sctrace $* failed"
	strings_of "$dir/st" >"$dir/st.strings"
	strings_of "$dir/sc" >"$dir/sc.strings"
	awk '{ print $1 }' "$dir/calls" | sort | uniq -c >"$dir/want.count"
	for t in st sc; do
		awk '{ print $1 }' "$dir/$t.strings" | sort | uniq -c >"$dir/$t.count"
		diff "$dir/want.count" "$dir/$t.count" ||
			fail "$t's trace does not hold each call the workload made"
	done
	diff "$dir/st.strings" "$dir/sc.strings" || fail "sctrace $* quotes otherwise than strace"
}

@test "every byte in buffers, paths and argv: quoted as strace quotes it" {
	same_as_strace -s 4
}

@test "every byte with -x: hex for the strings strace writes in hex" {
	same_as_strace -s 4 -x
}

@test "every byte with -xx: every string in hex, as strace" {
	same_as_strace -s 4 -xx
}

@test "every byte in --json: valid RFC 8259 text, each byte back as U+0000-U+00FF" {
	sct --json -s 64 -e trace=write,openat,execve -o "$dir/sc.json" \
		-- "$PY" -I "$WORKLOAD" >/dev/null 2>/dev/null || fail "sctrace --json failed"
	"$PY" -I "$WORKLOAD" >/dev/null 2>"$dir/calls"
	"$PY" -I -c '
import json, sys
mark = b"/nonexistent-sct-quoting/"
def raw(s):
    return s.encode("latin-1")
got = []
for n, line in enumerate(open(sys.argv[1], "rb"), 1):
    # Strict UTF-8, then strict JSON: a raw control character is refused.
    ev = json.loads(line.decode("utf-8"))
    c = ev.get("contents", {})
    if ev.get("type") != "syscall":
        continue
    if ev["name"] == "write" and ev["args"]["fd"] == 1:
        got.append("write " + raw(c["buf"]).hex())
    elif ev["name"] in ("openat", "execve") and raw(c["filename"]).startswith(mark):
        args = [raw(c["filename"])] if ev["name"] == "openat" else [raw(a) for a in c["argv"]]
        got.append(" ".join([ev["name"]] + [a.hex() for a in args]))
want = open(sys.argv[2]).read().split("\n")[:-1]
if got != want:
    bad = next(i for i in range(min(len(got), len(want)) + 1)
               if i >= len(got) or i >= len(want) or got[i] != want[i])
    sys.exit("call %d: got %r, want %r (%d calls, %d wanted)" %
             (bad, got[bad:bad + 1], want[bad:bad + 1], len(got), len(want)))
' "$dir/sc.json" "$dir/calls"
}
