// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "threads.h"

static struct thread_state *probe(struct thread_state *slots, size_t cap,
				  int32_t tid)
{
	size_t i = ((uint32_t)tid * 2654435761u) & (cap - 1);

	while (slots[i].used && slots[i].tid != tid)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static int rehash(struct thread_table *tt)
{
	size_t cap = tt->cap ? tt->cap * 2 : 64;
	struct thread_state *slots = calloc(cap, sizeof(*slots));
	size_t i;

	if (!slots)
		return -1;
	for (i = 0; i < tt->cap; i++)
		if (tt->slots[i].used)
			*probe(slots, cap, tt->slots[i].tid) = tt->slots[i];
	free(tt->slots);
	tt->slots = slots;
	tt->cap = cap;
	return 0;
}

/* tid's state if it was ever seen, without adding it. */
struct thread_state *thread_find(struct thread_table *tt, int32_t tid)
{
	struct thread_state *st;

	if (!tt->cap)
		return NULL;
	st = probe(tt->slots, tt->cap, tid);
	return st->used ? st : NULL;
}

/*
 * Finds or adds tid's state; NULL only when memory ran out. Finding an
 * existing thread never moves the table, so pointers to it stay valid.
 */
struct thread_state *thread_get(struct thread_table *tt, int32_t tid)
{
	struct thread_state *st;

	if (tt->cap) {
		st = probe(tt->slots, tt->cap, tid);
		if (st->used)
			return st;
	}
	/* Keep the load under one half so probe chains stay short. */
	if ((tt->used + 1) * 2 > tt->cap && rehash(tt))
		return NULL;
	st = probe(tt->slots, tt->cap, tid);
	if (!st->used) {
		st->used = true;
		st->tid = tid;
		st->in_call = false;
		tt->used++;
	}
	return st;
}

void thread_drop_contents(struct thread_state *st, enum ct_slot slot)
{
	free(st->ct[slot].data);
	st->ct[slot].data = NULL;
	st->ct[slot].size = 0;
}

void thread_table_free(struct thread_table *tt)
{
	size_t i, s;

	for (i = 0; i < tt->cap; i++)
		for (s = 0; s < CT_SLOTS; s++)
			free(tt->slots[i].ct[s].data);
	free(tt->slots);
	tt->slots = NULL;
	tt->cap = tt->used = 0;
}
