// SPDX-License-Identifier: GPL-2.0
/*
 * The records of a ring or a recording decoded into sct_events, by the
 * layouts of layout.h.
 */
#include <stdlib.h>
#include <string.h>

#include "contents_abi.h"
#include "contents_show.h"
#include "insn_ptr.h"
#include "sample.h"

/* The least a trace entry holds: its common fields and a 4-byte number. */
#define ENTRY_MIN 12

/* A field of width bytes at p, widened to 64 bits; opaque ones read as 0. */
static uint64_t get(const unsigned char *p, unsigned int width, bool is_signed)
{
	uint64_t v64;
	uint32_t v32;
	uint16_t v16;

	switch (width) {
	case 2:
		memcpy(&v16, p, 2);
		return v16;
	case 4:
		memcpy(&v32, p, 4);
		return is_signed ? (uint64_t)(int64_t)(int32_t)v32 : v32;
	case 8:
		memcpy(&v64, p, 8);
		return v64;
	default:
		return 0;
	}
}

/*
 * The fields of kind at p, of len bytes, into v by their slots; false if
 * they run past len. *taken: their bytes.
 */
static bool read_fields(const struct sample_ids *ids, enum layout_kind kind,
			const unsigned char *p, size_t len, uint64_t *v,
			size_t *taken)
{
	unsigned int long_size = ids->long_size ? ids->long_size : sizeof(long);
	struct layout_place pl[LAYOUT_MAX_FIELDS];
	size_t n, i;

	n = layout_place(kind, ids->sample_type, long_size, pl, taken);
	if (*taken > len)
		return false;
	for (i = 0; i < n; i++)
		v[pl[i].slot] = get(p + pl[i].at, pl[i].width, pl[i].is_signed);
	return true;
}

/* A record's bytes after its header. */
static size_t body_len(const struct perf_event_header *hdr)
{
	return hdr->size > sizeof(*hdr) ? hdr->size - sizeof(*hdr) : 0;
}

/* pid, tid, time and cpu, as every record has them, from their slots. */
static void set_ids(struct sct_event *ev, const uint64_t *v)
{
	ev->pid = (int32_t)v[LS_PID];
	ev->tid = (int32_t)v[LS_TID];
	ev->time = v[LS_TIME];
	ev->cpu = (uint32_t)v[LS_CPU];
}

/*
 * The sample layouts sctrace reads: ordered by time, no reads; the user
 * stack (-k) only after the registers, as sctrace asks.
 */
bool sample_layout_ok(uint64_t sample_type)
{
	uint64_t needed = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			  PERF_SAMPLE_RAW;
	uint64_t known = layout_bits(LAYOUT_SAMPLE) | layout_bits(LAYOUT_RAW) |
			 SCT_SAMPLE_ABI | SCT_SAMPLE_STACK | SCT_SAMPLE_CHAIN;

	if ((sample_type & SCT_SAMPLE_STACK) && !(sample_type & SCT_SAMPLE_ABI))
		return false;
	return (sample_type & needed) == needed && !(sample_type & ~known);
}

