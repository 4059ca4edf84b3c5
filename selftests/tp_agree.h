/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TP_AGREE_H
#define SCTRACE_TP_AGREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracefs.h"

/*
 * For kernel developers: raw_syscalls:sys_enter and the per-syscall
 * syscalls:sys_enter_NAME fire for the same call; their number and
 * arguments must agree. Records are paired per thread, in either order.
 */
#define TP_MAX_TASKS 64

struct tp_pending {
	int32_t tid;
	bool raw, named;
	long raw_nr, named_nr;
	unsigned long raw_args[6], named_args[6];
	int named_nargs;
};

/* What became of one syscall number's records (tp_agree_run_nrs). */
struct tp_nr_result {
	unsigned int pairs;	/* records paired and compared */
	unsigned int mismatches;
	char first[192];	/* its first mismatch, described */
};

struct tp_report {
	struct tp_pending tasks[TP_MAX_TASKS];
	size_t nr_tasks;
	size_t pairs;		/* pairs compared */
	size_t mismatches;	/* pairs that disagree or never paired */
	char first[256];	/* the first mismatch, described */
	struct tp_nr_result *by_nr;	/* NULL, or one per number below nr_len */
	long nr_len;
};

void tp_feed(struct tp_report *rep, int32_t tid, bool raw, long nr,
	     const unsigned long *args, int nargs);
void tp_finish(struct tp_report *rep);
int tp_agree_run(const struct tracefs *tfs, const char *workload,
		 char *const *names, size_t nr_names, struct tp_report *rep,
		 const char **why);
int tp_agree_run_nrs(const struct tracefs *tfs, const char *workload,
		     const long *nrs, char *const *tracepoints, size_t n,
		     struct tp_report *rep, struct tp_nr_result *by_nr,
		     long nr_len, const char **why);

#endif
