// SPDX-License-Identifier: GPL-2.0
/*
 * The conformance workload: every row of workloads/conformance.tbl for
 * this arch, each called by number in a child of its own, between two
 * marker calls. It knows what it passed and what came back, so it writes
 * its own expected line per call to $CONF_EXPECTED (default stdout):
 *
 *   call NAME NR RET ERRNO A0 A1 A2 A3 A4 A5
 *   died NAME SIGNAL
 *
 * RET is the return value in decimal, ERRNO the errno's name or "-", the
 * arguments are the six registers as passed, in hex. A call that never
 * returns (exit) writes its line before the call. $CONF_RANGE=FIRST,COUNT
 * runs only those rows (by index).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compiler.h"
#include "conformance.h"

/* The fixtures the table's arguments use. */
static struct {
	char buf[4096];
	sigset_t sigset;		/* empty */
	struct timespec ts_zero;
	uint32_t word;			/* a futex word nobody waits on */
} cf;

#define BAD ((void *)1)
#define SELF getpid()

/* A repeating SIGALRM with a handler: a call that waits for a signal returns. */
static void on_alarm(int sig)
{
	(void)sig;
}

static void conf_setup_interrupt(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval every_10ms = { { 0, 10000 }, { 0, 10000 } };

	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &every_10ms, NULL);
}

/* Leaves the terminal of whoever runs the suite: vhangup hangs up none. */
static void conf_setup_detach(void)
{
	setsid();
}

#define CONF_WORKLOAD
#include "conformance_rows.h"

struct conf_row {
	const char *name;
	long nr;
	void (*args)(long *a);
};

#define ROW(name, nr, tp, expect, skip, args) { #name, nr, args },
static const struct conf_row rows[] = {
#include "conformance_rows.h"
};
#undef ROW

static int out_fd = STDOUT_FILENO;

static void put_line(const char *name, long nr, long ret, int err, const long *a)
{
	char line[512];
	const char *ename = ret == -1 ? strerrorname_np(err) : NULL;
	int len;

	len = snprintf(line, sizeof(line), "call %s %ld %ld %s %#lx %#lx %#lx %#lx %#lx %#lx\n",
		       name, nr, ret, ename ? ename : "-",
		       a[0], a[1], a[2], a[3], a[4], a[5]);
	if (write(out_fd, line, len) != len)
		_exit(CONF_EXIT_IO);
}

static bool never_returns(long nr)
{
	return nr == SYS_exit || nr == SYS_exit_group;
}

static bool makes_a_process(long nr)
{
#ifdef SYS_fork
	if (nr == SYS_fork)
		return true;
#endif
	return nr == SYS_clone || nr == SYS_clone3;
}

static void child(size_t i)
{
	const struct conf_row *row = &rows[i];
	long a[6] = { 0 }, ret;
	int err;

	/* Nothing in the table blocks; if a kernel makes one, it dies here. */
	alarm(CONF_CALL_SECONDS);
	row->args(a);
	if (never_returns(row->nr))
		put_line(row->name, row->nr, 0, 0, a);
	conf_mark(i, true);
	errno = 0;
	ret = syscall(row->nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	err = errno;
	if (ret == 0 && makes_a_process(row->nr))
		_exit(0);
	conf_mark(i, false);
	put_line(row->name, row->nr, ret, err, a);
	_exit(0);
}

int main(void)
{
	const char *path = getenv("CONF_EXPECTED"), *range = getenv("CONF_RANGE");
	size_t i, first = 0, end = ARRAY_SIZE(rows);
	unsigned long a, n;

	if (path && *path) {
		out_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
		if (out_fd < 0) {
			perror(path);
			return CONF_EXIT_IO;
		}
	}
	if (range && sscanf(range, "%lu,%lu", &a, &n) == 2 && a < end) {
		first = a;
		end = n < end - a ? a + n : end;
	}
	sigemptyset(&cf.sigset);
	for (i = first; i < end; i++) {
		char line[256];
		int status, len;
		pid_t pid;

		if (!rows[i].args)
			continue;
		pid = fork();
		if (pid < 0)
			return CONF_EXIT_IO;
		if (pid == 0)
			child(i);
		if (waitpid(pid, &status, 0) != pid)
			return CONF_EXIT_IO;
		if (WIFEXITED(status) && (WEXITSTATUS(status) == 0 || never_returns(rows[i].nr)))
			continue;
		len = snprintf(line, sizeof(line), "died %s %d\n", rows[i].name,
			       WIFSIGNALED(status) ? WTERMSIG(status) : -WEXITSTATUS(status));
		if (write(out_fd, line, len) != len)
			return CONF_EXIT_IO;
	}
	return 0;
}
