/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONTENTS_H
#define SCTRACE_CONTENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscalls.h"
#include "tracefs.h"

/*
 * Argument contents read in the kernel at the call by a BPF program
 * (bpf/contents.bpf.c), written as samples of a bpf-output event into
 * each cpu's ring, beside the syscall records they belong to.
 */
struct contents;

/* Which tasks the program reads for. */
struct contents_targets {
	const int32_t *tids;	/* NULL: every task but sctrace's */
	size_t nr_tids;
	bool follow_forks;	/* their children too (inherit) */
	int32_t self;		/* sctrace's pid */
};

/* The rings to write into: the bpf-output event of each cpu. */
struct contents_outputs {
	const int *cpus;
	const int *fds;
	size_t nr;
};

#define CONTENTS_WHY_MAX 256

struct contents *contents_load(struct syscall_cache *syscalls, const bool *selected,
			       size_t nr_selected, unsigned int string_limit,
			       const struct tracefs *tfs, bool links, char *why, size_t len);
int contents_start(struct contents *c, const struct contents_outputs *out,
		   const struct contents_targets *targets, const struct tracefs *tfs,
		   char *why, size_t len);
void contents_close(struct contents *c);

#endif
