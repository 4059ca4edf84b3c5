// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "json.h"
#include "line_style.h"
#include "vwriter.h"

void vw_init(struct vwriter *w, struct outbuf *ob, bool json)
{
	memset(w, 0, sizeof(*w));
	w->ob = ob;
	w->json = json;
}

/* Before a value or a key: the separator from the previous item. */
static void item(struct vwriter *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->has_items[w->depth])
		outbuf_puts(w->ob, w->json ? "," : ", ");
	w->has_items[w->depth] = true;
}

static void open_level(struct vwriter *w, char c)
{
	item(w);
	outbuf_putc(w->ob, c);
	if (w->depth + 1 < VW_DEPTH_MAX)
		w->depth++;
	w->has_items[w->depth] = false;
}

static void close_level(struct vwriter *w, char c, bool more)
{
	if (more && !w->json)
		outbuf_puts(w->ob, w->has_items[w->depth] ? ", ..." : "...");
	outbuf_putc(w->ob, c);
	if (w->depth)
		w->depth--;
}

void vw_begin_struct(struct vwriter *w)
{
	open_level(w, '{');
}

void vw_end_struct(struct vwriter *w, bool more)
{
	close_level(w, '}', more);
}

void vw_begin_list(struct vwriter *w)
{
	open_level(w, '[');
}

void vw_end_list(struct vwriter *w, bool more)
{
	if (more)
		w->cut = true;
	close_level(w, ']', more);
}

void vw_key(struct vwriter *w, const char *name)
{
	item(w);
	if (w->json) {
		outbuf_putc(w->ob, '"');
		outbuf_puts(w->ob, name);
		outbuf_puts(w->ob, "\":");
	} else {
		outbuf_puts(w->ob, name);
		outbuf_puts(w->ob, w->strace ? "=" : ": ");
	}
	w->after_key = true;
}

void vw_s64(struct vwriter *w, int64_t v)
{
	item(w);
	outbuf_s64(w->ob, v);
}

void vw_u64(struct vwriter *w, uint64_t v)
{
	item(w);
	outbuf_u64(w->ob, v);
}

void vw_addr(struct vwriter *w, uint64_t v)
{
	item(w);
	if (w->json)
		json_addr(w->ob, v);
	else
		outbuf_hex(w->ob, v);
}

void vw_hex(struct vwriter *w, uint64_t v)
{
	item(w);
	if (w->json)
		outbuf_u64(w->ob, v);
	else
		outbuf_hex(w->ob, v);
}

void vw_in_out(struct vwriter *w, int64_t in, int64_t out)
{
	item(w);
	if (w->json) {
		outbuf_puts(w->ob, "{\"in\":");
		outbuf_s64(w->ob, in);
		outbuf_puts(w->ob, ",\"out\":");
		outbuf_s64(w->ob, out);
		outbuf_putc(w->ob, '}');
		return;
	}
	outbuf_putc(w->ob, '[');
	outbuf_s64(w->ob, in);
	if (out != in) {
		outbuf_puts(w->ob, " => ");
		outbuf_s64(w->ob, out);
	}
	outbuf_putc(w->ob, ']');
}

/* As strace writes strings: C escapes, octal for other non-printables. */
static void put_c_escaped(struct outbuf *ob, const unsigned char *s, size_t len)
{
	static const char escapes[] = "\"\"\\\\\nn\tt\rr\vv\ff";
	const char *e;
	size_t i;

	outbuf_putc(ob, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		e = c ? memchr(escapes, c, sizeof(escapes) - 1) : NULL;
		if (e && (e - escapes) % 2 == 0) {
			outbuf_putc(ob, '\\');
			outbuf_putc(ob, e[1]);
		} else if (c >= 0x20 && c < 0x7f) {
			outbuf_putc(ob, c);
		} else {
			bool digit_next = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7';

			outbuf_putc(ob, '\\');
			if (digit_next || c >= 0100)
				outbuf_putc(ob, '0' + (c >> 6));
			if (digit_next || c >= 010)
				outbuf_putc(ob, '0' + ((c >> 3) & 7));
			outbuf_putc(ob, '0' + (c & 7));
		}
	}
	outbuf_putc(ob, '"');
}

/* A string of the text trace: C-escaped, or in hex as -x and -xx ask. */
static void put_text_string(struct vwriter *w, const unsigned char *s, size_t len)
{
	if (hexquote_wanted(w->hex, s, len))
		hexquote_put(w->ob, s, len);
	else
		put_c_escaped(w->ob, s, len);
}

void vw_unreadable(struct vwriter *w, uint64_t addr)
{
	vw_addr(w, addr);
	w->unreadable = true;
}

void vw_bytes(struct vwriter *w, const unsigned char *s, size_t len, bool cut)
{
	item(w);
	if (w->json) {
		outbuf_putc(w->ob, '"');
		json_bytes_body(w->ob, s, len);
		outbuf_putc(w->ob, '"');
	} else {
		put_text_string(w, s, len);
		if (cut)
			outbuf_puts(w->ob, "...");
	}
	if (cut)
		w->cut = true;
}

void vw_abstract(struct vwriter *w, const unsigned char *s, size_t len)
{
	item(w);
	if (w->json) {
		outbuf_puts(w->ob, "\"\\u0000");
		json_bytes_body(w->ob, s, len);
		outbuf_putc(w->ob, '"');
		return;
	}
	outbuf_putc(w->ob, '@');
	put_text_string(w, s, len);
}

void vw_symbol_begin(struct vwriter *w)
{
	item(w);
	if (w->json)
		outbuf_putc(w->ob, '"');
	w->symbol_at = outbuf_pos(w->ob);
}

void vw_symbol_end(struct vwriter *w)
{
	if (w->json)
		outbuf_putc(w->ob, '"');
	else if (w->strace)
		line_style_reorder_since(w->ob, w->symbol_at);
}

void vw_symbol(struct vwriter *w, const char *text)
{
	vw_symbol_begin(w);
	outbuf_puts(w->ob, text);
	vw_symbol_end(w);
}

void vw_flags(struct vwriter *w, const struct symbol *table, size_t nr, unsigned long v)
{
	unsigned long rest = v;
	bool any = false;
	size_t i;

	vw_symbol_begin(w);
	for (i = 0; i < nr; i++) {
		if ((v & table[i].value) != table[i].value)
			continue;
		outbuf_puts(w->ob, any ? "|" : "");
		outbuf_puts(w->ob, table[i].name);
		rest &= ~table[i].value;
		any = true;
	}
	if (rest || !any) {
		outbuf_puts(w->ob, any ? "|" : "");
		if (rest)
			outbuf_hex(w->ob, rest);
		else
			outbuf_putc(w->ob, '0');
	}
	vw_symbol_end(w);
}
