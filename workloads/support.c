// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <netinet/in.h>

#include "support.h"

/* Exit status a kselftest runner reads as "skipped". */
#define KSFT_SKIP 4
#define NOBODY 65534
/*
 * A fixed thread stack, so the mmap length does not depend on ulimit -s;
 * at least PTHREAD_STACK_MIN everywhere (arm64's is 128 KiB).
 */
#define THREAD_STACK (256 * 1024)
#define SECRET_FILE "/tmp/sctrace-workload-secret"

struct fixtures fx;

/*
 * One cpu and SCHED_FIFO: a woken thread runs only when the running one
 * blocks, so the order of calls across threads is the program's, not
 * the scheduler's, and golden files can hold it.
 */
static void run_in_order(void)
{
	struct sched_param param = { .sched_priority = 1 };
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one) ||
	    sched_setscheduler(0, SCHED_FIFO, &param)) {
		fprintf(stderr, "workload: SKIP needs one cpu and SCHED_FIFO (root) for a fixed order: %s\n",
			strerror(errno));
		exit(KSFT_SKIP);
	}
}

static void must(int ok, const char *what)
{
	if (ok)
		return;
	fprintf(stderr, "workload: setting up %s failed: %s\n", what, strerror(errno));
	exit(1);
}

static void make_fixtures(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct rlimit nofile;
	int nonblock[2];
	size_t i;

	must(!pipe(fx.idle_pipe), "idle pipe");
	must(!pipe(fx.ready_pipe), "ready pipe");
	must(write(fx.ready_pipe[1], "x", 1) == 1, "ready pipe byte");
	must(!pipe2(nonblock, O_NONBLOCK), "non-blocking pipe");
	fx.nonblock_fd = nonblock[0];
	must(!socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, fx.dgram), "socketpair");
	fx.epfd = epoll_create1(0);
	must(fx.epfd >= 0, "epoll");
	ev.data.fd = fx.idle_pipe[0];
	must(!epoll_ctl(fx.epfd, EPOLL_CTL_ADD, fx.idle_pipe[0], &ev), "epoll_ctl");
	fx.dir_fd = open("/", O_RDONLY | O_DIRECTORY);
	must(fx.dir_fd >= 0, "directory fd");
	/* A fixed limit, so "one fd too many" is the same number everywhere. */
	must(!getrlimit(RLIMIT_NOFILE, &nofile), "getrlimit");
	nofile.rlim_cur = nofile.rlim_max < 1024 ? nofile.rlim_max : 1024;
	must(!setrlimit(RLIMIT_NOFILE, &nofile), "setrlimit");
	fx.too_many_fds = nofile.rlim_cur + 1;
	fx.idle = (struct pollfd){ .fd = fx.idle_pipe[0], .events = POLLIN };
	fx.ready = (struct pollfd){ .fd = fx.ready_pipe[0], .events = POLLIN };
	for (i = 0; i < sizeof(fx.idle_many) / sizeof(fx.idle_many[0]); i++)
		fx.idle_many[i] = fx.idle;
	fx.ts_1ms = (struct timespec){ 0, 1000000 };
	fx.ts_10ms = (struct timespec){ 0, 10000000 };
	fx.ts_20ms = (struct timespec){ 0, 20000000 };
	fx.bad_ptr = (void *)0x1;
}

void workload_init(int argc, char **argv)
{
	static char self[PATH_MAX];

	(void)argc;
	/* Same fd numbers whatever the caller left open. */
	close_range(3, ~0u, 0);
	snprintf(self, sizeof(self), "%s", argv[0]);
	fx.self_dir = dirname(self);
	run_in_order();
	make_fixtures();
}

void mark(int which)
{
	syscall(SYS_getpriority, MARK_WHICH, which);
}

