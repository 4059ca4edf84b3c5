// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "target.h"

/* -E: strace's VAR=VAL sets VAR, a bare VAR removes it. */
static int child_env(const struct command_setup *setup)
{
	size_t i;

	for (i = 0; i < setup->nr_env; i++) {
		char *eq = strchr(setup->env[i], '=');
		int err = eq ? putenv(setup->env[i]) : unsetenv(setup->env[i]);

		if (err)
			return errno;
	}
	return 0;
}

/* -u: the user's groups, then its gid, its uid last (which drops root). */
static int child_user(const struct command_setup *setup)
{
	if (!setup->user)
		return 0;
	if (initgroups(setup->user, setup->gid) || setgid(setup->gid) ||
	    setuid(setup->uid))
		return errno;
	return 0;
}

static void child_run(int go_fd, int exec_fd, const struct command_setup *setup)
{
	int failed[2] = { STAGE_ENV, 0 };
	char go;

	sigprocmask(SIG_SETMASK, setup->mask, NULL);
	/* Block until the parent's events exist; EOF means it gave up. */
	if (read(go_fd, &go, 1) != 1)
		_exit(127);
	failed[1] = child_env(setup);
	if (!failed[1]) {
		failed[0] = STAGE_USER;
		failed[1] = child_user(setup);
	}
	if (!failed[1]) {
		execvp(setup->argv[0], setup->argv);
		failed[0] = STAGE_EXEC;
		failed[1] = errno;
	}
	if (write(exec_fd, failed, sizeof(failed)) < 0)
		_exit(127);
	_exit(127);
}

/* The file execvp would run for name, found the way it searches PATH. */
int command_file(const char *name, struct stat *sb)
{
	const char *dirs = getenv("PATH") ?: "/bin:/usr/bin", *end;
	char path[4096];

	if (strchr(name, '/'))
		return stat(name, sb);
	for (; *dirs; dirs = *end ? end + 1 : end) {
		end = strchrnul(dirs, ':');
		snprintf(path, sizeof(path), "%.*s/%s", (int)(end - dirs),
			 end > dirs ? dirs : ".", name);
		if (!access(path, X_OK) && !stat(path, sb) && S_ISREG(sb->st_mode))
			return 0;
	}
	return -1;
}

int command_prepare(struct command *cmd, const struct command_setup *setup)
{
	int go[2], exec_pipe[2];

	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(exec_pipe, O_CLOEXEC)) {
		close(go[0]);
		close(go[1]);
		return -errno;
	}
	cmd->user = setup->user;
	cmd->pid = fork();
	if (cmd->pid == 0) {
		close(go[1]);
		close(exec_pipe[0]);
		child_run(go[0], exec_pipe[1], setup);
	}
	close(go[0]);
	close(exec_pipe[1]);
	cmd->go_fd = go[1];
	cmd->exec_fd = exec_pipe[0];
	if (cmd->pid < 0) {
		int err = -errno;

		command_abandon(cmd);
		return err;
	}
	return 0;
}

/* Lets the child exec; returns 0 once it did, or the exec's -errno. */
int command_start(struct command *cmd)
{
	int failed[2] = { STAGE_EXEC, 0 };
	ssize_t n;

	if (write(cmd->go_fd, "g", 1) != 1)
		failed[1] = errno;
	close(cmd->go_fd);
	cmd->go_fd = -1;
	do {
		n = read(cmd->exec_fd, failed, sizeof(failed));
	} while (n < 0 && errno == EINTR);
	close(cmd->exec_fd);
	cmd->exec_fd = -1;
	cmd->failed = failed[0];
	if (n == sizeof(failed) || failed[1])
		return -failed[1];
	return 0;
}

/*
 * The command forked, held before its exec. What it leaves behind comes
 * to sctrace (reap), as strace -f follows it: traced to its end, or at
 * least counted when sctrace stops first. Without inheritance it is not
 * traced, so not waited for. 0, or sctrace's exit status, said.
 */
