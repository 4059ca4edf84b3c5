/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_STRICT_H
#define SCTRACE_STRICT_H

#include <stdint.h>

/*
 * What a trace is missing, counted alike by a live run and a replay:
 * --strict fails on any of it.
 */
struct trace_gaps {
	uint64_t lost;			/* events the kernel dropped */
	uint64_t lost_task_records;	/* comm and fork records it dropped */
	uint64_t unfinished;		/* calls whose exit never came */
	uint64_t untraced;		/* processes left running, not traced */
	uint64_t malformed;		/* records skipped as malformed */
};

/*
 * status when the trace is whole; else one line naming what is missing
 * (end: how the command ended, or where the trace came from) and
 * SCT_EXIT_INCOMPLETE.
 */
int strict_verdict(const struct trace_gaps *g, const char *end, int status);

#endif
