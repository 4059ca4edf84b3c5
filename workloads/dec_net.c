// SPDX-License-Identifier: GPL-2.0
/*
 * Calls whose constants and structs strace decodes, for
 * selftests/dec_net.bats to trace with sctrace and with strace:
 * `dec_net MODE`, one group of calls per mode. Every value shown is the
 * same in both runs (no free-block counts, no pids).
 */
#include <fcntl.h>
#include <stddef.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/* socket's protocols by family, and setsockopt's levels and names by level. */
static void sock_names(void)
{
	int one = 1;
	int tcp = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
	int udp6 = socket(AF_INET6, SOCK_DGRAM, 0);
	int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	close(socket(AF_UNIX, SOCK_STREAM, 0));
	close(socket(AF_NETLINK, SOCK_DGRAM, NETLINK_SOCK_DIAG));
	setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(tcp, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(tcp, IPPROTO_IP, IP_TOS, &one, sizeof(one));
	setsockopt(udp6, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	setsockopt(nl, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
}

/* A netlink address: its port id and groups. */
static void netlink_addr(void)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int nl = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);

	bind(nl, (struct sockaddr *)&addr, sizeof(addr));
}

/*
 * Lengths the kernel reads and writes back: an unnamed AF_UNIX address
 * is 2 bytes of a 110-byte buffer, a buffer too short gets the whole
 * length, a failed call's is what it was handed.
 */
static void socklen(void)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	struct sockaddr_nl nl_addr = { .nl_family = AF_NETLINK };
	struct sockaddr_un peer;
	socklen_t len = offsetof(struct sockaddr_un, sun_path) + 7;
	int pair[2], lis, cli, acc, type;
	int nl = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	char byte;

	memcpy(un.sun_path, "\0decnet", 7);
	lis = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(lis, (struct sockaddr *)&un, len);
	listen(lis, 1);
	cli = socket(AF_UNIX, SOCK_STREAM, 0);
	connect(cli, (struct sockaddr *)&un, len);
	len = sizeof(peer);
	acc = accept4(lis, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC);
	len = sizeof(peer);
	getpeername(cli, (struct sockaddr *)&peer, &len);
	len = sizeof(peer);
	getsockname(acc, (struct sockaddr *)&peer, &len);
	len = 4;
	getsockname(cli, (struct sockaddr *)&peer, &len);
	len = sizeof(peer);
	getsockname(-1, (struct sockaddr *)&peer, &len);
	/* A netlink address cut after its padding: its bytes past the family. */
	bind(nl, (struct sockaddr *)&nl_addr, sizeof(nl_addr));
	len = 4;
	getsockname(nl, (struct sockaddr *)&peer, &len);
	socketpair(AF_UNIX, SOCK_DGRAM, 0, pair);
	send(pair[0], "x", 1, 0);
	len = sizeof(peer);
	recvfrom(pair[1], &byte, 1, 0, (struct sockaddr *)&peer, &len);
	len = 2 * sizeof(type);
	getsockopt(cli, SOL_SOCKET, SO_TYPE, &type, &len);
	len = sizeof(type);
	getsockopt(-1, SOL_SOCKET, SO_TYPE, &type, &len);
}

/*
 * setsockopt's and getsockopt's values: ints, struct linger, the
 * structs strace 6.1 shows as strings, and lengths each rule turns on.
 */
static void sockopt_values(void)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 5 };
	struct timeval tv = { .tv_sec = 3, .tv_usec = 500000 };
	long long wide = 1;
	int one = 1, tos = 16, v;
	socklen_t len;
	int tcp = socket(AF_INET, SOCK_STREAM, 0);

	setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &wide, sizeof(wide));
	setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, 2);
	setsockopt(tcp, IPPROTO_TCP, TCP_NODELAY, &wide, sizeof(wide));
	setsockopt(tcp, IPPROTO_IP, IP_TOS, &tos, sizeof(tos));
	setsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	setsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg, sizeof(int));
	setsockopt(tcp, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(tcp, SOL_SOCKET, SO_BINDTODEVICE, "lo", 3);
	len = sizeof(lg);
	getsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof(int);
	getsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof(tv);
	getsockopt(tcp, SOL_SOCKET, SO_RCVTIMEO, &tv, &len);
	len = sizeof(wide);
	getsockopt(tcp, SOL_SOCKET, SO_TYPE, &wide, &len);
	len = sizeof(v);
	getsockopt(tcp, SOL_SOCKET, SO_ERROR, &v, &len);
	len = 2;
	getsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &v, &len);
	len = sizeof(v);
	getsockopt(tcp, IPPROTO_TCP, TCP_NODELAY, &v, &len);
	len = sizeof(v);
	getsockopt(-1, SOL_SOCKET, SO_TYPE, &v, &len);
}

/* statfs of file systems whose counts do not move, statx, a device's number, fadvise. */
static void fs_structs(void)
{
	struct statfs sf;
	struct statx stx;
	struct stat st;
	int fd = open("/etc/passwd", O_RDONLY);

	statfs("/proc", &sf);
	statfs("/sys", &sf);
	statx(AT_FDCWD, "/etc/passwd", 0, STATX_ALL, &stx);
	statx(AT_FDCWD, "/dev/null", 0, STATX_BASIC_STATS, &stx);
	stat("/dev/null", &st);
	stat("/etc/passwd", &st);
	posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	posix_fadvise(fd, 10, 100, POSIX_FADV_DONTNEED);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*run)(void);
	} modes[] = {
		{ "fs", fs_structs },
		{ "netlink", netlink_addr },
		{ "sock_names", sock_names },
		{ "socklen", socklen },
		{ "sockopt", sockopt_values },
	};
	size_t i;

	for (i = 0; argc == 2 && i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(argv[1], modes[i].name)) {
			modes[i].run();
			return 0;
		}
	}
	fprintf(stderr, "usage: dec_net fs|netlink|sock_names|socklen|sockopt\n");
	return 2;
}
