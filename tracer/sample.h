/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SAMPLE_H
#define SCTRACE_SAMPLE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "sct_event.h"

/* The sample fields every sctrace event carries, in the kernel's order. */
#define SCT_SAMPLE_TYPE \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_RAW)
/*
 * Live and recorded traces add the user registers' ABI (one register, its
 * value unused): it tells a 32-bit task on a 64-bit kernel, whose
 * raw_syscalls numbers are the 32-bit table's. It follows the raw data.
 */
#define SCT_SAMPLE_ABI PERF_SAMPLE_REGS_USER
#define SCT_SAMPLE_ABI_REGS 1ULL
/*
 * -k adds the registers an unwinder starts from (SCT_SAMPLE_ABI with more
 * bits) and a copy of the top of the user stack, after the raw data.
 */
#define SCT_SAMPLE_STACK PERF_SAMPLE_STACK_USER
/*
 * --call-graph fp adds the kernel's walk of the user frame pointers
 * (user part only), before the raw data; sys_exit's is left empty.
 */
#define SCT_SAMPLE_CHAIN PERF_SAMPLE_CALLCHAIN
/*
 * With page-fault events in the same rings: every sample starts with its
 * event's id (which tells a major fault from a minor one) and carries the
 * faulting ip and address; tracepoint samples ignore those two.
 */
#define SCT_SAMPLE_TYPE_FAULTS \
	(SCT_SAMPLE_TYPE | PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_ADDR)

/* What the records of an event, known by its sample id, are. */
enum event_id_kind {
	EVENT_ID_FAULT_MINOR,	/* samples of minor page faults */
	EVENT_ID_FAULT_MAJOR,	/* of major ones */
	EVENT_ID_TASK_RING,	/* writes into a task-record ring: its LOSTs count those */
};

struct event_id {
	uint64_t id;
	enum event_id_kind kind;
};

/*
 * How to read the records: the tracepoint ids that tell a sys_enter record
 * from a sys_exit one, the sample layout, and the events beyond those two.
 */
struct sample_ids {
	int enter;
	int exit;
	uint64_t sample_type;		/* SCT_SAMPLE_TYPE or _FAULTS */
	unsigned int long_size;		/* the recording kernel's; 0: this one's */
	uint64_t regs_user;		/* with SCT_SAMPLE_STACK or ip_bit: the registers' bits */
	uint64_t ip_bit;		/* -i: the instruction pointer's bit in regs_user; 0: none */
	bool other_tracepoints;		/* keep other tracepoints' entries */
	bool callchains;		/* keep the enters' user callchains (fp) */
	bool contents;			/* bpf-output samples of contents */
	const struct event_id *event_ids;	/* sorted by event_ids_sort */
	size_t nr_event_ids;
};

enum sample_status {
	SAMPLE_OK,
	SAMPLE_SKIP,		/* a record type sctrace does not use */
	SAMPLE_MALFORMED,	/* too short for what it claims to hold */
};

enum sample_status sample_parse(const struct sample_ids *ids,
				const struct perf_event_header *hdr,
				struct sct_event *ev);
bool sample_layout_ok(uint64_t sample_type);
bool sample_payload(const struct sample_ids *ids, uint16_t type,
		    enum layout_kind *kind);
const unsigned char *sample_raw(const struct perf_event_header *hdr,
				struct sct_event *ev, uint32_t *size);

bool event_id_kind_of(uint32_t type, uint64_t config, bool task_ring,
		      enum event_id_kind *kind);
int event_ids_add(struct event_id **ids, size_t *nr, uint64_t id,
		  enum event_id_kind kind);
void event_ids_sort(struct event_id *ids, size_t nr);

#endif
