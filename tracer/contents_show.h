/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONTENTS_SHOW_H
#define SCTRACE_CONTENTS_SHOW_H

#include <stdbool.h>
#include <stdint.h>

#include "outbuf.h"
#include "sct_event.h"
#include "syscalls.h"
#include "vwriter.h"

/* What one argument's line needs: its record side, and the call's result. */
struct ct_arg_view {
	const struct ct_blob *rec;	/* the enter's or the exit's, by its kind */
	const struct ct_blob *exit;	/* the exit's, for a kind shown from both */
	int index;			/* the argument's position */
	unsigned long val;		/* its value: the pointer */
	bool returned;			/* the exit is known */
	long ret;
};

bool contents_read_at_exit(enum content_kind kind);
bool contents_wait_exit(enum content_kind kind);
bool contents_shown(enum content_kind kind, const struct ct_arg_view *v);
bool contents_pick(enum content_kind kind, const struct ct_blob *enter,
		   const struct ct_blob *exit, struct ct_arg_view *v);
bool contents_show(struct vwriter *w, enum content_kind kind, const struct ct_arg_view *v);
bool contents_has_after(enum content_kind kind, const struct ct_arg_view *v);
bool contents_after_named(enum content_kind kind);
void contents_show_after(struct vwriter *w, enum content_kind kind,
			 const struct ct_arg_view *v);
/* A buffer of data as read: its first len bytes; whole: an iovec's length. */
struct ct_chunk {
	const unsigned char *bytes;
	size_t len;
	uint64_t whole;
	bool cut;	/* there was more than len */
};

bool contents_data_chunk(enum content_kind kind, const struct ct_blob *rec, int arg,
			 unsigned int n, struct ct_chunk *c);
size_t contents_received_fds(const struct ct_blob *rec, int arg, int *fds, size_t max);
bool ct_record_items_fit(const unsigned char *data, uint32_t size);
bool ct_blob_nr(const struct ct_blob *b, long *nr, bool *at_exit);
bool ct_blob_unread(const struct ct_blob *b, int arg);
void ct_blob_args(const struct ct_blob *b, unsigned long *args);
bool ct_blob_subcall(const struct ct_blob *b, long *nr, unsigned long *args);

#endif
