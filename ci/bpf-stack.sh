#!/bin/sh
# Refuses a BPF object whose deepest call chain needs more stack than
# the oldest kernel sctrace runs on allows. Debian 12's 6.1 verifier
# rounds each frame up to 32 bytes and refuses a chain over 512 ("combined
# stack size of N calls is M. Too large"); newer kernels round to less, so
# the host's own load cannot catch it, only a guest could, minutes later.
# Usage: ci/bpf-stack.sh OBJECT.bpf.o
# Exit: 0 fits, 1 too deep, 2 could not read the object.
set -u

obj=$1
limit=512
dump=$(llvm-objdump -dr --no-show-raw-insn "$obj" 2>&1) || {
	echo "bpf-stack: cannot disassemble $obj: $dump" >&2
	exit 2
}
printf '%s\n' "$dump" | awk -v obj="$obj" -v limit="$limit" '
# A function starts at "ADDR <name>:"; compiler labels (LBB...) do not.
/^[0-9a-f]+ <[A-Za-z_][A-Za-z0-9_]*>:$/ {
	name = $2
	gsub(/[<>:]/, "", name)
	if (name !~ /^LBB/) {
		fn = name
		seen[fn] = 1
		delete from_fp
	}
	next
}
fn == "" { next }
# Stack slots: "(r10 - N)" directly, or "rX = r10" then "rX += -N".
/r10 - [0-9]+/ {
	match($0, /r10 - [0-9]+/)
	note(fn, substr($0, RSTART + 6, RLENGTH - 6) + 0)
}
/r[0-9] = r10$/ {
	from_fp[$2] = 1
	next
}
/r[0-9] \+= -[0-9]+$/ && from_fp[$2] {
	note(fn, substr($4, 2) + 0)
	next
}
/^[ \t]*[0-9]+:[ \t]+r[0-9] / { delete from_fp[$2] }
# A call to another function of the object is relocated against its name.
/R_BPF_64_32/ { calls[fn] = calls[fn] " " $NF }
function note(f, n) { if (n > depth[f]) depth[f] = n }
function frame(f,   d) {
	d = depth[f] < 1 ? 1 : depth[f]
	return int((d + 31) / 32) * 32
}
# The deepest chain from f, and its path.
function deepest(f, level,   n, i, c, best, d) {
	if (f in memo)
		return memo[f]
	if (level > 8) {
		path[f] = f " (calls too deep)"
		return memo[f] = limit + 1
	}
	best = 0
	path[f] = f
	n = split(calls[f], c, " ")
	for (i = 1; i <= n; i++) {
		if (!(c[i] in seen))
			continue
		d = deepest(c[i], level + 1)
		if (d > best) {
			best = d
			path[f] = f " -> " path[c[i]]
		}
	}
	return memo[f] = frame(f) + best
}
END {
	bad = 0
	for (f in seen) {
		d = deepest(f, 0)
		if (d > limit) {
			printf "bpf-stack: %s: %s needs %d bytes of stack, over the %d a 6.1 kernel allows (each frame rounded up to 32); make a frame smaller or the chain shorter\n", obj, path[f], d, limit
			bad = 1
		}
	}
	exit bad
}' >&2
