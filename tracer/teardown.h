/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TEARDOWN_H
#define SCTRACE_TEARDOWN_H

#include <stddef.h>

/*
 * Closing what traces a tracepoint waits for an RCU grace period in the
 * kernel (a BPF program's detach, a tracepoint's last perf event): tens
 * of milliseconds each on 6.x kernels. Done at once on threads of their
 * own, the waits overlap instead of adding up.
 */
struct teardown_job {
	void (*run)(void *arg);
	void *arg;
};

/* Runs every job, each on its own thread where one can be had; returns when all are done. */
void teardown_run(const struct teardown_job *jobs, size_t nr);

/* Closes every fd of fds, at once as above. */
void teardown_close_fds(const int *fds, size_t nr);

#endif
