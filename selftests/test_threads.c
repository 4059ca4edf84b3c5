// SPDX-License-Identifier: GPL-2.0
/* The thread table: found by tid, ended tasks kept a while, then dropped. */
#include "kselftest_harness.h"

#include "threads.h"

/* Adds tid and ends it at once; returns the tid dropped for it, or -1. */
static int32_t add_and_retire(struct thread_table *tt, int32_t tid)
{
	struct thread_state *st = thread_get(tt, tid);
	const struct thread_state *gone;

	if (!st)
		return -2;
	gone = thread_retire(tt, st);
	return gone ? gone->tid : -1;
}

TEST(an_ended_task_is_kept_then_dropped_oldest_first)
{
	struct thread_table tt = { 0 };
	struct thread_state *st = thread_get(&tt, 7);
	int32_t tid;

	ASSERT_NE(NULL, st);
	st->in_call = true;
	strcpy(st->comm, "worker");
	st->has_comm = true;
	EXPECT_EQ(NULL, thread_retire(&tt, st));
	/* Retired twice is retired once. */
	EXPECT_EQ(NULL, thread_retire(&tt, st));
	for (tid = 100; tid < 100 + THREADS_RETIRED_KEPT - 1; tid++)
		ASSERT_EQ(-1, add_and_retire(&tt, tid));
	/* Still known, whole, for its events in flight. */
	st = thread_find(&tt, 7);
	ASSERT_NE(NULL, st);
	EXPECT_STREQ("worker", st->comm);
	EXPECT_EQ(7, add_and_retire(&tt, 5000));
	EXPECT_EQ(NULL, thread_find(&tt, 7));
	EXPECT_EQ(100, add_and_retire(&tt, 5001));
	/* The tid again: a new task, its state fresh. */
	st = thread_get(&tt, 7);
	ASSERT_NE(NULL, st);
	EXPECT_FALSE(st->in_call);
	EXPECT_FALSE(st->has_comm);
	EXPECT_FALSE(st->retired);
	thread_table_free(&tt);
}

TEST(a_task_back_to_life_is_not_dropped_for_its_old_end)
{
	struct thread_table tt = { 0 };
	struct thread_state *st = thread_get(&tt, 7);
	int32_t tid;

	ASSERT_NE(NULL, st);
	thread_retire(&tt, st);
	st->retired = false;
	for (tid = 100; tid < 100 + 2 * THREADS_RETIRED_KEPT; tid++)
		ASSERT_NE(7, add_and_retire(&tt, tid));
	EXPECT_NE(NULL, thread_find(&tt, 7));
	thread_table_free(&tt);
}

/* Bounded by live tasks and the retired queue, not by the tids ever seen. */
TEST(the_table_stays_bounded_over_a_million_ended_tids)
{
	struct thread_table tt = { 0 };
	int32_t tid;

	for (tid = 1; tid <= 1000000; tid++)
		ASSERT_NE(-2, add_and_retire(&tt, tid));
	EXPECT_LE(tt.cap, 8 * THREADS_RETIRED_KEPT);
	EXPECT_LE(tt.used, 4 * THREADS_RETIRED_KEPT);
	thread_table_free(&tt);
}

TEST_HARNESS_MAIN
