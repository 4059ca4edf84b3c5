// SPDX-License-Identifier: GPL-2.0
/* -s/-S statistics: per-thread rows, merged totals, errno counts. */
#include "kselftest_harness.h"

#include <libaudit.h>
#include <stdarg.h>

#include "summary.h"

#define NR_READ 0
#define NR_WRITE 1
#define MS 1000000ull

FIXTURE(sum) {
	struct outbuf ob;
	struct syscall_cache cache;
	struct summary s;
};

FIXTURE_SETUP(sum)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 8192));
	ASSERT_EQ(0, syscall_cache_init(&self->cache, NULL, MACH_86_64));
	memset(&self->s, 0, sizeof(self->s));
	self->s.errnos = true;
}

FIXTURE_TEARDOWN(sum)
{
	summary_free(&self->s);
	syscall_cache_free(&self->cache);
	outbuf_free(&self->ob);
}

/* The printed summary, whole: the in-memory buffer grows as needed. */
static const char *printed(FIXTURE_DATA(sum) *self)
{
	summary_print(&self->s, &self->ob, &self->cache, 0);
	outbuf_putc(&self->ob, '\0');
	return self->ob.buf;
}

TEST_F(sum, rows_per_thread_and_totals_with_sample_stddev)
{
	const char *t;

	summary_add(&self->s, 10, NR_READ, 1, 1 * MS);
	summary_add(&self->s, 10, NR_READ, 1, 2 * MS);
	summary_add(&self->s, 10, NR_READ, -9, 3 * MS);
	summary_add(&self->s, 10, NR_READ, 1, 4 * MS);
	summary_add(&self->s, 11, NR_READ, -9, 5 * MS);
	summary_add(&self->s, 11, NR_WRITE, -11, 1 * MS);
	t = printed(self);
	/* Thread 10: 1..4 ms, sample stddev sqrt(5/3) = 1.291 ms. */
	EXPECT_NE(NULL, strstr(t, " thread 10, calls: 4, errors: 1\n"));
	EXPECT_NE(NULL, strstr(t, "   read                         4       1      10.000     1.000     2.500     4.000       1.291\n"));
	/* All threads: 1..5 ms, stddev sqrt(2.5) = 1.581 ms, by the merge. */
	EXPECT_NE(NULL, strstr(t, " all threads, calls: 6, errors: 3\n"));
	EXPECT_NE(NULL, strstr(t, "   read                         5       2      15.000     1.000     3.000     5.000       1.581\n"
				  "                       EBADF: 2\n"));
	EXPECT_NE(NULL, strstr(t, "   write                        1       1       1.000     1.000     1.000     1.000       0.000\n"
				  "                       EAGAIN: 1\n"));
	/* Most time first. */
	EXPECT_LT(strstr(t, "   read "), strstr(t, "   write "));
}

TEST_F(sum, empty_summary_still_prints_a_total)
{
	EXPECT_NE(NULL, strstr(printed(self), " all threads, calls: 0, errors: 0\n"));
}

TEST_F(sum, many_threads_and_calls_grow_the_table)
{
	int tid;

	for (tid = 1; tid <= 500; tid++) {
		summary_add(&self->s, tid, NR_READ, 0, MS);
		summary_add(&self->s, tid, NR_WRITE, 0, MS);
	}
	EXPECT_EQ(1000, self->s.used);
	EXPECT_NE(NULL, strstr(printed(self), " all threads, calls: 1000, errors: 0\n"));
}

/* The output of a long system-wide run holds this line. */
static bool holds(const char *text, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return strstr(text, line);
}

/* Rows for live threads and a bounded few exited ones; none lost. */
TEST_F(sum, exited_threads_are_folded_beyond_a_bound)
{
	const int32_t nr = 20 * SUMMARY_EXITED_SHOWN;
	/* Folded in batches as the latest 2 * SHOWN fill: all but SHOWN. */
	const int32_t folded = nr - SUMMARY_EXITED_SHOWN;
	int32_t tid;
	const char *t;

	for (tid = 1; tid <= nr; tid++) {
		summary_add(&self->s, tid, NR_READ, -9, MS);
		summary_add(&self->s, tid, NR_WRITE, 0, 2 * MS);
		summary_thread_gone(&self->s, tid);
		ASSERT_LE(self->s.used, 2 * (2 * SUMMARY_EXITED_SHOWN) + 2);
	}
	summary_add(&self->s, nr + 1, NR_READ, 0, MS);
	t = printed(self);
	/* The latest exited ones and the live one keep their tables... */
	EXPECT_TRUE(holds(t, " thread %d, calls: 2, errors: 1\n", folded + 1));
	EXPECT_TRUE(holds(t, " thread %d, calls: 1, errors: 0\n", nr + 1));
	EXPECT_FALSE(holds(t, " thread %d, ", folded));
	/* ...the older ones are folded, every call still counted. */
	EXPECT_TRUE(holds(t, " %d threads that exited earlier, together, calls: %d, errors: %d\n",
			  folded, 2 * folded, folded));
	EXPECT_TRUE(holds(t, "   read                     %5d   %5d   %5d.000     1.000     1.000     1.000       0.000\n"
			  "                       EBADF: %d\n", folded, folded, folded, folded));
	EXPECT_TRUE(holds(t, " all threads, calls: %d, errors: %d\n", 2 * nr + 1, nr));
	EXPECT_LT(strstr(t, " threads that exited earlier"), strstr(t, " all threads, "));
	EXPECT_FALSE(holds(t, " thread %d, ", SUMMARY_FOLDED_TID));
}

TEST_HARNESS_MAIN
