// SPDX-License-Identifier: GPL-2.0
/* escape.h's rules, for messages (escape_str) and the trace (outbuf_escaped). */
#include <string.h>

#include "kselftest_harness.h"

#include "escape.h"
#include "outbuf.h"

static const char *shown(char *buf, size_t size, const char *s)
{
	return escape_str(buf, size, s);
}

TEST(text_and_utf8_show_as_themselves)
{
	char buf[64];

	EXPECT_STREQ("read x:y/z 'q' \"w\"", shown(buf, sizeof(buf), "read x:y/z 'q' \"w\""));
	/* é, U+00A0 (the first after the C1 block), €, an emoji. */
	EXPECT_STREQ("\xc3\xa9\xc2\xa0\xe2\x82\xac\xf0\x9f\x98\x80",
		     shown(buf, sizeof(buf), "\xc3\xa9\xc2\xa0\xe2\x82\xac\xf0\x9f\x98\x80"));
}

TEST(c0_controls_backslash_and_del_are_escaped)
{
	char buf[64];

	EXPECT_STREQ("a\\nb\\tc\\\\d\\x01\\x1b[2J\\x7f",
		     shown(buf, sizeof(buf), "a\nb\tc\\d\x01\x1b[2J\x7f"));
}

TEST(c1_controls_are_escaped_byte_by_byte)
{
	char buf[64];

	/* U+0080, U+0085 (NEL, a line break to some terminals), U+009B (CSI). */
	EXPECT_STREQ("\\xc2\\x80|\\xc2\\x85|\\xc2\\x9b[2J",
		     shown(buf, sizeof(buf), "\xc2\x80|\xc2\x85|\xc2\x9b[2J"));
}

