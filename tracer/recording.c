// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "recording.h"

/* Errors are said; the exit status is returned. */
int recording_open(struct recording *rec, const char *path,
		   const struct outfile_keep *keep, size_t nr_keep)
{
	char why[512], shown[ESCAPE_PATH_SIZE];
	int err;

	rec->path = path;
	err = perf_writer_open(&rec->writer, path, keep, nr_keep, why, sizeof(why));
	if (!err)
		return 0;
	diag("cannot create output file '%s': %s",
	     escape_str(shown, sizeof(shown), path), why);
	return sct_exit_status(err, SCT_EXIT_OUTPUT);
}

/*
 * perf tells a file's events apart by the id at the start of each
 * sample, and perf script shows a software event's samples (the BPF
 * program's contents) only with an ip.
 */
uint64_t recording_sample_type(uint64_t sample_type, bool contents)
{
	return contents ? SCT_SAMPLE_TYPE_FAULTS : sample_type | PERF_SAMPLE_IDENTIFIER;
}

/* The formats a perf.data file carries: its events' and every syscall's. */
int recording_formats(struct recording *rec, const struct tracefs *tfs,
		      const struct extra_tps *extra)
{
	size_t n = 0, i;
	struct td_event *events = calloc(2 + extra->nr, sizeof(*events));
	char shown[ESCAPE_PATH_SIZE];
	int err = -ENOMEM;

	if (events) {
		events[n++] = (struct td_event){ "raw_syscalls", "sys_enter" };
		events[n++] = (struct td_event){ "raw_syscalls", "sys_exit" };
		for (i = 0; i < extra->nr; i++)
			events[n++] = (struct td_event){ extra_tp_system(&extra->tps[i]),
							 extra_tp_name(&extra->tps[i]) };
		err = tracing_data_build(&rec->tracing, tfs, events, n, true);
		free(events);
	}
	if (err)
		diag("cannot gather the tracepoint formats for '%s': %s",
		     escape_str(shown, sizeof(shown), rec->path), strerror(-err));
	return err ? sct_exit_status(err, SCT_EXIT_IO) : 0;
}

/* The attrs and ids of what was opened, then the formats. */
int recording_finish(struct recording *rec, const struct event_set *es,
		     const struct event_spec *spec)
{
	struct pw_attr *attrs = calloc(spec->nr_sources, sizeof(*attrs));
	char shown[ESCAPE_PATH_SIZE];
	size_t i;
	int err = attrs ? 0 : -ENOMEM;

	for (i = 0; attrs && i < spec->nr_sources; i++) {
		events_source_attr(spec, &spec->sources[i], &attrs[i].attr);
		if (!err)
			err = events_source_ids(es, i, &attrs[i].ids, &attrs[i].nr_ids);
	}
	if (!err)
		err = perf_writer_finish(&rec->writer, attrs, spec->nr_sources, &rec->tracing);
	for (i = 0; attrs && i < spec->nr_sources; i++)
		free(attrs[i].ids);
	free(attrs);
	if (!err)
		return 0;
	diag("cannot write '%s': %s; the file is incomplete",
	     escape_str(shown, sizeof(shown), rec->path), strerror(-err));
	return sct_exit_status(err, SCT_EXIT_IO);
}

void recording_close(struct recording *rec)
{
	perf_writer_close(&rec->writer);
	td_blob_free(&rec->tracing);
}
