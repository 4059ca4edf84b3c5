// SPDX-License-Identifier: GPL-2.0
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_embed.h"
#include "compiler.h"
#include "kcount.h"
#include "syscall_table.h"
#include "sysent.h"
#include "tracepoints.h"

/* One map's entries, read in batches: room for all it can hold. */
struct map_copy {
	int fd;
	size_t key_size;
	size_t value_size;
	size_t max;
	unsigned char *keys;
	unsigned char *values;
	size_t nr;
};

/* The program's object file, built for this machine's byte order (Makefile). */
static const unsigned char program_object[] __aligned(8) = {
#include "kcount.bpf.inc"
};

static const struct bpf_embed_object program = {
	.name = "kcount_bpf",
	.what = "counting BPF program",
	.bytes = program_object,
	.size = sizeof(program_object),
};

/* The maps sctrace reads and fills, found by name in the object. */
struct kcount_maps {
	struct bpf_map *config;
	struct bpf_map *calls;
	struct bpf_map *tasks;
	struct bpf_map *stats;
	struct bpf_map *errnos;
	struct bpf_map *gone;
	struct bpf_map *missed;
};

struct kcount {
	struct bpf_embed prog;
	struct kcount_maps maps;
	struct kcount_ended ended;
	struct map_copy stats;
	struct map_copy errnos;	/* with --errno-summary only */
	bool errnos_on;
};

static int copy_init(struct map_copy *c, const struct bpf_map *map)
{
	c->fd = bpf_map__fd(map);
	c->key_size = bpf_map__key_size(map);
	c->value_size = bpf_map__value_size(map);
	c->max = bpf_map__max_entries(map);
	c->keys = malloc(c->max * c->key_size);
	c->values = malloc(c->max * c->value_size);
	return c->keys && c->values ? 0 : -ENOMEM;
}

static void copy_free(struct map_copy *c)
{
	free(c->keys);
	free(c->values);
}

/* Every entry of a hash map, in as few calls as its buckets allow. */
static int copy_read(struct map_copy *c)
{
	__u32 batch, count;
	void *in = NULL;
	int err;

	c->nr = 0;
	do {
		count = c->max - c->nr;
		if (!count)
			return 0;
		err = bpf_map_lookup_batch(c->fd, in, &batch, c->keys + c->nr * c->key_size,
					   c->values + c->nr * c->value_size, &count, NULL);
		if (err && err != -ENOENT)
			return err;
		c->nr += count;
		in = &batch;
	} while (!err);
	return 0;
}

static int tid_cmp(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return (x > y) - (x < y);
}

/* Whether an entry's tid is one of the sorted tids; NULL: every tid. */
static bool wanted(const int32_t *tids, size_t nr, int32_t tid)
{
	return !tids || bsearch(&tid, tids, nr, sizeof(*tids), tid_cmp);
}

/*
 * The entries whose key starts with a wanted tid: taken out of the map,
 * kept at the start of the copy.
 */
static int take_entries(struct map_copy *c, const int32_t *tids, size_t nr_tids)
{
	size_t i, kept = 0;
	int err = copy_read(c);
	__u32 count;

	for (i = 0; !err && i < c->nr; i++) {
		if (!wanted(tids, nr_tids, *(const int32_t *)(c->keys + i * c->key_size)))
			continue;
		if (kept != i) {
			memcpy(c->keys + kept * c->key_size, c->keys + i * c->key_size, c->key_size);
			memcpy(c->values + kept * c->value_size, c->values + i * c->value_size,
			       c->value_size);
		}
		kept++;
	}
	c->nr = err ? 0 : kept;
	count = c->nr;
	if (count)
		bpf_map_delete_batch(c->fd, c->keys, &count, NULL);
	return err;
}

/* The rows of the tids (NULL: all) move from the maps into the summary. */
static int move_rows(struct kcount *kc, struct summary *sum, const int32_t *tids,
		     size_t nr_tids)
{
	struct map_copy *c = &kc->stats;
	struct call_stats row;
	size_t i;
	int err = take_entries(c, tids, nr_tids);

	for (i = 0; i < c->nr; i++) {
		if (kcount_row((const void *)(c->keys + i * c->key_size),
			       (const void *)(c->values + i * c->value_size), &row))
			summary_merge(sum, &row);
	}
	if (err || !kc->errnos_on)
		return err;
	c = &kc->errnos;
	err = take_entries(c, tids, nr_tids);
	for (i = 0; i < c->nr; i++) {
		const struct kc_errno_key *key = (const void *)(c->keys + i * c->key_size);

		summary_add_errno(sum, key->tid, key->nr, key->err,
				  *(const __u64 *)(c->values + i * c->value_size));
	}
	return err;
}

