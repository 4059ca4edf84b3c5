/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_WORKLOAD_SUPPORT_H
#define SCTRACE_WORKLOAD_SUPPORT_H

/*
 * What every generated workload shares: a deterministic start (one cpu,
 * SCHED_FIFO, no inherited fds), fixtures the table's calls use, the
 * markers the harness cuts on, and the check of the provoked result.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* getpriority(MARK_WHICH, MARK_BEGIN|MARK_END): never made otherwise. */
#define MARK_WHICH 0x5c7a
#define MARK_BEGIN 1
#define MARK_END 2

/*
 * An address no process maps (the first page never is); a fixture, so
 * the compiler does not reject the calls that pass it on purpose.
 */
#define BAD_PTR (fx.bad_ptr)

struct fixtures {
	uint32_t word;			/* a futex word, value 0 */
	struct timespec ts_1ms;
	struct timespec ts_10ms;
	struct timespec ts_20ms;
	struct timespec ts_zero;
	int idle_pipe[2];		/* nothing ever written */
	int ready_pipe[2];		/* one byte waiting */
	struct pollfd idle;		/* POLLIN on idle_pipe[0] */
	struct pollfd ready;		/* POLLIN on ready_pipe[0] */
	/*
	 * idle, over and over: the array poll is told has too many fds.
	 * Longer than what sctrace shows of it (512 bytes), so what follows
	 * it in memory (which moves with the binary's layout) is never shown.
	 */
	struct pollfd idle_many[64];
	int nonblock_fd;		/* read end of an empty O_NONBLOCK pipe */
	int dgram[2];			/* AF_UNIX datagram pair, non-blocking */
	int epfd;			/* epoll watching idle_pipe[0] */
	struct epoll_event events[1];
	int dir_fd;			/* "/" opened read-only */
	unsigned long too_many_fds;	/* RLIMIT_NOFILE + 1 */
	char buf[64];
	void *bad_ptr;			/* 0x1 */
	const char *self_dir;		/* directory of the workload binaries */
};

extern struct fixtures fx;

void workload_init(int argc, char **argv);
void mark(int which);
void workload_finish(void);
int check_result(const char *name, long ret, int err, const char *expect);

/* Helpers for calls that need fresh state at the moment of the call. */
fd_set *idle_set(void);
fd_set *ready_set(void);
struct timeval *tv_ms(long ms);

/* Scenarios of several calls, each one line of the table. */
long futex_wait_wake_threads(void);
long read_interrupted(void);
long threads_interleave(void);
long fork_child_exit(void);
long fork_exec_workload(void);
long open_as_nobody(void);
long setuid_as_nobody(void);
long recvfrom_after_send(void);
long few_calls(void);

/* Values where a decoding mistake (another field, byte order, a narrow mask) shows. */
long poll_events_differ(void);
long fstat_mode_bits(void);
long connect_inet_port(void);
long connect_inet6_port(void);
long writev_iovecs(int nr);
long nanosleep_abstime_fields(void);
long setitimer_fields(void);
long rlimit_fields(void);
long sigaction_fields(void);
long epoll_event_fields(void);

#endif
