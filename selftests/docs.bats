#!/usr/bin/env bats
# The documentation: a short README that starts with the two commands and a
# trace, a man page that renders cleanly with every section it promises,
# and no section of the old, long README lost in the move.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

ROOT=$BATS_TEST_DIRNAME/..
MAN_PAGE=${MAN_PAGE:-$ROOT/build/sctrace.1}

# The manual as man shows it, plain text; hyphens as ASCII.
rendered_man() {
	LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$MAN_PAGE" 2>/dev/null |
		sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g'
}

need_man_page() {
	[ -r "$MAN_PAGE" ] || fail "no man page at $MAN_PAGE: run make"
}

@test "README.md is under 10 kB" {
	size=$(wc -c <"$ROOT/README.md")
	[ "$size" -lt 10000 ] || fail "README.md is $size bytes: move detail to the man page or doc/"
}

@test "README.md: the two commands and a real trace on its first screen" {
	run head -n 40 "$ROOT/README.md"
	assert_success
	assert_line --regexp '^make run '
	assert_line --regexp '^make check '
	# an sctrace command line, and a line of its trace
	assert_output --regexp '(^|[ `])(build/)?sctrace( -[^ ]+)* -- [a-z]'
	assert_line --regexp '^[a-z_0-9]+\(.*\) = (-?[0-9]+|0x[0-9a-f]+|\?)( |$)'
}

@test "README.md's links to other documents resolve" {
	links=$(grep -oE '\]\([^)#]+' "$ROOT/README.md" | sed 's/^](//')
	[ -n "$links" ] || fail "README.md links to no other document"
	for f in $links; do
		[ -e "$ROOT/$f" ] || fail "README.md links to $f, which does not exist"
	done
}

@test "the man page renders without a groff or man warning" {
	need_man_page
	run --separate-stderr groff -man -ww -z "$MAN_PAGE"
	assert_success
	[ -z "$stderr" ] || fail "groff: $stderr"
	run --separate-stderr env LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$MAN_PAGE"
	assert_success
	[ -z "$stderr" ] || fail "man: $stderr"
}

@test "the rendered man page shows no roff or Markdown markup" {
	need_man_page
	run rendered_man
	assert_success
	[ "${#lines[@]}" -gt 500 ] || fail "the man page is only ${#lines[@]} lines"
	refute_output --regexp '\\f[BIRP]|\\-|`|\*\*'
	refute_output --regexp '(^|[[:space:]])\.(PP|TP|IP|SH|SS|RS|RE|EX|EE|BR|IR|B|I|nf|fi|br|in)([[:space:]]|$)'
}

# The sections sctrace(1) promises, and the option groups doc/man.awk puts
# in OPTIONS: an option moved in tracer/usage.txt can lose its group.
@test "the man page has every section and option group it promises" {
	need_man_page
	run rendered_man
	assert_success
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS OUTPUT "ARGUMENT CONTENTS" \
		"JSON OUTPUT: --json" "RECORD AND REPLAY: perf.data FILES" \
		RELIABILITY "EXIT STATUS" ENVIRONMENT COMPATIBILITY NOTES EXAMPLES FILES "SEE ALSO"; do
		assert_line "$s"
	done
	for g in General Startup Tracing Filtering "Output format" Statistics \
		Miscellaneous "perf trace's options" \
		"sctrace's own: rings, the reader, a whole trace"; do
		assert_line "   $g"
	done
	# every option under a group: no .TP between OPTIONS and the first .SS
	first=$(awk '/^\.SH OPTIONS/ { on = 1; next } on && /^\.(SS|TP)/ { print $1; exit }' "$MAN_PAGE")
	[ "$first" = ".SS" ] || fail "an option comes before the first group heading in OPTIONS"
}

@test "the man page gives the JSON schema's installed path" {
	need_man_page
	run rendered_man
	assert_output --partial "/usr/share/sctrace/sctrace.schema.json"
	refute_output --partial "schema: README"
}

# Every ## and ### heading of the README before it was split (at 8119ffe),
# backticks removed: each must still head a section of README.md,
# CONTRIBUTING.md, doc/*.md or sctrace(1) (case aside: .SH is upper case).
OLD_HEADINGS=(
	"sctrace"
	"The two commands"
	"Symbolic arguments, and --raw"
	"Filters on the outcome, and a limit"
	"Summaries: -c, -C, --errno-summary"
	"Page faults: --pf all|maj|min"
	"Task lifetime and scheduling: --sched"
	"Any tracepoint: --event SYSTEM:NAME"
	"--comm"
	"File descriptors: -y"
	"JSON output: --json"
	"Record and replay: perf.data files"
	"Argument contents"
	"The harness"
	"Workloads"
	"Golden files and normalisation"
	"The other checks"
	"Tracepoint conformance"
	"The KTAP report"
	"Performance"
	"Losses at the default ring size: bench/loss.sh"
	"Memory over a long system-wide run"
	"Reliability"
	"A fresh machine: make check-fresh"
	"LAVA: the guests as lab jobs"
	"Cross-architecture runs, and your own kernel"
	"Layout"
)

@test "every heading of the old README heads a section of the new documents" {
	need_man_page
	# Markdown headings outside code blocks, then the man page's .SH/.SS
	# lines as rendered (column 0 and 3).
	headings=$({
		awk '/^```/ { code = !code; next } !code && /^#+ / { sub(/^#+ /, ""); print }' \
			"$ROOT/README.md" "$ROOT/CONTRIBUTING.md" "$ROOT"/doc/*.md
		rendered_man | grep -E '^(   )?[^ ]' | sed 's/^   //'
	} | tr -d '`' | tr '[:upper:]' '[:lower:]')
	missing=()
	for h in "${OLD_HEADINGS[@]}"; do
		lower=$(printf '%s' "$h" | tr '[:upper:]' '[:lower:]')
		grep -qxF -- "$lower" <<<"$headings" || missing+=("$h")
	done
	[ "${#missing[@]}" -eq 0 ] || fail "headings lost: $(printf '"%s" ' "${missing[@]}")"
}
