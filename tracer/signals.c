// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <sys/signalfd.h>

#include "compiler.h"
#include "diag.h"
#include "exit_codes.h"
#include "signals.h"

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

/*
 * Blocks them and opens the signalfd they come through (SIGCHLD too);
 * the old mask is the command's. 0, or sctrace's exit status.
 */
int signals_take(sigset_t *old_mask, int *sigfd)
{
	sigset_t mask;
	size_t i;
	int sig, err;

	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	for (i = 0; i < ARRAY_SIZE(ending_signals); i++)
		add_unless_ignored(&mask, ending_signals[i]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		add_unless_ignored(&mask, sig);
	sigprocmask(SIG_BLOCK, &mask, old_mask);
	*sigfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	if (*sigfd < 0) {
		err = -errno;
		diag("signalfd failed: %s", strerror(-err));
		return sct_exit_status(err, SCT_EXIT_PERF);
	}
	return 0;
}
