/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_QUALIFIERS_H
#define SCTRACE_QUALIFIERS_H

#include <stddef.h>

#include "sct_options.h"
#include "sorted.h"

/*
 * strace's -e QUALIFIER=VALUE, and its long forms --QUALIFIER=VALUE
 * (--trace=, --signal=, --status=, --quiet=, --abbrev=, --raw=, --read=,
 * --write=, --kvm=, --decode-fds, --decode-pids=, --inject=, --fault=):
 * each taken into the options or refused with one line saying why.
 */
int qualifier_expr(const char *arg, struct sct_options *opts);
/* -1: name is no qualifier; else 0 or the exit code after its line. */
int qualifier_long(const char *name, const char *value, struct sct_options *opts);
const struct sorted_table *qualifiers_sorted_tables(size_t *nr);

#endif
