// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>

#include "compiler.h"
#include "layout.h"

/* A field's width: the recording kernel's long. */
#define LONG_WIDTH 0

struct layout_field {
	uint64_t bit;		/* the PERF_SAMPLE_* bit it comes with; 0: always */
	uint8_t width;		/* as layout_place's, or LONG_WIDTH */
	uint8_t slot;
	bool is_signed;
};

#define FIELD(bit, width, slot) { bit, width, slot, false }
#define SIGNED(bit, width, slot) { bit, width, slot, true }

/*
 * Before the callchain (--call-graph fp), whose length varies; then
 * raw_fields. PERF_SAMPLE_READ is refused (sample.c).
 */
static const struct layout_field sample_fields[] = {
	FIELD(PERF_SAMPLE_IDENTIFIER, 8, LS_IDENTIFIER),
	FIELD(PERF_SAMPLE_IP, 8, LS_IP),
	FIELD(PERF_SAMPLE_TID, 4, LS_PID),
	FIELD(PERF_SAMPLE_TID, 4, LS_TID),
	FIELD(PERF_SAMPLE_TIME, 8, LS_TIME),
	FIELD(PERF_SAMPLE_ADDR, 8, LS_ADDR),
	FIELD(PERF_SAMPLE_ID, 8, LS_ID),
	FIELD(PERF_SAMPLE_STREAM_ID, 8, LS_SKIP),
	FIELD(PERF_SAMPLE_CPU, 4, LS_CPU),
	FIELD(PERF_SAMPLE_CPU, 4, LS_SKIP),	/* reserved */
	FIELD(PERF_SAMPLE_PERIOD, 8, LS_SKIP),
};

/* After the callchain, if any: the raw data's size, then the data. */
static const struct layout_field raw_fields[] = {
	FIELD(PERF_SAMPLE_RAW, 4, LS_RAW_SIZE),
};

static const struct layout_field trailer_fields[] = {
	FIELD(PERF_SAMPLE_TID, 4, LS_PID),
	FIELD(PERF_SAMPLE_TID, 4, LS_TID),
	FIELD(PERF_SAMPLE_TIME, 8, LS_TIME),
	FIELD(PERF_SAMPLE_ID, 8, LS_SKIP),
	FIELD(PERF_SAMPLE_STREAM_ID, 8, LS_SKIP),
	FIELD(PERF_SAMPLE_CPU, 4, LS_CPU),
	FIELD(PERF_SAMPLE_CPU, 4, LS_SKIP),
	FIELD(PERF_SAMPLE_IDENTIFIER, 8, LS_SKIP),
};

static const struct layout_field comm_fields[] = {
	FIELD(0, 4, LS_PID),
	FIELD(0, 4, LS_TID),
};

static const struct layout_field task_fields[] = {
	FIELD(0, 4, LS_PID),
	FIELD(0, 4, LS_PPID),
	FIELD(0, 4, LS_TID),
	FIELD(0, 4, LS_PTID),
	FIELD(0, 8, LS_SKIP),			/* time */
};

static const struct layout_field mmap2_fields[] = {
	FIELD(0, 4, LS_PID),
	FIELD(0, 4, LS_TID),
	FIELD(0, 8, LS_START),
	FIELD(0, 8, LS_LEN),
	FIELD(0, 8, LS_PGOFF),
	/* Device and inode, or a build id; prot and flags: not read. */
	FIELD(0, 32, LS_SKIP),
};

static const struct layout_field lost_fields[] = {
	FIELD(0, 8, LS_LOST_ID),	/* the event whose write reported it */
	FIELD(0, 8, LS_LOST),
};

/* common_type, common_flags and common_preempt_count, common_pid. */
static const struct layout_field entry_fields[] = {
	FIELD(0, 2, LS_TYPE),
	FIELD(0, 1, LS_SKIP),
	FIELD(0, 1, LS_SKIP),
	FIELD(0, 4, LS_SKIP),
};

/* events/raw_syscalls/sys_enter/format: long id, unsigned long args[6]. */
static const struct layout_field sys_enter_fields[] = {
	SIGNED(0, LONG_WIDTH, LS_NR),
	FIELD(0, LONG_WIDTH, LS_ARG0),
	FIELD(0, LONG_WIDTH, LS_ARG0 + 1),
	FIELD(0, LONG_WIDTH, LS_ARG0 + 2),
	FIELD(0, LONG_WIDTH, LS_ARG0 + 3),
	FIELD(0, LONG_WIDTH, LS_ARG0 + 4),
	FIELD(0, LONG_WIDTH, LS_ARG0 + 5),
};

/* events/raw_syscalls/sys_exit/format: long id, long ret. */
static const struct layout_field sys_exit_fields[] = {
	SIGNED(0, LONG_WIDTH, LS_NR),
	SIGNED(0, LONG_WIDTH, LS_RET),
};

struct layout_fields {
	const struct layout_field *fields;
	size_t nr;
};

#define FIELDS(t) { t, ARRAY_SIZE(t) }

static const struct layout_fields layouts[LAYOUT_KINDS] = {
	[LAYOUT_SAMPLE] = FIELDS(sample_fields),
	[LAYOUT_RAW] = FIELDS(raw_fields),
	[LAYOUT_TRAILER] = FIELDS(trailer_fields),
	[LAYOUT_COMM] = FIELDS(comm_fields),
	[LAYOUT_TASK] = FIELDS(task_fields),
	[LAYOUT_MMAP2] = FIELDS(mmap2_fields),
	[LAYOUT_LOST] = FIELDS(lost_fields),
	[LAYOUT_ENTRY] = FIELDS(entry_fields),
	[LAYOUT_SYS_ENTER] = FIELDS(sys_enter_fields),
	[LAYOUT_SYS_EXIT] = FIELDS(sys_exit_fields),
};

size_t layout_place(enum layout_kind kind, uint64_t sample_type,
		    unsigned int long_size, struct layout_place *places,
		    size_t *len)
{
	const struct layout_fields *l = &layouts[kind];
	size_t i, n = 0, at = 0;

	for (i = 0; i < l->nr; i++) {
		const struct layout_field *f = &l->fields[i];

		if (f->bit && !(sample_type & f->bit))
			continue;
		places[n].at = at;
		places[n].width = f->width == LONG_WIDTH ? long_size : f->width;
		places[n].slot = f->slot;
		places[n].is_signed = f->is_signed;
		at += places[n++].width;
	}
	*len = at;
	return n;
}

size_t layout_size(enum layout_kind kind, uint64_t sample_type,
		   unsigned int long_size)
{
	struct layout_place places[LAYOUT_MAX_FIELDS];
	size_t len;

	layout_place(kind, sample_type, long_size, places, &len);
	return len;
}

uint64_t layout_bits(enum layout_kind kind)
{
	const struct layout_fields *l = &layouts[kind];
	uint64_t bits = 0;
	size_t i;

	for (i = 0; i < l->nr; i++)
		bits |= l->fields[i].bit;
	return bits;
}
