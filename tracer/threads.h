/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_THREADS_H
#define SCTRACE_THREADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* A thread's contents records: the next call's, its enter's, its exit's. */
enum ct_slot {
	CT_NEXT,
	CT_ENTER,
	CT_EXIT,
	CT_SLOTS,
};

/* Per-thread pairing state: which call a thread is inside, if any. */
struct thread_state {
	int32_t tid;
	int32_t pid;		/* its process, from its latest event */
	bool used;
	bool in_call;
	bool calling;		/* seen entering or leaving a call */
	bool shown;		/* its enter is printed (or counted) already */
	long nr;
	uint64_t enter_time;	/* of the pending call, for its duration */
	unsigned long args[6];	/* held until the exit decides (--failure...) */
	char comm[16];		/* for --comm: from comm records or /proc */
	bool has_comm;
	bool has_exit_code;	/* exit or exit_group seen, for --sched's exit */
	int exit_code;
	struct ct_blob ct[CT_SLOTS];	/* owned: freed with the table */
};

/* Open-addressing hash of thread states keyed by tid. */
struct thread_table {
	struct thread_state *slots;
	size_t cap;	/* a power of two */
	size_t used;
};

struct thread_state *thread_find(struct thread_table *tt, int32_t tid);
struct thread_state *thread_get(struct thread_table *tt, int32_t tid);
void thread_drop_contents(struct thread_state *st, enum ct_slot slot);
void thread_table_free(struct thread_table *tt);

#endif
