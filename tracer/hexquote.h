/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_HEXQUOTE_H
#define SCTRACE_HEXQUOTE_H

#include <stdbool.h>
#include <stddef.h>

#include "outbuf.h"

/*
 * strace's -x and -xx: how a string of the trace is quoted. Under -x, a
 * string with a byte that has no C escape and does not print (a control,
 * DEL, a NUL, any byte from 0x80) is shown byte by byte as \xNN, every
 * byte of it; under -xx, every string is. Other strings keep their C
 * escapes (vwriter.c).
 */
enum hex_strings {
	HEX_NONE,	/* C escapes, octal for the rest */
	HEX_NON_ASCII,	/* -x */
	HEX_ALL,	/* -xx */
};

bool hexquote_wanted(enum hex_strings mode, const unsigned char *s, size_t len);
/* "\x61\x0a", quotes included. */
void hexquote_put(struct outbuf *ob, const unsigned char *s, size_t len);

#endif
