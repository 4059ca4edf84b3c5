// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>

#include "socketcall.h"
#include "syscall_table.h"

/*
 * Indexed by call. send and recv are sendto and recvfrom without an
 * address, and accept is accept4 without flags: the kernel runs them so.
 * x86_64's C library calls sendto and recvfrom for send and recv too, so
 * those lines read alike on both machines; its accept is a call of its own.
 */
static const struct socketcall_target targets[SOCKETCALL_CALLS] = {
	[SYS_SOCKET] = { "socket", 3 },
	[SYS_BIND] = { "bind", 3 },
	[SYS_CONNECT] = { "connect", 3 },
	[SYS_LISTEN] = { "listen", 2 },
	[SYS_ACCEPT] = { "accept4", 3 },
	[SYS_GETSOCKNAME] = { "getsockname", 3 },
	[SYS_GETPEERNAME] = { "getpeername", 3 },
	[SYS_SOCKETPAIR] = { "socketpair", 4 },
	[SYS_SEND] = { "sendto", 4 },
	[SYS_RECV] = { "recvfrom", 4 },
	[SYS_SENDTO] = { "sendto", 6 },
	[SYS_RECVFROM] = { "recvfrom", 6 },
	[SYS_SHUTDOWN] = { "shutdown", 2 },
	[SYS_SETSOCKOPT] = { "setsockopt", 5 },
	[SYS_GETSOCKOPT] = { "getsockopt", 5 },
	[SYS_SENDMSG] = { "sendmsg", 3 },
	[SYS_RECVMSG] = { "recvmsg", 3 },
	[SYS_ACCEPT4] = { "accept4", 4 },
	[SYS_RECVMMSG] = { "recvmmsg", 5 },
	[SYS_SENDMMSG] = { "sendmmsg", 4 },
};

/* What call does; NULL if it is no call (0, or past the last). */
const struct socketcall_target *socketcall_target(unsigned long call)
{
	if (call >= SOCKETCALL_CALLS || !targets[call].name)
		return NULL;
	return &targets[call];
}

/* The number of the syscall call makes on machine, or -1. */
long socketcall_syscall(int machine, unsigned long call)
{
	const struct socketcall_target *t = socketcall_target(call);

	return t ? syscall_number(machine, t->name) : -1;
}
