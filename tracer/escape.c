// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "escape.h"

/*
 * Length of the valid UTF-8 sequence at s (n bytes left), 0 if none:
 * invalid, overlong, a surrogate, or a C1 control (U+0080..U+009F).
 */
static size_t utf8_valid_len(const unsigned char *s, size_t n)
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

/*
 * Characters that are valid UTF-8 but move or hide text: bidirectional
 * controls (a program could reorder what the terminal shows), line and
 * paragraph separators, zero-width characters and the BOM. Sorted.
 */
static const struct cp_range {
	uint32_t first, last;
} hidden[] = {
	{ 0x061c, 0x061c },	/* ARABIC LETTER MARK */
	{ 0x200b, 0x200f },	/* zero-width space, (non-)joiner, LRM, RLM */
	{ 0x2028, 0x202e },	/* line/paragraph separators, LRE..RLO */
	{ 0x2060, 0x2060 },	/* WORD JOINER */
	{ 0x2066, 0x2069 },	/* LRI, RLI, FSI, PDI */
	{ 0xfeff, 0xfeff },	/* ZERO WIDTH NO-BREAK SPACE, the BOM */
};

static int cp_range_cmp(const void *key, const void *elem)
{
	uint32_t cp = *(const uint32_t *)key;
	const struct cp_range *r = elem;

	return cp < r->first ? -1 : cp > r->last;
}

/* The code point of a valid sequence of len bytes. */
static uint32_t utf8_decode(const unsigned char *s, size_t len)
{
	static const unsigned char lead_bits[] = { 0, 0, 0x1f, 0x0f, 0x07 };
	uint32_t cp = s[0] & lead_bits[len];
	size_t i;

	for (i = 1; i < len; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	return cp;
}

/*
 * Length of the UTF-8 sequence at s (n bytes left) if it is printable
 * text, 0 if not: invalid, overlong, a surrogate, a C1 control
 * (U+0080..U+009F), which terminals act on like the C0 ones, or one of
 * the hidden characters above.
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len = utf8_valid_len(s, n);
	uint32_t cp;

	if (!len)
		return 0;
	cp = utf8_decode(s, len);
	if (bsearch(&cp, hidden, ARRAY_SIZE(hidden), sizeof(hidden[0]), cp_range_cmp))
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
