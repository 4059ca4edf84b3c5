/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_RING_H
#define SCTRACE_RING_H

#include <linux/perf_event.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

/* A record's size field is 16 bits: no record is larger than this. */
#define RING_MAX_RECORD 65536

/*
 * Reader of one perf mmap ring. Records are used in place; only one
 * that wraps past the end of the data area is copied to scratch.
 */
struct ring {
	struct perf_event_mmap_page *meta;
	unsigned char *data;
	uint64_t size;		/* data area bytes, a power of two */
	uint64_t head;		/* producer position seen at ring_begin */
	uint64_t tail;		/* consumer position */
	bool corrupt;		/* a record's size made no sense */
	/*
	 * Records another thread moved out of the ring (ring_spill), read
	 * before the ring's own; the reader holds lock from ring_begin to
	 * ring_end, so that they stay where they are meanwhile.
	 */
	pthread_mutex_t lock;
	unsigned char *spill;
	size_t spill_len;	/* bytes held */
	size_t spill_off;	/* bytes the reader took */
	size_t spill_cap;
	uint64_t spilled;	/* spill_len - spill_off, for other threads */
	unsigned char scratch[RING_MAX_RECORD] __aligned(8);
};

void ring_init(struct ring *r, struct perf_event_mmap_page *meta,
	       unsigned char *data, uint64_t size);
void ring_begin(struct ring *r);
const struct perf_event_header *ring_next(struct ring *r);
void ring_end(struct ring *r);
uint64_t ring_fill(const struct ring *r);
uint64_t ring_fill_released(const struct ring *r);
bool ring_spill(struct ring *r);
uint64_t ring_spilled(const struct ring *r);
void ring_free_spill(struct ring *r);

#endif
