#!/usr/bin/env bats
# ktap-lava.awk: a ktap-run report as the "NAME RESULT" lines the LAVA job
# hands lava-test-case. Every mapping is checked against the whole output,
# so a case mapped to another result, renamed, lost or added fails.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

AWK_FILE=$BATS_TEST_DIRNAME/ktap-lava.awk

# One report in ktap-run's shape: suites with cases of every result, a
# harness's own "# #" lines and a nested subtest's cases (which are not
# cases of the suite), and suites that printed no cases at all.
report() {
	cat <<'EOF'
TAP version 13
1..5
# selftests: sctrace: test_a
# TAP version 13
# 1..5
# # Starting 5 tests from 1 test cases.
# #  RUN           global.first ...
# #            OK  global.first
# ok 1 global.first
# not ok 2 global.second
# ok 3 global.third # SKIP no cpu
# ok 4 global.fourth # XFAIL known bug
# not ok 5 global.fifth # SKIP needs root
# # Totals: pass:1 fail:1 xfail:1 xpass:0 skip:2 error:0
not ok 1 selftests: sctrace: test_a # exit=1
# selftests: sctrace: nested
# TAP version 13
# 1..2
# # TAP version 13
# # 1..2
# # ok 1 inner.deep
# # not ok 2 inner.deeper
# not ok 1 inner
# ok 2 golden.read eagain: strace # skip lower case
ok 2 selftests: sctrace: nested
# selftests: sctrace: lone_pass
ok 3 selftests: sctrace: lone_pass
# selftests: sctrace: lone_fail
not ok 4 selftests: sctrace: lone_fail # exit=3
# selftests: sctrace: lone_skip
ok 5 selftests: sctrace: lone_skip # SKIP all tests skipped
selftests: 2 passed, 2 failed, 1 skipped
EOF
}

expected() {
	cat <<'EOF'
test_a.global.first pass
test_a.global.second fail
test_a.global.third skip
test_a.global.fourth skip
test_a.global.fifth skip
nested.inner fail
nested.golden.read_eagain_strace skip
lone_pass pass
lone_fail fail
lone_skip skip
EOF
}

check_with() {
	report >"$BATS_TEST_TMPDIR/r.ktap"
	run "$@" -f "$AWK_FILE" "$BATS_TEST_TMPDIR/r.ktap"
	assert_success
	assert_output "$(expected)"
}

@test "every result maps: pass, fail, skip, XFAIL and not-ok SKIP as skip; names SUITE.CASE" {
	check_with awk
}

# The guests run it with busybox's awk: the very binary check-qemu fetched.
@test "busybox awk, as in the guest, maps the same" {
	busybox=${BUSYBOX:-$BATS_TEST_DIRNAME/../cache/x86_64/busybox}
	[ -x "$busybox" ] || skip "no busybox at $busybox: make check-qemu ARCH=x86_64 fetches it"
	check_with "$busybox" awk
}
