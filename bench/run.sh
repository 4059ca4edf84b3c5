#!/bin/bash
# Side-by-side benchmark: each workload untraced and under each tracer,
# interleaved, ROUNDS rounds; medians, min-max and the ratio to untraced
# measured in the same round, and the cost of argument contents: sctrace
# against sctrace --no-contents, same output, same round. Also, per
# tracer: calls seen in its output against the calls the workload made,
# LOST events, peak RSS; then start-up, BENCH_STARTUP_RUNS runs per tracer.
# A benchmark, not a test: it asserts nothing.
# Usage: bench/run.sh SCTRACE WORKLOAD_BIN OUT_DIR [N] [ROUNDS]
set -u

sctrace=$1 bin=$2 out=$3
n=${4:-200000}
rounds=${5:-3}
# A fork+exec costs about as much as a thousand plain calls.
forks=$((n / 200 > 10 ? n / 200 : 10))
# The kernel tears a tracepoint down after its last user, under a mutex
# the next run's setup needs: runs start this many seconds apart.
settle=${BENCH_SETTLE:-0.5}
workloads=${BENCH_WORKLOADS:-getppid read1 openat1 pollfutex threads4 threads32 forkexec}
# floor-count and floor-write are no tracers but the kernel's own cost:
# the raw_syscalls tracepoints enabled and only counted (perf stat), and
# their records written into an ftrace buffer that nobody reads.
# sctrace-bpf-*: the same runs with --engine=bpf, side by side with perf's.
tracers=${BENCH_TRACERS:-untraced floor-count floor-write sctrace-file sctrace-bpf-file sctrace-lossless sctrace-nocontents sctrace-bpf-nocontents sctrace-null sctrace-bpf-null perf-record perf-trace strace}
startup_runs=${BENCH_STARTUP_RUNS:-20}
# Start-up is always measured to /dev/null with and without contents (the
# BPF program's load and teardown), besides the tracers benchmarked.
startup_tracers=untraced
for tracer in $tracers sctrace-null sctrace-null-nocontents sctrace-bpf-null sctrace-bpf-null-nocontents; do
	case " $startup_tracers " in *" $tracer "*) ;; *) startup_tracers="$startup_tracers $tracer" ;; esac
done

case " $tracers " in
*" floor-write "*)
	[ -d /sys/kernel/tracing/instances ] || mount -t tracefs nodev /sys/kernel/tracing || {
		echo "bench: floor-write needs tracefs at /sys/kernel/tracing; mount it as root, or leave floor-write out of BENCH_TRACERS" >&2
		exit 1
	} ;;
esac
mkdir -p "$out"
runs=$out/runs.jsonl
: >"$runs"

count_for() {		# workload -> how many calls, and of which names
	case "$1" in
	getppid|threads4|threads32) echo "$n getppid" ;;
	read1) echo "$n read" ;;
	openat1) echo "$n openat" ;;
	pollfutex) echo "$((2 * n)) poll|ppoll|futex" ;;
	forkexec) echo "$((forks + 1)) exit_group" ;;
	esac
}

argument_for() {
	[ "$1" = forkexec ] && echo "$forks" || echo "$n"
}

