#!/usr/bin/env bats
# The KTAP runner decides pass and fail for everything: its own verdicts.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

KTAP_RUN=$BATS_TEST_DIRNAME/ktap-run

@test "passing suites: exit 0, the kselftest runner's shape, plain closing line" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo ok 2 y' b 'echo 1..1; echo ok 1 z'
	assert_success
	assert_line --index 0 "TAP version 13"
	assert_line --index 1 "1..2"
	assert_line --index 2 "# selftests: sctrace: a"
	assert_line "# ok 2 y"
	assert_line "ok 1 selftests: sctrace: a"
	assert_line "ok 2 selftests: sctrace: b"
	assert_line "selftests: 3 passed, 0 failed, 0 skipped"
}

# As the kernel's kselftest runner writes: its tests' output through its
# stdout reopened with ">>", its own result lines straight to stdout.
@test "a suite that reopens its stdout to append keeps its lines in order" {
	run "$KTAP_RUN" a 'echo 1..1; echo "# the test said" >>/dev/stdout; echo ok 1 x'
	assert_success
	assert_line --index 3 "# 1..1"
	assert_line --index 4 "# # the test said"
	assert_line --index 5 "# ok 1 x"
}

@test "a not ok line fails its suite and the run" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo not ok 2 y'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 selftests: sctrace: a # exit=0"
	assert_line "selftests: 1 passed, 1 failed, 0 skipped"
}

@test "every failed case is named again before the totals, nested ones too; skips are not" {
	run "$KTAP_RUN" a 'echo 1..3; echo ok 1 x; echo not ok 2 y; echo "not ok 3 z # SKIP q"' \
		b "$KTAP_RUN in 'echo 1..1; echo not ok 1 deep'" c 'echo 1..1; echo ok 1 fine'
	[ "$status" -eq 1 ]
	run sed -n '/^# failed: /p' <<<"$output"
	assert_output "# failed: a: not ok 2 y
# failed: a: exit 0, plan 3, ran 3, failed 1
# failed: b: not ok 1 deep
# failed: b: not ok 1 selftests: sctrace: in # exit=0
# failed: b: exit 1, plan 1, ran 1, failed 1"
}

@test "a suite that dies before its plan is done fails, even at exit 0" {
	run "$KTAP_RUN" a 'echo 1..3; echo ok 1 x'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 selftests: sctrace: a # exit=0"
	assert_line "# a: exit 0, plan 3, ran 1, failed 0"
}

@test "a non-zero exit fails a suite whose lines all passed" {
	run "$KTAP_RUN" a 'echo 1..1; echo ok 1 x; exit 3'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 selftests: sctrace: a # exit=3"
}

@test "no plan at all is a failure" {
	run "$KTAP_RUN" a 'echo hello'
	[ "$status" -eq 1 ]
}

@test "exit 4 skips with the suite's reason; all skipped exits 4" {
	run "$KTAP_RUN" a 'echo 1..1; echo "ok 1 # SKIP needs root"; exit 4'
	[ "$status" -eq 4 ]
	assert_line "ok 1 selftests: sctrace: a # SKIP needs root"
}

@test "a skip beside a pass: the run passes" {
	run "$KTAP_RUN" a 'echo 1..1; echo ok 1 x' b 'exit 4'
	assert_success
	assert_line "ok 2 selftests: sctrace: b # SKIP all tests skipped"
}

@test "wrong arguments: exit 2" {
	run "$KTAP_RUN" onlyname
	[ "$status" -eq 2 ]
}

@test "an XFAIL result is counted apart, not as a pass" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo "ok 2 y # XFAIL known bug"'
	assert_success
	assert_line "# Totals: suites pass:1 fail:0 skip:0; tests pass:1 fail:0 xfail:1 skip:0"
	assert_line "selftests: 1 passed, 0 failed, 0 skipped"
}

@test "a 'not ok' result with a SKIP directive is a skip, not a failure" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo "not ok 2 y # SKIP no cpu"'
	assert_success
	assert_line "selftests: 1 passed, 0 failed, 1 skipped"
}

@test "KTAP_COLLECTION names the collection" {
	KTAP_COLLECTION=guests run "$KTAP_RUN" a 'echo 1..1; echo ok 1 x'
	assert_line "# selftests: guests: a"
	assert_line "ok 1 selftests: guests: a"
}

