// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler.h"
#include "fdpaths.h"
#include "sorted.h"

/*
 * The kernel ABIs' values, the same on x86_64, arm64 and s390x, so that
 * a file from one of them replays on another: O_CLOEXEC is also
 * SOCK_CLOEXEC, EFD_, TFD_, SFD_, IN_, EPOLL_CLOEXEC and OPEN_TREE_CLOEXEC.
 */
#define ABI_O_CLOEXEC 02000000
#define ABI_MFD_CLOEXEC 1		/* also FAN_, FSOPEN_, FSMOUNT_, FSPICK_CLOEXEC */
#define ABI_PERF_FLAG_FD_CLOEXEC 8
#define ABI_F_DUPFD 0
#define ABI_F_SETFD 2
#define ABI_F_DUPFD_CLOEXEC 1030
#define ABI_FD_CLOEXEC 1
#define ABI_FIONCLEX 0x5450
#define ABI_FIOCLEX 0x5451
#define ABI_CLOSE_RANGE_CLOEXEC 4
#define ABI_AT_FDCWD (-100)
#define ABI_MSG_CMSG_CLOEXEC 0x40000000

enum fd_effect {
	FX_OPEN,	/* the result is the path argument's file */
	FX_NEW,		/* the result is a new fd: a name of the kernel's, or /proc's */
	FX_PIPE,	/* the fd pair is a pipe's two ends */
	FX_DUP,		/* the result is a copy of argument 0 */
	FX_DUP2,	/* argument 1 becomes a copy of argument 0 */
	FX_FCNTL,	/* F_DUPFD*: a copy; F_SETFD: close-on-exec */
	FX_IOCTL,	/* FIOCLEX, FIONCLEX: close-on-exec */
	FX_CLOSE,
	FX_CLOSE_RANGE,
	FX_EXEC,	/* the close-on-exec fds are closed */
	FX_RECV,	/* the fds in the messages' SCM_RIGHTS are new */
};

/* Close-on-exec whatever the flags say. */
#define ALWAYS (-2)

struct fd_rule {
	const char *syscall;
	unsigned long cloexec;	/* the close-on-exec bit */
	const char *name;	/* FX_NEW: the name every such fd has, or NULL */
	const char *prefix;	/* what /proc's name must start with, or NULL */
	enum fd_effect effect;
	signed char flags_arg;	/* where cloexec is; -1: nowhere */
	bool at;		/* FX_OPEN: argument 0 is the directory fd */
};

#define NONE (-1)
#define PLAIN(s, fx) { .syscall = (s), .effect = (fx), .flags_arg = NONE }
#define OPEN(s, arg, at_) { .syscall = (s), .effect = FX_OPEN, .flags_arg = (arg), \
	.cloexec = ABI_O_CLOEXEC, .at = (at_) }
#define NEW(s, arg, bit, name_, prefix_) { .syscall = (s), .effect = FX_NEW, \
	.flags_arg = (arg), .cloexec = (bit), .name = (name_), .prefix = (prefix_) }

