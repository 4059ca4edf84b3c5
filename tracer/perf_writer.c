// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "compiler.h"
#include "perf_writer.h"
#include "perfdata.h"

#define WRITER_BUF ((size_t)256 * 1024)

/*
 * Pipe mode: the stream goes to what stdout was; stdout itself becomes
 * stderr, so that the command, forked later, writes its output there
 * and not into the stream (perf record -o - does the same).
 */
static int open_pipe(struct perf_writer *w, char *why, size_t why_len)
{
	static const uint64_t header[2] = { PERF_MAGIC2, 16 };

	if (isatty(STDOUT_FILENO)) {
		snprintf(why, why_len, "standard output is a terminal; pipe it into perf (| perf script -i -) or give a file name");
		return -1;
	}
	w->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (w->fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		snprintf(why, why_len, "cannot take standard output: %s", strerror(errno));
		return -1;
	}
	w->pipe = true;
	if (write(w->fd, header, sizeof(header)) != sizeof(header)) {
		snprintf(why, why_len, "cannot write its header: %s", strerror(errno ?: ENOSPC));
		return -1;
	}
	return 0;
}

/*
 * A new recording at path, 0600 as perf writes them (they show every
 * argument of every call), an older file there made 0600 too; seekable,
 * since the header is written last. "-" is perf's pipe mode, to stdout.
 * On failure (-ENOMEM when memory ran out, else -1) why says what is
 * wrong and what to do.
 */
int perf_writer_open(struct perf_writer *w, const char *path,
		     const struct outfile_keep *keep, size_t nr_keep,
		     char *why, size_t why_len)
{
	struct outfile_rules rules = {
		.mode = 0600, .mode_always = true, .seekable = true,
		.keep = keep, .nr_keep = nr_keep,
	};
	/* perf's own shape until the end: no data size, no features yet. */
	struct perf_file_header placeholder = {
		.magic = PERF_MAGIC2, .size = sizeof(placeholder),
		.attr_size = sizeof(struct perf_file_attr),
		.data = { sizeof(placeholder), 0 },
	};

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	if (!strcmp(path, "-")) {
		if (open_pipe(w, why, why_len))
			return -1;
		goto out_buffer;
	}
	w->fd = outfile_open(path, &rules, why, why_len);
	if (w->fd < 0)
		return -1;
	/*
	 * Written at once, not buffered: a recording killed early still says
	 * what it is. The real header is written at the end, over this.
	 */
	if (write(w->fd, &placeholder, sizeof(placeholder)) != sizeof(placeholder)) {
		snprintf(why, why_len, "cannot write its header: %s",
			 strerror(errno ?: ENOSPC));
		return -1;
	}
out_buffer:
	if (outbuf_init(&w->out, w->fd, WRITER_BUF)) {
		snprintf(why, why_len, "out of memory for its buffer");
		return -ENOMEM;
	}
	return 0;
}

/* A record as the kernel wrote it, bytes unchanged. */
void perf_writer_record(struct perf_writer *w, const struct perf_event_header *hdr)
{
	outbuf_write(&w->out, (const char *)hdr, hdr->size);
	w->data_size += hdr->size;
	w->records++;
}

/* perf finishes a round when no later record may sort before it: after every read of all rings. */
void perf_writer_round(struct perf_writer *w)
{
	static const struct perf_event_header round = {
		.type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round),
	};

	if (w->records == w->round_start)
		return;
	perf_writer_record(w, &round);
	w->round_start = w->records;
}

/* Pipe mode's HEADER_ATTR: the attr and its ids; EVENT_DESC, sent after, names it. */
static int pipe_attr(struct perf_writer *w, const struct pw_attr *a)
{
	size_t size = sizeof(struct perf_event_header) + sizeof(a->attr) + a->nr_ids * 8;
	struct perf_event_header hdr = { .type = PERF_RECORD_HEADER_ATTR, .size = size };

	if (size > UINT16_MAX)
		return -E2BIG;
	outbuf_write(&w->out, (const char *)&hdr, sizeof(hdr));
	outbuf_write(&w->out, (const char *)&a->attr, sizeof(a->attr));
	outbuf_write(&w->out, (const char *)a->ids, a->nr_ids * 8);
	return 0;
}

/* Pipe mode's HEADER_TRACING_DATA: its size, then the formats, padded to 8. */
static void pipe_tracing(struct perf_writer *w, const struct td_blob *tracing)
{
	static const char zeros[8];
	uint32_t len = (tracing->len + 7) & ~(size_t)7;
	struct {
		struct perf_event_header hdr;
		uint32_t size;
		uint32_t pad;
	} rec = { { .type = PERF_RECORD_HEADER_TRACING_DATA, .size = sizeof(rec) }, len, 0 };

	outbuf_write(&w->out, (const char *)&rec, sizeof(rec));
	outbuf_write(&w->out, (const char *)tracing->data, tracing->len);
	outbuf_write(&w->out, zeros, len - tracing->len);
}

/*
 * The kernel's text as perf record describes it, an MMAP of pid -1 named
 * after its relocation symbol: without it perf report warns that kernel
 * samples cannot be resolved. It runs to the top of the address space,
 * as perf's kernel map does until modules end it. Its sample id fields
 * are zero, as perf's.
 */