@test "bats-tap: a bats skip reads as a skip, with its reason after the SKIP directive" {
	printf '@test "runs" { true; }\n@test "cannot" { skip "needs two cpus"; }\n' >"$BATS_TEST_TMPDIR/s.bats"
	# A bats of its own: this one's PATH leads to its libexec scripts.
	run env -i PATH=/usr/bin:/bin "$BATS_TEST_DIRNAME/bats-tap" "$BATS_TEST_TMPDIR/s.bats"
	assert_success
	assert_line --index 0 "TAP version 13"
	assert_line "ok 2 cannot # SKIP needs two cpus"
}

@test "bats-tap: every test skipped exits 4; ktap-run counts the suite and its tests as skips" {
	printf '@test "a" { skip "refused a mount namespace"; }\n@test "b" { skip "refused a mount namespace"; }\n' \
		>"$BATS_TEST_TMPDIR/s.bats"
	run env -i PATH=/usr/bin:/bin "$BATS_TEST_DIRNAME/bats-tap" "$BATS_TEST_TMPDIR/s.bats"
	[ "$status" -eq 4 ]
	assert_line "ok 1 a # SKIP refused a mount namespace"
	run env -i PATH=/usr/bin:/bin "$KTAP_RUN" s "$BATS_TEST_DIRNAME/bats-tap $BATS_TEST_TMPDIR/s.bats"
	[ "$status" -eq 4 ]
	assert_line "ok 1 selftests: sctrace: s # SKIP refused a mount namespace"
	assert_line "# Totals: suites pass:0 fail:0 skip:1; tests pass:0 fail:0 xfail:0 skip:2"
}

@test "bats-tap under ktap-run: a skip beside a pass is counted a skip, the suite a pass" {
	printf '@test "runs" { true; }\n@test "cannot" { skip "refused a tmpfs mount"; }\n' >"$BATS_TEST_TMPDIR/s.bats"
	run env -i PATH=/usr/bin:/bin "$KTAP_RUN" s "$BATS_TEST_DIRNAME/bats-tap $BATS_TEST_TMPDIR/s.bats"
	assert_success
	assert_line "# ok 2 cannot # SKIP refused a tmpfs mount"
	assert_line "ok 1 selftests: sctrace: s"
	assert_line "# Totals: suites pass:1 fail:0 skip:0; tests pass:1 fail:0 xfail:0 skip:1"
}

# A real document: a unit test binary and a nested ktap-run, as make check.
real_report() {
	"$KTAP_RUN" lists "$UNIT" nested "$KTAP_RUN lists $UNIT" >"$BATS_TEST_TMPDIR/r.ktap"
}

kunit_setup() {
	KUNIT=${KUNIT_DIR:-$BATS_TEST_DIRNAME/../build/ktools/kunit}
	[ -r "$KUNIT/kunit_parser.py" ] || fail "no kunit_parser.py in $KUNIT: make build/ktools/.extracted"
}

check_setup() {
	UNIT=$BATS_TEST_DIRNAME/../build/selftests/test_lists
	[ -x "$UNIT" ] || fail "build/selftests/test_lists is missing: make unit-tests"
	kunit_setup
}

@test "ktap-check: python3-tap and the kernel's parser read every case, at every depth" {
	check_setup
	real_report
	cases=$(grep -cE '^(# )+ok [0-9]+ ' "$BATS_TEST_TMPDIR/r.ktap")
	run "$BATS_TEST_DIRNAME/ktap-check" --junit "$BATS_TEST_TMPDIR/r.xml" "$KUNIT" "$BATS_TEST_TMPDIR/r.ktap"
	assert_success
	assert_output --partial "# ktap-check: $((cases - 1)) cases, pass:$((cases - 1)) fail:0"
	run /usr/bin/python3 -c 'import sys, xml.etree.ElementTree as E; print(len(E.parse(sys.argv[1]).findall(".//testcase")))' "$BATS_TEST_TMPDIR/r.xml"
	assert_output "$((cases - 1))"
}

@test "ktap-check fails when a case's result goes missing, nested or not" {
	check_setup
	real_report
	for drop in '^# ok 2 ' '^# # ok 1 ' '^ok 2 '; do
		grep -vE "$drop" "$BATS_TEST_TMPDIR/r.ktap" >"$BATS_TEST_TMPDIR/cut.ktap"
		run "$BATS_TEST_DIRNAME/ktap-check" "$KUNIT" "$BATS_TEST_TMPDIR/cut.ktap"
		[ "$status" -eq 1 ] || fail "dropping '$drop' went unnoticed: $output"
		assert_output --partial "a parser lost or misread cases"
	done
}

