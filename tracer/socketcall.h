/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SOCKETCALL_H
#define SCTRACE_SOCKETCALL_H

#include <linux/net.h>

/*
 * socketcall(call, args): s390x's one entry to every socket call, which
 * its C library uses for some (send, recvfrom). args points to the call's
 * arguments, as unsigned longs. Calls are SYS_SOCKET to SYS_SENDMMSG.
 */
#define SOCKETCALL_CALLS (SYS_SENDMMSG + 1)

struct socketcall_target {
	const char *name;	/* the syscall that does what the call does */
	unsigned int nargs;	/* arguments the kernel reads from args; the rest are 0 */
};

const struct socketcall_target *socketcall_target(unsigned long call);
long socketcall_syscall(int machine, unsigned long call);

#endif
