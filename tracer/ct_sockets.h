/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_SOCKETS_H
#define SCTRACE_CT_SOCKETS_H

#include <stdbool.h>
#include <stddef.h>

#include "sorted.h"

#include "vwriter.h"

/*
 * Socket addresses of the families contents_show.c leaves to this file:
 * the fields after sa_family, from the address's len bytes.
 */
void ct_sockaddr_nl(struct vwriter *w, const unsigned char *bytes, size_t len);
/* From a whole struct sockaddr_in, sockaddr_in6. */
void ct_sockaddr_in(struct vwriter *w, const unsigned char *bytes);
void ct_sockaddr_in6(struct vwriter *w, const unsigned char *bytes);

/* How setsockopt's and getsockopt's optval shows, as strace 6.1 decides. */
enum sockopt_show {
	SOCKOPT_ADDR,	/* its address: too short, or a struct not decoded here */
	SOCKOPT_INT,	/* [1] */
	SOCKOPT_STR,	/* its bytes, as any string */
	SOCKOPT_HEX,	/* its bytes, each as \xNN: an int cut short */
	SOCKOPT_LINGER,	/* {l_onoff=1, l_linger=5} */
	SOCKOPT_UCRED,	/* {pid=1, uid=0, gid=0} */
	SOCKOPT_ERROR,	/* SO_ERROR's [ECONNREFUSED] */
};

/*
 * By the level and the option, and the length: setsockopt's optlen, or
 * what getsockopt's kernel wrote back; have: the bytes read of it.
 */
enum sockopt_show ct_sockopt_show(bool set, int level, int name, long len, size_t have);
/* Shows the value, shown as said, from its bytes (cut: there were more). */
void ct_sockopt_put(struct vwriter *w, enum sockopt_show how, const unsigned char *bytes,
		    size_t len, bool cut);
const struct sorted_table *ct_sockets_sorted_tables(size_t *nr);

#endif
