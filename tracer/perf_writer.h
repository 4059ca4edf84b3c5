/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERF_WRITER_H
#define SCTRACE_PERF_WRITER_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "outfile.h"
#include "perf_features.h"

/*
 * A perf.data file: records are streamed into the data section as they
 * are read; attrs, ids and features follow them at the end, and the
 * header, written last, says where everything is.
 * Or perf's pipe mode, to stdout: a short header, then attrs, features
 * and formats as records before the first sample, nothing at the end.
 */
struct perf_writer {
	int fd;
	bool pipe;
	struct outbuf out;
	uint64_t data_size;
	uint64_t records;
	uint64_t round_start;		/* records when the last round was closed */
};

int perf_writer_open(struct perf_writer *w, const char *path,
		     const struct outfile_keep *keep, size_t nr_keep,
		     char *why, size_t why_len);
int perf_writer_start(struct perf_writer *w, const struct pw_header *h);
void perf_writer_record(struct perf_writer *w, const struct perf_event_header *hdr);
void perf_writer_round(struct perf_writer *w);
int perf_writer_finish(struct perf_writer *w, const struct pw_header *h);
void perf_writer_close(struct perf_writer *w);

#endif
