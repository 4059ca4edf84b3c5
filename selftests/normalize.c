// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "normalize.h"

#define MAX_NAMES 4096
#define ADDR_MIN 0x10000

/* Values renamed in order of first appearance. */
struct renames {
	uint64_t values[MAX_NAMES];
	size_t nr;
};

static size_t rename_index(struct renames *r, uint64_t v)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		if (r->values[i] == v)
			return i + 1;
	if (r->nr == MAX_NAMES)
		return 0;
	r->values[r->nr++] = v;
	return r->nr;
}

static bool known(const struct renames *r, uint64_t v)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		if (r->values[i] == v)
			return true;
	return false;
}

/* A growing output string. */
struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *t, const char *s, size_t len)
{
	if (t->len + len + 1 > t->cap) {
		t->cap = (t->len + len + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	memcpy(t->s + t->len, s, len);
	t->len += len;
	t->s[t->len] = '\0';
}

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}


/* The tids of every "[pid N] " prefix in [from, to). */
static void collect_tids(const char *from, const char *to, struct renames *tids)
{
	const char *p = from;

	while (p < to) {
		const char *eol = memchr(p, '\n', to - p);

		if (line_tid(p) >= 0)
			rename_index(tids, line_tid(p));
		p = eol ? eol + 1 : to;
	}
}

static bool all_of(const char *s, size_t len, int (*is)(int))
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is((unsigned char)s[i]))
			return false;
	return len > 0;
}

/*
 * One word: an address or a tid becomes its name, anything else stays.
 * Both vary from run to run (mappings, stacks and the heap move even
 * with ASLR off as the environment's size changes; tids are the
 * kernel's next free numbers); naming them by first appearance keeps
 * which is which. Hex below ADDR_MIN (flags, 0x1 as a bad pointer) is
 * no address and is compared, and so is hex that no_address() places.
 */
static void rename_word(struct text *out, const char *w, size_t len, bool kept,
			const struct renames *tids, struct renames *tid_order,
			struct renames *addrs)
{
	char name[32];

	if (len > 2 && w[0] == '0' && w[1] == 'x' && all_of(w + 2, len - 2, isxdigit)) {
		uint64_t v = strtoull(w, NULL, 16);

		if (v >= ADDR_MIN && !kept) {
			snprintf(name, sizeof(name), "<a%zu>", rename_index(addrs, v));
			put(out, name, strlen(name));
			return;
		}
	} else if (all_of(w, len, isdigit) && known(tids, strtoull(w, NULL, 10))) {
		snprintf(name, sizeof(name), "<t%zu>",
			 rename_index(tid_order, strtoull(w, NULL, 10)));
		put(out, name, strlen(name));
		return;
	}
	put(out, w, len);
}

/*
 * Fields shown in hex that hold no address: the same in every run. A
 * suffix rule would not do: getsockopt's optlen and accept's
 * upeer_addrlen are pointers.
 */
static const char *const hex_sizes[] = { "stack_size" };

/*
 * Hex that is no address whatever its size: the bits a flag set has no
 * name for ("O_RDONLY|0x100000"), and a field of hex_sizes[].
 */
static bool no_address(const char *line, const char *w)
{
	const char *name = w - 2;
	size_t i;

	if (w > line && w[-1] == '|')
		return true;
	if (w - line < 3 || strncmp(w - 2, ": ", 2))
		return false;
	while (name > line && word_char(name[-1]))
		name--;
	for (i = 0; i < sizeof(hex_sizes) / sizeof(hex_sizes[0]); i++)
		if (strlen(hex_sizes[i]) == (size_t)(w - 2 - name) &&
		    !strncmp(name, hex_sizes[i], w - 2 - name))
			return true;
	return false;
}

static void rename_line(struct text *out, const char *p, const char *end,
			const struct renames *tids, struct renames *tid_order,
			struct renames *addrs)
{
	const char *line = p;

	while (p < end) {
		const char *start = p;

		if (!word_char(*p)) {
			put(out, p++, 1);
			continue;
		}
		while (p < end && word_char(*p))
			p++;
		rename_word(out, start, p - start, no_address(line, start), tids, tid_order,
			    addrs);
	}
}

/* The tid of a "[pid N] " prefix, or -1 for a line without one. */
long line_tid(const char *line)
{
	return strncmp(line, "[pid ", 5) ? -1 : strtol(line + 5, NULL, 10);
}

/*
 * The region: after the begin marker, the main thread's lines up to its
 * end marker and every other task's lines to the end of the trace (what
 * a thread does after main's marker is still the case's).
 */
char *cut_region(const char *trace, const char **why)
{
	const char *begin = strstr(trace, MARK_BEGIN_TEXT);
	const char *end, *p;
	struct text out = { 0 };
	long main_tid;

	if (!begin || !(begin = strchr(begin, '\n'))) {
		*why = "no begin marker in the trace";
		return NULL;
	}
	end = strstr(++begin, MARK_END_TEXT);
	if (!end) {
		*why = "no end marker in the trace";
		return NULL;
	}
	while (end > begin && end[-1] != '\n')
		end--;
	main_tid = line_tid(end);
	put(&out, begin, end - begin);
	for (p = end; *p; ) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);
		long tid = line_tid(p);

		if (tid >= 0 && tid != main_tid)
			put(&out, p, len);
		p += len;
	}
	return out.s;
}

