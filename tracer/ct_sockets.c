// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
/* Before the linux/ headers: their libc-compat then leaves its structs to it. */
#include <net/if.h>
#include <linux/icmp.h>
#include <linux/netlink.h>
#include <linux/if_packet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "compiler.h"
#include "ct_sockets.h"

/*
 * A netlink address: its port id and multicast groups. strace writes the
 * groups as C's "%#08x" does: 00000000, 0x000001.
 */
void ct_sockaddr_nl(struct vwriter *w, const unsigned char *bytes, size_t len)
{
	struct sockaddr_nl nl;
	char groups[16];

	if (len < sizeof(nl))
		return;
	memcpy(&nl, bytes, sizeof(nl));
	vw_key(w, "nl_pid");
	vw_u64(w, nl.nl_pid);
	vw_key(w, "nl_groups");
	if (w->json) {
		vw_u64(w, nl.nl_groups);
		return;
	}
	snprintf(groups, sizeof(groups), "%#08x", nl.nl_groups);
	vw_symbol(w, groups);
}

/* A port: strace's lines write it as the program would set it, htons(80). */
static void put_port(struct vwriter *w, const char *name, in_port_t port)
{
	char text[32];

	vw_key(w, name);
	if (!w->strace) {
		vw_u64(w, ntohs(port));
		return;
	}
	snprintf(text, sizeof(text), "htons(%u)", ntohs(port));
	vw_symbol(w, text);
}

/*
 * An address as inet_ntop writes it; strace's lines as the program would
 * make it: inet_addr("127.0.0.1"). Those are text only, never JSON,
 * where a symbol holds no quote.
 */
static void put_inet_addr(struct vwriter *w, const char *name, int family, const void *addr)
{
	char text[INET6_ADDRSTRLEN], call[INET6_ADDRSTRLEN + 48];

	if (!inet_ntop(family, addr, text, sizeof(text)))
		snprintf(text, sizeof(text), "?");
	if (!w->strace) {
		vw_key(w, name);
		vw_symbol(w, text);
	} else if (family == AF_INET) {
		snprintf(call, sizeof(call), "inet_addr(\"%s\")", text);
		vw_key(w, name);
		vw_symbol(w, call);
	} else {
		snprintf(call, sizeof(call), "inet_pton(AF_INET6, \"%s\", &%s)", text, name);
		vw_symbol(w, call);
	}
}

void ct_sockaddr_in(struct vwriter *w, const unsigned char *bytes)
{
	struct sockaddr_in in;

	memcpy(&in, bytes, sizeof(in));
	put_port(w, "sin_port", in.sin_port);
	put_inet_addr(w, "sin_addr", AF_INET, &in.sin_addr);
}

/*
 * strace's lines add the flow label and the scope: for a link-local
 * address, the interface by its name on this machine, as strace does.
 */
void ct_sockaddr_in6(struct vwriter *w, const unsigned char *bytes)
{
	char text[IF_NAMESIZE + 32], name[IF_NAMESIZE];
	struct sockaddr_in6 in6;

	memcpy(&in6, bytes, sizeof(in6));
	put_port(w, "sin6_port", in6.sin6_port);
	if (w->strace) {
		snprintf(text, sizeof(text), "htonl(%u)", ntohl(in6.sin6_flowinfo));
		vw_key(w, "sin6_flowinfo");
		vw_symbol(w, text);
	}
	put_inet_addr(w, "sin6_addr", AF_INET6, &in6.sin6_addr);
	if (!w->strace)
		return;
	vw_key(w, "sin6_scope_id");
	if ((IN6_IS_ADDR_LINKLOCAL(&in6.sin6_addr) || IN6_IS_ADDR_MC_LINKLOCAL(&in6.sin6_addr)) &&
	    if_indextoname(in6.sin6_scope_id, name)) {
		snprintf(text, sizeof(text), "if_nametoindex(\"%s\")", name);
		vw_symbol(w, text);
	} else {
		vw_u64(w, in6.sin6_scope_id);
	}
}

/* What strace 6.1 makes of an option's value, per side; RULE_DEFAULT: by its length alone. */
enum sockopt_rule {
	RULE_DEFAULT,	/* an int if 4 bytes long, else a string */
	RULE_ADDR,	/* a struct not decoded here (filters, memberships, rings) */
	RULE_INT_MIN,	/* an int from 4 bytes on, else the address */
	RULE_INT_HEX,	/* an int from 4 bytes on, else the bytes in hex */
	RULE_INT,	/* an int, whatever the length */
	RULE_LINGER,
	RULE_UCRED,
	RULE_ERROR,
};

/* Every option of a level that has no row of its own (SOL_NETLINK's). */
#define ANY_NAME (-1)

