// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's workloads, one static program: each makes an exact,
 * known number of one kind of call, so a tracer's output can be counted.
 *   getppid N     N getppid
 *   read1 N       N one-byte reads from /dev/zero
 *   openat1 N     N openat of an existing file (/etc/passwd), each closed
 *   pollfutex N   N poll (timeout 0) + N futex wakes with no waiter
 *   threads2 N    2 threads, N getppid in all
 *   threads4 N    4 threads, N getppid in all
 *   threads8 N    8 threads, N getppid in all
 *   threads32 N   32 threads, N getppid in all
 *   threads64 N   64 threads, N getppid in all
 *   errors32 N    32 threads, N failing calls in all: each thread's
 *                 alternate getpriority(99, 0) (EINVAL, first) and close(-1) (EBADF)
 *   forkexec N    N children, each execs "noop" (N + 1 exit_group)
 *   forkstorm N   N children that exit at once, none waited for until all ran
 *   execchain N   execs itself N times in a row, then exits
 *   migrate N     N getppid on the first cpu, then N on the last one
 *   churn N       for N seconds: 8 short threads started and joined, then a
 *                 child forked and waited for, over and over (new tids)
 *   noop          nothing
 *   stamp         prints the CLOCK_REALTIME time it starts at, in seconds
 *                 (what start-up is measured to)
 *   nr NAME       prints NAME's syscall number (for counting raw records)
 * With BENCH_LOOP_TIME set in the environment, a mode prints how long its
 * own work took to stderr ("bench-workload: MODE took S s"): the cost a
 * tracer adds to the calls themselves, without its start-up and teardown.
 * With BENCH_GATE=FIFO, a mode first waits for a line on that fifo: a test
 * can stop its tracer before the work starts, however slow the machine.
 */
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler.h"

/* The most threads a mode starts. */
#define MAX_THREADS 64

static long count;
static const char *self;

static void *getppid_loop(void *arg)
{
	long i, n = (long)arg;

	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return NULL;
}

static int run_getppid(void)
{
	getppid_loop((void *)count);
	return 0;
}

static int run_read1(void)
{
	char c;
	long i;
	int fd = open("/dev/zero", O_RDONLY);

	if (fd < 0)
		return 1;
	for (i = 0; i < count; i++)
		if (read(fd, &c, 1) != 1)
			return 1;
	return 0;
}

/* A path every Debian system has: its contents are what a tracer reads. */
#define OPENAT1_PATH "/etc/passwd"

static int run_openat1(void)
{
	long i;

	for (i = 0; i < count; i++) {
		int fd = openat(AT_FDCWD, OPENAT1_PATH, O_RDONLY);

		if (fd < 0 || close(fd))
			return 1;
	}
	return 0;
}

static int run_pollfutex(void)
{
	static unsigned int word;
	long i;

	for (i = 0; i < count; i++) {
		poll(NULL, 0, 0);
		syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	}
	return 0;
}

static void *failing_loop(void *arg)
{
	long i, n = (long)arg;

	for (i = 0; i < n; i++) {
		if (i % 2)
			syscall(SYS_close, -1);
		else
			syscall(SYS_getpriority, 99, 0);
	}
	return NULL;
}

/* nr threads, count calls of loop in all, split as evenly as possible. */
static int run_threads_of(long nr, void *(*loop)(void *))
{
	pthread_t threads[MAX_THREADS];
	long i;

	for (i = 0; i < nr; i++)
		if (pthread_create(&threads[i], NULL, loop,
				   (void *)(count / nr + (i < count % nr))))
			return 1;
	for (i = 0; i < nr; i++)
		pthread_join(threads[i], NULL);
	return 0;
}

static int run_threads2(void)
{
	return run_threads_of(2, getppid_loop);
}

static int run_threads4(void)
{
	return run_threads_of(4, getppid_loop);
}

static int run_threads8(void)
{
	return run_threads_of(8, getppid_loop);
}

static int run_threads32(void)
{
	return run_threads_of(32, getppid_loop);
}

static int run_threads64(void)
{
	return run_threads_of(64, getppid_loop);
}

static int run_errors32(void)
{
	return run_threads_of(32, failing_loop);
}

static int run_forkstorm(void)
{
	long i;

	for (i = 0; i < count; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		if (pid < 0)
			return 1;
	}
	for (i = 0; i < count; i++)
		if (wait(NULL) < 0)
			return 1;
	return 0;
}