/* Calls that change what an fd is; sorted by syscall. */
static const struct fd_rule rules[] = {
	NEW("accept", NONE, 0, NULL, "socket:"),
	NEW("accept4", 3, ABI_O_CLOEXEC, NULL, "socket:"),
	PLAIN("close", FX_CLOSE),
	PLAIN("close_range", FX_CLOSE_RANGE),
	OPEN("creat", NONE, false),
	PLAIN("dup", FX_DUP),
	PLAIN("dup2", FX_DUP2),
	{ .syscall = "dup3", .effect = FX_DUP2, .flags_arg = 2, .cloexec = ABI_O_CLOEXEC },
	NEW("epoll_create", NONE, 0, "anon_inode:[eventpoll]", NULL),
	NEW("epoll_create1", 0, ABI_O_CLOEXEC, "anon_inode:[eventpoll]", NULL),
	NEW("eventfd", NONE, 0, "anon_inode:[eventfd]", NULL),
	NEW("eventfd2", 1, ABI_O_CLOEXEC, "anon_inode:[eventfd]", NULL),
	PLAIN("execve", FX_EXEC),
	PLAIN("execveat", FX_EXEC),
	NEW("fanotify_init", 0, ABI_MFD_CLOEXEC, "anon_inode:[fanotify]", NULL),
	PLAIN("fcntl", FX_FCNTL),
	NEW("fsmount", 1, ABI_MFD_CLOEXEC, NULL, NULL),
	NEW("fsopen", 1, ABI_MFD_CLOEXEC, NULL, NULL),
	NEW("fspick", 2, ABI_MFD_CLOEXEC, NULL, NULL),
	NEW("inotify_init", NONE, 0, "anon_inode:inotify", NULL),
	NEW("inotify_init1", 0, ABI_O_CLOEXEC, "anon_inode:inotify", NULL),
	NEW("io_uring_setup", ALWAYS, 0, "anon_inode:[io_uring]", NULL),
	PLAIN("ioctl", FX_IOCTL),
	NEW("landlock_create_ruleset", ALWAYS, 0, NULL, NULL),
	NEW("memfd_create", 1, ABI_MFD_CLOEXEC, NULL, "/memfd:"),
	NEW("memfd_secret", 0, ABI_O_CLOEXEC, NULL, NULL),
	NEW("mq_open", 1, ABI_O_CLOEXEC, NULL, NULL),
	OPEN("open", 1, false),
	NEW("open_by_handle_at", 2, ABI_O_CLOEXEC, NULL, NULL),
	NEW("open_tree", 2, ABI_O_CLOEXEC, NULL, NULL),
	OPEN("openat", 2, true),
	/* Its flags are inside struct open_how, which is not read. */
	OPEN("openat2", NONE, true),
	NEW("perf_event_open", 4, ABI_PERF_FLAG_FD_CLOEXEC, "anon_inode:[perf_event]", NULL),
	NEW("pidfd_getfd", ALWAYS, 0, NULL, NULL),
	NEW("pidfd_open", ALWAYS, 0, "anon_inode:[pidfd]", NULL),
	{ .syscall = "pipe", .effect = FX_PIPE, .flags_arg = NONE, .prefix = "pipe:" },
	{ .syscall = "pipe2", .effect = FX_PIPE, .flags_arg = 1, .cloexec = ABI_O_CLOEXEC,
	  .prefix = "pipe:" },
	{ .syscall = "recvmmsg", .effect = FX_RECV, .flags_arg = 3,
	  .cloexec = ABI_MSG_CMSG_CLOEXEC },
	{ .syscall = "recvmsg", .effect = FX_RECV, .flags_arg = 2,
	  .cloexec = ABI_MSG_CMSG_CLOEXEC },
	NEW("socket", 1, ABI_O_CLOEXEC, NULL, "socket:"),
	{ .syscall = "socketpair", .effect = FX_PIPE, .flags_arg = 1, .cloexec = ABI_O_CLOEXEC,
	  .prefix = "socket:" },
	NEW("timerfd_create", 1, ABI_O_CLOEXEC, "anon_inode:[timerfd]", NULL),
	NEW("userfaultfd", 0, ABI_O_CLOEXEC, "anon_inode:[userfaultfd]", NULL),
};

/*
 * Arguments that are fds of the caller, by the tracepoints' names, in
 * every call; AT_FDCWD and -1 stay as they are. Sorted.
 */
static const char *const fd_arg_names[] = {
	"dfd", "epfd", "fanotify_fd", "fd", "fd_in", "fd_out", "fdin", "fdout",
	"fildes", "from_dfd", "fs_fd", "group_fd", "in_fd", "mountdirfd",
	"newdfd", "newfd", "olddfd", "oldfd", "out_fd", "pidfd", "ruleset_fd",
	"to_dfd", "ufd",
};

static int rule_cmp(const void *key, const void *elem)
{
	const struct fd_rule *a = key, *b = elem;

	return strcmp(a->syscall, b->syscall);
}

static int name_cmp(const void *key, const void *elem)
{
	return strcmp(*(const char *const *)key, *(const char *const *)elem);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(rules, rule_cmp),
	SORTED_TABLE(fd_arg_names, name_cmp),
};

const struct sorted_table *fdpaths_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

