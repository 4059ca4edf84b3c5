# The man page from its prose (doc/sctrace.1.in) and tracer/usage.txt,
# which --help prints: the options and the exit status come from there.
# awk -v version=V -f doc/man.awk tracer/usage.txt doc/sctrace.1.in
function roff(text) {
	gsub(/\\/, "\\e", text)
	gsub(/-/, "\\-", text)
	sub(/^[.']/, "\\\\\\&&", text)
	return text
}
# "-p, --pid LIST" -> bold options, italic values.
function spec_roff(spec,    n, words, i, out, w) {
	n = split(spec, words, " ")
	out = ""
	for (i = 1; i <= n; i++) {
		w = words[i]
		if (w ~ /^-/) {
			comma = sub(/,$/, "", w)
			value = ""
			if (match(w, /\[/)) {
				value = roff(substr(w, RSTART))
				w = substr(w, 1, RSTART - 1)
			}
			out = out (i > 1 ? " " : "") "\\fB" roff(w) "\\fR" value (comma ? "," : "")
		} else {
			out = out " \\fI" roff(w) "\\fR"
		}
	}
	return out
}
# --help lists the options in strace's groups, each under a line of its
# name; the manual opens each group at its first option. Two headings are
# too long for a subsection title.
BEGIN {
	title["perf trace's long options whose letters strace uses otherwise"] = "perf trace's options"
	title["sctrace's own"] = "sctrace's own: rings, the reader, a whole trace"
}
FNR == NR && /^Exit status:/ { in_exit = 1 }
FNR == NR && in_exit { sub(/^Exit status: */, ""); exit_text = exit_text roff($0) "\n"; next }
# An option starts "  -x, --long" or "      --long"; its text goes on
# in lines indented to the description column.
FNR == NR && /^[A-Za-z][^:]*:$/ && !/^Exit status:/ {
	heading = substr($0, 1, length($0) - 1)
	next_group = heading in title ? title[heading] : heading
	next
}
FNR == NR && (/^  -[^-]/ || /^      --/ || (in_options && /^                         [^ ]/)) {
	in_options = 1
	# A spec too long for its column ends at the first two spaces after
	# it starts (a long option alone starts in column 7).
	indent = match($0, /[^ ]/) - 1
	split_at = index(substr($0, indent + 1), "  ")
	split_at = split_at && split_at + indent > 25 ? split_at + indent : 25
	spec = substr($0, 1, split_at)
	text = substr($0, split_at + 1)
	gsub(/^ +| +$/, "", spec)
	gsub(/^ +/, "", text)
	if (spec != "") {
		if (next_group != "")
			options = options ".SS " next_group "\n"
		next_group = ""
		options = options ".TP\n" spec_roff(spec) "\n"
	}
	options = options roff(text) "\n"
	next
}
FNR == NR { next }
/^@OPTIONS@$/ { printf "%s", options; next }
/^@EXIT_STATUS@$/ { printf "%s", exit_text; next }
{ gsub(/@VERSION@/, version); print }
