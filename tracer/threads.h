/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_THREADS_H
#define SCTRACE_THREADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct_event.h"

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
	bool unselected;	/* an exec -e did not select, in only to pair (select.c) */
	bool compat;		/* its last call was a 32-bit task's (SCT_NR_COMPAT) */
	long nr;
	long raw_nr;		/* the kernel's: socketcall's, where nr is the call it made */
	uint64_t enter_time;	/* of the pending call, for its duration */
	unsigned long args[6];	/* held until the exit decides (--failure...) */
	char comm[16];		/* for --comm: from comm records or /proc */
	bool has_comm;
	bool has_exit_code;	/* exit or exit_group seen, for --sched's exit */
	int exit_code;
	bool retired;		/* its task ended; kept for events still in flight */
	bool dropped;		/* forgotten: its slot is freed at the next rebuild */
	uint32_t retired_seq;	/* which retirement, for the retired queue */
	struct ct_blob ct[CT_SLOTS];	/* owned: freed when dropped */
	char *frames;		/* -k: the pending call's stack, as lines; owned */
	bool has_kvm_exit;	/* -e kvm=vcpu: the pending KVM_RUN left the guest */
	uint32_t kvm_exit;	/* why: KVM_EXIT_* */
};

/*
 * How many ended tasks keep their state: their last events (the exit's
 * sched records, faults, names for --comm) may still be in the ordering
 * queue when the end is seen. The oldest beyond these is dropped.
 */
#define THREADS_RETIRED_KEPT 1024

struct retired_ref {
	int32_t tid;
	uint32_t seq;
};

/*
 * Open-addressing hash of thread states keyed by tid: live tasks, the
 * THREADS_RETIRED_KEPT last ended ones, and dropped slots until a rebuild.
 */
struct thread_table {
	struct thread_state *slots;
	size_t cap;	/* a power of two */
	size_t used;	/* slots taken, dropped ones included */
	struct retired_ref retired[THREADS_RETIRED_KEPT];	/* a ring, oldest first */
	size_t oldest;
	size_t nr_retired;
	uint32_t seq;
};

static inline bool thread_kept(const struct thread_state *st)
{
	return st->used && !st->dropped;
}

struct thread_state *thread_find(struct thread_table *tt, int32_t tid);
struct thread_state *thread_get(struct thread_table *tt, int32_t tid);
bool thread_table_full(const struct thread_table *tt);
const struct thread_state *thread_retire(struct thread_table *tt,
					 struct thread_state *st);
void thread_drop_contents(struct thread_state *st, enum ct_slot slot);
void thread_table_free(struct thread_table *tt);

#endif
