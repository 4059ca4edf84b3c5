// SPDX-License-Identifier: GPL-2.0
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_embed.h"
#include "capture.h"
#include "capture_abi.h"
#include "compiler.h"
#include "sample.h"

static const unsigned char program_object[] __aligned(8) = {
#include "capture.bpf.inc"
};

static const struct bpf_embed_object program = {
	.name = "capture_bpf",
	.what = "BPF capture program",
	.bytes = program_object,
	.size = sizeof(program_object),
};

/* Each cpu's ring of rewritten records, read after every batch. */
#define CPU_RING_BYTES ((uint64_t)1 << 20)
/* A batch ends while a cpu's ring has less room than a sample and a LOST. */
#define CPU_RING_ROOM 256

/* A cpu's ring of rewritten records, laid out as perf's mmap is. */
struct cpu_ring {
	struct perf_event_mmap_page *meta;	/* the data area follows it */
	struct ring *ring;			/* the session's reader of it */
	uint64_t last_time;			/* of the last record written */
	uint64_t missed;			/* the program's count, as last read */
	uint64_t lost;				/* not yet told in a LOST record */
};

struct capture {
	struct bpf_embed prog;
	struct bpf_map *config;
	struct bpf_map *calls;
	struct bpf_map *cpus;
	struct bpf_map *tasks;
	struct bpf_map *missed;
	struct bpf_map *records;
	struct ring_buffer *rb;
	int enter_id;
	int exit_id;
	bool full;			/* the batch stopped: a cpu ring was nearly full */
	int *cpu_of;			/* per cpu ring: its cpu */
	int *ring_of;			/* per cpu number: its ring, or -1 */
	size_t nr_cpu_numbers;
	struct cpu_ring *rings;
	struct ring **readers;
	size_t nr_rings;
	uint64_t *missed_now;		/* per possible cpu, read from the map */
	int nr_possible;
};

struct capture *capture_load(uint32_t ring_bytes, char *why, size_t len)
{
	struct capture *c = calloc(1, sizeof(*c));
	const struct bpf_embed_map maps[] = {
		{ "config", &c->config }, { "calls", &c->calls }, { "cpus", &c->cpus },
		{ "tasks", &c->tasks }, { "missed", &c->missed }, { "records", &c->records },
	};
	int err;

	if (!c) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
#if !defined(__x86_64__)
	snprintf(why, len, "its program reads x86-64's registers only");
	free(c);
	return NULL;
#endif
	err = bpf_embed_open(&c->prog, &program, maps, ARRAY_SIZE(maps), why, len);
	if (!err) {
		err = bpf_map__set_max_entries(c->records, ring_bytes);
		if (err)
			bpf_embed_explain(why, len, "sizing the BPF ring buffer", err);
	}
	if (!err)
		err = bpf_embed_load(&c->prog, why, len);
	if (err) {
		capture_close(c);
		return NULL;
	}
	return c;
}

/* Room for the next record: the session reads in between batches. */
static uint64_t ring_room(const struct cpu_ring *r)
{
	uint64_t tail = __atomic_load_n(&r->meta->data_tail, __ATOMIC_ACQUIRE);

	return CPU_RING_BYTES - (r->meta->data_head - tail);
}

static void put(struct cpu_ring *r, const void *rec, size_t size)
{
	unsigned char *data = (unsigned char *)r->meta + r->meta->data_offset;
	uint64_t head = r->meta->data_head, at = head & (CPU_RING_BYTES - 1);
	size_t first = CPU_RING_BYTES - at < size ? CPU_RING_BYTES - at : size;

	memcpy(data + at, rec, first);
	memcpy(data, (const unsigned char *)rec + first, size - first);
	__atomic_store_n(&r->meta->data_head, head + size, __ATOMIC_RELEASE);
}

/* The sample_id_all trailer of SCT_SAMPLE_TYPE: pid, tid, time, cpu. */
struct trailer {
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu, res;
};

struct lost_record {
	struct perf_event_header hdr;
	uint64_t id;
	uint64_t lost;
	struct trailer t;
};

/* What the program missed on this cpu, told before its next record. */
static void put_lost(struct cpu_ring *r, int cpu)
{
	struct lost_record rec = {
		.hdr = { .type = PERF_RECORD_LOST, .size = sizeof(rec) },
		.lost = r->lost,
		.t = { .time = r->last_time, .cpu = (uint32_t)cpu },
	};

	if (!r->lost || ring_room(r) < sizeof(rec))
		return;
	put(r, &rec, sizeof(rec));
	r->lost = 0;
}

