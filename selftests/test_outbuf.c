// SPDX-License-Identifier: GPL-2.0
/* The output buffer: growing in memory, flushing in front of a file. */
#include <string.h>
#include <unistd.h>

#include "kselftest_harness.h"

#include "outbuf.h"

/*
 * A buffer made with no room grows, in memory and in front of a file. It
 * once doubled its capacity of 0: forever where realloc(p, 0) returns
 * memory, and failing with ENOMEM on glibc, where it frees and returns
 * NULL (what this test then reports).
 */
TEST(outbuf_with_no_room_grows)
{
	struct outbuf ob;
	int fds[2];
	char got[8];

	ASSERT_EQ(0, outbuf_init(&ob, -1, 0));
	outbuf_puts(&ob, "");
	outbuf_puts(&ob, "grown");
	ASSERT_EQ(0, ob.error);
	ASSERT_EQ(5, ob.len);
	EXPECT_EQ(0, memcmp(ob.buf, "grown", 5));
	outbuf_free(&ob);

	ASSERT_EQ(0, pipe(fds));
	ASSERT_EQ(0, outbuf_init(&ob, fds[1], 0));
	outbuf_puts(&ob, "piped");
	ASSERT_EQ(0, outbuf_flush(&ob));
	ASSERT_EQ(5, read(fds[0], got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, "piped", 5));
	outbuf_free(&ob);
	close(fds[0]);
	close(fds[1]);
}

TEST_HARNESS_MAIN
