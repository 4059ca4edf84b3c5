// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "contents_abi.h"
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

struct sample_head {
	uint64_t id;
	uint64_t ip;
	uint64_t addr;
};

/*
 * The fields before the raw data, in the kernel's order for sample_type;
 * fields sctrace does not use (ID, STREAM_ID, PERIOD: perf's files have
 * them) are skipped. TID, TIME and CPU are required (record_layout_ok).
 */
static int take_sample_head(struct cursor *c, uint64_t sample_type,
			    struct sct_event *ev, struct sample_head *head)
{
	uint32_t cpu_res[2];
	uint64_t skip;

	memset(head, 0, sizeof(*head));
	if ((sample_type & PERF_SAMPLE_IDENTIFIER) && take(c, &head->id, 8))
		return -1;
	if ((sample_type & PERF_SAMPLE_IP) && take(c, &head->ip, 8))
		return -1;
	if (take(c, &ev->pid, 4) || take(c, &ev->tid, 4) || take(c, &ev->time, 8))
		return -1;
	if ((sample_type & PERF_SAMPLE_ADDR) && take(c, &head->addr, 8))
		return -1;
	if ((sample_type & PERF_SAMPLE_ID) &&
	    take(c, sample_type & PERF_SAMPLE_IDENTIFIER ? &skip : &head->id, 8))
		return -1;
	if ((sample_type & PERF_SAMPLE_STREAM_ID) && take(c, &skip, 8))
		return -1;
	if (take(c, cpu_res, 8))
		return -1;
	ev->cpu = cpu_res[0];
	if ((sample_type & PERF_SAMPLE_PERIOD) && take(c, &skip, 8))
		return -1;
	return 0;
}

/* The sample layouts sctrace reads: ordered by time, no callchains or reads. */
bool record_layout_ok(uint64_t sample_type)
{
	uint64_t needed = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			  PERF_SAMPLE_RAW;
	uint64_t known = needed | PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
			 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
			 PERF_SAMPLE_PERIOD;

	return (sample_type & needed) == needed && !(sample_type & ~known);
}

static int fault_id_cmp(const void *key, const void *elem)
{
	uint64_t id = *(const uint64_t *)key;
	const struct fault_id *f = elem;

	return (id > f->id) - (id < f->id);
}

