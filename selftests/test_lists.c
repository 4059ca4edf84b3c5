// SPDX-License-Identifier: GPL-2.0
/* The option value parsers: cpu lists, pid/tid lists, mmap pages. */
#include "kselftest_harness.h"

#include "lists.h"

static void expect_cpus(struct __test_metadata *_metadata, const char *text,
			const int *want, size_t nr)
{
	struct cpu_list list;
	size_t i;

	ASSERT_EQ(0, cpu_list_parse(text, &list)) TH_LOG("'%s'", text);
	ASSERT_EQ(nr, list.nr) TH_LOG("'%s'", text);
	for (i = 0; i < nr; i++)
		EXPECT_EQ(want[i], list.cpus[i]) TH_LOG("'%s' item %zu", text, i);
	cpu_list_free(&list);
}

TEST(cpu_lists)
{
	expect_cpus(_metadata, "0", (int[]){ 0 }, 1);
	expect_cpus(_metadata, "0,2-3", (int[]){ 0, 2, 3 }, 3);
	expect_cpus(_metadata, "3,1,1-2", (int[]){ 1, 2, 3 }, 3);
	expect_cpus(_metadata, "5-5", (int[]){ 5 }, 1);
	expect_cpus(_metadata, "8191", (int[]){ 8191 }, 1);
}

TEST(bad_cpu_lists)
{
	static const char *const bad[] = {
		"", ",", "0,", ",0", "a", "0-", "-1", "3-1", "0,,1", "1 ", " 1",
		"8192", "99999999999999999999", "0-2-3", "+1", "0x1",
	};
	struct cpu_list list;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_NE(0, cpu_list_parse(bad[i], &list)) TH_LOG("'%s'", bad[i]);
		EXPECT_EQ(NULL, list.cpus);
	}
}

TEST(cpu_list_membership)
{
	struct cpu_list online, want;

	ASSERT_EQ(0, cpu_list_parse("0-3", &online));
	ASSERT_EQ(0, cpu_list_parse("1,3", &want));
	EXPECT_EQ(-1, cpu_list_missing(&want, &online));
	cpu_list_free(&want);
	ASSERT_EQ(0, cpu_list_parse("2,7", &want));
	EXPECT_EQ(7, cpu_list_missing(&want, &online));
	cpu_list_free(&want);
	cpu_list_free(&online);
}

TEST(online_cpus_are_a_list)
{
	struct cpu_list online;

	ASSERT_EQ(0, cpu_list_online(&online));
	EXPECT_GE(online.nr, 1);
	cpu_list_free(&online);
}

TEST(id_lists)
{
	struct id_list list = { 0 };

	ASSERT_EQ(0, id_list_parse("1", &list));
	ASSERT_EQ(0, id_list_parse("123,456", &list));
	ASSERT_EQ(3, list.nr);
	EXPECT_EQ(1, list.ids[0]);
	EXPECT_EQ(123, list.ids[1]);
	EXPECT_EQ(456, list.ids[2]);
	ASSERT_EQ(0, id_list_parse("2147483647", &list));
	EXPECT_EQ(2147483647, list.ids[3]);
	id_list_free(&list);
}

TEST(id_lists_without_repeats)
{
	struct id_list list = { 0 };

	ASSERT_EQ(0, id_list_parse("7,3,7,3,5", &list));
	ASSERT_EQ(0, id_list_parse("5", &list));
	id_list_unique(&list);
	ASSERT_EQ(3, list.nr);
	EXPECT_EQ(3, list.ids[0]);
	EXPECT_EQ(5, list.ids[1]);
	EXPECT_EQ(7, list.ids[2]);
	id_list_free(&list);
}

TEST(empty_id_list_stays_empty)
{
	struct id_list list = { 0 };

	id_list_unique(&list);
	EXPECT_EQ(0, list.nr);
	EXPECT_EQ(NULL, list.ids);
}

TEST(bad_id_lists)
{
	static const char *const bad[] = {
		"", "0", "-1", "abc", "1,", ",1", "1,,2", "2147483648", "1.5", "1 ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct id_list list = { 0 };

		EXPECT_NE(0, id_list_parse(bad[i], &list)) TH_LOG("'%s'", bad[i]);
		id_list_free(&list);
	}
}

TEST(mmap_pages)
{
	static const char *const bad[] = {
		"", "0", "3", "6", "-4", "abc", "4k", "2097152", "1048577", "99999999999999999999",
	};
	unsigned int pages = 0;
	size_t i;

	ASSERT_EQ(0, mmap_pages_parse("1", &pages));
	EXPECT_EQ(1, pages);
	ASSERT_EQ(0, mmap_pages_parse("256", &pages));
	EXPECT_EQ(256, pages);
	ASSERT_EQ(0, mmap_pages_parse("1048576", &pages));
	EXPECT_EQ(1048576, pages);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		const char *text = bad[i];

		EXPECT_NE(0, mmap_pages_parse(text, &pages)) TH_LOG("'%s'", text);
	}
}

TEST_HARNESS_MAIN
