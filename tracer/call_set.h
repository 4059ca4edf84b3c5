/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CALL_SET_H
#define SCTRACE_CALL_SET_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The calls strace's -e raw=SET, abbrev=SET or verbose=SET names, chosen
 * as -e trace= chooses them (the syscall cache's raw, abbrev and verbose).
 */
struct call_set {
	bool *nr;		/* indexed by syscall number; NULL: not given */
	size_t nr_max;		/* how many nr holds */
};

/* strace's -e QUALIFIER=SET for calls: raw=, abbrev= and verbose=, each or NULL. */
struct call_sets {
	const char *raw;
	const char *abbrev;
	const char *verbose;
};

int call_set_resolve(const char *qualifier, const char *set, int machine,
		     struct call_set *calls, char *why, size_t len);
bool call_set_has(const struct call_set *calls, long nr);
void call_set_free(struct call_set *calls);

static inline bool call_set_given(const struct call_set *calls)
{
	return calls->nr != NULL;
}

#endif
