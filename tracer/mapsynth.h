/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_MAPSYNTH_H
#define SCTRACE_MAPSYNTH_H

#include <stdint.h>
#include <sys/types.h>

#include "perf_writer.h"

/*
 * record -k of processes already running (-p, --tid): the mappings they
 * made before the trace, read from /proc/PID/maps and written as the
 * MMAP2 records the kernel writes for new ones (as perf record does), so
 * that a replay unwinds their stacks too. Each record carries the
 * sample_id_all fields of sample_type, with id and time.
 */
int mapsynth_write(struct perf_writer *w, uint64_t sample_type, uint64_t id,
		   pid_t pid, uint64_t time);

#endif
