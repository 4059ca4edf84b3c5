// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "xlat.h"

int xlat_cmp(const void *key, const void *elem)
{
	const struct symbol *a = key, *b = elem;

	return (a->value > b->value) - (a->value < b->value);
}

const char *xlat_name(unsigned long val, const struct symbol *table, size_t nr)
{
	const struct symbol key = { .value = val };
	const struct symbol *s = bsearch(&key, table, nr, sizeof(*table), xlat_cmp);

	return s ? s->name : NULL;
}

void xlat_print(struct outbuf *ob, unsigned long val, const struct symbol *table, size_t nr,
		const char *unknown)
{
	const char *name = xlat_name(val, table, nr);

	if (name) {
		outbuf_puts(ob, name);
		return;
	}
	outbuf_hex(ob, val);
	outbuf_puts(ob, " /* ");
	outbuf_puts(ob, unknown);
	outbuf_puts(ob, " */");
}
