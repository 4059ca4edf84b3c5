// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "normalize.h"
#include "oracle.h"

#define MAX_THREADS 64
#define RESULT_MAX 256

/* One parsed line: who, what, and how it ended (if it did on this line). */
struct parsed {
	long tid;
	char name[64];		/* a call's enter on this line */
	char resumed[64];	/* or the name in "<... NAME resumed>" */
	char result[RESULT_MAX];	/* after ") = "; empty for an unfinished enter */
	char *args;		/* the arguments this line shows (malloc'd) */
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
	char *pending_args[MAX_THREADS];	/* and the arguments its enter showed */
	bool ours;			/* sctrace's log: "name: value" arguments */
	struct call_log *log;
};

/*
 * The strings of a call's arguments, as lines "KEY=STRINGS\n": KEY the
 * argument's position, then ".FIELD" into a struct (by the field's
 * name, which both tools print) and ".N" into a list; STRINGS its
 * quoted strings in order, each with the "..." that says it was cut.
 * "#KEY=N": a list's length. Escaped strings hold no newline.
 *
 * sctrace's side lists only the values that show strings, and a list's
 * length only where it was not cut short ("..." last); strace's side
 * lists every value. So each string sctrace shows must be strace's at
 * the same place, and each list it shows whole as long as strace's.
 * Where the two legitimately differ, strace's strings are let pass:
 *  - a string sctrace could not read is its address (an exec'd child's
 *    argv, data in a page not yet faulted in at the call);
 *  - arguments and fields sctrace does not decode: uname's buffer,
 *    getdents64's entries, the address in strace's inet_addr("..."),
 *    sa_data, and so on, which sctrace shows bare or leaves out;
 *  - elements past a list sctrace cut shorter than strace does
 *    (sendmmsg's and recvmmsg's first 4 messages, 8 iovecs).
 * Struct fields are matched by name, as both tools print the kernel's.
 *
 * A value shown by constants' names only ("~KEY=O_RDONLY|O_CLOEXEC") is
 * compared too where strace names it as well: what varies from run to
 * run (numbers: pids, sizes, times; addresses) is what stays out; where
 * strace shows a number or a comment, sctrace's name is let pass.
 */
struct entries {
	char *text;
	size_t len;
	size_t cap;
};

static void entry_add(struct entries *e, const char *prefix, const char *key,
		      const char *value, size_t value_len)
{
	size_t need = strlen(prefix) + strlen(key) + value_len + 3;
	char *bigger;

	if (e->len + need > e->cap) {
		e->cap = (e->len + need) * 2;
		bigger = realloc(e->text, e->cap);
		if (!bigger)
			abort();
		e->text = bigger;
	}
	e->len += sprintf(e->text + e->len, "%s%s=%.*s\n", prefix, key, (int)value_len, value);
}

/* The closing quote of the string opening at s, or NULL. */
static const char *quote_end(const char *s, const char *end)
{
	for (s++; s < end; s++) {
		if (*s == '\\' && s + 1 < end)
			s++;
		else if (*s == '"')
			return s;
	}
	return NULL;
}

/* Where the item starting at s ends: the next ',' outside quotes and brackets. */
static const char *item_end(const char *s, const char *end)
{
	int depth = 0;

	for (; s < end; s++) {
		if (*s == '"') {
			s = quote_end(s, end);
			if (!s)
				return end;
		} else if (*s == '(' || *s == '[' || *s == '{') {
			depth++;
		} else if (*s == ')' || *s == ']' || *s == '}') {
			depth--;
		} else if (*s == ',' && !depth) {
			return s;
		}
	}
	return end;
}

static void trim(const char **s, const char **end)
{
	while (*s < *end && isspace((unsigned char)**s))
		++*s;
	while (*end > *s && isspace((unsigned char)(*end)[-1]))
		--*end;
}

/* A struct field's name: "name: " (sctrace) or "name=" (strace); its length or 0. */
static size_t field_name(const char *s, const char *end, const char **value)
{
	size_t n = 0;

	while (s + n < end && (isalnum((unsigned char)s[n]) || s[n] == '_'))
		n++;
	if (n && s + n + 1 < end && s[n] == ':' && s[n + 1] == ' ') {
		*value = s + n + 2;
		return n;
	}
	if (n && s + n < end && s[n] == '=') {
		*value = s + n + 1;
		return n;
	}
	return 0;
}

