// SPDX-License-Identifier: GPL-2.0
#include "hexquote.h"

/* Whether c shows as itself or as one of the C escapes (\n, \t, \", ...). */
static bool prints_as_text(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || (c >= '\t' && c <= '\r');
}

bool hexquote_wanted(enum hex_strings mode, const unsigned char *s, size_t len)
{
	size_t i;

	if (mode == HEX_ALL)
		return true;
	if (mode == HEX_NONE)
		return false;
	for (i = 0; i < len; i++)
		if (!prints_as_text(s[i]))
			return true;
	return false;
}

void hexquote_put(struct outbuf *ob, const unsigned char *s, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	outbuf_putc(ob, '"');
	for (i = 0; i < len; i++) {
		outbuf_puts(ob, "\\x");
		outbuf_putc(ob, digits[s[i] >> 4]);
		outbuf_putc(ob, digits[s[i] & 0xf]);
	}
	outbuf_putc(ob, '"');
}
