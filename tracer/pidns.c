// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler.h"
#include "pidns.h"
#include "sorted.h"

/* Arguments that are a pid (or tgid, pgid) of the caller's namespace, by the tracepoints' names. */
static const char *const pid_args[] = {
	"pgid", "pid", "pid1", "pid2", "tgid", "upid",
};

/* Calls whose result is one: strace's RVAL_TGID, RVAL_TID, RVAL_PGID, RVAL_SID. */
static const char *const pid_results[] = {
	"clone", "clone3", "fork", "getpgid", "getpgrp", "getpid", "getppid",
	"getsid", "gettid", "set_tid_address", "setsid", "vfork",
};

/* An argument that is a pid only for some values of argument 0 (which, idtype). */
struct which_arg {
	const char *syscall;
	const char *arg;
	unsigned int pid_whiches;	/* bit N: argument 0 == N makes it a pid */
};

/* Sorted by syscall. */
static const struct which_arg which_args[] = {
	{ "getpriority", "who", 1u << 0 | 1u << 1 },	/* PRIO_PROCESS, PRIO_PGRP */
	{ "ioprio_get", "who", 1u << 1 | 1u << 2 },	/* IOPRIO_WHO_PROCESS, _PGRP */
	{ "ioprio_set", "who", 1u << 1 | 1u << 2 },
	{ "setpriority", "who", 1u << 0 | 1u << 1 },
	{ "waitid", "upid", 1u << 1 | 1u << 2 },	/* P_PID, P_PGID; P_PIDFD's is an fd */
};

static int name_cmp(const void *key, const void *elem)
{
	return strcmp(*(const char *const *)key, *(const char *const *)elem);
}

static int which_cmp(const void *key, const void *elem)
{
	const struct which_arg *a = key, *b = elem;

	return strcmp(a->syscall, b->syscall);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(pid_args, name_cmp),
	SORTED_TABLE(pid_results, name_cmp),
	SORTED_TABLE(which_args, which_cmp),
};

const struct sorted_table *pidns_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

bool pidns_is_pid_arg(const char *syscall, const char *arg, unsigned long which)
{
	const struct which_arg key = { .syscall = syscall };
	const struct which_arg *w = bsearch(&key, which_args, ARRAY_SIZE(which_args),
					    sizeof(which_args[0]), which_cmp);

	if (w && !strcmp(w->arg, arg))
		return which < 32 && (w->pid_whiches & (1u << which));
	if (w)
		return false;
	return bsearch(&arg, pid_args, ARRAY_SIZE(pid_args), sizeof(pid_args[0]), name_cmp);
}

bool pidns_is_pid_result(const char *syscall)
{
	return bsearch(&syscall, pid_results, ARRAY_SIZE(pid_results),
		       sizeof(pid_results[0]), name_cmp);
}

static const char *root(const struct pidns *ns)
{
	return ns->proc_root ?: "/proc";
}

/* DIR/LEAF into buf; false if it does not fit. */
static bool path_of(char *buf, size_t size, const char *dir, const char *leaf)
{
	int n = snprintf(buf, size, "%s/%s", dir, leaf);

	return n > 0 && (size_t)n < size;
}

/* The inode of the pid namespace of DIR (a /proc/PID or /proc/PID/task/TID), or 0. */
static uint64_t ns_of(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	if (!path_of(path, sizeof(path), dir, "ns/pid") || stat(path, &st))
		return 0;
	return st.st_ino;
}

/* The last number of a status line "NAME:\tA\tB...", the innermost namespace's. */
static long last_number(const char *line)
{
	const char *p = strrchr(line, '\t');

	return p ? strtol(p + 1, NULL, 10) : -1;
}

/* What DIR's status says its tgid and tid are, as its own namespace sees them. */
static bool inner_ids(const char *dir, long *tgid, long *tid)
{
	char path[PATH_MAX], line[256];
	FILE *f;

	if (!path_of(path, sizeof(path), dir, "status"))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	*tgid = *tid = -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "NStgid:", 7))
			*tgid = last_number(line);
		else if (!strncmp(line, "NSpid:", 6))
			*tid = last_number(line);
	}
	fclose(f);
	return *tgid > 0 && *tid > 0;
}

