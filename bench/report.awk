#!/usr/bin/awk -f
# The benchmark's table from its JSON lines: per workload and tracer, the
# median wall time, min-max, median ratio to untraced (same round), calls
# seen/made in every round, LOST, peak RSS; then start-up medians.
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
{
	w = field("workload"); t = field("tracer"); key = w SUBSEP t
	if (!(key in walls)) { order[++nkeys] = key }
	walls[key] = walls[key] " " field("wall_s")
	if (w == "startup")
		next
	ratios[key] = ratios[key] " " field("ratio")
	seen = field("seen")
	counts[key] = counts[key] (counts[key] == "" ? "" : ",") (seen == "-" ? "-" : seen)
	calls[key] = field("calls")
	lost[key] += field("lost")
	if (field("rss_kb") + 0 > rss[key]) rss[key] = field("rss_kb") + 0
}
END {
	printf "N=%s, %s rounds; wall seconds: median (min-max); ratio: median of wall/untraced per round\n\n", n, rounds
	printf "%-10s %-13s %21s %7s %22s %6s %8s\n", "workload", "tracer", "wall s", "ratio", "calls seen / made", "LOST", "RSS MB"
	for (i = 1; i <= nkeys; i++) {
		split(order[i], kt, SUBSEP)
		if (kt[1] == "startup")
			continue
		printf "%-10s %-13s %8.3f (%5.3f-%5.3f) %6.1fx %22s %6d %8.1f\n", kt[1], kt[2],
			median(walls[order[i]]), lo(walls[order[i]]), hi(walls[order[i]]),
			median(ratios[order[i]]), counts[order[i]] " / " calls[order[i]],
			lost[order[i]], rss[order[i]] / 1024
	}
	printf "\nstart-up (TRACER -- true), median (min-max) seconds\n"
	for (i = 1; i <= nkeys; i++) {
		split(order[i], kt, SUBSEP)
		if (kt[1] == "startup")
			printf "  %-13s %7.4f (%.4f-%.4f)\n", kt[2], median(walls[order[i]]),
				lo(walls[order[i]]), hi(walls[order[i]])
	}
}