/*
 * A raw_syscalls sample as perf writes it for SCT_SAMPLE_TYPE: pid and
 * tid, time, cpu, then the raw entry (common fields, id, arguments or
 * return value), its size padded so that the sample ends aligned.
 */
struct sample_record {
	struct perf_event_header hdr;
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu, res;
	uint32_t raw_size;
	uint16_t common_type;
	uint8_t common_flags;
	uint8_t common_preempt_count;
	int32_t common_pid;
	int64_t id;
	uint64_t v[6];
	uint32_t pad;
} __packed;

_Static_assert(sizeof(struct sample_record) % 8 == 0, "samples end aligned");

/*
 * The user registers' part of a live sample (SCT_SAMPLE_ABI): the ABI,
 * then the one register asked for, whose value is not used.
 */
#define SAMPLE_ABI_SIZE (2 * sizeof(uint64_t))

/* A sample's first size bytes, then its ABI, into ring r. */
static void put_sample(struct cpu_ring *r, const struct sample_record *s,
		       size_t size, bool compat)
{
	unsigned char buf[sizeof(*s) + SAMPLE_ABI_SIZE];
	const uint64_t regs[2] = {
		compat ? PERF_SAMPLE_REGS_ABI_32 : PERF_SAMPLE_REGS_ABI_64, 0
	};

	memcpy(buf, s, size);
	memcpy(buf + size, regs, sizeof(regs));
	put(r, buf, size + sizeof(regs));
}

static int take_record(void *ctx, void *data, size_t size)
{
	struct capture *c = ctx;
	const struct cp_record *in = data;
	struct sample_record out = { 0 };
	size_t nargs, out_size;
	struct cpu_ring *r;
	int idx;

	if (size < CP_EXIT_SIZE || in->cpu >= c->nr_cpu_numbers || c->ring_of[in->cpu] < 0)
		return 0;
	idx = c->ring_of[in->cpu];
	r = &c->rings[idx];
	put_lost(r, in->cpu);
	nargs = in->kind == CP_ENTER && size >= sizeof(*in) ? 6 : 1;
	out_size = sizeof(out) - (6 - nargs) * sizeof(uint64_t);
	out.hdr = (struct perf_event_header){ .type = PERF_RECORD_SAMPLE,
					      .misc = PERF_RECORD_MISC_USER,
					      .size = (uint16_t)(out_size + SAMPLE_ABI_SIZE) };
	out.pid = in->pid;
	out.tid = in->tid;
	out.time = in->time;
	out.cpu = in->cpu;
	out.raw_size = (uint32_t)(out_size - offsetof(struct sample_record, common_type));
	out.common_type = (uint16_t)(nargs == 6 ? c->enter_id : c->exit_id);
	out.common_pid = (int32_t)in->tid;
	out.id = in->nr;
	memcpy(out.v, in->v, nargs * sizeof(uint64_t));
	put_sample(r, &out, out_size, in->compat);
	r->last_time = in->time;
	if (ring_room(r) < CPU_RING_ROOM) {
		c->full = true;
		return -EAGAIN;
	}
	return 0;
}

/* What the program could not write, per cpu, since the last look. */
static void note_missed(struct capture *c)
{
	uint32_t key = 0;
	size_t i;

	if (bpf_map_lookup_elem(bpf_map__fd(c->missed), &key, c->missed_now))
		return;
	for (i = 0; i < c->nr_rings; i++) {
		struct cpu_ring *r = &c->rings[i];
		uint64_t now = c->missed_now[c->cpu_of[i]];

		r->lost += now - r->missed;
		r->missed = now;
		put_lost(r, c->cpu_of[i]);
	}
}

/* One batch: true if it stopped for room, with records left to take. */
bool capture_consume(struct capture *c)
{
	c->full = false;
	ring_buffer__consume(c->rb);
	note_missed(c);
	return c->full;
}