bool fdpaths_is_fd_arg(const char *syscall, const char *arg)
{
	/* pidfd_getfd's fd is one of the other process's. */
	if (!strcmp(syscall, "pidfd_getfd") && !strcmp(arg, "fd"))
		return false;
	return bsearch(&arg, fd_arg_names, ARRAY_SIZE(fd_arg_names), sizeof(fd_arg_names[0]),
		       name_cmp);
}

/* Where pid's table is, or would go (*found false). */
static size_t proc_index(const struct fd_paths *fp, int32_t pid, bool *found)
{
	size_t lo = 0, hi = fp->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fp->procs[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < fp->nr && fp->procs[lo].pid == pid;
	return lo;
}

/* fd's entry in t, or NULL; *at: where it is, or would go. */
static struct fd_entry *fd_entry_at(const struct fd_table *t, int fd, size_t *at)
{
	size_t lo = 0, hi = t->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->fds[mid].fd < fd)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return lo < t->nr && t->fds[lo].fd == fd ? &t->fds[lo] : NULL;
}

static struct fd_table *table_find(struct fd_paths *fp, int32_t pid)
{
	bool found;
	size_t i = proc_index(fp, pid, &found);

	return found ? &fp->procs[i] : NULL;
}

/* pid's table, added if new; NULL only when memory ran out. */
static struct fd_table *table_get(struct fd_paths *fp, int32_t pid)
{
	bool found;
	size_t i = proc_index(fp, pid, &found);
	struct fd_table *bigger;

	if (found)
		return &fp->procs[i];
	if (fp->nr == fp->cap) {
		size_t cap = fp->cap ? fp->cap * 2 : 16;

		bigger = realloc(fp->procs, cap * sizeof(*bigger));
		if (!bigger)
			return NULL;
		fp->procs = bigger;
		fp->cap = cap;
	}
	memmove(&fp->procs[i + 1], &fp->procs[i], (fp->nr - i) * sizeof(*fp->procs));
	fp->nr++;
	fp->procs[i] = (struct fd_table){ .pid = pid };
	return &fp->procs[i];
}

static struct fd_entry *entry_find(struct fd_paths *fp, int32_t pid, int fd)
{
	struct fd_table *t = table_find(fp, pid);
	size_t i;

	return t ? fd_entry_at(t, fd, &i) : NULL;
}

static void entry_remove(struct fd_table *t, size_t i)
{
	free(t->fds[i].path);
	memmove(&t->fds[i], &t->fds[i + 1], (t->nr - i - 1) * sizeof(*t->fds));
	t->nr--;
}

static void remove_fd(struct fd_paths *fp, int32_t pid, int fd)
{
	struct fd_table *t = table_find(fp, pid);
	size_t i;

	if (t && fd_entry_at(t, fd, &i))
		entry_remove(t, i);
}

/*
 * Whether a close that began at enter_time closed e. The kernel frees the
 * fd within the call: another thread's open may get its number and return
 * first, and its fd, made after the close began, stays.
 */
static bool closed_by(const struct fd_entry *e, uint64_t enter_time)
{
	return e->made <= enter_time;
}

/* close(fd): the fd is gone, unless it is already another call's. */
static void close_fd(struct fd_paths *fp, const struct fd_call *c, int fd)
{
	struct fd_table *t = table_find(fp, c->pid);
	struct fd_entry *e;
	size_t i;

	e = t ? fd_entry_at(t, fd, &i) : NULL;
	if (e && closed_by(e, c->enter_time))
		entry_remove(t, i);
}

static int insert_at(struct fd_table *t, size_t i, int fd, char *path, bool cloexec)
{
	struct fd_entry *bigger;

	if (t->nr == FDPATHS_MAX_FDS)
		return -1;
	if (t->nr == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 8;

		bigger = realloc(t->fds, cap * sizeof(*bigger));
		if (!bigger)
			return -1;
		t->fds = bigger;
		t->cap = cap;
	}
	memmove(&t->fds[i + 1], &t->fds[i], (t->nr - i) * sizeof(*t->fds));
	t->nr++;
	t->fds[i] = (struct fd_entry){ .fd = fd, .cloexec = cloexec, .path = path };
	return 0;
}

