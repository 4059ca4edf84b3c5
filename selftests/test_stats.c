// SPDX-License-Identifier: GPL-2.0
/*
 * strace's -c table (stats.c) and the -S, -U and -O that shape it
 * (stats_spec.c): the layout strace 6.1 prints, cell for cell.
 */
#include "kselftest_harness.h"

#include <libaudit.h>

#include "exit_codes.h"
#include "stats.h"

#define NR_READ 0
#define NR_WRITE 1
#define NR_CLOSE 3
#define NR_EXIT 60
#define NR_GETPPID 110
#define NR_SCHED_GET_PRIORITY_MAX 146
#define NR_EXIT_GROUP 231
#define US 1000ull
#define MS 1000000ull

FIXTURE(st) {
	struct outbuf ob;
	struct syscall_cache cache;
	struct summary s;
	struct stats_spec spec;
};

FIXTURE_SETUP(st)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 8192));
	ASSERT_EQ(0, syscall_cache_init(&self->cache, NULL, MACH_86_64));
	memset(&self->s, 0, sizeof(self->s));
	memset(&self->spec, 0, sizeof(self->spec));
	self->spec.shown = true;
}

FIXTURE_TEARDOWN(st)
{
	summary_free(&self->s);
	syscall_cache_free(&self->cache);
	outbuf_free(&self->ob);
}

/* The table, whole, for the options given as strace's letters. */
static const char *printed(FIXTURE_DATA(st) *self)
{
	self->ob.len = 0;
	stats_print(&self->s, &self->spec, &self->ob, &self->cache, 0);
	outbuf_putc(&self->ob, '\0');
	return self->ob.buf;
}

/* read 4 calls, 10 ms, 1 error; write 1, 5 ms, failed; close 2, 1 ms. */
static void three_calls(struct summary *s)
{
	summary_add(s, 10, NR_READ, 1, 1 * MS);
	summary_add(s, 10, NR_READ, 1, 2 * MS);
	summary_add(s, 11, NR_READ, -9, 3 * MS);
	summary_add(s, 11, NR_READ, 1, 4 * MS);
	summary_add(s, 11, NR_WRITE, -11, 5 * MS);
	summary_add(s, 10, NR_CLOSE, 0, 500 * US);
	summary_add(s, 12, NR_CLOSE, 0, 500 * US);
}

TEST_F(st, default_columns_most_time_first_with_a_total)
{
	three_calls(&self->s);
	EXPECT_STREQ("% time     seconds  usecs/call     calls    errors syscall\n"
		     "------ ----------- ----------- --------- --------- ----------------\n"
		     " 62.50    0.010000        2500         4         1 read\n"
		     " 31.25    0.005000        5000         1         1 write\n"
		     "  6.25    0.001000         500         2           close\n"
		     "------ ----------- ----------- --------- --------- ----------------\n"
		     "100.00    0.016000        2285         7         2 total\n",
		     printed(self));
}

TEST_F(st, every_column_in_the_order_given)
{
	three_calls(&self->s);
	ASSERT_EQ(0, stats_spec_option('U', "name,errors,max-time,min-time,calls,avg-time,total-time,time-percent",
				       &self->spec));
	EXPECT_STREQ("syscall             errors  longest shortest     calls  usecs/call     seconds % time\n"
		     "---------------- --------- -------- -------- --------- ----------- ----------- ------\n"
		     "read                     1 0.004000 0.001000         4        2500    0.010000  62.50\n"
		     "write                    1 0.005000 0.005000         1        5000    0.005000  31.25\n"
		     "close                      0.000500 0.000500         2         500    0.001000   6.25\n"
		     "---------------- --------- -------- -------- --------- ----------- ----------- ------\n"
		     "total                    2 0.005000 0.000500         7        2285    0.016000 100.00\n",
		     printed(self));
}

TEST_F(st, without_the_name_it_comes_last_and_aliases_count)
{
	three_calls(&self->s);
	ASSERT_EQ(0, stats_spec_option('U', "count,error", &self->spec));
	EXPECT_STREQ("    calls    errors syscall\n"
		     "--------- --------- ----------------\n"
		     "        4         1 read\n"
		     "        1         1 write\n"
		     "        2           close\n"
		     "--------- --------- ----------------\n"
		     "        7         2 total\n",
		     printed(self));
	/* strace reads '_' as '-'; the last -U counts. */
	ASSERT_EQ(0, stats_spec_option('U', "time_min,syscall_name,longest,time", &self->spec));
	EXPECT_STREQ("shortest syscall           longest % time\n", strtok((char *)printed(self), "-"));
}

TEST_F(st, a_long_name_widens_its_column)
{
	summary_add(&self->s, 10, NR_SCHED_GET_PRIORITY_MAX, 99, 1 * US);
	ASSERT_EQ(0, stats_spec_option('U', "name,calls", &self->spec));
	EXPECT_STREQ("syscall                     calls\n"
		     "----------------------- ---------\n"
		     "sched_get_priority_max          1\n"
		     "----------------------- ---------\n"
		     "total                           1\n",
		     printed(self));
}

