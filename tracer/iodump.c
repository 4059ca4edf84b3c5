// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "iodump.h"
#include "lists.h"

#define BYTES_PER_LINE 16

static int take_fd(const char *item, size_t n, struct iodump_fds *fds)
{
	char num[16];
	unsigned long fd;

	if (!n || n >= sizeof(num))
		return -EINVAL;
	memcpy(num, item, n);
	num[n] = '\0';
	/* count_parse takes 1 and up: 0 (stdin) is a fd too. */
	if (!strcmp(num, "0")) {
		fds->bits[0] |= 1;
		return 0;
	}
	if (count_parse(num, IODUMP_FD_MAX - 1, &fd))
		return -EINVAL;
	fds->bits[fd / 64] |= 1ull << (fd % 64);
	return 0;
}

/*
 * As strace's: fd numbers separated by commas, all, none, and "!" before
 * the list for every fd but those. On error bad holds the item.
 */
int iodump_parse(const char *list, struct iodump_fds *fds, char *bad, size_t len)
{
	const char *p = list;

	memset(fds, 0, sizeof(*fds));
	if (*p == '!') {
		fds->inverted = true;
		p++;
	}
	if (!strcmp(p, "all") || !strcmp(p, "none")) {
		fds->inverted ^= !strcmp(p, "all");
		return 0;
	}
	for (;;) {
		size_t n = strcspn(p, ",");

		if (take_fd(p, n, fds)) {
			snprintf(bad, len, "%.*s", (int)(n < 64 ? n : 64), p);
			return -EINVAL;
		}
		p += n;
		if (!*p++)
			return 0;
	}
}

static void put_hex_byte(struct outbuf *ob, unsigned char b)
{
	static const char digits[] = "0123456789abcdef";

	outbuf_putc(ob, digits[b >> 4]);
	outbuf_putc(ob, digits[b & 15]);
}

/* One line: " | 00010  73 20 ... 74  s is a test of t |". */
static void put_line(struct outbuf *ob, size_t offset, const unsigned char *bytes, size_t n)
{
	char offs[32];
	size_t i;

	snprintf(offs, sizeof(offs), " | %05zx  ", offset);
	outbuf_puts(ob, offs);
	for (i = 0; i < BYTES_PER_LINE; i++) {
		if (i < n)
			put_hex_byte(ob, bytes[i]);
		else
			outbuf_puts(ob, "  ");
		/* A second space between the two halves. */
		outbuf_puts(ob, i == BYTES_PER_LINE / 2 - 1 ? "  " : " ");
	}
	outbuf_putc(ob, ' ');
	for (i = 0; i < BYTES_PER_LINE; i++)
		outbuf_putc(ob, i >= n ? ' ' : bytes[i] >= 0x20 && bytes[i] < 0x7f ? bytes[i] : '.');
	outbuf_puts(ob, " |\n");
}

/* len bytes in strace's -e read=/write= lines, 16 a line. */
void iodump_hex(struct outbuf *ob, const unsigned char *bytes, size_t len)
{
	size_t off;

	for (off = 0; off < len; off += BYTES_PER_LINE)
		put_line(ob, off, bytes + off,
			 len - off < BYTES_PER_LINE ? len - off : BYTES_PER_LINE);
}

/* An iovec's head line, as strace's: " * 5 bytes in buffer 0". */
void iodump_buffer(struct outbuf *ob, uint64_t len, unsigned int index)
{
	outbuf_puts(ob, " * ");
	outbuf_u64(ob, len);
	outbuf_puts(ob, " bytes in buffer ");
	outbuf_u64(ob, index);
	outbuf_putc(ob, '\n');
}

/* What the contents program did not read (-s), said after what it did. */
void iodump_uncaptured(struct outbuf *ob, uint64_t len)
{
	outbuf_puts(ob, " * ");
	outbuf_u64(ob, len);
	outbuf_puts(ob, " more bytes not captured: -s sets how many are read, up to 4096\n");
}
