/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CALL_STATUS_H
#define SCTRACE_CALL_STATUS_H

/* How a call ended, as strace's -e status= names it. */
enum call_status {
	CALL_SUCCESSFUL		= 1u << 0,	/* returned, not an error */
	CALL_FAILED		= 1u << 1,	/* returned an error */
	CALL_UNFINISHED		= 1u << 2,	/* never returned: exit_group, or the trace ended */
	CALL_UNAVAILABLE	= 1u << 3,	/* returned, the result unknown: never here */
	CALL_DETACHED		= 1u << 4,	/* strace detached within it: never here */
};

#define CALL_STATUS_ALL 0x1fu

#include <stddef.h>

int call_status_parse(const char *list, unsigned int *hidden);

struct sorted_table;
const struct sorted_table *call_status_sorted_tables(size_t *nr);

#endif
