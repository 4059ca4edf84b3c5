/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_FDPATHS_H
#define SCTRACE_FDPATHS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * -y: what each fd of each process is, as the trace itself tells it
 * (open's path, dup's copy, the kernel's name for an eventfd...), so that
 * a replay shows it, and a process that is gone. The fds a traced
 * process had before the trace are listed from /proc/PID/fd at the start;
 * of a process not listed, an fd the trace did not make is read from
 * /proc when it is first shown, while the process runs; never in a replay. One table per process: its threads share it, a fork copies it,
 * a successful exec drops its close-on-exec fds, its end forgets it.
 */

/* fds remembered per process; beyond that, only /proc knows. */
#define FDPATHS_MAX_FDS 4096
/* A path as readlink gives it at most, and its NUL. */
#define FDPATHS_PATH_MAX 4097

struct fd_entry {
	int fd;
	bool cloexec;
	char *path;
	uint64_t made;		/* the exit of the call that made it; 0: before the trace */
};

struct fd_table {
	int32_t pid;
	struct fd_entry *fds;	/* sorted by fd */
	size_t nr;
	size_t cap;
	/* Listed at the start, or forked from such a table: an fd it lacks is not open. */
	bool complete;
};

struct fd_paths {
	struct fd_table *procs;	/* sorted by pid */
	size_t nr;
	size_t cap;
	const char *proc_root;	/* "/proc" if NULL, or a test's directory */
	bool partial;		/* -e: calls that change fds may be unseen */
};

/* A finished call, as far as fds go. */
struct fd_call {
	int32_t pid;
	const char *syscall;	/* the name syscall_desc has */
	bool has_args;		/* false: its exit came without its enter */
	unsigned long args[6];
	uint64_t enter_time;	/* with has_args: when it began */
	uint64_t exit_time;
	long ret;
	const char *path;	/* the path argument's contents, or NULL */
	size_t path_len;
	bool has_pair;		/* pipe's two fds, as the kernel filled them */
	int pair[2];
	const int *received;	/* the fds SCM_RIGHTS brought (recvmsg), or NULL */
	size_t nr_received;
	bool proc;		/* /proc may be asked: live, the process not ended */
};

/* An fd a message brought, and what it is. */
struct fd_received {
	int fd;
	char *path;
};

struct fd_rule;

/* What a call does to fds: worked out before its line prints, done after. */
struct fd_change {
	struct fd_call call;
	const struct fd_rule *rule;	/* NULL: nothing */
	char *paths[2];		/* the new fd's (the result's, or pipe's pair) */
	struct fd_received *received;	/* recvmsg's new fds */
	size_t nr_received;
};

void fdpaths_list(struct fd_paths *fp, int32_t pid);
bool fdpaths_is_fd_arg(const char *syscall, const char *arg);
bool fdpaths_changes_fds(const char *syscall);
const char *fdpaths_get(struct fd_paths *fp, int32_t pid, int fd, bool proc,
			char *buf, size_t size);
void fdpaths_prepare(struct fd_paths *fp, struct fd_change *ch);
const char *fdpaths_result(const struct fd_change *ch);
void fdpaths_commit(struct fd_paths *fp, struct fd_change *ch);
void fdpaths_fork(struct fd_paths *fp, int32_t parent, int32_t child);
void fdpaths_forget(struct fd_paths *fp, int32_t pid);
void fdpaths_free(struct fd_paths *fp);

struct sorted_table;
const struct sorted_table *fdpaths_sorted_tables(size_t *nr);

#endif
