/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ENGINE_H
#define SCTRACE_ENGINE_H

#include <stdbool.h>

#include "capture.h"
#include "events.h"
#include "options.h"

/*
 * Which engine captures a run's syscalls. --engine=bpf (or
 * SCTRACE_ENGINE=bpf) loads the capture program where the run is one it
 * does (not record, -F, --lossless: those stay on perf events, said if
 * --engine asked for bpf); where it cannot load, one line says why and
 * perf events capture.
 */
struct engine {
	struct capture *capture;	/* the BPF engine's, or NULL: perf */
};

void engine_choose(struct engine *e, const struct sct_options *o, size_t nr_cpus,
		   bool counted_in_kernel);
int engine_start(struct engine *e, struct event_set *es, const struct capture_setup *s);
void engine_close(struct engine *e);
bool engine_is_bpf(const struct engine *e);

#endif