/* expect: a number, or -ENAME for "-1 with errno ENAME". */
int check_result(const char *name, long ret, int err, const char *expect)
{
	const char *ename = strerrorname_np(err);
	int ok;

	if (expect[0] == '-' && expect[1] == 'E')
		ok = ret == -1 && ename && !strcmp(ename, expect + 1);
	else
		ok = ret == strtol(expect, NULL, 10);
	if (ok)
		return 0;
	fprintf(stderr, "workload %s: expected %s, got %ld (errno %s)\n",
		name, expect, ret, ret == -1 && ename ? ename : "-");
	return 1;
}

fd_set *idle_set(void)
{
	static fd_set set;

	FD_ZERO(&set);
	FD_SET(fx.idle_pipe[0], &set);
	return &set;
}

fd_set *ready_set(void)
{
	static fd_set set;

	FD_ZERO(&set);
	FD_SET(fx.ready_pipe[0], &set);
	return &set;
}

struct timeval *tv_ms(long ms)
{
	static struct timeval tv;

	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	return &tv;
}

/*
 * Threads a scenario started, each with what lets it end (or NULL);
 * released and joined after the end marker.
 */
static struct {
	pthread_t id;
	void (*release)(void);
} threads[4];
static int nr_threads;

static void start_thread(void *(*fn)(void *), void (*release)(void))
{
	pthread_attr_t attr;

	must(nr_threads < 4, "thread slot");
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	threads[nr_threads].release = release;
	must(!pthread_create(&threads[nr_threads++].id, &attr, fn, NULL), "thread");
	pthread_attr_destroy(&attr);
}

/*
 * Whether pthread_join has to wait depends on timing (it does under
 * strace's ptrace stops), so it happens outside the traced region.
 */
void workload_finish(void)
{
	while (nr_threads) {
		nr_threads--;
		if (threads[nr_threads].release)
			threads[nr_threads].release();
		pthread_join(threads[nr_threads].id, NULL);
	}
}

static uint32_t wake_word;

