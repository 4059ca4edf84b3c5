// SPDX-License-Identifier: GPL-2.0
/* Where a fault lands: mappings from mmap records, replaced when overlapped. */
#include "kselftest_harness.h"

#include "maps.h"

TEST(records_place_addresses_without_proc)
{
	struct maps_cache mc = { .no_proc = true };
	const struct mapping *m;

	ASSERT_EQ(0, maps_add(&mc, 42, 0x400000, 0x1000, 0, "/bin/w"));
	ASSERT_EQ(0, maps_add(&mc, 42, 0x200000, 0x1000, 0x3000, "/lib/l.so"));
	ASSERT_EQ(0, maps_add(&mc, 42, 0x7ff000, 0x2000, 0x7ff, "[stack]"));
	m = maps_find(&mc, 42, 0x200010);
	ASSERT_NE(NULL, m);
	EXPECT_STREQ("/lib/l.so", m->path);
	EXPECT_EQ(0x3010, maps_offset(m, 0x200010));
	/* A kernel area's page offset means nothing: distance from its start. */
	m = maps_find(&mc, 42, 0x800010);
	ASSERT_NE(NULL, m);
	EXPECT_EQ(0x1010, maps_offset(m, 0x800010));
	EXPECT_EQ(NULL, maps_find(&mc, 42, 0x500000));
	EXPECT_EQ(NULL, maps_find(&mc, 43, 0x400000));
	maps_cache_free(&mc);
}

TEST(a_new_mapping_replaces_what_it_overlaps)
{
	struct maps_cache mc = { .no_proc = true };
	const struct mapping *m;

	ASSERT_EQ(0, maps_add(&mc, 7, 0x1000, 0x3000, 0, "/old"));
	ASSERT_EQ(0, maps_add(&mc, 7, 0x2000, 0x1000, 0, "//anon"));
	m = maps_find(&mc, 7, 0x2800);
	ASSERT_NE(NULL, m);
	EXPECT_TRUE(maps_anonymous(m));
	EXPECT_EQ(NULL, maps_find(&mc, 7, 0x1800));
	/* After exec the old mappings are gone. */
	maps_forget(&mc, 7);
	EXPECT_EQ(NULL, maps_find(&mc, 7, 0x2800));
	maps_cache_free(&mc);
}

TEST(a_forgotten_process_takes_no_room)
{
	struct maps_cache mc = { .no_proc = true };

	ASSERT_EQ(0, maps_add(&mc, 7, 0x1000, 0x1000, 0, "/a"));
	ASSERT_EQ(0, maps_add(&mc, 8, 0x1000, 0x1000, 0, "/b"));
	ASSERT_EQ(0, maps_add(&mc, 9, 0x1000, 0x1000, 0, "/c"));
	maps_forget(&mc, 7);
	EXPECT_EQ(2, mc.nr);
	EXPECT_EQ(NULL, maps_find(&mc, 7, 0x1800));
	EXPECT_STREQ("/b", maps_find(&mc, 8, 0x1800)->path);
	EXPECT_STREQ("/c", maps_find(&mc, 9, 0x1800)->path);
	maps_cache_free(&mc);
}

TEST(proc_maps_fill_what_records_miss)
{
	struct maps_cache mc = { 0 };
	const struct mapping *m;
	int on_stack;

	m = maps_find(&mc, getpid(), (uint64_t)(uintptr_t)&on_stack);
	ASSERT_NE(NULL, m);
	EXPECT_STREQ("[stack]", m->path);
	maps_cache_free(&mc);
}

TEST_HARNESS_MAIN
