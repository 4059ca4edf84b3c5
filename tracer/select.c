// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "fdpaths.h"
#include "select.h"
#include "socketcall.h"
#include "syscall_class.h"
#include "syscall_table.h"
#include "sysent.h"

/* Edit distance, for "did you mean": names are short. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[64];

	if (la >= 64 || lb >= 64)
		return (size_t)-1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* Of a call's two spellings (umount2 and umount), the closer to name. */
static const char *closer_spelling(const char *name, int machine,
				   const char *known, size_t *d)
{
	const char *tp_name = syscall_tracepoint_name(machine, known);
	size_t tp_d = distance(name, tp_name);

	*d = distance(name, known);
	if (tp_d >= *d)
		return known;
	*d = tp_d;
	return tp_name;
}

static const char *closest_name(const char *name, int machine)
{
	const char *best = NULL, *candidate;
	size_t best_d = (size_t)-1, d;
	long nr;

	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *known = syscall_name(machine, nr);

		if (!known)
			continue;
		candidate = closer_spelling(name, machine, known, &d);
		if (d < best_d) {
			best = candidate;
			best_d = d;
		}
	}
	return best;
}

/*
 * A call is selected by the name it prints as and by its tracepoint's
 * (newfstat for fstat, umount for umount2): both are the kernel's.
 */
static bool name_matches(const char *pattern, int machine, const char *name)
{
	return !fnmatch(pattern, name, 0) ||
	       !fnmatch(pattern, syscall_tracepoint_name(machine, name), 0);
}

/* Marks (or clears) one number, keeping the count. */
static void set_mark(struct syscall_set *set, long nr, bool on)
{
	if (set->nr[nr] != on)
		set->count += on ? 1 : -1;
	set->nr[nr] = on;
}

/* Marks (or clears) every number whose name matches; how many matched. */
static size_t apply(const char *pattern, int machine, struct syscall_set *set, bool on)
{
	size_t matched = 0;
	long nr;

	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *name = syscall_name(machine, nr);

		if (!name || !name_matches(pattern, machine, name))
			continue;
		matched++;
		set_mark(set, nr, on);
	}
	return matched;
}

/* Marks (or clears) every call of the classes cls; how many there are. */
static size_t apply_class(unsigned int cls, int machine, struct syscall_set *set, bool on)
{
	size_t matched = 0;
	long nr;

	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *name = syscall_name(machine, nr);

		if (!name || !(syscall_classes(machine, name) & cls))
			continue;
		matched++;
		set_mark(set, nr, on);
	}
	return matched;
}

/* Marks (or clears) every call a POSIX extended regex finds in its name. */
static int apply_regex(const char *re, int machine, struct syscall_set *set, bool on,
		       struct select_error *err)
{
	regex_t compiled;
	size_t matched = 0;
	long nr;
	int ret = regcomp(&compiled, re, REG_EXTENDED | REG_NOSUB);

	if (ret) {
		regerror(ret, &compiled, err->why, sizeof(err->why));
		regfree(&compiled);
		return -EINVAL;
	}
	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *name = syscall_name(machine, nr);

		if (!name || (regexec(&compiled, name, 0, NULL, 0) &&
			      regexec(&compiled, syscall_tracepoint_name(machine, name), 0, NULL, 0)))
			continue;
		matched++;
		set_mark(set, nr, on);
	}
	regfree(&compiled);
	return matched ? 0 : -ENOENT;
}

/*
 * One item: %class (or an old spelling: file), /regex, all, a name or
 * a glob. A name or regex that matches nothing is an error, unless
 * optional ("?name"); a glob's is judged by the whole list.
 */
static int apply_item(const char *item, bool optional, int machine, struct syscall_set *set,
		      bool on, struct select_error *err)
{
	unsigned int cls = syscall_class_parse(item);
	int ret;

	snprintf(err->name, sizeof(err->name), "%.*s", (int)sizeof(err->name) - 1, item);
	err->closest = NULL;
	err->why[0] = '\0';
	if (strchr(item, '@')) {
		snprintf(err->why, sizeof(err->why),
			 "refused: strace's personality suffixes (@64, @32, @x32) are not taken; sctrace selects by name in the kernel's own table, for every task");
		return -EINVAL;
	}
	if (cls) {
		apply_class(cls, machine, set, on);
		return 0;
	}
	if (item[0] == '/') {
		ret = apply_regex(item + 1, machine, set, on, err);
		return ret == -ENOENT && optional ? 0 : ret;
	}
	if (item[0] == '%') {
		snprintf(err->why, sizeof(err->why), "the classes are %s", syscall_class_names());
		return optional ? 0 : -ENOENT;
	}
	if (!strcmp(item, "all")) {
		apply("*", machine, set, on);
		return 0;
	}
	if (apply(item, machine, set, on) || strpbrk(item, "*?[") || optional)
		return 0;
	err->closest = closest_name(item, machine);
	return -ENOENT;
}