static void kernel_map(struct perf_writer *w, uint64_t sample_type)
{
	static const char name[24] = "[kernel.kallsyms]_text";
	static const uint64_t zeros[6];
	static const uint64_t id_fields[] = {
		PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID,
		PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER,
	};
	struct {
		struct perf_event_header hdr;
		uint32_t pid, tid;
		uint64_t start, len, pgoff;
	} rec = { { PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL, 0 }, -1, 0, 0, 0, 0 };
	uint64_t start = pf_kernel_text();
	size_t i, nr_ids = 0;

	if (!start)
		return;
	for (i = 0; i < ARRAY_SIZE(id_fields); i++)
		nr_ids += !!(sample_type & id_fields[i]);
	rec.hdr.size = sizeof(rec) + sizeof(name) + nr_ids * 8;
	rec.start = rec.pgoff = start;
	rec.len = UINT64_MAX - start;
	outbuf_write(&w->out, (const char *)&rec, sizeof(rec));
	outbuf_write(&w->out, name, sizeof(name));
	outbuf_write(&w->out, (const char *)zeros, nr_ids * 8);
	w->data_size += rec.hdr.size;
	w->records++;
}

/*
 * Before the first record: in a pipe, what a file's header says, as
 * records; in both, the kernel's map.
 */
int perf_writer_start(struct perf_writer *w, const struct pw_header *h)
{
	struct perf_event_header hdr = { .type = PERF_RECORD_HEADER_FEATURE };
	struct pf_set set;
	uint64_t bit;
	size_t i;
	int err = 0;

	if (!w->pipe)
		goto out_map;
	for (i = 0; !err && i < h->nr_attrs; i++)
		err = pipe_attr(w, &h->attrs[i]);
	if (!err)
		err = pf_build(&set, h, true);
	for (i = 0; !err && i < set.nr; i++) {
		hdr.size = sizeof(hdr) + 8 + set.secs[i].bytes.len;
		bit = set.secs[i].bit;
		outbuf_write(&w->out, (const char *)&hdr, sizeof(hdr));
		outbuf_write(&w->out, (const char *)&bit, 8);
		outbuf_write(&w->out, (const char *)set.secs[i].bytes.data, set.secs[i].bytes.len);
	}
	if (!err)
		pf_free(&set);
	if (!err)
		pipe_tracing(w, h->tracing);
	if (err)
		return err;
out_map:
	if (h->nr_attrs)
		kernel_map(w, h->attrs[0].attr.sample_type);
	return outbuf_flush(&w->out) ? -w->out.error : 0;
}

/* The feature sections: an index of {offset, size} in bit order, then each one's bytes. */
static uint64_t write_features(struct perf_writer *w, uint64_t at,
			       struct perf_file_header *fh, const struct pf_set *set)
{
	uint64_t pos = at + set->nr * sizeof(struct perf_file_section);
	struct perf_file_section sec;
	size_t i;

	for (i = 0; i < set->nr; i++) {
		sec.offset = pos;
		sec.size = set->secs[i].bytes.len;
		outbuf_write(&w->out, (const char *)&sec, sizeof(sec));
		pos += sec.size;
		fh->features[set->secs[i].bit / 64] |= 1ull << (set->secs[i].bit % 64);
	}
	for (i = 0; i < set->nr; i++)
		outbuf_write(&w->out, (const char *)set->secs[i].bytes.data,
			     set->secs[i].bytes.len);
	return pos;
}

/* The ids of each attr, then the attrs, each saying where its ids are. */
static void write_attrs(struct perf_writer *w, uint64_t pos,
			struct perf_file_header *fh, const struct pw_header *h)
{
	struct perf_file_attr fa;
	size_t i;

	for (i = 0; i < h->nr_attrs; i++)
		outbuf_write(&w->out, (const char *)h->attrs[i].ids, h->attrs[i].nr_ids * 8);
	fh->attrs.offset = pos;
	for (i = 0; i < h->nr_attrs; i++)
		fh->attrs.offset += h->attrs[i].nr_ids * 8;
	fh->attrs.size = h->nr_attrs * sizeof(fa);
	for (i = 0; i < h->nr_attrs; i++) {
		memset(&fa, 0, sizeof(fa));
		fa.attr = h->attrs[i].attr;
		fa.ids.offset = pos;
		fa.ids.size = h->attrs[i].nr_ids * 8;
		pos += fa.ids.size;
		outbuf_write(&w->out, (const char *)&fa, sizeof(fa));
	}
}

/*
 * perf finds the feature index right after the data section, so the
 * features come first; then the ids of each attr; then the attrs.
 * A pipe has said all that at its start: it is only flushed.
 */
int perf_writer_finish(struct perf_writer *w, const struct pw_header *h)
{
	struct perf_file_header fh = {
		.magic = PERF_MAGIC2,
		.size = sizeof(fh),
		.attr_size = sizeof(struct perf_file_attr),
		.data = { sizeof(fh), w->data_size },
	};
	struct pf_set set;
	uint64_t pos;
	int err;

	if (w->pipe)
		return outbuf_flush(&w->out) ? -w->out.error : 0;
	err = pf_build(&set, h, false);
	if (err)
		return err;
	pos = write_features(w, sizeof(fh) + w->data_size, &fh, &set);
	pf_free(&set);
	write_attrs(w, pos, &fh, h);
	if (outbuf_flush(&w->out))
		return -w->out.error;
	if (pwrite(w->fd, &fh, sizeof(fh), 0) != sizeof(fh))
		return -errno;
	return 0;
}

void perf_writer_close(struct perf_writer *w)
{
	outbuf_free(&w->out);
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}
