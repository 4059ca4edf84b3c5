// SPDX-License-Identifier: GPL-2.0
/*
 * -yy: sockets described by the kernel's NETLINK_SOCK_DIAG (inet_diag,
 * unix_diag, netlink_diag), asked when a line is printed, as strace asks
 * when it prints. The protocol's name is the socket's own
 * (system.sockprotoname: TCP, UDPv6, UNIX-STREAM...); the request to
 * send follows from it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "compiler.h"
#include "escape.h"
#include "sockdiag.h"
#include "sorted.h"

enum diag_kind { DIAG_INET, DIAG_UNIX, DIAG_NETLINK };

struct proto_row {
	const char *name;	/* system.sockprotoname's */
	enum diag_kind kind;
	unsigned char family;
	unsigned char protocol;
};

/* The protocols sock_diag can describe; sorted by name. */
static const struct proto_row protos[] = {
	{ "NETLINK", DIAG_NETLINK, AF_NETLINK, 0 },
	{ "TCP", DIAG_INET, AF_INET, IPPROTO_TCP },
	{ "TCPv6", DIAG_INET, AF_INET6, IPPROTO_TCP },
	{ "UDP", DIAG_INET, AF_INET, IPPROTO_UDP },
	{ "UDPLITE", DIAG_INET, AF_INET, IPPROTO_UDPLITE },
	{ "UDPLITEv6", DIAG_INET, AF_INET6, IPPROTO_UDPLITE },
	{ "UDPv6", DIAG_INET, AF_INET6, IPPROTO_UDP },
	{ "UNIX", DIAG_UNIX, AF_UNIX, 0 },
	{ "UNIX-STREAM", DIAG_UNIX, AF_UNIX, 0 },
};

/* Netlink protocols by number, as strace names them (linux/netlink.h). */
static const char *const netlink_names[] = {
	"ROUTE", "UNUSED", "USERSOCK", "FIREWALL", "SOCK_DIAG", "NFLOG", "XFRM",
	"SELINUX", "ISCSI", "AUDIT", "FIB_LOOKUP", "CONNECTOR", "NETFILTER",
	"IP6_FW", "DNRTMSG", "KOBJECT_UEVENT", "GENERIC", NULL, "SCSITRANSPORT",
	"ECRYPTFS", "RDMA", "CRYPTO", "SMC",
};

static int proto_cmp(const void *key, const void *elem)
{
	const struct proto_row *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(protos, proto_cmp),
};

const struct sorted_table *sockdiag_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

/* A dump's replies come in pieces of at most this much (the kernel's page). */
#define REPLY_SIZE 32768

/* What a reply is looked at for, and what was found. */
struct lookup {
	const struct proto_row *proto;
	uint32_t inode;
	char *buf;
	size_t size;
	bool found;
};

static bool diag_socket(struct sockdiag *sd)
{
	if (!sd->opened && !sd->failed) {
		sd->fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
		sd->opened = sd->fd >= 0;
		sd->failed = !sd->opened;
	}
	return sd->opened;
}

static bool send_request(struct sockdiag *sd, const void *req, size_t len, bool dump)
{
	struct {
		struct nlmsghdr nlh;
		union {
			struct inet_diag_req_v2 inet;
			struct unix_diag_req unix_;
			struct netlink_diag_req netlink;
		} req;
	} msg = { 0 };
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	msg.nlh.nlmsg_len = NLMSG_LENGTH(len);
	msg.nlh.nlmsg_type = SOCK_DIAG_BY_FAMILY;
	msg.nlh.nlmsg_flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : 0);
	msg.nlh.nlmsg_seq = ++sd->seq;
	memcpy(&msg.req, req, len);
	return sendto(sd->fd, &msg, msg.nlh.nlmsg_len, 0,
		      (struct sockaddr *)&kernel, sizeof(kernel)) == (ssize_t)msg.nlh.nlmsg_len;
}

/* Room for "[IPv6]:PORT". */
#define ENDPOINT_MAX (INET6_ADDRSTRLEN + 9)

/* "ADDR:PORT", an IPv6 address in brackets, as strace writes it. */
static bool put_endpoint(char out[ENDPOINT_MAX], int family, const uint32_t *addr,
			 uint16_t port)
{
	char text[INET6_ADDRSTRLEN];

	if (!inet_ntop(family, addr, text, sizeof(text)))
		return false;
	snprintf(out, ENDPOINT_MAX, family == AF_INET6 ? "[%s]:%u" : "%s:%u", text,
		 ntohs(port));
	return true;
}