/* One order for the fault id table: where it is built and where it is searched. */
static int event_id_cmp(const void *a, const void *b)
{
	const struct event_id *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/*
 * The kind of an event's ids, for the events told apart by id: page faults
 * (-F), and whatever writes into a task-record ring (task_ring).
 */
bool event_id_kind_of(uint32_t type, uint64_t config, bool task_ring,
		      enum event_id_kind *kind)
{
	if (task_ring)
		*kind = EVENT_ID_TASK_RING;
	else if (type == PERF_TYPE_SOFTWARE && config == PERF_COUNT_SW_PAGE_FAULTS_MAJ)
		*kind = EVENT_ID_FAULT_MAJOR;
	else if (type == PERF_TYPE_SOFTWARE && config == PERF_COUNT_SW_PAGE_FAULTS_MIN)
		*kind = EVENT_ID_FAULT_MINOR;
	else
		return false;
	return true;
}

int event_ids_add(struct event_id **ids, size_t *nr, uint64_t id,
		  enum event_id_kind kind)
{
	struct event_id *more = realloc(*ids, (*nr + 1) * sizeof(*more));

	if (!more)
		return -1;
	more[*nr].id = id;
	more[(*nr)++].kind = kind;
	*ids = more;
	return 0;
}

void event_ids_sort(struct event_id *ids, size_t nr)
{
	/* An empty table has no array: qsort(NULL, 0) is undefined. */
	if (nr)
		qsort(ids, nr, sizeof(*ids), event_id_cmp);
}

/* The event of a sample id, if it is one of those listed; NULL: a tracepoint's. */
static const struct event_id *event_of(const struct sample_ids *ids, uint64_t id)
{
	struct event_id key = { .id = id };

	if (!ids->nr_event_ids)
		return NULL;
	return bsearch(&key, ids->event_ids, ids->nr_event_ids, sizeof(*ids->event_ids),
		       event_id_cmp);
}

/* Whether a trace entry of type is raw_syscalls', and what follows its common fields. */
bool sample_payload(const struct sample_ids *ids, uint16_t type,
		    enum layout_kind *kind)
{
	if (type == ids->enter)
		*kind = LAYOUT_SYS_ENTER;
	else if (type == ids->exit)
		*kind = LAYOUT_SYS_EXIT;
	else
		return false;
	return true;
}

/* A copy of the entry, which the event owns. */
static enum sample_status copy_raw(struct sct_event *ev, enum sct_event_kind kind,
				   const unsigned char *raw, uint32_t size, uint16_t type)
{
	/* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI): read_fields saw 8 bytes */
	ev->tp.data = malloc(size);
	if (!ev->tp.data)
		return SAMPLE_SKIP;
	memcpy(ev->tp.data, raw, size);
	ev->tp.size = size;
	ev->tp.type = type;
	ev->kind = kind;
	return SAMPLE_OK;
}

/* The BPF program's record: its head and its items' sizes checked here. */
static enum sample_status parse_contents(struct sct_event *ev, const unsigned char *raw,
					 uint32_t size)
{
	struct ct_record_head head;

	if (size < sizeof(head) || !ct_record_items_fit(raw, size))
		return SAMPLE_MALFORMED;
	memcpy(&head, raw, sizeof(head));
	ev->nr = head.nr;
	return copy_raw(ev, EV_CONTENTS, raw, size, CT_RECORD_TYPE);
}

/*
 * A raw_syscalls entry: id and arguments, or id and return value. The id
 * is a long, but syscall numbers are ints in every ABI, and s390x stores
 * "no syscall" (a fork child's return, sigreturn) as a 32-bit -1: the low
 * 32 bits, sign-extended, are the number everywhere.
 */
static enum sample_status parse_syscall(const struct sample_ids *ids, enum layout_kind kind,
					const unsigned char *payload, size_t len, bool compat,
					struct sct_event *ev)
{
	uint64_t v[LS_SLOTS] = { 0 };
	size_t taken;
	int i;

	if (!read_fields(ids, kind, payload, len, v, &taken))
		return SAMPLE_MALFORMED;
	ev->nr = (int32_t)v[LS_NR];
	if (compat && ev->nr >= 0)
		ev->nr += SCT_NR_COMPAT;
	if (kind == LAYOUT_SYS_EXIT) {
		ev->kind = EV_EXIT;
		ev->ret = (long)v[LS_RET];
		return SAMPLE_OK;
	}
	ev->kind = EV_ENTER;
	for (i = 0; i < 6; i++)
		ev->args[i] = compat ? (uint32_t)v[LS_ARG0 + i] : v[LS_ARG0 + i];
	return SAMPLE_OK;
}

static enum sample_status parse_raw(const struct sample_ids *ids, const unsigned char *raw,
				    uint32_t size, bool compat, struct sct_event *ev)
{
	uint64_t v[LS_SLOTS] = { 0 };
	enum layout_kind kind;
	size_t common;
	uint16_t type;

	if (!read_fields(ids, LAYOUT_ENTRY, raw, size, v, &common))
		return SAMPLE_MALFORMED;
	type = (uint16_t)v[LS_TYPE];
	if (type == CT_RECORD_TYPE && ids->contents)
		return parse_contents(ev, raw, size);
	if (sample_payload(ids, type, &kind))
		return parse_syscall(ids, kind, raw + common, size - common, compat, ev);
	if (!ids->other_tracepoints)
		return SAMPLE_SKIP;
	ev->nr = -1;
	return copy_raw(ev, EV_TRACEPOINT, raw, size, type);
}

/* Where a sample's callchain is: its entries, as the kernel wrote them. */
struct chain_at {
	const unsigned char *ips;
	uint64_t nr;
};

/*
 * The fields before the callchain, the callchain (at chain), the raw
 * data's size; then the raw data, at least min bytes of it.
 */
static const unsigned char *take_head(const struct sample_ids *ids, const unsigned char *p,
				      size_t len, uint64_t *v, uint32_t min,
				      struct chain_at *chain)
{
	size_t head, raw_at;

	chain->nr = 0;
	if (!read_fields(ids, LAYOUT_SAMPLE, p, len, v, &head))
		return NULL;
	if (ids->sample_type & SCT_SAMPLE_CHAIN) {
		if (len - head < sizeof(chain->nr))
			return NULL;
		memcpy(&chain->nr, p + head, sizeof(chain->nr));
		if (chain->nr > (len - head - sizeof(chain->nr)) / 8)
			return NULL;
		chain->ips = p + head + sizeof(chain->nr);
		head += sizeof(chain->nr) + 8 * chain->nr;
	}
	if (!read_fields(ids, LAYOUT_RAW, p + head, len - head, v, &raw_at) ||
	    v[LS_RAW_SIZE] > len - head - raw_at || v[LS_RAW_SIZE] < min)
		return NULL;
	return p + head + raw_at;
}

/*
 * --call-graph fp: the user addresses of an enter's callchain, kept with
 * it. The kernel marks where each context's addresses start
 * (PERF_CONTEXT_USER, _KERNEL): the markers are not frames, and a
 * kernel part (a perf record -g file's) is not the call's user stack.
 */
static void take_chain(const struct sample_ids *ids, const struct chain_at *chain,
		       struct sct_event *ev)
{
	struct sct_callchain *c;
	bool user = false;
	uint64_t ip, i;

	if (!ids->callchains || !chain->nr)
		return;
	c = malloc(sizeof(*c) + chain->nr * sizeof(c->ips[0]));
	if (!c)
		return;
	c->nr = 0;
	for (i = 0; i < chain->nr; i++) {
		memcpy(&ip, chain->ips + 8 * i, sizeof(ip));
		if (ip >= (uint64_t)PERF_CONTEXT_MAX)
			user = ip == (uint64_t)PERF_CONTEXT_USER;
		else if (user)
			c->ips[c->nr++] = ip;
	}
	if (!c->nr) {
		free(c);
		return;
	}
	ev->callchain = c;
}

/*
 * Whether the task ran 32-bit code on a 64-bit kernel, from the user
 * registers' ABI after the raw data (at regs, before end): their calls
 * are numbered by the 32-bit table. False without SCT_SAMPLE_ABI (older
 * recordings); false if the ABI does not fit.
 */
static bool sample_compat(const struct sample_ids *ids, const unsigned char *regs,
			  const unsigned char *end, bool *compat)
{
	unsigned int long_size = ids->long_size ? ids->long_size : sizeof(long);
	uint64_t abi;

	*compat = false;
	if (!(ids->sample_type & SCT_SAMPLE_ABI))
		return true;
	if (end - regs < (ptrdiff_t)sizeof(abi))
		return false;
	memcpy(&abi, regs, sizeof(abi));
	*compat = abi == PERF_SAMPLE_REGS_ABI_32 && long_size == 8;
	return true;
}

/* The bytes of the user registers at regs: their ABI, then each register's. */
static size_t regs_len(const struct sample_ids *ids, const unsigned char *regs)
{
	uint64_t abi;

	memcpy(&abi, regs, sizeof(abi));
	if (abi == PERF_SAMPLE_REGS_ABI_NONE)
		return sizeof(abi);
	return sizeof(abi) + 8 * (size_t)__builtin_popcountll(ids->regs_user);
}

/*
 * -k: the registers and the stack copy after the raw data (at regs,
 * before end), kept with an enter. A sample without them (a kernel
 * thread's, or a stack that could not be read) has no stack: not an error.
 */
static void take_ustack(const struct sample_ids *ids, const unsigned char *regs,
			const unsigned char *end, struct sct_event *ev)
{
	uint64_t size, dyn;
	struct sct_ustack *u;
	size_t at, nr_regs;

	if (!(ids->sample_type & SCT_SAMPLE_STACK) || !ids->regs_user || end - regs < 16)
		return;
	at = regs_len(ids, regs);
	if (at == 8 || (size_t)(end - regs) < at + 8)
		return;
	memcpy(&size, regs + at, sizeof(size));
	if (!size || size > (size_t)(end - regs) - at - 16)
		return;
	memcpy(&dyn, regs + at + 8 + size, sizeof(dyn));
	if (dyn > size)
		dyn = size;
	u = malloc(sizeof(*u) + dyn);
	if (!u)
		return;
	nr_regs = (at - 8) / 8;
	u->regs_mask = ids->regs_user;
	memcpy(u->regs, regs + 8, nr_regs * 8);
	u->size = dyn;
	memcpy(u->data, regs + at + 8, dyn);
	ev->ustack = u;
}

static enum sample_status parse_sample(const struct sample_ids *ids, const unsigned char *p,
				       size_t len, struct sct_event *ev)
{
	const uint64_t st = ids->sample_type;
	uint64_t v[LS_SLOTS] = { 0 };
	const struct event_id *event;
	const unsigned char *raw;
	enum sample_status status;
	struct chain_at chain;
	bool compat;

	raw = take_head(ids, p, len, v, 0, &chain);
	if (!raw || !sample_compat(ids, raw + v[LS_RAW_SIZE], p + len, &compat))
		return SAMPLE_MALFORMED;
	set_ids(ev, v);
	event = event_of(ids, st & PERF_SAMPLE_IDENTIFIER ? v[LS_IDENTIFIER] : v[LS_ID]);
	if (!event || event->kind == EVENT_ID_TASK_RING) {
		status = parse_raw(ids, raw, (uint32_t)v[LS_RAW_SIZE], compat, ev);
		if (status == SAMPLE_OK && ev->kind == EV_ENTER) {
			take_ustack(ids, raw + v[LS_RAW_SIZE], p + len, ev);
			take_chain(ids, &chain, ev);
		}
		if (status == SAMPLE_OK && ids->ip_bit)
			insn_ptr_take(ids->regs_user, ids->ip_bit, raw + v[LS_RAW_SIZE],
				      (size_t)(p + len - (raw + v[LS_RAW_SIZE])), ev);
		return status;
	}
	ev->kind = EV_FAULT;
	ev->nr = -1;
	ev->fault.addr = v[LS_ADDR];
	ev->fault.ip = v[LS_IP];
	ev->fault.major = event->kind == EVENT_ID_FAULT_MAJOR;
	return SAMPLE_OK;
}

/*
 * The body of a non-sample record, between its header and its
 * sample_id_all trailer (whose ids go into ev); the body's fields in v.
 */
static bool take_body(const struct sample_ids *ids, enum layout_kind kind,
		      const struct perf_event_header *hdr, struct sct_event *ev,
		      uint64_t *v, const unsigned char **rest, size_t *rest_len)
{
	const unsigned char *body = (const unsigned char *)(hdr + 1);
	size_t len = body_len(hdr), taken;
	size_t trailer = layout_size(LAYOUT_TRAILER, ids->sample_type, 0);
	uint64_t t[LS_SLOTS] = { 0 };

	if (len < trailer ||
	    !read_fields(ids, LAYOUT_TRAILER, body + len - trailer, trailer, t, &taken))
		return false;
	set_ids(ev, t);
	len -= trailer;
	if (!read_fields(ids, kind, body, len, v, &taken))
		return false;
	*rest = body + taken;
	*rest_len = len - taken;
	return true;
}

/* PERF_RECORD_MMAP2: the mapping, then its path. */
static enum sample_status parse_mmap(const struct sample_ids *ids,
				     const struct perf_event_header *hdr,
				     struct sct_event *ev)
{
	uint64_t v[LS_SLOTS] = { 0 };
	const unsigned char *path;
	size_t len;

	if (!take_body(ids, LAYOUT_MMAP2, hdr, ev, v, &path, &len))
		return SAMPLE_MALFORMED;
	ev->map.path = strndup((const char *)path, strnlen((const char *)path, len));
	if (!ev->map.path)
		return SAMPLE_SKIP;
	ev->kind = EV_MMAP;
	ev->nr = -1;
	ev->pid = (int32_t)v[LS_PID];
	ev->tid = (int32_t)v[LS_TID];
	ev->map.start = v[LS_START];
	ev->map.len = v[LS_LEN];
	ev->map.pgoff = v[LS_PGOFF];
	return SAMPLE_OK;
}

/* PERF_RECORD_COMM: the task and its new name; PERF_RECORD_FORK: the tasks. */
static enum sample_status parse_task(const struct sample_ids *ids,
				     const struct perf_event_header *hdr,
				     struct sct_event *ev)
{
	bool fork = hdr->type == PERF_RECORD_FORK;
	uint64_t v[LS_SLOTS] = { 0 };
	const unsigned char *name;
	size_t len;

	if (!take_body(ids, fork ? LAYOUT_TASK : LAYOUT_COMM, hdr, ev, v, &name, &len))
		return SAMPLE_MALFORMED;
	memset(&ev->task, 0, sizeof(ev->task));
	ev->nr = -1;
	ev->pid = (int32_t)v[LS_PID];
	ev->tid = (int32_t)v[LS_TID];
	if (fork) {
		ev->kind = EV_FORK;
		ev->task.ppid = (int32_t)v[LS_PPID];
		ev->task.ptid = (int32_t)v[LS_PTID];
		return SAMPLE_OK;
	}
	ev->kind = EV_COMM;
	ev->task.exec = hdr->misc & PERF_RECORD_MISC_COMM_EXEC;
	len = strnlen((const char *)name, len);
	if (len >= COMM_LEN)
		len = COMM_LEN - 1;
	memcpy(ev->task.comm, name, len);
	return SAMPLE_OK;
}

/*
 * Any tracepoint's sample of SCT_SAMPLE_TYPE: its ids filled in ev, its
 * trace entry returned (at least the common fields and a 4-byte number:
 * a syscall tracepoint without arguments is that small).
 */
const unsigned char *sample_raw(const struct perf_event_header *hdr,
				struct sct_event *ev, uint32_t *size)
{
	const struct sample_ids ids = { .sample_type = SCT_SAMPLE_TYPE };
	uint64_t v[LS_SLOTS] = { 0 };
	const unsigned char *raw;
	struct chain_at chain;

	if (hdr->type != PERF_RECORD_SAMPLE)
		return NULL;
	raw = take_head(&ids, (const unsigned char *)(hdr + 1), body_len(hdr), v, ENTRY_MIN,
			&chain);
	if (!raw)
		return NULL;
	set_ids(ev, v);
	*size = (uint32_t)v[LS_RAW_SIZE];
	return raw;
}

/* Which ring lost them: the event whose write reported the loss tells. */
static enum sample_status parse_lost(const struct sample_ids *ids,
				     const struct perf_event_header *hdr,
				     struct sct_event *ev)
{
	uint64_t v[LS_SLOTS] = { 0 };
	const struct event_id *event;
	const unsigned char *rest;
	size_t len;

	if (!take_body(ids, LAYOUT_LOST, hdr, ev, v, &rest, &len))
		return SAMPLE_MALFORMED;
	ev->kind = EV_LOST;
	ev->nr = -1;
	ev->lost.count = v[LS_LOST];
	event = event_of(ids, v[LS_LOST_ID]);
	ev->lost.task_records = event && event->kind == EVENT_ID_TASK_RING;
	return SAMPLE_OK;
}

enum sample_status sample_parse(const struct sample_ids *ids,
				const struct perf_event_header *hdr,
				struct sct_event *ev)
{
	ev->ustack = NULL;
	ev->callchain = NULL;
	ev->has_ip = false;
	switch (hdr->type) {
	case PERF_RECORD_SAMPLE:
		return parse_sample(ids, (const unsigned char *)(hdr + 1),
				    body_len(hdr), ev);
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
		return parse_task(ids, hdr, ev);
	case PERF_RECORD_MMAP2:
		return parse_mmap(ids, hdr, ev);
	case PERF_RECORD_LOST:
		return parse_lost(ids, hdr, ev);
	default:
		return SAMPLE_SKIP;
	}
}
