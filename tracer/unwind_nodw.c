// SPDX-License-Identifier: GPL-2.0
/* -k in a build without elfutils' libdw: refused, saying why. */
#include <stddef.h>

#include "unwind.h"

const char *unwind_unavailable(void)
{
	return "this sctrace was built without libdw (elfutils); rebuild it with libdw-dev installed";
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
