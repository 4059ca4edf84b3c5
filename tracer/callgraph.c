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
 * --call-graph MODE as perf trace's: dwarf, with an optional stack size.
 * fp and lbr are refused: the stack copy unwinds code built without
 * frame pointers too, as strace -k does.
 */
int callgraph_parse(const char *arg, uint32_t *stack_user)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(arg, "dwarf")) {
		*stack_user = CALLGRAPH_DEFAULT_SIZE;
		return 0;
	}
	if (!strncmp(arg, "dwarf,", 6) && !take_size(arg + 6, stack_user))
		return 0;
	escape_str(shown, sizeof(shown), arg);
	if (!strcmp(arg, "fp") || !strcmp(arg, "lbr"))
		diag("--call-graph %s: not supported: stacks are unwound from a copy of the user stack, which works without frame pointers too; use --call-graph dwarf (or -k)",
		     shown);
	else
		diag("bad --call-graph '%s': give dwarf or dwarf,SIZE (bytes of stack per call, a multiple of 8 up to %u)",
		     shown, CALLGRAPH_MAX_SIZE);
	return SCT_EXIT_USAGE;
}
