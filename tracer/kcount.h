/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_KCOUNT_H
#define SCTRACE_KCOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kcount_abi.h"
#include "summary.h"
#include "threads.h"
#include "tracefs.h"

/*
 * -s counted in the kernel by a BPF program (bpf/kcount.bpf.c): per
 * (thread, syscall) rows in maps, read into the summary as threads end
 * and at the end, so that a summary never loses calls at any rate.
 */
struct kcount;

/* Which tasks are counted. */
struct kcount_targets {
	const int32_t *tids;	/* NULL: every task but sctrace's */
	size_t nr_tids;
	bool at_exec;		/* the tid is a command: counted from its exec */
	bool follow_forks;	/* their children too */
	int32_t self;		/* sctrace's pid */
};

/* Which calls are counted, and how. */
struct kcount_calls {
	int machine;		/* libaudit MACH_*: which numbers are which calls */
	const bool *selected;	/* -e's selection, or NULL: every call */
	size_t nr_selected;
	bool errnos;		/* --errno-summary */
};

/* What the end of the count found. */
struct kcount_end {
	uint64_t missed;	/* calls not counted: a map was full */
	size_t unfinished;	/* calls still in progress */
};

#define KCOUNT_WHY_MAX 256

/*
 * Threads that ended, oldest first: a summary keeps their own tables
 * while they are among the last THREADS_RETIRED_KEPT, as the printer
 * keeps ended threads before their rows may be folded.
 */
struct kcount_ended {
	int32_t tids[THREADS_RETIRED_KEPT];
	size_t oldest;
	size_t nr;
};

void kcount_ended_add(struct kcount_ended *e, struct summary *sum, int32_t tid);
void kcount_ended_revive(struct kcount_ended *e, int32_t tid);
bool kcount_row(const struct kc_key *key, const struct kc_stats *v,
		struct call_stats *row);

struct kcount *kcount_start(const struct kcount_targets *targets,
			    const struct kcount_calls *calls, const struct tracefs *tfs,
			    char *why, size_t len);
void kcount_collect(struct kcount *kc, struct summary *sum);
struct kcount_end kcount_finish(struct kcount *kc, struct summary *sum);
void kcount_close(struct kcount *kc);

#endif