@test "ktap-check fails when a parser reads a different outcome" {
	check_setup
	real_report
	sed -E '0,/^# ok 1 /s/^# ok 1 (.*)$/# ok 1 \1 # SKIP/' "$BATS_TEST_TMPDIR/r.ktap" >"$BATS_TEST_TMPDIR/s.ktap"
	sed -i -E '0,/^# ok 1 .* # SKIP$/s/ # SKIP$/ # skip/' "$BATS_TEST_TMPDIR/s.ktap"
	run "$BATS_TEST_DIRNAME/ktap-check" "$KUNIT" "$BATS_TEST_TMPDIR/s.ktap"
	[ "$status" -eq 1 ]
	assert_output --partial "python3-tap reads skip, kunit_parser reads pass"
}

@test "kselftest-install: run_kselftest.sh lists and runs the sctrace collection" {
	check_setup
	root=$BATS_TEST_DIRNAME/..
	ktools=$(dirname "$KUNIT")
	(cd "$root" && selftests/kselftest-install "$BATS_TEST_TMPDIR/ksft" build "$ktools")
	run "$BATS_TEST_TMPDIR/ksft/run_kselftest.sh" --list
	assert_line "sctrace:golden"
	assert_line "sctrace:conformance"
	assert_line "sctrace:test_lists"
	run "$BATS_TEST_TMPDIR/ksft/run_kselftest.sh" -t sctrace:test_lists
	assert_success
	assert_line --index 0 "TAP version 13"
	assert_line "# selftests: sctrace: test_lists"
	assert_line "ok 1 selftests: sctrace: test_lists"
	assert_line --regexp '^# ok [0-9]+ global\.'
}

# Issue 35: installed elsewhere than the source tree, fork_execve's exec
# showed the install's absolute path where its golden file holds
# build/workloads/exec_target. A deep directory, the runner started from /.
@test "kselftest-install: the golden suite passes in a deep install, run from another directory" {
	[ "$(id -u)" -eq 0 ] || skip "the golden cases need root to open perf tracepoints"
	check_setup
	root=$BATS_TEST_DIRNAME/..
	ktools=$(dirname "$KUNIT")
	deep=$BATS_TEST_TMPDIR
	for level in 1 2 3 4 5 6 7 8; do
		deep=$deep/kselftest-install-directory-level-$level
	done
	(cd "$root" && selftests/kselftest-install "$deep" build "$ktools")
	run env GOLDEN_CASE=fork_execve sh -c 'cd / && "$1"/run_kselftest.sh -t sctrace:golden' - "$deep"
	assert_success
	assert_line "ok 1 selftests: sctrace: golden"
	assert_line --regexp '^# ok [0-9]+ golden\.fork_execve\.trace$'
	assert_line --regexp '^# ok [0-9]+ golden\.fork_execve\.replay$'
}

@test "kselftest-install refuses a directory with a blank, where the kernel's runner cannot start" {
	check_setup
	root=$BATS_TEST_DIRNAME/..
	run -1 sh -c 'cd "$1" && selftests/kselftest-install "$2" build "$3"' - "$root" \
		"$BATS_TEST_TMPDIR/with blank" "$(dirname "$KUNIT")"
	assert_output "kselftest-install: '$BATS_TEST_TMPDIR/with blank' has a blank in it, which the kernel's run_kselftest.sh cannot run from: choose a path without one"
	[ ! -e "$BATS_TEST_TMPDIR/with blank" ]
}

@test "a harness skip without a name gets its RUN line's name; the reason stays after the SKIP directive" {
	run "$KTAP_RUN" a 'echo 1..2; echo "#  RUN           global.first ..."; echo "ok 1 global.first";
		echo "#  RUN           global.second ..."; echo "#      SKIP      needs strace"; echo "ok 2 # SKIP needs strace"'
	assert_success
	assert_line "# ok 2 global.second # SKIP needs strace"
	assert_line "selftests: 1 passed, 0 failed, 1 skipped"
}

