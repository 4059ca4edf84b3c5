// SPDX-License-Identifier: GPL-2.0
/*
 * Every byte value of a string argument, as text and as JSON, against
 * rules written here from the references, not from the code under test.
 */
#include "kselftest_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vwriter.h"

FIXTURE(out) {
	struct outbuf ob;
	struct vwriter w;
};

FIXTURE_SETUP(out)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 64));
}

FIXTURE_TEARDOWN(out)
{
	outbuf_free(&self->ob);
}

/* What was written since the last call, NUL-terminated. */
static const char *taken(FIXTURE_DATA(out) *self)
{
	outbuf_putc(&self->ob, '\0');
	self->ob.len = 0;
	return self->ob.buf;
}

/*
 * How strace 6.1 quotes byte c of a string argument by default, next the
 * byte after it (-1 at the end), as it was seen to do with every byte in
 * every such place (a program writing c then 'A', '7', '8' or nothing,
 * traced with strace -e trace=write): \t \n \v \f \r, \" and \\ for
 * those; printable ASCII (0x20-0x7e) as itself; every other byte in
 * octal with as few digits as it needs, three when an octal digit comes
 * next ("\0A", "\0007", "\08"). No \a, \b or \e; no UTF-8 as text.
 */
static void strace_quotes(int c, int next, char *out, size_t size)
{
	static const char named[] = "\tt\nn\vv\ff\rr\"\"\\\\";
	const char *e;

	for (e = named; *e; e += 2) {
		if (c == *e) {
			snprintf(out, size, "\\%c", e[1]);
			return;
		}
	}
	if (c >= 0x20 && c <= 0x7e)
		snprintf(out, size, "%c", c);
	else if (next >= '0' && next <= '7')
		snprintf(out, size, "\\%03o", c);
	else
		snprintf(out, size, "\\%o", c);
}

TEST_F(out, every_byte_in_every_place_is_quoted_as_strace_does)
{
	static const int nexts[] = { 'A', '7', '0', '8', -1 };
	char want[32], one[8];
	unsigned char s[2];
	size_t n;
	int c;

	for (c = 0; c < 256; c++) {
		for (n = 0; n < ARRAY_SIZE(nexts); n++) {
			size_t len = nexts[n] < 0 ? 1 : 2;

			s[0] = c;
			s[1] = nexts[n];
			strace_quotes(c, nexts[n], one, sizeof(one));
			snprintf(want, sizeof(want), "\"%s%.*s\"", one, (int)len - 1, (char *)s + 1);
			vw_init(&self->w, &self->ob, false);
			vw_bytes(&self->w, s, len, false);
			EXPECT_STREQ(want, taken(self)) TH_LOG("byte 0x%02x before %d", c, nexts[n]);
		}
	}
}

/*
 * strace -x, seen with every byte c in "A" c "7": the whole string as
 * \xNN when c is neither printable ASCII nor \t \n \v \f \r; -xx: always.
 */
TEST_F(out, x_and_xx_turn_strings_into_hex_as_strace_does)
{
	char want[64], plain[32], one[8];
	unsigned char s[3] = { 'A', 0, '7' };
	enum hex_strings mode;
	int c;

	for (c = 0; c < 256; c++) {
		bool text = (c >= 0x20 && c <= 0x7e) || strchr("\t\n\v\f\r", c);

		s[1] = c;
		strace_quotes(c, '7', one, sizeof(one));
		snprintf(plain, sizeof(plain), "\"A%s7\"", one);
		for (mode = HEX_NON_ASCII; mode <= HEX_ALL; mode++) {
			if (mode == HEX_NON_ASCII && text && c)
				snprintf(want, sizeof(want), "%s", plain);
			else
				snprintf(want, sizeof(want), "\"\\x41\\x%02x\\x37\"", c);
			vw_init(&self->w, &self->ob, false);
			self->w.hex = mode;
			vw_bytes(&self->w, s, sizeof(s), false);
			EXPECT_STREQ(want, taken(self)) TH_LOG("byte 0x%02x, mode %d", c, mode);
		}
	}
}