/* What the program said about threads, in its order; the ended tids sorted. */
struct gone_list {
	struct kc_gone *all;
	size_t nr;
	int32_t *ended;
	size_t nr_ended;
};

static int pop_gone(struct kcount *kc, struct gone_list *g)
{
	int fd = bpf_map__fd(kc->maps.gone);
	size_t cap = 0, i;
	struct kc_gone one;

	memset(g, 0, sizeof(*g));
	while (!bpf_map_lookup_and_delete_elem(fd, NULL, &one)) {
		if (g->nr == cap) {
			struct kc_gone *more = realloc(g->all, (cap * 2 + 64) * sizeof(*more));

			if (!more)
				return -ENOMEM;
			g->all = more;
			cap = cap * 2 + 64;
		}
		g->all[g->nr++] = one;
	}
	g->ended = malloc((g->nr ?: 1) * sizeof(*g->ended));
	if (!g->ended)
		return -ENOMEM;
	for (i = 0; i < g->nr; i++)
		if (!g->all[i].revived)
			g->ended[g->nr_ended++] = g->all[i].tid;
	qsort(g->ended, g->nr_ended, sizeof(*g->ended), tid_cmp);
	return 0;
}

/*
 * The rows of threads that ended move into the summary, which keeps
 * their tables as the printer keeps ended threads, and may fold old ones.
 */
void kcount_collect(struct kcount *kc, struct summary *sum)
{
	struct gone_list g;
	size_t i;

	if (pop_gone(kc, &g) || (g.nr_ended && move_rows(kc, sum, g.ended, g.nr_ended)))
		sum->failed = true;
	for (i = 0; g.ended && i < g.nr; i++) {
		if (g.all[i].revived)
			kcount_ended_revive(&kc->ended, g.all[i].tid);
		else
			kcount_ended_add(&kc->ended, sum, g.all[i].tid);
	}
	free(g.all);
	free(g.ended);
}

/* Calls no map had room for, over every cpu. */
static uint64_t missed_calls(struct kcount *kc)
{
	int n = libbpf_num_possible_cpus(), i;
	__u64 *per_cpu = n > 0 ? calloc(n, sizeof(*per_cpu)) : NULL;
	uint64_t total = 0;
	__u32 key = 0;

	if (per_cpu && !bpf_map_lookup_elem(bpf_map__fd(kc->maps.missed), &key, per_cpu))
		for (i = 0; i < n; i++)
			total += per_cpu[i];
	free(per_cpu);
	return total;
}

/* Calls still in progress: their threads ran on when counting stopped. */
static size_t calls_in_progress(struct kcount *kc)
{
	struct map_copy c = { 0 };
	size_t i, nr = 0;

	if (!copy_init(&c, kc->maps.tasks) && !copy_read(&c))
		for (i = 0; i < c.nr; i++)
			nr += ((const struct kc_task *)(c.values + i * c.value_size))->active;
	copy_free(&c);
	return nr;
}

/*
 * Counting stops first, so that no row changes while it is read; then
 * every row left (live threads', and those of the last ended) is read.
 * Stopped by a flag, which takes effect at once: detaching waits for the
 * tracepoints' RCU grace periods (most of a second under load), which
 * kcount_close spends after the tables are out.
 */
struct kcount_end kcount_finish(struct kcount *kc, struct summary *sum)
{
	int fd = bpf_map__fd(kc->maps.config);
	struct kcount_end end = { 0 };
	struct kc_config cfg;
	__u32 key = 0;

	if (!bpf_map_lookup_elem(fd, &key, &cfg)) {
		cfg.stopped = 1;
		bpf_map_update_elem(fd, &key, &cfg, BPF_ANY);
	}
	kcount_collect(kc, sum);
	if (move_rows(kc, sum, NULL, 0))
		sum->failed = true;
	end.missed = missed_calls(kc);
	end.unfinished = calls_in_progress(kc);
	return end;
}

static bool is_exec(const char *name)
{
	return !strcmp(name, "execve") || !strcmp(name, "execveat");
}

