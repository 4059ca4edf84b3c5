#!/usr/bin/env bats
# The KTAP runner decides pass and fail for everything: its own verdicts.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

KTAP_RUN=$BATS_TEST_DIRNAME/ktap-run

@test "passing suites: exit 0, nested, plain closing line" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo ok 2 y' b 'echo 1..1; echo ok 1 z'
	assert_success
	assert_line --index 0 "KTAP version 1"
	assert_line --index 1 "1..2"
	assert_line "    # Subtest: a"
	assert_line "    ok 2 y"
	assert_line "ok 1 a"
	assert_line "ok 2 b"
	assert_line "selftests: 3 passed, 0 failed, 0 skipped"
}

@test "a not ok line fails its suite and the run" {
	run "$KTAP_RUN" a 'echo 1..2; echo ok 1 x; echo not ok 2 y'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 a"
	assert_line "selftests: 1 passed, 1 failed, 0 skipped"
}

@test "a suite that dies before its plan is done fails, even at exit 0" {
	run "$KTAP_RUN" a 'echo 1..3; echo ok 1 x'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 a"
	assert_line "    # a: exit 0, plan 3, ran 1, failed 0"
}

@test "a non-zero exit fails a suite whose lines all passed" {
	run "$KTAP_RUN" a 'echo 1..1; echo ok 1 x; exit 3'
	[ "$status" -eq 1 ]
	assert_line "not ok 1 a"
}

@test "no plan at all is a failure" {
	run "$KTAP_RUN" a 'echo hello'
	[ "$status" -eq 1 ]
}

@test "exit 4 skips with the suite's reason; all skipped exits 4" {
	run "$KTAP_RUN" a 'echo 1..1; echo "ok 1 # SKIP needs root"; exit 4'
	[ "$status" -eq 4 ]
	assert_line "ok 1 a # SKIP needs root"
}

@test "a skip beside a pass: the run passes" {
	run "$KTAP_RUN" a 'echo 1..1; echo ok 1 x' b 'exit 4'
	assert_success
	assert_line "ok 2 b # SKIP all tests skipped"
}

@test "wrong arguments: exit 2" {
	run "$KTAP_RUN" onlyname
	[ "$status" -eq 2 ]
}
