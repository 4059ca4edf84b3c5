/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_MAPS_H
#define SCTRACE_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One line of /proc/PID/maps. */
struct mapping {
	uint64_t start;
	uint64_t end;
	uint64_t offset;
	char *path;		/* "" for anonymous memory */
};

struct process_maps {
	pid_t pid;
	struct mapping *maps;	/* sorted by start, as the kernel lists them */
	size_t nr;
};

/*
 * The mappings of the processes seen: from the trace's own mmap records,
 * and from /proc/PID/maps, read again when an address misses.
 */
struct maps_cache {
	struct process_maps *procs;
	size_t nr;
	const char *proc_root;	/* "/proc", or a test's directory */
	bool no_proc;		/* a replay: only the trace's own records */
};

const struct mapping *maps_find(struct maps_cache *mc, pid_t pid, uint64_t addr);
int maps_add(struct maps_cache *mc, pid_t pid, uint64_t start, uint64_t len,
	     uint64_t offset, const char *path);
void maps_forget(struct maps_cache *mc, pid_t pid);
const struct process_maps *maps_process(const struct maps_cache *mc, pid_t pid);
int maps_copy(struct maps_cache *mc, pid_t from, pid_t to);
bool maps_anonymous(const struct mapping *m);
uint64_t maps_offset(const struct mapping *m, uint64_t addr);
void maps_cache_free(struct maps_cache *mc);

#endif
