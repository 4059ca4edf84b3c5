/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_PROCESS_H
#define SCTRACE_CT_PROCESS_H

#include <stddef.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "sysent_op.h"

/* prctl's and arch_prctl's options: what each takes (sysent.c's rows). */
extern const struct sysent_ops prctl_arity;
extern const struct sysent_ops arch_prctl_arity;

/* ARG_PRCTL_OPTION, ARG_SUID_DUMP, ARG_CAPABILITY, ARG_ARCH_PRCTL_CODE. */
void ct_process_print(struct outbuf *ob, enum arg_kind kind, unsigned long val);

struct sorted_table;
const struct sorted_table *ct_process_sorted_tables(size_t *nr);

#endif
