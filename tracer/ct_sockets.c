// SPDX-License-Identifier: GPL-2.0
#include <linux/netlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

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
