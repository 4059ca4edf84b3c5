// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "threads.h"

/* The smallest table, and how full a rebuild leaves it at most (1/4). */
#define MIN_CAP 64
#define REBUILT_LOAD 4

static struct thread_state *probe(struct thread_state *slots, size_t cap,
				  int32_t tid)
{
	size_t i = hash_slot(tid, cap);

	while (slots[i].used && slots[i].tid != tid)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

/*
 * A new table holding the states that are not dropped, sized for them:
 * it grows with the live and retired tasks and shrinks once they are gone.
 */
static int rebuild(struct thread_table *tt)
{
	size_t i, kept = 0, cap = MIN_CAP;
	struct thread_state *slots;

	for (i = 0; i < tt->cap; i++)
		kept += thread_kept(&tt->slots[i]);
	while ((kept + 1) * REBUILT_LOAD > cap)
		cap *= 2;
	slots = calloc(cap, sizeof(*slots));
	if (!slots)
		return -1;
	for (i = 0; i < tt->cap; i++)
		if (thread_kept(&tt->slots[i]))
			*probe(slots, cap, tt->slots[i].tid) = tt->slots[i];
	free(tt->slots);
	tt->slots = slots;
	tt->cap = cap;
	tt->used = kept;
	return 0;
}

/* tid's state if it is known, without adding it. */
struct thread_state *thread_find(struct thread_table *tt, int32_t tid)
{
	struct thread_state *st;

	if (!tt->cap)
		return NULL;
	st = probe(tt->slots, tt->cap, tid);
	return thread_kept(st) ? st : NULL;
}

/* Whether a new tid would rebuild the table (and move every state). */
bool thread_table_full(const struct thread_table *tt)
{
	/* Under one half so that probe chains stay short. */
	return (tt->used + 1) * 2 > tt->cap;
}

static void fresh_state(struct thread_state *st, int32_t tid)
{
	memset(st, 0, sizeof(*st));
	st->used = true;
	st->tid = tid;
}

/*
 * Finds or adds tid's state; NULL only when memory ran out. Finding a
 * known thread never moves the table, so pointers to it stay valid; a
 * dropped one starts afresh in its slot.
 */
struct thread_state *thread_get(struct thread_table *tt, int32_t tid)
{
	struct thread_state *st;

	if (tt->cap) {
		st = probe(tt->slots, tt->cap, tid);
		if (st->used) {
			if (st->dropped)
				fresh_state(st, tid);
			return st;
		}
	}
	if (thread_table_full(tt) && rebuild(tt))
		return NULL;
	st = probe(tt->slots, tt->cap, tid);
	if (!st->used) {
		fresh_state(st, tid);
		tt->used++;
	}
	return st;
}

/* Its contents records, and its stack's frames: what a state owns. */
static void drop_all_contents(struct thread_state *st)
{
	int slot;

	for (slot = 0; slot < CT_SLOTS; slot++)
		thread_drop_contents(st, slot);
	free(st->frames);
	st->frames = NULL;
}

/*
 * The oldest retirement leaves the queue: its state is dropped unless
 * the tid came back to life (or retired again) since.
 */
static struct thread_state *drop_oldest(struct thread_table *tt)
{
	struct retired_ref ref = tt->retired[tt->oldest];
	struct thread_state *st = thread_find(tt, ref.tid);

	tt->oldest = (tt->oldest + 1) % THREADS_RETIRED_KEPT;
	tt->nr_retired--;
	if (!st || !st->retired || st->retired_seq != ref.seq)
		return NULL;
	drop_all_contents(st);
	st->dropped = true;
	return st;
}

/*
 * st's task has ended. Returns the state dropped to make room for it in
 * the retired queue, or NULL; it stays readable until the next thread_get.
 */
const struct thread_state *thread_retire(struct thread_table *tt,
					 struct thread_state *st)
{
	struct thread_state *gone = NULL;
	size_t at;

	if (st->retired)
		return NULL;
	if (tt->nr_retired == THREADS_RETIRED_KEPT)
		gone = drop_oldest(tt);
	st->retired = true;
	st->retired_seq = ++tt->seq;
	at = (tt->oldest + tt->nr_retired++) % THREADS_RETIRED_KEPT;
	tt->retired[at] = (struct retired_ref){ st->tid, st->retired_seq };
	return gone;
}

void thread_drop_contents(struct thread_state *st, enum ct_slot slot)
{
	free(st->ct[slot].data);
	st->ct[slot].data = NULL;
	st->ct[slot].size = 0;
}

void thread_table_free(struct thread_table *tt)
{
	size_t i;

	for (i = 0; i < tt->cap; i++)
		drop_all_contents(&tt->slots[i]);
	free(tt->slots);
	tt->slots = NULL;
	tt->cap = tt->used = 0;
	tt->oldest = tt->nr_retired = 0;
}
