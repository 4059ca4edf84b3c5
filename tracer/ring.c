// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "ring.h"

void ring_init(struct ring *r, struct perf_event_mmap_page *meta,
	       unsigned char *data, uint64_t size)
{
	r->meta = meta;
	r->data = data;
	r->size = size;
	r->head = 0;
	r->tail = 0;
	r->corrupt = false;
}

/* Pairs with the kernel's release of data_head after writing records. */
void ring_begin(struct ring *r)
{
	r->head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	r->tail = r->meta->data_tail;
}

const struct perf_event_header *ring_next(struct ring *r)
{
	const struct perf_event_header *h;
	uint64_t avail = r->head - r->tail;
	uint64_t off = r->tail & (r->size - 1);
	struct perf_event_header hdr;
	uint64_t first;

	if (avail < sizeof(hdr) || r->corrupt)
		return NULL;
	/* The header itself may straddle the end of the data area. */
	first = r->size - off;
	if (first >= sizeof(hdr)) {
		memcpy(&hdr, r->data + off, sizeof(hdr));
	} else {
		memcpy(&hdr, r->data + off, first);
		memcpy((char *)&hdr + first, r->data, sizeof(hdr) - first);
	}
	if (hdr.size < sizeof(hdr) || hdr.size > avail) {
		r->corrupt = true;
		return NULL;
	}
	if (first >= hdr.size) {
		h = (const void *)(r->data + off);
	} else {
		memcpy(r->scratch, r->data + off, first);
		memcpy(r->scratch + first, r->data, hdr.size - first);
		h = (const void *)r->scratch;
	}
	r->tail += hdr.size;
	return h;
}

/* Hands the consumed space back; orders our reads before the kernel reuses it. */
void ring_end(struct ring *r)
{
	__atomic_store_n(&r->meta->data_tail, r->tail, __ATOMIC_RELEASE);
}

/* Bytes the kernel wrote that are not read yet, as of now. */
uint64_t ring_fill(const struct ring *r)
{
	return __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE) - r->tail;
}

/* The same, from another thread: up to what the reader gave back. */
uint64_t ring_fill_released(const struct ring *r)
{
	return __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE) -
	       __atomic_load_n(&r->meta->data_tail, __ATOMIC_ACQUIRE);
}
