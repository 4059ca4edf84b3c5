/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_STATS_H
#define SCTRACE_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "sorted.h"
#include "stats_spec.h"
#include "summary.h"
#include "syscalls.h"

const struct sorted_table *stats_sorted_tables(size_t *nr);
void stats_print(const struct summary *sum, const struct stats_spec *spec,
		 struct outbuf *out, struct syscall_cache *syscalls, uint64_t lost);

#endif