# The command line of a tracer around a command; its output in $trace.
traced() {
	local tracer=$1 floor=/sys/kernel/tracing/instances/sctrace-bench-floor
	shift
	case "$tracer" in
	untraced) "$@" ;;
	floor-count) perf stat -x, -o "$trace" -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -- "$@" ;;
	floor-write)
		local status
		mkdir "$floor" && echo 1 >"$floor/events/raw_syscalls/enable" || return 1
		"$@"
		status=$?
		echo 0 >"$floor/events/raw_syscalls/enable"
		rmdir "$floor"
		return "$status" ;;
	sctrace-file) "$sctrace" -o "$trace" -- "$@" ;;
	# The same output, the command held back rather than events lost.
	sctrace-lossless) "$sctrace" --lossless -o "$trace" -- "$@" ;;
	sctrace-null) "$sctrace" -o /dev/null -- "$@" ;;
	# The same output as sctrace-file and sctrace-null, without contents.
	sctrace-nocontents) "$sctrace" --no-contents -o "$trace" -- "$@" ;;
	sctrace-null-nocontents) "$sctrace" --no-contents -o /dev/null -- "$@" ;;
	sctrace-bpf-file) "$sctrace" --engine=bpf -o "$trace" -- "$@" ;;
	sctrace-bpf-null) "$sctrace" --engine=bpf -o /dev/null -- "$@" ;;
	sctrace-bpf-nocontents) "$sctrace" --engine=bpf --no-contents -o "$trace" -- "$@" ;;
	sctrace-bpf-null-nocontents) "$sctrace" --engine=bpf --no-contents -o /dev/null -- "$@" ;;
	# -s: counted in the kernel, or (no BPF) from the rings' records.
	sctrace-summary) "$sctrace" --summary -o "$trace" -- "$@" ;;
	sctrace-summary-rings) "$sctrace" --summary --no-contents -o "$trace" -- "$@" ;;
	perf-trace) perf trace -o "$trace" -- "$@" ;;
	perf-record) perf record -q -o "$trace.data" -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -- "$@" ;;
	strace) strace -f -qq -o "$trace" "$@" ;;
	# -k: each call's stack copied, unwound and symbolised (opt-in).
	sctrace-stack) "$sctrace" -k -o "$trace" -- "$@" ;;
	# --call-graph fp: the kernel's frame-pointer chain, symbolised (opt-in).
	sctrace-stack-fp) "$sctrace" --call-graph fp -o "$trace" -- "$@" ;;
	strace-stack) strace -f -qq -k -o "$trace" "$@" ;;
	esac
}

# Calls of the given names in a tracer's output ("-" where it has none).
calls_seen() {
	local tracer=$1 names=$2 nrs=""
	case "$tracer" in
	sctrace-file|sctrace-lossless|sctrace-nocontents|sctrace-bpf-file|sctrace-bpf-nocontents|strace|\
	sctrace-stack|sctrace-stack-fp|strace-stack)
		grep -cE "^(\[pid +[0-9]+\] |[0-9]+ +)?($names)\(" "$trace" ;;
	sctrace-summary*)
		awk -v names="^($names)$" '/^ all threads,/ { t = 1 } t && $1 ~ names { s += $2 } END { print s + 0 }' "$trace" ;;
	perf-trace)
		grep -v '\[continued\]' "$trace" | grep -cE "\): [^ ]+ ($names)\(" ;;
	perf-record)
		for name in ${names//|/ }; do
			nrs="$nrs${nrs:+|}$("$bin" nr "$name" 2>/dev/null)"
		done
		nrs=$(echo "$nrs" | sed 's/||*/|/g; s/^|//; s/|$//')
		perf script -i "$trace.data" -F trace 2>/dev/null | grep -cE "^ *NR ($nrs) \(" ;;
	*) echo "-" ;;
	esac
}

lost_seen() {
	local tracer=$1 errors=$2
	case "$tracer" in
	sctrace-*) sed -n 's/^sctrace: LOST \([0-9]*\) events$/\1/p' "$errors" | tail -n 1 | grep . || echo 0 ;;
	perf-trace) grep -o 'LOST [0-9]*' "$trace" "$errors" | awk '{ s += $2 } END { print s + 0 }' ;;
	# "LOST events: N  ( x%)" (records the ring dropped) and
	# "LOST_SAMPLES events: N" (samples dropped): both are losses.
	perf-record) perf report --stats -i "$trace.data" 2>/dev/null |
			awk '/^ *LOST(_SAMPLES)? events:/ { sub(/.*events: */, ""); s += $1 } END { print s + 0 }' ;;
	*) echo 0 ;;
	esac
}

now_ns() { date +%s%N; }

# Other tracers running on the machine (other sessions' sctrace, strace,
# perf): their BPF programs and perf events on the same tracepoints cost
# every task, ours included. Counted around each run, reported per row.
others() {
	ps -e -o comm= | grep -cxE 'sctrace|strace|perf|golden'
}

# What captures a tracer's syscalls: sctrace's engine, or "-".
engine_of() {
	case "$1" in
	sctrace-bpf-*) echo bpf ;;
	sctrace-*) echo perf ;;
	*) echo - ;;
	esac
}