int target_fork_command(struct command *cmd, const struct command_setup *setup,
			bool reap)
{
	char shown[ESCAPE_PATH_SIZE];
	int err;

	if (reap && prctl(PR_SET_CHILD_SUBREAPER, 1)) {
		diag("cannot become the subreaper of the command's processes: %s", strerror(errno));
		return SCT_EXIT_PERF;
	}
	err = command_prepare(cmd, setup);
	if (!err)
		return 0;
	diag("cannot start '%s': fork: %s",
	     escape_str(shown, sizeof(shown), setup->argv[0]), strerror(-err));
	return sct_exit_status(err, SCT_EXIT_PERF);
}

/* Lets the command exec: 0, or sctrace's exit status, said. */
int target_exec_command(struct command *cmd, const char *name)
{
	char shown[ESCAPE_PATH_SIZE];
	int err = command_start(cmd);

	if (!err)
		return 0;
	escape_str(shown, sizeof(shown), name);
	if (cmd->failed == STAGE_USER) {
		diag("cannot run '%s' as user '%s' (-u): %s; sctrace must run as root to switch users",
		     shown, cmd->user, strerror(-err));
		return SCT_EXIT_BAD_USER;
	}
	if (cmd->failed == STAGE_ENV) {
		diag("cannot set the environment of '%s' (-E): %s", shown, strerror(-err));
		return SCT_EXIT_NOEXEC;
	}
	diag("cannot run '%s': %s; check the command name and PATH",
	     shown, strerror(-err));
	return err == -ENOENT ? SCT_EXIT_NOTFOUND : SCT_EXIT_NOEXEC;
}

/* The child sees EOF on its go pipe and exits without running anything. */
void command_abandon(struct command *cmd)
{
	if (cmd->go_fd >= 0)
		close(cmd->go_fd);
	if (cmd->exec_fd >= 0)
		close(cmd->exec_fd);
	cmd->go_fd = cmd->exec_fd = -1;
	if (cmd->pid > 0)
		waitpid(cmd->pid, NULL, 0);
}

/* Numeric entries of a /proc directory, each offered to keep(). */
static int scan_numeric(const char *path, int (*keep)(pid_t, void *), void *arg)
{
	struct dirent *de;
	int err = 0;
	DIR *dir = opendir(path);

	if (!dir)
		return -errno;
	while (!err && (de = readdir(dir))) {
		char *end;
		long id = strtol(de->d_name, &end, 10);

		if (*end == '\0' && id > 0)
			err = keep(id, arg);
	}
	closedir(dir);
	return err;
}

static int keep_any(pid_t id, void *arg)
{
	return id_list_add(arg, id);
}

int tasks_of_process(pid_t pid, struct id_list *tids)
{
	char path[48];

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	return scan_numeric(path, keep_any, tids);
}

struct user_scan {
	uid_t uid;
	pid_t self;
	struct id_list *pids;
};

/* /proc/PID is owned by the process's effective uid. */
static int keep_users(pid_t pid, void *arg)
{
	struct user_scan *scan = arg;
	struct stat st;
	char path[32];

	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	if (pid == scan->self || stat(path, &st) || st.st_uid != scan->uid)
		return 0;
	return id_list_add(scan->pids, pid);
}

int processes_of_user(uid_t uid, pid_t self, struct id_list *pids)
{
	struct user_scan scan = { .uid = uid, .self = self, .pids = pids };

	return scan_numeric("/proc", keep_users, &scan);
}

bool task_exists(pid_t tid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%d", (int)tid);
	return access(path, F_OK) == 0;
}

/* Present and neither a zombie nor dead: /proc/TID/stat's third field. */
bool task_alive(pid_t tid)
{
	char path[32], buf[512];
	const char *state;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	/* comm may hold spaces and parentheses: the state follows the last ')'. */
	state = strrchr(buf, ')');
	if (!state || state[1] != ' ')
		return false;
	return state[2] != 'Z' && state[2] != 'X' && state[2] != 'x';
}

static int add_tasks_of(pid_t pid, const char *how, struct id_list *tids,
			struct id_list *watched)
{
	int err;

