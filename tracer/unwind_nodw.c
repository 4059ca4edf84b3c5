// SPDX-License-Identifier: GPL-2.0
/*
 * Stack traces (-k, --call-graph) in a build without elfutils' libdw:
 * refused, saying why.
 */
#include <stddef.h>

#include "frames.h"
#include "unwind.h"

#define NO_LIBDW "this sctrace was built without libdw (elfutils); rebuild it with libdw-dev installed"

const char *frames_unavailable(void)
{
	return NO_LIBDW;
}

struct frame_syms *frames_new(frames_attach_fn attach, void *arg)
{
	(void)attach;
	(void)arg;
	return NULL;
}

struct Dwfl *frames_dwfl(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
			 uint64_t pc)
{
	(void)fs;
	(void)mc;
	(void)pid;
	(void)pc;
	return NULL;
}

char *frames_text(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
		  const uint64_t *pcs, size_t nr, enum frames_walk walk)
{
	(void)fs;
	(void)mc;
	(void)pid;
	(void)pcs;
	(void)nr;
	(void)walk;
	return NULL;
}

void frames_free(struct frame_syms *fs)
{
	(void)fs;
}

const char *unwind_unavailable(void)
{
	return NO_LIBDW;
}

uint64_t unwind_regs_user(void)
{
	return 0;
}

struct unwinder *unwind_new(void)
{
	return NULL;
}

char *unwind_frames(struct unwinder *u, struct maps_cache *mc, pid_t pid,
		    const struct sct_ustack *us)
{
	(void)u;
	(void)mc;
	(void)pid;
	(void)us;
	return NULL;
}

void unwind_free(struct unwinder *u)
{
	(void)u;
}
