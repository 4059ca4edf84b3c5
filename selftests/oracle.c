// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "normalize.h"
#include "oracle.h"

#define MAX_THREADS 64
#define STR_KEY_MAX 256

/* One parsed line: who, what, and how it ended (if it did on this line). */
struct parsed {
	long tid;
	char name[64];		/* a call's enter on this line */
	char resumed[64];	/* or the name in "<... NAME resumed>" */
	char result[128];	/* after ") = "; empty for an unfinished enter */
	char str[STR_KEY_MAX];	/* the line's first quoted string, "..." kept */
	bool skip;		/* signals, exits, LOST notices */
};

struct builder {
	long tids[MAX_THREADS];		/* every thread seen, any order */
	size_t nr_tids;
	long order[MAX_THREADS];	/* threads by first appearance */
	size_t nr_order;
	unsigned long addrs[256];
	size_t nr_addrs;
	char pending[MAX_THREADS][64];	/* unfinished call name per thread */
	char pending_str[MAX_THREADS][STR_KEY_MAX];	/* and its string */
	struct call_log *log;
};

static int index_in(long *list, size_t *nr, size_t cap, long v)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (list[i] == v)
			return i;
	if (*nr == cap)
		return -1;
	list[*nr] = v;
	return (*nr)++;
}

static bool is_tid(const struct builder *b, long v)
{
	size_t i;

	if (v <= 0)
		return false;
	for (i = 0; i < b->nr_tids; i++)
		if (b->tids[i] == v)
			return true;
	return false;
}

/* "-1 ENOENT (...)" -> "-1 ENOENT"; a tid -> <tN>; an address -> <aN>. */
static void result_key(struct builder *b, const char *r, char *key, size_t len)
{
	char first[64] = "", second[64] = "";
	char *end;
	long v;

	sscanf(r, "%63s %63s", first, second);
	v = strtol(first, &end, 0);
	if (*end == '\0' && !strncmp(first, "0x", 2) && (unsigned long)v >= 0x10000) {
		size_t i = index_in((long *)b->addrs, &b->nr_addrs, 256, v);

		snprintf(key, len, "<a%zu>", i + 1);
	} else if (*end == '\0' && is_tid(b, v)) {
		snprintf(key, len, "<t%d>",
			 index_in(b->order, &b->nr_order, MAX_THREADS, v) + 1);
	} else if ((!strcmp(first, "-1") || !strcmp(first, "?")) && second[0] == 'E') {
		snprintf(key, len, "%s %s", first, second);
	} else {
		snprintf(key, len, "%s", first);
	}
}

static void add_line(struct builder *b, long tid, const char *name, const char *result,
		     const char *str)
{
	char key[96], line[128 + STR_KEY_MAX];
	int t = index_in(b->order, &b->nr_order, MAX_THREADS, tid);
	char **bigger;

	result_key(b, result, key, sizeof(key));
	snprintf(line, sizeof(line), "t%d %s = %s%s%s", t + 1, name, key,
		 str[0] ? STR_SEP : "", str);
	bigger = realloc(b->log->lines, (b->log->nr + 1) * sizeof(char *));
	if (!bigger)
		abort();
	b->log->lines = bigger;
	b->log->lines[b->log->nr++] = strdup(line);
}

/*
 * A resumed line without its enter in the region is an exit whose call
 * began before tracing could see it (a new thread's clone return, which
 * strace never shows): not a call to compare.
 */
static void take(struct builder *b, const struct parsed *p)
{
	int t = index_in(b->order, &b->nr_order, MAX_THREADS, p->tid);

	if (p->skip || t < 0)
		return;
	if (!p->result[0]) {
		snprintf(b->pending[t], sizeof(b->pending[t]), "%s", p->name);
		snprintf(b->pending_str[t], sizeof(b->pending_str[t]), "%s", p->str);
		return;
	}
	if (p->name[0])
		add_line(b, p->tid, p->name, p->result, p->str);
	else if (b->pending[t][0])
		add_line(b, p->tid, b->pending[t], p->result,
			 b->pending_str[t][0] ? b->pending_str[t] : p->str);
	b->pending[t][0] = '\0';
}