struct sockopt_rules {
	int level;
	int name;
	unsigned char set;	/* enum sockopt_rule */
	unsigned char get;
};

/* SOL_SOCKET's options that take an int, as strace 6.1 lists them. */
#define SO_INT(name) { SOL_SOCKET, (name), RULE_INT_MIN, RULE_INT_HEX }

/* Sorted by level, then option: the C library's values, as each build's. */
static const struct sockopt_rules sockopt_rules[] = {
	{ SOL_IP, IP_ADD_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IP, IP_DROP_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IP, MCAST_JOIN_GROUP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IP, MCAST_LEAVE_GROUP, RULE_ADDR, RULE_DEFAULT },
	SO_INT(SO_DEBUG), SO_INT(SO_REUSEADDR),
	{ SOL_SOCKET, SO_ERROR, RULE_DEFAULT, RULE_ERROR },
	SO_INT(SO_DONTROUTE), SO_INT(SO_BROADCAST),
	SO_INT(SO_SNDBUF), SO_INT(SO_RCVBUF), SO_INT(SO_KEEPALIVE), SO_INT(SO_OOBINLINE),
	SO_INT(SO_NO_CHECK), SO_INT(SO_PRIORITY),
	{ SOL_SOCKET, SO_LINGER, RULE_LINGER, RULE_LINGER },
	SO_INT(SO_BSDCOMPAT), SO_INT(SO_REUSEPORT), SO_INT(SO_PASSCRED),
	{ SOL_SOCKET, SO_PEERCRED, RULE_DEFAULT, RULE_UCRED },
	SO_INT(SO_RCVLOWAT), SO_INT(SO_SNDLOWAT),
	{ SOL_SOCKET, SO_ATTACH_FILTER, RULE_ADDR, RULE_ADDR },
	SO_INT(SO_DETACH_FILTER), SO_INT(SO_TIMESTAMP_OLD), SO_INT(SO_ACCEPTCONN),
	SO_INT(SO_SNDBUFFORCE), SO_INT(SO_RCVBUFFORCE), SO_INT(SO_PASSSEC),
	SO_INT(SO_TIMESTAMPNS_OLD), SO_INT(SO_MARK), SO_INT(SO_TIMESTAMPING_OLD),
	SO_INT(SO_RXQ_OVFL), SO_INT(SO_WIFI_STATUS), SO_INT(SO_PEEK_OFF), SO_INT(SO_NOFCS),
	SO_INT(SO_LOCK_FILTER), SO_INT(SO_SELECT_ERR_QUEUE), SO_INT(SO_BUSY_POLL),
	SO_INT(SO_INCOMING_CPU),
	{ SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, RULE_ADDR, RULE_DEFAULT },
	SO_INT(SO_CNX_ADVICE), SO_INT(SO_INCOMING_NAPI_ID), SO_INT(SO_ZEROCOPY),
	SO_INT(SO_TIMESTAMP_NEW), SO_INT(SO_TIMESTAMPNS_NEW), SO_INT(SO_TIMESTAMPING_NEW),
	SO_INT(SO_DETACH_REUSEPORT_BPF), SO_INT(SO_PREFER_BUSY_POLL),
	SO_INT(SO_BUSY_POLL_BUDGET), SO_INT(SO_RESERVE_MEM),
	{ SOL_SOCKET, SO_TXREHASH, RULE_ADDR, RULE_ADDR },
	SO_INT(SO_RCVMARK),
	{ SOL_IPV6, IPV6_ADD_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IPV6, IPV6_DROP_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IPV6, IPV6_JOIN_ANYCAST, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IPV6, IPV6_LEAVE_ANYCAST, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IPV6, MCAST_JOIN_GROUP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_IPV6, MCAST_LEAVE_GROUP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_RAW, ICMP_FILTER, RULE_ADDR, RULE_ADDR },
	{ SOL_PACKET, PACKET_ADD_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_PACKET, PACKET_DROP_MEMBERSHIP, RULE_ADDR, RULE_DEFAULT },
	{ SOL_PACKET, PACKET_RX_RING, RULE_ADDR, RULE_DEFAULT },
	{ SOL_PACKET, PACKET_STATISTICS, RULE_DEFAULT, RULE_ADDR },
	{ SOL_PACKET, PACKET_TX_RING, RULE_ADDR, RULE_DEFAULT },
	{ SOL_NETLINK, ANY_NAME, RULE_INT_MIN, RULE_INT },
	{ SOL_NETLINK, NETLINK_LIST_MEMBERSHIPS, RULE_INT_MIN, RULE_ADDR },
};

static int rules_order(const void *key, const void *elem)
{
	const struct sockopt_rules *a = key, *b = elem;

	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	return (a->name > b->name) - (a->name < b->name);
}

