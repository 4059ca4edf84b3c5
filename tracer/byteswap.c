// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "byteswap.h"
#include "compiler.h"
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

/* One long of the recording machine. */
static void swap_long(const struct swap_layout *l, unsigned char *p)
{
	if (l->long_size == 4)
		swap_u32s(p, 1);
	else
		swap_u64s(p, 1);
}

/*
 * A raw_syscalls entry: common_type, common_pid, then id and six args
 * (sys_enter) or id and ret (sys_exit), each a long. Others stay raw.
 */
static void swap_raw(const struct swap_layout *l, unsigned char *raw, uint32_t size)
{
	uint32_t longs, i, need;
	uint16_t type;

	if (size < 8)
		return;
	swap_u16(raw);
	swap_u32s(raw + 4, 1);
	memcpy(&type, raw, 2);
	if (type == l->enter_id)
		longs = 7;
	else if (type == l->exit_id)
		longs = 2;
	else
		return;
	need = 8 + longs * l->long_size;
	for (i = 0; need <= size && i < longs; i++)
		swap_long(l, raw + 8 + i * l->long_size);
}

/* The fields of a sample before its raw data, then the raw data. */
static void swap_sample(const struct swap_layout *l, unsigned char *p, unsigned char *end)
{
	static const uint64_t order[] = {
		PERF_SAMPLE_IDENTIFIER, PERF_SAMPLE_IP, PERF_SAMPLE_TID,
		PERF_SAMPLE_TIME, PERF_SAMPLE_ADDR, PERF_SAMPLE_ID,
		PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU, PERF_SAMPLE_PERIOD,
	};
	uint32_t raw_size;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		if (!(l->sample_type & order[i]))
			continue;
		if (end - p < 8)
			return;
		/* TID and CPU are two u32s each; the rest are u64s. */
		if (order[i] == PERF_SAMPLE_TID || order[i] == PERF_SAMPLE_CPU)
			swap_u32s(p, 2);
		else
			swap_u64s(p, 1);
		p += 8;
	}
	if (!(l->sample_type & PERF_SAMPLE_RAW) || end - p < 4)
		return;
	swap_u32s(p, 1);
	memcpy(&raw_size, p, 4);
	p += 4;
	if (raw_size <= (size_t)(end - p))
		swap_raw(l, p, raw_size);
}

/* The sample_id_all trailer at the record's end; returns where it starts. */
static unsigned char *swap_trailer(const struct swap_layout *l, unsigned char *body,
				   unsigned char *end)
{
	uint64_t st = l->sample_type;
	size_t slots = 3 + !!(st & PERF_SAMPLE_IDENTIFIER) + !!(st & PERF_SAMPLE_ID) +
		       !!(st & PERF_SAMPLE_STREAM_ID);
	unsigned char *start, *p;

	if ((size_t)(end - body) < slots * 8)
		return end;
	start = p = end - slots * 8;
	swap_u32s(p, 2);		/* pid, tid */
	p += 8;
	swap_u64s(p, 1);		/* time */
	p += 8;
	if (st & PERF_SAMPLE_ID) {
		swap_u64s(p, 1);
		p += 8;
	}
	if (st & PERF_SAMPLE_STREAM_ID) {
		swap_u64s(p, 1);
		p += 8;
	}
	swap_u32s(p, 2);		/* cpu, reserved */
	p += 8;
	if (st & PERF_SAMPLE_IDENTIFIER)
		swap_u64s(p, 1);
	return start;
}

void swap_record(const struct swap_layout *l, struct perf_event_header *hdr)
{
	unsigned char *body = (unsigned char *)(hdr + 1);
	unsigned char *end = (unsigned char *)hdr + hdr->size;
	unsigned char *tail;

	switch (hdr->type) {
	case PERF_RECORD_SAMPLE:
		swap_sample(l, body, end);
		break;
	case PERF_RECORD_LOST:
		tail = swap_trailer(l, body, end);
		if (tail - body >= 16)
			swap_u64s(body, 2);
		break;
	case PERF_RECORD_COMM:
		tail = swap_trailer(l, body, end);
		if (tail - body >= 8)
			swap_u32s(body, 2);
		break;
	case PERF_RECORD_MMAP2:
		tail = swap_trailer(l, body, end);
		if (tail - body >= 32) {
			swap_u32s(body, 2);
			swap_u64s(body + 8, 3);
		}
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		tail = swap_trailer(l, body, end);
		if (tail - body >= 24) {
			swap_u32s(body, 4);
			swap_u64s(body + 16, 1);
		}
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