/* fd of pid is path (taken), or nothing known if NULL; made: see fd_entry. */
static void set_fd(struct fd_paths *fp, int32_t pid, int fd, char *path, bool cloexec,
		   uint64_t made)
{
	struct fd_table *t;
	struct fd_entry *e;
	size_t i;

	if (fd < 0 || !path) {
		free(path);
		if (fd >= 0)
			remove_fd(fp, pid, fd);
		return;
	}
	t = table_get(fp, pid);
	if (!t)
		goto out_free;
	e = fd_entry_at(t, fd, &i);
	if (e) {
		free(e->path);
		e->path = path;
		e->cloexec = cloexec;
		e->made = made;
		return;
	}
	if (!insert_at(t, i, fd, path, cloexec)) {
		t->fds[i].made = made;
		return;
	}
out_free:
	free(path);
}

/* readlink of /proc/PID/fd/FD into buf, NUL-terminated. */
static bool read_link(const struct fd_paths *fp, int32_t pid, int fd,
		      char *buf, size_t size)
{
	char link[64];
	ssize_t len;

	snprintf(link, sizeof(link), "%s/%d/fd/%d", fp->proc_root ?: "/proc", (int)pid, fd);
	len = readlink(link, buf, size - 1);
	if (len <= 0)
		return false;
	buf[len] = '\0';
	return true;
}

/* Whether /proc/PID/fdinfo/FD has O_CLOEXEC in its flags (the kernel adds it). */
static bool proc_cloexec(const struct fd_paths *fp, int32_t pid, int fd)
{
	char path[64], text[256], *flags;
	ssize_t len;
	int info;

	snprintf(path, sizeof(path), "%s/%d/fdinfo/%d", fp->proc_root ?: "/proc", (int)pid, fd);
	info = open(path, O_RDONLY | O_CLOEXEC);
	if (info < 0)
		return false;
	len = read(info, text, sizeof(text) - 1);
	close(info);
	if (len <= 0)
		return false;
	text[len] = '\0';
	flags = strstr(text, "flags:");
	return flags && (strtoul(flags + 6, NULL, 8) & ABI_O_CLOEXEC);
}

/* One fd from /proc, unless the trace said what it is. */
static void list_one(const struct fd_paths *fp, struct fd_table *t, int fd)
{
	char buf[FDPATHS_PATH_MAX], *path;
	size_t i;

	if (fd_entry_at(t, fd, &i) || !read_link(fp, t->pid, fd, buf, sizeof(buf)))
		return;
	path = strdup(buf);
	if (path && insert_at(t, i, fd, path, proc_cloexec(fp, t->pid, fd)))
		free(path);
}

/*
 * Every fd pid has, from /proc: at the start, while they cannot change
 * (the command waits to exec), so that the trace knows them all, and its
 * children too (a fork copies the table), even once they are gone.
 */
void fdpaths_list(struct fd_paths *fp, int32_t pid)
{
	struct fd_table *t = table_get(fp, pid);
	struct dirent *d;
	char path[64];
	DIR *dir;

	if (!t)
		return;
	snprintf(path, sizeof(path), "%s/%d/fd", fp->proc_root ?: "/proc", (int)pid);
	dir = opendir(path);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		char *end;
		long fd = strtol(d->d_name, &end, 10);

		if (end != d->d_name && !*end && fd >= 0 && fd <= INT_MAX)
			list_one(fp, t, fd);
	}
	closedir(dir);
	t->complete = true;
}

/*
 * What fd of pid is, or NULL; proc: /proc may say, for a process not
 * listed (its answer is kept). When calls may be unseen (-e), /proc is
 * asked first, as the trace's own knowledge may be stale, and not kept.
 */
const char *fdpaths_get(struct fd_paths *fp, int32_t pid, int fd, bool proc,
			char *buf, size_t size)
{
	struct fd_table *t = table_find(fp, pid);
	struct fd_entry *e;

	if (fd < 0)
		return NULL;
	if (proc && fp->partial && read_link(fp, pid, fd, buf, size))
		return buf;
	e = entry_find(fp, pid, fd);
	if (e)
		return e->path;
	if (!proc || fp->partial || (t && t->complete) ||
	    !read_link(fp, pid, fd, buf, size))
		return NULL;
	set_fd(fp, pid, fd, strdup(buf), proc_cloexec(fp, pid, fd), 0);
	return buf;
}

