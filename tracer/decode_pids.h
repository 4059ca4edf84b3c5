/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_DECODE_PIDS_H
#define SCTRACE_DECODE_PIDS_H

#include <stddef.h>

/* What follows a pid: strace's --decode-pids=SET, -Y, --pidns-translation. */
enum pid_show {
	PID_SHOW_COMM = 1 << 0,		/* "<comm>": -Y */
	PID_SHOW_PIDNS = 1 << 1,	/* sctrace's pid as a comment: --pidns-translation */
	PID_SHOW_ALL = (1 << 2) - 1,
};

int decode_pids_parse(const char *set, unsigned int *show);

struct sorted_table;
const struct sorted_table *decode_pids_sorted_tables(size_t *nr);

#endif
