// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "outbuf.h"
#include "outfile.h"

/* Where a buffer made with no room starts. */
#define OUTBUF_LINE 256

int outbuf_init(struct outbuf *ob, int fd, size_t cap)
{
	ob->buf = cap ? malloc(cap) : NULL;
	if (cap && !ob->buf)
		return -ENOMEM;
	ob->len = 0;
	ob->cap = cap;
	ob->fd = fd;
	ob->error = 0;
	ob->flushed = 0;
	ob->guard = NULL;
	return 0;
}

/*
 * Where a trace goes: path, created or truncated, stdout when it is "-"
 * (as for many tools: a pipe needs no name), or stderr when path is NULL;
 * never one of the keep files. Says what went wrong itself;
 * returns 0 or sctrace's exit status.
 */
int outbuf_open_trace(struct outbuf *ob, const struct trace_dest *dest, size_t cap)
{
	struct outfile_rules rules = { .mode = 0644, .keep = dest->keep,
				       .nr_keep = dest->nr_keep, .append = dest->append };
	const char *path = dest->path;
	int fd = STDERR_FILENO;
	char why[512];

	memset(ob, 0, sizeof(*ob));
	ob->fd = -1;
	if (path && !strcmp(path, "-")) {
		fd = STDOUT_FILENO;
	} else if (path) {
		fd = outfile_open(path, &rules, why, sizeof(why));
		if (fd < 0) {
			char shown[ESCAPE_MSG_SIZE];

			diag("cannot create output file '%s': %s",
			     escape_str(shown, sizeof(shown), path), why);
			return SCT_EXIT_OUTPUT;
		}
	}
	if (outbuf_init(ob, fd, cap)) {
		diag("out of memory for the output buffer");
		if (fd > STDERR_FILENO)
			close(fd);
		return SCT_EXIT_NO_MEMORY;
	}
	return 0;
}

/* The end of outbuf_open_trace's buffer: its file closed, stderr kept. */
void outbuf_close_trace(struct outbuf *ob)
{
	if (ob->fd > STDERR_FILENO)
		close(ob->fd);
	ob->fd = -1;
	outbuf_free(ob);
}

void outbuf_free(struct outbuf *ob)
{
	free(ob->buf);
	ob->buf = NULL;
}

/* A write cut short by a signal: whether the guard gives the output up. */
static void give_up(struct outbuf *ob, bool stalled)
{
	if (ob->guard && ob->guard->give_up(ob->guard->arg, stalled))
		ob->error = ECANCELED;
}

static void write_all(struct outbuf *ob)
{
	size_t done = 0;

	while (done < ob->len && !ob->error) {
		ssize_t n = write(ob->fd, ob->buf + done, ob->len - done);

		if (n < 0 && errno == EINTR) {
			give_up(ob, true);
			continue;
		}
		if (n <= 0) {
			ob->error = n < 0 ? errno : EIO;
			break;
		}
		done += n;
		if (done < ob->len)
			give_up(ob, false);
	}
}

int outbuf_flush(struct outbuf *ob)
{
	if (ob->fd < 0)
		return 0;
	if (ob->len && !ob->error) {
		if (ob->guard)
			ob->guard->tick(ob->guard->arg, true);
		write_all(ob);
		if (ob->guard)
			ob->guard->tick(ob->guard->arg, false);
	}
	ob->flushed += ob->len;
	ob->len = 0;
	return ob->error ? -ob->error : 0;
}

/* Make room for len bytes; in memory mode the buffer grows instead. */
/* Doubles the buffer (from one line, if it had none) until need fits. */
static bool outbuf_grow(struct outbuf *ob, size_t need)
{
	size_t cap = ob->cap ? ob->cap : OUTBUF_LINE;
	char *bigger;

	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			goto out_nomem;
		cap *= 2;
	}
	bigger = realloc(ob->buf, cap);
	if (!bigger)
		goto out_nomem;
	ob->buf = bigger;
	ob->cap = cap;
	return true;
out_nomem:
	ob->error = ENOMEM;
	return false;
}