@test "a harness skip nested in a kselftest runner's output is named too" {
	run "$KTAP_RUN" a 'echo 1..1; echo "# 1..1"; echo "# #  RUN           global.second ..."
		echo "# #      SKIP      needs strace"; echo "# ok 1 # SKIP needs strace"; echo "ok 1 selftests: sctrace: t"'
	assert_success
	assert_line "# # ok 1 global.second # SKIP needs strace"
}

# JUnit XML: what CI shows of a failure is what the KTAP said about it.
# As golden prints it: the diff first, then what differs.
HARNESS_FAIL='echo "TAP version 13"; echo 1..3
	echo "#  RUN           global.same ..."; echo "#            OK  global.same"; echo "ok 1 global.same"
	echo "#  RUN           global.differs ..."
	echo "# --- expected/x86_64/differs.out"; echo "# +++ build/golden/x86_64/differs.out"
	echo "# @@ -1 +1 @@"; echo "# -write(1, \"a\", 1) = 1"; echo "# +write(1, \"b\", 1) = 1"
	echo "# golden.c:235:differs:trace differs from the golden file"
	echo "#          FAIL  global.differs"; echo "not ok 2 global.differs"
	echo "#  RUN           global.cannot ..."; echo "#      SKIP      needs strace"
	echo "ok 3 # SKIP needs strace"; exit 1'

# junit_report STATUS NAME COMMAND...: ktap-check's exit STATUS on the
# report of the suites (failing ones, mostly: ktap-run's own is not read).
junit_report() {
	local status=$1
	shift
	kunit_setup
	"$KTAP_RUN" "$@" >"$BATS_TEST_TMPDIR/j.ktap" || true
	run "-$status" "$BATS_TEST_DIRNAME/ktap-check" --junit "$BATS_TEST_TMPDIR/j.xml" "$KUNIT" "$BATS_TEST_TMPDIR/j.ktap"
}

xpath() {
	xmllint --xpath "$1" "$BATS_TEST_TMPDIR/j.xml"
}

@test "junit: a failure carries its first diagnostic past the diff as message, the diff in the body, its output apart" {
	junit_report 0 golden "$HARNESS_FAIL"
	case='//testcase[@name="global.differs"]'
	run xpath "string($case/failure/@message)"
	assert_output "golden.c:235:differs:trace differs from the golden file"
	run xpath "string($case/failure)"
	assert_line "--- expected/x86_64/differs.out"
	assert_line '-write(1, "a", 1) = 1'
	assert_line '+write(1, "b", 1) = 1'
	run xpath "string($case/system-out)"
	assert_line "#  RUN           global.differs ..."
	assert_line '# +write(1, "b", 1) = 1'
	run xpath "count(//testcase[@name=\"global.same\"]/failure | //testcase[@name=\"global.same\"]/skipped)"
	assert_output 0
}

@test "junit: a skip is <skipped> with its reason, an XFAIL too, and neither is a failure" {
	junit_report 0 golden "$HARNESS_FAIL" other 'echo TAP version 13; echo 1..1; echo "ok 1 x # XFAIL known bug"'
	run xpath 'string(//testcase[@name="global.cannot"]/skipped/@message)'
	assert_output "needs strace"
	run xpath 'string(//testcase[@name="x"]/skipped/@message)'
	assert_output "XFAIL known bug"
	run xpath 'string(/testsuites/@failures)'
	assert_output 1
	run xpath 'string(/testsuites/@skipped)'
	assert_output 2
}

@test "junit: a suite that crashes with no failed case is a failure, with ktap-run's verdict" {
	junit_report 1 crash 'echo "TAP version 13"; echo 1..2; echo ok 1 x; exit 3'
	run xpath 'string(//testcase[@name="selftests: sctrace: crash"]/failure/@message)'
	assert_output "crash: exit 3, plan 2, ran 1, failed 0"
}

@test "junit: times are the measured ones, suites' by ktap-run and bats cases' by bats, all numbers" {
	printf '@test "quick" { true; }\n@test "slow" { sleep 0.3; }\n' >"$BATS_TEST_TMPDIR/t.bats"
	junit_report 0 slow 'echo "TAP version 13"; echo 1..1; echo ok 1 x; sleep 0.3' \
		bats "env -i PATH=/usr/bin:/bin $BATS_TEST_DIRNAME/bats-tap $BATS_TEST_TMPDIR/t.bats"
	run xpath 'string(//testsuite[@name="selftests: sctrace: slow"]/@time >= 0.3)'
	assert_output true
	run xpath 'string(//testcase[@name="slow"]/@time >= 0.3)'
	assert_output true
	run xpath 'count(//testcase[@classname="selftests: sctrace: bats"][@time])'
	assert_output 2
	run xpath 'count(//testsuite[not(@time) or not(@timestamp)])'
	assert_output 0
	run xpath 'count(//@time[string(number(.)) = "NaN"])'
	assert_output 0
	# The harness' case was not timed on its own: no time is made up for it.
	run xpath 'count(//testcase[@name="x"][@time])'
	assert_output 0
}

