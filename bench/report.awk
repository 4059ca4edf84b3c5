#!/usr/bin/awk -f
# The benchmark's table from its JSON lines: per workload and tracer, the
# median wall time, min-max, median ratio to untraced (same round), calls
# seen/made in every round, LOST, peak RSS; then the cost of contents
# (sctrace over sctrace --no-contents, same output, same round); then the
# cost per call over untraced, against the kernel's floor; then start-up
# medians.
function field(name,    re, v) {
	re = "\"" name "\":\"?[^,\"}]*"
	if (!match($0, re))
		return ""
	v = substr($0, RSTART, RLENGTH)
	sub(/^"[^"]*":"?/, "", v)
	return v
}
function median(list,    a, k, i, j, t) {
	k = split(list, a, " ")
	for (i = 2; i <= k; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
function lo(list,    a, k, i, m) { k = split(list, a, " "); m = a[1]; for (i = 2; i <= k; i++) if (a[i] + 0 < m + 0) m = a[i]; return m }
function hi(list,    a, k, i, m) { k = split(list, a, " "); m = a[1]; for (i = 2; i <= k; i++) if (a[i] + 0 > m + 0) m = a[i]; return m }
# ns per call above untraced in one round, from the workloads' own loop
# times; "" where a run has none.
function above(w, t, r) {
	if (!((w, t, r) in round_loop) || round_loop[w, t, r] + 0 <= 0 || round_loop[w, "untraced", r] + 0 <= 0)
		return ""
	return sprintf("%.0f", (round_loop[w, t, r] - round_loop[w, "untraced", r]) * 1e9 / calls[w SUBSEP t])
}
# Per workload that makes one kind of call, each tracer's cost per call
# over the untraced run of the same round, and its ratio to the floor:
# the records written with nobody reading (floor-write), same round.
function per_call(    i, j, k, t, w, rl, list, ratios_l, a, f, header) {
	for (i = 1; i <= nw; i++) {
		w = worder[i]
		if (w != "getppid" && w !~ /^threads/ || !((w, "floor-write") in rounds_of))
			continue
		for (t = 1; t <= nkeys; t++) {
			split(order[t], kt, SUBSEP)
			if (kt[1] != w || kt[2] == "untraced")
				continue
			k = split(rounds_of[w, kt[2]], rl, " ")
			list = ratios_l = ""
			for (j = 1; j <= k; j++) {
				a = above(w, kt[2], rl[j])
				f = above(w, "floor-write", rl[j])
				if (a == "")
					continue
				list = list " " a
				if (f + 0 > 0)
					ratios_l = ratios_l " " sprintf("%.2f", a / f)
			}
			if (list == "")
				continue
			if (!header++) {
				printf "\nper call: ns above untraced (workload loop, same round), median (min-max); ratio to floor-write\n"
				printf "  %-10s %-23s %22s %8s\n", "workload", "tracer", "ns/call above untraced", "/ floor"
			}
			printf "  %-10s %-23s %8d (%5d-%5d) %7s\n", w, kt[2], median(list), lo(list), hi(list),
				ratios_l == "" ? "-" : sprintf("%.2fx", median(ratios_l))
		}
	}
}
{
	w = field("workload"); t = field("tracer"); key = w SUBSEP t
	if (!(key in walls)) { order[++nkeys] = key }
	walls[key] = walls[key] " " field("wall_s")
	if (w == "startup") {
		execs[key] = execs[key] " " field("exec_s")
		next
	}
	if (!(w in wseen)) { worder[++nw] = w; wseen[w] = 1 }
	round_wall[w, t, field("round")] = field("wall_s")
	rounds_of[w, t] = rounds_of[w, t] " " field("round")
	ratios[key] = ratios[key] " " field("ratio")
	loop_ratios[key] = loop_ratios[key] " " field("loop_ratio")
	round_loop[w, t, field("round")] = field("loop_s")
	seen = field("seen")
	counts[key] = counts[key] (counts[key] == "" ? "" : ",") (seen == "-" ? "-" : seen)
	calls[key] = field("calls")
	lost[key] += field("lost")
	busy[key] += (field("others") + 0 > 0)
	if (field("rss_kb") + 0 > rss[key]) rss[key] = field("rss_kb") + 0
}
END {
	printf "N=%s, %s rounds; wall seconds: median (min-max); ratio: median of wall/untraced per round\n", n, rounds
	printf "loop: the same ratio of the workload's own time, without the tracer's start and end\n"
	printf "busy: rounds in which another sctrace, strace, perf or golden ran on the machine\n\n"
	printf "%-10s %-23s %21s %7s %6s %22s %6s %8s %5s\n", "workload", "tracer", "wall s", "ratio", "loop", "calls seen / made", "LOST", "RSS MB", "busy"
	for (i = 1; i <= nkeys; i++) {
		split(order[i], kt, SUBSEP)
		if (kt[1] == "startup")
			continue
		printf "%-10s %-23s %8.3f (%5.3f-%5.3f) %6.2fx %5.2fx %22s %6d %8.1f %5d\n", kt[1], kt[2],
			median(walls[order[i]]), lo(walls[order[i]]), hi(walls[order[i]]),
			median(ratios[order[i]]), median(loop_ratios[order[i]]), counts[order[i]] " / " calls[order[i]],
			lost[order[i]], rss[order[i]] / 1024, busy[order[i]]
	}
	# Contents on against off, with the same output, in the same round.
	npairs = split("sctrace-file:sctrace-nocontents sctrace-null:sctrace-null-nocontents", pairs, " ")
	header = 0
	for (i = 1; i <= nw; i++)
		for (p = 1; p <= npairs; p++) {
			split(pairs[p], pt, ":")
			k = split(rounds_of[worder[i], pt[1]], rl, " ")
			list = loops = ""
			for (j = 1; j <= k; j++) {
				if ((worder[i], pt[2], rl[j]) in round_wall && round_wall[worder[i], pt[2], rl[j]] + 0 > 0)
					list = list " " sprintf("%.3f", round_wall[worder[i], pt[1], rl[j]] / round_wall[worder[i], pt[2], rl[j]])
				if ((worder[i], pt[2], rl[j]) in round_loop && round_loop[worder[i], pt[2], rl[j]] + 0 > 0)
					loops = loops " " sprintf("%.3f", round_loop[worder[i], pt[1], rl[j]] / round_loop[worder[i], pt[2], rl[j]])
			}
			if (list == "")
				continue
			if (!header++) {
				printf "\ncontents: with contents / with --no-contents, same output, same round: median (min-max)\n"
				printf "  %-10s %-39s %17s %17s\n", "workload", "tracers", "wall", "loop"
			}
			printf "  %-10s %-13s / %-23s %5.2fx (%.2f-%.2f) %5.2fx (%.2f-%.2f)\n", worder[i], pt[1], pt[2],
				median(list), lo(list), hi(list), median(loops), lo(loops), hi(loops)
		}
	per_call()
	printf "\nstart-up, %s runs per tracer, median (min-max) seconds:\n", startup_runs
	printf "  %-23s %24s %24s\n", "tracer", "TRACER -- true, to end", "to the command's start"
	for (i = 1; i <= nkeys; i++) {
		split(order[i], kt, SUBSEP)
		if (kt[1] == "startup")
			printf "  %-23s %7.4f (%.4f-%.4f) %7.4f (%.4f-%.4f)\n", kt[2], median(walls[order[i]]),
				lo(walls[order[i]]), hi(walls[order[i]]),
				median(execs[order[i]]), lo(execs[order[i]]), hi(execs[order[i]])
	}
}
