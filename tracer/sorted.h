/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SORTED_H
#define SCTRACE_SORTED_H

#include <stddef.h>

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

#endif
