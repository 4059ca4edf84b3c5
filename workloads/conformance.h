/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONFORMANCE_H
#define SCTRACE_CONFORMANCE_H

/* What the conformance workload and its judge (selftests/conformance) share. */
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * getpriority(CONF_MARK_WHICH, WHO): never made otherwise. WHO is the
 * row's index + 1 before its call and minus that after it.
 */
#define CONF_MARK_WHICH 0x5c7b

/* The workload could not write its lines, fork or wait. */
#define CONF_EXIT_IO 3

/* A call still running after this long kills its child (SIGALRM). */
#define CONF_CALL_SECONDS 30

static inline void conf_mark(size_t row, bool before)
{
	long who = (long)row + 1;

	syscall(SYS_getpriority, CONF_MARK_WHICH, before ? who : -who);
}

#endif