/* Whether DIR (host pid host) is pid in namespace ns: as a process, or as a thread. */
static bool is_it(const char *dir, uint64_t ns, long pid, bool thread)
{
	long tgid, tid;

	if (!inner_ids(dir, &tgid, &tid))
		return false;
	return (thread ? tid : tgid) == pid && ns_of(dir) == ns;
}

/* The process (or with task, a thread of task's) of ns whose number there is pid. */
static int32_t scan(const struct pidns *ns, uint64_t id, long pid, int32_t task)
{
	char dir[PATH_MAX], path[PATH_MAX];
	int32_t found = 0;
	struct dirent *d;
	DIR *proc;

	if (task)
		snprintf(path, sizeof(path), "%s/%d/task", root(ns), (int)task);
	else
		snprintf(path, sizeof(path), "%s", root(ns));
	proc = opendir(path);
	if (!proc)
		return 0;
	while (!found && (d = readdir(proc))) {
		char *end;
		long host = strtol(d->d_name, &end, 10);

		if (end == d->d_name || *end || host <= 0 || host > INT32_MAX)
			continue;
		if (path_of(dir, sizeof(dir), path, d->d_name) && is_it(dir, id, pid, task != 0))
			found = host;
	}
	closedir(proc);
	return found;
}

static int32_t cached(const struct pidns *ns, uint64_t id, long pid)
{
	char dir[PATH_MAX];
	size_t i;

	for (i = 0; i < PIDNS_CACHE; i++) {
		const struct pidns_entry *e = &ns->cache[i];

		if (e->ns != id || e->pid != pid)
			continue;
		snprintf(dir, sizeof(dir), "%s/%d", root(ns), (int)e->host);
		/* /proc/TID works for a thread too: one check for both. */
		if (is_it(dir, id, pid, false) || is_it(dir, id, pid, true))
			return e->host;
	}
	return 0;
}

static void keep(struct pidns *ns, uint64_t id, long pid, int32_t host)
{
	ns->cache[ns->next] = (struct pidns_entry){ .ns = id, .pid = pid, .host = host };
	ns->next = (ns->next + 1) % PIDNS_CACHE;
}

/* The caller's own tgid or tid, the commonest pid of all (getpid, kill(self)). */
static int32_t callers_own(const struct pidns *ns, int32_t tid, long pid)
{
	char dir[PATH_MAX], path[PATH_MAX], line[64];
	long tgid, own_tid;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/%d", root(ns), (int)tid);
	if (!inner_ids(dir, &tgid, &own_tid))
		return 0;
	if (own_tid == pid)
		return tid;
	if (tgid != pid)
		return 0;
	if (!path_of(path, sizeof(path), dir, "status"))
		return 0;
	f = fopen(path, "re");
	if (!f)
		return 0;
	tgid = 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Tgid:", 5))
			tgid = strtol(line + 5, NULL, 10);
	fclose(f);
	return tgid > 0 && tgid <= INT32_MAX ? (int32_t)tgid : 0;
}

int32_t pidns_translate(struct pidns *ns, int32_t tid, long pid)
{
	char dir[PATH_MAX];
	int32_t host;
	uint64_t id;

	if (pid <= 0 || pid > INT32_MAX)
		return 0;
	if (!ns->own_ns) {
		snprintf(dir, sizeof(dir), "%s/self", root(ns));
		ns->own_ns = ns_of(dir);
	}
	snprintf(dir, sizeof(dir), "%s/%d", root(ns), (int)tid);
	id = ns_of(dir);
	if (!id || id == ns->own_ns)
		return 0;
	host = cached(ns, id, pid) ?: callers_own(ns, tid, pid) ?: scan(ns, id, pid, 0) ?:
	       scan(ns, id, pid, tid);
	if (host)
		keep(ns, id, pid, host);
	return host == pid ? 0 : host;
}
