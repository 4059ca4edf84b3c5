// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "call_status.h"
#include "compiler.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "sorted.h"

struct status_word {
	const char *word;
	unsigned int status;
};

/* Sorted by word. */
static const struct status_word status_words[] = {
	{ "all",		CALL_STATUS_ALL },
	{ "detached",		CALL_DETACHED },
	{ "failed",		CALL_FAILED },
	{ "none",		0 },
	{ "successful",		CALL_SUCCESSFUL },
	{ "unavailable",	CALL_UNAVAILABLE },
	{ "unfinished",		CALL_UNFINISHED },
};

static int word_cmp(const void *a, const void *b)
{
	const struct status_word *x = a, *y = b;

	return strcmp(x->word, y->word);
}

/* One word of the list, len bytes at p; its bits, or -1. */
static long status_of(const char *p, size_t len)
{
	char word[16];
	const struct status_word key = { word, 0 }, *found;

	if (!len || len >= sizeof(word))
		return -1;
	memcpy(word, p, len);
	word[len] = '\0';
	found = bsearch(&key, status_words, ARRAY_SIZE(status_words),
			sizeof(*status_words), word_cmp);
	return found ? (long)found->status : -1;
}

/*
 * strace's -e status=LIST: the calls shown by how they ended; a leading
 * '!' shows every other. Sets the statuses hidden; 0, or an exit
 * status after saying what is wrong.
 */
int call_status_parse(const char *list, unsigned int *hidden)
{
	char shown[ESCAPE_MSG_SIZE];
	bool negate = list[0] == '!';
	const char *p = list + negate;
	unsigned int bits = 0;

	for (;;) {
		size_t len = strcspn(p, ",");
		long status = status_of(p, len);

		if (status < 0) {
			diag("bad -e status='%s': give successful, failed, unfinished, unavailable or detached, comma-separated, '!' before to invert",
			     escape_str(shown, sizeof(shown), list));
			return SCT_EXIT_USAGE;
		}
		bits |= status;
		p += len;
		if (!*p++)
			break;
	}
	*hidden = negate ? bits : ~bits & CALL_STATUS_ALL;
	return 0;
}

static const struct sorted_table status_tables[] = {
	SORTED_TABLE(status_words, word_cmp),
};

const struct sorted_table *call_status_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(status_tables);
	return status_tables;
}
