/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_IOCTL_H
#define SCTRACE_CT_IOCTL_H

#include <stddef.h>
#include <sys/ioctl.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "sysent_op.h"

/*
 * ioctl's requests: their names and what each takes, as strace prints
 * them. The numbers are the build's headers', so each architecture's
 * build has its own; the table is sorted by them.
 */
extern const struct sysent_ops ioctl_arity;

/*
 * The requests whose arg the program reads (as CK_IOCTL_ARG): an int or
 * a struct winsize. By the low five bits of each, as a condition can test
 * them; the others these bits match show no contents (their rows say).
 */
#define IOCTL_ARG_BITS 0x1fu
#define IOCTL_ARG_BIT(req) (1u << ((req) & IOCTL_ARG_BITS))
#define IOCTL_ARG_CMDS \
	(IOCTL_ARG_BIT(FIONBIO) | IOCTL_ARG_BIT(FIONREAD) | IOCTL_ARG_BIT(TIOCOUTQ) | \
	 IOCTL_ARG_BIT(TIOCGPGRP) | IOCTL_ARG_BIT(TIOCSPGRP) | IOCTL_ARG_BIT(TIOCGWINSZ) | \
	 IOCTL_ARG_BIT(TIOCSWINSZ) | IOCTL_ARG_BIT(TIOCGPTN) | IOCTL_ARG_BIT(TIOCSPTLCK))

/* ARG_IOCTL_CMD, ARG_TC_XONC, ARG_TC_FLUSH. */
void ct_ioctl_print(struct outbuf *ob, enum arg_kind kind, unsigned long val);

/* The names, in ioctl_arity's order, for the tests. */
struct symbol;
const struct symbol *ct_ioctl_names(size_t *nr);

struct sorted_table;
const struct sorted_table *ct_ioctl_sorted_tables(size_t *nr);

#endif
