// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "select.h"
#include "syscall_table.h"

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
		if (set->nr[nr] != on)
			set->count += on ? 1 : -1;
		set->nr[nr] = on;
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