static bool is_zero(const uint32_t *addr, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (addr[i])
			return false;
	return true;
}

/* TCP:[SRC:PORT->DST:PORT], or TCP:[SRC:PORT] with no peer. */
static void inet_reply(struct lookup *lk, const struct nlmsghdr *h)
{
	const struct inet_diag_msg *m = NLMSG_DATA(h);
	const struct inet_diag_sockid *id = &m->id;
	size_t words = m->idiag_family == AF_INET6 ? 4 : 1;
	char src[ENDPOINT_MAX], dst[ENDPOINT_MAX] = "";
	bool peer;

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->idiag_inode != lk->inode)
		return;
	peer = id->idiag_dport || !is_zero(id->idiag_dst, words);
	if (!put_endpoint(src, m->idiag_family, id->idiag_src, id->idiag_sport) ||
	    (peer && !put_endpoint(dst, m->idiag_family, id->idiag_dst, id->idiag_dport)))
		return;
	snprintf(lk->buf, lk->size, "%s:[%s%s%s]", lk->proto->name, src, peer ? "->" : "", dst);
	lk->found = true;
}

/* A socket's name: "path" or, abstract, @"name", escaped as strace quotes it. */
static void put_name(char out[SOCKDIAG_DESC_MAX], const char *name, size_t len)
{
	char one[ESCAPE_CHAR_MAX];
	size_t used = 0;

	if (len && !name[0]) {
		out[used++] = '@';
		name++;
		len--;
	} else {
		len = strnlen(name, len);
	}
	out[used++] = '"';
	while (len) {
		size_t took = name[0] == '"' ? 1 : escape_char(name, len, one);
		const char *piece = name[0] == '"' ? "\\\"" : one;
		size_t n = strlen(piece);

		/* Room for the piece, the closing quote and the NUL. */
		if (used + n + 2 > SOCKDIAG_DESC_MAX)
			break;
		memcpy(out + used, piece, n);
		used += n;
		name += took;
		len -= took;
	}
	out[used++] = '"';
	out[used] = '\0';
}

/* UNIX-STREAM:[INODE->PEER,"path"]: the peer and the name if it has them. */
static void unix_reply(struct lookup *lk, const struct nlmsghdr *h)
{
	const struct unix_diag_msg *m = NLMSG_DATA(h);
	int rest = h->nlmsg_len - NLMSG_LENGTH(sizeof(*m));
	const struct rtattr *a = (const void *)(m + 1);
	char peer_text[16] = "", name_text[SOCKDIAG_DESC_MAX] = "";
	uint32_t peer = 0;

	if (rest < 0 || m->udiag_ino != lk->inode)
		return;
	for (; RTA_OK(a, rest); a = RTA_NEXT(a, rest)) {
		if (a->rta_type == UNIX_DIAG_PEER && RTA_PAYLOAD(a) >= sizeof(peer))
			memcpy(&peer, RTA_DATA(a), sizeof(peer));
		if (a->rta_type == UNIX_DIAG_NAME && RTA_PAYLOAD(a))
			put_name(name_text, RTA_DATA(a), RTA_PAYLOAD(a));
	}
	if (peer)
		snprintf(peer_text, sizeof(peer_text), "->%u", peer);
	snprintf(lk->buf, lk->size, "%s:[%u%s%s%s]", lk->proto->name, lk->inode, peer_text,
		 *name_text ? "," : "", name_text);
	lk->found = true;
}

/* NETLINK:[ROUTE:PORTID] */
static void netlink_reply(struct lookup *lk, const struct nlmsghdr *h)
{
	const struct netlink_diag_msg *m = NLMSG_DATA(h);
	const char *name = NULL;

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->ndiag_ino != lk->inode)
		return;
	if (m->ndiag_protocol < ARRAY_SIZE(netlink_names))
		name = netlink_names[m->ndiag_protocol];
	if (name)
		snprintf(lk->buf, lk->size, "%s:[%s:%u]", lk->proto->name, name,
			 m->ndiag_portid);
	else
		snprintf(lk->buf, lk->size, "%s:[%u:%u]", lk->proto->name,
			 m->ndiag_protocol, m->ndiag_portid);
	lk->found = true;
}

static void take_reply(struct lookup *lk, const struct nlmsghdr *h)
{
	if (lk->found)
		return;
	switch (lk->proto->kind) {
	case DIAG_INET:
		inet_reply(lk, h);
		break;
	case DIAG_UNIX:
		unix_reply(lk, h);
		break;
	case DIAG_NETLINK:
		netlink_reply(lk, h);
		break;
	}
}

