/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SIGNALS_H
#define SCTRACE_SIGNALS_H

#include <signal.h>

/* The signals that would end sctrace, read from a signalfd instead. */
int signals_take(sigset_t *old_mask, int *sigfd);

#endif
