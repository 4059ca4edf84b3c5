/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_STATS_SPEC_H
#define SCTRACE_STATS_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sorted.h"

/* The columns of strace's -c table, as -U names them. */
enum stats_column {
	STATS_TIME_PERCENT,
	STATS_TOTAL_TIME,
	STATS_MIN_TIME,
	STATS_MAX_TIME,
	STATS_AVG_TIME,
	STATS_CALLS,
	STATS_ERRORS,
	STATS_NAME,
	STATS_NR_COLUMNS,
};

/* The orders of -S; time first, as the default. */
enum stats_sort {
	STATS_BY_TIME,
	STATS_BY_MIN_TIME,
	STATS_BY_MAX_TIME,
	STATS_BY_AVG_TIME,
	STATS_BY_CALLS,
	STATS_BY_ERRORS,
	STATS_BY_NAME,
	STATS_BY_NOTHING,
	STATS_NR_SORTS,
};

/* strace's table (-c, -C) and how -S, -U and -O shape it. */
struct stats_spec {
	bool shown;		/* -c or -C */
	bool sort_given;	/* -S: it has no effect without the table */
	bool overhead_given;	/* -O: likewise */
	enum stats_sort sort;
	unsigned char columns[STATS_NR_COLUMNS];	/* enum stats_column */
	size_t nr_columns;	/* 0: strace's default set */
	uint64_t overhead_ns;	/* -O: taken off each call's time */
};

int stats_spec_option(int c, const char *arg, struct stats_spec *spec);
void stats_spec_check(const struct stats_spec *spec);
size_t stats_spec_columns(const struct stats_spec *spec, const unsigned char **cols);
const struct sorted_table *stats_spec_sorted_tables(size_t *nr);

#endif
