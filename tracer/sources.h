/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SOURCES_H
#define SCTRACE_SOURCES_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"
#include "lists.h"
#include "select.h"
#include "tracepoints.h"

/*
 * A run's event sources, in their order: raw_syscalls' sys_enter and
 * sys_exit, --event's and --sched's tracepoints, the page-fault events,
 * the task-record event, the BPF program's output, on the cpus online. Opened and enabled with
 * one line saying what the kernel refused, if it did.
 */

/*
 * raw_syscalls' two, --event's, --sched's, the signal lines', two
 * page-fault events, task records', BPF's.
 */
#define SOURCES_MAX (2 + 64 + 5 + 2 + 4)
/* What is left for --event's, --sched's and the signals' tracepoints. */
#define SOURCES_MAX_EXTRA (SOURCES_MAX - 6)

/* What a run traces, for its list of sources. */
struct sources_plan {
	int enter_id;			/* raw_syscalls' tracepoints */
	int exit_id;
	const struct select_filters *filters;
	const struct extra_tps *extra;	/* --event's and --sched's */
	bool task_records;		/* comm and fork records, in rings of their own */
	bool faults_major;
	bool faults_minor;
	bool contents;			/* the BPF program's samples */
	bool raw_syscalls;		/* false: the BPF engine captures them */
	bool stacks;			/* -k: the mappings the stacks are unwound in */
};

int sources_cpus(struct cpu_list *online, const struct cpu_list *wanted);
size_t sources_make(const struct sources_plan *plan, struct event_source *src);
int sources_open(struct event_set *es, const struct event_spec *spec,
		 const struct extra_tps *extra);
int sources_enable(struct event_set *es, const struct event_spec *spec,
		   const struct extra_tps *extra);

#endif
