/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_SOCKETS_H
#define SCTRACE_CT_SOCKETS_H

#include <stddef.h>

#include "vwriter.h"

/*
 * Socket addresses of the families contents_show.c leaves to this file:
 * the fields after sa_family, from the address's len bytes.
 */
void ct_sockaddr_nl(struct vwriter *w, const unsigned char *bytes, size_t len);

#endif
