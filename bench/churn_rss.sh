#!/bin/bash
# sctrace's peak RSS over a system-wide run while tasks come and go: the
# churn workload (new threads and processes, SECONDS long) traced with -a,
# -a -S, and -a -S --sched -F all, one after the other, output to /dev/null.
# A measurement, not a test: it asserts nothing.
# Usage: bench/churn_rss.sh SCTRACE WORKLOAD_BIN [SECONDS]
set -u

sctrace=$1 bin=$2
seconds=${3:-60}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "pid_max $(cat /proc/sys/kernel/pid_max), $seconds s of '$bin churn'"
for opts in "--all-cpus" "--all-cpus --with-summary" "--all-cpus --with-summary --sched --pf all"; do
	# Tasks created on the whole machine (threads too), from /proc/stat.
	forks=$(awk '$1 == "processes" { print $2 }' /proc/stat)
	# shellcheck disable=SC2086
	/usr/bin/time -f '%M' -o "$log" "$sctrace" $opts -o /dev/null -- "$bin" churn "$seconds" 2>/dev/null
	status=$?
	forks=$(($(awk '$1 == "processes" { print $2 }' /proc/stat) - forks))
	printf '%-22s peak RSS %6d KB  exit %d  new tasks %d\n' "$opts" "$(tail -n 1 "$log")" "$status" "$forks"
done
