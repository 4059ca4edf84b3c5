// SPDX-License-Identifier: GPL-2.0
/* -e read=/write=: the fd sets, and strace's hex dump lines. */
#include "kselftest_harness.h"

#include "iodump.h"

static const char *text_of(struct outbuf *ob, char *buf, size_t size)
{
	size_t len = ob->len < size - 1 ? ob->len : size - 1;

	memcpy(buf, ob->buf, len);
	buf[len] = '\0';
	ob->len = 0;
	return buf;
}

TEST(fd_sets)
{
	struct iodump_fds fds;
	char bad[64];

	ASSERT_EQ(0, iodump_parse("0,3,4095", &fds, bad, sizeof(bad)));
	EXPECT_TRUE(iodump_has(&fds, 0));
	EXPECT_TRUE(iodump_has(&fds, 3));
	EXPECT_TRUE(iodump_has(&fds, 4095));
	EXPECT_FALSE(iodump_has(&fds, 1));
	EXPECT_FALSE(iodump_has(&fds, 4096));
	EXPECT_FALSE(iodump_has(&fds, -1));
	ASSERT_EQ(0, iodump_parse("!1", &fds, bad, sizeof(bad)));
	EXPECT_FALSE(iodump_has(&fds, 1));
	EXPECT_TRUE(iodump_has(&fds, 2));
	EXPECT_TRUE(iodump_has(&fds, 100000));
	ASSERT_EQ(0, iodump_parse("all", &fds, bad, sizeof(bad)));
	EXPECT_TRUE(iodump_has(&fds, 7));
	EXPECT_FALSE(iodump_has(&fds, -100));
	ASSERT_EQ(0, iodump_parse("none", &fds, bad, sizeof(bad)));
	EXPECT_FALSE(iodump_any(&fds));
	ASSERT_EQ(0, iodump_parse("!none", &fds, bad, sizeof(bad)));
	EXPECT_TRUE(iodump_has(&fds, 7));
	EXPECT_NE(0, iodump_parse("3,,4", &fds, bad, sizeof(bad)));
	EXPECT_STREQ("", bad);
	EXPECT_NE(0, iodump_parse("4096", &fds, bad, sizeof(bad)));
	EXPECT_STREQ("4096", bad);
	EXPECT_NE(0, iodump_parse("-1", &fds, bad, sizeof(bad)));
	EXPECT_NE(0, iodump_parse("1,stdout", &fds, bad, sizeof(bad)));
	EXPECT_STREQ("stdout", bad);
}

/* strace 6.1's lines for the same bytes (-e write=1 on printf). */
TEST(hex_lines)
{
	static const unsigned char data[] = "hello world, this is a test\001\377";
	struct outbuf ob;
	char buf[512];

	ASSERT_EQ(0, outbuf_init(&ob, -1, 16));
	iodump_hex(&ob, data, sizeof(data) - 1);
	EXPECT_STREQ(" | 00000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  hello world, thi |\n"
		     " | 00010  73 20 69 73 20 61 20 74  65 73 74 01 ff           s is a test..    |\n",
		     text_of(&ob, buf, sizeof(buf)));
	iodump_hex(&ob, data, 0);
	EXPECT_STREQ("", text_of(&ob, buf, sizeof(buf)));
	iodump_buffer(&ob, 5, 0);
	EXPECT_STREQ(" * 5 bytes in buffer 0\n", text_of(&ob, buf, sizeof(buf)));
	outbuf_free(&ob);
}

TEST_HARNESS_MAIN
