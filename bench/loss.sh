#!/bin/bash
# Whether sctrace loses events at its default ring size (issue 16.1):
# N getppid in all, over 1 to 64 threads, each traced to a file, to
# /dev/null, with -s and with --json, RUNS times. Per cell: the calls
# each run's output shows (none for /dev/null) and the events it said were
# LOST. With BUSY=1 a busy loop runs on every cpu for the whole matrix.
# A benchmark, not a test: it asserts nothing.
# Usage: bench/loss.sh SCTRACE WORKLOAD_BIN OUT_DIR [N] [RUNS]
set -u

sctrace=$1 bin=$2 out=$3
n=${4:-1000000}
runs=${5:-3}
workloads=${LOSS_WORKLOADS:-getppid threads2 threads4 threads8 threads32 threads64}
outputs=${LOSS_OUTPUTS:-file null summary json}
busy=${BUSY:-0}
busy_pids=()

stop_busy() {
	[ ${#busy_pids[@]} -eq 0 ] || kill "${busy_pids[@]}" 2>/dev/null
}
trap stop_busy EXIT

mkdir -p "$out"
trace=$out/loss.trace errors=$out/loss.err

traced() {
	local output=$1
	shift
	case "$output" in
	file) "$sctrace" -o "$trace" -- "$@" ;;
	null) "$sctrace" -o /dev/null -- "$@" ;;
	summary) "$sctrace" --summary -o "$trace" -- "$@" ;;
	json) "$sctrace" --json -o "$trace" -- "$@" ;;
	esac
}

# The getppid calls an output shows: a split call counts at its start.
calls_seen() {
	case "$1" in
	file) grep -cE '^(\[pid +[0-9]+\] )?getppid\(' "$trace" ;;
	null) echo - ;;
	summary) awk '/^ all threads,/ { t = 1 } t && $1 == "getppid" { s += $2 } END { print s + 0 }' "$trace" ;;
	json) grep -c '"name":"getppid"' "$trace" ;;
	esac
}

lost_said() {
	sed -n 's/^sctrace: LOST \([0-9]*\) events$/\1/p' "$errors" | tail -n 1 | grep . || echo 0
}

if [ "$busy" = 1 ]; then
	for ((i = 0; i < $(nproc); i++)); do
		(while :; do :; done) &
		busy_pids+=($!)
	done
fi

echo "N=$n getppid in all, $runs runs per cell, default ring size; busy loops: ${#busy_pids[@]}"
printf '%-10s %-8s %-34s %s\n' workload output "calls seen, per run" "LOST, per run"
for workload in $workloads; do
	for output in $outputs; do
		seen="" lost=""
		for ((run = 0; run < runs; run++)); do
			rm -f "$trace"
			if ! traced "$output" "$bin" "$workload" "$n" 2>"$errors" >/dev/null; then
				echo "bench: sctrace failed on $workload ($output): $(tail -n 1 "$errors")" >&2
			fi
			seen="$seen${seen:+,}$(calls_seen "$output")"
			lost="$lost${lost:+,}$(lost_said)"
		done
		printf '%-10s %-8s %-34s %s\n' "$workload" "$output" "$seen" "$lost"
	done
done
