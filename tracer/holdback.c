// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "holdback.h"
#include "target.h"

/*
 * Emptying the cgroup: its tasks are moved out, and one that is exiting
 * cannot be, but keeps it populated till it is gone. So the release
 * waits for cgroup.events to change, this long at a time, this often,
 * before it leaves the cgroup behind.
 */
#define RELEASE_WAIT_MS 100
#define RELEASE_WAITS 600
/* How many cgroups the command made below its own are removed, at most. */
#define RELEASE_CGROUPS 1024
/* What sctrace writes its guardian once it released the cgroup itself. */
#define RELEASED 'r'
/*
 * A ring a quarter full holds the command back, till every ring is below
 * a sixteenth; the rest is room for what the tasks write before the
 * freeze stops them.
 */
#define HOLD_AT_FILL(size) ((size) / 4)
#define RELEASE_BELOW_FILL(size) ((size) / 16)
/*
 * The freeze's write waits for the kernel's cgroup-wide lock, which
 * other cgroups' changes on the machine held for up to 66 ms here, and
 * the watcher moves the ring's records to memory meanwhile, where the
 * kernel would drop them. It starts at an eighth: from half full, the
 * rest filled before a slow watcher (a sanitizer's build, 4 runs of 8 of
 * load.bats' held-freeze test) came back; from an eighth, none of 8.
 */
#define SPILL_AT_FILL(size) ((size) / 8)
/*
 * What a ring's spill holds at most, in rings: 8 MiB at -m 64, over
 * 100 ms of 8 threads' getppid. Past it the kernel drops, and counts: a
 * process that left the cgroup is never held, and would fill memory.
 */
#define SPILL_MAX_RINGS 32
/*
 * How often the watcher looks: the reader looks as it reads, but a write
 * of the trace can keep it away for milliseconds (a disk under load).
 */
#define WATCH_INTERVAL_NS 200000L
/* How often a freeze looks for a process that left the cgroup: at most once a second. */
#define ESCAPE_SCAN_NS 1000000000ull

/* The mount point and root of the first cgroup2 mount, from mountinfo. */
static bool cgroup2_mount(char *point, char *root)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], type[64];
	bool found = false;
	const char *rest;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		rest = strstr(line, " - ");
		found = rest && sscanf(rest, " - %63s", type) == 1 &&
			!strcmp(type, "cgroup2") &&
			sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) == 2;
	}
	fclose(f);
	return found;
}

/* sctrace's own cgroup v2 path, the "0::" line of /proc/self/cgroup. */
static bool own_cgroup(char *path)
{
	FILE *f = fopen("/proc/self/cgroup", "re");
	char line[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "0::%4095[^\n]", path) == 1;
	fclose(f);
	return found;
}

/* The directory of sctrace's cgroup: the mount, then the path below its root. */
static int parent_dir(struct holdback *h)
{
	char point[4096], root[4096], path[4096];
	size_t skip;

	if (!cgroup2_mount(point, root) || !own_cgroup(path))
		return -ENOENT;
	skip = strcmp(root, "/") && !strncmp(path, root, strlen(root)) ? strlen(root) : 0;
	if (!strcmp(path + skip, "/"))
		skip = strlen(path);
	if ((size_t)snprintf(h->parent, sizeof(h->parent), "%s%s", point, path + skip) >=
	    sizeof(h->parent))
		return -ENAMETOOLONG;
	if ((size_t)snprintf(h->dir, sizeof(h->dir), "%s/sctrace-%d", h->parent, (int)getpid()) >=
	    sizeof(h->dir))
		return -ENAMETOOLONG;
	if ((size_t)snprintf(h->held, sizeof(h->held), "%s/sctrace-%d",
			     strcmp(path, "/") ? path : "", (int)getpid()) >= sizeof(h->held))
		return -ENAMETOOLONG;
	return 0;
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX + 32];
	ssize_t n;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

/* Moves what is left in the cgroup to sctrace's own. */
static void move_tasks_out(const char *dir, const char *parent)
{
	char path[PATH_MAX + 32], pid[32];
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(pid, sizeof(pid), f))
		write_file(parent, "cgroup.procs", pid);
	fclose(f);
}