TEST(characters_that_reorder_or_hide_text_are_escaped_byte_by_byte)
{
	static const char *const hidden[][2] = {
		{ "\xd8\x9c", "\\xd8\\x9c" },			/* U+061C */
		{ "\xe2\x80\x8b", "\\xe2\\x80\\x8b" },	/* U+200B */
		{ "\xe2\x80\x8d", "\\xe2\\x80\\x8d" },	/* U+200D */
		{ "\xe2\x80\x8e", "\\xe2\\x80\\x8e" },	/* U+200E */
		{ "\xe2\x80\x8f", "\\xe2\\x80\\x8f" },	/* U+200F */
		{ "\xe2\x80\xa8", "\\xe2\\x80\\xa8" },	/* U+2028 */
		{ "\xe2\x80\xa9", "\\xe2\\x80\\xa9" },	/* U+2029 */
		{ "\xe2\x80\xaa", "\\xe2\\x80\\xaa" },	/* U+202A */
		{ "\xe2\x80\xae", "\\xe2\\x80\\xae" },	/* U+202E */
		{ "\xe2\x81\xa0", "\\xe2\\x81\\xa0" },	/* U+2060 */
		{ "\xe2\x81\xa6", "\\xe2\\x81\\xa6" },	/* U+2066 */
		{ "\xe2\x81\xa9", "\\xe2\\x81\\xa9" },	/* U+2069 */
		{ "\xef\xbb\xbf", "\\xef\\xbb\\xbf" },	/* U+FEFF */
	};
	char buf[64];
	size_t i;

	for (i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		EXPECT_STREQ(hidden[i][1], shown(buf, sizeof(buf), hidden[i][0]));
	/* Their neighbours show as themselves: U+061B, U+200A, U+2010, U+2027, U+202F, U+2061, U+206A. */
	EXPECT_STREQ("\xd8\x9b\xe2\x80\x8a\xe2\x80\x90\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa1\xe2\x81\xaa",
		     shown(buf, sizeof(buf), "\xd8\x9b\xe2\x80\x8a\xe2\x80\x90\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa1\xe2\x81\xaa"));
}

/*
 * Every byte alone, by escape.h's rule written out again here: printable
 * ASCII but the backslash as itself; \\, \n, \t; every other byte as
 * \xNN (a byte of 0x80 or more is never a whole UTF-8 sequence alone).
 */
TEST(every_byte_alone)
{
	char want[8], out[ESCAPE_CHAR_MAX];
	int c;

	for (c = 0; c < 256; c++) {
		char in = (char)c;

		if (c == '\\' || c == '\n' || c == '\t')
			snprintf(want, sizeof(want), "\\%c", c == '\\' ? '\\' : c == '\n' ? 'n' : 't');
		else if (c >= 0x20 && c <= 0x7e)
			snprintf(want, sizeof(want), "%c", c);
		else
			snprintf(want, sizeof(want), "\\x%02x", c);
		EXPECT_EQ(1, escape_char(&in, 1, out)) TH_LOG("byte 0x%02x", c);
		EXPECT_STREQ(want, out) TH_LOG("byte 0x%02x", c);
	}
}

/*
 * Every two-byte sequence (RFC 3629: lead C2-DF, then 80-BF) with every
 * second byte: text from U+00A0 on, the C1 controls (C2 80-9F), U+061C
 * and anything else escaped byte by byte.
 */
TEST(every_two_byte_sequence)
{
	char want[16], out[ESCAPE_CHAR_MAX], in[2];
	int lead, next;

	for (lead = 0xc2; lead <= 0xdf; lead++) {
		for (next = 0; next < 256; next++) {
			/* U+061C (D8 9C), a bidi control, is escaped too. */
			bool text = next >= 0x80 && next <= 0xbf && !(lead == 0xc2 && next < 0xa0) &&
				    !(lead == 0xd8 && next == 0x9c);

			in[0] = (char)lead;
			in[1] = (char)next;
			if (text)
				snprintf(want, sizeof(want), "%c%c", lead, next);
			else
				snprintf(want, sizeof(want), "\\x%02x", lead);
			EXPECT_EQ(text ? 2 : 1, escape_char(in, 2, out)) TH_LOG("%02x %02x", lead, next);
			EXPECT_STREQ(want, out) TH_LOG("%02x %02x", lead, next);
		}
	}
}

TEST(bytes_that_are_not_utf8_are_escaped)
{
	char buf[64];

	/* A lone continuation, a cut sequence, overlong, a surrogate, past U+10FFFF. */
	EXPECT_STREQ("\\x80|\\xe2\\x82|\\xc0\\xaf|\\xed\\xa0\\x80|\\xf4\\x90\\x80\\x80",
		     shown(buf, sizeof(buf), "\x80|\xe2\x82|\xc0\xaf|\xed\xa0\x80|\xf4\x90\x80\x80"));
}

TEST(what_does_not_fit_ends_in_dots)
{
	char buf[8];

	/* All that fits is kept whole; the dots only mark a cut. */
	EXPECT_STREQ("abcdefg", shown(buf, sizeof(buf), "abcdefg"));
	EXPECT_STREQ("abcd...", shown(buf, sizeof(buf), "abcdefgh"));
	/* An escape is never cut in half. */
	EXPECT_STREQ("ab\\x01", shown(buf, sizeof(buf), "ab\x01"));
	EXPECT_STREQ("ab...", shown(buf, sizeof(buf), "ab\x01\x02"));
}

FIXTURE(out) {
	struct outbuf ob;
};

FIXTURE_SETUP(out)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 16));
}

FIXTURE_TEARDOWN(out)
{
	outbuf_free(&self->ob);
}

static const char *text(FIXTURE_DATA(out) *self)
{
	outbuf_putc(&self->ob, '\0');
	self->ob.len = 0;
	return self->ob.buf;
}

TEST_F(out, a_name_cannot_break_the_line)
{
	const char name[] = "x\n+++ exited with 0 +++\xc2\x85\x1b";

	outbuf_escaped(&self->ob, name, sizeof(name) - 1, 0);
	EXPECT_STREQ("x\\n+++ exited with 0 +++\\xc2\\x85\\x1b", text(self));
}

TEST_F(out, the_quote_is_escaped_and_n_bounds_the_input)
{
	outbuf_escaped(&self->ob, "say \"hi\"\\", 9, '"');
	EXPECT_STREQ("say \\\"hi\\\"\\\\", text(self));
	/* A UTF-8 sequence cut by n is bytes, not text; NUL is a byte too. */
	outbuf_escaped(&self->ob, "\xc3\xa9\xc3\xa9", 3, 0);
	EXPECT_STREQ("\xc3\xa9\\xc3", text(self));
	outbuf_escaped(&self->ob, "a\0b", 3, 0);
	EXPECT_STREQ("a\\x00b", text(self));
}

TEST_HARNESS_MAIN
