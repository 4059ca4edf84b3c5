# A ktap-run report as "NAME RESULT" lines for lava-test-case: one per
# case of each suite (SUITE.CASE), or the suite itself if it printed no
# cases; RESULT is pass, fail or skip (an XFAIL is a skip, never a pass).
function result(line) {
	if (line ~ / # [Ss][Kk][Ii][Pp]/ || line ~ / # XFAIL/)
		return "skip"
	return line ~ /^not ok/ ? "fail" : "pass"
}
function case_name(line) {
	sub(/^(not )?ok [0-9]+ /, "", line)
	sub(/ # .*/, "", line)
	gsub(/[^A-Za-z0-9_.-]+/, "_", line)
	return line
}
/^# selftests: / { suite = $NF; cases = 0; next }
/^# (not )?ok [0-9]+ / { sub(/^# /, ""); print suite "." case_name($0), result($0); cases++; next }
/^(not )?ok [0-9]+ / && !cases { print suite, result($0) }
