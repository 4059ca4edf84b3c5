// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "decode_fds.h"
#include "diag.h"
#include "escape.h"
#include "sorted.h"

struct fd_show_name {
	const char *name;
	unsigned int show;
};

/* Sorted by name. */
static const struct fd_show_name names[] = {
	{ "all", FD_SHOW_ALL },
	{ "dev", FD_SHOW_DEV },
	{ "none", 0 },
	{ "path", FD_SHOW_PATH },
	{ "pidfd", FD_SHOW_PIDFD },
	{ "socket", FD_SHOW_SOCKET },
};

static int name_cmp(const void *key, const void *elem)
{
	const struct fd_show_name *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(names, name_cmp),
};

const struct sorted_table *decode_fds_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

int decode_fds_parse(const char *set, unsigned int *show)
{
	char item[16], shown[ESCAPE_MSG_SIZE];
	const char *p = set;

	*show = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		struct fd_show_name key = { .name = item };
		const struct fd_show_name *n = NULL;

		if (len < sizeof(item)) {
			memcpy(item, p, len);
			item[len] = '\0';
			n = bsearch(&key, names, ARRAY_SIZE(names), sizeof(names[0]), name_cmp);
		}
		if (!n) {
			diag("--decode-fds '%s': not one of path, socket, dev, pidfd, all, none; give a comma-separated list of them",
			     escape_str(shown, sizeof(shown), set));
			return -1;
		}
		*show |= n->show;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}
