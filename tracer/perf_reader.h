/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERF_READER_H
#define SCTRACE_PERF_READER_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sample.h"
#include "perfdata.h"
#include "tracing_data.h"

/*
 * A perf.data file in memory, checked before use: every section inside
 * the file, every record inside the data section. Nothing is allocated
 * in proportion to what the file claims, only to what it holds.
 */
struct perf_file {
	const unsigned char *buf;
	size_t len;
	struct perf_file_header hdr;
	struct perf_event_attr *attrs;
	uint64_t **attr_ids;		/* per attr: the sample ids of its events */
	size_t *nr_attr_ids;
	size_t nr_attrs;
	uint64_t sample_type;		/* the same for every attr */
	const unsigned char *data;
	uint64_t data_len;
	struct tracing_data td;
	char arch[64];			/* "" when the file does not say */
	char error[200];		/* "at offset N: what was wrong" */
	bool no_memory;			/* what was wrong: memory ran out */
	bool pipe;			/* pipe mode: everything is a record */
	bool swap;			/* the other byte order: fields are swapped */
	struct sample_ids ids;		/* how to read and swap the records */
	const unsigned char *td_blob;	/* pipe mode: the last tracing data seen */
	uint64_t td_len;
	uint64_t scratch[8192];		/* each record, copied: aligned, whole */
};

int perf_file_open(struct perf_file *f, const unsigned char *buf, size_t len);
int perf_file_tp_id(const struct perf_file *f, const char *sys, const char *name);
const struct perf_event_header *perf_file_next(struct perf_file *f, uint64_t *pos);
void perf_file_close(struct perf_file *f);

#endif