/* The result: after the last ")", spaces, "= " (strace pads to align). */
static const char *find_result(const char *s)
{
	const char *r, *found = NULL;

	for (r = strstr(s, "= "); r; r = strstr(r + 1, "= ")) {
		const char *q = r;

		while (q > s && q[-1] == ' ')
			q--;
		if (q < r && q > s && q[-1] == ')')
			found = r + 2;
	}
	return found;
}

/*
 * The first quoted string of a line, with its quotes and a "..." that
 * says it was cut: both tools print paths and data with the same escapes.
 */
static void first_string(const char *s, char *str, size_t len)
{
	const char *q = strchr(s, '"'), *e;

	str[0] = '\0';
	if (!q)
		return;
	for (e = q + 1; *e && *e != '"'; e++)
		if (*e == '\\' && e[1])
			e++;
	if (*e != '"')
		return;
	e++;
	if (!strncmp(e, "...", 3))
		e += 3;
	snprintf(str, len, "%.*s", (int)(e - q), q);
}

/* NAME( or <... NAME resumed>; signals, exits and notices are skipped. */
static void parse_call(const char *s, struct parsed *p)
{
	const char *r;
	size_t n;

	if (!strncmp(s, "---", 3) || !strncmp(s, "+++", 3)) {
		p->skip = true;
		return;
	}
	if (!strncmp(s, "<... ", 5)) {
		n = strcspn(s + 5, " ");
		snprintf(p->resumed, sizeof(p->resumed), "%.*s", (int)n, s + 5);
	} else {
		n = strcspn(s, "(");
		snprintf(p->name, sizeof(p->name), "%.*s", (int)n, s);
	}
	r = find_result(s);
	if (r)
		snprintf(p->result, sizeof(p->result), "%s", r);
	first_string(s, p->str, sizeof(p->str));
}

/* strace prints an unknown number in hex: syscall_0x1c8. */
static void strace_spelling(char *name, size_t len)
{
	if (!strncmp(name, "syscall_", 8) && isdigit((unsigned char)name[8]))
		snprintf(name, len, "syscall_%#lx", strtol(name + 8, NULL, 10));
}

static void parse_sctrace_line(const char *line, long main_tid, struct parsed *p)
{
	long tid = line_tid(line);

	memset(p, 0, sizeof(*p));
	p->tid = tid < 0 ? main_tid : tid;
	if (tid >= 0)
		line = strstr(line, "] ") + 2;
	parse_call(line, p);
	strace_spelling(p->name, sizeof(p->name));
}

static bool parse_strace_line(const char *line, struct parsed *p)
{
	char *rest;

	memset(p, 0, sizeof(*p));
	p->tid = strtol(line, &rest, 10);
	if (rest == line)
		return false;
	while (*rest == ' ')
		rest++;
	parse_call(rest, p);
	return true;
}

static const char *next_line(const char *p, char *line, size_t len)
{
	const char *eol = strchr(p, '\n');
	size_t n = eol ? (size_t)(eol - p) : strlen(p);

	if (!*p)
		return NULL;
	snprintf(line, len, "%.*s", (int)(n < len ? n : len - 1), p);
	return eol ? eol + 1 : p + n;
}

/* Both passes over the parsed lines: first the threads, then the calls. */
static void build(struct builder *b, const struct parsed *lines, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		index_in(b->tids, &b->nr_tids, MAX_THREADS, lines[i].tid);
	for (i = 0; i < nr; i++)
		take(b, &lines[i]);
}

static void start(struct builder *b, struct call_log *log, long main_tid)
{
	memset(b, 0, sizeof(*b));
	memset(log, 0, sizeof(*log));
	b->log = log;
	index_in(b->tids, &b->nr_tids, MAX_THREADS, main_tid);
	index_in(b->order, &b->nr_order, MAX_THREADS, main_tid);
}

static struct parsed *grow(struct parsed *lines, size_t nr)
{
	struct parsed *bigger = realloc(lines, (nr + 1) * sizeof(*lines));

	if (!bigger)
		abort();
	return bigger;
}

