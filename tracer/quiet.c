// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "quiet.h"
#include "sorted.h"

struct quiet_word {
	const char *word;
	unsigned int msgs;
};

/* strace 6.1's names of the sets, sorted by word. */
static const struct quiet_word quiet_words[] = {
	{ "all",		QUIET_ALL },
	{ "attach",		QUIET_ATTACH },
	{ "exit",		QUIET_EXIT },
	{ "none",		0 },
	{ "path-resolution",	QUIET_PATH_RESOLUTION },
	{ "personality",	QUIET_PERSONALITY },
	{ "superseded",		QUIET_THREAD_EXECVE },
	{ "thread-execve",	QUIET_THREAD_EXECVE },
};

static int word_cmp(const void *a, const void *b)
{
	const struct quiet_word *x = a, *y = b;

	return strcmp(x->word, y->word);
}

static const struct sorted_table quiet_tables[] = {
	SORTED_TABLE(quiet_words, word_cmp),
};

const struct sorted_table *quiet_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(quiet_tables);
	return quiet_tables;
}

/* What -q (1), -qq (2) and -qqq (3 or more) hide, as strace 6.1. */
unsigned int quiet_of_level(unsigned int level)
{
	if (!level)
		return 0;
	if (level == 1)
		return QUIET_ATTACH | QUIET_PERSONALITY;
	if (level == 2)
		return QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT;
	return QUIET_ALL;
}

/* One word of the set, len bytes at p: its messages, or -1. */
static long msgs_of(const char *p, size_t len)
{
	char word[20];
	const struct quiet_word key = { word, 0 }, *found;

	if (!len || len >= sizeof(word))
		return -1;
	memcpy(word, p, len);
	word[len] = '\0';
	found = bsearch(&key, quiet_words, ARRAY_SIZE(quiet_words),
			sizeof(*quiet_words), word_cmp);
	return found ? (long)found->msgs : -1;
}

/*
 * strace's -e quiet=SET: the messages hidden; a leading '!' hides every
 * other. 0, or an exit status after saying what is wrong.
 */
int quiet_parse(const char *set, unsigned int *hidden)
{
	char shown[ESCAPE_MSG_SIZE];
	bool negate = set[0] == '!';
	const char *p = set + negate;
	unsigned int bits = 0;

	for (;;) {
		size_t len = strcspn(p, ",");
		long msgs = msgs_of(p, len);

		if (msgs < 0) {
			diag("bad -e quiet='%s': give attach, exit, path-resolution, personality, thread-execve (or superseded), all or none, comma-separated, '!' before to invert",
			     escape_str(shown, sizeof(shown), set));
			return SCT_EXIT_USAGE;
		}
		bits |= msgs;
		p += len;
		if (!*p++)
			break;
	}
	*hidden = negate ? ~bits & QUIET_ALL : bits;
	return 0;
}
