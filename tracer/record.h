/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_RECORD_H
#define SCTRACE_RECORD_H

#include <linux/perf_event.h>
#include <stdint.h>

#include <stdbool.h>
#include <stddef.h>

/* The sample fields every sctrace event carries, in the kernel's order. */
#define SCT_SAMPLE_TYPE \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_RAW)
/*
 * With page-fault events in the same rings: every sample starts with its
 * event's id (which tells a major fault from a minor one) and carries the
 * faulting ip and address; tracepoint samples ignore those two.
 */
#define SCT_SAMPLE_TYPE_FAULTS \
	(SCT_SAMPLE_TYPE | PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_ADDR)

enum sct_event_kind {
	EV_ENTER,
	EV_EXIT,
	EV_LOST,
	EV_FAULT,	/* a page fault: fault.* */
	EV_TRACEPOINT,	/* another tracepoint's entry, copied: tp.* */
	EV_COMM,	/* a task's new name: task.* */
	EV_FORK,	/* a new task: task.* (parent in task.ppid/ptid) */
	EV_MMAP,	/* a new mapping: map.* */
	EV_CONTENTS,	/* what a call's pointers point to: tp.* (contents_abi.h) */
};

/* Comm names are at most 16 bytes with the NUL, as the kernel's. */
#define COMM_LEN 16

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
		struct {
			uint64_t addr;
			uint64_t ip;
			bool major;
		} fault;
		struct {
			unsigned char *data;	/* malloc'd; freed by event_release */
			uint32_t size;
			uint16_t type;		/* the tracepoint id, common_type */
		} tp;			/* EV_TRACEPOINT, EV_CONTENTS */
		struct {
			int32_t ppid;
			int32_t ptid;
			char comm[COMM_LEN];
			bool exec;	/* the name changed at exec */
		} task;
		struct {
			uint64_t start;
			uint64_t len;
			uint64_t pgoff;
			char *path;	/* malloc'd; freed by event_release */
		} map;
	};
};

/* A copy of a contents record (contents_abi.h), kept for a call's line. */
struct ct_blob {
	unsigned char *data;
	uint32_t size;
	uint64_t time;		/* of the record */
};

/* A sample id of a page-fault event, and which kind it counts. */
struct fault_id {
	uint64_t id;
	bool major;
};

/*
 * How to read the records: the tracepoint ids that tell a sys_enter record
 * from a sys_exit one, the sample layout, and the events beyond those two.
 */
struct record_ids {
	int enter;
	int exit;
	uint64_t sample_type;		/* SCT_SAMPLE_TYPE or _FAULTS */
	bool other_tracepoints;		/* keep other tracepoints' entries */
	bool contents;			/* bpf-output samples of contents */
	const struct fault_id *faults;	/* sorted by id */
	size_t nr_faults;
};

enum record_status {
	RECORD_OK,
	RECORD_SKIP,		/* a record type sctrace does not use */
	RECORD_MALFORMED,	/* too short for what it claims to hold */
};

enum record_status record_parse(const struct record_ids *ids,
				const struct perf_event_header *hdr,
				struct sct_event *ev);
bool record_layout_ok(uint64_t sample_type);
void event_release(struct sct_event *ev);
const unsigned char *record_raw(const struct perf_event_header *hdr,
				struct sct_event *ev, uint32_t *size);

#endif
