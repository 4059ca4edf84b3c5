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
 * attrs and ids of what was opened are written at the end (in a pipe,
 * once the events are open, before any record).
 */
struct recording {
	const char *path;		/* -o, for messages */
	struct perf_writer writer;
	struct td_blob tracing;		/* the formats the file carries */
	char *const *argv;		/* sctrace's command line, for the header */
	int argc;
	const struct extra_tps *extra;	/* the tracepoints beyond raw_syscalls, to name */
	int enter_id;			/* raw_syscalls' tracepoint ids */
	int exit_id;
};

int recording_open(struct recording *rec, const char *path,
		   const struct outfile_keep *keep, size_t nr_keep,
		   char *const *argv, int argc);
uint64_t recording_sample_type(uint64_t sample_type, bool contents);
int recording_formats(struct recording *rec, const struct tracefs *tfs,
		      const struct extra_tps *extra, int enter_id, int exit_id);
int recording_start(struct recording *rec, const struct event_set *es,
		    const struct event_spec *spec);
int recording_finish(struct recording *rec, const struct event_set *es,
		     const struct event_spec *spec);
void recording_close(struct recording *rec);

#endif