static void *futex_waiter(void *arg)
{
	(void)arg;
	syscall(SYS_futex, &wake_word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
	return NULL;
}

/*
 * The waiter runs and blocks while main sleeps (long enough even under
 * strace's ptrace stops); main's wake then finds it waiting.
 */
long futex_wait_wake_threads(void)
{
	start_thread(futex_waiter, NULL);
	nanosleep(&fx.ts_20ms, NULL);
	return syscall(SYS_futex, &wake_word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* No SA_RESTART: the blocked read fails with EINTR. */
long read_interrupted(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval timer = { .it_value = { 0, 20000 } };

	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &timer, NULL);
	return read(fx.idle_pipe[0], fx.buf, 1);
}

/*
 * The answer is one byte more than the pong pipe holds (a size set
 * explicitly: the default is 16 pages, and pages differ in size).
 */
#define PONG_PIPE_SIZE 65536
static int ping[2], pong[2];
static char answer[PONG_PIPE_SIZE + 1];
static char drained[PONG_PIPE_SIZE];

/*
 * SCHED_FIFO orders only threads that do not sleep: when this one went
 * on after waking main (madvise, exit), a sleep there (the mmap lock, a
 * page fault) let main's read resume among its calls. So its write wakes
 * main and then waits in the kernel for room, within one call, until
 * main drains the pipe after the end marker; and it ends with the exit
 * call alone, not glibc's return path, whose calls main's own after the
 * marker could cut into unfinished and resumed halves.
 */
static void *ponger(void *arg)
{
	char c;

	(void)arg;
	if (read(ping[0], &c, 1) == 1)
		write(pong[1], answer, sizeof(answer));
	syscall(SYS_exit, 0);
	return NULL;
}

/* Room for the rest of the answer, which ends ponger's write. */
static void drain_pong(void)
{
	size_t left = sizeof(answer) - 1;
	ssize_t n = 1;

	while (left && n > 0) {
		n = read(pong[0], drained, left < sizeof(drained) ? left : sizeof(drained));
		left -= n > 0 ? n : 0;
	}
}

/* main blocks in read while the other thread answers: unfinished/resumed. */
long threads_interleave(void)
{
	char c = 0;
	long got;

	must(!pipe(ping) && !pipe(pong), "ping-pong pipes");
	must(fcntl(pong[1], F_SETPIPE_SZ, PONG_PIPE_SIZE) == PONG_PIPE_SIZE, "pong pipe size");
	memset(answer, 'p', sizeof(answer));
	start_thread(ponger, drain_pong);
	write(ping[1], "p", 1);
	got = read(pong[0], &c, 1);
	return got == 1 && c == 'p' ? 1 : -1;
}

/* The child's exit status, or -1. */
static long wait_child(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

long fork_child_exit(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(7);
	return wait_child(pid);
}

long fork_exec_workload(void)
{
	static char path[PATH_MAX];
	/*
	 * On the stack, as a program's argv usually is, and written by the
	 * child: its own copy of the page, which the enter reads on every
	 * kernel (arm64's and s390x's fail on a parent's page the child has
	 * not touched). A literal's page the child never touched is readable
	 * only from sched_prepare_exec (6.10 on); contents.bats tests that.
	 */
	char name[] = "exec_target";
	char *argv[] = { name, NULL };
	char *envp[] = { NULL };
	pid_t pid;

	snprintf(path, sizeof(path), "%s/exec_target", fx.self_dir);
	pid = fork();
	if (pid == 0) {
		*(volatile char *)name = 'e';
		execve(path, argv, envp);
		_exit(127);
	}
	return wait_child(pid);
}

/* A child that drops to nobody reports the errno of what it tried. */
static long as_nobody(int (*attempt)(void))
{
	pid_t pid = fork();
	long code;

	if (pid == 0) {
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		_exit(attempt());
	}
	code = wait_child(pid);
	if (code <= 0 || code == 255)
		return code;
	errno = code;
	return -1;
}

static int open_secret(void)
{
	return open(SECRET_FILE, O_RDONLY) < 0 ? errno : 0;
}

long open_as_nobody(void)
{
	long ret;
	int fd = open(SECRET_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	must(fd >= 0, "root-only file");
	close(fd);
	ret = as_nobody(open_secret);
	unlink(SECRET_FILE);
	return ret;
}

static int become_root(void)
{
	return syscall(SYS_setuid, 0) ? errno : 0;
}

long setuid_as_nobody(void)
{
	return as_nobody(become_root);
}

long recvfrom_after_send(void)
{
	send(fx.dgram[1], "d", 1, 0);
	return recvfrom(fx.dgram[0], fx.buf, sizeof(fx.buf), 0, NULL, NULL);
}

/*
 * Calls whose numbers differ between the i386 and x86_64 tables, by
 * number so libc picks no other: what a 32-bit build must show by name.
 * sched_yield, not getppid: a golden file holds no pid.
 */
long few_calls(void)
{
	syscall(SYS_sched_yield);
	syscall(SYS_sched_yield);
	syscall(SYS_brk, 0);
	syscall(SYS_openat, AT_FDCWD, "/nonexistent/sctrace", O_RDONLY);
	return syscall(SYS_write, fx.dgram[1], "written", 7);
}

/* revents (POLLOUT) is not events (POLLIN|POLLOUT), fds are not the count. */
long poll_events_differ(void)
{
	struct pollfd fds[2] = {
		{ .fd = fx.idle_pipe[0], .events = POLLIN | POLLPRI },
		{ .fd = fx.idle_pipe[1], .events = POLLIN | POLLOUT },
	};

	return poll(fds, 2, 0);
}

/*
 * Every mode bit above the permissions set, and a size that is no power
 * of two: a mask too narrow or a neighbouring field reads differently.
 */
long fstat_mode_bits(void)
{
	struct stat st;
	int fd = memfd_create("sctrace-mode", 0);

	ftruncate(fd, 4660);
	fchmod(fd, S_ISUID | S_ISGID | S_ISVTX | 0751);
	return fstatat(fd, "", &st, AT_EMPTY_PATH);
}

/*
 * An AF_INET address on a unix socket: refused (EINVAL) before any
 * network is needed, so the same in a guest without one. Port 0x1234 and
 * 10.1.2.3 read differently in the other byte order.
 */
long connect_inet_port(void)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(0x1234),
		.sin_addr.s_addr = htonl(0x0a010203),
	};

	return connect(fx.dgram[0], (struct sockaddr *)&sin, sizeof(sin));
}

long connect_inet6_port(void)
{
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6,
		.sin6_port = htons(0x1234),
		.sin6_addr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [12] = 0x12, 0x34, 0x56, 0x78 },
	};

	return connect(fx.dgram[0], (struct sockaddr *)&sin6, sizeof(sin6));
}

