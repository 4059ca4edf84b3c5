/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SOCK_NAMES_H
#define SCTRACE_SOCK_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "arg_kind.h"
#include "outbuf.h"

/*
 * The socket calls' constants strace names: socket's protocol per
 * family, and setsockopt/getsockopt's levels and option names per level
 * (sysent.c picks the kind by the family or the level).
 */
bool sock_names_print(struct outbuf *ob, enum arg_kind kind, unsigned long val);
const char *sock_name(enum arg_kind kind, unsigned long val);

struct sorted_table;
const struct sorted_table *sock_names_sorted_tables(size_t *nr);

#endif
