// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp_format.h"

/* A record is at most 64 KB: no offset or size is larger. */
#define TP_NUMBER_MAX 65535
#define TP_FIELDS_MAX 256
#define TP_DECL_MAX 256
#define TP_NO_PRINT "print fmt: \"\"\n"

struct cursor {
	const char *p;
	const char *end;
};

struct line {
	const char *s;
	size_t n;
};

static bool next_line(struct cursor *c, struct line *l)
{
	const char *nl;

	if (c->p >= c->end)
		return false;
	nl = memchr(c->p, '\n', c->end - c->p);
	l->s = c->p;
	l->n = (nl ? nl : c->end) - c->p;
	c->p += l->n + (nl != NULL);
	return true;
}

static bool is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Takes prefix from the front of l. */
static bool take(struct line *l, const char *prefix)
{
	size_t n = strlen(prefix);

	if (l->n < n || memcmp(l->s, prefix, n))
		return false;
	l->s += n;
	l->n -= n;
	return true;
}

/* Takes a decimal number up to max from the front of l. */
static bool take_number(struct line *l, unsigned long max)
{
	unsigned long v = 0;
	size_t i = 0;

	while (i < l->n && is_digit(l->s[i]) && v <= max)
		v = v * 10 + (l->s[i++] - '0');
	if (!i || i > 6 || v > max)
		return false;
	l->s += i;
	l->n -= i;
	return true;
}

/* "name: IDENT", "ID: N", "format:": the head of every format. */
static bool head_ok(struct cursor *c)
{
	struct line l;
	size_t i;

	if (!next_line(c, &l) || !take(&l, "name: ") || !l.n)
		return false;
	for (i = 0; i < l.n; i++)
		if (!is_ident(l.s[i]))
			return false;
	if (!next_line(c, &l) || !take(&l, "ID: ") || !take_number(&l, TP_NUMBER_MAX) || l.n)
		return false;
	return next_line(c, &l) && l.n == 7 && take(&l, "format:");
}

/* A word of a declaration: *s, an identifier, *s, [N] groups ("char[]" too). */
static size_t word_len(const char *s, size_t n, bool *named)
{
	size_t i = 0, start;

	while (i < n && s[i] == '*')
		i++;
	start = i;
	while (i < n && is_ident(s[i]))
		i++;
	*named = i > start;
	while (*named && i < n && s[i] == '*')
		i++;
	while (*named && i < n && s[i] == '[') {
		i++;
		while (i < n && is_digit(s[i]))
			i++;
		if (i >= n || s[i] != ']')
			return 0;
		i++;
	}
	return i;
}

/* "unsigned char comm[16]", "__data_loc char[] name": words, the last a name. */
static bool decl_ok(const char *s, size_t n)
{
	bool named = false;
	size_t i = 0, w;

	if (!n || n > TP_DECL_MAX)
		return false;
	while (i < n) {
		w = word_len(s + i, n - i, &named);
		if (!w)
			return false;
		i += w;
		if (i < n && s[i++] != ' ')
			return false;
		if (i == n && s[n - 1] == ' ')
			return false;
	}
	return named;
}

/* "\tfield:DECL;\toffset:N;\tsize:N;\tsigned:0|1;" */
static bool field_ok(struct line l)
{
	const char *semi;

	if (!take(&l, "\tfield:"))
		return false;
	semi = memchr(l.s, ';', l.n);
	if (!semi || !decl_ok(l.s, semi - l.s))
		return false;
	l.n -= semi - l.s;
	l.s = semi;
	return take(&l, ";\toffset:") && take_number(&l, TP_NUMBER_MAX) &&
	       take(&l, ";\tsize:") && take_number(&l, TP_NUMBER_MAX) &&
	       take(&l, ";\tsigned:") && l.n == 2 && (l.s[0] == '0' || l.s[0] == '1') &&
	       l.s[1] == ';';
}

/*
 * The fields, common ones first, a blank line after them; the text
 * kept runs to the end of the last field or blank line (*kept).
 */
static bool fields_ok(struct cursor *c, const char **kept)
{
	unsigned int fields = 0, blanks = 0;
	struct line l;

	*kept = c->p;
	while (next_line(c, &l)) {
		if (!l.n) {
			if (++blanks > 2)
				return false;
		} else if (take(&l, "print fmt: ")) {
			break;
		} else if (blanks > 1 || ++fields > TP_FIELDS_MAX || !field_ok(l)) {
			return false;
		}
		*kept = c->p;
	}
	return fields > 0;
}

char *tp_format_safe(const char *text, size_t len, size_t *out_len)
{
	struct cursor c;
	const char *kept;
	size_t n;
	char *copy;

	if (!text)
		return NULL;
	c = (struct cursor){ text, text + len };
	if (!head_ok(&c) || !fields_ok(&c, &kept))
		return NULL;
	n = kept - text;
	copy = malloc(n + 2 + sizeof(TP_NO_PRINT));
	if (!copy)
		return NULL;
	memcpy(copy, text, n);
	if (n && copy[n - 1] != '\n')
		copy[n++] = '\n';
	if (n < 2 || copy[n - 2] != '\n')
		copy[n++] = '\n';
	memcpy(copy + n, TP_NO_PRINT, sizeof(TP_NO_PRINT));
	*out_len = n + sizeof(TP_NO_PRINT) - 1;
	return copy;
}
