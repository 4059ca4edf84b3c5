/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_XLAT_H
#define SCTRACE_XLAT_H

#include <stddef.h>

#include "outbuf.h"

/* A constant's value and its name: the tables beauty.c and the ct_*.c families print from. */
struct symbol {
	unsigned long value;
	const char *name;
};

/* In a table sorted by value: the name, or NULL. */
const char *xlat_name(unsigned long val, const struct symbol *table, size_t nr);
/* The name, else the number in hex and the unknown comment, as strace writes one it lacks. */
void xlat_print(struct outbuf *ob, unsigned long val, const struct symbol *table, size_t nr,
		const char *unknown);
/* The order of a table sorted by value (sorted.h's check). */
int xlat_cmp(const void *key, const void *elem);

#endif
