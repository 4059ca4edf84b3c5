/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SIG_SET_H
#define SCTRACE_SIG_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* -e signal=: bit sig - 1 for each signal shown (the kernel's 1 to 64). */
#define SIG_SET_ALL (~0ULL)
#define SIG_NR_MAX 64

int sig_set_parse(const char *list, uint64_t *set, char *bad, size_t len);

static inline bool sig_set_has(uint64_t set, int sig)
{
	return sig >= 1 && sig <= SIG_NR_MAX && (set >> (sig - 1) & 1);
}

#endif
