/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_VWRITER_H
#define SCTRACE_VWRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hexquote.h"
#include "outbuf.h"
#include "xlat.h"

/*
 * What a pointer argument points to, written once and printed three ways:
 * as sctrace writes it ({st_mode: S_IFREG|0644, st_size: 3, ...}, "x"...),
 * as strace does ({st_mode=S_IFREG|0644, st_size=3, ...})
 * or as JSON ({"st_mode":"S_IFREG|0644","st_size":3}, "x"). The shape
 * calls (structs, lists, keys, values) are the same for both.
 */
#define VW_DEPTH_MAX 8

struct vwriter {
	struct outbuf *ob;
	bool json;
	enum hex_strings hex;	/* text: -x, -xx (set after vw_init) */
	bool strace;		/* text: fields as strace writes them, "name=value" (set after vw_init) */
	uint64_t symbol_at;	/* where the symbolic value being written starts */
	bool verbose;		/* -v: structures whole, as strace -v (set after vw_init) */
	bool cut;		/* something shown was cut: -s, or a list's end */
	bool unreadable;	/* an element could not be read: its address is shown */
	bool after_key;		/* the next value follows its key */
	unsigned int depth;
	bool has_items[VW_DEPTH_MAX];
};

void vw_init(struct vwriter *w, struct outbuf *ob, bool json);
void vw_begin_struct(struct vwriter *w);
/* more: fields left out (text shows ", ..."; JSON leaves them out) */
void vw_end_struct(struct vwriter *w, bool more);
void vw_begin_list(struct vwriter *w);
/* more: elements left out (", ..."; in JSON it sets cut) */
void vw_end_list(struct vwriter *w, bool more);
void vw_key(struct vwriter *w, const char *name);
void vw_s64(struct vwriter *w, int64_t v);
void vw_u64(struct vwriter *w, uint64_t v);
/* An address: hex in text, a "0x..." string in JSON (json_addr). */
void vw_addr(struct vwriter *w, uint64_t v);
/* A number strace shows in hex (a magic, a size): a number in JSON. */
void vw_hex(struct vwriter *w, uint64_t v);
/*
 * A value the kernel read and wrote back: [16 => 2] in text, [16] if it
 * did not change; {"in":16,"out":2} in JSON.
 */
void vw_in_out(struct vwriter *w, int64_t in, int64_t out);
/* An element that could not be read: its address, and unreadable is set. */
void vw_unreadable(struct vwriter *w, uint64_t addr);
/* Bytes: a C-escaped "..." in text; a JSON string, byte by byte. */
void vw_bytes(struct vwriter *w, const unsigned char *s, size_t len, bool cut);
/* An abstract socket name: @"name" in text; in JSON its bytes after a NUL. */
void vw_abstract(struct vwriter *w, const unsigned char *s, size_t len);
/*
 * A symbolic value (S_IFREG|0644, POLLIN, AF_UNIX): written between
 * these two into w->ob directly; it never holds a quote or a backslash.
 */
void vw_symbol_begin(struct vwriter *w);
void vw_symbol_end(struct vwriter *w);
void vw_symbol(struct vwriter *w, const char *text);
/*
 * Flags as strace writes them, a symbolic value: each entry whose bits
 * are all set, then what none explains in hex; 0 alone.
 */
void vw_flags(struct vwriter *w, const struct symbol *table, size_t nr, unsigned long v);

#endif
