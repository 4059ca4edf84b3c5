/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TP_FORMAT_H
#define SCTRACE_TP_FORMAT_H

#include <stddef.h>

/*
 * A tracepoint format as libtraceevent may be given it. libtraceevent
 * 1.7.1 crashes on some malformed formats (one byte changed in a
 * recorded sched_switch is enough), and a file's formats are anyone's:
 * only the kernel's own shape passes, and the print fmt, which sctrace
 * never uses and where most of libtraceevent's parser lives, is dropped.
 * Returns a NUL-terminated copy (*out_len without the NUL), or NULL.
 */
char *tp_format_safe(const char *text, size_t len, size_t *out_len);

#endif
