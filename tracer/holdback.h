/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_HOLDBACK_H
#define SCTRACE_HOLDBACK_H

#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "ring.h"

/*
 * --lossless: the command's tasks in a cgroup v2 of their own, frozen
 * (cgroup.freeze) while sctrace catches up, where the kernel would
 * otherwise drop their events. A guardian process thaws and removes the
 * cgroup if sctrace dies, even by SIGKILL: nothing is left frozen.
 */
struct holdback {
	char dir[PATH_MAX];	/* the cgroup: sctrace-PID beside sctrace's own */
	char parent[PATH_MAX];	/* sctrace's own cgroup, where tasks go back */
	char held[PATH_MAX];	/* the cgroup as /proc/PID/cgroup names it */
	int freeze_fd;		/* the cgroup's cgroup.freeze, or -1 */
	int guard_fd;		/* the guardian's pipe: EOF tells it to clean up */
	pid_t guard_pid;	/* the guardian, sctrace's child, or 0 */
	pthread_mutex_t lock;	/* the reader and the watcher both hold */
	bool frozen;
	bool let_go;		/* sctrace stops: never frozen again */
	pthread_t watcher;	/* holds them while the reader is kept away */
	/*
	 * Writes cgroup.freeze when asked: the write waits for the kernel's
	 * cgroup-wide lock, meanwhile the watcher spills the rings.
	 */
	pthread_t freezer;
	sem_t freeze_asked;
	bool watching;
	bool stop_watching;
	struct ring *const *rings;
	size_t nr_rings;
	pid_t escaped;		/* a process of the command's seen outside, or 0 */
	char escaped_comm[16];	/* its name */
	uint64_t scanned_ns;	/* when the command's processes were last looked at */
};

void holdback_init(struct holdback *h);
int holdback_open(struct holdback *h);
int holdback_add(struct holdback *h, pid_t pid);
void holdback_check(struct holdback *h, uint64_t fill, uint64_t size);
void holdback_check_rings(struct holdback *h);
void holdback_release_if_drained(struct holdback *h);
bool holdback_held(struct holdback *h);
void holdback_set(struct holdback *h, bool frozen);
int holdback_watch(struct holdback *h, struct ring *const *rings, size_t nr);
void holdback_unwatch(struct holdback *h);
void holdback_let_go(struct holdback *h);
void holdback_lost(struct holdback *h);
void holdback_close(struct holdback *h);

#endif
