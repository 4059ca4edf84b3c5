/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_FORMAT_H
#define SCTRACE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "sysent.h"

enum arg_kind arg_kind_from_type(const char *type);
bool arg_kind_is_int(enum arg_kind kind);
enum arg_kind arg_kind_of(const char *type, const char *name);
unsigned int arg_bits_of(const char *type, const char *name);
unsigned long arg_cut(unsigned long val, unsigned int bits);

struct sorted_table;
const struct sorted_table *format_sorted_tables(size_t *nr);
void format_arg(struct outbuf *ob, enum arg_kind kind, unsigned long val);
bool result_is_error(long ret);
void format_result(struct outbuf *ob, enum result_kind kind, long ret);

#endif
