// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "escape.h"

/* Length of the valid UTF-8 sequence at s, 0 if it is not one. */
static size_t utf8_len(const unsigned char *s)
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
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong forms and surrogates are not text either. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return len;
}

/* The escaped form of the character at s into out; its source length. */
static size_t escape_one(const unsigned char *s, char out[8])
{
	size_t len = utf8_len(s);

	if (len) {
		memcpy(out, s, len);
		out[len] = '\0';
		return len;
	}
	if (*s == '\\')
		strcpy(out, "\\\\");
	else if (*s == '\n')
		strcpy(out, "\\n");
	else if (*s == '\t')
		strcpy(out, "\\t");
	else if (*s < 0x20 || *s >= 0x7f)
		snprintf(out, 8, "\\x%02x", *s);
	else
		snprintf(out, 8, "%c", *s);
	return 1;
}

char *escape_str(char *dst, size_t size, const char *s)
{
	const unsigned char *in = (const unsigned char *)s;
	size_t used = 0;
	char one[8];

	while (*in) {
		size_t src = escape_one(in, one);
		size_t len = strlen(one);

		/* Keep room for "..." unless this is the last character. */
		if (used + len + (in[src] ? 3 : 0) >= size) {
			strcpy(dst + used, "...");
			return dst;
		}
		memcpy(dst + used, one, len);
		used += len;
		in += src;
	}
	dst[used] = '\0';
	return dst;
}
