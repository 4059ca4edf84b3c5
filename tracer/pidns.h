/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PIDNS_H
#define SCTRACE_PIDNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * --pidns-translation: a pid as a traced task's pid namespace sees it (an
 * argument, a result), translated to sctrace's namespace, as strace does:
 * from /proc, live only. A task's namespace is its /proc/TID/ns/pid
 * inode; a pid of it is the process or thread of that namespace whose
 * innermost NSpid (NStgid) is that number.
 */

/* Translations kept, checked again before each use (pids are reused). */
#define PIDNS_CACHE 64

struct pidns_entry {
	uint64_t ns;		/* the namespace's inode */
	int32_t pid;		/* as it sees it */
	int32_t host;		/* as sctrace sees it */
};

struct pidns {
	const char *proc_root;	/* "/proc" if NULL, or a test's directory */
	uint64_t own_ns;	/* sctrace's namespace, once known */
	struct pidns_entry cache[PIDNS_CACHE];
	size_t next;		/* the entry the next translation replaces */
};

/* Whether argument arg of syscall is a pid of the caller's namespace; which: argument 0. */
bool pidns_is_pid_arg(const char *syscall, const char *arg, unsigned long which);
/* Whether syscall's result is one (getpid, gettid, clone...). */
bool pidns_is_pid_result(const char *syscall);
/*
 * pid as task tid's namespace sees it, in sctrace's; 0 if it is the same
 * number there (one namespace), not a pid, or not found (gone).
 */
int32_t pidns_translate(struct pidns *ns, int32_t tid, long pid);

struct sorted_table;
const struct sorted_table *pidns_sorted_tables(size_t *nr);

#endif
