// SPDX-License-Identifier: GPL-2.0
/*
 * The socket calls' names (sock_names.c): socket's protocol by its
 * family, setsockopt/getsockopt's option names by their level, as strace
 * 6.1 prints them; and the sysent rows that pick those kinds.
 */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "format.h"
#include "sock_names.h"
#include "sysent.h"

FIXTURE(names) {
	struct outbuf ob;
	char str[128];
};

FIXTURE_SETUP(names)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 64));
}

FIXTURE_TEARDOWN(names)
{
	outbuf_free(&self->ob);
}

static const char *shown(FIXTURE_DATA(names) *self, enum arg_kind kind, unsigned long val)
{
	size_t len;

	self->ob.len = 0;
	format_arg(&self->ob, kind, val);
	len = self->ob.len < sizeof(self->str) - 1 ? self->ob.len : sizeof(self->str) - 1;
	memcpy(self->str, self->ob.buf, len);
	self->str[len] = '\0';
	return self->str;
}

TEST_F(names, protocols_levels_and_options_as_strace_names_them)
{
	EXPECT_STREQ("IPPROTO_IP", shown(self, ARG_IPPROTO, 0));
	EXPECT_STREQ("IPPROTO_TCP", shown(self, ARG_IPPROTO, IPPROTO_TCP));
	EXPECT_STREQ("IPPROTO_ICMPV6", shown(self, ARG_IPPROTO, IPPROTO_ICMPV6));
	EXPECT_STREQ("IPPROTO_MPTCP", shown(self, ARG_IPPROTO, 262));
	EXPECT_STREQ("NETLINK_ROUTE", shown(self, ARG_NETLINK_PROTO, 0));
	EXPECT_STREQ("NETLINK_SOCK_DIAG", shown(self, ARG_NETLINK_PROTO, 4));
	EXPECT_STREQ("SOL_IP", shown(self, ARG_SOCKOPT_LEVEL, 0));
	EXPECT_STREQ("SOL_SOCKET", shown(self, ARG_SOCKOPT_LEVEL, SOL_SOCKET));
	EXPECT_STREQ("SOL_NETLINK", shown(self, ARG_SOCKOPT_LEVEL, 270));
	EXPECT_STREQ("SO_REUSEADDR", shown(self, ARG_SO_OPTNAME, SO_REUSEADDR));
	EXPECT_STREQ("SO_RCVTIMEO_OLD", shown(self, ARG_SO_OPTNAME, 20));
	EXPECT_STREQ("TCP_NODELAY", shown(self, ARG_TCP_OPTNAME, TCP_NODELAY));
	EXPECT_STREQ("IPV6_V6ONLY", shown(self, ARG_IPV6_OPTNAME, IPV6_V6ONLY));
	EXPECT_STREQ("IP_TOS", shown(self, ARG_IP_OPTNAME, IP_TOS));
	EXPECT_STREQ("NETLINK_EXT_ACK", shown(self, ARG_NETLINK_OPTNAME, 11));
	EXPECT_STREQ("POSIX_FADV_DONTNEED", shown(self, ARG_FADVISE, POSIX_FADV_DONTNEED));
}

TEST_F(names, unknown_values_are_ints_and_the_upper_half_is_ignored)
{
	EXPECT_STREQ("999", shown(self, ARG_SOCKOPT_LEVEL, 999));
	EXPECT_STREQ("-1", shown(self, ARG_SO_OPTNAME, 0xffffffffUL));
	EXPECT_STREQ("77", shown(self, ARG_FADVISE, 77));
	EXPECT_STREQ("SO_TYPE", shown(self, ARG_SO_OPTNAME, 0xdead00000000UL | SO_TYPE));
	EXPECT_EQ(NULL, sock_name(ARG_SOCK_FAMILY, AF_INET));
}

/* The operation's kind for argument pos, by the selector's value. */
static enum arg_kind op_kind(const char *call, unsigned long selector, int pos)
{
	const struct sysent *row = sysent_find(call);
	const struct sysent_op *op = sysent_op_find(row->ops, selector);
	int i;

	for (i = 0; i < SYSENT_OP_ARGS; i++)
		if (op->args[i].pos == pos + 1)
			return op->args[i].kind;
	return ARG_KIND_COUNT;
}

TEST(kinds_by_family_and_level)
{
	EXPECT_EQ(ARG_IPPROTO, op_kind("socket", AF_INET, 2));
	EXPECT_EQ(ARG_IPPROTO, op_kind("socket", AF_INET6, 2));
	EXPECT_EQ(ARG_NETLINK_PROTO, op_kind("socket", AF_NETLINK, 2));
	/* A family without names: the protocol is its number. */
	EXPECT_EQ(ARG_KIND_COUNT, op_kind("socket", AF_UNIX, 2));
	EXPECT_EQ(ARG_SO_OPTNAME, op_kind("setsockopt", SOL_SOCKET, 2));
	EXPECT_EQ(ARG_TCP_OPTNAME, op_kind("getsockopt", SOL_TCP, 2));
	EXPECT_EQ(ARG_IP_OPTNAME, op_kind("getsockopt", SOL_IP, 2));
	EXPECT_EQ(ARG_NETLINK_OPTNAME, op_kind("setsockopt", 270, 2));
	EXPECT_EQ(ARG_KIND_COUNT, op_kind("setsockopt", 999, 2));
}

TEST_HARNESS_MAIN
