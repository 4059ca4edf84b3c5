// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "perf_refused.h"

struct perf_refusal {
	const char *name;
	const char *why;
};

#define NO_SWITCH "sctrace traces from the command's start to its end, not between two events"
#define STACKS_CUT "user stacks (-k, --call-graph) are cut at 256 frames, as strace's; kernel stacks are not shown"

/* Sorted by name. */
static const struct perf_refusal refusals[] = {
	{ "delay", "a command is traced from its execve on; drop it" },
	{ "filter", "perf's filter on --event's records; -e, -p, --tid, --uid and --cgroup filter in the kernel" },
	{ "filter-pids", "sctrace never traces itself, and -p and --tid choose the tasks" },
	{ "force", "perf's override of its perf.data ownership check; sctrace has none to override" },
	{ "kernel-syscall-graph", STACKS_CUT },
	{ "libtraceevent_print", "arguments always come from the tracepoints' formats" },
	{ "map-dump", "sctrace keeps no BPF map to dump; --json shows each event whole" },
	{ "max-stack", STACKS_CUT },
	{ "min-stack", STACKS_CUT },
	{ "print-sample", "--json shows each event whole" },
	{ "proc-map-timeout", "sctrace reads /proc's maps as it needs them, with no timeout" },
	{ "show-on-off-events", NO_SWITCH },
	{ "sort-events", "events are always put in order; drop it" },
	{ "switch-off", NO_SWITCH },
	{ "switch-on", NO_SWITCH },
	{ "syscalls", "syscalls are always traced; drop it" },
	{ "tips", "sctrace prints no tips; sctrace(1) says what each option does" },
	{ "tool_stats", "sctrace counts what it lost in the trace itself (--strict)" },
};

/* Keys are a row or "NAME=VALUE". */
static int refusal_cmp(const void *a, const void *b)
{
	const struct perf_refusal *x = a, *y = b;

	return sorted_name_cmp(x->name, y->name);
}

static const struct sorted_table perf_refused_tables[] = {
	SORTED_TABLE(refusals, refusal_cmp),
};

const struct sorted_table *perf_refused_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(perf_refused_tables);
	return perf_refused_tables;
}

const char *perf_refused_why(const char *given)
{
	const struct perf_refusal key = { given + 2, NULL }, *found;

	if (strncmp(given, "--", 2))
		return NULL;
	found = bsearch(&key, refusals, ARRAY_SIZE(refusals), sizeof(*refusals), refusal_cmp);
	return found ? found->why : NULL;
}