TEST_F(st, calls_that_never_return_are_left_out)
{
	summary_add(&self->s, 10, NR_GETPPID, 1, 1 * US);
	summary_add(&self->s, 10, NR_EXIT, 0, 0);
	summary_add(&self->s, 11, NR_EXIT_GROUP, 0, 0);
	ASSERT_EQ(0, stats_spec_option('U', "calls", &self->spec));
	EXPECT_STREQ("    calls syscall\n"
		     "--------- ----------------\n"
		     "        1 getppid\n"
		     "--------- ----------------\n"
		     "        1 total\n",
		     printed(self));
}

TEST_F(st, empty_table_still_has_its_total)
{
	EXPECT_STREQ("% time     seconds  usecs/call     calls    errors syscall\n"
		     "------ ----------- ----------- --------- --------- ----------------\n"
		     "------ ----------- ----------- --------- --------- ----------------\n"
		     "100.00    0.000000           0         0           total\n",
		     printed(self));
}

/* The names of the rows, in order, one per line. */
static const char *order_of(FIXTURE_DATA(st) *self, const char *sort)
{
	static char names[256];
	const char *t;
	size_t n = 0;

	if (stats_spec_option('S', sort, &self->spec))
		return "refused";
	if (stats_spec_option('U', "name", &self->spec))
		return "-U name refused";
	t = strchr(printed(self), '\n') + 1;
	t = strchr(t, '\n') + 1;
	while (*t != '-') {
		size_t len = strcspn(t, "\n");

		memcpy(names + n, t, len);
		n += len;
		names[n++] = ' ';
		t += len + 1;
	}
	names[n ? n - 1 : 0] = '\0';
	return names;
}

/* Each -S order, ties by number: read 0, write 1, close 3, getppid 110. */
TEST_F(st, every_sort_order_and_its_spellings)
{
	summary_add(&self->s, 10, NR_GETPPID, 1, 3 * US);
	summary_add(&self->s, 10, NR_GETPPID, 1, 3 * US);
	summary_add(&self->s, 10, NR_GETPPID, 1, 3 * US);
	summary_add(&self->s, 10, NR_READ, -2, 1 * US);
	summary_add(&self->s, 10, NR_READ, -2, 9 * US);
	summary_add(&self->s, 10, NR_CLOSE, -9, 2 * US);
	summary_add(&self->s, 10, NR_WRITE, 1, 7 * US);
	/* total 9, 10, 2, 7; avg 3, 5, 2, 7; min 3, 1, 2, 7; max 3, 9, 2, 7 */
	EXPECT_STREQ("read getppid write close", order_of(self, "time"));
	EXPECT_STREQ("read getppid write close", order_of(self, "total_time"));
	EXPECT_STREQ("write read getppid close", order_of(self, "avg-time"));
	EXPECT_STREQ("write getppid close read", order_of(self, "shortest"));
	EXPECT_STREQ("read write getppid close", order_of(self, "time-max"));
	EXPECT_STREQ("getppid read write close", order_of(self, "count"));
	EXPECT_STREQ("read close write getppid", order_of(self, "errors"));
	EXPECT_STREQ("close getppid read write", order_of(self, "syscall"));
	EXPECT_STREQ("read write close getppid", order_of(self, "none"));
	EXPECT_STREQ("refused", order_of(self, "percent"));
	EXPECT_STREQ("refused", order_of(self, "TIME"));
}

TEST_F(st, bad_columns_are_refused)
{
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('U', "calls,bogus", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('U', "calls,count", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('U', "calls,", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('U', "", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('U', "usecs/call", &self->spec));
	EXPECT_EQ(-1, stats_spec_option('c', NULL, &self->spec));
}

/* -O: each call less the overhead, down to 0, in strace's time units. */
TEST_F(st, overhead_comes_off_each_call)
{
	ASSERT_EQ(0, stats_spec_option('O', "2", &self->spec));
	EXPECT_EQ(2 * US, self->spec.overhead_ns);
	ASSERT_EQ(0, stats_spec_option('O', "1.5ms", &self->spec));
	EXPECT_EQ(1500 * US, self->spec.overhead_ns);
	ASSERT_EQ(0, stats_spec_option('O', "1e-6s", &self->spec));
	EXPECT_EQ(1 * US, self->spec.overhead_ns);
	ASSERT_EQ(0, stats_spec_option('O', "250ns", &self->spec));
	EXPECT_EQ(250, self->spec.overhead_ns);
	ASSERT_EQ(0, stats_spec_option('O', "3us", &self->spec));
	EXPECT_EQ(3 * US, self->spec.overhead_ns);
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('O', "-1", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('O', "3 us", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('O', "3m", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('O', "", &self->spec));
	EXPECT_EQ(SCT_EXIT_USAGE, stats_spec_option('O', "inf", &self->spec));

	self->s.overhead_ns = self->spec.overhead_ns;
	summary_add(&self->s, 10, NR_READ, 1, 2 * US);
	summary_add(&self->s, 10, NR_READ, 1, 10 * US);
	ASSERT_EQ(0, stats_spec_option('U', "total-time,min-time,max-time,calls", &self->spec));
	EXPECT_STREQ("    seconds shortest  longest     calls syscall\n"
		     "----------- -------- -------- --------- ----------------\n"
		     "   0.000007 0.000000 0.000007         2 read\n"
		     "----------- -------- -------- --------- ----------------\n"
		     "   0.000007 0.000000 0.000007         2 total\n",
		     printed(self));
}

TEST_HARNESS_MAIN
