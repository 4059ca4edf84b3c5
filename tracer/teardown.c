// SPDX-License-Identifier: GPL-2.0
#include "teardown.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

/* Enough threads that every tracepoint's last close waits beside the others. */
#define TEARDOWN_MAX_THREADS 16

static void *job_thread(void *arg)
{
	const struct teardown_job *job = arg;

	job->run(job->arg);
	return NULL;
}

void teardown_run(const struct teardown_job *jobs, size_t nr)
{
	pthread_t *threads;
	bool *started;
	size_t i;

	if (!nr)
		return;
	threads = calloc(nr, sizeof(*threads));
	started = calloc(nr, sizeof(*started));
	for (i = 1; threads && started && i < nr; i++)
		started[i] = !pthread_create(&threads[i], NULL, job_thread,
					     (void *)&jobs[i]);
	/* Without a thread of its own, a job runs here, in turn. */
	for (i = 0; i < nr; i++)
		if (!started || !started[i])
			jobs[i].run(jobs[i].arg);
	for (i = 1; started && i < nr; i++)
		if (started[i])
			pthread_join(threads[i], NULL);
	free(started);
	free(threads);
}

/* One stripe of an fd list: every nr_stripes-th fd from first. */
struct fd_stripe {
	const int *fds;
	size_t nr, first, step;
};

static void close_stripe(void *arg)
{
	const struct fd_stripe *s = arg;
	size_t i;

	for (i = s->first; i < s->nr; i += s->step)
		close(s->fds[i]);
}

void teardown_close_fds(const int *fds, size_t nr)
{
	size_t n = nr < TEARDOWN_MAX_THREADS ? nr : TEARDOWN_MAX_THREADS, i;
	struct teardown_job jobs[TEARDOWN_MAX_THREADS];
	struct fd_stripe stripes[TEARDOWN_MAX_THREADS];

	for (i = 0; i < n; i++) {
		stripes[i] = (struct fd_stripe){ fds, nr, i, n };
		jobs[i] = (struct teardown_job){ close_stripe, &stripes[i] };
	}
	teardown_run(jobs, n);
}
