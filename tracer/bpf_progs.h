/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BPF_PROGS_H
#define SCTRACE_BPF_PROGS_H

#include <stdbool.h>

#include "contents.h"
#include "events.h"
#include "kcount.h"
#include "options.h"
#include "syscalls.h"
#include "tracefs.h"

/*
 * A run's BPF programs: one reads argument contents, one counts -s in
 * the kernel. Where one cannot run, the run goes on without it, and one
 * line says why once the events are open: a run that cannot trace at
 * all says only that.
 */
struct bpf_progs {
	struct contents *contents;	/* or NULL: pointers as addresses */
	struct kcount *kcount;		/* -s counted in the kernel, or NULL */
	bool contents_wanted;		/* no --no-contents, no --raw, no -s alone */
	char no_kcount_why[KCOUNT_WHY_MAX];	/* -s's notice, once tracing works */
	char no_contents_why[CONTENTS_WHY_MAX];	/* the notice, once tracing works */
};

bool bpf_progs_count(struct bpf_progs *p, const struct sct_options *o,
		     const struct kcount_targets *targets, const struct kcount_calls *calls,
		     const struct tracefs *tfs);
void bpf_progs_load(struct bpf_progs *p, struct syscall_cache *syscalls,
		    const bool *selected, unsigned int string_limit,
		    const struct tracefs *tfs, bool links);
bool bpf_progs_start(struct bpf_progs *p, const struct event_set *es,
		     const struct event_spec *spec, bool system_wide,
		     const struct tracefs *tfs);
void bpf_progs_close(struct bpf_progs *p);

#endif