static const struct fd_rule *rule_of(const char *syscall)
{
	const struct fd_rule key = { .syscall = syscall };

	return bsearch(&key, rules, ARRAY_SIZE(rules), sizeof(rules[0]), rule_cmp);
}

/* Whether a call of that name may change what an fd is (-y with -e). */
bool fdpaths_changes_fds(const char *syscall)
{
	return rule_of(syscall);
}

static bool cloexec_of(const struct fd_rule *r, const struct fd_call *c)
{
	if (r->flags_arg == ALWAYS)
		return true;
	if (r->flags_arg < 0 || !c->has_args)
		return false;
	return c->args[r->flags_arg] & r->cloexec;
}

/* What /proc calls the call's new fd, if it has the prefix asked for. */
static char *proc_path(const struct fd_paths *fp, const struct fd_call *c, int fd,
		       const char *prefix)
{
	char buf[FDPATHS_PATH_MAX];

	if (!c->proc || !read_link(fp, c->pid, fd, buf, sizeof(buf)) ||
	    (prefix && strncmp(buf, prefix, strlen(prefix))))
		return NULL;
	return strdup(buf);
}

/* A copy of what fd is now, for dup's new fd. */
static char *copy_of(struct fd_paths *fp, const struct fd_call *c, int fd)
{
	char buf[FDPATHS_PATH_MAX];
	const char *path = fdpaths_get(fp, c->pid, fd, c->proc, buf, sizeof(buf));

	return path ? strdup(path) : NULL;
}

/*
 * open's path argument; relative to an openat's directory fd whose path is
 * known, that directory's path and it. Relative to the working directory,
 * it stays as the call gave it.
 */
static char *open_path(struct fd_paths *fp, const struct fd_call *c)
{
	const struct fd_rule *r = rule_of(c->syscall);
	size_t len = c->path ? strnlen(c->path, c->path_len) : 0;
	char buf[FDPATHS_PATH_MAX], *joined;
	const char *dir;
	int dirfd;

	if (!len)
		return NULL;
	if (c->path[0] == '/' || !r->at || !c->has_args)
		return strndup(c->path, len);
	dirfd = (int)c->args[0];
	dir = dirfd == ABI_AT_FDCWD ? NULL :
	      fdpaths_get(fp, c->pid, dirfd, c->proc, buf, sizeof(buf));
	if (!dir || dir[0] != '/')
		return strndup(c->path, len);
	if (asprintf(&joined, "%s%s%.*s", dir, dir[1] ? "/" : "", (int)len, c->path) < 0)
		return NULL;
	return joined;
}

static bool fcntl_dups(const struct fd_call *c)
{
	int cmd = (int)c->args[1];

	return cmd == ABI_F_DUPFD || cmd == ABI_F_DUPFD_CLOEXEC;
}

/*
 * What the fds a message brought are: /proc's name, live; in a replay
 * nothing, which still forgets what their numbers were before.
 */
static void received_paths(struct fd_paths *fp, struct fd_change *ch)
{
	const struct fd_call *c = &ch->call;
	size_t i;

	ch->received = calloc(c->nr_received, sizeof(*ch->received));
	if (!ch->received)
		return;
	for (i = 0; i < c->nr_received; i++) {
		ch->received[i].fd = c->received[i];
		ch->received[i].path = proc_path(fp, c, c->received[i], NULL);
	}
	ch->nr_received = c->nr_received;
}

