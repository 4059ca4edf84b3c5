// SPDX-License-Identifier: GPL-2.0
#include "beauty.h"
#include "constfmt.h"
#include "format.h"

/* The kinds beauty.c names; an open's mode is octal whatever -X says. */
/* ARG_XLONG is a number written in hex (mmap's offset): no constant to name. */
bool constfmt_applies(enum const_style style, enum arg_kind kind)
{
	return style != CONST_ABBREV && kind >= ARG_DIRFD && kind != ARG_OPEN_MODE &&
	       kind != ARG_XLONG && kind < ARG_KIND_COUNT;
}

static void print_hex(struct outbuf *ob, unsigned long v)
{
	if (v)
		outbuf_hex(ob, v);
	else
		outbuf_putc(ob, '0');
}

/* The value as strace -X raw writes it. */
static void print_raw(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	if (arg_kind_is_int(kind))
		val = (unsigned int)val;
	switch (kind) {
	case ARG_DIRFD:
		outbuf_s64(ob, (int)val);
		return;
	case ARG_SIGNAL:
		outbuf_u64(ob, val);
		return;
	case ARG_CLONE_FLAGS:
		/* The low byte is the signal sent to the parent at the exit. */
		if (val & ~0xfful || !(val & 0xff))
			print_hex(ob, val & ~0xfful);
		if ((val & ~0xfful) && (val & 0xff))
			outbuf_putc(ob, '|');
		if (val & 0xff)
			outbuf_u64(ob, val & 0xff);
		return;
	default:
		print_hex(ob, val);
	}
}

/* An fd is a number, not a constant: only AT_FDCWD has a name. */
static bool has_name(enum arg_kind kind, unsigned long val)
{
	return kind != ARG_DIRFD || (int)val < 0;
}

void constfmt_print(struct outbuf *ob, enum const_style style, enum arg_kind kind,
		    unsigned long val)
{
	struct outbuf names;

	print_raw(ob, kind, val);
	if (style != CONST_VERBOSE || !has_name(kind, val))
		return;
	/* In memory: the names, to be put in the comment. */
	if (outbuf_init(&names, -1, 64))
		return;
	beauty_print(&names, kind, val);
	outbuf_puts(ob, " /* ");
	outbuf_write(ob, names.buf, names.len);
	outbuf_puts(ob, " */");
	outbuf_free(&names);
}
