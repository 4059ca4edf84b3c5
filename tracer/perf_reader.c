// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byteswap.h"
#include "compiler.h"
#include "perf_reader.h"

/* An attr this large is not one: the kernel's is a few hundred bytes. */
#define ATTR_SIZE_MAX 4096

static int fail(struct perf_file *f, uint64_t at, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(f->error, sizeof(f->error), "at offset %llu: ",
		     (unsigned long long)at);
	va_start(ap, fmt);
	vsnprintf(f->error + n, sizeof(f->error) - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Memory ran out: the caller exits as anywhere it runs out (no_memory). */
static int fail_no_memory(struct perf_file *f, uint64_t at, const char *what)
{
	f->no_memory = true;
	return fail(f, at, "out of memory for %s", what);
}

/* Whether [offset, offset + size) lies inside the file. */
static bool inside(const struct perf_file *f, const struct perf_file_section *s)
{
	return s->offset <= f->len && s->size <= f->len - s->offset;
}

/*
 * perf and sctrace write the header's data size and feature sections
 * when a recording ends, after the data: a file without them, or whose
 * features do not read where the data size of 0 puts them, was cut off.
 */
#define UNFINISHED "the header was never completed (data size 0, no features): " \
		   "the recording was interrupted (killed, or a write failed); " \
		   "record again, ending it with Ctrl-C or kill -TERM"

static bool no_features(const struct perf_file_header *h)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(h->features); i++)
		if (h->features[i])
			return false;
	return true;
}

static int read_header(struct perf_file *f)
{
	if (f->len < 16)
		return fail(f, 0, "too short for a perf.data header (%zu bytes)", f->len);
	memcpy(&f->hdr, f->buf, 16);
	f->swap = f->hdr.magic == __builtin_bswap64(PERF_MAGIC2);
	if (f->swap)
		swap_u64s(&f->hdr, 2);
	if (f->hdr.magic != PERF_MAGIC2)
		return fail(f, 0, "not a perf.data file: the magic is not PERFILE2");
	if (f->hdr.size == 16) {
		f->pipe = true;
		return 0;
	}
	if (f->hdr.size < sizeof(f->hdr) || f->len < sizeof(f->hdr))
		return fail(f, 8, "header size %llu, expected %zu",
			    (unsigned long long)f->hdr.size, sizeof(f->hdr));
	memcpy(&f->hdr, f->buf, sizeof(f->hdr));
	if (f->swap)
		swap_u64s(&f->hdr, sizeof(f->hdr) / 8);
	if (!f->hdr.data.size && no_features(&f->hdr))
		return fail(f, 48, UNFINISHED);
	if (!inside(f, &f->hdr.attrs))
		return fail(f, 24, "the attr section (%llu bytes at %llu) runs past the end of the file",
			    (unsigned long long)f->hdr.attrs.size,
			    (unsigned long long)f->hdr.attrs.offset);
	if (f->hdr.data.offset % 8)
		return fail(f, 32, "the data section starts at %llu, not on an 8-byte boundary",
			    (unsigned long long)f->hdr.data.offset);
	if (!inside(f, &f->hdr.data))
		return fail(f, 40, "the data section (%llu bytes at %llu) runs past the end of the file",
			    (unsigned long long)f->hdr.data.size,
			    (unsigned long long)f->hdr.data.offset);
	return 0;
}

static int check_layout(struct perf_file *f, uint64_t at)
{
	if (!f->nr_attrs)
		return fail(f, at, "no attrs: nothing says how the records are laid out");
	if (!sample_layout_ok(f->sample_type))
		return fail(f, at,
			    "sample type 0x%llx: sctrace needs tid, time, cpu and raw data, and no callchains or read values",
			    (unsigned long long)f->sample_type);
	if (f->nr_attrs > 1 && !(f->sample_type & (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_ID)))
		return fail(f, at, "several attrs but no sample ids to tell their records apart");
	return 0;
}

/* Copies n ids (swapped to host order if need be) for attr i. */
static int take_ids(struct perf_file *f, size_t i, const unsigned char *p,
		    uint64_t n, uint64_t at)
{
	if (!n)
		return 0;
	f->attr_ids[i] = malloc(n * 8);
	if (!f->attr_ids[i])
		return fail_no_memory(f, at, "the sample ids");
	memcpy(f->attr_ids[i], p, n * 8);
	if (f->swap)
		swap_u64s(f->attr_ids[i], n);
	f->nr_attr_ids[i] = n;
	return 0;
}

