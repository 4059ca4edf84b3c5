/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SESSION_H
#define SCTRACE_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "capture.h"
#include "events.h"
#include "holdback.h"
#include "kcount.h"
#include "lists.h"
#include "order.h"
#include "perf_writer.h"
#include "printer.h"
#include "sample.h"
#include "signals.h"

/* The live part of a run: read rings, order events, print, decide to stop. */
struct session {
	struct event_set *events;
	struct printer *printer;
	struct sample_ids ids;
	struct event_queue *queues;	/* one per ring */
	struct sct_signals *signals;
	struct outbuf_guard guard;	/* gives a blocked output up on a signal */
	pid_t self;			/* sctrace: its flush samples are skipped */
	bool lost_to_stderr;		/* the trace itself is not on stderr */
	pid_t child;			/* the traced command, or 0 */
	int child_status;
	bool child_done;
	bool follow;			/* end once the command's whole tree is gone */
	bool tree_gone;			/* sctrace, their subreaper, has no child left */
	const struct id_list *watched;	/* -p/-t/-u tasks; stop when all gone */
	bool disabled;			/* --max-events reached, events stopped */
	int stop_signal;		/* the signal that ended the run, or 0 */
	uint64_t stop_ns;		/* CLOCK_MONOTONIC when one was first seen, or 0 */
	uint64_t unwritten;		/* events seen after the output failed */
	size_t unfinished;		/* calls without their exit at the end */
	uint64_t malformed;		/* records that made no sense */
	struct perf_writer *writer;	/* record: every record goes to the file */
	struct kcount *kcount;		/* -s counted in the kernel, or NULL */
	struct holdback *hold;		/* --lossless: the command's cgroup, or NULL */
	struct capture *capture;	/* the BPF engine's, or NULL */
};

/* What a run gives its session, once, before it runs. */
struct session_config {
	struct event_set *events;
	struct printer *printer;
	struct sample_ids ids;
	struct sct_signals *signals;	/* the signals that end the run */
	bool lost_to_stderr;		/* the trace itself is not on stderr */
	pid_t child;			/* the traced command, or 0 */
	bool follow;			/* end once the command's whole tree is gone */
	const struct id_list *watched;	/* -p/-t/-u tasks, or NULL */
	struct perf_writer *writer;	/* record: the file, or NULL */
	struct kcount *kcount;		/* -s counted in the kernel, or NULL */
	struct holdback *hold;		/* --lossless: the command's cgroup, or NULL */
	struct capture *capture;	/* the BPF engine's, or NULL */
};

void session_init(struct session *s, const struct session_config *cfg);
int session_realtime(unsigned int priority, bool asked);
int session_run(struct session *s);
void session_free(struct session *s);

#endif
