// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "record.h"

/* Layout of the raw_syscalls trace entries (events/raw_syscalls/.../format). */
#define RAW_COMMON_TYPE	0
#define RAW_ID		8
#define RAW_ENTER_ARGS	16
#define RAW_EXIT_RET	16
#define RAW_ENTER_SIZE	(RAW_ENTER_ARGS + 6 * 8)
#define RAW_EXIT_SIZE	(RAW_EXIT_RET + 8)

struct cursor {
	const unsigned char *p;
	const unsigned char *end;
};

static int take(struct cursor *c, void *dst, size_t len)
{
	if ((size_t)(c->end - c->p) < len)
		return -1;
	memcpy(dst, c->p, len);
	c->p += len;
	return 0;
}

/* pid/tid, time, cpu: the fields of SCT_SAMPLE_TYPE before the raw data. */
static int take_ids(struct cursor *c, struct sct_event *ev)
{
	uint32_t cpu_res[2];

	if (take(c, &ev->pid, 4) || take(c, &ev->tid, 4) ||
	    take(c, &ev->time, 8) || take(c, cpu_res, 8))
		return -1;
	ev->cpu = cpu_res[0];
	return 0;
}

/* The trace entry of a sample, if it holds at least min bytes. */
static const unsigned char *take_raw(struct cursor *c, uint32_t *size, uint32_t min)
{
	if (take(c, size, 4) || (size_t)(c->end - c->p) < *size || *size < min)
		return NULL;
	return c->p;
}

/*
 * The id field is a long, but syscall numbers are ints in every ABI, and
 * s390x stores "no syscall" (a fork child's return, sigreturn) as a 32-bit
 * -1: the low 32 bits, sign-extended, are the number everywhere.
 */
static long syscall_id(const unsigned char *raw)
{
	long id;

	memcpy(&id, raw + RAW_ID, sizeof(id));
	return (int32_t)id;
}

static enum record_status parse_raw(const struct record_ids *ids,
				    struct cursor *c, struct sct_event *ev)
{
	uint32_t size;
	uint16_t type;
	const unsigned char *raw = take_raw(c, &size, RAW_EXIT_SIZE);

	if (!raw)
		return RECORD_MALFORMED;
	memcpy(&type, raw + RAW_COMMON_TYPE, sizeof(type));
	ev->nr = syscall_id(raw);
	if (type == ids->enter) {
		if (size < RAW_ENTER_SIZE)
			return RECORD_MALFORMED;
		ev->kind = EV_ENTER;
		memcpy(ev->args, raw + RAW_ENTER_ARGS, sizeof(ev->args));
		return RECORD_OK;
	}
	if (type == ids->exit) {
		ev->kind = EV_EXIT;
		memcpy(&ev->ret, raw + RAW_EXIT_RET, sizeof(ev->ret));
		return RECORD_OK;
	}
	return RECORD_SKIP;
}

/*
 * Any tracepoint's sample: its ids filled in ev, its trace entry returned
 * (at least the common fields and a 4-byte number: a syscall tracepoint
 * without arguments is that small).
 */
const unsigned char *record_raw(const struct perf_event_header *hdr,
				struct sct_event *ev, uint32_t *size)
{
	struct cursor c = {
		.p = (const unsigned char *)(hdr + 1),
		.end = (const unsigned char *)hdr + hdr->size,
	};

	if (hdr->type != PERF_RECORD_SAMPLE || take_ids(&c, ev))
		return NULL;
	return take_raw(&c, size, RAW_ID + 4);
}

enum record_status record_parse(const struct record_ids *ids,
				const struct perf_event_header *hdr,
				struct sct_event *ev)
{
	struct cursor c = {
		.p = (const unsigned char *)(hdr + 1),
		.end = (const unsigned char *)hdr + hdr->size,
	};
	uint64_t lost_id;

	switch (hdr->type) {
	case PERF_RECORD_SAMPLE:
		if (take_ids(&c, ev))
			return RECORD_MALFORMED;
		return parse_raw(ids, &c, ev);
	case PERF_RECORD_LOST:
		/* id, lost, then the sample_id_all trailer */
		if (take(&c, &lost_id, 8) || take(&c, &ev->lost, 8) || take_ids(&c, ev))
			return RECORD_MALFORMED;
		ev->kind = EV_LOST;
		ev->nr = -1;
		return RECORD_OK;
	default:
		return RECORD_SKIP;
	}
}