/* Reads the replies to the latest request, to its end: the socket stays clean. */
static void read_replies(struct sockdiag *sd, struct lookup *lk)
{
	long words[REPLY_SIZE / sizeof(long)];
	bool done = false;

	while (!done) {
		ssize_t got = recv(sd->fd, words, sizeof(words), 0);
		const struct nlmsghdr *h = (const void *)words;

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return;
		for (; NLMSG_OK(h, got); h = NLMSG_NEXT(h, got)) {
			if (h->nlmsg_seq != sd->seq)
				continue;
			if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR ||
			    !(h->nlmsg_flags & NLM_F_MULTI))
				done = true;
			if (h->nlmsg_type == SOCK_DIAG_BY_FAMILY)
				take_reply(lk, h);
		}
	}
}

static bool ask(struct sockdiag *sd, struct lookup *lk)
{
	const struct proto_row *p = lk->proto;
	struct inet_diag_req_v2 inet = {
		.sdiag_family = p->family, .sdiag_protocol = p->protocol,
		.idiag_states = ~0u,
	};
	/* One socket by its inode; any cookie. */
	struct unix_diag_req unix_ = {
		.sdiag_family = AF_UNIX, .udiag_states = ~0u, .udiag_ino = lk->inode,
		.udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
		.udiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE },
	};
	struct netlink_diag_req netlink = {
		.sdiag_family = AF_NETLINK, .sdiag_protocol = NDIAG_PROTO_ALL,
		.ndiag_ino = lk->inode,
		.ndiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE },
	};
	bool sent = false;

	if (!diag_socket(sd))
		return false;
	switch (p->kind) {
	case DIAG_INET:
		sent = send_request(sd, &inet, sizeof(inet), true);
		break;
	case DIAG_UNIX:
		sent = send_request(sd, &unix_, sizeof(unix_), false);
		break;
	case DIAG_NETLINK:
		sent = send_request(sd, &netlink, sizeof(netlink), true);
		break;
	}
	if (sent)
		read_replies(sd, lk);
	return lk->found;
}

/* The protocol's name of fd of pid, if it is still socket inode. */
static bool proto_name(int32_t pid, int fd, unsigned long inode, char *name, size_t size)
{
	char link[64];
	struct stat st;
	ssize_t len;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)pid, fd);
	if (stat(link, &st) || !S_ISSOCK(st.st_mode) || st.st_ino != inode)
		return false;
	len = getxattr(link, "system.sockprotoname", name, size - 1);
	if (len <= 0)
		return false;
	name[len] = '\0';
	return true;
}

bool sockdiag_describe(struct sockdiag *sd, int32_t pid, int fd,
		       unsigned long inode, char *buf, size_t size)
{
	char name[64];
	struct proto_row key = { .name = name };
	struct lookup lk = { .inode = inode, .buf = buf, .size = size };

	if (!proto_name(pid, fd, inode, name, sizeof(name)))
		return false;
	lk.proto = bsearch(&key, protos, ARRAY_SIZE(protos), sizeof(protos[0]), proto_cmp);
	if (lk.proto && inode <= UINT32_MAX && ask(sd, &lk))
		return true;
	snprintf(buf, size, "%s:[%lu]", name, inode);
	return true;
}

bool sockdiag_device(int32_t pid, int fd, const char *path, char *buf, size_t size)
{
	char link[64], now[4096];
	struct stat st;
	ssize_t len;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)pid, fd);
	len = readlink(link, now, sizeof(now) - 1);
	if (len <= 0)
		return false;
	now[len] = '\0';
	if (strcmp(now, path) || stat(link, &st) ||
	    !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return false;
	snprintf(buf, size, "%s %u:%u", S_ISCHR(st.st_mode) ? "char" : "block",
		 major(st.st_rdev), minor(st.st_rdev));
	return true;
}

bool sockdiag_pidfd(int32_t pid, int fd, char *buf, size_t size)
{
	char path[64], line[128];
	long target = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", (int)pid, fd);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Pid:", 4))
			target = strtol(line + 4, NULL, 10);
	fclose(f);
	if (target <= 0)
		return false;
	snprintf(buf, size, "pid:%ld", target);
	return true;
}

void sockdiag_close(struct sockdiag *sd)
{
	if (sd->opened)
		close(sd->fd);
	sd->opened = false;
}
