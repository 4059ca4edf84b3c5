#!/bin/sh
# Runs a libFuzzer binary as a TAP suite: first every kept regression
# input once, then fuzzing for SECONDS from the seeds. A crash fails and
# names the input to add to the regressions.
# Usage: selftests/fuzz.sh FUZZER SECONDS SEEDS REGRESSIONS WORKDIR MAX_LEN
set -u
fuzzer=$1 seconds=$2 seeds=$3 regressions=$4 work=$5 max_len=$6
mkdir -p "$work/corpus" "$work/crashes"
echo "TAP version 13"
echo "1..2"
set -- "$regressions"/*
if [ -e "$1" ]; then
	if "$fuzzer" -close_fd_mask=3 "$@" >"$work/regressions.log" 2>&1; then
		echo "ok 1 $# regression inputs replayed"
	else
		sed 's/^/# /' "$work/regressions.log" | tail -n 30
		echo "not ok 1 a regression input crashes again"
	fi
else
	echo "ok 1 regression inputs replayed # SKIP no regression inputs kept yet"
fi
if "$fuzzer" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 -close_fd_mask=3 \
	-artifact_prefix="$work/crashes/" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1; then
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log")
	echo "ok 2 ${seconds}s of fuzzing, $runs inputs, no crash"
else
	sed 's/^/# /' "$work/fuzz.log" | tail -n 40
	echo "# keep the crashing input: cp $work/crashes/crash-* $regressions/"
	echo "not ok 2 the fuzzer found a crash"
fi