/* The first cgroup below dir, its path in sub; false if it has none. */
static bool first_below(const char *dir, char *sub, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool found = false;

	while (d && !found && (de = readdir(d)))
		found = de->d_type == DT_DIR && de->d_name[0] != '.' &&
			(size_t)snprintf(sub, len, "%s/%s", dir, de->d_name) < len;
	if (d)
		closedir(d);
	return found;
}

/*
 * The cgroups the command made below dir, the deepest first, then dir:
 * what is left in each moved to parent, each removed. 0 once dir is
 * gone, or the -errno of the one that stays (and keeps dir).
 */
static int remove_tree(const char *dir, const char *parent)
{
	char leaf[PATH_MAX], below[PATH_MAX];
	int i;

	for (i = 0; i < RELEASE_CGROUPS; i++) {
		snprintf(leaf, sizeof(leaf), "%s", dir);
		while (first_below(leaf, below, sizeof(below)))
			memcpy(leaf, below, sizeof(leaf));
		move_tasks_out(leaf, parent);
		if (rmdir(leaf) && errno != ENOENT)
			return -errno;
		if (!strcmp(leaf, dir))
			return 0;
	}
	return -EBUSY;
}

/*
 * Until something changes in it: a read takes in what changed, or the
 * next poll would return at once, for ever.
 */
static void wait_for_change(int events_fd)
{
	struct pollfd pfd = { .fd = events_fd, .events = POLLPRI };
	char text[128];

	if (events_fd < 0) {
		nanosleep(&(struct timespec){ .tv_nsec = RELEASE_WAIT_MS * 1000000L }, NULL);
		return;
	}
	if (pread(events_fd, text, sizeof(text), 0) < 0)
		return;
	poll(&pfd, 1, RELEASE_WAIT_MS);
}

/* Thawed, emptied, removed: what sctrace and its guardian both do at the end. */
static void release(const char *dir, const char *parent)
{
	char path[PATH_MAX + 32];
	int i, events_fd;

	if (write_file(dir, "cgroup.freeze", "0") == -ENOENT)
		return;
	snprintf(path, sizeof(path), "%s/cgroup.events", dir);
	events_fd = open(path, O_RDONLY | O_CLOEXEC);
	/* Populated still: its exiting tasks leave it, which the file says. */
	for (i = 0; i < RELEASE_WAITS && remove_tree(dir, parent); i++)
		wait_for_change(events_fd);
	if (events_fd >= 0)
		close(events_fd);
}

/*
 * Waits on its pipe: EOF comes when sctrace dies however it dies, and
 * then it releases the cgroup; a byte says sctrace released it itself.
 * Out of the terminal's session and deaf to the signals that would end
 * it early.
 */
static void guardian_run(int fd, const char *dir, const char *parent)
{
	ssize_t n;
	char byte;
	int sig;

	setsid();
	prctl(PR_SET_NAME, "sctrace-guard");
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			(void)signal(sig, SIG_IGN);
	close_range(0, fd - 1, 0);
	close_range(fd + 1, ~0u, 0);
	while ((n = read(fd, &byte, 1)) < 0 && errno == EINTR)
		;
	if (n <= 0)
		release(dir, parent);
	_exit(0);
}

/*
 * sctrace's child, which it reaps at its end, not a grandchild left to
 * a PID 1 that may never reap it; but one with no exit signal, which
 * waitpid(-1) passes over (only __WCLONE or __WALL see it): sctrace
 * reaps every other child as the command's, and waits for none to be
 * left. clone with every argument 0 is a fork without SIGCHLD, whatever
 * order an architecture takes them in.
 */
static int guardian_start(struct holdback *h)
{
	int pipe_fds[2];
	long pid;

	if (pipe2(pipe_fds, O_CLOEXEC))
		return -errno;
	pid = syscall(SYS_clone, 0L, 0L, 0L, 0L, 0L);
	if (pid < 0) {
		close(pipe_fds[0]);
		close(pipe_fds[1]);
		return -errno;
	}
	if (!pid)
		guardian_run(pipe_fds[0], h->dir, h->parent);
	close(pipe_fds[0]);
	h->guard_fd = pipe_fds[1];
	h->guard_pid = (pid_t)pid;
	return 0;
}

