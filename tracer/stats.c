// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "stats.h"

/*
 * strace's -c table: all threads together, one row per syscall, in the
 * columns of -U and the order of -S, then a total row.
 */

/* One row of the table: a syscall's, or the total. */
struct stats_row {
	const char *name;
	long nr;
	uint64_t calls;
	uint64_t errors;
	uint64_t total_ns;
	uint64_t min_ns;
	uint64_t max_ns;
};

/* What a cell needs besides its row. */
struct stats_table {
	uint64_t total_ns;	/* of every row: the 100% */
	bool total_row;		/* the row being written is the total */
};

/* Enough for any cell but the name, which is written as it is. */
#define CELL_SIZE 32

struct column_shape {
	const char *header;
	int width;
	void (*cell)(char *text, const struct stats_row *row, const struct stats_table *t);
};

/* strace's name column: at least this wide, else the longest name and a space. */
#define NAME_WIDTH_MIN 16

/* Calls that never return: strace counts a call at its return. */
static const char *const no_return[] = { "exit", "exit_group" };

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const struct sorted_table stats_tables[] = {
	SORTED_TABLE(no_return, name_cmp),
};

const struct sorted_table *stats_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(stats_tables);
	return stats_tables;
}

static void cell_percent(char *text, const struct stats_row *row, const struct stats_table *t)
{
	double pct = t->total_row ? 100.0 :
		     t->total_ns ? 100.0 * row->total_ns / t->total_ns : 0.0;

	snprintf(text, CELL_SIZE, "%.2f", pct);
}

static void cell_total(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	snprintf(text, CELL_SIZE, "%.6f", row->total_ns / 1e9);
}

static void cell_min(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	snprintf(text, CELL_SIZE, "%.6f", row->calls ? row->min_ns / 1e9 : 0.0);
}

static void cell_max(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	snprintf(text, CELL_SIZE, "%.6f", row->max_ns / 1e9);
}

/* Whole microseconds, truncated, as strace's usecs/call. */
static void cell_avg(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	snprintf(text, CELL_SIZE, "%llu",
		 (unsigned long long)(row->calls ? row->total_ns / row->calls / 1000 : 0));
}

static void cell_calls(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	snprintf(text, CELL_SIZE, "%llu", (unsigned long long)row->calls);
}

/* Blank when none failed, as strace. */
static void cell_errors(char *text, const struct stats_row *row, const struct stats_table *t)
{
	(void)t;
	if (row->errors)
		snprintf(text, CELL_SIZE, "%llu", (unsigned long long)row->errors);
	else
		*text = '\0';
}

/* strace's headers and widths, by enum stats_column; the name's width is the table's. */
static const struct column_shape shapes[STATS_NR_COLUMNS] = {
	[STATS_TIME_PERCENT] = { "% time", 6, cell_percent },
	[STATS_TOTAL_TIME] = { "seconds", 11, cell_total },
	[STATS_MIN_TIME] = { "shortest", 8, cell_min },
	[STATS_MAX_TIME] = { "longest", 8, cell_max },
	[STATS_AVG_TIME] = { "usecs/call", 11, cell_avg },
	[STATS_CALLS] = { "calls", 9, cell_calls },
	[STATS_ERRORS] = { "errors", 9, cell_errors },
	[STATS_NAME] = { "syscall", NAME_WIDTH_MIN, NULL },
};

static int row_nr_cmp(const struct stats_row *x, const struct stats_row *y)
{
	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* More first; equal ones by number, the order strace keeps them in. */
static int more_first(uint64_t a, uint64_t b, const struct stats_row *x,
		      const struct stats_row *y)
{
	return a != b ? (a > b ? -1 : 1) : row_nr_cmp(x, y);
}

static int by_time(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->total_ns, y->total_ns, x, y);
}

static int by_min_time(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->min_ns, y->min_ns, x, y);
}

static int by_max_time(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->max_ns, y->max_ns, x, y);
}

static int by_avg_time(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->total_ns / x->calls, y->total_ns / y->calls, x, y);
}

static int by_calls(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->calls, y->calls, x, y);
}

static int by_errors(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;

	return more_first(x->errors, y->errors, x, y);
}

static int by_name(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : row_nr_cmp(x, y);
}

static int by_nothing(const void *a, const void *b)
{
	return row_nr_cmp(a, b);
}

/* -S's orders, by enum stats_sort. */
static int (*const orders[STATS_NR_SORTS])(const void *, const void *) = {
	[STATS_BY_TIME] = by_time,
	[STATS_BY_MIN_TIME] = by_min_time,
	[STATS_BY_MAX_TIME] = by_max_time,
	[STATS_BY_AVG_TIME] = by_avg_time,
	[STATS_BY_CALLS] = by_calls,
	[STATS_BY_ERRORS] = by_errors,
	[STATS_BY_NAME] = by_name,
	[STATS_BY_NOTHING] = by_nothing,
};