# One measured run; appends a JSON line, prints the wall time and the
# workload's own time (its loop, without the tracer's start and end).
measure() {
	local round=$1 workload=$2 tracer=$3 untraced_s=$4
	local expect names start end wall rss lines lost ratio errors=$out/stderr busy loop loop_ratio
	read -r expect names <<<"$(count_for "$workload")"
	trace=$out/trace
	rm -f "$trace" "$trace.data"
	sleep "$settle"	# the previous run's tracepoint teardown must not be timed here
	busy=$(others)
	start=$(now_ns)
	BENCH_LOOP_TIME=1 /usr/bin/time -f '%M' -o "$out/rss" \
		bash -c "$(declare -f traced); sctrace='$sctrace' trace='$trace' traced $tracer \"\$@\"" \
		_ "$bin" "$workload" "$(argument_for "$workload")" >/dev/null 2>"$errors"
	end=$(now_ns)
	busy=$((busy + $(others)))
	wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
	rss=$(tail -n 1 "$out/rss")
	lines=$(calls_seen "$tracer" "$names")
	lost=$(lost_seen "$tracer" "$errors")
	loop=$(sed -n 's/^bench-workload: [a-z0-9]* took \([0-9.]*\) s$/\1/p' "$errors" | tail -n 1)
	ratio=$(awk -v w="$wall" -v u="${untraced_s%% *}" 'BEGIN { if (u == "") u = w; printf "%.2f", (u > 0 ? w / u : 0) }')
	loop_ratio=$(awk -v w="${loop:-0}" -v u="${untraced_s#* }" 'BEGIN { if (u == "") u = w; printf "%.2f", (u > 0 ? w / u : 0) }')
	printf '{"round":%d,"workload":"%s","tracer":"%s","engine":"%s","calls":%d,"wall_s":%s,"ratio":%s,"loop_s":%s,"loop_ratio":%s,"rss_kb":%d,"seen":"%s","lost":%d,"others":%d}\n' \
		"$round" "$workload" "$tracer" "$(engine_of "$tracer")" "$expect" "$wall" "$ratio" "${loop:-0}" "$loop_ratio" "$rss" "$lines" "$lost" "$busy" >>"$runs"
	echo "$wall ${loop:-0}"
}

# One start-up run of a tracer: `TRACER -- /bin/true` from start to end, then
# `TRACER -- bench-workload stamp` to the moment the command starts (the
# tracer's own setup, BPF program load and attach included). Timed in this
# shell, with no extra process around the tracer.
startup() {
	local run=$1 tracer=$2 start end wall exec_s
	trace=$out/trace
	rm -f "$trace" "$trace.data"
	sleep "$settle"
	start=$EPOCHREALTIME
	traced "$tracer" /bin/true >/dev/null 2>&1
	end=$EPOCHREALTIME
	wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')
	rm -f "$trace" "$trace.data"
	sleep "$settle"
	start=$EPOCHREALTIME
	traced "$tracer" "$bin" stamp >"$out/stamp" 2>/dev/null
	exec_s=$(awk -v a="$start" 'NR == 1 { printf "%.4f", $1 - a }' "$out/stamp")
	printf '{"round":%d,"workload":"startup","tracer":"%s","engine":"%s","wall_s":%s,"exec_s":%s}\n' \
		"$run" "$tracer" "$(engine_of "$tracer")" "$wall" "${exec_s:-0}" >>"$runs"
}

echo "bench: N=$n (forkexec: $forks), $rounds rounds, $(nproc) cpus, $(uname -r)" >&2
for round in $(seq "$rounds"); do
	for workload in $workloads; do
		base=$(measure "$round" "$workload" untraced "")
		for tracer in $tracers; do
			[ "$tracer" = untraced ] && continue
			echo "bench: round $round $workload $tracer" >&2
			measure "$round" "$workload" "$tracer" "$base" >/dev/null
		done
	done
done
echo "bench: start-up, $startup_runs runs of: $startup_tracers" >&2
for run in $(seq "$startup_runs"); do
	for tracer in $startup_tracers; do
		startup "$run" "$tracer"
	done
done
rm -f "$out/trace" "$out/trace.data" "$out/trace.data.old" "$out/stamp"
bench/report.awk -v n="$n" -v rounds="$rounds" -v startup_runs="$startup_runs" "$runs" | tee "$out/table.txt"
awk 'BEGIN { printf "[" } { printf "%s%s", (NR > 1 ? ",\n" : "\n"), $0 } END { print "\n]" }' \
	"$runs" >"$out/results.json"
echo "bench: figures in $out/results.json, table in $out/table.txt" >&2