/* Which numbers are counted, and which never return or exec. */
static int set_calls(struct kcount *kc, const struct kcount_calls *calls)
{
	int fd = bpf_map__fd(kc->maps.calls);
	__u32 nr;

	for (nr = 0; nr < KC_MAX_NR; nr++) {
		const char *name = syscall_name(calls->machine, nr);
		__u8 flags = 0;

		if (!calls->selected || (nr < calls->nr_selected && calls->selected[nr]))
			flags |= KC_SELECTED;
		if (name && syscall_result_kind(name) == RESULT_NORETURN)
			flags |= KC_NORETURN;
		if (name && is_exec(name))
			flags |= KC_EXEC;
		if (flags && bpf_map_update_elem(fd, &nr, &flags, BPF_ANY))
			return -errno;
	}
	return 0;
}

static int set_targets(struct kcount *kc, const struct kcount_targets *t,
		       const struct kcount_calls *calls, int fork_offset)
{
	struct kc_config cfg = {
		.all = !t->tids,
		.self_tgid = t->self,
		.follow_forks = t->follow_forks,
		.fork_child_offset = fork_offset,
		.selective = calls->selected != NULL,
		.errnos = calls->errnos,
	};
	struct kc_task task = { .state = t->at_exec ? KC_AT_EXEC : KC_TRACED };
	int fd = bpf_map__fd(kc->maps.tasks);
	__u32 key = 0;
	size_t i;

	cfg.pid_ns = bpf_embed_pid_ns(&cfg.pid_ns_dev, &cfg.pid_ns_ino);
	for (i = 0; t->tids && i < t->nr_tids; i++)
		if (bpf_map_update_elem(fd, &t->tids[i], &task, BPF_ANY))
			return -errno;
	fd = bpf_map__fd(kc->maps.config);
	return bpf_map_update_elem(fd, &key, &cfg, BPF_ANY) ? -errno : 0;
}

static int set_up(struct kcount *kc, const struct kcount_targets *t,
		  const struct kcount_calls *calls, const struct tracefs *tfs,
		  char *why, size_t len)
{
	int offset = 0, err;

	if (t->follow_forks && t->tids)
		offset = extra_tp_field_offset(tfs, "sched", "sched_process_fork", "child_pid");
	if (offset < 0) {
		bpf_embed_explain(why, len, "finding sched_process_fork's child_pid", offset);
		return offset;
	}
	kc->errnos_on = calls->errnos;
	err = copy_init(&kc->stats, kc->maps.stats);
	if (!err && kc->errnos_on)
		err = copy_init(&kc->errnos, kc->maps.errnos);
	if (!err)
		err = set_calls(kc, calls);
	if (!err)
		err = set_targets(kc, t, calls, offset);
	if (err)
		bpf_embed_explain(why, len, "setting up the counting BPF program's maps", err);
	return err;
}

/* Opens and loads the embedded object, with the maps sctrace reads and fills. */
static int load_program(struct kcount *kc, char *why, size_t len)
{
	struct kcount_maps *m = &kc->maps;
	const struct bpf_embed_map maps[] = {
		{ "config", &m->config },
		{ "calls", &m->calls },
		{ "tasks", &m->tasks },
		{ "stats", &m->stats },
		{ "errnos", &m->errnos },
		{ "gone", &m->gone },
		{ "missed", &m->missed },
	};

	return bpf_embed_open_load(&kc->prog, &program, maps, ARRAY_SIZE(maps), why, len);
}

/*
 * Loads the program, tells it whom and what to count, and attaches it.
 * NULL, with the reason, where BPF cannot be used.
 */
struct kcount *kcount_start(const struct kcount_targets *targets,
			    const struct kcount_calls *calls, const struct tracefs *tfs,
			    char *why, size_t len)
{
	struct kcount *kc = calloc(1, sizeof(*kc));

	if (!kc) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	if (load_program(kc, why, len) || set_up(kc, targets, calls, tfs, why, len) ||
	    bpf_embed_attach(&kc->prog, why, len))
		goto out_close;
	return kc;

out_close:
	kcount_close(kc);
	return NULL;
}

void kcount_close(struct kcount *kc)
{
	if (!kc)
		return;
	bpf_embed_close(&kc->prog);
	copy_free(&kc->stats);
	copy_free(&kc->errnos);
	free(kc);
}
