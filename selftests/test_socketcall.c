// SPDX-License-Identifier: GPL-2.0
/* socketcall's calls: what each makes, and how many arguments it reads. */
#include "kselftest_harness.h"

#include <libaudit.h>
#include <linux/net.h>

#include "socketcall.h"
#include "syscall_table.h"

/* The kernel's count of arguments per call (net/socket.c's nargs), in longs. */
static const unsigned int kernel_nargs[] = {
	0, 3, 3, 3, 2, 3, 3, 3, 4, 4, 4, 6, 6, 2, 5, 5, 3, 3, 4, 5, 4,
};

TEST(every_call_reads_what_the_kernel_reads)
{
	unsigned long call;

	ASSERT_EQ(SOCKETCALL_CALLS, ARRAY_SIZE(kernel_nargs));
	EXPECT_EQ(NULL, socketcall_target(0));
	EXPECT_EQ(NULL, socketcall_target(SOCKETCALL_CALLS));
	EXPECT_EQ(NULL, socketcall_target(-1UL));
	for (call = SYS_SOCKET; call < SOCKETCALL_CALLS; call++) {
		const struct socketcall_target *t = socketcall_target(call);

		ASSERT_NE(NULL, t) TH_LOG("call %lu", call);
		EXPECT_EQ(kernel_nargs[call], t->nargs) TH_LOG("call %lu: %s", call, t->name);
		/* s390x, the machine with socketcall, has each as a call of its own. */
		EXPECT_LE(0, syscall_number(MACH_S390X, t->name)) TH_LOG("%s", t->name);
	}
}

/* The calls without a number of their own are made by the kernel's equivalent. */
TEST(send_recv_and_accept_are_their_general_calls)
{
	EXPECT_STREQ("sendto", socketcall_target(SYS_SEND)->name);
	EXPECT_STREQ("recvfrom", socketcall_target(SYS_RECV)->name);
	EXPECT_STREQ("accept4", socketcall_target(SYS_ACCEPT)->name);
	EXPECT_STREQ("recvfrom", socketcall_target(SYS_RECVFROM)->name);
	EXPECT_STREQ("sendmmsg", socketcall_target(SYS_SENDMMSG)->name);
}

TEST_HARNESS_MAIN
