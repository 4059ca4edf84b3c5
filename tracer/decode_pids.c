// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "decode_pids.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "sorted.h"

struct pid_show_name {
	const char *name;
	unsigned int show;
};

/* strace 6.1's words, sorted by name. */
static const struct pid_show_name names[] = {
	{ "all", PID_SHOW_ALL },
	{ "comm", PID_SHOW_COMM },
	{ "none", 0 },
	{ "pidns", PID_SHOW_PIDNS },
};

static int name_cmp(const void *key, const void *elem)
{
	const struct pid_show_name *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(names, name_cmp),
};

const struct sorted_table *decode_pids_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

/*
 * SET, a comma-separated list of comm, pidns, all, none, into *show; 0,
 * or an exit status after saying which item is not one.
 */
int decode_pids_parse(const char *set, unsigned int *show)
{
	char item[8], shown[ESCAPE_MSG_SIZE];
	const char *p = set;

	*show = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		struct pid_show_name key = { .name = item };
		const struct pid_show_name *n = NULL;

		if (len < sizeof(item)) {
			memcpy(item, p, len);
			item[len] = '\0';
			n = bsearch(&key, names, ARRAY_SIZE(names), sizeof(names[0]), name_cmp);
		}
		if (!n) {
			diag("--decode-pids '%s': not one of comm, pidns, all, none; give a comma-separated list of them",
			     escape_str(shown, sizeof(shown), set));
			return SCT_EXIT_USAGE;
		}
		*show |= n->show;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}
