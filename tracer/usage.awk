# tracer/usage.txt, the one source of --help and of the man page's
# options, as a C string: awk -f tracer/usage.awk tracer/usage.txt > usage.h
BEGIN { print "/* Generated from tracer/usage.txt by tracer/usage.awk. */"; print "#define SCTRACE_USAGE \\" }
{
	# "&&": the matched backslash twice, alike in gawk and mawk.
	gsub(/\\/, "&&")
	gsub(/"/, "\\\"")
	printf "\t\"%s\\n\" \\\n", $0
}
END { print "\t\"\"" }
