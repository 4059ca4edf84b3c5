/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ESCAPE_H
#define SCTRACE_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Room for a user-given value in a message: long ones end in "...". */
#define ESCAPE_MSG_SIZE 128
/* Room for a path in a message: its end, the file's name, matters most. */
#define ESCAPE_PATH_SIZE 400
/* One escaped character: a UTF-8 sequence or "\xNN", and the NUL. */
#define ESCAPE_CHAR_MAX 8

/*
 * The rules, for messages and for names in the text trace alike: printable
 * ASCII and printable UTF-8 show as themselves; backslash, newline and tab
 * as \\, \n and \t; every other byte (C0 and C1 controls, DEL, bytes that
 * are not UTF-8) as \xNN, one per byte, so a C1 control U+0085 shows as
 * \xc2\x85. So do the valid characters that reorder or hide text: the
 * bidirectional controls (U+061C, U+200E/F, U+202A..E, U+2066..9), the
 * line and paragraph separators (U+2028/9), the zero-width ones
 * (U+200B..D, U+2060) and U+FEFF: U+202E shows as \xe2\x80\xae. No name
 * or value can make a line break, move the cursor or reorder the line.
 */

/* Whether byte c always shows as itself (the common case, tested first). */
static inline bool escape_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

/*
 * The character at s (n > 0 bytes left) as it shows, NUL-terminated, into
 * out; returns how many bytes of s it took.
 */
size_t escape_char(const char *s, size_t n, char out[ESCAPE_CHAR_MAX]);

/*
 * Copies s into dst (size bytes, size >= 8), escaped so that it prints
 * as one safe line; what does not fit ends in "...". Returns dst.
 */
char *escape_str(char *dst, size_t size, const char *s);

#endif
