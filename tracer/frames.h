/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_FRAMES_H
#define SCTRACE_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "maps.h"

/*
 * A call's frames as strace -k writes them, " > /path/lib.so(symbol+0xoff)
 * [0xfileoff]" each: a process's file mappings reported to elfutils'
 * libdwfl as modules, each address's symbol found in them. One writer for
 * both ways of finding the frames: the stack copy unwound (-k, unwind.c)
 * and the kernel's walk of the frame pointers (--call-graph fp).
 */
struct frame_syms;
struct Dwfl;

/* Called with each process's new Dwfl, before it is used; false: none. */
typedef bool (*frames_attach_fn)(struct Dwfl *dwfl, pid_t pid, void *arg);

/* Where the frames come from, which tells how their lines end. */
enum frames_walk {
	/*
	 * libdw's unwind: at an address in no mapping of a file, strace's
	 * "unexpected_backtracing_error" line.
	 */
	FRAMES_UNWOUND,
	/*
	 * The kernel's frame-pointer walk, which goes on past code built
	 * without them, reading what the register held: the lines end,
	 * quietly, before the first address in no file's executable segment.
	 */
	FRAMES_FP_CHAIN,
};

/* Why this build cannot name frames, or NULL if it can. */
const char *frames_unavailable(void);
/* attach (or NULL) is called with arg for each Dwfl made. */
struct frame_syms *frames_new(frames_attach_fn attach, void *arg);
/*
 * pid's Dwfl, its modules those of the mappings mc knows (which reads
 * /proc on a miss of pc, live); reported again when they change. NULL if
 * none load.
 */
struct Dwfl *frames_dwfl(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
			 uint64_t pc);
/* The lines of the frames at pcs[nr], innermost first: malloc'd, or NULL. */
char *frames_text(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
		  const uint64_t *pcs, size_t nr, enum frames_walk walk);
void frames_free(struct frame_syms *fs);

#endif
