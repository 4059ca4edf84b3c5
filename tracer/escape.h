/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ESCAPE_H
#define SCTRACE_ESCAPE_H

#include <stddef.h>

/* Room for a user-given value in a message: long ones end in "...". */
#define ESCAPE_MSG_SIZE 128

/*
 * Copies s into dst (size bytes, size >= 8) so that it prints as one safe
 * line: backslash, control bytes and bytes that are not UTF-8 become \\, \n,
 * \t or \xNN; what does not fit ends in "...". Returns dst.
 */
char *escape_str(char *dst, size_t size, const char *s);

#endif
