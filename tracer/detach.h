/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_DETACH_H
#define SCTRACE_DETACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct_event.h"

/*
 * strace -b execve: a process that calls execve is detached there: its
 * execve is the last call shown, and nothing after it, nor of the
 * processes it forks later (known from fork records), is. The command's
 * own first exec is where the trace starts: it has no enter, and is kept.
 */
struct detach_set {
	int32_t *pids;		/* open addressing; 0: free */
	size_t cap, nr;
};

/* ev is a call's enter that detaches its process from now on. */
bool detach_starts(struct detach_set *d, const struct sct_event *ev, bool exec);
/* Whether ev is of a detached process (and is not shown); forks spread it. */
bool detach_drops(struct detach_set *d, const struct sct_event *ev);
void detach_free(struct detach_set *d);

#endif
