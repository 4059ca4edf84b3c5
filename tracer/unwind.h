/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_UNWIND_H
#define SCTRACE_UNWIND_H

#include <stdint.h>
#include <sys/types.h>

#include "maps.h"
#include "sct_event.h"

/*
 * -k: a call's user stack, copied with its enter sample, unwound and
 * symbolised with elfutils' libdwfl in the process's mappings, as strace
 * -k shows it: " > /path/lib.so(symbol+0xoff) [0xfileoff]" per frame.
 * Built without libdw (unwind_nodw.c), -k is refused.
 */
struct unwinder;

/* Why this build cannot unwind stacks, or NULL if it can. */
const char *unwind_unavailable(void);
/* The perf user registers (PERF_REG_* bits) an unwind starts from. */
uint64_t unwind_regs_user(void);
struct unwinder *unwind_new(void);
/*
 * The frames of pid's call whose stack is us, as lines, in mappings mc
 * knows (which reads /proc on a miss, live): malloc'd, or NULL.
 */
char *unwind_frames(struct unwinder *u, struct maps_cache *mc, pid_t pid,
		    const struct sct_ustack *us);
void unwind_free(struct unwinder *u);

#endif
