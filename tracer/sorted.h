/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SORTED_H
#define SCTRACE_SORTED_H

#include <stddef.h>
#include <string.h>

#include "compiler.h"

/*
 * A static table searched with bsearch, as its module shows it to the
 * test that it is sorted (test_sorted): cmp is the function the module's
 * bsearch uses, its key shaped as an element, so one order serves both.
 */
struct sorted_table {
	const char *name;
	const void *base;
	size_t nr;
	size_t size;
	int (*cmp)(const void *a, const void *b);
};

#define SORTED_TABLE(t, order) { #t, (t), ARRAY_SIZE(t), sizeof((t)[0]), (order) }

/*
 * Names of option tables, "name" or "name=...": compared up to their
 * '=', so that a row "trace=" is found by "trace=open" and by "trace".
 */
static inline int sorted_name_cmp(const char *x, const char *y)
{
	size_t nx = strcspn(x, "="), ny = strcspn(y, "=");
	int c = strncmp(x, y, nx < ny ? nx : ny);

	return c ? c : (nx > ny) - (nx < ny);
}

#endif
