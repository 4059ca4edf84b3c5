/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_EXIT_CODES_H
#define SCTRACE_EXIT_CODES_H

#include <errno.h>

/*
 * sctrace's own failures, one code per cause so scripts can tell them
 * apart; a traced command's status passes through unchanged otherwise.
 */
enum sct_exit {
	SCT_EXIT_OK		= 0,
	SCT_EXIT_USAGE		= 64,	/* unknown option, missing command */
	SCT_EXIT_BAD_CPU	= 65,	/* malformed or offline cpu list */
	SCT_EXIT_BAD_PID	= 66,	/* malformed pid/tid list, no such task */
	SCT_EXIT_BAD_USER	= 67,	/* unknown user */
	SCT_EXIT_BAD_MMAP	= 68,	/* mmap-pages not a power of two */
	SCT_EXIT_NO_TRACEFS	= 69,	/* tracefs missing and not mountable */
	SCT_EXIT_NO_EVENTS	= 70,	/* raw_syscalls tracepoints missing */
	SCT_EXIT_PERF		= 71,	/* perf_event_open or mmap failed */
	SCT_EXIT_NO_MEMORY	= 72,	/* out of memory, wherever it ran out */
	SCT_EXIT_OUTPUT		= 73,	/* output file cannot be created */
	SCT_EXIT_IO		= 74,	/* writing the trace failed */
	SCT_EXIT_INCOMPLETE	= 75,	/* --strict: the trace is not whole */
	SCT_EXIT_BAD_FILE	= 76,	/* -i: unreadable or malformed perf.data */
	SCT_EXIT_NO_PERM	= 77,	/* not allowed to trace */
	SCT_EXIT_NO_HOLD	= 78,	/* --lossless: no cgroup to hold the command in */
	SCT_EXIT_NOEXEC		= 126,	/* command found but not runnable */
	SCT_EXIT_NOTFOUND	= 127,	/* command not found */
};

/*
 * The status of a failure with error err (a -errno): running out of
 * memory has its one status wherever it happens; any other error keeps
 * the place's own.
 */
static inline int sct_exit_status(int err, enum sct_exit status)
{
	return err == -ENOMEM ? SCT_EXIT_NO_MEMORY : (int)status;
}

#endif
