// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl's two tables, what each request takes and its name, hold the same
 * requests in the same order; a request prints its name, an unknown one
 * its number split as strace's _IOC(), and each takes fd and request.
 */
#include <linux/ioctl.h>
#include <sys/ioctl.h>

#include "kselftest_harness.h"

#include "ct_ioctl.h"
#include "outbuf.h"
#include "xlat.h"

/* What the request prints as, NUL-terminated in the buffer (kept in memory). */
static const char *shown(struct outbuf *ob, unsigned long code)
{
	ob->len = 0;
	ct_ioctl_print(ob, ARG_IOCTL_CMD, code);
	outbuf_putc(ob, '\0');
	return ob->buf;
}

TEST(names_and_ops_hold_the_same_requests)
{
	size_t nr, i;
	const struct symbol *names = ct_ioctl_names(&nr);
	struct outbuf ob;

	ASSERT_EQ(0, outbuf_init(&ob, -1, 128));
	ASSERT_EQ(ioctl_arity.nr, nr);
	for (i = 0; i < nr; i++) {
		EXPECT_EQ(names[i].value, ioctl_arity.ops[i].op)
			TH_LOG("entry %zu: %s", i, names[i].name);
		/* fd and request always; the argument unless the request takes none. */
		EXPECT_EQ(3u, ioctl_arity.ops[i].shown & 3u) TH_LOG("%s", names[i].name);
		EXPECT_STREQ(names[i].name, shown(&ob, names[i].value));
	}
	outbuf_free(&ob);
}

TEST(unknown_requests_as_ioc)
{
	struct outbuf ob;

	ASSERT_EQ(0, outbuf_init(&ob, -1, 128));
	EXPECT_STREQ("_IOC(_IOC_NONE, 0x78, 0x3, 0)", shown(&ob, _IO('x', 3)));
	EXPECT_STREQ("_IOC(_IOC_READ, 0x78, 0x3, 0x4)", shown(&ob, _IOR('x', 3, int)));
	EXPECT_STREQ("_IOC(_IOC_WRITE, 0, 0, 0x8)", shown(&ob, _IOW(0, 0, long)));
	EXPECT_STREQ("_IOC(_IOC_READ|_IOC_WRITE, 0x78, 0xff, 0x8)",
		     shown(&ob, _IOWR('x', 0xff, long)));
	/* The request is an unsigned int: a register's upper half is no part of it. */
	EXPECT_STREQ("TCGETS", shown(&ob, 0xdeadbeef00000000UL | TCGETS));
	outbuf_free(&ob);
}

TEST_HARNESS_MAIN
