/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERF_REFUSED_H
#define SCTRACE_PERF_REFUSED_H

#include <stddef.h>

#include "sorted.h"

/*
 * perf trace's long options sctrace does not take, and why: given as
 * "--NAME" or "--NAME=VALUE", the reason's line, or NULL for another.
 */
const char *perf_refused_why(const char *given);
const struct sorted_table *perf_refused_sorted_tables(size_t *nr);

#endif