/* A sample of a page-fault event, by its id; NULL for a tracepoint's. */
static const struct fault_id *fault_of(const struct record_ids *ids, uint64_t id)
{
	if (!ids->nr_faults)
		return NULL;
	return bsearch(&id, ids->faults, ids->nr_faults, sizeof(*ids->faults),
		       fault_id_cmp);
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

/* A copy of the entry, which the event owns. */
static enum record_status copy_raw(struct sct_event *ev, enum sct_event_kind kind,
				   const unsigned char *raw, uint32_t size, uint16_t type)
{
	ev->tp.data = malloc(size);
	if (!ev->tp.data)
		return RECORD_SKIP;
	memcpy(ev->tp.data, raw, size);
	ev->tp.size = size;
	ev->tp.type = type;
	ev->kind = kind;
	return RECORD_OK;
}

/* The BPF program's record: its head checked here, its items when shown. */
static enum record_status parse_contents(struct sct_event *ev, const unsigned char *raw,
					 uint32_t size)
{
	struct ct_record_head head;

	if (size < sizeof(head))
		return RECORD_MALFORMED;
	memcpy(&head, raw, sizeof(head));
	ev->nr = head.nr;
	return copy_raw(ev, EV_CONTENTS, raw, size, CT_RECORD_TYPE);
}

static enum record_status parse_raw(const struct record_ids *ids,
				    struct cursor *c, struct sct_event *ev)
{
	uint32_t size;
	uint16_t type;
	const unsigned char *raw = take_raw(c, &size, RAW_COMMON_TYPE + sizeof(type));

	if (!raw)
		return RECORD_MALFORMED;
	memcpy(&type, raw + RAW_COMMON_TYPE, sizeof(type));
	if (type == CT_RECORD_TYPE && ids->contents)
		return parse_contents(ev, raw, size);
	if (size < RAW_EXIT_SIZE)
		return RECORD_MALFORMED;
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
	if (!ids->other_tracepoints)
		return RECORD_SKIP;
	return copy_raw(ev, EV_TRACEPOINT, raw, size, type);
}

/* Another tracepoint's copied entry, a mapping's path: the event's own memory. */
void event_release(struct sct_event *ev)
{
	if (ev->kind == EV_TRACEPOINT || ev->kind == EV_CONTENTS) {
		free(ev->tp.data);
		ev->tp.data = NULL;
	} else if (ev->kind == EV_MMAP) {
		free(ev->map.path);
		ev->map.path = NULL;
	}
}

static enum record_status parse_sample(const struct record_ids *ids,
				       struct cursor *c, struct sct_event *ev)
{
	const struct fault_id *fault;
	struct sample_head head;

	if (take_sample_head(c, ids->sample_type, ev, &head))
		return RECORD_MALFORMED;
	fault = fault_of(ids, head.id);
	if (!fault)
		return parse_raw(ids, c, ev);
	ev->kind = EV_FAULT;
	ev->nr = -1;
	ev->fault.addr = head.addr;
	ev->fault.ip = head.ip;
	ev->fault.major = fault->major;
	return RECORD_OK;
}

/*
 * The sample_id_all trailer at a record's end: tid, time, (id, stream id),
 * cpu, (identifier), as sample_type has them; *body_end is where it starts.
 */
static int take_trailer(const struct record_ids *ids,
			const struct perf_event_header *hdr, struct sct_event *ev,
			const unsigned char **body_end)
{
	uint64_t st = ids->sample_type, skip;
	size_t len = 24 + 8 * (!!(st & PERF_SAMPLE_IDENTIFIER) + !!(st & PERF_SAMPLE_ID) +
			       !!(st & PERF_SAMPLE_STREAM_ID));
	uint32_t cpu_res[2];
	struct cursor c;

	if (hdr->size < sizeof(*hdr) + len)
		return -1;
	c.p = (const unsigned char *)hdr + hdr->size - len;
	c.end = c.p + len;
	*body_end = c.p;
	if (take(&c, &ev->pid, 4) || take(&c, &ev->tid, 4) || take(&c, &ev->time, 8))
		return -1;
	if ((st & PERF_SAMPLE_ID) && take(&c, &skip, 8))
		return -1;
	if ((st & PERF_SAMPLE_STREAM_ID) && take(&c, &skip, 8))
		return -1;
	if (take(&c, cpu_res, 8))
		return -1;
	ev->cpu = cpu_res[0];
	return 0;
}

/*
 * PERF_RECORD_MMAP2: pid, tid, addr, len, pgoff, then 24 bytes of device,
 * inode or build id, prot, flags, and the path; the trailer follows it.
 */
static enum record_status parse_mmap(const struct record_ids *ids,
				     const struct perf_event_header *hdr,
				     struct cursor *c, struct sct_event *ev)
{
	uint32_t tasks[2];
	unsigned char skip[32];
	size_t len;

	if (take_trailer(ids, hdr, ev, &c->end) || take(c, tasks, 8) ||
	    take(c, &ev->map.start, 8) || take(c, &ev->map.len, 8) ||
	    take(c, &ev->map.pgoff, 8) || take(c, skip, 32))
		return RECORD_MALFORMED;
	len = strnlen((const char *)c->p, c->end - c->p);
	ev->map.path = strndup((const char *)c->p, len);
	if (!ev->map.path)
		return RECORD_SKIP;
	ev->kind = EV_MMAP;
	ev->nr = -1;
	ev->pid = tasks[0];
	ev->tid = tasks[1];
	return RECORD_OK;
}

/* PERF_RECORD_COMM: pid, tid, the new name; PERF_RECORD_FORK: the tasks. */
static enum record_status parse_task(const struct record_ids *ids,
				     const struct perf_event_header *hdr,
				     struct cursor *c, struct sct_event *ev)
{
	uint32_t tasks[4];
	size_t len;

	if (take_trailer(ids, hdr, ev, &c->end))
		return RECORD_MALFORMED;
	memset(&ev->task, 0, sizeof(ev->task));
	ev->nr = -1;
	if (hdr->type == PERF_RECORD_FORK) {
		/* pid, ppid, tid, ptid, time */
		if (take(c, tasks, sizeof(tasks)))
			return RECORD_MALFORMED;
		ev->kind = EV_FORK;
		ev->pid = tasks[0];
		ev->task.ppid = tasks[1];
		ev->tid = tasks[2];
		ev->task.ptid = tasks[3];
		return RECORD_OK;
	}
	if (take(c, tasks, 8))
		return RECORD_MALFORMED;
	ev->kind = EV_COMM;
	ev->pid = tasks[0];
	ev->tid = tasks[1];
	ev->task.exec = hdr->misc & PERF_RECORD_MISC_COMM_EXEC;
	len = strnlen((const char *)c->p, c->end - c->p);
	if (len >= COMM_LEN)
		len = COMM_LEN - 1;
	memcpy(ev->task.comm, c->p, len);
	return RECORD_OK;
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
		return parse_sample(ids, &c, ev);
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
		return parse_task(ids, hdr, &c, ev);
	case PERF_RECORD_MMAP2:
		return parse_mmap(ids, hdr, &c, ev);
	case PERF_RECORD_LOST:
		/* id, lost, then the sample_id_all trailer */
		if (take_trailer(ids, hdr, ev, &c.end) || take(&c, &lost_id, 8) ||
		    take(&c, &ev->lost, 8))
			return RECORD_MALFORMED;
		ev->kind = EV_LOST;
		ev->nr = -1;
		return RECORD_OK;
	default:
		return RECORD_SKIP;
	}
}