/*
 * File mode: an attr's ids are a section of their own. Attrs may point
 * at the same bytes; what is copied stays within what the file holds.
 */
static int file_attr_ids(struct perf_file *f, size_t i, const unsigned char *sec_at,
			 uint64_t *copied)
{
	struct perf_file_section sec;
	uint64_t at = sec_at - f->buf;

	memcpy(&sec, sec_at, sizeof(sec));
	if (f->swap)
		swap_u64s(&sec, 2);
	if (!inside(f, &sec) || sec.size % 8)
		return fail(f, at, "the ids of attr %zu (%llu bytes at %llu) are not inside the file",
			    i, (unsigned long long)sec.size, (unsigned long long)sec.offset);
	*copied += sec.size;
	if (*copied > f->len)
		return fail(f, at, "the ids of the attrs add up to more bytes than the file's %zu: their sections overlap",
			    f->len);
	return take_ids(f, i, f->buf + sec.offset, sec.size / 8, at);
}

static int read_attrs(struct perf_file *f)
{
	uint64_t size = f->hdr.attr_size, i, ids_copied = 0;
	size_t copy;

	if (size < PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section) ||
	    size > ATTR_SIZE_MAX)
		return fail(f, 16, "attr size %llu is not an attr's", (unsigned long long)size);
	if (!f->hdr.attrs.size || f->hdr.attrs.size % size)
		return fail(f, f->hdr.attrs.offset, "the attr section holds no whole number of attrs");
	f->nr_attrs = f->hdr.attrs.size / size;
	f->attrs = calloc(f->nr_attrs, sizeof(*f->attrs));
	f->attr_ids = calloc(f->nr_attrs, sizeof(*f->attr_ids));
	f->nr_attr_ids = calloc(f->nr_attrs, sizeof(*f->nr_attr_ids));
	if (!f->attrs || !f->attr_ids || !f->nr_attr_ids)
		return fail_no_memory(f, f->hdr.attrs.offset, "the attrs");
	copy = size - sizeof(struct perf_file_section);
	if (copy > sizeof(*f->attrs))
		copy = sizeof(*f->attrs);
	for (i = 0; i < f->nr_attrs; i++) {
		const unsigned char *at = f->buf + f->hdr.attrs.offset + i * size;

		memcpy(&f->attrs[i], at, copy);
		if (f->swap)
			swap_attr(&f->attrs[i], copy);
		if (file_attr_ids(f, i, at + size - sizeof(struct perf_file_section),
				  &ids_copied))
			return -1;
		if (i && f->attrs[i].sample_type != f->sample_type)
			return fail(f, f->hdr.attrs.offset + i * size,
				    "attrs with different sample types; sctrace needs one layout");
		f->sample_type = f->attrs[i].sample_type;
	}
	return check_layout(f, f->hdr.attrs.offset);
}

/* The index of feature sections follows the data, in bit order. */
static const struct perf_file_section *feature(struct perf_file *f, int bit,
					       struct perf_file_section *sec)
{
	uint64_t at = f->hdr.data.offset + f->hdr.data.size;
	int i, n = 0;

	if (!(f->hdr.features[bit / 64] & (1ull << (bit % 64))))
		return NULL;
	for (i = 0; i < bit; i++)
		if (f->hdr.features[i / 64] & (1ull << (i % 64)))
			n++;
	at += (uint64_t)n * sizeof(*sec);
	if (at > f->len || f->len - at < sizeof(*sec))
		return NULL;
	memcpy(sec, f->buf + at, sizeof(*sec));
	if (f->swap)
		swap_u64s(sec, 2);
	return inside(f, sec) ? sec : NULL;
}

static int read_features(struct perf_file *f)
{
	struct perf_file_section sec;
	uint32_t len;

	if (!feature(f, FEAT_TRACING_DATA, &sec))
		return fail(f, 72, "no tracing data (the tracepoint formats): not a tracepoint recording");
	if (tracing_data_parse(&f->td, f->buf + sec.offset, sec.size)) {
		f->no_memory = f->td.no_memory;
		return fail(f, sec.offset + f->td.error_at, "tracing data: %s", f->td.error);
	}
	if (feature(f, FEAT_ARCH, &sec) && sec.size > 4) {
		memcpy(&len, f->buf + sec.offset, 4);
		if (f->swap)
			len = __builtin_bswap32(len);
		if (len > sec.size - 4)
			return fail(f, sec.offset, "the arch string runs past its section");
		snprintf(f->arch, sizeof(f->arch), "%.*s", (int)len, f->buf + sec.offset + 4);
	}
	return 0;
}

