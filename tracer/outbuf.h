/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_OUTBUF_H
#define SCTRACE_OUTBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outfile.h"

/*
 * Asked while a write blocks (a pipe nobody reads): tick(arg, true)
 * makes the write return now and then, and give_up(arg, stalled) then
 * says whether to stop writing, the output failed with ECANCELED;
 * stalled: not a byte went since the last tick.
 */
struct outbuf_guard {
	void (*tick)(void *arg, bool on);
	bool (*give_up)(void *arg, bool stalled);
	void *arg;
};

/*
 * Text output assembled in one large block and written with write(2):
 * tracing a million calls must not cost a million stdio calls.
 * fd < 0 keeps everything in memory (unit tests read .buf directly).
 */
struct outbuf {
	char *buf;
	size_t len;
	size_t cap;
	int fd;
	int error;	/* first errno of a failed write, 0 if none */
	uint64_t flushed;	/* bytes handed to write(2) so far, to count columns */
	const struct outbuf_guard *guard;	/* or NULL: a write waits for ever */
};

int outbuf_init(struct outbuf *ob, int fd, size_t cap);

/* Bytes written into ob since it was made: where the next one goes. */
static inline uint64_t outbuf_pos(const struct outbuf *ob)
{
	return ob->flushed + ob->len;
}

/* Where the trace goes, and what it must not overwrite. */
struct trace_dest {
	const char *path;		/* NULL: stderr */
	bool append;			/* -A */
	const struct outfile_keep *keep;
	size_t nr_keep;
};

int outbuf_open_trace(struct outbuf *ob, const struct trace_dest *dest, size_t cap);
void outbuf_close_trace(struct outbuf *ob);
void outbuf_free(struct outbuf *ob);
int outbuf_flush(struct outbuf *ob);
void outbuf_putc(struct outbuf *ob, char c);
void outbuf_puts(struct outbuf *ob, const char *s);
/* s in a column WIDTH wide (wider if s is), left- or right-aligned. */
void outbuf_padded(struct outbuf *ob, const char *s, size_t width, bool left);
void outbuf_write(struct outbuf *ob, const char *s, size_t len);
void outbuf_u64(struct outbuf *ob, uint64_t v);
void outbuf_s64(struct outbuf *ob, int64_t v);
void outbuf_hex(struct outbuf *ob, uint64_t v);
void outbuf_oct(struct outbuf *ob, uint64_t v);
void outbuf_fraction(struct outbuf *ob, uint64_t ns, unsigned int digits);
void outbuf_seconds_to(struct outbuf *ob, uint64_t ns, unsigned int digits);
void outbuf_seconds(struct outbuf *ob, uint64_t ns);
/* A name or path from the traced program or a file, as escape.h shows it. */
void outbuf_escaped(struct outbuf *ob, const char *s, size_t n, char quote);

#endif