/* The new fds' paths, from the table as it is before the call's effect. */
static void new_paths(struct fd_paths *fp, struct fd_change *ch)
{
	const struct fd_rule *r = ch->rule;
	const struct fd_call *c = &ch->call;

	switch (r->effect) {
	case FX_OPEN:
		ch->paths[0] = open_path(fp, c) ?: proc_path(fp, c, c->ret, NULL);
		break;
	case FX_NEW:
		ch->paths[0] = r->name ? strdup(r->name) : proc_path(fp, c, c->ret, r->prefix);
		break;
	case FX_PIPE:
		if (!c->has_pair)
			break;
		ch->paths[0] = proc_path(fp, c, c->pair[0], r->prefix);
		ch->paths[1] = proc_path(fp, c, c->pair[1], r->prefix);
		break;
	case FX_DUP:
	case FX_DUP2:
		ch->paths[0] = c->has_args ? copy_of(fp, c, (int)c->args[0]) :
			       proc_path(fp, c, c->ret, NULL);
		break;
	case FX_FCNTL:
		if (c->has_args && fcntl_dups(c))
			ch->paths[0] = copy_of(fp, c, (int)c->args[0]);
		break;
	case FX_RECV:
		if (c->nr_received)
			received_paths(fp, ch);
		break;
	default:
		break;
	}
}

/*
 * Works out what the call does, before its line is printed: its
 * arguments show what the fds were, its result what the new one is.
 */
void fdpaths_prepare(struct fd_paths *fp, struct fd_change *ch)
{
	const struct fd_call *c = &ch->call;

	ch->paths[0] = ch->paths[1] = NULL;
	ch->rule = rule_of(c->syscall);
	/* A failed close may have closed the fd all the same (EINTR). */
	if (ch->rule && c->ret < 0 && ch->rule->effect != FX_CLOSE)
		ch->rule = NULL;
	if (ch->rule)
		new_paths(fp, ch);
	ch->call.path = NULL;
	ch->call.received = NULL;
}

/* The path of the fd the call returned, if it made one. */
const char *fdpaths_result(const struct fd_change *ch)
{
	if (!ch->rule || ch->call.ret < 0)
		return NULL;
	switch (ch->rule->effect) {
	case FX_OPEN:
	case FX_NEW:
	case FX_DUP:
	case FX_DUP2:
		return ch->paths[0];
	case FX_FCNTL:
		return ch->call.has_args && fcntl_dups(&ch->call) ? ch->paths[0] : NULL;
	default:
		return NULL;
	}
}

static void set_cloexec(struct fd_paths *fp, int32_t pid, int fd, bool cloexec)
{
	struct fd_entry *e = entry_find(fp, pid, fd);

	if (e)
		e->cloexec = cloexec;
}

/* close_range's fds first..last: closed, or made close-on-exec. */
static void range_effect(struct fd_paths *fp, const struct fd_call *c)
{
	struct fd_table *t = table_find(fp, c->pid);
	unsigned int first = c->args[0], last = c->args[1];
	bool cloexec = c->args[2] & ABI_CLOSE_RANGE_CLOEXEC;
	size_t i = 0;

	while (t && i < t->nr) {
		unsigned int fd = t->fds[i].fd;

		if (fd < first || fd > last || !closed_by(&t->fds[i], c->enter_time))
			i++;
		else if (cloexec)
			t->fds[i++].cloexec = true;
		else
			entry_remove(t, i);
	}
}

/* A successful exec closes the close-on-exec fds. */
static void exec_closes(struct fd_paths *fp, int32_t pid)
{
	struct fd_table *t = table_find(fp, pid);
	size_t i = 0;

	while (t && i < t->nr) {
		if (t->fds[i].cloexec)
			entry_remove(t, i);
		else
			i++;
	}
}

static void fcntl_effect(struct fd_paths *fp, struct fd_change *ch)
{
	const struct fd_call *c = &ch->call;
	int cmd = (int)c->args[1];

	if (fcntl_dups(c)) {
		set_fd(fp, c->pid, c->ret, ch->paths[0], cmd == ABI_F_DUPFD_CLOEXEC,
		       c->exit_time);
		ch->paths[0] = NULL;
	} else if (cmd == ABI_F_SETFD) {
		set_cloexec(fp, c->pid, (int)c->args[0], c->args[2] & ABI_FD_CLOEXEC);
	}
}

static void ioctl_effect(struct fd_paths *fp, const struct fd_call *c)
{
	unsigned int req = c->args[1];

	if (req == ABI_FIOCLEX || req == ABI_FIONCLEX)
		set_cloexec(fp, c->pid, (int)c->args[0], req == ABI_FIOCLEX);
}

