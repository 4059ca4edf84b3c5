// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"

/* perf's SIZE: a multiple of 8 (the kernel's rule), 8 to CALLGRAPH_MAX_SIZE. */
static int take_size(const char *arg, uint32_t *stack_user)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || *arg == '-' || !v || v % 8 ||
	    v > CALLGRAPH_MAX_SIZE)
		return -1;
	*stack_user = (uint32_t)v;
	return 0;
}

/*
 * --call-graph MODE as perf trace's: fp, the kernel's walk of the frame
 * pointers; dwarf, a copy of the stack to unwind, of an optional size.
 * The last one given counts, as -k's copy (options.c).
 */
int callgraph_parse(const char *arg, uint32_t *stack_user, bool *callchain)
{
	char shown[ESCAPE_MSG_SIZE];

	*callchain = false;
	*stack_user = 0;
	if (!strcmp(arg, "fp")) {
		*callchain = true;
		return 0;
	}
	if (!strcmp(arg, "dwarf")) {
		*stack_user = CALLGRAPH_DEFAULT_SIZE;
		return 0;
	}
	if (!strncmp(arg, "dwarf,", 6) && !take_size(arg + 6, stack_user))
		return 0;
	escape_str(shown, sizeof(shown), arg);
	if (!strcmp(arg, "lbr"))
		diag("--call-graph lbr: not supported: the last branch records are a hardware counter's, and calls are sampled on tracepoints; use --call-graph fp or dwarf");
	else
		diag("bad --call-graph '%s': give fp, dwarf or dwarf,SIZE (bytes of stack per call, a multiple of 8 up to %u)",
		     shown, CALLGRAPH_MAX_SIZE);
	return SCT_EXIT_USAGE;
}
