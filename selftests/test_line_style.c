// SPDX-License-Identifier: GPL-2.0
/*
 * --format=strace's flag order, against the order strace 6.1 writes
 * (seen in its traces of ls, socket(2) and glibc's sigaction).
 */
#include "kselftest_harness.h"

#include <string.h>

#include "line_style.h"

static const struct {
	const char *sctrace, *strace;
} orders[] = {
	{ "O_RDONLY|O_NONBLOCK|O_DIRECTORY|O_CLOEXEC", "O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY" },
	{ "O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC", "O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC" },
	{ "SOCK_STREAM|SOCK_NONBLOCK|SOCK_CLOEXEC", "SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK" },
	{ "SA_SIGINFO|SA_RESTORER|SA_ONSTACK|SA_RESTART", "SA_RESTORER|SA_ONSTACK|SA_RESTART|SA_SIGINFO" },
	{ "SA_SIGINFO|SA_RESTORER", "SA_RESTORER|SA_SIGINFO" },
	/* Names strace orders as sctrace does, and numbers, stay. */
	{ "PROT_READ|PROT_WRITE", "PROT_READ|PROT_WRITE" },
	{ "O_RDONLY|0x100000|O_CLOEXEC", "O_RDONLY|0x100000|O_CLOEXEC" },
	{ "O_DIRECTORY|0x40|O_NONBLOCK", "O_NONBLOCK|0x40|O_DIRECTORY" },
	{ "0", "0" },
	{ "", "" },
};

TEST(flags_in_strace_order)
{
	char buf[128];
	size_t i;

	for (i = 0; i < sizeof(orders) / sizeof(orders[0]); i++) {
		strcpy(buf, orders[i].sctrace);
		line_style_flag_order(buf, strlen(buf));
		EXPECT_STREQ(orders[i].strace, buf);
	}
}

TEST_HARNESS_MAIN
