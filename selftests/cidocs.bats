#!/usr/bin/env bats
# doc/ci/'s CI examples, copied as they are by users: lint-clean YAML that
# runs make run in a privileged Debian 12 container and keeps its reports.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

ROOT=$BATS_TEST_DIRNAME/..
CONFIG=$ROOT/ci/yamllint.yml

setup() {
	command -v yamllint >/dev/null || fail "yamllint is missing: run ci/install-deps.sh as root"
}

# yaml_get FILE EXPR: EXPR (Python, over the document d) as JSON.
yaml_get() {
	/usr/bin/python3 -c 'import json, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
print(json.dumps(eval(sys.argv[2])))' "$1" "$2"
}

@test "the CI examples and the lint's settings pass yamllint, warnings too" {
	run yamllint --strict -c "$CONFIG" "$ROOT"/doc/ci/*.yml "$CONFIG"
	assert_success
	run ls "$ROOT"/doc/ci/*.yml
	assert_line --partial github-actions.yml
	assert_line --partial gitlab-ci.yml
}

@test "yamllint fails broken YAML: a duplicate key, a bad indent, a syntax error, a tab" {
	for breakage in 's/^  script:/  script: []\n  script:/' 's/^    when: always/      when: always/' \
			's/^  artifacts:/   artifacts:/' 's/^    - make run/\t- make run/'; do
		sed "$breakage" "$ROOT/doc/ci/gitlab-ci.yml" >"$BATS_TEST_TMPDIR/broken.yml"
		! cmp -s "$ROOT/doc/ci/gitlab-ci.yml" "$BATS_TEST_TMPDIR/broken.yml" || fail "'$breakage' changed nothing"
		run yamllint --strict -c "$CONFIG" "$BATS_TEST_TMPDIR/broken.yml"
		[ "$status" -ne 0 ] || fail "'$breakage' passed the lint"
	done
}

@test "GitLab: make run in a Debian 12 container, the JUnit report read as one, both kept always" {
	file=$ROOT/doc/ci/gitlab-ci.yml
	run yaml_get "$file" 'd["sctrace-golden"]["image"]'
	assert_output '"debian:12"'
	run yaml_get "$file" 'd["sctrace-golden"]["script"][-1]'
	assert_output '"make run"'
	run yaml_get "$file" 'd["sctrace-golden"]["artifacts"]["reports"]["junit"]'
	assert_output '"build/run.junit.xml"'
	run yaml_get "$file" 'd["sctrace-golden"]["artifacts"]["when"]'
	assert_output '"always"'
	run yaml_get "$file" 'sorted(d["sctrace-golden"]["artifacts"]["paths"])'
	assert_output '["build/run.junit.xml", "build/run.ktap"]'
	run grep -c 'privileged = true' "$file"
	assert_output 1
}

@test "GitHub: make run in a privileged Debian 12 container, both reports uploaded always" {
	file=$ROOT/doc/ci/github-actions.yml
	run yaml_get "$file" 'd["jobs"]["golden"]["container"]'
	assert_output '{"image": "debian:12", "options": "--privileged"}'
	run yaml_get "$file" '[s["run"] for s in d["jobs"]["golden"]["steps"] if "run" in s][-1]'
	assert_output '"make run"'
	run yaml_get "$file" '[s for s in d["jobs"]["golden"]["steps"] if s.get("uses", "").startswith("actions/upload-artifact@")][0]'
	assert_output --partial '"if": "always()"'
	assert_output --partial '"path": "build/run.ktap\nbuild/run.junit.xml\n"'
}

@test "the reports the examples keep are the ones make run writes" {
	run sed -n '/^run:/,/^$/p' "$ROOT/Makefile"
	assert_line --regexp '^[[:space:]]+selftests/ktap-report build/run golden '
	run grep -F 'junit "$out.junit.xml"' "$ROOT/selftests/ktap-report"
	assert_success
	run grep -F '| tee "$out.ktap"' "$ROOT/selftests/ktap-report"
	assert_success
}
