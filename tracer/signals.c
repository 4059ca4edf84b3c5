// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "compiler.h"
#include "diag.h"
#include "exit_codes.h"
#include "signals.h"

/*
 * How often a write that blocks is woken to look for an ending signal:
 * sctrace must end about a second after one, whoever reads its output.
 */
#define TICK_NS 100000000L
/* The tick's signal: ignored by default, so none from outside matters. */
#define TICK_SIGNAL SIGURG
/* glibc before 2.41 has the field, not its name. */
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

/*
 * Every signal whose default would end sctrace while the command runs on,
 * untraced, comes through the signalfd instead. SIGPIPE and SIGXFSZ then
 * become write errors, which end the output, not the tracing. The
 * faults (SIGSEGV...) stay as they are. The command gets the old mask.
 */
static const int ending_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM,
	SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
};

/* The stops a terminal (or kill) sends, which a process may catch. */
static const int suspend_signals[] = { SIGTSTP, SIGTTIN, SIGTTOU };

/*
 * One the caller ignores stays ignored (nohup's SIGHUP), but SIGINT and
 * SIGTERM, which stop a trace as they stop perf, even in a background job.
 */
static void add_unless_ignored(sigset_t *mask, int sig)
{
	struct sigaction sa;

	if (sig == SIGINT || sig == SIGTERM || sigaction(sig, NULL, &sa) ||
	    sa.sa_handler != SIG_IGN)
		sigaddset(mask, sig);
}

static void ending_mask(sigset_t *mask)
{
	size_t i;
	int sig;

	sigemptyset(mask);
	for (i = 0; i < ARRAY_SIZE(ending_signals); i++)
		add_unless_ignored(mask, ending_signals[i]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		add_unless_ignored(mask, sig);
}

static void suspend_mask(sigset_t *mask)
{
	size_t i;

	sigemptyset(mask);
	for (i = 0; i < ARRAY_SIZE(suspend_signals); i++)
		add_unless_ignored(mask, suspend_signals[i]);
}

/* It only has to be there: a signal caught, not restarted, ends a blocked write. */
static void on_tick(int sig)
{
	(void)sig;
}

/* A timer that sends this thread, and no other, the tick's signal. */
static int make_tick(struct sct_signals *sg)
{
	struct sigaction sa = { .sa_handler = on_tick };
	struct sigevent sev = {
		.sigev_notify = SIGEV_THREAD_ID, .sigev_signo = TICK_SIGNAL,
	};
	sigset_t tick;

	sev.sigev_notify_thread_id = gettid();
	sigemptyset(&tick);
	sigaddset(&tick, TICK_SIGNAL);
	if (sigaction(TICK_SIGNAL, &sa, NULL) || timer_create(CLOCK_MONOTONIC, &sev, &sg->tick))
		return -errno;
	sg->has_tick = true;
	pthread_sigmask(SIG_UNBLOCK, &tick, NULL);
	return 0;
}

static int open_fds(struct sct_signals *sg, const sigset_t *ending, bool suspend)
{
	sigset_t mask = *ending, stops;

	sigdelset(&mask, SIGPIPE);
	sigdelset(&mask, SIGXFSZ);
	sg->stop_fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sg->stop_fd < 0)
		return -errno;
	if (suspend) {
		suspend_mask(&stops);
		sg->suspend_fd = signalfd(-1, &stops, SFD_NONBLOCK | SFD_CLOEXEC);
		if (sg->suspend_fd < 0)
			return -errno;
	}
	mask = *ending;
	sigaddset(&mask, SIGCHLD);
	sg->fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	return sg->fd < 0 ? -errno : 0;
}

/*
 * Blocks them and opens the signalfds they come through; suspend: the
 * terminal's stops too (--lossless). 0, or sctrace's exit status.
 */
int signals_take(struct sct_signals *sg, bool suspend)
{
	sigset_t ending, blocked, stops;
	int err;

	ending_mask(&ending);
	blocked = ending;
	sigaddset(&blocked, SIGCHLD);
	if (suspend) {
		suspend_mask(&stops);
		sigorset(&blocked, &blocked, &stops);
	}
	sigprocmask(SIG_BLOCK, &blocked, &sg->old_mask);
	err = open_fds(sg, &ending, suspend) ?: make_tick(sg);
	if (err) {
		diag("cannot take the signals that end sctrace: %s", strerror(-err));
		return sct_exit_status(err, SCT_EXIT_PERF);
	}
	return 0;
}

void signals_close(struct sct_signals *sg)
{
	if (sg->has_tick)
		timer_delete(sg->tick);
	sg->has_tick = false;
	if (sg->fd >= 0)
		close(sg->fd);
	if (sg->stop_fd >= 0)
		close(sg->stop_fd);
	if (sg->suspend_fd >= 0)
		close(sg->suspend_fd);
	sg->fd = sg->stop_fd = sg->suspend_fd = -1;
}

/* Whether an ending signal waits to be read; it stays there. */
bool signals_stop_pending(const struct sct_signals *sg)
{
	struct pollfd pfd = { .fd = sg->stop_fd, .events = POLLIN };

	return sg->stop_fd >= 0 && poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN);
}

/* A stop of the terminal's that came (read, so taken), or 0. */
int signals_read_suspend(const struct sct_signals *sg)
{
	struct signalfd_siginfo si;
	int sig = 0;

	while (sg->suspend_fd >= 0 && read(sg->suspend_fd, &si, sizeof(si)) == sizeof(si))
		sig = si.ssi_signo;
	return sig;
}

/*
 * Stops sctrace as sig, uncaught, would have: the shell sees the same
 * stop. Returns once continued, or at once where the kernel drops the
 * stop (an orphaned process group).
 */
void signals_stop_self(int sig)
{
	sigset_t one;

	sigemptyset(&one);
	sigaddset(&one, sig);
	(void)raise(sig);
	pthread_sigmask(SIG_UNBLOCK, &one, NULL);
	pthread_sigmask(SIG_BLOCK, &one, NULL);
}

/* While on, a write that blocks returns every TICK_NS (EINTR, or short). */
void signals_tick(struct sct_signals *sg, bool on)
{
	const struct itimerspec every = {
		.it_value = { .tv_nsec = TICK_NS }, .it_interval = { .tv_nsec = TICK_NS },
	};
	const struct itimerspec never = { 0 };

	if (sg->has_tick)
		timer_settime(sg->tick, 0, on ? &every : &never, NULL);
}