/* Pipe mode's PERF_RECORD_HEADER_ATTR: the attr, then its ids. */
static int pipe_attr(struct perf_file *f, const struct perf_event_header *hdr,
		     uint64_t at)
{
	struct perf_event_attr attr = { 0 }, *more;
	uint64_t **ids;
	size_t *nr_ids;
	uint32_t size;

	if (hdr->size < sizeof(*hdr) + PERF_ATTR_SIZE_VER0)
		return fail(f, at, "an attr record of %u bytes is too short", hdr->size);
	memcpy(&size, (const unsigned char *)(hdr + 1) + offsetof(struct perf_event_attr, size), 4);
	/* swap_record turned the attr's first fields around, not the ids. */
	if (size < PERF_ATTR_SIZE_VER0 || size > hdr->size - sizeof(*hdr))
		return fail(f, at, "an attr of %u bytes in a record of %u", size, hdr->size);
	memcpy(&attr, hdr + 1, size < sizeof(attr) ? size : sizeof(attr));
	if (f->nr_attrs && attr.sample_type != f->sample_type)
		return fail(f, at, "attrs with different sample types; sctrace needs one layout");
	more = realloc(f->attrs, (f->nr_attrs + 1) * sizeof(*more));
	if (!more)
		return fail_no_memory(f, at, "the attrs");
	f->attrs = more;
	ids = realloc(f->attr_ids, (f->nr_attrs + 1) * sizeof(*ids));
	if (ids)
		f->attr_ids = ids;
	nr_ids = realloc(f->nr_attr_ids, (f->nr_attrs + 1) * sizeof(*nr_ids));
	if (nr_ids)
		f->nr_attr_ids = nr_ids;
	if (!ids || !nr_ids)
		return fail_no_memory(f, at, "the attrs");
	f->attr_ids[f->nr_attrs] = NULL;
	f->nr_attr_ids[f->nr_attrs] = 0;
	f->attrs[f->nr_attrs++] = attr;
	f->sample_type = attr.sample_type;
	/* The ids follow the attr in its record. */
	return take_ids(f, f->nr_attrs - 1, (const unsigned char *)(hdr + 1) + size,
			(hdr->size - sizeof(*hdr) - size) / 8, at);
}

/* Pipe mode's PERF_RECORD_HEADER_FEATURE: only the arch matters here. */
static void pipe_feature(struct perf_file *f, const struct perf_event_header *hdr)
{
	uint64_t feat;
	uint32_t len;

	if (hdr->size < sizeof(*hdr) + 12)
		return;
	memcpy(&feat, hdr + 1, 8);
	memcpy(&len, (const unsigned char *)(hdr + 1) + 8, 4);
	if (feat == FEAT_ARCH && len <= hdr->size - sizeof(*hdr) - 12)
		snprintf(f->arch, sizeof(f->arch), "%.*s", (int)len,
			 (const char *)(hdr + 1) + 12);
}

/* A first pass over a pipe's records for what file mode keeps in its header. */
static int read_pipe(struct perf_file *f)
{
	const struct perf_event_header *hdr;
	uint64_t pos = 0, at;

	f->data = f->buf + 16;
	f->data_len = f->len - 16;
	while ((hdr = perf_file_next(f, &pos))) {
		at = 16 + pos - hdr->size;
		if (hdr->type == PERF_RECORD_HEADER_ATTR && pipe_attr(f, hdr, at))
			return -1;
		if (hdr->type == PERF_RECORD_HEADER_FEATURE)
			pipe_feature(f, hdr);
	}
	if (f->error[0])
		return -1;
	if (check_layout(f, 16))
		return -1;
	if (!f->td_blob)
		return fail(f, 16, "no tracing data (the tracepoint formats): not a tracepoint recording");
	if (tracing_data_parse(&f->td, f->td_blob, f->td_len)) {
		f->no_memory = f->td.no_memory;
		return fail(f, f->td_blob - f->buf + f->td.error_at, "tracing data: %s", f->td.error);
	}
	return 0;
}

