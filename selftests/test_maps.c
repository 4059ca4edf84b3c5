// SPDX-License-Identifier: GPL-2.0
/* Where a fault lands: mappings from mmap records, replaced when overlapped. */
#include "kselftest_harness.h"

#include <sys/stat.h>

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

/* A file mapped from a page offset: each edge of it, and next to it. */
static void check_edges(struct __test_metadata *_metadata, struct maps_cache *mc,
			pid_t pid, uint64_t start, uint64_t end, uint64_t pgoff,
			const char *path)
{
	const struct mapping *m;

	m = maps_find(mc, pid, start);
	ASSERT_NE(NULL, m);
	EXPECT_STREQ(path, m->path);
	EXPECT_EQ(pgoff, maps_offset(m, start));
	EXPECT_EQ(pgoff + 1, maps_offset(m, start + 1));
	m = maps_find(mc, pid, end - 1);
	ASSERT_NE(NULL, m);
	EXPECT_STREQ(path, m->path);
	EXPECT_EQ(pgoff + (end - start) - 1, maps_offset(m, end - 1));
}

TEST(a_file_mapped_at_an_offset_adds_it_at_every_edge)
{
	struct maps_cache mc = { .no_proc = true };
	const struct mapping *m;

	ASSERT_EQ(0, maps_add(&mc, 42, 0x400000, 0x2000, 0x5000, "/lib/a.so"));
	ASSERT_EQ(0, maps_add(&mc, 42, 0x402000, 0x1000, 0x9000, "/lib/b.so"));
	check_edges(_metadata, &mc, 42, 0x400000, 0x402000, 0x5000, "/lib/a.so");
	/* The next mapping starts where this one ends, with its own offset. */
	check_edges(_metadata, &mc, 42, 0x402000, 0x403000, 0x9000, "/lib/b.so");
	EXPECT_EQ(NULL, maps_find(&mc, 42, 0x3fffff));
	EXPECT_EQ(NULL, maps_find(&mc, 42, 0x403000));
	/* Replaced in its middle: the new one's offset, the old one's gone. */
	ASSERT_EQ(0, maps_add(&mc, 42, 0x401000, 0x1000, 0x11000, "/lib/c.so"));
	check_edges(_metadata, &mc, 42, 0x401000, 0x402000, 0x11000, "/lib/c.so");
	m = maps_find(&mc, 42, 0x400000);
	EXPECT_EQ(NULL, m);
	maps_cache_free(&mc);
}

/* /proc/PID/maps's third column is the offset: read from a directory of ours. */
TEST(proc_maps_offsets_at_every_edge)
{
	char root[] = "/tmp/sct-maps-XXXXXX", dir[64], path[96];
	struct maps_cache mc = { 0 };
	FILE *f;

	ASSERT_NE(NULL, mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/77", root);
	ASSERT_EQ(0, mkdir(dir, 0700));
	snprintf(path, sizeof(path), "%s/maps", dir);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs("55d000000000-55d000002000 r--p 00000000 08:01 11 /usr/bin/w\n"
	      "55d000002000-55d000005000 r-xp 00002000 08:01 11 /usr/bin/w\n"
	      "7f0000010000-7f0000011000 r--p 0001a000 08:01 12 /lib/libc.so.6\n"
	      "7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0 [stack]\n", f);
	fclose(f);
	mc.proc_root = root;
	check_edges(_metadata, &mc, 77, 0x55d000000000, 0x55d000002000, 0, "/usr/bin/w");
	check_edges(_metadata, &mc, 77, 0x55d000002000, 0x55d000005000, 0x2000, "/usr/bin/w");
	check_edges(_metadata, &mc, 77, 0x7f0000010000, 0x7f0000011000, 0x1a000,
		    "/lib/libc.so.6");
	check_edges(_metadata, &mc, 77, 0x7ffd00000000, 0x7ffd00021000, 0, "[stack]");
	EXPECT_EQ(NULL, maps_find(&mc, 77, 0x55d000005000));
	EXPECT_EQ(NULL, maps_find(&mc, 77, 0x7f000000ffff));
	maps_cache_free(&mc);
	unlink(path);
	rmdir(dir);
	rmdir(root);
}

TEST_HARNESS_MAIN
