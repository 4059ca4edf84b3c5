#!/bin/bash
# The load and fault cases in a loop, each with its case and random
# parameters drawn from its own seed, until time runs out. A failure
# prints the seed that reruns exactly that case: make soak CASE_SEED=<n>.
# Not part of CI.
# Usage: selftests/soak.sh SCTRACE WORKLOAD MINUTES [SEED] [CASE_SEED]
set -u
sctrace=$1 workload=$2 minutes=$3
seed=${4:-$(date +%s)}
only=${5:-}
limit=60
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(dirname "$0")

# Events a trace accounts for ("SHOWN LOST"), as in the load suite.
events() { awk -f "$here/events.awk" "$1"; }
calls() { grep -cE "^(\[pid [0-9]+\] )?$1\(" "$2"; }
# shellcheck source=selftests/kernel_state.bash
. "$here/kernel_state.bash"
sct() { timeout -k 5 "$limit" "$sctrace" "$@" 2>"$dir/err"; }

# Each case prints what it checked; non-zero when the property broke.
case_ring() {
	local n=$((RANDOM * 7 + 1000)) pages=$((1 << (RANDOM % 10)))
	echo "getppid $n with -m $pages: printed + LOST = made"
	sct -m 4096 -o "$dir/ref" -- "$workload" getppid "$n" || return 1
	read -r made ref_lost < <(events "$dir/ref")
	[ "$ref_lost" -eq 0 ] || { echo "reference run lost events"; return 1; }
	sct -m "$pages" -o "$dir/t" -- "$workload" getppid "$n" || return 1
	read -r shown lost < <(events "$dir/t")
	[ $((shown + lost)) -eq "$made" ] || { echo "$shown + $lost != $made"; return 1; }
}

case_threads() {
	local n=$(((RANDOM % 64 + 1) * 1000)) mode=threads64
	[ $((RANDOM % 2)) -eq 0 ] && mode=threads4
	echo "$mode $n with -m 4096: every call of every thread"
	sct -m 4096 -o "$dir/t" -- "$workload" "$mode" "$n" || return 1
	if grep -q LOST "$dir/err"; then
		echo "lost events: $(tail -n 1 "$dir/err")"
		return 1
	fi
	[ "$(grep -cE '^\[pid [0-9]+\] (getppid\(|<\.\.\. getppid resumed>)' "$dir/t")" -ge "$n" ] &&
		[ "$(grep -cE '^\[pid [0-9]+\] getppid\(' "$dir/t")" -eq "$n" ] ||
		{ echo "getppid calls differ from $n"; return 1; }
}

case_forks() {
	local n=$((RANDOM % 300 + 10)) mode=forkstorm
	[ $((RANDOM % 2)) -eq 0 ] && mode=forkexec
	echo "$mode $n: $((n + 1)) exit_group"
	sct -o "$dir/t" -- "$workload" "$mode" "$n" || return 1
	[ "$(calls exit_group "$dir/t")" -eq $((n + 1)) ] || { echo "exit_group count"; return 1; }
}

case_execchain() {
	local n=$((RANDOM % 60 + 2))
	echo "execchain $n: $((n - 1)) execve"
	sct -o "$dir/t" -- "$workload" execchain "$n" || return 1
	[ "$(grep -cE '^execve\(.*\) = 0$' "$dir/t")" -eq $((n - 1)) ] || { echo "execve count"; return 1; }
}

case_killed() {
	local ms=$((RANDOM % 500 + 50)) before
	echo "sctrace --all-cpus SIGKILLed after $ms ms: nothing left behind"
	before=$(tracefs_state)
	session_bg "$sctrace" --all-cpus -o "$dir/t" 2>/dev/null
	sleep "0.$(printf '%03d' "$ms")"
	kill -KILL "$SESSION" 2>/dev/null
	wait "$SESSION" 2>/dev/null
	left_nothing "$SESSION" "$before" && return 0
	pkill -KILL -s "$SESSION"
	return 1
}

case_command_killed() {
	local ms=$((RANDOM % 400 + 100)) status=0
	echo "command SIGKILLed after $ms ms: exit 137"
	"$sctrace" -o "$dir/t" -- "$workload" getppid 100000000 2>/dev/null &
	local pid=$!
	sleep "0.$(printf '%03d' "$ms")"
	pkill -KILL -P "$pid" 2>/dev/null
	timeout 30 tail --pid="$pid" -f /dev/null
	wait "$pid" || status=$?
	[ "$status" -eq 137 ] || { echo "exit $status"; return 1; }
	tail -n 1 "$dir/t" | grep -q 'killed by SIGKILL' || { echo "no killed line"; return 1; }
}

cases=(case_ring case_threads case_forks case_execchain case_killed case_command_killed)

# One case: its seed picks it and, reseeding the case's own subshell
# (bash reseeds $RANDOM in each), all of its parameters.
run_case() {
	local case_seed=$1 name out
	name=${cases[case_seed % ${#cases[@]}]}
	runs=$((runs + 1))
	if out=$(RANDOM=$case_seed; "$name"); then
		echo "soak: ok #$runs $name: ${out%%$'\n'*}"
		return 0
	fi
	failures=$((failures + 1))
	echo "soak: FAIL #$runs $name: $out"
	echo "soak:   rerun just this: make soak CASE_SEED=$case_seed"
}

runs=0 failures=0
if [ -n "$only" ]; then
	run_case "$only"
else
	end=$((SECONDS + minutes * 60))
	RANDOM=$seed
	echo "soak: seed $seed, ${minutes} min"
	while [ "$SECONDS" -lt "$end" ]; do
		run_case $((RANDOM * 32768 + RANDOM))
	done
fi
echo "soak: $runs runs, $failures failed (seed $seed)"
[ "$failures" -eq 0 ]
