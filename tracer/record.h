/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_RECORD_H
#define SCTRACE_RECORD_H

#include <linux/perf_event.h>
#include <stdint.h>

/* The sample fields every sctrace event carries, in the kernel's order. */
#define SCT_SAMPLE_TYPE \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_RAW)

enum sct_event_kind {
	EV_ENTER,
	EV_EXIT,
	EV_LOST,
};

/* One record, decoded out of the ring so it can wait to be ordered. */
struct sct_event {
	uint64_t time;
	int32_t pid;
	int32_t tid;
	uint32_t cpu;
	enum sct_event_kind kind;
	long nr;
	union {
		unsigned long args[6];
		long ret;
		uint64_t lost;
	};
};

/* The tracepoint ids that tell a sys_enter record from a sys_exit one. */
struct record_ids {
	int enter;
	int exit;
};

enum record_status {
	RECORD_OK,
	RECORD_SKIP,		/* a record type sctrace does not use */
	RECORD_MALFORMED,	/* too short for what it claims to hold */
};

enum record_status record_parse(const struct record_ids *ids,
				const struct perf_event_header *hdr,
				struct sct_event *ev);
const unsigned char *record_raw(const struct perf_event_header *hdr,
				struct sct_event *ev, uint32_t *size);

#endif
