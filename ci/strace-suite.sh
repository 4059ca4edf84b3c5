#!/bin/sh
# strace 6.1's own test suite, run against sctrace: the source from
# Debian's archive through a private sources list (the machine's apt
# configuration is left as it is; nothing of strace enters this tree),
# its test programs built, every test run with STRACE pointing at
# sctrace --format=strace. Prints each test's verdict and 'N passed, N failed, N skipped,
# N out of reach'; the tests out of reach by nature (ci/strace-suite.reasons)
# are listed with their reason and never counted as passes.
# Usage: ci/strace-suite.sh [--strace] [TEST.test...]
#   --strace: the same run with Debian's strace (/usr/bin/strace), to compare
# Exit: 0 the suite ran (whatever its verdicts), 1 it could not be set up.
set -u

top=$(pwd)
cache=${SCTRACE_CACHE:-$top/cache}/strace-src
work=$top/build/strace-suite
tool=sctrace
if [ "${1:-}" = --strace ]; then
	tool=strace
	shift
fi

fail() {
	echo "strace-suite: $*" >&2
	exit 1
}

# Debian's strace source, once: apt with its own lists under cache/.
fetch_source() {
	ls "$cache"/strace_*.orig.tar.xz >/dev/null 2>&1 && return 0
	mkdir -p "$cache/lists/partial" || return 1
	echo "deb-src http://deb.debian.org/debian bookworm main" >"$cache/sources.list"
	set -- -q -o Dir::Etc::SourceList="$cache/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$cache/lists"
	apt-get "$@" update >"$cache/apt.log" 2>&1 &&
		(cd "$cache" && apt-get "$@" source --download-only strace) >>"$cache/apt.log" 2>&1 ||
		{ tail -n 5 "$cache/apt.log" >&2; return 1; }
}

# Configured and its test programs built once, in build/strace-suite,
# against strace's own copy of the uapi headers: bookworm's current
# linux-libc-dev no longer has a field strace 6.1 prints (nexthop_grp's resvd1).
build_suite() {
	[ -f "$work/built" ] && return 0
	rm -rf "$work/src" && mkdir -p "$work/src" || return 1
	tar -xJf "$cache"/strace_*.orig.tar.xz -C "$work/src" --strip-components=1 || return 1
	(cd "$work/src" && ./configure -q --enable-mpers=no --enable-bundled=yes && make -j2 -s &&
		make -j2 -s -C tests check TESTS=) >"$work/build.log" 2>&1 ||
		{ tail -n 20 "$work/build.log" >&2; return 1; }
	touch "$work/built"
}

# The reason a test is out of reach, or nothing.
out_of_reach() {
	name=${1%.test}
	name=${name%.gen}
	grep -v '^#' "$top/ci/strace-suite.reasons" | while IFS='	' read -r where re why; do
		case "$where" in
		name) echo "$name" | grep -Eq -- "$re" ;;
		*) grep -v '^#' "$work/src/tests/$1" 2>/dev/null | grep -Eq -- "$re" ;;
		esac && { echo "$why"; break; }
	done
}

fetch_source || fail "cannot fetch strace's source from Debian's archive (see $cache/apt.log)"
build_suite || fail "cannot build strace's test programs (see $work/build.log)"

if [ "$tool" = sctrace ]; then
	[ -x "$top/build/sctrace" ] || fail "build/sctrace is missing: run make first"
	# strace's own lines, which its tests compare with (unquoted in its init.sh).
	tracer="$top/build/sctrace --format=strace"
else
	tracer=/usr/bin/strace
fi
tests=${*:-$(cd "$work/src/tests" && ls ./*.test | sed 's|^\./||')}
# The test harness's own files of the last run go; strace's logs stay per tool.
(cd "$work/src/tests" && rm -f ./*.trs ./*.log)
# shellcheck disable=SC2086
(cd "$work/src/tests" && STRACE="$tracer" make -k -j2 check TESTS="$(echo $tests)") \
	>"$work/$tool.run.log" 2>&1

report=$work/$tool.report
: >"$report"
pass=0 failed=0 skip=0 reach=0
for t in $tests; do
	result=$(sed -n 's/^:test-result: //p' "$work/src/tests/${t%.test}.trs" 2>/dev/null)
	why=$(out_of_reach "$t")
	if [ -n "$why" ]; then
		verdict="out-of-reach"
		reach=$((reach + 1))
	else
		case "$result" in
		PASS) verdict=pass; pass=$((pass + 1)) ;;
		SKIP) verdict=skip; skip=$((skip + 1)) ;;
		*) verdict=fail; failed=$((failed + 1)) ;;
		esac
	fi
	echo "$verdict ${t%.test}${why:+ # $why}${result:+ ($result)}" >>"$report"
	[ -n "$why" ] && cp "$work/src/tests/${t%.test}.log" "$work/" 2>/dev/null
done
cat "$report"
echo "strace-suite ($tool): $pass passed, $failed failed, $skip skipped, $reach out of reach; per test: $report"
