// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beauty.h"
#include "compiler.h"
#include "normalize.h"
#include "pidns.h"
#include "sysent.h"

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
 * One word: an address, or a tid where a pid is printed (pid_pos), becomes
 * its name; anything else stays. Both vary from run to run (mappings,
 * stacks and the heap move even with ASLR off as the environment's size
 * changes; tids are the kernel's next free numbers); naming them by first
 * appearance keeps which is which. Hex below ADDR_MIN (flags, 0x1 as a
 * bad pointer) is no address and is compared, and so is hex that
 * no_address() places. A count or an fd equal to a tid stays a number,
 * so a decoder printing a tid there fails.
 */
static void rename_word(struct text *out, const char *w, size_t len, bool kept, bool pid_pos,
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
	} else if (pid_pos && all_of(w, len, isdigit) && known(tids, strtoull(w, NULL, 10))) {
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
	for (i = 0; i < ARRAY_SIZE(hex_sizes); i++)
		if (strlen(hex_sizes[i]) == (size_t)(w - 2 - name) &&
		    !strncmp(name, hex_sizes[i], w - 2 - name))
			return true;
	return false;
}

/* What a line is about, to tell where it prints a pid. */
struct line_facts {
	const char *body;	/* after the "[pid N] " prefix */
	char call[32];		/* the syscall's name; "" on +++ and --- lines */
	const char *result;	/* the result's first character, or NULL */
	unsigned long which;	/* argument 0 (which, idtype); ULONG_MAX if unknown */
};

/*
 * Calls whose result is a pid that pidns_is_pid_result() leaves out, as
 * strace decorates none of them with -Y: the child waited for.
 */
static const char *const waited_results[] = { "wait4", "waitpid" };

/*
 * Fields that hold a tid whatever the call: siginfo's sender or child (in
 * a --- line and in contents) and the tid clone3 wrote at parent_tid.
 */
static const char *const pid_fields[] = { "parent_tid", "si_pid" };

static bool in_list(const char *const *list, size_t nr, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (strlen(list[i]) == len && !strncmp(list[i], s, len))
			return true;
	return false;
}

/* The identifier ending at end (exclusive), from line on: its start. */
static const char *word_before(const char *line, const char *end)
{
	while (end > line && word_char(end[-1]))
		end--;
	return end;
}

/*
 * The value of argument 0 of "call(NAME: VALUE, ...": a number, or the
 * symbol's value if the argument prints as one (waitid's P_PID).
 */
static unsigned long first_arg(const char *call, const char *args, const char *eol)
{
	const char *colon = args, *v;
	const struct sysent_arg *arg;
	const struct symbol *syms;
	char name[32];
	size_t i, nr, len;
	bool flags;

	while (colon < eol && word_char(*colon))
		colon++;
	if (eol - colon < 3 || strncmp(colon, ": ", 2))
		return ULONG_MAX;
	v = colon + 2;
	if (isdigit((unsigned char)*v))
		return strtoul(v, NULL, 0);
	len = colon - args;
	if (len >= sizeof(name))
		return ULONG_MAX;
	memcpy(name, args, len);
	name[len] = '\0';
	arg = sysent_arg_find(call, name);
	syms = arg && arg->symbolic ? beauty_plain_table(arg->kind, &nr, &flags) : NULL;
	len = 0;
	while (v + len < eol && word_char(v[len]))
		len++;
	for (i = 0; syms && i < nr; i++)
		if (strlen(syms[i].name) == len && !strncmp(syms[i].name, v, len))
			return syms[i].value;
	return ULONG_MAX;
}

/* The last ") = " of [line, eol): strings in the arguments may hold one too. */
static const char *result_of(const char *line, const char *eol)
{
	const char *r;

	if (eol - line < 4)
		return NULL;
	for (r = eol - 4; r >= line; r--)
		if (!strncmp(r, ") = ", 4))
			return r + 4;
	return NULL;
}

/* The call of "NAME(...", "<... NAME resumed>...", and where its result is. */
static void read_line_facts(struct line_facts *f, const char *line, const char *eol)
{
	const char *name = line, *end = NULL, *args = NULL;

	if (line_tid(line) >= 0)
		end = memchr(line, ']', eol - line);
	if (end)
		name = end + 2 <= eol ? end + 2 : eol;
	f->body = name;
	if (eol - name > 5 && !strncmp(name, "<... ", 5))
		name += 5;
	for (end = name; end < eol && word_char(*end); end++)
		;
	if (end < eol && *end == '(')
		args = end + 1;
	else if (eol - end < 9 || strncmp(end, " resumed>", 9))
		end = name;
	snprintf(f->call, sizeof(f->call), "%.*s", (int)(end - name), name);
	f->result = *f->call ? result_of(end, eol) : NULL;
	f->which = args ? first_arg(f->call, args, eol) : ULONG_MAX;
}

/*
 * Whether the argument or field named [key, key + len) holds a pid on this
 * line: a pid argument, or one pointing at the tid the kernel wrote
 * (clone's parent_tidptr: [N]).
 */
static bool key_is_pid(const struct line_facts *f, const char *key, size_t len)
{
	const struct sysent_arg *sa;
	char arg[sizeof(f->call)];

	if (in_list(pid_fields, ARRAY_SIZE(pid_fields), key, len))
		return true;
	if (len >= sizeof(arg))
		return false;
	memcpy(arg, key, len);
	arg[len] = '\0';
	sa = sysent_arg_find(f->call, arg);
	return pidns_is_pid_arg(f->call, arg, f->which) || (sa && sa->content == CK_TID_OUT);
}

/*
 * Whether the word at w is where the line prints a pid, the only places a
 * tid may be renamed as they are the only ones the kernel's numbering
 * reaches: the "[pid N]" prefix (which task), the result of a call
 * returning a pid (the child forked, waited for, or the caller itself),
 * and the value of an argument or field that is one ("pid: N",
 * "si_pid=N", "parent_tid: [N]"). Which arguments are pids is the
 * tracer's own fact (pidns_is_pid_arg(), as -Y and --pidns-translation
 * decorate them), not a list of the normaliser's.
 */
static bool pid_position(const struct line_facts *f, const char *line, const char *w)
{
	const char *v = w, *key;

	if (w == line + 5 && line_tid(line) >= 0)
		return true;
	if (w < f->body)
		return false;
	if (w == f->result)
		return pidns_is_pid_result(f->call) ||
		       in_list(waited_results, ARRAY_SIZE(waited_results), f->call, strlen(f->call));
	if (v > f->body && v[-1] == '[')
		v--;
	if (v > f->body && v[-1] == '=')
		v--;
	else if (v - f->body >= 2 && !strncmp(v - 2, ": ", 2))
		v -= 2;
	else
		return false;
	key = word_before(f->body, v);
	return key < v && key_is_pid(f, key, v - key);
}

static void rename_line(struct text *out, const char *p, const char *end,
			const struct renames *tids, struct renames *tid_order,
			struct renames *addrs)
{
	const char *line = p;
	struct line_facts facts;

	read_line_facts(&facts, line, end);
	while (p < end) {
		const char *start = p;

		if (!word_char(*p)) {
			put(out, p++, 1);
			continue;
		}
		while (p < end && word_char(*p))
			p++;
		rename_word(out, start, p - start, no_address(line, start),
			    pid_position(&facts, line, start), tids, tid_order, addrs);
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