/* Told that sctrace released the cgroup, it ends at once: reaped. */
static void guardian_stop(struct holdback *h)
{
	const char byte = RELEASED;

	if (h->guard_fd < 0)
		return;
	if (write(h->guard_fd, &byte, 1) < 0)
		diag("--lossless: cannot tell the guardian process %d to end: %s",
		     (int)h->guard_pid, strerror(errno));
	close(h->guard_fd);
	h->guard_fd = -1;
	while (waitpid(h->guard_pid, NULL, __WCLONE) < 0 && errno == EINTR)
		;
	h->guard_pid = 0;
}

void holdback_init(struct holdback *h)
{
	pthread_mutexattr_t attr;

	*h = (struct holdback){ .freeze_fd = -1, .guard_fd = -1 };
	sem_init(&h->freeze_asked, 0, 0);
	/*
	 * The reader thaws holding the lock, and a normal-policy reader can
	 * lose its cpu to the thawed command right there: the watcher waiting
	 * for the lock lends it its real-time priority meanwhile.
	 */
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&h->lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

static int open_failed(const struct holdback *h, const char *what, int err)
{
	char shown[ESCAPE_PATH_SIZE];

	diag("--lossless: cannot %s '%s': %s; it holds the command back in a cgroup v2 of its own, which needs a writable cgroup2 mount (as root); trace without --lossless",
	     what, escape_str(shown, sizeof(shown), h->dir), strerror(-err));
	return sct_exit_status(err, SCT_EXIT_NO_HOLD);
}

/*
 * The cgroup and its guardian: 0, or sctrace's exit status, said. The
 * guardian comes first: sctrace killed right after the mkdir leaves
 * nothing behind.
 */
int holdback_open(struct holdback *h)
{
	char path[PATH_MAX + 32];
	int err = parent_dir(h);

	if (err == -ENOENT) {
		diag("--lossless: no cgroup2 is mounted here (or sctrace's cgroup is not in it), and it holds the command back in a cgroup v2 of its own; mount one (mount -t cgroup2 none /sys/fs/cgroup) or trace without --lossless");
		return SCT_EXIT_NO_HOLD;
	}
	if (err)
		return open_failed(h, "name the cgroup", err);
	err = guardian_start(h);
	if (err)
		return open_failed(h, "start the process that would release", err);
	if (mkdir(h->dir, 0755)) {
		err = -errno;
		guardian_stop(h);
		return open_failed(h, "create the cgroup", err);
	}
	snprintf(path, sizeof(path), "%s/cgroup.freeze", h->dir);
	h->freeze_fd = open(path, O_WRONLY | O_CLOEXEC);
	if (h->freeze_fd < 0) {
		err = -errno;
		rmdir(h->dir);
		guardian_stop(h);
		return open_failed(h, "open cgroup.freeze (a kernel from 5.2 has it) in", err);
	}
	return 0;
}

/* Puts the forked command in the cgroup, before it execs. */
int holdback_add(struct holdback *h, pid_t pid)
{
	char text[32];
	int err;

	snprintf(text, sizeof(text), "%d", (int)pid);
	err = write_file(h->dir, "cgroup.procs", text);
	return err ? open_failed(h, "move the command into", err) : 0;
}

/* Whether pid is in the held cgroup or below it, as /proc says; one gone is. */
static bool inside(const struct holdback *h, pid_t pid)
{
	char path[64], cgroup[PATH_MAX + 8];
	size_t len = strlen(h->held);
	bool in = true;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return true;
	while (fgets(cgroup, sizeof(cgroup), f))
		if (!strncmp(cgroup, "0::", 3))
			in = !strncmp(cgroup + 3, h->held, len) && strchr("/\n", cgroup[3 + len]);
	fclose(f);
	return in;
}

/*
 * A live process of the command's (below sctrace, but its guardian) that
 * moved itself out of the cgroup is not held back: what it does while
 * sctrace is behind is lost, and its name goes with the loss. Looked
 * for at a loss, and at a freeze at most once an ESCAPE_SCAN_NS.
 */
static void find_escaped(struct holdback *h, bool at_loss)
{
	uint64_t now = clock_ns(CLOCK_MONOTONIC);
	struct id_list tree = { 0 };
	char path[64];
	size_t i;
	FILE *f;

	if (h->escaped || (!at_loss && now - h->scanned_ns < ESCAPE_SCAN_NS))
		return;
	h->scanned_ns = now;
	descendants(getpid(), &tree);
	for (i = 0; i < tree.nr && !h->escaped; i++)
		if (tree.ids[i] != h->guard_pid && task_alive(tree.ids[i]) &&
		    !inside(h, tree.ids[i]))
			h->escaped = tree.ids[i];
	id_list_free(&tree);
	if (!h->escaped)
		return;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)h->escaped);
	f = fopen(path, "re");
	if (!f || !fgets(h->escaped_comm, sizeof(h->escaped_comm), f))
		snprintf(h->escaped_comm, sizeof(h->escaped_comm), "?");
	h->escaped_comm[strcspn(h->escaped_comm, "\n")] = '\0';
	if (f)
		fclose(f);
}

