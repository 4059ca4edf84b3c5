// SPDX-License-Identifier: GPL-2.0
#include <linux/netlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netinet/udp.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "compiler.h"
#include "sock_names.h"
#include "sorted.h"

/*
 * The C library's constants, so each architecture's build gets its own
 * values (ppc64's SOL_SOCKET options 16-21 differ). Every table is an
 * enumeration, sorted by value.
 */
#define SYM(x) { (unsigned long)(x), #x }

/* beauty.h's struct symbol, but beauty.c prints through this module: its own. */
struct symbol {
	unsigned long value;
	const char *name;
};

static const struct symbol ip_protocols[] = {
	SYM(IPPROTO_IP), SYM(IPPROTO_ICMP), SYM(IPPROTO_IGMP), SYM(IPPROTO_IPIP),
	SYM(IPPROTO_TCP), SYM(IPPROTO_EGP), SYM(IPPROTO_PUP), SYM(IPPROTO_UDP),
	SYM(IPPROTO_IDP), SYM(IPPROTO_TP), SYM(IPPROTO_DCCP), SYM(IPPROTO_IPV6),
	SYM(IPPROTO_ROUTING), SYM(IPPROTO_FRAGMENT), SYM(IPPROTO_RSVP), SYM(IPPROTO_GRE),
	SYM(IPPROTO_ESP), SYM(IPPROTO_AH), SYM(IPPROTO_ICMPV6), SYM(IPPROTO_NONE),
	SYM(IPPROTO_DSTOPTS), SYM(IPPROTO_MTP), SYM(IPPROTO_BEETPH), SYM(IPPROTO_ENCAP),
	SYM(IPPROTO_PIM), SYM(IPPROTO_COMP), { 115, "IPPROTO_L2TP" }, SYM(IPPROTO_SCTP),
	SYM(IPPROTO_MH), SYM(IPPROTO_UDPLITE), SYM(IPPROTO_MPLS), SYM(IPPROTO_ETHERNET),
	SYM(IPPROTO_RAW), SYM(IPPROTO_MPTCP),
};

static const struct symbol netlink_protocols[] = {
	SYM(NETLINK_ROUTE), SYM(NETLINK_UNUSED), SYM(NETLINK_USERSOCK), SYM(NETLINK_FIREWALL),
	SYM(NETLINK_SOCK_DIAG), SYM(NETLINK_NFLOG), SYM(NETLINK_XFRM), SYM(NETLINK_SELINUX),
	SYM(NETLINK_ISCSI), SYM(NETLINK_AUDIT), SYM(NETLINK_FIB_LOOKUP), SYM(NETLINK_CONNECTOR),
	SYM(NETLINK_NETFILTER), SYM(NETLINK_IP6_FW), SYM(NETLINK_DNRTMSG),
	SYM(NETLINK_KOBJECT_UEVENT), SYM(NETLINK_GENERIC), SYM(NETLINK_SCSITRANSPORT),
	SYM(NETLINK_ECRYPTFS), SYM(NETLINK_RDMA), SYM(NETLINK_CRYPTO), SYM(NETLINK_SMC),
};

/*
 * strace names a level by its SOL_ name, IPPROTO_IP's too; the kernel's
 * values where the C library has no name.
 */
static const struct symbol sockopt_levels[] = {
	SYM(SOL_IP), SYM(SOL_SOCKET), SYM(SOL_TCP), SYM(SOL_UDP), SYM(SOL_IPV6),
	SYM(SOL_ICMPV6), { 132, "SOL_SCTP" }, { 136, "SOL_UDPLITE" }, SYM(SOL_RAW), { 256, "SOL_IPX" },
	{ 257, "SOL_AX25" }, { 258, "SOL_ATALK" }, { 259, "SOL_NETROM" }, { 260, "SOL_ROSE" }, SYM(SOL_DECNET),
	SYM(SOL_X25), SYM(SOL_PACKET), SYM(SOL_ATM), SYM(SOL_AAL), SYM(SOL_IRDA),
	SYM(SOL_NETBEUI), SYM(SOL_LLC), SYM(SOL_DCCP), SYM(SOL_NETLINK), SYM(SOL_TIPC),
	SYM(SOL_RXRPC), SYM(SOL_PPPOL2TP), SYM(SOL_BLUETOOTH), SYM(SOL_PNPIPE), SYM(SOL_RDS),
	SYM(SOL_IUCV), SYM(SOL_CAIF), SYM(SOL_ALG), SYM(SOL_NFC), SYM(SOL_KCM), SYM(SOL_TLS),
	SYM(SOL_XDP), SYM(SOL_MPTCP), SYM(SOL_MCTP), SYM(SOL_SMC),
};

