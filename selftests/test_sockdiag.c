// SPDX-License-Identifier: GPL-2.0
/* -yy: this process's own sockets and devices, described as strace -yy does. */
#include "kselftest_harness.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "sockdiag.h"

static unsigned long inode_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? 0 : st.st_ino;
}

/* What -yy says of fd, or "" if it is not a socket. */
static const char *describe(struct sockdiag *sd, int fd, char *buf, size_t size)
{
	if (!sockdiag_describe(sd, getpid(), fd, inode_of(fd), buf, size))
		buf[0] = '\0';
	return buf;
}

/*
 * Whether the kernel describes FAMILY's sockets: a dump request answered
 * by anything but ENOENT. A kernel whose inet_diag or unix_diag is a
 * module not loaded (a QEMU guest's initramfs has none) answers ENOENT,
 * and -yy falls back to what -y shows; the test is then skipped.
 */
static bool family_answers(unsigned char family)
{
	struct {
		struct nlmsghdr nlh;
		union {
			struct inet_diag_req_v2 inet;
			struct unix_diag_req unix_;
		};
	} req = {
		.nlh = { .nlmsg_len = sizeof(req), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
			 .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
	};
	char reply[8192];
	const struct nlmsghdr *h = (const struct nlmsghdr *)reply;
	int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	bool answers = false;
	ssize_t n;

	if (fd < 0)
		return false;
	if (family == AF_UNIX) {
		req.unix_.sdiag_family = AF_UNIX;
		req.unix_.udiag_states = -1;
	} else {
		req.inet.sdiag_family = family;
		req.inet.sdiag_protocol = IPPROTO_TCP;
		req.inet.idiag_states = -1;
	}
	if (send(fd, &req, sizeof(req), 0) == sizeof(req)) {
		n = recv(fd, reply, sizeof(reply), 0);
		answers = n >= (ssize_t)sizeof(*h) &&
			  !(h->nlmsg_type == NLMSG_ERROR &&
			    -((const struct nlmsgerr *)NLMSG_DATA(h))->error == ENOENT);
	}
	close(fd);
	return answers;
}

TEST(tcp_listening_and_connected)
{
	struct sockaddr_in addr = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(addr);
	char buf[SOCKDIAG_DESC_MAX], want[128];
	struct sockdiag sd = { 0 };
	int srv, cli, acc;
	uint16_t port, cport;

	if (!family_answers(AF_INET))
		SKIP(return, "the kernel describes no TCP socket here (inet_diag not loaded)");
	srv = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_EQ(0, bind(srv, (struct sockaddr *)&addr, sizeof(addr)));
	ASSERT_EQ(0, listen(srv, 1));
	ASSERT_EQ(0, getsockname(srv, (struct sockaddr *)&addr, &len));
	port = ntohs(addr.sin_port);
	snprintf(want, sizeof(want), "TCP:[127.0.0.1:%u]", port);
	EXPECT_STREQ(want, describe(&sd, srv, buf, sizeof(buf)));
	/* Unbound: sock_diag does not know it, its protocol's name does. */
	cli = socket(AF_INET, SOCK_STREAM, 0);
	snprintf(want, sizeof(want), "TCP:[%lu]", inode_of(cli));
	EXPECT_STREQ(want, describe(&sd, cli, buf, sizeof(buf)));
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)&addr, sizeof(addr)));
	acc = accept(srv, NULL, NULL);
	ASSERT_LE(0, acc);
	ASSERT_EQ(0, getsockname(cli, (struct sockaddr *)&addr, &len));
	cport = ntohs(addr.sin_port);
	snprintf(want, sizeof(want), "TCP:[127.0.0.1:%u->127.0.0.1:%u]", cport, port);
	EXPECT_STREQ(want, describe(&sd, cli, buf, sizeof(buf)));
	snprintf(want, sizeof(want), "TCP:[127.0.0.1:%u->127.0.0.1:%u]", port, cport);
	EXPECT_STREQ(want, describe(&sd, acc, buf, sizeof(buf)));
	close(acc);
	close(cli);
	close(srv);
	sockdiag_close(&sd);
}

TEST(unix_pairs_and_names)
{
	struct sockaddr_un name = { .sun_family = AF_UNIX };
	char buf[SOCKDIAG_DESC_MAX], want[128];
	struct sockdiag sd = { 0 };
	int pair[2], d;

	if (!family_answers(AF_UNIX))
		SKIP(return, "the kernel describes no UNIX socket here (unix_diag not loaded)");
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, pair));
	snprintf(want, sizeof(want), "UNIX-STREAM:[%lu->%lu]", inode_of(pair[0]), inode_of(pair[1]));
	EXPECT_STREQ(want, describe(&sd, pair[0], buf, sizeof(buf)));
	/* An abstract name, with a quote to escape as strace quotes it. */
	d = socket(AF_UNIX, SOCK_DGRAM, 0);
	memcpy(name.sun_path, "\0sctrace\"test", 13);
	snprintf(name.sun_path + 13, 20, "%d", (int)getpid());
	ASSERT_EQ(0, bind(d, (struct sockaddr *)&name,
			  offsetof(struct sockaddr_un, sun_path) + 13 + strlen(name.sun_path + 13)));
	snprintf(want, sizeof(want), "UNIX:[%lu,@\"sctrace\\\"test%d\"]", inode_of(d), (int)getpid());
	EXPECT_STREQ(want, describe(&sd, d, buf, sizeof(buf)));
	close(d);
	close(pair[0]);
	close(pair[1]);
	sockdiag_close(&sd);
}

TEST(not_sockets)
{
	char buf[SOCKDIAG_DESC_MAX];
	struct sockdiag sd = { 0 };
	int fds[2], null = open("/dev/null", O_RDONLY);

	ASSERT_EQ(0, pipe(fds));
	EXPECT_STREQ("", describe(&sd, fds[0], buf, sizeof(buf)));
	/* A device: its numbers, while the fd is still that path. */
	ASSERT_TRUE(sockdiag_device(getpid(), null, "/dev/null", buf, sizeof(buf)));
	EXPECT_STREQ("char 1:3", buf);
	EXPECT_FALSE(sockdiag_device(getpid(), null, "/dev/zero", buf, sizeof(buf)));
	EXPECT_FALSE(sockdiag_device(getpid(), fds[0], "/dev/null", buf, sizeof(buf)));
	close(null);
	close(fds[0]);
	close(fds[1]);
}

TEST_HARNESS_MAIN
