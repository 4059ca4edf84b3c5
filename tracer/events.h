/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_EVENTS_H
#define SCTRACE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sample.h"
#include "ring.h"

/* One kind of event, opened for each (task, cpu). */
struct event_source {
	uint32_t type;		/* PERF_TYPE_TRACEPOINT or PERF_TYPE_SOFTWARE */
	uint64_t config;	/* the tracepoint id, or PERF_COUNT_SW_PAGE_FAULTS_* */
	const char *filter;	/* a tracepoint filter, or NULL */
	bool task_records;	/* also write comm and fork records */
	bool mmap_records;	/* also write mmap2 records (code and data) */
	bool per_cpu;		/* once per cpu for any task, enabled at once */
	bool task_ring;		/* into the cpu's task-record ring: at most one */
	bool user_stack;	/* the call's stack: -k's copy, fp's chain; others none */
};

/* What to open: each source for each (task, cpu). */
struct event_spec {
	const struct event_source *sources;
	size_t nr_sources;
	uint64_t sample_type;	/* the same layout for all, one ring per cpu */
	uint64_t regs_user;	/* -k: the user registers sampled; 0: the ABI's only */
	uint32_t stack_user;	/* -k: bytes of user stack copied per user_stack sample */
	const int *cpus;
	size_t nr_cpus;
	const int32_t *tids;	/* NULL: every task on the cpus */
	size_t nr_tids;
	bool in_cgroup;		/* without tids: only cgroup_fd's tasks (--cgroup) */
	int cgroup_fd;
	bool inherit;
	bool enable_on_exec;
	unsigned int mmap_pages;
	bool early_wakeup;	/* --lossless: wake the reader at 1/16, not 1/4 */
	/* Our own tracepoint to flush LOST with; it holds the rings. 0: none. */
	int flush_tp_id;
};

/* On error: the step of setting up one source that the kernel refused. */
enum event_step {
	EVENT_STEP_OPEN,	/* perf_event_open */
	EVENT_STEP_FILTER,	/* its tracepoint filter */
	EVENT_STEP_MAP,		/* the mmap of its cpu's ring */
	EVENT_STEP_OUTPUT,	/* writing into its cpu's ring */
	EVENT_STEP_FLUSH,	/* sctrace's own flush event, no source */
	EVENT_STEP_ENABLE,	/* enabling it after all were opened */
};

/*
 * One sample ring per cpu, which all of a cpu's events write into; then,
 * if a source asks for it, one task-record ring per cpu, so that a LOST
 * record says which of the two kinds it counts.
 */
struct event_set {
	int *fds;
	size_t *fd_sources;	/* per fd: its index in spec->sources */
	size_t nr_fds;
	size_t nr_cpu_rings;	/* the sample rings, first in rings[] */
	size_t task_source;	/* the task_ring source, or SIZE_MAX */
	size_t flush_source;	/* the source flush events are like, or SIZE_MAX */
	uint64_t *task_ids;	/* sorted: the ids whose LOST is of task records */
	size_t nr_task_ids;
	struct ring **rings;
	int *ring_fds;		/* the fd whose mmap holds each ring */
	int *ring_cpus;		/* the cpu of each ring */
	int *flush_fds;		/* per ring: sctrace's own event into it, or -1 */
	void **maps;
	size_t map_len;		/* of a sample ring */
	size_t task_map_len;	/* of a task-record ring */
	size_t nr_rings;
	size_t nr_adopted;	/* the last rings: another's (events_adopt_rings) */
	struct event_id *event_ids;	/* sorted: which samples are page faults */
	size_t nr_event_ids;
	int32_t failed_tid;	/* on error: the task perf_event_open refused */
	int failed_cpu;
	size_t failed_source;	/* on error: its index in spec->sources */
	enum event_step failed_step;
	size_t failed_nr_fds;	/* on error: perf fds open by then, flush ones too */
};

struct perf_event_attr;

int events_open(struct event_set *es, const struct event_spec *spec);
/*
 * Whether the kernel copies these user registers and stack_user bytes of
 * user stack into samples: 0, or its -errno (an arch without perf_regs or
 * user stack dumps refuses them, whatever the event).
 */
int events_probe_user_stack(uint64_t regs_user, uint32_t stack_user);
void events_source_attr(const struct event_spec *spec, const struct event_source *src,
			struct perf_event_attr *attr);
int events_source_ids(const struct event_set *es, size_t source, uint64_t **ids,
		      size_t *nr);
void events_source_fds(const struct event_set *es, size_t source, int *fds);
int events_adopt_rings(struct event_set *es, struct ring **rings, const int *cpus,
		       size_t nr);
int events_enable(struct event_set *es);
void events_disable(struct event_set *es);
void events_flush_lost(struct event_set *es);
void events_close(struct event_set *es);

#endif