/* On the 64-bit machines the _OLD time options are the plain ones. */
static const struct symbol socket_options[] = {
	SYM(SO_DEBUG), SYM(SO_REUSEADDR), SYM(SO_TYPE), SYM(SO_ERROR), SYM(SO_DONTROUTE),
	SYM(SO_BROADCAST), SYM(SO_SNDBUF), SYM(SO_RCVBUF), SYM(SO_KEEPALIVE),
	SYM(SO_OOBINLINE), SYM(SO_NO_CHECK), SYM(SO_PRIORITY), SYM(SO_LINGER),
	SYM(SO_BSDCOMPAT), SYM(SO_REUSEPORT), SYM(SO_PASSCRED), SYM(SO_PEERCRED),
	SYM(SO_RCVLOWAT), SYM(SO_SNDLOWAT), SYM(SO_RCVTIMEO_OLD), SYM(SO_SNDTIMEO_OLD),
	SYM(SO_SECURITY_AUTHENTICATION), SYM(SO_SECURITY_ENCRYPTION_TRANSPORT),
	SYM(SO_SECURITY_ENCRYPTION_NETWORK), SYM(SO_BINDTODEVICE), SYM(SO_ATTACH_FILTER),
	SYM(SO_DETACH_FILTER), SYM(SO_PEERNAME), SYM(SO_TIMESTAMP_OLD), SYM(SO_ACCEPTCONN),
	SYM(SO_PEERSEC), SYM(SO_SNDBUFFORCE), SYM(SO_RCVBUFFORCE), SYM(SO_PASSSEC),
	SYM(SO_TIMESTAMPNS_OLD), SYM(SO_MARK), SYM(SO_TIMESTAMPING_OLD), SYM(SO_PROTOCOL),
	SYM(SO_DOMAIN), SYM(SO_RXQ_OVFL), SYM(SO_WIFI_STATUS), SYM(SO_PEEK_OFF),
	SYM(SO_NOFCS), SYM(SO_LOCK_FILTER), SYM(SO_SELECT_ERR_QUEUE), SYM(SO_BUSY_POLL),
	SYM(SO_MAX_PACING_RATE), SYM(SO_BPF_EXTENSIONS), SYM(SO_INCOMING_CPU),
	SYM(SO_ATTACH_BPF), SYM(SO_ATTACH_REUSEPORT_CBPF), SYM(SO_ATTACH_REUSEPORT_EBPF),
	SYM(SO_CNX_ADVICE), SYM(SO_MEMINFO), SYM(SO_INCOMING_NAPI_ID), SYM(SO_COOKIE),
	SYM(SO_PEERGROUPS), SYM(SO_ZEROCOPY), SYM(SO_TXTIME), SYM(SO_BINDTOIFINDEX),
	SYM(SO_TIMESTAMP_NEW), SYM(SO_TIMESTAMPNS_NEW), SYM(SO_TIMESTAMPING_NEW),
	SYM(SO_RCVTIMEO_NEW), SYM(SO_SNDTIMEO_NEW), SYM(SO_DETACH_REUSEPORT_BPF),
	SYM(SO_PREFER_BUSY_POLL), SYM(SO_BUSY_POLL_BUDGET), SYM(SO_NETNS_COOKIE),
	SYM(SO_BUF_LOCK), SYM(SO_RESERVE_MEM), SYM(SO_TXREHASH), SYM(SO_RCVMARK),
};

static const struct symbol ip_options[] = {
	SYM(IP_TOS), SYM(IP_TTL), SYM(IP_HDRINCL), SYM(IP_OPTIONS), SYM(IP_ROUTER_ALERT),
	SYM(IP_RECVOPTS), SYM(IP_RETOPTS), SYM(IP_PKTINFO), SYM(IP_PKTOPTIONS),
	SYM(IP_MTU_DISCOVER), SYM(IP_RECVERR), SYM(IP_RECVTTL), SYM(IP_RECVTOS), SYM(IP_MTU),
	SYM(IP_FREEBIND), SYM(IP_IPSEC_POLICY), SYM(IP_XFRM_POLICY), SYM(IP_PASSSEC),
	SYM(IP_TRANSPARENT), SYM(IP_ORIGDSTADDR), SYM(IP_MINTTL), SYM(IP_NODEFRAG),
	SYM(IP_CHECKSUM), SYM(IP_BIND_ADDRESS_NO_PORT), SYM(IP_RECVFRAGSIZE),
	SYM(IP_RECVERR_RFC4884), SYM(IP_MULTICAST_IF), SYM(IP_MULTICAST_TTL),
	SYM(IP_MULTICAST_LOOP), SYM(IP_ADD_MEMBERSHIP), SYM(IP_DROP_MEMBERSHIP),
	SYM(IP_UNBLOCK_SOURCE), SYM(IP_BLOCK_SOURCE), SYM(IP_ADD_SOURCE_MEMBERSHIP),
	SYM(IP_DROP_SOURCE_MEMBERSHIP), SYM(IP_MSFILTER), SYM(MCAST_JOIN_GROUP),
	SYM(MCAST_BLOCK_SOURCE), SYM(MCAST_UNBLOCK_SOURCE), SYM(MCAST_LEAVE_GROUP),
	SYM(MCAST_JOIN_SOURCE_GROUP), SYM(MCAST_LEAVE_SOURCE_GROUP), SYM(MCAST_MSFILTER),
	SYM(IP_MULTICAST_ALL), SYM(IP_UNICAST_IF),
};