static const struct sockopt_rules *rules_of(int level, int name)
{
	struct sockopt_rules key = { .level = level, .name = name };
	const struct sockopt_rules *r;

	r = bsearch(&key, sockopt_rules, ARRAY_SIZE(sockopt_rules), sizeof(key), rules_order);
	if (r)
		return r;
	key.name = ANY_NAME;
	return bsearch(&key, sockopt_rules, ARRAY_SIZE(sockopt_rules), sizeof(key), rules_order);
}

/* An int needs its 4 bytes read; a struct, its first field's at least. */
static enum sockopt_show if_read(enum sockopt_show how, size_t need, size_t have)
{
	return have >= need ? how : SOCKOPT_ADDR;
}

enum sockopt_show ct_sockopt_show(bool set, int level, int name, long len, size_t have)
{
	const struct sockopt_rules *r = rules_of(level, name);
	enum sockopt_rule rule = r ? (set ? r->set : r->get) : RULE_DEFAULT;

	if (len <= 0 && !set)
		return SOCKOPT_ADDR;
	switch (rule) {
	case RULE_ADDR:
		return SOCKOPT_ADDR;
	case RULE_INT_MIN:
		return len < (long)sizeof(int) ? SOCKOPT_ADDR : if_read(SOCKOPT_INT, sizeof(int), have);
	case RULE_INT_HEX:
		return len < (long)sizeof(int) ? SOCKOPT_HEX : if_read(SOCKOPT_INT, sizeof(int), have);
	case RULE_INT:
		return if_read(SOCKOPT_INT, sizeof(int), have);
	case RULE_LINGER:
		if (set && len < (long)sizeof(struct linger))
			return SOCKOPT_ADDR;
		return if_read(SOCKOPT_LINGER, set ? sizeof(struct linger) : sizeof(int), have);
	case RULE_UCRED:
		return if_read(SOCKOPT_UCRED, sizeof(int), have);
	case RULE_ERROR:
		return len < (long)sizeof(int) ? SOCKOPT_HEX : if_read(SOCKOPT_ERROR, sizeof(int), have);
	default:
		return len == sizeof(int) ? if_read(SOCKOPT_INT, sizeof(int), have) : SOCKOPT_STR;
	}
}

/* The int fields of a struct, as far as len bytes hold them whole. */
static void put_int_fields(struct vwriter *w, const char *const *names, size_t nr,
			   const unsigned char *bytes, size_t len, bool id)
{
	int32_t v;
	size_t i;

	vw_begin_struct(w);
	for (i = 0; i < nr && (i + 1) * sizeof(v) <= len; i++) {
		memcpy(&v, bytes + i * sizeof(v), sizeof(v));
		vw_key(w, names[i]);
		/* Ids print as strace's: (uid_t)-1 as -1, the others unsigned. */
		if (id && i > 0 && (uint32_t)v != UINT32_MAX)
			vw_u64(w, (uint32_t)v);
		else
			vw_s64(w, v);
	}
	vw_end_struct(w, false);
}

/* SO_ERROR's pending error, by its name; 0 as a number. */
static void put_sock_error(struct vwriter *w, int err)
{
	const char *name = err > 0 ? strerrorname_np(err) : NULL;

	vw_begin_list(w);
	if (name)
		vw_symbol(w, name);
	else
		vw_s64(w, err);
	vw_end_list(w, false);
}

void ct_sockopt_put(struct vwriter *w, enum sockopt_show how, const unsigned char *bytes,
		    size_t len, bool cut)
{
	static const char *const linger[] = { "l_onoff", "l_linger" };
	static const char *const ucred[] = { "pid", "uid", "gid" };
	enum hex_strings hex = w->hex;
	int v = 0;

	if (len >= sizeof(v))
		memcpy(&v, bytes, sizeof(v));
	switch (how) {
	case SOCKOPT_INT:
		vw_begin_list(w);
		vw_s64(w, v);
		vw_end_list(w, false);
		break;
	case SOCKOPT_ERROR:
		put_sock_error(w, v);
		break;
	case SOCKOPT_LINGER:
		put_int_fields(w, linger, ARRAY_SIZE(linger), bytes, len, false);
		break;
	case SOCKOPT_UCRED:
		put_int_fields(w, ucred, ARRAY_SIZE(ucred), bytes, len, true);
		break;
	case SOCKOPT_HEX:
		w->hex = HEX_ALL;
		vw_bytes(w, bytes, len, cut);
		w->hex = hex;
		break;
	default:
		vw_bytes(w, bytes, len, cut);
		break;
	}
}

static const struct sorted_table sorted_tables[] = {
	SORTED_TABLE(sockopt_rules, rules_order),
};

const struct sorted_table *ct_sockets_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(sorted_tables);
	return sorted_tables;
}