/* A tracepoint's id, from the "ID: N" line of its format in the file. */
int perf_file_tp_id(const struct perf_file *f, const char *sys, const char *name)
{
	const struct td_format *fmt = tracing_data_find(&f->td, sys, name);
	const char *p, *end;
	char digits[12];
	size_t n;
	long id;

	if (!fmt)
		return -1;
	p = memmem(fmt->text, fmt->len, "\nID: ", 5);
	if (!p)
		return -1;
	/* The text is not NUL-terminated: copy the digits out before strtol. */
	p += 5;
	end = fmt->text + fmt->len;
	for (n = 0; p + n < end && n < sizeof(digits) && isdigit((unsigned char)p[n]); n++)
		;
	if (!n || n == sizeof(digits) || (p + n < end && p[n] != '\n'))
		return -1;
	memcpy(digits, p, n);
	digits[n] = '\0';
	id = strtol(digits, NULL, 10);
	return id <= INT_MAX ? (int)id : -1;
}

/* What reading and swapping the records needs, known once the formats are read. */
static void set_ids(struct perf_file *f)
{
	f->ids.sample_type = f->sample_type;
	f->ids.enter = perf_file_tp_id(f, "raw_syscalls", "sys_enter");
	f->ids.exit = perf_file_tp_id(f, "raw_syscalls", "sys_exit");
	f->ids.long_size = f->td.long_size;
	/* A foreign machine's stacks are not unwound here: they stay unread. */
	if (f->nr_attrs && !f->swap)
		f->ids.regs_user = f->attrs[0].sample_regs_user;
}

int perf_file_open(struct perf_file *f, const unsigned char *buf, size_t len)
{
	memset(f, 0, sizeof(*f));
	f->buf = buf;
	f->len = len;
	if (read_header(f))
		return -1;
	if (f->pipe) {
		/* Headers and header records only, until the formats are known. */
		f->ids.enter = f->ids.exit = -1;
		if (read_pipe(f))
			return -1;
	} else {
		if (read_attrs(f))
			return -1;
		if (read_features(f))
			return f->hdr.data.size ? -1 : fail(f, 48, UNFINISHED);
		f->data = buf + f->hdr.data.offset;
		f->data_len = f->hdr.data.size;
	}
	set_ids(f);
	return 0;
}

/*
 * The record at *pos of the data section, copied whole into f->scratch
 * (aligned), or NULL at the end or on a bad one. A pipe's tracing data
 * follows its record: it is noted and stepped over.
 */
const struct perf_event_header *perf_file_next(struct perf_file *f, uint64_t *pos)
{
	uint64_t at = (f->data - f->buf) + *pos;
	struct perf_event_header hdr;
	uint32_t td_len;

	if (*pos >= f->data_len)
		return NULL;
	if (f->data_len - *pos < sizeof(hdr)) {
		fail(f, at, "a record header is cut off by the end of the data");
		return NULL;
	}
	memcpy(&hdr, f->data + *pos, sizeof(hdr));
	if (f->swap)
		swap_event_header(&hdr);
	if (hdr.size < sizeof(hdr) || hdr.size > f->data_len - *pos) {
		fail(f, at, "record of type %u claims %u bytes, %llu are left",
		     hdr.type, hdr.size, (unsigned long long)(f->data_len - *pos));
		return NULL;
	}
	/* The kernel's records are whole u64s; perf's pipe headers need not be. */
	if (!f->pipe && hdr.size % 8) {
		fail(f, at, "record of type %u has a size of %u, not a multiple of 8",
		     hdr.type, hdr.size);
		return NULL;
	}
	memcpy(f->scratch, f->data + *pos, hdr.size);
	if (f->swap) {
		memcpy(f->scratch, &hdr, sizeof(hdr));
		swap_record(&f->ids, (struct perf_event_header *)f->scratch);
	}
	*pos += hdr.size;
	if (f->pipe && hdr.type == PERF_RECORD_HEADER_TRACING_DATA) {
		if (hdr.size < sizeof(hdr) + 4) {
			fail(f, at, "a tracing data record of %u bytes is too short", hdr.size);
			return NULL;
		}
		memcpy(&td_len, (const unsigned char *)f->scratch + sizeof(hdr), 4);
		if (td_len > f->data_len - *pos) {
			fail(f, at, "tracing data of %u bytes runs past the end of the file", td_len);
			return NULL;
		}
		f->td_blob = f->data + *pos;
		f->td_len = td_len;
		*pos += td_len;
	}
	return (const struct perf_event_header *)f->scratch;
}

void perf_file_close(struct perf_file *f)
{
	size_t i;

	for (i = 0; f->attr_ids && i < f->nr_attrs; i++)
		free(f->attr_ids[i]);
	free(f->attr_ids);
	free(f->nr_attr_ids);
	free(f->attrs);
	f->attrs = NULL;
	f->attr_ids = NULL;
	f->nr_attr_ids = NULL;
	tracing_data_free(&f->td);
}
