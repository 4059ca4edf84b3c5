/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SCT_EVENT_H
#define SCTRACE_SCT_EVENT_H

#include <stdbool.h>
#include <stdint.h>

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

/*
 * Added to the number of a call a 32-bit task made on a 64-bit kernel:
 * its number is the 32-bit table's, and its arguments are cut to 32 bits.
 */
#define SCT_NR_COMPAT 0x10000L

/* Comm names are at most 16 bytes with the NUL, as the kernel's. */
#define COMM_LEN 16

/*
 * A call's user registers and the top of its user stack, copied from its
 * enter sample (-k): what the unwinder (stack.c) walks.
 */
struct sct_ustack {
	uint64_t regs_mask;	/* the perf register bits of regs[], in order */
	uint64_t regs[64];
	uint64_t size;		/* bytes of stack in data, from the stack pointer */
	unsigned char data[];
};

/*
 * A call's user callchain, from its enter sample (--call-graph fp): the
 * kernel's walk of the frame pointers, innermost first, the first the
 * address after the syscall instruction; context markers left out.
 */
struct sct_callchain {
	uint64_t nr;
	uint64_t ips[];
};

/*
 * One record of a ring or a recording, decoded (sample.c) so it can wait
 * to be ordered; what the printer, the summary and the threads see.
 */
struct sct_event {
	uint64_t time;
	int32_t pid;
	int32_t tid;
	uint32_t cpu;
	enum sct_event_kind kind;
	long nr;
	struct sct_ustack *ustack;	/* EV_ENTER with -k: malloc'd, or NULL */
	struct sct_callchain *callchain;	/* EV_ENTER with fp: malloc'd, or NULL */
	uint64_t ip;			/* -i: the caller's user instruction pointer */
	bool has_ip;			/* ip is known */
	union {
		unsigned long args[6];
		long ret;
		struct {
			uint64_t count;
			bool task_records;	/* of comm and fork records */
		} lost;
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

void event_release(struct sct_event *ev);
const char *event_lost_what(const struct sct_event *ev);

#endif
