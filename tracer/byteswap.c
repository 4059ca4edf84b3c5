// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "byteswap.h"
#include "perfdata.h"

void swap_u64s(void *p, size_t n)
{
	uint64_t v;
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(&v, (char *)p + 8 * i, 8);
		v = __builtin_bswap64(v);
		memcpy((char *)p + 8 * i, &v, 8);
	}
}

void swap_u32s(void *p, size_t n)
{
	uint32_t v;
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(&v, (char *)p + 4 * i, 4);
		v = __builtin_bswap32(v);
		memcpy((char *)p + 4 * i, &v, 4);
	}
}

static void swap_u16(void *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	v = __builtin_bswap16(v);
	memcpy(p, &v, 2);
}

void swap_event_header(struct perf_event_header *hdr)
{
	hdr->type = __builtin_bswap32(hdr->type);
	hdr->misc = __builtin_bswap16(hdr->misc);
	hdr->size = __builtin_bswap16(hdr->size);
}

/* type, size, config, sample_period, sample_type, read_format: what sctrace reads. */
void swap_attr(struct perf_event_attr *attr, size_t size)
{
	if (size < 48)
		return;
	swap_u32s(attr, 2);
	swap_u64s((char *)attr + 8, 5);
}

/* The fields of kind at p, of len bytes, turned around; false if they run past len. */
static bool swap_fields(const struct sample_ids *ids, enum layout_kind kind,
			unsigned char *p, size_t len, size_t *taken)
{
	struct layout_place pl[LAYOUT_MAX_FIELDS];
	size_t n, i;

	n = layout_place(kind, ids->sample_type, ids->long_size, pl, taken);
	if (*taken > len)
		return false;
	for (i = 0; i < n; i++) {
		if (pl[i].width == 2)
			swap_u16(p + pl[i].at);
		else if (pl[i].width == 4)
			swap_u32s(p + pl[i].at, 1);
		else if (pl[i].width == 8)
			swap_u64s(p + pl[i].at, 1);
	}
	return true;
}

/*
 * A trace entry: its common fields; raw_syscalls' id and arguments or
 * return value too. Other tracepoints' fields stay raw: libtraceevent
 * reads them in the file's byte order.
 */
static void swap_entry(const struct sample_ids *ids, unsigned char *raw, uint32_t size)
{
	enum layout_kind kind;
	size_t common, taken;
	uint16_t type;

	if (!swap_fields(ids, LAYOUT_ENTRY, raw, size, &common))
		return;
	memcpy(&type, raw, sizeof(type));
	if (sample_payload(ids, type, &kind))
		swap_fields(ids, kind, raw + common, size - common, &taken);
}

/* A callchain (--call-graph fp) at p: its length, then its entries; false if it runs past len. */
static bool swap_chain(unsigned char *p, size_t len, size_t *taken)
{
	uint64_t nr;

	if (len < sizeof(nr))
		return false;
	swap_u64s(p, 1);
	memcpy(&nr, p, sizeof(nr));
	if (nr > (len - sizeof(nr)) / 8)
		return false;
	swap_u64s(p + sizeof(nr), nr);
	*taken = sizeof(nr) + 8 * nr;
	return true;
}

/* The fields of a sample before its raw data, then the raw data. */
static void swap_sample(const struct sample_ids *ids, unsigned char *p, unsigned char *end)
{
	size_t head, chain = 0, raw_at;
	uint32_t raw_size;

	if (!swap_fields(ids, LAYOUT_SAMPLE, p, end - p, &head) ||
	    ((ids->sample_type & SCT_SAMPLE_CHAIN) &&
	     !swap_chain(p + head, (size_t)(end - p) - head, &chain)))
		return;
	head += chain;
	if (!swap_fields(ids, LAYOUT_RAW, p + head, (size_t)(end - p) - head, &raw_at) ||
	    !(ids->sample_type & PERF_SAMPLE_RAW))
		return;
	head += raw_at;
	memcpy(&raw_size, p + head - 4, 4);
	if (raw_size > (size_t)(end - p) - head)
		return;
	swap_entry(ids, p + head, raw_size);
	/* The registers' ABI, which sample.c reads; the register itself is unused. */
	if ((ids->sample_type & SCT_SAMPLE_ABI) && (size_t)(end - p) - head - raw_size >= 8)
		swap_u64s(p + head + raw_size, 1);
}

/* A record's body of kind, and the sample_id_all trailer at its end. */
static void swap_body(const struct sample_ids *ids, enum layout_kind kind,
		      unsigned char *body, unsigned char *end)
{
	size_t trailer = layout_size(LAYOUT_TRAILER, ids->sample_type, ids->long_size);
	size_t len = end - body, taken;

	if (len < trailer)
		return;
	swap_fields(ids, LAYOUT_TRAILER, end - trailer, trailer, &taken);
	swap_fields(ids, kind, body, len - trailer, &taken);
}

void swap_record(const struct sample_ids *ids, struct perf_event_header *hdr)
{
	unsigned char *body = (unsigned char *)(hdr + 1);
	unsigned char *end = (unsigned char *)hdr + hdr->size;

	switch (hdr->type) {
	case PERF_RECORD_SAMPLE:
		swap_sample(ids, body, end);
		break;
	case PERF_RECORD_LOST:
		swap_body(ids, LAYOUT_LOST, body, end);
		break;
	case PERF_RECORD_COMM:
		swap_body(ids, LAYOUT_COMM, body, end);
		break;
	case PERF_RECORD_MMAP2:
		swap_body(ids, LAYOUT_MMAP2, body, end);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		swap_body(ids, LAYOUT_TASK, body, end);
		break;
	case PERF_RECORD_HEADER_ATTR:
		if (end - body >= 8)
			swap_u32s(body, 2);
		if (end - body >= 48)
			swap_u64s(body + 8, 5);
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		if (end - body >= 4)
			swap_u32s(body, 1);
		break;
	case PERF_RECORD_HEADER_FEATURE:
		if (end - body >= 12) {
			swap_u64s(body, 1);
			swap_u32s(body + 8, 1);
		}
		break;
	default:
		break;
	}
}