TEST_F(out, a_cut_string_ends_in_dots_after_its_quote)
{
	vw_init(&self->w, &self->ob, false);
	vw_bytes(&self->w, (const unsigned char *)"\0011", 2, true);
	EXPECT_STREQ("\"\\0011\"...", taken(self));
	EXPECT_TRUE(self->w.cut);
}

/*
 * JSON (RFC 8259): whatever the bytes, the string must parse, and each
 * byte must come back as the code point of the same value (U+0000 to
 * U+00FF: the bytes, not a guess at their encoding; invalid UTF-8
 * included). Parsed by python3's json, not by anything of ours.
 */
#define PYTHON "/usr/bin/python3"
#define ROUND_TRIP "import json, sys\n" \
	"for line in sys.stdin:\n" \
	"    print(' '.join(str(ord(ch)) for ch in json.loads(line)))\n"

/* The sequences written, one JSON string per line, in out. */
static void write_cases(FIXTURE_DATA(out) *self, const unsigned char (*cases)[8],
			const size_t *lens, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		vw_init(&self->w, &self->ob, true);
		vw_bytes(&self->w, cases[i], lens[i], false);
		outbuf_putc(&self->ob, '\n');
	}
}

TEST_F(out, json_strings_parse_and_give_back_every_byte)
{
	/* Each byte alone, then invalid and overlong UTF-8, a surrogate, a C1 control. */
	static const unsigned char odd[][8] = {
		{ 0xc3, 0x28 }, { 0xa0, 0xa1 }, { 0xe2, 0x28, 0xa1 }, { 0xf0, 0x28, 0x8c, 0x28 },
		{ 0xc0, 0xaf }, { 0xed, 0xa0, 0x80 }, { 0xc2, 0x85 }, { 0xf4, 0x90, 0x80, 0x80 },
		{ 0xe2, 0x82, 0xac }, { 0x00, '"', '\\', '/', 0x7f },
	};
	static const size_t odd_lens[] = { 2, 2, 3, 4, 2, 3, 2, 4, 3, 5 };
	static unsigned char bytes[256 + ARRAY_SIZE(odd)][8];
	static size_t lens[256 + ARRAY_SIZE(odd)];
	char path[] = "/tmp/test_vwriter.XXXXXX", cmd[256], line[64], want[64];
	size_t i, j, nr = 0;
	FILE *answers;
	int fd;

	if (access(PYTHON, X_OK))
		SKIP(return, "no " PYTHON " here (a guest): JSON is parsed on the host only");
	for (i = 0; i < 256; i++) {
		bytes[nr][0] = i;
		lens[nr++] = 1;
	}
	for (i = 0; i < ARRAY_SIZE(odd); i++) {
		memcpy(bytes[nr], odd[i], sizeof(odd[i]));
		lens[nr++] = odd_lens[i];
	}
	write_cases(self, bytes, lens, nr);
	fd = mkstemp(path);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)self->ob.len, write(fd, self->ob.buf, self->ob.len));
	close(fd);
	self->ob.len = 0;
	setenv("ROUND_TRIP", ROUND_TRIP, 1);
	snprintf(cmd, sizeof(cmd), PYTHON " -c \"$ROUND_TRIP\" < %s", path);
	answers = popen(cmd, "r");
	ASSERT_NE(NULL, answers);
	for (i = 0; i < nr; i++) {
		size_t used = 0;

		for (j = 0; j < lens[i]; j++)
			used += snprintf(want + used, sizeof(want) - used, "%s%u",
					 j ? " " : "", bytes[i][j]);
		ASSERT_NE(NULL, fgets(line, sizeof(line), answers)) TH_LOG("case %zu: no answer", i);
		line[strcspn(line, "\n")] = '\0';
		EXPECT_STREQ(want, line) TH_LOG("case %zu", i);
	}
	EXPECT_EQ(NULL, fgets(line, sizeof(line), answers));
	EXPECT_EQ(0, pclose(answers));
	unlink(path);
}

TEST_HARNESS_MAIN
