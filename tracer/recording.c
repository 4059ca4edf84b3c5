// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "recording.h"

/* Errors are said; the exit status is returned. argv is kept for the header. */
int recording_open(struct recording *rec, const char *path,
		   const struct outfile_keep *keep, size_t nr_keep,
		   char *const *argv, int argc)
{
	char why[512], shown[ESCAPE_PATH_SIZE];
	int err;

	rec->path = path;
	rec->argv = argv;
	rec->argc = argc;
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
	return (contents ? SCT_SAMPLE_TYPE_FAULTS : sample_type | PERF_SAMPLE_IDENTIFIER) |
	       (sample_type & (SCT_SAMPLE_ABI | SCT_SAMPLE_STACK | SCT_SAMPLE_CHAIN));
}

/* The formats a perf.data file carries: its events' and every syscall's. */
int recording_formats(struct recording *rec, const struct tracefs *tfs,
		      const struct extra_tps *extra, int enter_id, int exit_id)
{
	size_t n = 0, i;
	struct td_event *events = calloc(2 + extra->nr, sizeof(*events));
	char shown[ESCAPE_PATH_SIZE];
	int err = -ENOMEM;

	rec->extra = extra;
	rec->enter_id = enter_id;
	rec->exit_id = exit_id;
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

/* perf's names of the software events sctrace opens, by config. */
static const struct sw_name {
	uint64_t config;
	const char *name;
} sw_names[] = {
	{ PERF_COUNT_SW_PAGE_FAULTS_MIN, "minor-faults" },
	{ PERF_COUNT_SW_PAGE_FAULTS_MAJ, "major-faults" },
	{ PERF_COUNT_SW_DUMMY, "dummy" },
	{ PERF_COUNT_SW_BPF_OUTPUT, "bpf-output" },
};

static int sw_name_cmp(const void *key, const void *elt)
{
	uint64_t config = *(const uint64_t *)key;
	const struct sw_name *n = elt;

	return config < n->config ? -1 : config > n->config;
}

/* The name perf would give the source: system:name, or the software event's. */
static void source_name(const struct recording *rec, const struct event_source *src,
			char *buf, size_t len)
{
	const struct extra_tp *tp;
	const struct sw_name *sw;

	if (src->type == PERF_TYPE_SOFTWARE) {
		sw = bsearch(&src->config, sw_names, ARRAY_SIZE(sw_names),
			     sizeof(sw_names[0]), sw_name_cmp);
		snprintf(buf, len, "%s", sw ? sw->name : "software");
		return;
	}
	tp = rec->extra ? extra_tps_find(rec->extra, src->config) : NULL;
	if (tp)
		snprintf(buf, len, "%s:%s", extra_tp_system(tp), extra_tp_name(tp));
	else
		snprintf(buf, len, "raw_syscalls:%s",
			 src->config == (uint64_t)rec->exit_id ? "sys_exit" : "sys_enter");
}

static void free_attrs(struct pw_attr *attrs, size_t nr)
{
	size_t i;

	for (i = 0; attrs && i < nr; i++) {
		free(attrs[i].ids);
		free((char *)attrs[i].name);
	}
	free(attrs);
}

/* The attrs, ids and names of what was opened, for the header. */
static int make_header(const struct recording *rec, const struct event_set *es,
		       const struct event_spec *spec, struct pw_header *h)
{
	struct pw_attr *attrs = calloc(spec->nr_sources, sizeof(*attrs));
	char name[256];
	size_t i;
	int err = attrs ? 0 : -ENOMEM;

	for (i = 0; !err && i < spec->nr_sources; i++) {
		events_source_attr(spec, &spec->sources[i], &attrs[i].attr);
		source_name(rec, &spec->sources[i], name, sizeof(name));
		attrs[i].name = strdup(name);
		err = attrs[i].name ? 0 : -ENOMEM;
		if (!err)
			err = events_source_ids(es, i, &attrs[i].ids, &attrs[i].nr_ids);
	}
	*h = (struct pw_header){
		.attrs = attrs, .nr_attrs = spec->nr_sources, .tracing = &rec->tracing,
		.argv = rec->argv, .argc = rec->argc,
	};
	if (err) {
		free_attrs(attrs, spec->nr_sources);
		h->attrs = NULL;
	}
	return err;
}

/* Said with the exit status returned. */
static int write_failed(const struct recording *rec, int err)
{
	char shown[ESCAPE_PATH_SIZE];

	if (err == -E2BIG)
		diag("cannot write '%s' as a pipe: an event has too many ids for a pipe's attr record; record into a file",
		     escape_str(shown, sizeof(shown), rec->path));
	else
		diag("cannot write '%s': %s; the file is incomplete",
		     escape_str(shown, sizeof(shown), rec->path), strerror(-err));
	return sct_exit_status(err, SCT_EXIT_IO);
}

/* Before any record: the kernel's map; in a pipe, the attrs, features and formats. */
int recording_start(struct recording *rec, const struct event_set *es,
		    const struct event_spec *spec)
{
	struct pw_header h;
	int err;

	err = make_header(rec, es, spec, &h);
	if (!err) {
		err = perf_writer_start(&rec->writer, &h);
		free_attrs((struct pw_attr *)h.attrs, h.nr_attrs);
	}
	return err ? write_failed(rec, err) : 0;
}

/* The attrs and ids of what was opened, then the formats. */
int recording_finish(struct recording *rec, const struct event_set *es,
		     const struct event_spec *spec)
{
	struct pw_header h;
	int err = make_header(rec, es, spec, &h);

	if (!err) {
		err = perf_writer_finish(&rec->writer, &h);
		free_attrs((struct pw_attr *)h.attrs, h.nr_attrs);
	}
	return err ? write_failed(rec, err) : 0;
}

void recording_close(struct recording *rec)
{
	perf_writer_close(&rec->writer);
	td_blob_free(&rec->tracing);
}
