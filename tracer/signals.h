/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SIGNALS_H
#define SCTRACE_SIGNALS_H

#include <signal.h>
#include <stdbool.h>
#include <time.h>

/*
 * The signals that would end sctrace, read from a signalfd instead; the
 * same ones looked at, never read, while a write of the output blocks;
 * under --lossless the stops a terminal sends, which first hold the
 * command back.
 */
struct sct_signals {
	sigset_t old_mask;	/* the caller's: the command gets it */
	int fd;			/* SIGCHLD and the ending signals */
	int stop_fd;		/* the ending signals alone, only polled */
	int suspend_fd;		/* --lossless: SIGTSTP, SIGTTIN, SIGTTOU; or -1 */
	timer_t tick;		/* wakes a write that blocks */
	bool has_tick;
};

int signals_take(struct sct_signals *sg, bool suspend);
void signals_close(struct sct_signals *sg);
bool signals_stop_pending(const struct sct_signals *sg);
int signals_read_suspend(const struct sct_signals *sg);
void signals_stop_self(int sig);
void signals_tick(struct sct_signals *sg, bool on);

#endif
