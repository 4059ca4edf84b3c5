// SPDX-License-Identifier: GPL-2.0
/*
 * The reader's look-up of a tracepoint's id in a recording's formats: the
 * "ID: N" line is the file's, so anything may stand there. It was once
 * read with atoi on text with no NUL at its end: a number too large came
 * back cut to an int (4294967297 as 1), digits followed by junk as the
 * digits, and the read could run past the format.
 */
#include "kselftest_harness.h"

#include "perf_reader.h"

/* The id perf_file_tp_id reads from a format of this text. */
static int id_of(const char *text)
{
	static struct perf_file f;
	struct td_format fmt = {
		.system = "raw_syscalls", .name = "sys_enter",
		.text = text, .len = strlen(text),
	};

	memset(&f, 0, sizeof(f));
	f.td.formats = &fmt;
	f.td.nr = 1;
	return perf_file_tp_id(&f, "raw_syscalls", "sys_enter");
}

TEST(a_format_id_line_is_read_whole_or_refused)
{
	EXPECT_EQ(17, id_of("name: sys_enter\nID: 17\nformat:\n"));
	EXPECT_EQ(65535, id_of("name: sys_enter\nID: 65535\n"));
	/* The last line, with no newline and no NUL after it. */
	EXPECT_EQ(305, id_of("name: sys_enter\nID: 305"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nID: 4294967297\n"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nID: 99999999999999999999\n"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nID: 12x\n"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nID: -5\n"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nID: \n"));
	EXPECT_EQ(-1, id_of("name: sys_enter\nformat:\n"));
}

TEST_HARNESS_MAIN
