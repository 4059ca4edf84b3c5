// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing data a recording carries, built from a tracefs that lacks
 * every file it asks for: each one is written empty, and the blob reads
 * back. Copying a missing file's (NULL, 0) once passed NULL to memcpy,
 * undefined even for 0 bytes: the sanitizers' build of this test
 * (make check's UBSan) stops there.
 */
#include "kselftest_harness.h"

#include <stdlib.h>
#include <unistd.h>

#include "tracing_data.h"

TEST(missing_tracefs_files_are_written_empty)
{
	static const struct td_event events[] = {
		{ "raw_syscalls", "sys_enter" }, { "raw_syscalls", "sys_exit" },
	};
	char dir[] = "/tmp/sct-td-XXXXXX";
	struct tracing_data td;
	struct tracefs tfs;
	struct td_blob b;
	size_t i;

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(tfs.root, sizeof(tfs.root), "%s", dir);
	ASSERT_EQ(0, tracing_data_build(&b, &tfs, events, 2, true));
	ASSERT_EQ(0, tracing_data_parse(&td, b.data, b.len)) TH_LOG("%s", td.error);
	EXPECT_EQ(sizeof(long), td.long_size);
	ASSERT_EQ(2, td.nr);
	for (i = 0; i < td.nr; i++) {
		EXPECT_STREQ("raw_syscalls", td.formats[i].system);
		EXPECT_EQ(0, td.formats[i].len);
	}
	tracing_data_free(&td);
	td_blob_free(&b);
	rmdir(dir);
}

TEST_HARNESS_MAIN