/* Whether an item after the first starts with '!'. */
static bool later_negated(const char *expr)
{
	const char *p;

	for (p = strchr(expr, ','); p; p = strchr(p + 1, ','))
		if (p[1] == '!')
			return true;
	return false;
}

/* "none" alone (or "!none"): strace takes it only so. */
static bool bad_none(const char *expr)
{
	const char *p;
	size_t len;

	for (p = expr;; p += len + 1) {
		p += *p == '!';
		len = strcspn(p, ",");
		if (len == 4 && !strncmp(p, "none", 4) && (p != expr + (*expr == '!') || p[len]))
			return true;
		if (!p[len])
			return false;
	}
}

/* Whether the item was a glob that matched nothing (left the set unchanged). */
static bool glob_unmatched(const char *item, int machine)
{
	struct syscall_set probe = { .count = 0 };

	return strpbrk(item, "*?[") && item[0] != '/' && !apply(item, machine, &probe, true);
}

/*
 * As strace's -e trace=: names, globs, %classes, /regexes, "?" before
 * one that may match nothing, all, none; a "!" before the list selects
 * every call but the list's. sctrace also takes "!" before a later item
 * (read,*stat*,!close): each item then adds or drops in turn, from every
 * call if the first is negated, else from none.
 */
int select_parse(const char *expr, int machine, struct syscall_set *set,
		 struct select_error *err)
{
	char item[256];
	const char *p;
	bool whole = expr[0] == '!' && !later_negated(expr), unmatched_glob = false;

	memset(set, 0, sizeof(*set));
	memset(err, 0, sizeof(*err));
	if (expr[0] == '!')
		apply("*", machine, set, true);
	if (bad_none(expr)) {
		snprintf(err->name, sizeof(err->name), "none");
		snprintf(err->why, sizeof(err->why), "none stands alone, as the whole list");
		return -EINVAL;
	}
	for (p = expr;; p++) {
		size_t len;
		bool negate = *p == '!' || whole, optional;
		int ret;

		p += *p == '!';
		optional = *p == '?';
		p += optional;
		len = strcspn(p, ",");
		if (len == 0 || len >= sizeof(item)) {
			snprintf(err->name, sizeof(err->name), "%.*s", (int)(len < 60 ? len : 60), p);
			return -EINVAL;
		}
		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		if (strcmp(item, "none")) {
			ret = apply_item(item, optional, machine, set, !negate, err);
			if (ret)
				return ret;
		}
		unmatched_glob |= glob_unmatched(item, machine);
		p += len;
		if (*p != ',')
			break;
	}
	if (!set->count && unmatched_glob) {
		snprintf(err->name, sizeof(err->name), "%s", expr);
		return -ENODATA;
	}
	return 0;
}

/*
 * The tracepoint filter: only the selected ids reach the ring buffer.
 * Runs of numbers become ranges, so even "!read" stays well inside the
 * kernel's one-page limit on a filter.
 */
int select_filter(const struct syscall_set *set, char *buf, size_t len)
{
	size_t used = 0;
	long nr, first;

	buf[0] = '\0';
	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		int n;

		if (!set->nr[nr])
			continue;
		for (first = nr; nr + 1 < SELECT_MAX_NR && set->nr[nr + 1]; nr++)
			;
		if (first == nr)
			n = snprintf(buf + used, len - used, "%sid == %ld",
				     used ? " || " : "", nr);
		else
			n = snprintf(buf + used, len - used, "%s(id >= %ld && id <= %ld)",
				     used ? " || " : "", first, nr);
		if (n < 0 || (size_t)n >= len - used)
			return -ENOSPC;
		used += n;
	}
	return used ? 0 : -ENOENT;
}

/* "A && (B)", or whichever of A and B is there. */
static void join_filters(char *buf, size_t len, const char *a, const char *b)
{
	if (*a && *b)
		snprintf(buf, len, "%s && (%s)", a, b);
	else
		snprintf(buf, len, "%s%s", a, b);
}

/*
 * A successful execveat's exit carries execve's number: with either
 * selected, both reach the printer, which pairs them and shows only
 * what -e selected (select_shows).
 */
static void add_exec_pair(struct syscall_set *set, int machine)
{
	long execve = syscall_number(machine, "execve"),
	     execveat = syscall_number(machine, "execveat");

	if (execve < 0 || execveat < 0 || !(set->nr[execve] || set->nr[execveat]))
		return;
	set_mark(set, execve, true);
	set_mark(set, execveat, true);
}

/*
 * s390x's C library makes some socket calls through socketcall (send,
 * recvfrom), which the printer shows as the call it makes: with any of
 * those selected, socketcall reaches the printer too, which shows a line
 * if -e selected the name it shows (select_shows).
 */
