/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERF_WRITER_H
#define SCTRACE_PERF_WRITER_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "outfile.h"
#include "tracing_data.h"

/* One attr of the file and the sample ids of the events opened with it. */
struct pw_attr {
	struct perf_event_attr attr;
	uint64_t *ids;
	size_t nr_ids;
};

/*
 * A perf.data file: records are streamed into the data section as they
 * are read; attrs, ids and features follow them at the end, and the
 * header, written last, says where everything is.
 */
struct perf_writer {
	int fd;
	struct outbuf out;
	uint64_t data_size;
	uint64_t records;
};

int perf_writer_open(struct perf_writer *w, const char *path,
		     const struct outfile_keep *keep, size_t nr_keep,
		     char *why, size_t why_len);
void perf_writer_record(struct perf_writer *w, const struct perf_event_header *hdr);
int perf_writer_finish(struct perf_writer *w, const struct pw_attr *attrs,
		       size_t nr_attrs, const struct td_blob *tracing);
void perf_writer_close(struct perf_writer *w);

#endif
