/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SUMMARY_H
#define SCTRACE_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "syscalls.h"

/* How often one errno ended one syscall. */
struct errno_count {
	int err;
	uint64_t count;
};

/* One syscall's calls in one thread (or, merged, in all of them). */
struct call_stats {
	int32_t tid;
	long nr;
	bool used;
	uint64_t calls;
	uint64_t errors;
	uint64_t total_ns;
	uint64_t min_ns;
	uint64_t max_ns;
	double mean_ns;		/* Welford's running mean and sum of squares */
	double m2;
	struct errno_count *errnos;
	size_t nr_errnos;
};

/*
 * Exited threads whose own tables are kept: between this many and twice
 * as many of the latest; older ones are folded into one table together.
 */
#define SUMMARY_EXITED_SHOWN 256

/* The key of the folded rows: above any tid (pid_max is at most 2^22). */
#define SUMMARY_FOLDED_TID INT32_MAX

/* Per (thread, syscall) statistics for -s/-S, keyed in an open hash. */
struct summary {
	struct call_stats *slots;
	size_t cap;
	size_t used;
	bool errnos;		/* --errno-summary */
	bool failed;		/* memory ran out: the table is incomplete */
	int32_t *exited;	/* tids of exited threads not folded yet, oldest first */
	size_t nr_exited;
	uint64_t nr_folded;	/* threads whose rows are folded */
	uint64_t overhead_ns;	/* -O: taken off each call's duration, down to 0 */
};

void summary_add(struct summary *sum, int32_t tid, long nr, long ret,
		 uint64_t duration_ns);
void summary_merge(struct summary *sum, const struct call_stats *row);
void summary_add_errno(struct summary *sum, int32_t tid, long nr, int err,
		       uint64_t count);
void summary_thread_gone(struct summary *sum, int32_t tid);
void summary_print(struct summary *sum, struct outbuf *out,
		   struct syscall_cache *syscalls, uint64_t lost);
struct call_stats *summary_totals(const struct summary *sum, size_t *nr, bool *failed);
void summary_rows_free(struct call_stats *rows, size_t nr);
void summary_print_notes(struct outbuf *out, uint64_t lost, bool failed);
void summary_free(struct summary *sum);

#endif