static void add_socketcall(struct syscall_set *set, int machine)
{
	long socketcall = syscall_number(machine, "socketcall");
	unsigned long call;

	for (call = 0; socketcall >= 0 && call < SOCKETCALL_CALLS; call++) {
		long nr = socketcall_syscall(machine, call);

		if (nr >= 0 && set->nr[nr]) {
			set_mark(set, socketcall, true);
			return;
		}
	}
}

/*
 * -y with -e: the calls that change what an fd is reach the printer too,
 * unshown, so that an fd's path follows the dup2s and opens -e left out.
 */
static void add_fd_calls(struct syscall_set *set, int machine)
{
	long nr;

	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *name = syscall_name(machine, nr);

		if (name && fdpaths_changes_fds(name))
			set_mark(set, nr, true);
	}
}

/* The calls whose records the kernel keeps for -e's selection set. */
static void select_in_kernel(const struct syscall_set *set, int machine, struct syscall_set *out)
{
	*out = *set;
	add_exec_pair(out, machine);
	add_socketcall(out, machine);
}

/* The line a bad -e says (err from select_parse); the exit status. */
static void select_error_text(const char *expr, int err, const struct select_error *bad,
			      char *text, size_t len)
{
	char name[ESCAPE_MSG_SIZE], shown[ESCAPE_MSG_SIZE];

	escape_str(name, sizeof(name), bad->name);
	escape_str(shown, sizeof(shown), expr);
	if (err == -ENOENT && bad->closest)
		snprintf(text, len, "unknown syscall '%s' in -e '%s'; did you mean '%s'?", name, shown, bad->closest);
	else if (err == -ENOENT && bad->name[0] == '%')
		snprintf(text, len, "unknown class '%s' in -e '%s'; %s", name, shown, bad->why);
	else if (err == -ENOENT)
		snprintf(text, len, "no syscall matches '%s' in -e '%s'; write '?%s' if that may be", name, shown, name);
	else if (err == -EINVAL && bad->why[0])
		snprintf(text, len, "bad '%s' in -e '%s': %s", name, shown, bad->why);
	else
		snprintf(text, len, "-e '%s' selects no syscall; give names or globs, like read,*stat*,!close", shown);
}

static int say_select_error(const char *expr, int err, const struct select_error *bad)
{
	char text[3 * ESCAPE_MSG_SIZE + 400];

	select_error_text(expr, err, bad, text, sizeof(text));
	diag("%s", text);
	return SCT_EXIT_USAGE;
}

int select_explained(const char *expr, int machine, struct syscall_set *set,
		     char *why, size_t why_len)
{
	struct select_error bad;
	int err = select_parse(expr, machine, set, &bad);

	if (err)
		select_error_text(expr, err, &bad, why, why_len);
	return err;
}

/* -e's ids, for sys_enter; for sys_exit, -1 too (see select_exit_kept). */
static int selection_filters(const char *expr, int machine, bool fds,
			     struct syscall_set *set, struct select_filters *f,
			     char *ids, size_t ids_len, char *exit_ids, size_t exit_len)
{
	struct select_error bad;
	struct syscall_set in_kernel;
	int err = select_parse(expr, machine, set, &bad);

	if (err)
		return say_select_error(expr, err, &bad);
	select_in_kernel(set, machine, &in_kernel);
	if (fds)
		add_fd_calls(&in_kernel, machine);
	f->in_kernel = in_kernel;
	/* none, or every call dropped: no syscall record (no task has a negative pid). */
	if (!in_kernel.count) {
		snprintf(ids, ids_len, "common_pid < 0");
		snprintf(exit_ids, exit_len, "common_pid < 0");
		return 0;
	}
	if (select_filter(&in_kernel, ids, ids_len))
		return say_select_error(expr, -ENODATA, &bad);
	snprintf(exit_ids, exit_len, "%s || id == -1", ids);
	return 0;
}

/*
 * The kernel-side filters: -e's selection (expr, or NULL for every call)
 * and, system-wide (self, sctrace's pid, not 0), sctrace kept out.
 * Errors are said; the exit status is returned.
 */
int select_build_filters(const char *expr, int machine, pid_t self, bool fds,
			 struct syscall_set *set, struct select_filters *f)
{
	char ids[3800] = "", exit_ids[3900] = "";
	int err;

	f->self[0] = '\0';
	if (self)
		snprintf(f->self, sizeof(f->self), "common_pid != %d", (int)self);
	if (expr) {
		err = selection_filters(expr, machine, fds, set, f, ids, sizeof(ids),
					exit_ids, sizeof(exit_ids));
		if (err)
			return err;
	}
	join_filters(f->enter, sizeof(f->enter), f->self, ids);
	join_filters(f->exit, sizeof(f->exit), f->self, exit_ids);
	return 0;
}

/* For -s counted in the kernel: no syscall record (no task has a negative pid). */
void select_no_syscalls(struct select_filters *f)
{
	strcpy(f->enter, "common_pid < 0");
	strcpy(f->exit, "common_pid < 0");
}
