// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "compiler.h"
#include "perf_writer.h"
#include "perfdata.h"

#define WRITER_BUF ((size_t)256 * 1024)

/*
 * A new recording at path, 0600 as perf writes them (they show every
 * argument of every call), an older file there made 0600 too; seekable,
 * since the header is written last.
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

/* A feature's bytes: "len, string, NUL, padding to 8", as perf's do_write_string. */
static void put_string_feature(struct outbuf *ob, const char *s, uint64_t *size)
{
	uint32_t len = (strlen(s) + 1 + 7) & ~7u;
	static const char zeros[8];

	outbuf_write(ob, (const char *)&len, 4);
	outbuf_write(ob, s, strlen(s));
	outbuf_write(ob, zeros, len - strlen(s));
	*size = 4 + len;
}

struct feature {
	int bit;
	uint64_t size;
};

/* The feature sections: an index of {offset, size} in bit order, then each one's bytes. */
static void write_features(struct perf_writer *w, uint64_t at,
			   struct perf_file_header *h, const struct td_blob *tracing)
{
	struct utsname un;
	struct feature feats[] = {
		{ FEAT_TRACING_DATA, tracing->len }, { FEAT_HOSTNAME, 0 },
		{ FEAT_OSRELEASE, 0 }, { FEAT_ARCH, 0 }, { FEAT_NRCPUS, 8 },
	};
	size_t nr = ARRAY_SIZE(feats), i;
	struct perf_file_section sec;
	uint32_t cpus[2] = { sysconf(_SC_NPROCESSORS_CONF), sysconf(_SC_NPROCESSORS_ONLN) };
	uint64_t pos = at + nr * sizeof(sec);
	struct outbuf *ob = &w->out;

	uname(&un);
	/* Sizes first: the index comes before the contents. */
	feats[1].size = 4 + ((strlen(un.nodename) + 8) & ~7u);
	feats[2].size = 4 + ((strlen(un.release) + 8) & ~7u);
	feats[3].size = 4 + ((strlen(un.machine) + 8) & ~7u);
	for (i = 0; i < nr; i++) {
		sec.offset = pos;
		sec.size = feats[i].size;
		outbuf_write(ob, (const char *)&sec, sizeof(sec));
		pos += sec.size;
		h->features[feats[i].bit / 64] |= 1ull << (feats[i].bit % 64);
	}
	outbuf_write(ob, (const char *)tracing->data, tracing->len);
	put_string_feature(ob, un.nodename, &feats[1].size);
	put_string_feature(ob, un.release, &feats[2].size);
	put_string_feature(ob, un.machine, &feats[3].size);
	outbuf_write(ob, (const char *)cpus, sizeof(cpus));
}

/* Sizes of write_features' output, so what follows it knows where it is. */
static uint64_t features_size(const struct td_blob *tracing)
{
	struct utsname un;

	uname(&un);
	return 5 * sizeof(struct perf_file_section) + tracing->len +
	       4 + ((strlen(un.nodename) + 8) & ~7u) +
	       4 + ((strlen(un.release) + 8) & ~7u) +
	       4 + ((strlen(un.machine) + 8) & ~7u) + 8;
}

/*
 * perf finds the feature index right after the data section, so the
 * features come first; then the ids of each attr; then the attrs.
 */
int perf_writer_finish(struct perf_writer *w, const struct pw_attr *attrs,
		       size_t nr_attrs, const struct td_blob *tracing)
{
	struct perf_file_header h = {
		.magic = PERF_MAGIC2,
		.size = sizeof(h),
		.attr_size = sizeof(struct perf_file_attr),
		.data = { sizeof(h), w->data_size },
	};
	uint64_t pos = sizeof(h) + w->data_size;
	struct perf_file_attr fa;
	size_t i;

	write_features(w, pos, &h, tracing);
	pos += features_size(tracing);
	for (i = 0; i < nr_attrs; i++)
		outbuf_write(&w->out, (const char *)attrs[i].ids, attrs[i].nr_ids * 8);
	h.attrs.offset = pos;
	for (i = 0; i < nr_attrs; i++)
		h.attrs.offset += attrs[i].nr_ids * 8;
	h.attrs.size = nr_attrs * sizeof(fa);
	for (i = 0; i < nr_attrs; i++) {
		memset(&fa, 0, sizeof(fa));
		fa.attr = attrs[i].attr;
		fa.ids.offset = pos;
		fa.ids.size = attrs[i].nr_ids * 8;
		pos += fa.ids.size;
		outbuf_write(&w->out, (const char *)&fa, sizeof(fa));
	}
	if (outbuf_flush(&w->out))
		return -w->out.error;
	if (pwrite(w->fd, &h, sizeof(h), 0) != sizeof(h))
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
