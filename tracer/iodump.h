/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_IODUMP_H
#define SCTRACE_IODUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"

/*
 * strace's -e read=FDS and -e write=FDS: the data read from or written
 * to those fds, dumped in hex after the call's line.
 */
#define IODUMP_FD_MAX 4096	/* fds named one by one: 0 to this - 1 */

struct iodump_fds {
	uint64_t bits[IODUMP_FD_MAX / 64];
	bool inverted;		/* "!" or all: every fd but those in bits */
};

int iodump_parse(const char *list, struct iodump_fds *fds, char *bad, size_t len);

static inline bool iodump_has(const struct iodump_fds *fds, long fd)
{
	bool named = fd >= 0 && fd < IODUMP_FD_MAX && (fds->bits[fd / 64] >> (fd % 64) & 1);

	return fd >= 0 && named != fds->inverted;
}

static inline bool iodump_any(const struct iodump_fds *fds)
{
	size_t i;

	if (fds->inverted)
		return true;
	for (i = 0; i < IODUMP_FD_MAX / 64; i++)
		if (fds->bits[i])
			return true;
	return false;
}

void iodump_hex(struct outbuf *ob, const unsigned char *bytes, size_t len);
void iodump_buffer(struct outbuf *ob, uint64_t len, unsigned int index);
void iodump_uncaptured(struct outbuf *ob, uint64_t len);

#endif
