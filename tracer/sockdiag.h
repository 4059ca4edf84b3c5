/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SOCKDIAG_H
#define SCTRACE_SOCKDIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * -yy: what a socket is, as strace -yy shows it (TCP:[SRC:PORT->DST:PORT],
 * UNIX-STREAM:[INODE->PEER,"path"], NETLINK:[ROUTE:PORTID]), asked of the
 * kernel through NETLINK_SOCK_DIAG, live only; and what device or process
 * (a pidfd's) an fd is.
 */

/* Room for one description, a UNIX path escaped whole included. */
#define SOCKDIAG_DESC_MAX 1024

/* The caller's netlink socket, opened at the first question. */
struct sockdiag {
	int fd;
	bool opened;		/* fd is valid */
	bool failed;		/* it could not be opened: no more tries */
	uint32_t seq;
};

/*
 * What socket inode (fd of pid) is, into buf; false if it is not a socket
 * any more. Without an answer from sock_diag: "PROTO:[INODE]".
 */
bool sockdiag_describe(struct sockdiag *sd, int32_t pid, int fd,
		       unsigned long inode, char *buf, size_t size);
/* "char 1:3" if fd of pid is still path and a device, into buf. */
bool sockdiag_device(int32_t pid, int fd, const char *path, char *buf, size_t size);
/* "pid:N", the process a pidfd (fd of pid) refers to, into buf. */
bool sockdiag_pidfd(int32_t pid, int fd, char *buf, size_t size);
void sockdiag_close(struct sockdiag *sd);

struct sorted_table;
const struct sorted_table *sockdiag_sorted_tables(size_t *nr);

#endif
