// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "line_style.h"

int line_style_parse(const char *arg, enum line_style *style)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(arg, "sctrace")) {
		*style = LINE_STYLE_SCTRACE;
		return 0;
	}
	if (!strcmp(arg, "strace")) {
		*style = LINE_STYLE_STRACE;
		return 0;
	}
	diag("bad --format '%s': give sctrace (arguments by name, the default) or strace (strace's own lines)",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

void line_style_arg_name(struct outbuf *ob, enum line_style style, const char *name)
{
	if (style == LINE_STYLE_STRACE)
		return;
	outbuf_puts(ob, name);
	outbuf_puts(ob, ": ");
}

/* Numbers strace writes in hex (rseq's signature) and sctrace's lines in decimal. */
enum arg_kind line_style_kind(enum line_style style, enum arg_kind kind)
{
	if (kind != ARG_STRACE_HEX)
		return kind;
	return style == LINE_STYLE_STRACE ? ARG_XLONG : ARG_U64;
}

/* strace pads the pid to 5 columns: left after -o, right inside "[pid ]". */
void line_style_pid(struct outbuf *ob, int32_t tid, bool column)
{
	char digits[16];

	snprintf(digits, sizeof(digits), "%d", (int)tid);
	if (column) {
		outbuf_padded(ob, digits, 5, true);
		outbuf_putc(ob, ' ');
		return;
	}
	outbuf_puts(ob, "[pid ");
	outbuf_padded(ob, digits, 5, false);
	outbuf_puts(ob, "] ");
}

/*
 * Where strace 6.1 writes each flag it orders otherwise than sctrace's
 * tables, as its own tables order them (open's, socket's type flags,
 * sigaction's), sorted by name.
 */
struct flag_rank {
	const char *name;
	unsigned int rank;
};

static const struct flag_rank strace_ranks[] = {
	{ "FASYNC", 16 }, { "O_APPEND", 4 }, { "O_CLOEXEC", 12 }, { "O_CREAT", 0 },
	{ "O_DIRECT", 8 }, { "O_DIRECTORY", 15 }, { "O_DSYNC", 7 }, { "O_EXCL", 1 },
	{ "O_LARGEFILE", 9 }, { "O_NOATIME", 11 }, { "O_NOCTTY", 2 }, { "O_NOFOLLOW", 10 },
	{ "O_NONBLOCK", 5 }, { "O_PATH", 13 }, { "O_SYNC", 6 }, { "O_TMPFILE", 14 },
	{ "O_TRUNC", 3 }, { "SA_NOCLDSTOP", 6 }, { "SA_NOCLDWAIT", 7 }, { "SA_NODEFER", 3 },
	{ "SA_ONSTACK", 1 }, { "SA_RESETHAND", 4 }, { "SA_RESTART", 2 }, { "SA_RESTORER", 0 },
	{ "SA_SIGINFO", 5 }, { "SOCK_CLOEXEC", 0 }, { "SOCK_NONBLOCK", 1 },
};

#define FLAGS_MAX 32
#define FLAG_NAME_MAX 32

static int rank_cmp(const void *a, const void *b)
{
	return strcmp(((const struct flag_rank *)a)->name, ((const struct flag_rank *)b)->name);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(strace_ranks, rank_cmp),
};

const struct sorted_table *line_style_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

/* A name's place in strace's order, or -1 when sctrace's order is strace's. */
static int rank_of(const char *s, size_t len)
{
	char name[FLAG_NAME_MAX];
	const struct flag_rank key = { .name = name }, *r;

	if (len >= sizeof(name))
		return -1;
	memcpy(name, s, len);
	name[len] = '\0';
	r = bsearch(&key, strace_ranks, ARRAY_SIZE(strace_ranks), sizeof(key), rank_cmp);
	return r ? (int)r->rank : -1;
}

void line_style_flag_order(char *s, size_t len)
{
	const char *tok[FLAGS_MAX];
	size_t tlen[FLAGS_MAX], n = 0, i, j, at = 0, ranked[FLAGS_MAX], nr_ranked = 0;
	int rank[FLAGS_MAX];
	char out[512];

	if (len >= sizeof(out))
		return;
	for (i = 0; i <= len && n < FLAGS_MAX; i = j + 1) {
		for (j = i; j < len && s[j] != '|'; j++)
			;
		tok[n] = s + i;
		tlen[n] = j - i;
		rank[n] = rank_of(tok[n], tlen[n]);
		if (rank[n] >= 0)
			ranked[nr_ranked++] = n;
		n++;
	}
	if (i <= len || nr_ranked < 2)
		return;
	/* The ranked names, by rank, into the places ranked names held. */
	for (i = 1; i < nr_ranked; i++)
		for (j = i; j > 0 && rank[ranked[j - 1]] > rank[ranked[j]]; j--) {
			size_t t = ranked[j];

			ranked[j] = ranked[j - 1];
			ranked[j - 1] = t;
		}
	for (i = 0, j = 0; i < n; i++) {
		size_t k = rank[i] >= 0 ? ranked[j++] : i;

		memcpy(out + at, tok[k], tlen[k]);
		at += tlen[k];
		if (i + 1 < n)
			out[at++] = '|';
	}
	memcpy(s, out, len);
}

void line_style_reorder_since(struct outbuf *ob, uint64_t pos)
{
	if (pos < ob->flushed || pos > outbuf_pos(ob))
		return;
	line_style_flag_order(ob->buf + (pos - ob->flushed), outbuf_pos(ob) - pos);
}