/* Frozen tasks stop at their next return to user space; events in flight still come. */
void holdback_set(struct holdback *h, bool frozen)
{
	pthread_mutex_lock(&h->lock);
	if (h->freeze_fd >= 0 && h->frozen != frozen && !(frozen && h->let_go) &&
	    pwrite(h->freeze_fd, frozen ? "1" : "0", 1, 0) == 1) {
		__atomic_store_n(&h->frozen, frozen, __ATOMIC_RELEASE);
		if (frozen)
			find_escaped(h, false);
	}
	pthread_mutex_unlock(&h->lock);
}

bool holdback_held(struct holdback *h)
{
	return __atomic_load_n(&h->frozen, __ATOMIC_ACQUIRE);
}

/* Unread bytes of a ring, in it and spilled: from any thread. */
static uint64_t backlog(const struct ring *r)
{
	return ring_fill_released(r) + ring_spilled(r);
}

/*
 * A ring of size bytes holds fill unread: if that is a lot, the freezer
 * is asked to hold the command, and the caller goes on (the watcher to
 * spill the rings, the reader to read them).
 */
void holdback_check(struct holdback *h, uint64_t fill, uint64_t size)
{
	int asked = 0;

	/*
	 * Not skipped while held: a thaw may be under way, its flag not yet
	 * cleared; holdback_set waits for it under the lock and looks again.
	 */
	if (fill >= HOLD_AT_FILL(size) && !sem_getvalue(&h->freeze_asked, &asked) && !asked)
		sem_post(&h->freeze_asked);
}

/* The reader met a LOST record: whose events were they? */
void holdback_lost(struct holdback *h)
{
	pthread_mutex_lock(&h->lock);
	find_escaped(h, true);
	pthread_mutex_unlock(&h->lock);
}

/* Called by the reader once it read what it could: every ring nearly empty. */
void holdback_release_if_drained(struct holdback *h)
{
	size_t i;

	if (!holdback_held(h))
		return;
	for (i = 0; i < h->nr_rings; i++)
		if (backlog(h->rings[i]) >= RELEASE_BELOW_FILL(h->rings[i]->size))
			return;
	holdback_set(h, false);
}

/* Every ring, as far as the reader gave it back: from any thread. */
void holdback_check_rings(struct holdback *h)
{
	size_t i;

	for (i = 0; i < h->nr_rings; i++)
		holdback_check(h, backlog(h->rings[i]), h->rings[i]->size);
}

static bool stopping(struct holdback *h)
{
	return __atomic_load_n(&h->stop_watching, __ATOMIC_ACQUIRE);
}

static void spill_if_filling(struct ring *r)
{
	if (ring_fill_released(r) >= SPILL_AT_FILL(r->size) &&
	    ring_spilled(r) < SPILL_MAX_RINGS * r->size)
		ring_spill(r);
}

static void *watch(void *arg)
{
	const struct timespec interval = { .tv_nsec = WATCH_INTERVAL_NS };
	struct holdback *h = arg;
	size_t i;

	while (!stopping(h)) {
		for (i = 0; i < h->nr_rings; i++)
			spill_if_filling(h->rings[i]);
		holdback_check_rings(h);
		nanosleep(&interval, NULL);
	}
	return NULL;
}

/* Whether a ring still needs the command held when the freezer gets to it. */
static bool backlogged(const struct holdback *h)
{
	size_t i;

	for (i = 0; i < h->nr_rings; i++)
		if (backlog(h->rings[i]) >= HOLD_AT_FILL(h->rings[i]->size))
			return true;
	return false;
}