/* What needs the call's arguments is skipped without them. */
static void apply(struct fd_paths *fp, struct fd_change *ch)
{
	const struct fd_call *c = &ch->call;
	bool cloexec = cloexec_of(ch->rule, c);
	size_t i;

	switch (ch->rule->effect) {
	case FX_DUP2:
		/* dup2(fd, fd) changes nothing. */
		if (c->has_args && c->args[0] == c->args[1])
			break;
		/* fall through */
	case FX_OPEN:
	case FX_NEW:
	case FX_DUP:
		set_fd(fp, c->pid, c->ret, ch->paths[0], cloexec, c->exit_time);
		ch->paths[0] = NULL;
		break;
	case FX_PIPE:
		if (!c->has_pair)
			break;
		set_fd(fp, c->pid, c->pair[0], ch->paths[0], cloexec, c->exit_time);
		set_fd(fp, c->pid, c->pair[1], ch->paths[1], cloexec, c->exit_time);
		ch->paths[0] = ch->paths[1] = NULL;
		break;
	case FX_FCNTL:
		if (c->has_args)
			fcntl_effect(fp, ch);
		break;
	case FX_IOCTL:
		if (c->has_args)
			ioctl_effect(fp, c);
		break;
	case FX_CLOSE:
		if (c->has_args)
			close_fd(fp, c, (int)c->args[0]);
		break;
	case FX_CLOSE_RANGE:
		if (c->has_args)
			range_effect(fp, c);
		break;
	case FX_EXEC:
		if (c->ret == 0)
			exec_closes(fp, c->pid);
		break;
	case FX_RECV:
		for (i = 0; i < ch->nr_received; i++) {
			set_fd(fp, c->pid, ch->received[i].fd, ch->received[i].path, cloexec,
			       c->exit_time);
			ch->received[i].path = NULL;
		}
		break;
	}
}

/* Does what fdpaths_prepare worked out; ch is empty after. */
void fdpaths_commit(struct fd_paths *fp, struct fd_change *ch)
{
	size_t i;

	if (ch->rule)
		apply(fp, ch);
	free(ch->paths[0]);
	free(ch->paths[1]);
	ch->paths[0] = ch->paths[1] = NULL;
	for (i = 0; i < ch->nr_received; i++)
		free(ch->received[i].path);
	free(ch->received);
	ch->received = NULL;
	ch->nr_received = 0;
	ch->rule = NULL;
}

static void table_free(struct fd_table *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		free(t->fds[i].path);
	free(t->fds);
	t->fds = NULL;
	t->nr = t->cap = 0;
}

/* child starts with a copy of parent's fds (CLONE_FILES shares: copied too). */
void fdpaths_fork(struct fd_paths *fp, int32_t parent, int32_t child)
{
	struct fd_table *from, *to;
	size_t i;

	if (parent == child)
		return;
	fdpaths_forget(fp, child);
	from = table_find(fp, parent);
	if (!from || !table_get(fp, child))
		return;
	/* Adding the child may have moved the parent's table. */
	from = table_find(fp, parent);
	to = table_find(fp, child);
	to->complete = from->complete;
	if (!from->nr)
		return;
	to->fds = malloc(from->nr * sizeof(*to->fds));
	if (!to->fds)
		return;
	to->cap = from->nr;
	for (i = 0; i < from->nr; i++) {
		struct fd_entry e = from->fds[i];

		e.path = strdup(e.path);
		if (!e.path)
			break;
		to->fds[to->nr++] = e;
	}
}

/* pid's end (or its number's reuse): its table goes. */
void fdpaths_forget(struct fd_paths *fp, int32_t pid)
{
	bool found;
	size_t i = proc_index(fp, pid, &found);

	if (!found)
		return;
	table_free(&fp->procs[i]);
	memmove(&fp->procs[i], &fp->procs[i + 1], (fp->nr - i - 1) * sizeof(*fp->procs));
	fp->nr--;
}

/* Everything forgotten; fp may be used again. */
void fdpaths_free(struct fd_paths *fp)
{
	size_t i;

	for (i = 0; i < fp->nr; i++)
		table_free(&fp->procs[i]);
	free(fp->procs);
	fp->procs = NULL;
	fp->nr = fp->cap = 0;
}
