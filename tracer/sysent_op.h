/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSENT_OP_H
#define SCTRACE_SYSENT_OP_H

#include <stdbool.h>
#include <stddef.h>

#include "arg_kind.h"
#include "contents_table.h"

/*
 * What each operation of a call takes (futex's op, fcntl's cmd, ioctl's
 * request): a header of its own, below sysent.c and the ct_*.c families
 * whose tables sysent.c's rows point at.
 */
#define SYSENT_OP_ARGS 2

/* An argument to which an operation gives a meaning of its own. */
struct sysent_op_arg {
	unsigned char pos;	/* the argument's index + 1; 0: none */
	enum arg_kind kind;
	unsigned char bits;	/* what the kernel uses of it; 0: all */
	/* Not CK_NONE: what it points to, shown as this kind (fcntl's struct flock). */
	enum content_kind content;
};

/* How an operation's result reads, after its number: "0x1 (flags FD_CLOEXEC)". */
struct sysent_op_result {
	enum arg_kind kind;	/* ARG_U64: the number alone */
	const char *label;	/* before the symbol: "flags ", or "" */
	bool hex;		/* the number in hex */
	bool zero_plain;	/* 0 is shown alone */
};

/* What one operation of a call takes and gives (strace prints that much). */
struct sysent_op {
	unsigned int op;	/* the selector's value, its operation bits */
	unsigned char shown;	/* bit i: argument i is printed */
	struct sysent_op_arg args[SYSENT_OP_ARGS];
	struct sysent_op_result result;
};

/* A call whose arguments depend on one of them (futex's op, fcntl's cmd). */
struct sysent_ops {
	const char *arg;		/* the selector, by its tracepoint name */
	unsigned int mask;		/* its bits that name the operation */
	const struct sysent_op *ops;	/* sorted by op */
	size_t nr;
	struct sysent_op other;		/* any operation not in ops */
};

#endif
