/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_DECODE_FDS_H
#define SCTRACE_DECODE_FDS_H

#include <stddef.h>

/* What follows an fd in <...>: strace's --decode-fds=SET, -y, -yy. */
enum fd_show {
	FD_SHOW_PATH = 1 << 0,		/* its path, /proc's name: -y */
	FD_SHOW_SOCKET = 1 << 1,	/* a socket's protocol and endpoints */
	FD_SHOW_DEV = 1 << 2,		/* a device's type and numbers, after its path */
	FD_SHOW_PIDFD = 1 << 3,		/* a pidfd's process, pid:N */
	FD_SHOW_ALL = (1 << 4) - 1,	/* -yy */
};

/*
 * SET, a comma-separated list of path, socket, dev, pidfd, all, none,
 * into *show; 0, or -1 after saying which item is not one.
 */
int decode_fds_parse(const char *set, unsigned int *show);

struct sorted_table;
const struct sorted_table *decode_fds_sorted_tables(size_t *nr);

#endif
