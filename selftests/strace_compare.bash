# What the suites that compare sctrace's lines with strace's share.

# sctrace's named arguments as strace's positional ones: "name: " dropped
# at the call's level, a struct's "field: " written "field=". Addresses
# and pids become words, strace's padding before " = " goes.
positional() {
	"$PY" -c '
import re, sys

NAME = re.compile(r"[a-z_][a-z_0-9]*: ")
CLOSE = {")": "(", "}": "{", "]": "["}

for line in sys.stdin:
    out, stack, i = [], [], 0
    while i < len(line):
        c = line[i]
        after = i > 0 and (line[i - 1] in "({" or line[i - 2:i] == ", ")
        m = NAME.match(line, i) if after and stack else None
        if m and stack == ["("]:
            i = m.end()
            continue
        if m and stack[-1] == "{":
            out.append(m.group(0)[:-2] + "=")
            i = m.end()
            continue
        if c in "({[":
            stack.append(c)
        elif c in CLOSE and stack and stack[-1] == CLOSE[c]:
            stack.pop()
        out.append(c)
        i += 1
    sys.stdout.write("".join(out))
' | sed -E 's/0x[0-9a-f]{5,}/ADDR/g; s/\) +=/) =/; s/^wait4\([0-9]+/wait4(PID/;
		  s/^(wait4.*) = [0-9]{2,}$/\1 = PID/' | grep -vE '^(\+\+\+|---) '
}

# Both tracers on `$WORKLOAD $1` (the suite sets WORKLOAD, ours and
# theirs), showing the calls $2 names, each trace as strace writes it
# in $ours.pos and $theirs.pos.
trace_both() {
	run --separate-stderr sct -e trace="$2" -o "$ours" -- "$WORKLOAD" "$1"
	assert_success
	assert_equal "$stderr" ""
	run timeout -k 5 "$LIMIT" strace -qq -e trace="$2" -o "$theirs" -- "$WORKLOAD" "$1"
	assert_success
	positional < "$ours" > "$ours.pos"
	positional < "$theirs" > "$theirs.pos"
}

# The same lines, and at least $1 of them: not two empty traces agreeing.
same_lines() {
	run diff -u "$theirs.pos" "$ours.pos"
	assert_success
	[ "$(wc -l < "$ours.pos")" -ge "$1" ]
}
