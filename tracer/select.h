/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SELECT_H
#define SCTRACE_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Syscall numbers are below this on every supported architecture. */
#define SELECT_MAX_NR 1024

/* Which syscall numbers -e selects. */
struct syscall_set {
	bool nr[SELECT_MAX_NR];
	size_t count;
};

/* On error: the unknown name and the closest known one, for the message. */
struct select_error {
	char name[64];
	const char *closest;
	char why[200];		/* what else there is to say, or empty */
};

/* The filters the kernel applies to a run's tracepoints. */
struct select_filters {
	char enter[4096];	/* raw_syscalls:sys_enter's, or empty */
	char exit[4096];	/* raw_syscalls:sys_exit's, or empty */
	char self[40];		/* the other tracepoints': system-wide, sctrace out */
	struct syscall_set in_kernel;	/* with -e: the calls that reach the printer */
};

int select_parse(const char *expr, int machine, struct syscall_set *set,
		 struct select_error *err);
/* select_parse, with what was wrong said in why (a replay's -e). */
int select_explained(const char *expr, int machine, struct syscall_set *set,
		     char *why, size_t why_len);
int select_filter(const struct syscall_set *set, char *buf, size_t len);
int select_build_filters(const char *expr, int machine, pid_t self, bool fds,
			 struct syscall_set *set, struct select_filters *f);
void select_no_syscalls(struct select_filters *f);

/* Whether -e shows calls numbered nr (selected: -e's numbers, or NULL without -e). */
static inline bool select_shows(const bool *selected, long nr)
{
	return !selected || (nr >= 0 && nr < SELECT_MAX_NR && selected[nr]);
}

/*
 * An exit carries -1 as its number after rt_sigreturn (which restores
 * orig_ax), so -e's filter lets every exit of -1 through, to complete a
 * selected call; and execve's and execveat's both, as a successful
 * execveat's exit carries execve's number. One that completes no call
 * is shown only if its own number is selected.
 */
static inline bool select_exit_kept(const bool *selected, bool paired, long nr)
{
	return paired || select_shows(selected, nr);
}

#endif
