/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CAPTURE_H
#define SCTRACE_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ring.h"

/*
 * The BPF engine (--engine=bpf): raw syscall enters and exits captured by
 * bpf/capture.bpf.c into one BPF ring buffer, read in batches and
 * rewritten, per cpu, as the raw_syscalls samples perf events would have
 * written (sample type SCT_SAMPLE_TYPE), with LOST records for what the
 * ring had no room for: rings the session reads like perf's.
 */
struct capture;

/* Whose calls, which, on which cpus. */
struct capture_setup {
	const int32_t *tids;	/* NULL: every task but sctrace's */
	size_t nr_tids;
	bool at_exec;		/* the tids from their exec on (a command) */
	bool follow_forks;
	int32_t self;		/* sctrace's pid */
	const bool *calls;	/* the numbers the kernel keeps, or NULL: all */
	size_t nr_calls;
	const int *cpus;	/* a ring each; only these cpus' calls */
	size_t nr_cpus;
	bool cpu_filter;	/* -C: calls on other cpus are not captured */
	int enter_id;		/* raw_syscalls' tracepoint ids, for the records */
	int exit_id;
};

#define CAPTURE_WHY_MAX 256

struct capture *capture_load(uint32_t ring_bytes, char *why, size_t len);
int capture_start(struct capture *c, const struct capture_setup *s, char *why, size_t len);
size_t capture_rings(struct capture *c, struct ring ***rings, const int **cpus);
bool capture_consume(struct capture *c);
void capture_close(struct capture *c);

#endif
