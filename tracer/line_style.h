/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_LINE_STYLE_H
#define SCTRACE_LINE_STYLE_H

#include <stdbool.h>
#include <stdint.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "sorted.h"

/*
 * --format: how a text line writes what the decoders give. sctrace's
 * (the default) names each argument ("fd: 3") and each field
 * ("st_size: 5"); strace's is strace 6.1's own line: arguments by
 * position, fields as "st_size=5", " = " in column 40, and the task
 * before the time ("PID " on every line of -f -o FILE).
 */
enum line_style {
	LINE_STYLE_SCTRACE,
	LINE_STYLE_STRACE,
};

/* strace's -a when none is given: " = " in column 40. */
#define LINE_STYLE_STRACE_COLUMNS 40

/* 0, or SCT_EXIT_USAGE after saying what --format takes. */
int line_style_parse(const char *arg, enum line_style *style);
/* Before an argument's value: "name: " in sctrace's lines, nothing in strace's. */
void line_style_arg_name(struct outbuf *ob, enum line_style style, const char *name);
/* The kind an argument's value is written as in the style's lines. */
enum arg_kind line_style_kind(enum line_style style, enum arg_kind kind);
/* strace's task prefix: "PID " left in 5 columns (-f -o), else "[pid PID] ". */
void line_style_pid(struct outbuf *ob, int32_t tid, bool column);
/*
 * Flags as strace orders them: the '|'-joined names of s that strace
 * writes in another order than sctrace's tables take their places in
 * strace's order; the other names stay where they are.
 */
void line_style_flag_order(char *s, size_t len);
/* The same on what ob took since position pos (nothing if flushed since). */
void line_style_reorder_since(struct outbuf *ob, uint64_t pos);
const struct sorted_table *line_style_sorted_tables(size_t *nr);

#endif