@test "junit: the report validates against junit.xsd; broken ones do not" {
	junit_report 0 golden "$HARNESS_FAIL"
	xsd=$BATS_TEST_DIRNAME/junit.xsd
	run xmllint --noout --schema "$xsd" "$BATS_TEST_TMPDIR/j.xml"
	assert_success
	for breakage in 's/ time="[0-9.]*"/ time="fast"/' 's/<testcase classname/<testcase bogus="1" classname/' \
			's/<skipped /<skipped \/><failure /' 's/ name="global.same"//' 's/<testsuites /<testsuite /; s/<\/testsuites>/<\/testsuite>/'; do
		sed "$breakage" "$BATS_TEST_TMPDIR/j.xml" >"$BATS_TEST_TMPDIR/broken.xml"
		! cmp -s "$BATS_TEST_TMPDIR/j.xml" "$BATS_TEST_TMPDIR/broken.xml" || fail "'$breakage' changed nothing"
		run xmllint --noout --schema "$xsd" "$BATS_TEST_TMPDIR/broken.xml"
		[ "$status" -ne 0 ] || fail "'$breakage' still validates"
	done
}

@test "junit: characters XML cannot hold are written as \\xNN, and the report stays readable" {
	junit_report 0 colours 'echo "TAP version 13"; echo 1..1; printf "# \033[31mred\001\n"; echo "not ok 1 x"'
	run xmllint --noout --schema "$BATS_TEST_DIRNAME/junit.xsd" "$BATS_TEST_TMPDIR/j.xml"
	assert_success
	run xpath 'string(//testcase[@name="x"]/failure/@message)'
	assert_output '\x1b[31mred\x01'
}

@test "ktap-report: a real report becomes valid JUnit XML, one testcase per case; an invalid one fails it" {
	check_setup
	tmp=$BATS_TEST_TMPDIR
	KUNIT_DIR=$KUNIT run "$BATS_TEST_DIRNAME/ktap-report" "$tmp/r" lists "$UNIT" nested "$KTAP_RUN lists $UNIT"
	assert_success
	cases=$(grep -cE '^(# )+ok [0-9]+ ' "$tmp/r.ktap")
	run xmllint --xpath 'count(//testcase)' "$tmp/r.junit.xml"
	assert_output "$((cases - 1))"
	# The same scripts beside a schema that asks for what is never written.
	mkdir "$tmp/strict"
	cp "$BATS_TEST_DIRNAME"/ktap-report "$BATS_TEST_DIRNAME"/ktap-run "$BATS_TEST_DIRNAME"/ktap-check "$tmp/strict/"
	sed 's/<xs:attribute name="classname" type="xs:string"\/>/<xs:attribute name="hostname" use="required"\/>/' \
		"$BATS_TEST_DIRNAME/junit.xsd" >"$tmp/strict/junit.xsd"
	KUNIT_DIR=$KUNIT run "$tmp/strict/ktap-report" "$tmp/s" lists "$UNIT"
	[ "$status" -eq 1 ]
	assert_output --partial "$tmp/s.junit.xml does not follow $tmp/strict/junit.xsd"
}

@test "bats-tap: a failure's diagnostics come before its result line, then the time bats measured" {
	printf '@test "fails" { echo said this; false; }\n@test "next" { true; }\n' >"$BATS_TEST_TMPDIR/f.bats"
	run env -i PATH=/usr/bin:/bin "$BATS_TEST_DIRNAME/bats-tap" "$BATS_TEST_TMPDIR/f.bats"
	[ "$status" -eq 1 ]
	run sed -n '1,/^not ok 1/p' <<<"$output"
	assert_line --index 2 --partial "# (in test file "
	assert_line --index 4 "# said this"
	assert_line --index 5 --regexp '^# time: [0-9]+\.[0-9]{3} s$'
	assert_line --index 6 "not ok 1 fails"
}