static void *freeze_when_asked(void *arg)
{
	struct holdback *h = arg;

	while (!stopping(h)) {
		if (sem_wait(&h->freeze_asked))
			continue;
		if (!stopping(h) && backlogged(h))
			holdback_set(h, true);
	}
	return NULL;
}

/*
 * The watcher's policy: the reader's if that is real-time, else the lowest
 * SCHED_FIFO priority, so that --no-realtime slows the reader only. At the
 * normal policy, on a loaded 2-core machine, it waited up to 33 ms for a
 * cpu while the command wrote megabytes into 256 KiB rings. A thread
 * starts at the normal policy (SCHED_RESET_ON_FORK) unless told.
 */
static int watchers_policy(pthread_attr_t *attr, bool realtime)
{
	struct sched_param param;
	int policy = sched_getscheduler(0);

	if (policy < 0 || sched_getparam(0, &param))
		return errno;
	policy &= ~SCHED_RESET_ON_FORK;
	if (realtime && policy != SCHED_FIFO && policy != SCHED_RR) {
		policy = SCHED_FIFO;
		param.sched_priority = sched_get_priority_min(SCHED_FIFO);
	}
	return pthread_attr_setinheritsched(attr, PTHREAD_EXPLICIT_SCHED) ?:
	       pthread_attr_setschedpolicy(attr, policy) ?:
	       pthread_attr_setschedparam(attr, &param);
}

static int start_thread(struct holdback *h, pthread_t *thread, void *(*run)(void *),
			const char *name, bool realtime)
{
	pthread_attr_t attr;
	int err = pthread_attr_init(&attr);

	if (!err) {
		err = watchers_policy(&attr, realtime) ?:
		      pthread_create(thread, &attr, run, h);
		pthread_attr_destroy(&attr);
	}
	if (!err)
		pthread_setname_np(*thread, name);
	return err;
}

static void stop_freezer(struct holdback *h)
{
	__atomic_store_n(&h->stop_watching, true, __ATOMIC_RELEASE);
	sem_post(&h->freeze_asked);
	pthread_join(h->freezer, NULL);
	__atomic_store_n(&h->stop_watching, false, __ATOMIC_RELEASE);
}

/* The freezer, then the watcher that asks it, at the same policy. */
static int start_watcher(struct holdback *h, bool realtime)
{
	int err = start_thread(h, &h->freezer, freeze_when_asked, "sctrace-freeze", realtime);

	if (err)
		return err;
	err = start_thread(h, &h->watcher, watch, "sctrace-watch", realtime);
	if (err)
		stop_freezer(h);
	return err;
}

/* The watcher thread, over the rings the reader reads: 0, or sctrace's exit status, said. */
int holdback_watch(struct holdback *h, struct ring *const *rings, size_t nr)
{
	int err;

	h->rings = rings;
	h->nr_rings = nr;
	err = start_watcher(h, true);
	/* Not allowed real-time (no CAP_SYS_NICE, no RLIMIT_RTPRIO): the reader's policy. */
	if (err == EPERM)
		err = start_watcher(h, false);
	if (err) {
		diag("--lossless: cannot start the thread that holds the command back: %s",
		     strerror(err));
		return sct_exit_status(-err, SCT_EXIT_NO_HOLD);
	}
	h->watching = true;
	return 0;
}

void holdback_unwatch(struct holdback *h)
{
	if (!h->watching)
		return;
	__atomic_store_n(&h->stop_watching, true, __ATOMIC_RELEASE);
	pthread_join(h->watcher, NULL);
	sem_post(&h->freeze_asked);
	pthread_join(h->freezer, NULL);
	h->watching = false;
}

/* Thawed for good: sctrace stops, and nothing it reads holds the command again. */
void holdback_let_go(struct holdback *h)
{
	holdback_unwatch(h);
	pthread_mutex_lock(&h->lock);
	h->let_go = true;
	pthread_mutex_unlock(&h->lock);
	holdback_set(h, false);
}

void holdback_close(struct holdback *h)
{
	holdback_unwatch(h);
	if (h->freeze_fd >= 0) {
		close(h->freeze_fd);
		h->freeze_fd = -1;
		h->frozen = false;
		release(h->dir, h->parent);
	}
	guardian_stop(h);
}
