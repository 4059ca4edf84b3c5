// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's workloads, one static program: each makes an exact,
 * known number of one kind of call, so a tracer's output can be counted.
 *   getppid N     N getppid
 *   read1 N       N one-byte reads from /dev/zero
 *   pollfutex N   N poll (timeout 0) + N futex wakes with no waiter
 *   threads4 N    4 threads, N getppid in all
 *   forkexec N    N children, each execs "noop" (N + 1 exit_group)
 *   noop          nothing
 *   nr NAME       prints NAME's syscall number (for counting raw records)
 */
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 4

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

static int run_threads4(void)
{
	pthread_t threads[THREADS];
	long i;

	for (i = 0; i < THREADS; i++)
		if (pthread_create(&threads[i], NULL, getppid_loop,
				   (void *)(count / THREADS + (i < count % THREADS))))
			return 1;
	for (i = 0; i < THREADS; i++)
		pthread_join(threads[i], NULL);
	return 0;
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

struct syscall_nr {
	const char *name;
	long nr;
};

/* Sorted by name. */
static const struct syscall_nr numbers[] = {
	{ "exit_group",	SYS_exit_group },
	{ "futex",	SYS_futex },
	{ "getppid",	SYS_getppid },
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
		sizeof(numbers) / sizeof(numbers[0]), sizeof(numbers[0]), nr_cmp);

	if (!found)
		return 1;
	printf("%ld\n", found->nr);
	return 0;
}

struct mode {
	const char *name;
	int (*run)(void);
};

/* Sorted by name. */
static const struct mode modes[] = {
	{ "forkexec",	run_forkexec },
	{ "getppid",	run_getppid },
	{ "pollfutex",	run_pollfutex },
	{ "read1",	run_read1 },
	{ "threads4",	run_threads4 },
};

static int mode_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct mode *)elem)->name);
}

int main(int argc, char **argv)
{
	const struct mode *mode;

	self = argv[0];
	if (argc == 2 && !strcmp(argv[1], "noop"))
		return 0;
	if (argc == 3 && !strcmp(argv[1], "nr"))
		return print_nr(argv[2]);
	if (argc != 3)
		goto out_usage;
	mode = bsearch(argv[1], modes, sizeof(modes) / sizeof(modes[0]),
		       sizeof(modes[0]), mode_cmp);
	count = atol(argv[2]);
	if (!mode || count <= 0)
		goto out_usage;
	return mode->run();

out_usage:
	fprintf(stderr, "usage: bench-workload getppid|read1|pollfutex|threads4|forkexec N | noop | nr NAME\n");
	return 64;
}
