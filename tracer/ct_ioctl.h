/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_IOCTL_H
#define SCTRACE_CT_IOCTL_H

#include <stddef.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "sysent_op.h"

/*
 * ioctl's requests: their names and what each takes, as strace prints
 * them. The numbers are the build's headers', so each architecture's
 * build has its own; the table is sorted by them.
 */
extern const struct sysent_ops ioctl_arity;

/* ARG_IOCTL_CMD, ARG_TC_XONC, ARG_TC_FLUSH. */
void ct_ioctl_print(struct outbuf *ob, enum arg_kind kind, unsigned long val);

/* The names, in ioctl_arity's order, for the tests. */
struct symbol;
const struct symbol *ct_ioctl_names(size_t *nr);

struct sorted_table;
const struct sorted_table *ct_ioctl_sorted_tables(size_t *nr);

#endif