/*
 * writev of nr iovecs, the i-th i + 1 bytes of its own letter: around the
 * 8 that sctrace shows, each a length no power of two can pass for.
 */
long writev_iovecs(int nr)
{
	static char data[10][10];
	struct iovec iov[10];
	int i;

	for (i = 0; i < nr && i < 10; i++) {
		memset(data[i], 'a' + i, (size_t)i + 1);
		iov[i] = (struct iovec){ .iov_base = data[i], .iov_len = (size_t)i + 1 };
	}
	return writev(fx.idle_pipe[1], iov, nr);
}

/*
 * A deadline long past, 1.234567891 s after boot: returns at once. Both
 * fields non-zero and unlike each other, so a swap, or half of a 64-bit
 * field read (the other half on a big-endian machine), shows.
 */
long nanosleep_abstime_fields(void)
{
	static const struct timespec past = { .tv_sec = 1, .tv_nsec = 234567891 };

	return clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &past, NULL);
}

/*
 * A virtual timer far beyond the workload's CPU time, then disarmed:
 * interval and value, seconds and microseconds all apart.
 */
long setitimer_fields(void)
{
	const struct itimerval set = {
		.it_interval = { .tv_sec = 3, .tv_usec = 4567 },
		.it_value = { .tv_sec = 100, .tv_usec = 8910 },
	}, off = { 0 };

	if (setitimer(ITIMER_VIRTUAL, &set, NULL))
		return -1;
	return setitimer(ITIMER_VIRTUAL, &off, NULL);
}

/* A soft and a hard limit apart, set, then read back. */
long rlimit_fields(void)
{
	const struct rlimit set = { .rlim_cur = 0x1234, .rlim_max = 0x5678 };
	struct rlimit got;

	if (setrlimit(RLIMIT_CORE, &set))
		return -1;
	return getrlimit(RLIMIT_CORE, &got);
}

static void on_usr2(int sig)
{
	(void)sig;
}

/*
 * A handler installed twice, the second time reading the first back: a
 * mask with signals in both halves of the 64-bit word (10, 15 and 40),
 * flags beside the ones libc adds.
 */
long sigaction_fields(void)
{
	struct sigaction act = { .sa_handler = on_usr2, .sa_flags = SA_RESTART | SA_NODEFER };
	struct sigaction old;

	sigemptyset(&act.sa_mask);
	sigaddset(&act.sa_mask, SIGUSR1);
	sigaddset(&act.sa_mask, SIGTERM);
	sigaddset(&act.sa_mask, 40);
	if (sigaction(SIGUSR2, &act, NULL))
		return -1;
	return sigaction(SIGUSR2, &act, &old);
}

/*
 * An epoll_event whose events differ from what comes back (the write end
 * is ready for POLLOUT only) and whose data is no address: the struct is
 * packed on x86_64 only, so a layout taken from the wrong machine shows.
 */
long epoll_event_fields(void)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT | EPOLLET, .data.u64 = 0x1234 };
	struct epoll_event out[2];

	if (epoll_ctl(fx.epfd, EPOLL_CTL_ADD, fx.idle_pipe[1], &ev))
		return -1;
	return epoll_wait(fx.epfd, out, 2, 0);
}