/*
 * A leaf that is only constants' names, "O_RDONLY|O_CLOEXEC", or a
 * signal set's "USR1 TERM RT_8": what a decoder made of a value, spelt
 * alike by both tools and the same in every run (numbers are not: pids,
 * sizes, times and addresses vary).
 */
static bool symbolic(const char *s, const char *end)
{
	bool name_start = true;

	if (s == end)
		return false;
	for (; s < end; s++) {
		if ((*s == '|' || *s == ' ') && !name_start)
			name_start = true;
		else if (name_start && isupper((unsigned char)*s))
			name_start = false;
		else if (name_start || !(isupper((unsigned char)*s) || isdigit((unsigned char)*s) ||
					 *s == '_'))
			return false;
	}
	return !name_start;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "~KEY=NAMES", the names sorted: each tool orders flags its own way. */
static void names_entry(struct entries *e, const char *key, const char *s, const char *end)
{
	char text[512], joined[512], *names[64], *save = NULL, *name;
	size_t nr = 0, len = 0, i;

	snprintf(text, sizeof(text), "%.*s", (int)(end - s), s);
	for (name = strtok_r(text, "| ", &save); name && nr < sizeof(names) / sizeof(names[0]);
	     name = strtok_r(NULL, "| ", &save))
		names[nr++] = name;
	qsort(names, nr, sizeof(names[0]), name_cmp);
	for (i = 0; i < nr; i++)
		len += snprintf(joined + len, sizeof(joined) - len, "%s%s", i ? "|" : "", names[i]);
	entry_add(e, "~", key, joined, strlen(joined));
}

/*
 * A leaf's quoted strings, each with its "...", one after the other; or,
 * without strings, its constants' names as "~KEY=NAMES".
 */
static void leaf(struct entries *e, const char *key, const char *s, const char *end, bool ours)
{
	char strings[4096];
	size_t len = 0;
	const char *q, *close;

	for (q = s; q < end && (q = memchr(q, '"', end - q)); q = close + 1) {
		close = quote_end(q, end);
		if (!close)
			break;
		if (close + 4 <= end && !strncmp(close + 1, "...", 3))
			close += 3;
		len += snprintf(strings + len, sizeof(strings) - len, "%.*s",
				(int)(close + 1 - q), q);
		if (len >= sizeof(strings))
			len = sizeof(strings) - 1;
	}
	if (len || !ours)
		entry_add(e, "", key, strings, len);
	if (!len && symbolic(s, end))
		names_entry(e, key, s, end);
}

static void walk(struct entries *e, const char *key, const char *s, const char *end, bool ours);

/* A struct's fields, by name; or a list's elements, by index. */
static void walk_items(struct entries *e, const char *key, const char *s, const char *end,
		       bool ours, bool list)
{
	char sub[256], count[16];
	const char *at, *stop, *value;
	size_t n = 0, name;
	bool cut = false;

	for (at = s; at < end; at = stop + 1) {
		stop = item_end(at, end);
		value = at;
		trim(&value, &stop);
		cut = list && stop - value == 3 && !strncmp(value, "...", 3);
		if (value == stop || cut)
			continue;
		if (list) {
			snprintf(sub, sizeof(sub), "%s.%zu", key, n++);
		} else {
			name = field_name(value, stop, &value);
			if (!name)
				continue;
			snprintf(sub, sizeof(sub), "%s.%.*s", key, (int)name,
				 value - name - (value[-1] == ' ' ? 2 : 1));
		}
		walk(e, sub, value, stop, ours);
	}
	if (list && (!ours || !cut)) {
		snprintf(count, sizeof(count), "%zu", n);
		entry_add(e, "#", key, count, strlen(count));
	}
}

static void walk(struct entries *e, const char *key, const char *s, const char *end, bool ours)
{
	trim(&s, &end);
	if (end - s >= 2 && ((*s == '{' && end[-1] == '}') || (*s == '[' && end[-1] == ']')))
		walk_items(e, key, s + 1, end - 1, ours, *s == '[');
	else
		leaf(e, key, s, end, ours);
}

/*
 * What a result says after its value, "1 ([{fd: 5, revents: POLLIN}])",
 * as entries of key "r": poll's revents. Only whole (not cut by the
 * result's buffer), in brackets or braces, and its first item: strace
 * adds ppoll's ", left {...}", which sctrace does not show.
 */
static void result_entries(struct entries *e, const char *result, bool ours)
{
	const char *open = strstr(result, " (");
	size_t len = strlen(result);

	if (!open || (open[2] != '[' && open[2] != '{') || len + 1 >= RESULT_MAX ||
	    result[len - 1] != ')')
		return;
	walk(e, "r", open + 2, item_end(open + 2, result + len - 1), ours);
}

/* The entries of a call's arguments, "name: " taken off sctrace's, and its result's. */
static char *args_entries(const char *args, const char *result, bool ours)
{
	struct entries e = { 0 };
	const char *at, *stop, *end = args + strlen(args), *value;
	char key[16];
	int i = 0;

	for (at = args; at < end; at = stop + 1, i++) {
		stop = item_end(at, end);
		value = at;
		trim(&value, &stop);
		if (ours)
			field_name(value, stop, &value);
		snprintf(key, sizeof(key), "%d", i);
		walk(&e, key, value, stop, ours);
	}
	result_entries(&e, result, ours);
	return e.text ?: strdup("");
}

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

/*
 * "-1 ENOENT (...)" -> "-1 ENOENT"; a pid result that is a traced tid ->
 * <tN>; an address -> <aN>. A count equal to a tid stays a count.
 */
static void result_key(struct builder *b, const char *call, const char *r, char *key,
		       size_t len)
{
	char first[64] = "", second[64] = "";
	char *end;
	long v;

	sscanf(r, "%63s %63s", first, second);
	v = strtol(first, &end, 0);
	if (*end == '\0' && !strncmp(first, "0x", 2) && (unsigned long)v >= 0x10000) {
		size_t i = index_in((long *)b->addrs, &b->nr_addrs, 256, v);

		snprintf(key, len, "<a%zu>", i + 1);
	} else if (*end == '\0' && is_tid(b, v) && result_is_pid(call)) {
		snprintf(key, len, "<t%d>",
			 index_in(b->order, &b->nr_order, MAX_THREADS, v) + 1);
	} else if ((!strcmp(first, "-1") || !strcmp(first, "?")) && second[0] == 'E') {
		snprintf(key, len, "%s %s", first, second);
	} else {
		snprintf(key, len, "%s", first);
	}
}

static void *grow_array(void *array, size_t nr)
{
	void *bigger = realloc(array, (nr + 1) * sizeof(char *));

	if (!bigger)
		abort();
	return bigger;
}

static void add_line(struct builder *b, long tid, const char *name, const char *result,
		     const char *args)
{
	char key[96], line[256];
	int t = index_in(b->order, &b->nr_order, MAX_THREADS, tid);
	struct call_log *log = b->log;

	result_key(b, name, result, key, sizeof(key));
	snprintf(line, sizeof(line), "t%d %s = %s", t + 1, name, key);
	log->lines = grow_array(log->lines, log->nr);
	log->strings = grow_array(log->strings, log->nr);
	log->lines[log->nr] = strdup(line);
	log->strings[log->nr++] = args_entries(args, result, b->ours);
}

/* An unfinished enter's arguments, then its resumed line's: one list. */
static char *joined_args(const char *enter, const char *exit)
{
	char *args;

	if (asprintf(&args, "%s%s%s", enter, *enter && *exit ? ", " : "", exit) < 0)
		abort();
	return args;
}

/*
 * A resumed line without its enter in the region is an exit whose call
 * began before tracing could see it (a new thread's clone return, which
 * strace never shows): not a call to compare.
 */
static void take(struct builder *b, const struct parsed *p)
{
	int t = index_in(b->order, &b->nr_order, MAX_THREADS, p->tid);

	char *args;

	if (p->skip || t < 0)
		return;
	if (!p->result[0]) {
		snprintf(b->pending[t], sizeof(b->pending[t]), "%s", p->name);
		free(b->pending_args[t]);
		b->pending_args[t] = strdup(p->args);
		return;
	}
	if (p->name[0]) {
		add_line(b, p->tid, p->name, p->result, p->args);
	} else if (b->pending[t][0]) {
		args = joined_args(b->pending_args[t] ?: "", p->args);
		add_line(b, p->tid, b->pending[t], p->result, args);
		free(args);
	}
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

#define UNFINISHED " <unfinished ...>"

/*
 * The arguments a line shows: after "NAME(" or "resumed>", up to the
 * ")" of the result or " <unfinished ...>"; strace's ", " before that
 * taken off.
 */
static char *line_args(const char *s, const char *result)
{
	const char *from = strncmp(s, "<... ", 5) ? strchr(s, '(') : strstr(s, "resumed>");
	const char *to = result;
	char *args;

	if (!from)
		return strdup("");
	from += *from == '(' ? 1 : strlen("resumed>");
	if (to) {
		to -= 2;
		while (to > from && to[-1] == ' ')
			to--;
		if (to > from && to[-1] == ')')
			to--;
	} else {
		to = strstr(from, UNFINISHED);
		to = to ? to : from + strlen(from);
	}
	while (to > from && (to[-1] == ' ' || to[-1] == ','))
		to--;
	if (asprintf(&args, "%.*s", to > from ? (int)(to - from) : 0, from) < 0)
		abort();
	return args;
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
	p->args = line_args(s, r);
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
static void build(struct builder *b, struct parsed *lines, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		index_in(b->tids, &b->nr_tids, MAX_THREADS, lines[i].tid);
	for (i = 0; i < nr; i++) {
		take(b, &lines[i]);
		free(lines[i].args);
	}
	for (i = 0; i < MAX_THREADS; i++)
		free(b->pending_args[i]);
}

static void start(struct builder *b, struct call_log *log, long main_tid, bool ours)
{
	memset(b, 0, sizeof(*b));
	memset(log, 0, sizeof(*log));
	b->log = log;
	b->ours = ours;
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
	start(&b, log, main_tid, true);
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
	free(p.args);
	start(&b, log, main_tid, false);
	while ((at = next_line(at, line, sizeof(line)))) {
		if (!parse_strace_line(line, &p))
			continue;
		if (p.tid == main_tid && !main_done && strace_marker(line, 2))
			main_done = true;
		if (main_done && p.tid == main_tid) {
			free(p.args);
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

/* The entry whose line starts with key (its "=" included), or NULL. */
static const char *entry_of(const char *entries, const char *key, size_t key_len)
{
	const char *at;

	for (at = entries; *at; at = strchr(at, '\n') + 1)
		if (!strncmp(at, key, key_len))
			return at;
	return NULL;
}

/* The first of sctrace's entries that strace lacks or has otherwise. */
static const char *strings_differ(const char *ours, const char *theirs, char *buf, size_t len)
{
	const char *at, *eol, *found;
	size_t key_len;

	for (at = ours; *at; at = eol + 1) {
		eol = strchr(at, '\n');
		key_len = strcspn(at, "=") + 1;
		found = entry_of(theirs, at, key_len);
		if (found && !strncmp(found, at, eol + 1 - at))
			continue;
		/* Names where strace shows a number or a comment are not compared. */
		if (!found && *at == '~')
			continue;
		snprintf(buf, len, "%.*s where strace has %.*s", (int)(eol - at), at,
			 found ? (int)strcspn(found, "\n") : 7, found ?: "nothing");
		return buf;
	}
	return NULL;
}

/* Compares thread by thread: across threads the order is the scheduler's. */
const char *logs_differ(const struct call_log *ours, const struct call_log *theirs,
			char *buf, size_t len)
{
	char strings[1024];
	const char *which;
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
			which = i == ours->nr || j == theirs->nr ||
				strcmp(ours->lines[i], theirs->lines[j]) ? "the call" :
				strings_differ(ours->strings[i], theirs->strings[j], strings,
					       sizeof(strings));
			if (which) {
				snprintf(buf, len, "thread t%d, call %zu: sctrace '%s', strace '%s': %s",
					 t, n, i < ours->nr ? ours->lines[i] : "(nothing)",
					 j < theirs->nr ? theirs->lines[j] : "(nothing)", which);
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

	for (i = 0; i < log->nr; i++) {
		free(log->lines[i]);
		free(log->strings[i]);
	}
	free(log->lines);
	free(log->strings);
	memset(log, 0, sizeof(*log));
}
