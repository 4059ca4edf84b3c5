// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "ring.h"

void ring_init(struct ring *r, struct perf_event_mmap_page *meta,
	       unsigned char *data, uint64_t size)
{
	pthread_mutexattr_t attr;

	r->meta = meta;
	r->data = data;
	r->size = size;
	r->head = 0;
	r->tail = 0;
	r->corrupt = false;
	r->spill = NULL;
	r->spill_len = r->spill_off = r->spill_cap = 0;
	r->spilled = 0;
	pthread_mutexattr_init(&attr);
	/* A spill waits for a reader in the middle of the ring: it lends it its priority. */
	pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&r->lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

/* Pairs with the kernel's release of data_head after writing records. */
void ring_begin(struct ring *r)
{
	pthread_mutex_lock(&r->lock);
	r->head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	r->tail = r->meta->data_tail;
}

/* The next spilled record: they lie one after the other, none wraps. */
static const struct perf_event_header *spill_next(struct ring *r)
{
	const struct perf_event_header *h = (const void *)(r->spill + r->spill_off);
	size_t avail = r->spill_len - r->spill_off;

	if (avail < sizeof(*h) || h->size < sizeof(*h) || h->size > avail) {
		r->corrupt = true;
		return NULL;
	}
	r->spill_off += h->size;
	return h;
}

const struct perf_event_header *ring_next(struct ring *r)
{
	const struct perf_event_header *h;
	uint64_t avail = r->head - r->tail;
	uint64_t off = r->tail & (r->size - 1);
	struct perf_event_header hdr;
	uint64_t first;

	if (r->corrupt)
		return NULL;
	if (r->spill_off < r->spill_len)
		return spill_next(r);
	if (avail < sizeof(hdr))
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
	if (r->spill_off == r->spill_len)
		r->spill_off = r->spill_len = 0;
	__atomic_store_n(&r->spilled, r->spill_len - r->spill_off, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&r->lock);
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

/* Room for more bytes in the spill; false if memory ran out. */
static bool spill_room(struct ring *r, size_t more)
{
	size_t cap = r->spill_cap ? r->spill_cap : r->size;
	unsigned char *bigger;

	while (cap - r->spill_len < more)
		cap *= 2;
	if (cap == r->spill_cap)
		return true;
	bigger = realloc(r->spill, cap);
	if (!bigger)
		return false;
	r->spill = bigger;
	r->spill_cap = cap;
	return true;
}

/*
 * From another thread than the reader's: every record the ring holds is
 * moved to memory, and the ring is empty for the kernel, which would
 * otherwise drop what it cannot write. --lossless does it while the
 * command is not held back yet. False if there was no memory for them.
 */
bool ring_spill(struct ring *r)
{
	uint64_t head, tail, off, first, len;
	bool done = false;

	pthread_mutex_lock(&r->lock);
	head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	tail = r->meta->data_tail;
	len = head - tail;
	if (r->corrupt || !len || len > r->size || !spill_room(r, len))
		goto out_unlock;
	off = tail & (r->size - 1);
	first = r->size - off < len ? r->size - off : len;
	memcpy(r->spill + r->spill_len, r->data + off, first);
	memcpy(r->spill + r->spill_len + first, r->data, len - first);
	r->spill_len += len;
	__atomic_store_n(&r->spilled, r->spill_len - r->spill_off, __ATOMIC_RELEASE);
	/* Our copy is taken before the kernel may write there again. */
	__atomic_store_n(&r->meta->data_tail, head, __ATOMIC_RELEASE);
	done = true;
out_unlock:
	pthread_mutex_unlock(&r->lock);
	return done;
}

/* Spilled bytes the reader has not taken yet: from any thread. */
uint64_t ring_spilled(const struct ring *r)
{
	return __atomic_load_n(&r->spilled, __ATOMIC_ACQUIRE);
}

void ring_free_spill(struct ring *r)
{
	free(r->spill);
	r->spill = NULL;
	r->spill_len = r->spill_off = r->spill_cap = 0;
	r->spilled = 0;
}
