// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_lines.h"

#define MAX_TASKS 64
#define MAX_ADDRS 1024

struct line {
	long pid;
	char *text;
};

struct collected {
	struct line *lines;
	size_t nr;
	long pids[MAX_TASKS];		/* by first appearance */
	size_t nr_pids;
	char *open[MAX_TASKS];		/* a task's "<unfinished ...>" head, or NULL */
	unsigned long addrs[MAX_ADDRS];
	size_t nr_addrs;
};

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* The index of v in list (added if new), or -1 when the list is full. */
static int index_of(long *list, size_t *nr, long v)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (list[i] == v)
			return i;
	if (*nr == MAX_TASKS)
		return -1;
	list[(*nr)++] = v;
	return i;
}

/* "PID   text": the pid, and where the text starts. */
static bool split_prefix(const char *line, long *pid, const char **text)
{
	char *end;

	*pid = strtol(line, &end, 10);
	if (end == line || *end != ' ')
		return false;
	while (*end == ' ')
		end++;
	*text = end;
	return true;
}

/* The padding before the result's " = ", one space: "close(3)     = 0" is "close(3) = 0". */
static char *one_space(const char *text)
{
	const char *p, *eq = NULL;
	char *out;

	for (p = strchr(text, ')'); p; p = strchr(p + 1, ')'))
		if (p[1] == ' ' && p[1 + strspn(p + 1, " ")] == '=')
			eq = p + 1;
	if (!eq || asprintf(&out, "%.*s %s", (int)(eq - text), text, eq + strspn(eq, " ")) < 0)
		return strdup(text);
	return out;
}

static void add(struct collected *c, long pid, const char *text)
{
	struct line *bigger = realloc(c->lines, (c->nr + 1) * sizeof(*bigger));

	if (!bigger)
		abort();
	c->lines = bigger;
	c->lines[c->nr].pid = pid;
	c->lines[c->nr].text = one_space(text);
	c->nr++;
}

/*
 * A call's whole line (malloc'd), or NULL while it is unfinished: its
 * head is kept until its resumed line, whose rest follows the head as
 * it would on one line.
 */
static char *whole_call(struct collected *c, int task, const char *text)
{
	static const char unfinished[] = "<unfinished ...>";
	size_t ulen = sizeof(unfinished) - 1, len = strlen(text);
	const char *rest;
	char *joined;

	if (len >= ulen && !strcmp(text + len - ulen, unfinished)) {
		len -= ulen;
		while (len && text[len - 1] == ' ')
			len--;
		free(c->open[task]);
		c->open[task] = strndup(text, len);
		return NULL;
	}
	if (!starts_with(text, "<... "))
		return strdup(text);
	rest = strstr(text, " resumed>");
	if (!rest || !c->open[task])
		return NULL;
	rest += strlen(" resumed>");
	len = strlen(c->open[task]);
	if (asprintf(&joined, "%s%s%s", c->open[task],
		     len && c->open[task][len - 1] == ',' ? " " : "", rest) < 0)
		abort();
	free(c->open[task]);
	c->open[task] = NULL;
	return joined;
}

/* A marker line: its call, then which (BEGIN or END) ends its arguments. */
static bool is_marker(const char *text, const char *which)
{
	const char *end = strstr(text, ") ");

	return starts_with(text, LINES_MARK_CALL) && end &&
	       !strncmp(end + 1 - strlen(which), which, strlen(which));
}

/* One task's line: before the region, in it, or the end of it (the marking task's). */
static int take(struct collected *c, long pid, const char *text, long *marker_pid, bool *ended)
{
	int task = index_of(c->pids, &c->nr_pids, pid);
	char *call;

	if (task < 0)
		return -1;
	if (starts_with(text, "---") || starts_with(text, "+++"))
		return 0;
	call = whole_call(c, task, text);
	if (!call)
		return 0;
	if (*marker_pid < 0) {
		if (is_marker(call, LINES_MARK_BEGIN))
			*marker_pid = pid;
	} else if (pid == *marker_pid && (*ended || is_marker(call, LINES_MARK_END))) {
		*ended = true;
	} else {
		add(c, pid, call);
	}
	free(call);
	return 0;
}

