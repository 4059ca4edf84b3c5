// SPDX-License-Identifier: GPL-2.0
/* -s counted in the kernel: the program's sums, their rows, ended threads. */
#include "kselftest_harness.h"

#include <math.h>

#include "kcount.h"

static unsigned __int128 sum_of(const struct kc_stats *s)
{
	return (unsigned __int128)s->sq_hi << 64 | s->sq_lo;
}

TEST(squares_carry_into_128_bits)
{
	static const __u64 first[] = { 0, 1, 0xffffffffull, 1ull << 32, (1ull << 33) + 12345,
				       (1ull << 63) + 7, 3000000000ull };
	struct kc_stats s = { 0 };
	unsigned __int128 want = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(first); i++) {
		kc_add_square(&s, first[i]);
		want += (unsigned __int128)first[i] * first[i];
		EXPECT_TRUE(sum_of(&s) == want);
	}
	/* The largest square, then one that carries out of the low half. */
	s = (struct kc_stats){ 0 };
	kc_add_square(&s, UINT64_MAX);
	kc_add_square(&s, 1ull << 32);
	want = (unsigned __int128)UINT64_MAX * UINT64_MAX + ((unsigned __int128)1 << 64);
	EXPECT_TRUE(sum_of(&s) == want);
}

/* A row from n durations near 3 s: squares past 2^64, a small spread. */
TEST(rows_have_the_mean_and_spread_of_their_calls)
{
	const __u64 n = 1000, base = 3000000000ull;
	struct kc_key key = { .tid = 7, .nr = 35 };
	struct kc_stats s = { .min_ns = UINT64_MAX };
	long double mean, m2 = 0;
	struct call_stats row;
	__u64 i;

	for (i = 0; i < n; i++) {
		__u64 d = base + i * 7919 % 1000;

		s.calls++;
		s.total_ns += d;
		s.min_ns = d < s.min_ns ? d : s.min_ns;
		s.max_ns = d > s.max_ns ? d : s.max_ns;
		kc_add_square(&s, d);
	}
	mean = (long double)s.total_ns / n;
	for (i = 0; i < n; i++)
		m2 += powl(base + i * 7919 % 1000 - mean, 2);
	ASSERT_TRUE(kcount_row(&key, &s, &row));
	EXPECT_EQ(7, row.tid);
	EXPECT_EQ(35, row.nr);
	EXPECT_EQ(n, row.calls);
	EXPECT_EQ(base, row.min_ns);
	EXPECT_EQ(base + 999, row.max_ns);
	EXPECT_LT(fabsl(row.mean_ns - mean), 1e-6);
	/* About 8.3e7 (ns^2): exact but for the last rounding. */
	EXPECT_LT(fabsl(row.m2 - m2), m2 * 1e-12);
}

TEST(a_row_without_calls_is_none)
{
	struct kc_key key = { .tid = 7, .nr = 0 };
	struct kc_stats s = { .min_ns = UINT64_MAX };
	struct call_stats row;

	EXPECT_FALSE(kcount_row(&key, &s, &row));
}

/* The summary hears of an ended thread once THREADS_RETIRED_KEPT more ended. */
TEST(ended_threads_reach_the_summary_after_the_kept_ones)
{
	struct kcount_ended e = { 0 };
	struct summary sum = { 0 };
	int32_t tid;

	for (tid = 1; tid <= THREADS_RETIRED_KEPT; tid++)
		kcount_ended_add(&e, &sum, tid);
	EXPECT_EQ(0, sum.nr_exited);
	kcount_ended_add(&e, &sum, tid++);
	kcount_ended_add(&e, &sum, tid++);
	ASSERT_EQ(2, sum.nr_exited);
	EXPECT_EQ(1, sum.exited[0]);
	EXPECT_EQ(2, sum.exited[1]);
	summary_free(&sum);
}

/* A tid an exec took over lives on: it leaves the queue, the order stays. */
TEST(a_revived_tid_is_not_ended)
{
	struct kcount_ended e = { 0 };
	struct summary sum = { 0 };
	int32_t tid;

	kcount_ended_add(&e, &sum, 100);
	kcount_ended_add(&e, &sum, 200);
	kcount_ended_add(&e, &sum, 300);
	kcount_ended_revive(&e, 200);
	kcount_ended_revive(&e, 999);
	EXPECT_EQ(2, e.nr);
	for (tid = 1; tid <= THREADS_RETIRED_KEPT; tid++)
		kcount_ended_add(&e, &sum, tid);
	ASSERT_EQ(2, sum.nr_exited);
	EXPECT_EQ(100, sum.exited[0]);
	EXPECT_EQ(300, sum.exited[1]);
	summary_free(&sum);
}

TEST_HARNESS_MAIN
