/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SELECT_H
#define SCTRACE_SELECT_H

#include <stdbool.h>
#include <stddef.h>

/* Syscall numbers are below this on every supported architecture. */
#define SELECT_MAX_NR 1024

/* Which syscall numbers -e selects. */
struct syscall_set {
	bool nr[SELECT_MAX_NR];
	size_t count;
};

/* On error: the unknown name and the closest known one, for the message. */
struct select_error {
	char name[64];
	const char *closest;
};

int select_parse(const char *expr, int machine, struct syscall_set *set,
		 struct select_error *err);
int select_filter(const struct syscall_set *set, char *buf, size_t len);

#endif