char *normalize_trace(const char *trace, const char **why)
{
	static struct renames tids, tid_order, addrs;
	char *region = cut_region(trace, why);
	struct text out = { 0 };
	const char *p, *end;

	if (!region)
		return NULL;
	end = region + strlen(region);
	tids.nr = tid_order.nr = addrs.nr = 0;
	collect_tids(region, end, &tids);
	put(&out, "", 0);
	for (p = region; p < end; ) {
		const char *eol = memchr(p, '\n', end - p);

		eol = eol ? eol + 1 : end;
		rename_line(&out, p, eol, &tids, &tid_order, &addrs);
		p = eol;
	}
	free(region);
	return out.s;
}

/* Golden files may explain themselves in lines starting with '#'. */
char *strip_comments(const char *golden)
{
	struct text out = { 0 };
	const char *p = golden;

	put(&out, "", 0);
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);

		if (*p != '#')
			put(&out, p, len);
		p += len;
	}
	return out.s;
}

/* The end of a quoted string starting at s (after its closing quote). */
static const char *skip_quoted(const char *s, const char *end)
{
	for (s++; s < end && *s != '"'; s++)
		if (*s == '\\' && s + 1 < end)
			s++;
	return s < end ? s + 1 : end;
}

/* The end of a [...] or {...} value, quotes and nesting respected. */
static const char *skip_nested(const char *s, const char *end)
{
	int depth = 0;

	while (s < end) {
		if (*s == '"') {
			s = skip_quoted(s, end);
			continue;
		}
		if (*s == '[' || *s == '{')
			depth++;
		else if ((*s == ']' || *s == '}') && !--depth)
			return s + 1;
		s++;
	}
	return end;
}

/* The end of an argument's value if it shows contents (or an address). */
static const char *contents_end(const char *s, const char *end)
{
	const char *v;

	if (*s == '"')
		v = skip_quoted(s, end);
	else if (*s == '[' || *s == '{')
		v = skip_nested(s, end);
	else if (*s == '~' && end - s > 1 && s[1] == '[')
		/* A signal set shown by the signals not in it. */
		v = skip_nested(s + 1, end);
	else if (!strncmp(s, "<a", 2) && (v = memchr(s, '>', end - s)))
		v++;
	else
		return NULL;
	if (end - v >= 3 && !strncmp(v, "...", 3))
		v += 3;
	if (end - v > 4 && !strncmp(v, " /* ", 4) && (s = strstr(v, " */")) && s < end)
		v = s + 3;
	return v;
}

/* A line that waits or resumes: its arguments split where it was cut. */
static bool reduce_split_line(struct text *out, const char *p, const char *eol)
{
	const char *cut = strstr(p, " <unfinished ...>");
	const char *resumed = strstr(p, " resumed>");
	const char *open = memchr(p, '(', eol - p);
	const char *close;

	if (cut && cut < eol && open && open < cut) {
		put(out, p, open + 1 - p);
		put(out, "<args>", 6);
		put(out, cut, eol - cut);
		return true;
	}
	if (!resumed || resumed >= eol)
		return false;
	for (close = eol - 1; close > resumed && strncmp(close, ") = ", 4); close--)
		;
	if (close == resumed)
		return false;
	put(out, p, resumed + 9 - p);
	put(out, "<args>", 6);
	put(out, close, eol - close);
	return true;
}

/* The end of an <aN> address name, or NULL. */
static const char *address_end(const char *s, const char *end)
{
	const char *v = s + 2;

	if (end - s < 4 || strncmp(s, "<a", 2) || !isdigit((unsigned char)*v))
		return NULL;
	while (v < end && isdigit((unsigned char)*v))
		v++;
	return v < end && *v == '>' ? v + 1 : NULL;
}

/*
 * One line: every contents value and address as <p> (a result's too:
 * their numbers count the addresses before them, fewer with contents),
 * a result's "([...])" dropped (poll's revents): what a run without
 * contents cannot show, and nothing else.
 */
static void reduce_line(struct text *out, const char *p, const char *eol)
{
	const char *result = strstr(p, ") = ");
	const char *v;

	if (result >= eol)
		result = NULL;
	if (reduce_split_line(out, p, eol))
		return;
	while (p < eol) {
		if (!strncmp(p, ": ", 2) && (!result || p < result) &&
		    (v = contents_end(p + 2, eol))) {
			put(out, ": <p>", 5);
			p = v;
			continue;
		}
		if ((v = address_end(p, eol))) {
			put(out, "<p>", 3);
			p = v;
			continue;
		}
		if (result && p > result && !strncmp(p, " ([", 3)) {
			v = skip_nested(p + 2, eol);
			p = v < eol && *v == ')' ? v + 1 : v;
			continue;
		}
		put(out, p, 1);
		p++;
	}
}

char *reduce_contents(const char *text)
{
	struct text out = { 0 };
	const char *p = text;

	put(&out, "", 0);
	while (*p) {
		const char *eol = strchr(p, '\n');

		eol = eol ? eol + 1 : p + strlen(p);
		reduce_line(&out, p, eol);
		p = eol;
	}
	return out.s;
}

/* Both texts reduced in place (either may be NULL: it stays NULL). */
void reduce_both(char **ours, char **want)
{
	char *a = *ours ? reduce_contents(*ours) : NULL;
	char *b = *want ? reduce_contents(*want) : NULL;

	free(*ours);
	free(*want);
	*ours = a;
	*want = b;
}