/* Runs on one cpu, then for good on another: its first ring is left behind. */
static int run_migrate(void)
{
	long last = sysconf(_SC_NPROCESSORS_ONLN) - 1;
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		return 1;
	getppid_loop((void *)count);
	CPU_ZERO(&one);
	CPU_SET(last, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		return 1;
	getppid_loop((void *)count);
	return 0;
}

static int run_execchain(void)
{
	char left[24];
	char *argv[] = { (char *)self, "execchain", left, NULL };

	if (count <= 1)
		return 0;
	snprintf(left, sizeof(left), "%ld", count - 1);
	execv(self, argv);
	return 1;
}

static int run_forkexec(void)
{
	char *argv[] = { (char *)self, "noop", NULL };
	long i;

	for (i = 0; i < count; i++) {
		int status;
		pid_t pid = fork();

		if (pid == 0) {
			execv(self, argv);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid || status)
			return 1;
	}
	return 0;
}

static void *few_calls(void *arg)
{
	syscall(SYS_getppid);
	syscall(SYS_getpid);
	return arg;
}

/* One round of churn: threads that live a moment, then a child process. */
static int churn_round(void)
{
	pthread_t threads[8];
	int i, status;
	pid_t pid;

	for (i = 0; i < 8; i++)
		if (pthread_create(&threads[i], NULL, few_calls, NULL))
			return 1;
	for (i = 0; i < 8; i++)
		pthread_join(threads[i], NULL);
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 1;
	return 0;
}

/* count seconds of new threads and processes, for the tracer's memory. */
static int run_churn(void)
{
	time_t end = time(NULL) + count;

	while (time(NULL) < end)
		if (churn_round())
			return 1;
	return 0;
}

struct syscall_nr {
	const char *name;
	long nr;
};

/* Sorted by name. */
static const struct syscall_nr numbers[] = {
	{ "exit_group",	SYS_exit_group },
	{ "futex",	SYS_futex },
	{ "getppid",	SYS_getppid },
	{ "openat",	SYS_openat },
#ifdef SYS_poll
	{ "poll",	SYS_poll },
#endif
	{ "ppoll",	SYS_ppoll },
	{ "read",	SYS_read },
};

static int nr_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct syscall_nr *)elem)->name);
}

static int print_nr(const char *name)
{
	const struct syscall_nr *found = bsearch(name, numbers,
		ARRAY_SIZE(numbers), sizeof(numbers[0]), nr_cmp);

	if (!found)
		return 1;
	printf("%ld\n", found->nr);
	return 0;
}

static int print_stamp(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	printf("%lld.%09ld\n", (long long)now.tv_sec, now.tv_nsec);
	return 0;
}

struct mode {
	const char *name;
	int (*run)(void);
};

/* Sorted by name. */
static const struct mode modes[] = {
	{ "churn",	run_churn },
	{ "errors32",	run_errors32 },
	{ "execchain",	run_execchain },
	{ "forkexec",	run_forkexec },
	{ "forkstorm",	run_forkstorm },
	{ "getppid",	run_getppid },
	{ "migrate",	run_migrate },
	{ "openat1",	run_openat1 },
	{ "pollfutex",	run_pollfutex },
	{ "read1",	run_read1 },
	{ "threads2",	run_threads2 },
	{ "threads32",	run_threads32 },
	{ "threads4",	run_threads4 },
	{ "threads64",	run_threads64 },
	{ "threads8",	run_threads8 },
};

static int mode_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct mode *)elem)->name);
}

/* BENCH_GATE: one read of the fifo, which returns once a writer is done. */
static int wait_gate(const char *fifo)
{
	char line[64];
	int fd;

	if (!fifo)
		return 0;
	fd = open(fifo, O_RDONLY);
	if (fd < 0 || read(fd, line, sizeof(line)) < 0) {
		perror(fifo);
		return -1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	const struct mode *mode;
	struct timespec start, end;
	int ret;

	self = argv[0];
	if (argc == 2 && !strcmp(argv[1], "noop"))
		return 0;
	if (argc == 2 && !strcmp(argv[1], "stamp"))
		return print_stamp();
	if (argc == 3 && !strcmp(argv[1], "nr"))
		return print_nr(argv[2]);
	if (argc != 3)
		goto out_usage;
	mode = bsearch(argv[1], modes, ARRAY_SIZE(modes),
		       sizeof(modes[0]), mode_cmp);
	count = atol(argv[2]);
	if (!mode || count <= 0)
		goto out_usage;
	if (wait_gate(getenv("BENCH_GATE")))
		return 1;
	if (!getenv("BENCH_LOOP_TIME"))
		return mode->run();
	clock_gettime(CLOCK_MONOTONIC, &start);
	ret = mode->run();
	clock_gettime(CLOCK_MONOTONIC, &end);
	fprintf(stderr, "bench-workload: %s took %.6f s\n", mode->name,
		(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
	return ret;

out_usage:
	fprintf(stderr, "usage: bench-workload MODE N | noop | stamp | nr NAME (modes: see the top of bench/workloads.c)\n");
	return 64;
}
