/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_RAW_CALLS_H
#define SCTRACE_RAW_CALLS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * strace's -e raw=SET: the calls whose arguments and result are shown
 * undecoded, in hex, as strace shows them (the syscall cache's raw_calls).
 */
struct raw_calls {
	bool *nr;		/* indexed by syscall number; NULL: none */
	size_t nr_max;		/* how many nr holds */
};

int raw_calls_resolve(const char *set, int machine, struct raw_calls *calls,
		      char *why, size_t len);
bool raw_calls_has(const struct raw_calls *calls, long nr);
void raw_calls_free(struct raw_calls *calls);

#endif