static const struct symbol ipv6_options[] = {
	SYM(IPV6_ADDRFORM), SYM(IPV6_2292PKTINFO), SYM(IPV6_2292HOPOPTS),
	SYM(IPV6_2292DSTOPTS), SYM(IPV6_2292RTHDR), SYM(IPV6_2292PKTOPTIONS),
	SYM(IPV6_CHECKSUM), SYM(IPV6_2292HOPLIMIT), SYM(IPV6_NEXTHOP), SYM(IPV6_AUTHHDR),
	SYM(IPV6_UNICAST_HOPS), SYM(IPV6_MULTICAST_IF), SYM(IPV6_MULTICAST_HOPS),
	SYM(IPV6_MULTICAST_LOOP), SYM(IPV6_ADD_MEMBERSHIP), SYM(IPV6_DROP_MEMBERSHIP),
	SYM(IPV6_ROUTER_ALERT), SYM(IPV6_MTU_DISCOVER), SYM(IPV6_MTU), SYM(IPV6_RECVERR),
	SYM(IPV6_V6ONLY), SYM(IPV6_JOIN_ANYCAST), SYM(IPV6_LEAVE_ANYCAST),
	SYM(IPV6_MULTICAST_ALL), SYM(IPV6_ROUTER_ALERT_ISOLATE), SYM(IPV6_RECVERR_RFC4884),
	SYM(IPV6_IPSEC_POLICY), SYM(IPV6_XFRM_POLICY), SYM(IPV6_HDRINCL),
	SYM(MCAST_JOIN_GROUP), SYM(MCAST_BLOCK_SOURCE), SYM(MCAST_UNBLOCK_SOURCE),
	SYM(MCAST_LEAVE_GROUP), SYM(MCAST_JOIN_SOURCE_GROUP), SYM(MCAST_LEAVE_SOURCE_GROUP),
	SYM(MCAST_MSFILTER), SYM(IPV6_RECVPKTINFO), SYM(IPV6_PKTINFO),
	SYM(IPV6_RECVHOPLIMIT), SYM(IPV6_HOPLIMIT), SYM(IPV6_RECVHOPOPTS), SYM(IPV6_HOPOPTS),
	SYM(IPV6_RTHDRDSTOPTS), SYM(IPV6_RECVRTHDR), SYM(IPV6_RTHDR), SYM(IPV6_RECVDSTOPTS),
	SYM(IPV6_DSTOPTS), SYM(IPV6_RECVPATHMTU), SYM(IPV6_PATHMTU), SYM(IPV6_DONTFRAG),
	SYM(IPV6_RECVTCLASS), SYM(IPV6_TCLASS), SYM(IPV6_AUTOFLOWLABEL),
	SYM(IPV6_ADDR_PREFERENCES), SYM(IPV6_MINHOPCOUNT), SYM(IPV6_ORIGDSTADDR),
	SYM(IPV6_TRANSPARENT), SYM(IPV6_UNICAST_IF), SYM(IPV6_RECVFRAGSIZE),
	SYM(IPV6_FREEBIND),
};

static const struct symbol tcp_options[] = {
	SYM(TCP_NODELAY), SYM(TCP_MAXSEG), SYM(TCP_CORK), SYM(TCP_KEEPIDLE),
	SYM(TCP_KEEPINTVL), SYM(TCP_KEEPCNT), SYM(TCP_SYNCNT), SYM(TCP_LINGER2),
	SYM(TCP_DEFER_ACCEPT), SYM(TCP_WINDOW_CLAMP), SYM(TCP_INFO), SYM(TCP_QUICKACK),
	SYM(TCP_CONGESTION), SYM(TCP_MD5SIG), SYM(TCP_THIN_LINEAR_TIMEOUTS),
	SYM(TCP_THIN_DUPACK), SYM(TCP_USER_TIMEOUT), SYM(TCP_REPAIR), SYM(TCP_REPAIR_QUEUE),
	SYM(TCP_QUEUE_SEQ), SYM(TCP_REPAIR_OPTIONS), SYM(TCP_FASTOPEN), SYM(TCP_TIMESTAMP),
	SYM(TCP_NOTSENT_LOWAT), SYM(TCP_CC_INFO), SYM(TCP_SAVE_SYN), SYM(TCP_SAVED_SYN),
	SYM(TCP_REPAIR_WINDOW), SYM(TCP_FASTOPEN_CONNECT), SYM(TCP_ULP), SYM(TCP_MD5SIG_EXT),
	SYM(TCP_FASTOPEN_KEY), SYM(TCP_FASTOPEN_NO_COOKIE), SYM(TCP_ZEROCOPY_RECEIVE),
	SYM(TCP_INQ), SYM(TCP_TX_DELAY),
};

