// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "stats_spec.h"

/* A spelling strace 6.1 accepts, and what it means; sorted by name. */
struct spelling {
	const char *name;
	int value;
};

/* -S, with '_' read as '-' as strace does. */
static const struct spelling sorts[] = {
	{ "avg-time", STATS_BY_AVG_TIME },
	{ "calls", STATS_BY_CALLS },
	{ "count", STATS_BY_CALLS },
	{ "error", STATS_BY_ERRORS },
	{ "errors", STATS_BY_ERRORS },
	{ "longest", STATS_BY_MAX_TIME },
	{ "max-time", STATS_BY_MAX_TIME },
	{ "min-time", STATS_BY_MIN_TIME },
	{ "name", STATS_BY_NAME },
	{ "none", STATS_BY_NOTHING },
	{ "nothing", STATS_BY_NOTHING },
	{ "shortest", STATS_BY_MIN_TIME },
	{ "syscall", STATS_BY_NAME },
	{ "syscall-name", STATS_BY_NAME },
	{ "time", STATS_BY_TIME },
	{ "time-avg", STATS_BY_AVG_TIME },
	{ "time-max", STATS_BY_MAX_TIME },
	{ "time-min", STATS_BY_MIN_TIME },
	{ "time-percent", STATS_BY_TIME },
	{ "time-total", STATS_BY_TIME },
	{ "total-time", STATS_BY_TIME },
};

/* -U's items, likewise. */
static const struct spelling columns[] = {
	{ "avg-time", STATS_AVG_TIME },
	{ "calls", STATS_CALLS },
	{ "count", STATS_CALLS },
	{ "error", STATS_ERRORS },
	{ "errors", STATS_ERRORS },
	{ "longest", STATS_MAX_TIME },
	{ "max-time", STATS_MAX_TIME },
	{ "min-time", STATS_MIN_TIME },
	{ "name", STATS_NAME },
	{ "shortest", STATS_MIN_TIME },
	{ "syscall", STATS_NAME },
	{ "syscall-name", STATS_NAME },
	{ "time", STATS_TIME_PERCENT },
	{ "time-avg", STATS_AVG_TIME },
	{ "time-max", STATS_MAX_TIME },
	{ "time-min", STATS_MIN_TIME },
	{ "time-percent", STATS_TIME_PERCENT },
	{ "time-total", STATS_TOTAL_TIME },
	{ "total-time", STATS_TOTAL_TIME },
};

/* -O's units, in nanoseconds; no unit means microseconds. */
static const struct spelling units[] = {
	{ "", 1000 },
	{ "ms", 1000000 },
	{ "ns", 1 },
	{ "s", 1000000000 },
	{ "us", 1000 },
};

/* strace's default -U: time-percent,total-time,avg-time,calls,errors,name. */
static const unsigned char default_columns[] = {
	STATS_TIME_PERCENT, STATS_TOTAL_TIME, STATS_AVG_TIME, STATS_CALLS,
	STATS_ERRORS, STATS_NAME,
};

/* The longest spelling, with room for its '\0'. */
#define SPELLING_MAX 16

/* Beyond any overhead a call could be given: about 11 days. */
#define OVERHEAD_MAX_NS 1e15

static int spelling_cmp(const void *a, const void *b)
{
	return strcmp(((const struct spelling *)a)->name,
		      ((const struct spelling *)b)->name);
}

static const struct sorted_table stats_spec_tables[] = {
	SORTED_TABLE(sorts, spelling_cmp),
	SORTED_TABLE(columns, spelling_cmp),
	SORTED_TABLE(units, spelling_cmp),
};

const struct sorted_table *stats_spec_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(stats_spec_tables);
	return stats_spec_tables;
}

/* The value of the first len bytes of word in table ('_' as '-'), or -1. */
static int lookup(const struct spelling *table, size_t nr, const char *word, size_t len)
{
	char name[SPELLING_MAX];
	const struct spelling key = { name, 0 }, *found;
	size_t i;

	if (len >= sizeof(name))
		return -1;
	for (i = 0; i < len; i++)
		name[i] = word[i] == '_' ? '-' : word[i];
	name[len] = '\0';
	found = bsearch(&key, table, nr, sizeof(*table), spelling_cmp);
	return found ? found->value : -1;
}

