/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TP_FIND_H
#define SCTRACE_TP_FIND_H

#include <stdbool.h>
#include <stddef.h>

#include "sample.h"
#include "tracefs.h"
#include "tracepoints.h"

/*
 * The tracepoints a run opens, found under tracefs: raw_syscalls' two,
 * then --event's, --sched's and the signal lines' with their formats. Each returns 0 or
 * sctrace's exit status, after one line saying what is missing.
 */
int tp_find_tracefs(struct tracefs *tfs);
int tp_find_raw(const struct tracefs *tfs, struct sample_ids *ids);
int tp_find_extra(struct extra_tps *extra, const struct tracefs *tfs,
		  const char *const *events, size_t nr_events, bool sched, bool signals,
		  bool kvm);

#endif