static int alloc_rings(struct capture *c, const struct capture_setup *s)
{
	size_t page = sysconf(_SC_PAGESIZE), i;
	int max = 0;

	if (!s->nr_cpus)
		return -EINVAL;
	for (i = 0; i < s->nr_cpus; i++)
		max = s->cpus[i] > max ? s->cpus[i] : max;
	c->nr_possible = libbpf_num_possible_cpus();
	if (c->nr_possible <= max)
		return -EINVAL;
	c->nr_cpu_numbers = (size_t)max + 1;
	c->ring_of = malloc(c->nr_cpu_numbers * sizeof(*c->ring_of));
	c->cpu_of = calloc(s->nr_cpus, sizeof(*c->cpu_of));
	c->rings = calloc(s->nr_cpus, sizeof(*c->rings));
	c->readers = calloc(s->nr_cpus, sizeof(struct ring *));
	c->missed_now = calloc((size_t)c->nr_possible, sizeof(*c->missed_now));
	if (!c->ring_of || !c->cpu_of || !c->rings || !c->readers || !c->missed_now)
		return -ENOMEM;
	memset(c->ring_of, -1, c->nr_cpu_numbers * sizeof(*c->ring_of));
	for (i = 0; i < s->nr_cpus; i++, c->nr_rings++) {
		struct cpu_ring *r = &c->rings[i];

		r->meta = aligned_alloc(page, page + CPU_RING_BYTES);
		r->ring = calloc(1, sizeof(*r->ring));
		if (!r->meta || !r->ring)
			return -ENOMEM;
		memset(r->meta, 0, page);
		r->meta->data_offset = page;
		r->meta->data_size = CPU_RING_BYTES;
		ring_init(r->ring, r->meta, (unsigned char *)r->meta + page, CPU_RING_BYTES);
		c->readers[i] = r->ring;
		c->cpu_of[i] = s->cpus[i];
		c->ring_of[s->cpus[i]] = (int)i;
	}
	return 0;
}

static int fill_maps(struct capture *c, const struct capture_setup *s)
{
	struct cp_config cfg = {
		.all = !s->tids, .self_tgid = (uint32_t)s->self,
		.follow_forks = s->follow_forks, .selective = s->calls != NULL,
		.cpus = s->cpu_filter,
	};
	uint8_t state = s->at_exec ? CP_AT_EXEC : CP_TRACED, one = 1;
	uint32_t key = 0, i;

	for (i = 0; s->calls && i < s->nr_calls && i < CP_MAX_NR; i++)
		if (s->calls[i] && bpf_map_update_elem(bpf_map__fd(c->calls), &i, &one, BPF_ANY))
			return -errno;
	for (i = 0; s->cpu_filter && i < s->nr_cpus; i++) {
		uint32_t cpu = (uint32_t)s->cpus[i];

		if (cpu < CP_MAX_CPUS &&
		    bpf_map_update_elem(bpf_map__fd(c->cpus), &cpu, &one, BPF_ANY))
			return -errno;
	}
	for (i = 0; s->tids && i < s->nr_tids; i++)
		if (bpf_map_update_elem(bpf_map__fd(c->tasks), &s->tids[i], &state, BPF_ANY))
			return -errno;
	return bpf_map_update_elem(bpf_map__fd(c->config), &key, &cfg, BPF_ANY) ? -errno : 0;
}

/* The maps filled, the rings made, then the programs attached. */
int capture_start(struct capture *c, const struct capture_setup *s, char *why, size_t len)
{
	int err = alloc_rings(c, s);

	if (err) {
		bpf_embed_explain(why, len, "making the cpus' rings", err);
		return err;
	}
	c->enter_id = s->enter_id;
	c->exit_id = s->exit_id;
	err = fill_maps(c, s);
	if (err) {
		bpf_embed_explain(why, len, "filling the BPF capture program's maps", err);
		return err;
	}
	c->rb = ring_buffer__new(bpf_map__fd(c->records), take_record, c, NULL);
	if (!c->rb) {
		err = -errno;
		bpf_embed_explain(why, len, "reading the BPF ring buffer", err);
		return err;
	}
	return bpf_embed_attach(&c->prog, why, len);
}

/* The readers of the cpus' rings, for events_adopt_rings; freed by capture_close. */
size_t capture_rings(struct capture *c, struct ring ***rings, const int **cpus)
{
	*rings = c->readers;
	*cpus = c->cpu_of;
	return c->nr_rings;
}

void capture_close(struct capture *c)
{
	size_t i;

	if (!c)
		return;
	ring_buffer__free(c->rb);
	bpf_embed_close(&c->prog);
	for (i = 0; i < c->nr_rings; i++) {
		if (c->rings[i].ring)
			ring_free_spill(c->rings[i].ring);
		free(c->rings[i].meta);
		free(c->rings[i].ring);
	}
	free(c->rings);
	free(c->readers);
	free(c->cpu_of);
	free(c->ring_of);
	free(c->missed_now);
	free(c);
}
