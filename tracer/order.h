/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ORDER_H
#define SCTRACE_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "sct_event.h"

/*
 * Events of one ring, oldest first. Each CPU's ring is in time order on
 * its own; events are merged across rings by time before printing.
 */
struct event_queue {
	struct sct_event *ev;
	size_t head;
	size_t len;
	size_t cap;
};

struct sct_event *queue_slot(struct event_queue *q);
void queue_commit(struct event_queue *q);
void queue_free(struct event_queue *q);

struct sct_event *merge_next(struct event_queue *queues, size_t nr,
			     uint64_t limit);

#endif
