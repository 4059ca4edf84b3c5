/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_EVENTS_H
#define SCTRACE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ring.h"

/* What to open: each tracepoint for each (task, cpu). */
struct event_spec {
	const int *tp_ids;
	size_t nr_tp_ids;
	const int *cpus;
	size_t nr_cpus;
	const int32_t *tids;	/* NULL: every task on the cpus */
	size_t nr_tids;
	bool inherit;
	bool enable_on_exec;
	unsigned int mmap_pages;
	const char *const *filters;	/* per tracepoint: a tracepoint filter, or NULL */
	int flush_tp_id;	/* our own tracepoint to flush LOST with; 0: none */
};

/* One ring per cpu; all of a cpu's events write into its ring. */
struct event_set {
	int *fds;
	size_t nr_fds;
	struct ring **rings;
	int *ring_fds;		/* the fd whose mmap holds each ring */
	int *ring_cpus;		/* the cpu of each ring */
	int *flush_fds;		/* per ring: sctrace's own event into it, or -1 */
	void **maps;
	size_t map_len;
	size_t nr_rings;
	int32_t failed_tid;	/* on error: the task perf_event_open refused */
	int failed_cpu;
};

int events_open(struct event_set *es, const struct event_spec *spec);
int events_enable(struct event_set *es);
void events_disable(struct event_set *es);
void events_flush_lost(struct event_set *es);
void events_close(struct event_set *es);
void events_close_detached(struct event_set *es);

#endif