static const struct symbol udp_options[] = {
	SYM(UDP_CORK), SYM(UDP_ENCAP), SYM(UDP_NO_CHECK6_TX), SYM(UDP_NO_CHECK6_RX),
	SYM(UDP_SEGMENT), SYM(UDP_GRO),
};

static const struct symbol netlink_options[] = {
	SYM(NETLINK_ADD_MEMBERSHIP), SYM(NETLINK_DROP_MEMBERSHIP), SYM(NETLINK_PKTINFO),
	SYM(NETLINK_BROADCAST_ERROR), SYM(NETLINK_NO_ENOBUFS), SYM(NETLINK_RX_RING),
	SYM(NETLINK_TX_RING), SYM(NETLINK_LISTEN_ALL_NSID), SYM(NETLINK_LIST_MEMBERSHIPS),
	SYM(NETLINK_CAP_ACK), SYM(NETLINK_EXT_ACK), SYM(NETLINK_GET_STRICT_CHK),
};

/* Each kind's table; sorted by kind. */
static const struct sock_kind {
	enum arg_kind kind;
	const struct symbol *syms;
	size_t nr;
} sock_kinds[] = {
#define KIND(k, t) { k, t, ARRAY_SIZE(t) }
	KIND(ARG_IPPROTO, ip_protocols),
	KIND(ARG_NETLINK_PROTO, netlink_protocols),
	KIND(ARG_SOCKOPT_LEVEL, sockopt_levels),
	KIND(ARG_SO_OPTNAME, socket_options),
	KIND(ARG_IP_OPTNAME, ip_options),
	KIND(ARG_IPV6_OPTNAME, ipv6_options),
	KIND(ARG_TCP_OPTNAME, tcp_options),
	KIND(ARG_UDP_OPTNAME, udp_options),
	KIND(ARG_NETLINK_OPTNAME, netlink_options),
#undef KIND
};

static int symbol_order(const void *key, const void *elem)
{
	const struct symbol *a = key, *b = elem;

	return (a->value > b->value) - (a->value < b->value);
}

static int kind_order(const void *key, const void *elem)
{
	const struct sock_kind *a = key, *b = elem;

	return (a->kind > b->kind) - (a->kind < b->kind);
}

/* The constant's name, or NULL: a kind of another module, or a value without one. */
const char *sock_name(enum arg_kind kind, unsigned long val)
{
	const struct sock_kind kkey = { .kind = kind };
	const struct sock_kind *k = bsearch(&kkey, sock_kinds, ARRAY_SIZE(sock_kinds),
					    sizeof(sock_kinds[0]), kind_order);
	/* Each is an int: the kernel ignores the register's upper half. */
	const struct symbol key = { .value = (unsigned int)val };
	const struct symbol *s;

	if (!k)
		return NULL;
	s = bsearch(&key, k->syms, k->nr, sizeof(k->syms[0]), symbol_order);
	return s ? s->name : NULL;
}

static bool sock_kind_known(enum arg_kind kind)
{
	const struct sock_kind key = { .kind = kind };

	return bsearch(&key, sock_kinds, ARRAY_SIZE(sock_kinds), sizeof(sock_kinds[0]),
		       kind_order);
}

/* Prints a kind of this module: its name, else the int; false: not one of its kinds. */
bool sock_names_print(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	const char *name = sock_name(kind, val);

	if (name)
		outbuf_puts(ob, name);
	else if (sock_kind_known(kind))
		outbuf_s64(ob, (int)val);
	else
		return false;
	return true;
}

static const struct sorted_table sorted_tables[] = {
	SORTED_TABLE(sock_kinds, kind_order),
	SORTED_TABLE(ip_protocols, symbol_order),
	SORTED_TABLE(netlink_protocols, symbol_order),
	SORTED_TABLE(sockopt_levels, symbol_order),
	SORTED_TABLE(socket_options, symbol_order),
	SORTED_TABLE(ip_options, symbol_order),
	SORTED_TABLE(ipv6_options, symbol_order),
	SORTED_TABLE(tcp_options, symbol_order),
	SORTED_TABLE(udp_options, symbol_order),
	SORTED_TABLE(netlink_options, symbol_order),
};

const struct sorted_table *sock_names_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(sorted_tables);
	return sorted_tables;
}