/* One line: a cell per column, the name left-aligned and unpadded when last. */
static void put_line(struct outbuf *out, const unsigned char *cols, size_t nr_cols,
		     size_t name_width, const char *const *texts)
{
	size_t i;

	for (i = 0; i < nr_cols; i++) {
		bool name = cols[i] == STATS_NAME;

		if (i)
			outbuf_putc(out, ' ');
		if (name && i + 1 == nr_cols)
			outbuf_puts(out, texts[i]);
		else
			outbuf_padded(out, texts[i], name ? name_width : (size_t)shapes[cols[i]].width,
				   name);
	}
	outbuf_putc(out, '\n');
}

static void put_dashes(struct outbuf *out, const unsigned char *cols, size_t nr_cols,
		       size_t name_width)
{
	size_t i, n;

	for (i = 0; i < nr_cols; i++) {
		if (i)
			outbuf_putc(out, ' ');
		n = cols[i] == STATS_NAME ? name_width : (size_t)shapes[cols[i]].width;
		while (n--)
			outbuf_putc(out, '-');
	}
	outbuf_putc(out, '\n');
}

static void put_row(struct outbuf *out, const unsigned char *cols, size_t nr_cols,
		    size_t name_width, const struct stats_row *row,
		    const struct stats_table *t)
{
	char cells[STATS_NR_COLUMNS][CELL_SIZE];
	const char *texts[STATS_NR_COLUMNS] = { NULL };
	size_t i;

	for (i = 0; i < nr_cols; i++) {
		if (cols[i] == STATS_NAME) {
			texts[i] = row->name;
			continue;
		}
		shapes[cols[i]].cell(cells[i], row, t);
		texts[i] = cells[i];
	}
	put_line(out, cols, nr_cols, name_width, texts);
}

static void put_header(struct outbuf *out, const unsigned char *cols, size_t nr_cols,
		       size_t name_width)
{
	const char *texts[STATS_NR_COLUMNS] = { NULL };
	size_t i;

	for (i = 0; i < nr_cols; i++)
		texts[i] = shapes[cols[i]].header;
	put_line(out, cols, nr_cols, name_width, texts);
	put_dashes(out, cols, nr_cols, name_width);
}

static bool never_returns(const char *name)
{
	return bsearch(&name, no_return, ARRAY_SIZE(no_return), sizeof(*no_return), name_cmp);
}

/* The table's rows from the merged totals, and their sum in *total. */
static size_t make_rows(const struct call_stats *totals, size_t nr, struct syscall_cache *syscalls,
			struct stats_row *rows, struct stats_row *total)
{
	size_t i, n = 0;

	*total = (struct stats_row){ .name = "total", .min_ns = UINT64_MAX };
	for (i = 0; i < nr; i++) {
		const struct call_stats *cs = &totals[i];
		const char *name = syscall_cache_get(syscalls, cs->nr)->name;

		if (!cs->calls || never_returns(name))
			continue;
		rows[n++] = (struct stats_row){ name, cs->nr, cs->calls, cs->errors,
						cs->total_ns, cs->min_ns, cs->max_ns };
		total->calls += cs->calls;
		total->errors += cs->errors;
		total->total_ns += cs->total_ns;
		if (cs->min_ns < total->min_ns)
			total->min_ns = cs->min_ns;
		if (cs->max_ns > total->max_ns)
			total->max_ns = cs->max_ns;
	}
	return n;
}

static size_t name_width(const struct stats_row *rows, size_t nr)
{
	size_t i, width = NAME_WIDTH_MIN;

	for (i = 0; i < nr; i++)
		if (strlen(rows[i].name) + 1 > width)
			width = strlen(rows[i].name) + 1;
	return width;
}

/*
 * strace's table of every thread's calls together (its -c -f), after
 * perf's tables if those are shown too. The summary is left as it is.
 */
void stats_print(const struct summary *sum, const struct stats_spec *spec,
		 struct outbuf *out, struct syscall_cache *syscalls, uint64_t lost)
{
	const unsigned char *cols;
	size_t nr_cols = stats_spec_columns(spec, &cols);
	struct stats_row *rows = NULL, total = { .name = "total" };
	struct stats_table t = { 0 };
	struct call_stats *totals;
	bool failed = sum->failed;
	size_t i, nr_totals = 0, nr = 0, width;

	totals = summary_totals(sum, &nr_totals, &failed);
	if (totals)
		rows = calloc(nr_totals ?: 1, sizeof(*rows));
	if (rows) {
		nr = make_rows(totals, nr_totals, syscalls, rows, &total);
		qsort(rows, nr, sizeof(*rows), orders[spec->sort]);
	} else {
		failed = true;
	}
	width = name_width(rows, nr);
	t.total_ns = total.total_ns;
	put_header(out, cols, nr_cols, width);
	for (i = 0; i < nr; i++)
		put_row(out, cols, nr_cols, width, &rows[i], &t);
	put_dashes(out, cols, nr_cols, width);
	t.total_row = true;
	put_row(out, cols, nr_cols, width, &total, &t);
	summary_print_notes(out, lost, failed);
	free(rows);
	summary_rows_free(totals, nr_totals);
}