	if (pid == getpid()) {
		diag("%s %d is sctrace itself, which cannot trace itself; give another task",
		     how, (int)pid);
		return SCT_EXIT_BAD_PID;
	}
	err = task_exists(pid) ? tasks_of_process(pid, tids) : -ESRCH;
	if (err == -ENOMEM || (!err && id_list_add(watched, pid)))
		return diag_no_memory("the task list");
	if (err) {
		diag("no such process: %d (%s); check the id, e.g. with ps -eL", (int)pid, how);
		return SCT_EXIT_BAD_PID;
	}
	return 0;
}

static int add_thread(pid_t tid, struct id_list *tids, struct id_list *watched)
{
	if (tid == getpid() || !task_exists(tid)) {
		diag("no such thread to trace: %d (--tid); check the id, e.g. with ps -eL", (int)tid);
		return SCT_EXIT_BAD_PID;
	}
	if (id_list_add(tids, tid) || id_list_add(watched, tid))
		return diag_no_memory("the task list");
	return 0;
}

static int add_user(const struct target_request *req, struct id_list *tids,
		    struct id_list *watched)
{
	char shown[ESCAPE_MSG_SIZE];
	struct id_list pids = { 0 };
	size_t i;
	int ret = 0;

	if (processes_of_user(req->uid, getpid(), &pids) == -ENOMEM) {
		ret = diag_no_memory("the task list");
	} else if (!pids.nr) {
		diag("user '%s' (uid %u) has no processes to trace; start one first, or trace a command",
		     escape_str(shown, sizeof(shown), req->user), (unsigned int)req->uid);
		ret = SCT_EXIT_BAD_USER;
	}
	for (i = 0; !ret && i < pids.nr; i++) {
		/* A process may exit while we list it: skip it, do not fail. */
		int err = tasks_of_process(pids.ids[i], tids);

		if (err == -ENOMEM || (!err && id_list_add(watched, pids.ids[i])))
			ret = diag_no_memory("the task list");
	}
	id_list_free(&pids);
	return ret;
}

/*
 * -p, -t and -u: the threads to trace, and the tasks whose end ends the
 * run. Each error is said; its exit status is returned.
 */
int target_resolve(const struct target_request *req, struct id_list *tids,
		   struct id_list *watched)
{
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < req->pids->nr; i++)
		ret = add_tasks_of(req->pids->ids[i], "-p", tids, watched);
	for (i = 0; !ret && i < req->tids->nr; i++)
		ret = add_thread(req->tids->ids[i], tids, watched);
	if (!ret && req->has_uid)
		ret = add_user(req, tids, watched);
	id_list_unique(tids);
	id_list_unique(watched);
	return ret;
}

struct child_scan {
	pid_t pid;
	struct id_list *list;
};

/* The children one thread of scan->pid started; a thread gone has none. */
static int keep_children(pid_t tid, void *arg)
{
	struct child_scan *scan = arg;
	char path[64];
	FILE *f;
	int child;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)scan->pid, (int)tid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	/* NOLINTNEXTLINE(cert-err34-c): pids the kernel wrote */
	while (fscanf(f, "%d", &child) == 1)
		id_list_add(scan->list, child);
	fclose(f);
	return 0;
}

/* Adds pid's children, of every thread, to list; a pid gone is skipped. */
static void add_children(pid_t pid, struct id_list *list)
{
	struct child_scan scan = { pid, list };
	char path[32];

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	scan_numeric(path, keep_children, &scan);
}

/* Adds the processes below pid (its children, theirs...) to tree. */
void descendants(pid_t pid, struct id_list *tree)
{
	size_t i = tree->nr;

	add_children(pid, tree);
	for (; i < tree->nr; i++)
		add_children(tree->ids[i], tree);
}

/* Processes below pid that are not zombies, but except. */
size_t descendants_alive(pid_t pid, pid_t except)
{
	struct id_list tree = { 0 };
	size_t i, alive = 0;

	descendants(pid, &tree);
	for (i = 0; i < tree.nr; i++)
		alive += tree.ids[i] != except && task_alive(tree.ids[i]);
	id_list_free(&tree);
	return alive;
}
