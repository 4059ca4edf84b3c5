// SPDX-License-Identifier: GPL-2.0
/*
 * strace's -e read=FDS and -e write=FDS: after the line of a call that
 * moves data through one of those fds, the data in hex (iodump.c), from
 * what the contents program read of it.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "contents_show.h"
#include "format.h"
#include "iodump.h"
#include "printer_dump.h"

/* The calls strace dumps: the fd is their first argument, the data their second. */
struct dump_call {
	const char *name;
	bool write;		/* -e write='s; else read='s */
};

static const struct dump_call dump_calls[] = {
	{ "pread64", false },
	{ "preadv", false },
	{ "preadv2", false },
	{ "pwrite64", true },
	{ "pwritev", true },
	{ "pwritev2", true },
	{ "read", false },
	{ "readv", false },
	{ "recv", false },
	{ "recvfrom", false },
	{ "send", true },
	{ "sendto", true },
	{ "write", true },
	{ "writev", true },
};

static int dump_call_cmp(const void *a, const void *b)
{
	return strcmp(((const struct dump_call *)a)->name, ((const struct dump_call *)b)->name);
}

/* The data argument, and how much strace dumps of it: total bytes. */
#define DATA_ARG 1
#define COUNT_ARG 2

static void dump_bytes(struct outbuf *ob, const struct ct_chunk *c, uint64_t total)
{
	size_t shown = c->len < total ? c->len : total;

	iodump_hex(ob, c->bytes, shown);
	if (total > shown)
		iodump_uncaptured(ob, total - shown);
}

/* Each iovec, up to total bytes over them all, as strace's " * N bytes in buffer K". */
static void dump_iovecs(struct outbuf *ob, enum content_kind kind, const struct ct_blob *rec,
			uint64_t total)
{
	struct ct_chunk c;
	unsigned int n;

	for (n = 0; total && contents_data_chunk(kind, rec, DATA_ARG, n, &c); n++) {
		uint64_t len = c.whole < total ? c.whole : total;

		iodump_buffer(ob, len, n);
		dump_bytes(ob, &c, len);
		total -= len;
	}
}

void pr_dump_io(struct printer *p, const struct thread_state *st,
		const struct syscall_desc *desc, long ret)
{
	const struct dump_call key = { desc->name, false }, *call;
	enum content_kind kind;
	const struct ct_blob *rec;
	struct ct_chunk c;
	uint64_t total;

	if (!p->cfg.dumps || desc->nr_args <= COUNT_ARG)
		return;
	call = bsearch(&key, dump_calls, ARRAY_SIZE(dump_calls), sizeof(*dump_calls),
		       dump_call_cmp);
	if (!call || !iodump_has(call->write ? &p->cfg.dump_write : &p->cfg.dump_read,
				 (int)st->args[0]))
		return;
	/* As strace: what a write was handed, even when it failed; what a read got. */
	if (!call->write && result_is_error(ret))
		return;
	kind = desc->args[DATA_ARG].content;
	rec = &st->ct[contents_read_at_exit(kind) ? CT_EXIT : CT_ENTER];
	if (kind == CK_IOV_IN || kind == CK_IOV_OUT) {
		dump_iovecs(p->out, kind, rec, call->write ? UINT64_MAX : (uint64_t)ret);
		return;
	}
	if (kind != CK_DATA_IN && kind != CK_DATA_OUT)
		return;
	total = call->write ? st->args[COUNT_ARG] : (uint64_t)ret;
	if (contents_data_chunk(kind, rec, DATA_ARG, 0, &c))
		dump_bytes(p->out, &c, total);
	else if (total)
		iodump_uncaptured(p->out, total);
}
