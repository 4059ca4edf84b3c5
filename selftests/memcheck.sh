#!/bin/sh
# valgrind memcheck over short traces: any error or leak fails (TAP 13).
# Usage: selftests/memcheck.sh SCTRACE WORKLOAD...
set -u
sctrace=$1
shift
supp=$(dirname "$0")/valgrind.supp
echo "TAP version 13"
echo "1..$#"
n=0
for workload in "$@"; do
	n=$((n + 1))
	log=$(mktemp)
	if valgrind -q --error-exitcode=99 --suppressions="$supp" \
		--leak-check=full \
		--show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$sctrace" -o /dev/null -- "$workload" >"$log" 2>&1; then
		echo "ok $n memcheck clean: sctrace -- $(basename "$workload")"
	else
		sed 's/^/# /' "$log"
		echo "not ok $n memcheck: sctrace -- $(basename "$workload")"
	fi
	rm -f "$log"
done
