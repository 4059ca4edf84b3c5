/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TARGET_H
#define SCTRACE_TARGET_H

#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "lists.h"

/* How the command starts: its words, signal mask, strace's -E and -u. */
struct command_setup {
	char **argv;
	const sigset_t *mask;
	char *const *env;	/* -E: VAR=VAL set, VAR removed, in order */
	size_t nr_env;
	const char *user;	/* -u: run as this user (groups too), or NULL */
	uid_t uid;
	gid_t gid;
};

/* Where a child failed before its command ran. */
enum command_stage {
	STAGE_EXEC,
	STAGE_USER,
	STAGE_ENV,
};

/* A command forked early and held until its events are in place. */
struct command {
	pid_t pid;
	int go_fd;	/* write a byte to let it exec */
	int exec_fd;	/* EOF on exec; a stage and errno if it failed */
	enum command_stage failed;	/* where, once command_start failed */
	const char *user;		/* -u's, for messages */
};

int command_file(const char *name, struct stat *sb);
int command_prepare(struct command *cmd, const struct command_setup *setup);
int command_start(struct command *cmd);
void command_abandon(struct command *cmd);
int target_fork_command(struct command *cmd, const struct command_setup *setup,
			bool reap);
int target_exec_command(struct command *cmd, const char *name);

/* What -p, -t and -u name. */
struct target_request {
	const struct id_list *pids;
	const struct id_list *tids;
	bool has_uid;
	uid_t uid;
	const char *user;	/* as given, for messages */
};

int target_resolve(const struct target_request *req, struct id_list *tids,
		   struct id_list *watched);
int tasks_of_process(pid_t pid, struct id_list *tids);
int processes_of_user(uid_t uid, pid_t self, struct id_list *pids);
bool task_exists(pid_t tid);
bool task_alive(pid_t tid);
void descendants(pid_t pid, struct id_list *tree);
size_t descendants_alive(pid_t pid, pid_t except);

#endif
