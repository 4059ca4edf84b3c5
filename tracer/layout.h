/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_LAYOUT_H
#define SCTRACE_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The perf records sctrace reads, described once: the parser (sample.c)
 * reads their fields by these layouts, and the byte swapper (byteswap.c)
 * turns a foreign recording's fields around by the same ones. Each is a
 * list of fields in the kernel's order (perf_event.h); a field comes only
 * with its PERF_SAMPLE_* bit, where it has one.
 */
enum layout_kind {
	LAYOUT_SAMPLE,		/* a sample's fields up to its callchain */
	LAYOUT_RAW,		/* after the callchain: the raw data's size */
	LAYOUT_TRAILER,		/* sample_id_all's fields, at a record's end */
	LAYOUT_COMM,		/* PERF_RECORD_COMM, before the name */
	LAYOUT_TASK,		/* PERF_RECORD_FORK and _EXIT */
	LAYOUT_MMAP2,		/* PERF_RECORD_MMAP2, before the path */
	LAYOUT_LOST,		/* PERF_RECORD_LOST */
	LAYOUT_ENTRY,		/* a trace entry's common fields */
	LAYOUT_SYS_ENTER,	/* what follows them in raw_syscalls:sys_enter's */
	LAYOUT_SYS_EXIT,	/* and in sys_exit's */
	LAYOUT_KINDS,
};

/* Where the parser keeps a field's value. */
enum layout_slot {
	LS_SKIP,		/* read past, not kept */
	LS_IDENTIFIER,
	LS_IP,
	LS_PID,
	LS_TID,
	LS_TIME,
	LS_ADDR,
	LS_ID,
	LS_CPU,
	LS_RAW_SIZE,
	LS_PPID,
	LS_PTID,
	LS_START,
	LS_LEN,
	LS_PGOFF,
	LS_LOST_ID,
	LS_LOST,
	LS_TYPE,		/* a trace entry's common_type */
	LS_NR,			/* raw_syscalls' id */
	LS_ARG0,		/* and the five arguments after it */
	LS_RET = LS_ARG0 + 6,
	LS_SLOTS,
};

/* The most fields a layout has. */
#define LAYOUT_MAX_FIELDS 12

/* A field where one record of a layout has it. */
struct layout_place {
	uint16_t at;		/* from the layout's start */
	uint8_t width;		/* 1, 2, 4 or 8; more: opaque bytes, never turned */
	uint8_t slot;		/* enum layout_slot */
	bool is_signed;		/* widened with its sign when narrower than 8 */
};

/*
 * The fields of kind a record has under sample_type, with longs of
 * long_size bytes (the recording kernel's: 4 or 8); returns how many,
 * and their bytes in *len.
 */
size_t layout_place(enum layout_kind kind, uint64_t sample_type,
		    unsigned int long_size, struct layout_place *places,
		    size_t *len);

/* The bytes of those fields. */
size_t layout_size(enum layout_kind kind, uint64_t sample_type,
		   unsigned int long_size);

/* The PERF_SAMPLE_* bits of a layout's fields. */
uint64_t layout_bits(enum layout_kind kind);

#endif