/* The same region as the golden files (cut_region); main is the marker's. */
int log_from_sctrace(const char *trace, struct call_log *log, const char **why)
{
	static struct builder b;
	const char *end = strstr(trace, MARK_END_TEXT);
	char *region = cut_region(trace, why);
	struct parsed *lines = NULL;
	char line[4096];
	const char *at;
	size_t nr = 0;
	long main_tid;

	if (!region)
		return -1;
	while (end > trace && end[-1] != '\n')
		end--;
	/* Without any prefix there is one thread: call it 0. */
	main_tid = line_tid(end) < 0 ? 0 : line_tid(end);
	start(&b, log, main_tid);
	for (at = region; (at = next_line(at, line, sizeof(line))); ) {
		lines = grow(lines, nr);
		parse_sctrace_line(line, main_tid, &lines[nr++]);
	}
	build(&b, lines, nr);
	free(lines);
	free(region);
	return 0;
}

/* The marker's enter, whole or split by another thread's line. */
static bool strace_marker(const char *line, int which)
{
	char text[48];
	const char *at;

	snprintf(text, sizeof(text), "getpriority(0x5c7a /* PRIO_??? */, %d", which);
	at = strstr(line, text);
	return at && (at[strlen(text)] == ')' || at[strlen(text)] == ' ');
}

/* strace -f -o FILE lines: "PID  call..."; the same region rule. */
int log_from_strace(const char *trace, struct call_log *log, const char **why)
{
	static struct builder b;
	struct parsed *lines = NULL, p;
	char line[4096];
	const char *at = trace;
	bool main_done = false;
	long main_tid = -1;
	size_t nr = 0;

	while ((at = next_line(at, line, sizeof(line))) && !strace_marker(line, 1))
		;
	if (!at || !parse_strace_line(line, &p)) {
		*why = "no begin marker in the strace log";
		return -1;
	}
	main_tid = p.tid;
	start(&b, log, main_tid);
	while ((at = next_line(at, line, sizeof(line)))) {
		if (!parse_strace_line(line, &p) || (main_done && p.tid == main_tid))
			continue;
		if (p.tid == main_tid && strace_marker(line, 2)) {
			main_done = true;
			continue;
		}
		lines = grow(lines, nr);
		lines[nr++] = p;
	}
	build(&b, lines, nr);
	free(lines);
	if (!main_done) {
		call_log_free(log);
		*why = "no end marker in the strace log";
		return -1;
	}
	return 0;
}

/*
 * Two lines agree on the call and result; and on the string where both
 * show one (sctrace shows an address where BPF could not read the page).
 */
static bool lines_agree(const char *ours, const char *theirs)
{
	const char *a = strstr(ours, STR_SEP), *b = strstr(theirs, STR_SEP);
	size_t na = a ? (size_t)(a - ours) : strlen(ours);
	size_t nb = b ? (size_t)(b - theirs) : strlen(theirs);

	if (na != nb || strncmp(ours, theirs, na))
		return false;
	return !a || !b || !strcmp(a, b);
}

/* Compares thread by thread: across threads the order is the scheduler's. */
const char *logs_differ(const struct call_log *ours, const struct call_log *theirs,
			char *buf, size_t len)
{
	int t;

	for (t = 1; t <= MAX_THREADS; t++) {
		char prefix[16];
		size_t i = 0, j = 0, n = 0;

		snprintf(prefix, sizeof(prefix), "t%d ", t);
		for (;;) {
			while (i < ours->nr && strncmp(ours->lines[i], prefix, strlen(prefix)))
				i++;
			while (j < theirs->nr && strncmp(theirs->lines[j], prefix, strlen(prefix)))
				j++;
			if (i == ours->nr && j == theirs->nr)
				break;
			n++;
			if (i == ours->nr || j == theirs->nr ||
			    !lines_agree(ours->lines[i], theirs->lines[j])) {
				snprintf(buf, len, "thread t%d, call %zu: sctrace '%s', strace '%s'",
					 t, n, i < ours->nr ? ours->lines[i] : "(nothing)",
					 j < theirs->nr ? theirs->lines[j] : "(nothing)");
				return buf;
			}
			i++;
			j++;
		}
	}
	return NULL;
}

void call_log_free(struct call_log *log)
{
	size_t i;

	for (i = 0; i < log->nr; i++)
		free(log->lines[i]);
	free(log->lines);
	memset(log, 0, sizeof(*log));
}
