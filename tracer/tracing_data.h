/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TRACING_DATA_H
#define SCTRACE_TRACING_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracefs.h"

/*
 * The tracing-data feature of perf.data: the tracefs header files and
 * the formats of the events a file's records come from.
 */
struct td_format {
	const char *system;	/* NUL-terminated, inside the blob */
	char name[64];		/* from the format's "name:" line */
	const char *text;	/* not NUL-terminated: len bytes */
	size_t len;
};

struct tracing_data {
	bool big_endian;
	unsigned int long_size;
	uint32_t page_size;
	struct td_format *formats;
	size_t nr;
	const char *error;	/* what was wrong, when parsing failed */
	bool no_memory;		/* that memory ran out */
	size_t error_at;	/* and where, from the blob's start */
};

/* A growable byte buffer: the writer's output. */
struct td_blob {
	unsigned char *data;
	size_t len;
	size_t cap;
	int error;
};

struct td_event {
	const char *system;
	const char *name;
};

int tracing_data_build(struct td_blob *blob, const struct tracefs *tfs,
		       const struct td_event *events, size_t nr_events,
		       bool all_syscall_formats);
int tracing_data_parse(struct tracing_data *td, const unsigned char *blob,
		       size_t len);
const struct td_format *tracing_data_find(const struct tracing_data *td,
					  const char *system, const char *name);
void tracing_data_free(struct tracing_data *td);
void td_blob_put(struct td_blob *blob, const void *p, size_t len);
void td_blob_free(struct td_blob *blob);

#endif
