/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_RECORDING_H
#define SCTRACE_RECORDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "events.h"
#include "outfile.h"
#include "perf_writer.h"
#include "tracefs.h"
#include "tracepoints.h"
#include "tracing_data.h"

/*
 * sctrace record: a run's perf.data file. The session streams every
 * record into it; the formats are gathered before tracing starts, the
 * attrs and ids of what was opened are written at the end.
 */
struct recording {
	const char *path;		/* -o, for messages */
	struct perf_writer writer;
	struct td_blob tracing;		/* the formats the file carries */
};

int recording_open(struct recording *rec, const char *path,
		   const struct outfile_keep *keep, size_t nr_keep);
uint64_t recording_sample_type(uint64_t sample_type, bool contents);
int recording_formats(struct recording *rec, const struct tracefs *tfs,
		      const struct extra_tps *extra);
int recording_finish(struct recording *rec, const struct event_set *es,
		     const struct event_spec *spec);
void recording_close(struct recording *rec);

#endif
