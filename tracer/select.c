// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "fdpaths.h"
#include "select.h"
#include "socketcall.h"
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

/*
 * "read,*stat*,!close": names and globs select, "!" ones deselect. A list
 * of only "!" items starts from every call, as with strace -e.
 */
int select_parse(const char *expr, int machine, struct syscall_set *set,
		 struct select_error *err)
{
	char item[64];
	const char *p = expr;
	bool only_negated = true;

	memset(set, 0, sizeof(*set));
	for (p = expr; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ','))
		if (*p != '!')
			only_negated = false;
	if (only_negated)
		apply("*", machine, set, true);
	for (p = expr;; p++) {
		size_t len = strcspn(p, ",");
		bool negate = *p == '!';

		if (negate) {
			p++;
			len--;
		}
		if (len == 0 || len >= sizeof(item)) {
			snprintf(err->name, sizeof(err->name), "%.*s", (int)(len < 60 ? len : 60), p);
			err->closest = NULL;
			return -EINVAL;
		}
		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		if (!apply(item, machine, set, !negate) && !strpbrk(item, "*?[")) {
			snprintf(err->name, sizeof(err->name), "%s", item);
			err->closest = closest_name(item, machine);
			return -ENOENT;
		}
		p += len;
		if (*p != ',')
			return 0;
	}
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

/* -e's ids, for sys_enter; for sys_exit, -1 too (see select_exit_kept). */
static int selection_filters(const char *expr, int machine, bool fds,
			     struct syscall_set *set, struct select_filters *f,
			     char *ids, size_t ids_len, char *exit_ids, size_t exit_len)
{
	char name[ESCAPE_MSG_SIZE], shown[ESCAPE_MSG_SIZE];
	struct select_error bad;
	struct syscall_set in_kernel;
	int err = select_parse(expr, machine, set, &bad);

	if (err == -ENOENT && bad.closest) {
		diag("unknown syscall '%s' in -e '%s'; did you mean '%s'?",
		     escape_str(name, sizeof(name), bad.name),
		     escape_str(shown, sizeof(shown), expr), bad.closest);
		return SCT_EXIT_USAGE;
	}
	select_in_kernel(set, machine, &in_kernel);
	if (fds && !err)
		add_fd_calls(&in_kernel, machine);
	f->in_kernel = in_kernel;
	if (err || select_filter(&in_kernel, ids, ids_len)) {
		diag("-e '%s' selects no syscall; give names or globs, like read,*stat*,!close",
		     escape_str(shown, sizeof(shown), expr));
		return SCT_EXIT_USAGE;
	}
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