static int take_sort(const char *arg, struct stats_spec *spec)
{
	char shown[ESCAPE_MSG_SIZE];
	int sort = lookup(sorts, ARRAY_SIZE(sorts), arg, strlen(arg));

	if (sort < 0) {
		diag("bad -S '%s': sort by time, min-time, max-time, avg-time, calls, errors, name or nothing, as strace -S",
		     escape_str(shown, sizeof(shown), arg));
		return SCT_EXIT_USAGE;
	}
	spec->sort = sort;
	spec->sort_given = true;
	return 0;
}

/* Adds the column named by item (len bytes); an unknown or repeated one is an error. */
static int add_column(const char *arg, const char *item, size_t len,
		      struct stats_spec *spec, bool *seen)
{
	char shown[ESCAPE_MSG_SIZE], word[ESCAPE_MSG_SIZE], shown_word[ESCAPE_MSG_SIZE];
	int col = lookup(columns, ARRAY_SIZE(columns), item, len);

	if (col >= 0 && !seen[col]) {
		seen[col] = true;
		spec->columns[spec->nr_columns++] = col;
		return 0;
	}
	snprintf(word, sizeof(word), "%.*s", (int)(len < sizeof(word) ? len : sizeof(word) - 1), item);
	escape_str(shown, sizeof(shown), arg);
	if (col >= 0)
		diag("bad -U '%s': the column '%s' is given twice; name each column once",
		     shown, escape_str(shown_word, sizeof(shown_word), word));
	else
		diag("bad -U '%s': no column '%s'; give some of time-percent, total-time, min-time, max-time, avg-time, calls, errors, name, separated by commas",
		     shown, escape_str(shown_word, sizeof(shown_word), word));
	return SCT_EXIT_USAGE;
}

/* -U: the columns in the order given, the name last if not given; the last -U counts. */
static int take_columns(const char *arg, struct stats_spec *spec)
{
	bool seen[STATS_NR_COLUMNS] = { false };
	const char *item = arg;
	int ret;

	spec->nr_columns = 0;
	for (;;) {
		size_t len = strcspn(item, ",");

		ret = add_column(arg, item, len, spec, seen);
		if (ret)
			return ret;
		if (!item[len])
			break;
		item += len + 1;
	}
	if (!seen[STATS_NAME])
		spec->columns[spec->nr_columns++] = STATS_NAME;
	return 0;
}

/* -O: strace's time format, a number then s, ms, us or ns (microseconds without). */
static int take_overhead(const char *arg, struct stats_spec *spec)
{
	char shown[ESCAPE_MSG_SIZE];
	char *end;
	double v;
	int unit;

	v = strtod(arg, &end);
	unit = end == arg ? -1 : lookup(units, ARRAY_SIZE(units), end, strlen(end));
	if (unit < 0 || !isfinite(v) || v < 0 || v * unit > OVERHEAD_MAX_NS) {
		diag("bad -O '%s': give a time of 0 or more, in microseconds or with a unit (s, ms, us, ns), like 2us, as strace -O",
		     escape_str(shown, sizeof(shown), arg));
		return SCT_EXIT_USAGE;
	}
	spec->overhead_ns = (uint64_t)(v * unit + 0.5);
	spec->overhead_given = true;
	return 0;
}

/* -S, -U or -O: 0, or the exit code after its line; -1 for any other option. */
int stats_spec_option(int c, const char *arg, struct stats_spec *spec)
{
	switch (c) {
	case 'S':
		return take_sort(arg, spec);
	case 'U':
		return take_columns(arg, spec);
	case 'O':
		return take_overhead(arg, spec);
	default:
		return -1;
	}
}

/* As strace: -S, -U and -O without the table they shape are said to do nothing. */
void stats_spec_check(const struct stats_spec *spec)
{
	if (spec->shown)
		return;
	if (spec->sort_given)
		diag("warning: -S has no effect without -c or -C: it orders their table");
	if (spec->nr_columns)
		diag("warning: -U has no effect without -c or -C: it chooses their table's columns");
	if (spec->overhead_given)
		diag("warning: -O has no effect without -c or -C: it is taken off their table's times");
}

/* The columns to show, in order: -U's, or strace's default. */
size_t stats_spec_columns(const struct stats_spec *spec, const unsigned char **cols)
{
	if (spec->nr_columns) {
		*cols = spec->columns;
		return spec->nr_columns;
	}
	*cols = default_columns;
	return ARRAY_SIZE(default_columns);
}