static char *outbuf_room(struct outbuf *ob, size_t len)
{
	if (ob->len + len <= ob->cap)
		return ob->buf + ob->len;
	if (ob->fd >= 0) {
		outbuf_flush(ob);
		if (len <= ob->cap)
			return ob->buf;
	}
	return outbuf_grow(ob, ob->len + len) ? ob->buf + ob->len : NULL;
}

void outbuf_write(struct outbuf *ob, const char *s, size_t len)
{
	char *dst;

	if (!len)
		return;
	dst = outbuf_room(ob, len);
	if (!dst)
		return;
	memcpy(dst, s, len);
	ob->len += len;
}

void outbuf_putc(struct outbuf *ob, char c)
{
	outbuf_write(ob, &c, 1);
}

void outbuf_puts(struct outbuf *ob, const char *s)
{
	outbuf_write(ob, s, strlen(s));
}

void outbuf_padded(struct outbuf *ob, const char *s, size_t width, bool left)
{
	size_t len = strlen(s);

	if (left)
		outbuf_puts(ob, s);
	for (; len < width; len++)
		outbuf_putc(ob, ' ');
	if (!left)
		outbuf_puts(ob, s);
}

/* Digits are produced backwards into a small stack buffer, then copied. */
static void outbuf_radix(struct outbuf *ob, uint64_t v, unsigned int base)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[24];
	char *p = tmp + sizeof(tmp);

	do {
		*--p = digits[v % base];
		v /= base;
	} while (v);
	outbuf_write(ob, p, tmp + sizeof(tmp) - p);
}

void outbuf_u64(struct outbuf *ob, uint64_t v)
{
	outbuf_radix(ob, v, 10);
}

void outbuf_s64(struct outbuf *ob, int64_t v)
{
	if (v < 0) {
		outbuf_putc(ob, '-');
		outbuf_radix(ob, -(uint64_t)v, 10);
		return;
	}
	outbuf_radix(ob, v, 10);
}

void outbuf_hex(struct outbuf *ob, uint64_t v)
{
	outbuf_write(ob, "0x", 2);
	outbuf_radix(ob, v, 16);
}

/* As strace writes a mode, "%#03o": 0 then at least two digits (000, 004, 0644). */
void outbuf_oct(struct outbuf *ob, uint64_t v)
{
	outbuf_putc(ob, '0');
	if (v < 010)
		outbuf_putc(ob, '0');
	if (!v)
		outbuf_putc(ob, '0');
	else
		outbuf_radix(ob, v, 8);
}

/* The first digits (up to 9) of ns's fraction of a second: "000345". */
void outbuf_fraction(struct outbuf *ob, uint64_t ns, unsigned int digits)
{
	uint64_t part = ns % 1000000000;
	char text[9];
	unsigned int i;

	if (digits > sizeof(text))
		digits = sizeof(text);
	for (i = digits; i < sizeof(text); i++)
		part /= 10;
	for (i = digits; i > 0; i--, part /= 10)
		text[i - 1] = '0' + part % 10;
	outbuf_write(ob, text, digits);
}

/* Nanoseconds as seconds with digits of fraction: "12", "12.000345". */
void outbuf_seconds_to(struct outbuf *ob, uint64_t ns, unsigned int digits)
{
	outbuf_u64(ob, ns / 1000000000);
	if (!digits)
		return;
	outbuf_putc(ob, '.');
	outbuf_fraction(ob, ns, digits);
}

/* Nanoseconds as seconds with microseconds: "12.000345". */
void outbuf_seconds(struct outbuf *ob, uint64_t ns)
{
	outbuf_seconds_to(ob, ns, 6);
}

/* n bytes of s escaped as escape_char shows them, and quote (if not 0) as \quote. */
void outbuf_escaped(struct outbuf *ob, const char *s, size_t n, char quote)
{
	char one[ESCAPE_CHAR_MAX];
	size_t plain;

	while (n) {
		for (plain = 0; plain < n && escape_plain(s[plain]) && s[plain] != quote; plain++)
			;
		outbuf_write(ob, s, plain);
		s += plain;
		n -= plain;
		if (!n)
			return;
		if (quote && *s == quote) {
			outbuf_putc(ob, '\\');
			outbuf_putc(ob, quote);
			s++;
			n--;
			continue;
		}
		plain = escape_char(s, n, one);
		outbuf_puts(ob, one);
		s += plain;
		n -= plain;
	}
}
