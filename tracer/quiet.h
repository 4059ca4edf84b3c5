/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_QUIET_H
#define SCTRACE_QUIET_H

#include <stdbool.h>
#include <stddef.h>

/* The messages strace's -q, -qq, -qqq and -e quiet=SET hide. */
enum quiet_msg {
	QUIET_ATTACH = 1u << 0,		/* "Process N attached": none here */
	QUIET_EXIT = 1u << 1,		/* "+++ exited with N +++", "+++ killed by" */
	QUIET_PATH_RESOLUTION = 1u << 2, /* -P's "resolved into": none here */
	QUIET_PERSONALITY = 1u << 3,	/* "[ Process PID=N runs in 32 bit mode. ]" */
	QUIET_THREAD_EXECVE = 1u << 4,	/* "+++ superseded by execve in pid N +++" */
};

#define QUIET_ALL ((1u << 5) - 1)

unsigned int quiet_of_level(unsigned int level);
int quiet_parse(const char *set, unsigned int *hidden);

struct sorted_table;
const struct sorted_table *quiet_sorted_tables(size_t *nr);

#endif
