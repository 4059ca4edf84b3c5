// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "escape.h"

/*
 * Length of the UTF-8 sequence at s (n bytes left) if it is printable
 * text, 0 if not: invalid, overlong, a surrogate, or a C1 control
 * (U+0080..U+009F), which terminals act on like the C0 ones.
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xc2 && s[1] < 0xa0) ||
	    (s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return len;
}

size_t escape_char(const char *s, size_t n, char out[ESCAPE_CHAR_MAX])
{
	const unsigned char *in = (const unsigned char *)s;
	size_t len = utf8_len(in, n);

	if (len) {
		memcpy(out, s, len);
		out[len] = '\0';
		return len;
	}
	if (*in == '\\')
		snprintf(out, ESCAPE_CHAR_MAX, "\\\\");
	else if (*in == '\n')
		snprintf(out, ESCAPE_CHAR_MAX, "\\n");
	else if (*in == '\t')
		snprintf(out, ESCAPE_CHAR_MAX, "\\t");
	else if (!escape_plain(*in))
		snprintf(out, ESCAPE_CHAR_MAX, "\\x%02x", *in);
	else
		snprintf(out, ESCAPE_CHAR_MAX, "%c", *in);
	return 1;
}

/* How long s's n bytes are once escaped. */
static size_t escaped_len(const char *s, size_t n)
{
	char one[ESCAPE_CHAR_MAX];
	size_t total = 0, src;

	for (; n; s += src, n -= src) {
		src = escape_char(s, n, one);
		total += strlen(one);
	}
	return total;
}

char *escape_str(char *dst, size_t size, const char *s)
{
	size_t used = 0, left = strlen(s);
	/* Room for "..." is kept only when the whole does not fit. */
	size_t dots = escaped_len(s, left) < size ? 0 : 3;
	char one[ESCAPE_CHAR_MAX];

	while (left) {
		size_t src = escape_char(s, left, one);
		size_t len = strlen(one);

		if (used + len + dots >= size) {
			snprintf(dst + used, size - used, "...");
			return dst;
		}
		memcpy(dst + used, one, len);
		used += len;
		s += src;
		left -= src;
	}
	dst[used] = '\0';
	return dst;
}
