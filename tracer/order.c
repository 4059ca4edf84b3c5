// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "order.h"

/* A free slot at the end of the queue, or NULL when memory ran out. */
struct sct_event *queue_slot(struct event_queue *q)
{
	struct sct_event *bigger;
	size_t cap;

	if (q->head == q->len)
		q->head = q->len = 0;
	if (q->len < q->cap)
		return &q->ev[q->len];
	if (q->head) {
		memmove(q->ev, q->ev + q->head, (q->len - q->head) * sizeof(*q->ev));
		q->len -= q->head;
		q->head = 0;
		return &q->ev[q->len];
	}
	cap = q->cap ? q->cap * 2 : 1024;
	bigger = realloc(q->ev, cap * sizeof(*bigger));
	if (!bigger)
		return NULL;
	q->ev = bigger;
	q->cap = cap;
	return &q->ev[q->len];
}

void queue_commit(struct event_queue *q)
{
	q->len++;
}

/* Events never merged out still own their memory. */
void queue_free(struct event_queue *q)
{
	size_t i;

	for (i = q->head; i < q->len; i++)
		event_release(&q->ev[i]);
	free(q->ev);
	memset(q, 0, sizeof(*q));
}

/* Pops the oldest head among the queues if it is not newer than limit. */
struct sct_event *merge_next(struct event_queue *queues, size_t nr,
			     uint64_t limit)
{
	struct event_queue *best = NULL;
	size_t i;

	for (i = 0; i < nr; i++) {
		struct event_queue *q = &queues[i];

		if (q->head == q->len || q->ev[q->head].time > limit)
			continue;
		if (!best || q->ev[q->head].time < best->ev[best->head].time)
			best = q;
	}
	if (!best)
		return NULL;
	return &best->ev[best->head++];
}