/* The region's call lines: after the begin marker, the marking task's up to its end marker. */
static int collect(struct collected *c, const char *trace, const char **why)
{
	const char *p = trace, *eol, *text;
	long pid, marker_pid = -1;
	bool ended = false;

	for (; *p; p = *eol ? eol + 1 : eol) {
		char *line;
		int ret = 0;

		eol = p + strcspn(p, "\n");
		line = strndup(p, eol - p);
		if (!line)
			abort();
		if (split_prefix(line, &pid, &text))
			ret = take(c, pid, text, &marker_pid, &ended);
		free(line);
		if (ret) {
			*why = "more tasks than the oracle follows";
			return -1;
		}
	}
	if (marker_pid < 0 || !ended) {
		*why = marker_pid < 0 ? "no begin marker (" LINES_MARK_CALL "..." LINES_MARK_BEGIN ")" :
					"no end marker (" LINES_MARK_CALL "..." LINES_MARK_END ")";
		return -1;
	}
	return 0;
}

static size_t addr_index(struct collected *c, unsigned long v)
{
	size_t i;

	for (i = 0; i < c->nr_addrs; i++)
		if (c->addrs[i] == v)
			return i;
	if (c->nr_addrs < MAX_ADDRS)
		c->addrs[c->nr_addrs++] = v;
	return i;
}

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* One line with its pids as <tN> and its addresses as <aN>. */
static void put_renamed(FILE *out, struct collected *c, const char *s)
{
	const char *start = s;
	char *end;
	size_t i;

	while (*s) {
		if ((s > start && word_char(s[-1])) || !isdigit((unsigned char)*s)) {
			fputc(*s++, out);
			continue;
		}
		if (s[0] == '0' && s[1] == 'x') {
			unsigned long v = strtoul(s, &end, 16);

			if (v >= 0x10000 && !word_char(*end)) {
				fprintf(out, "<a%zu>", addr_index(c, v));
				s = end;
				continue;
			}
		} else {
			long v = strtol(s, &end, 10);

			for (i = 0; i < c->nr_pids && c->pids[i] != v; i++)
				;
			if (i < c->nr_pids && !word_char(*end)) {
				fprintf(out, "<t%zu>", i);
				s = end;
				continue;
			}
		}
		fwrite(s, 1, end - s, out);
		s = end;
	}
}

char *lines_from_trace(const char *trace, const char **why)
{
	struct collected c = { 0 };
	char *text = NULL;
	size_t size, t, i;
	FILE *out;

	if (collect(&c, trace, why) == 0) {
		out = open_memstream(&text, &size);
		if (!out)
			abort();
		for (t = 0; t < c.nr_pids; t++) {
			for (i = 0; i < c.nr; i++) {
				if (c.lines[i].pid != c.pids[t])
					continue;
				fprintf(out, "<t%zu> ", t);
				put_renamed(out, &c, c.lines[i].text);
				fputc('\n', out);
			}
		}
		fclose(out);
	}
	for (i = 0; i < c.nr; i++)
		free(c.lines[i].text);
	for (t = 0; t < MAX_TASKS; t++)
		free(c.open[t]);
	free(c.lines);
	return text;
}

const char *lines_differ(const char *ours, const char *theirs, char *buf, size_t len)
{
	unsigned int nr = 1;
	size_t a, b;

	while (*ours || *theirs) {
		a = strcspn(ours, "\n");
		b = strcspn(theirs, "\n");
		if (a != b || memcmp(ours, theirs, a)) {
			snprintf(buf, len, "line %u: sctrace '%.*s', strace '%.*s'", nr,
				 (int)a, ours, (int)b, theirs);
			return buf;
		}
		ours += a + !!ours[a];
		theirs += b + !!theirs[b];
		nr++;
	}
	return NULL;
}
