// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "strict.h"

/* Appends ", N what" to buf when n is not 0. */
static void add_count(char *buf, size_t len, uint64_t n, const char *one,
		      const char *many)
{
	size_t at = strlen(buf);

	if (n)
		snprintf(buf + at, len - at, "%s%llu %s", at ? ", " : "",
			 (unsigned long long)n, n == 1 ? one : many);
}

int strict_verdict(const struct trace_gaps *g, const char *end, int status)
{
	char what[256] = "";

	add_count(what, sizeof(what), g->lost, "event lost", "events lost");
	add_count(what, sizeof(what), g->lost_task_records, "task record lost",
		  "task records lost");
	add_count(what, sizeof(what), g->unfinished, "call without its exit",
		  "calls without their exit");
	add_count(what, sizeof(what), g->untraced, "process left untraced",
		  "processes left untraced");
	add_count(what, sizeof(what), g->malformed, "malformed record", "malformed records");
	if (!what[0])
		return status;
	diag("--strict: the trace is not whole: %s (%s; sctrace's status would be %d)",
	     what, end, status);
	return SCT_EXIT_INCOMPLETE;
}
