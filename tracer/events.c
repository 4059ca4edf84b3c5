// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "events.h"
#include "sample.h"
#include "teardown.h"

static int perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			   unsigned long flags)
{
	return syscall(SYS_perf_event_open, attr, pid, cpu, -1,
		       PERF_FLAG_FD_CLOEXEC | flags);
}

/* Every task's event on a cpu, or with --cgroup only the cgroup's, kept by the kernel. */
static int open_on(const struct event_spec *spec, struct perf_event_attr *attr,
		   pid_t tid, int cpu)
{
	if (tid == -1 && spec->in_cgroup)
		return perf_event_open(attr, spec->cgroup_fd, cpu, PERF_FLAG_PID_CGROUP);
	return perf_event_open(attr, tid, cpu, 0);
}

/* A dummy software event of this task, never enabled, asks for them. */
int events_probe_user_stack(uint64_t regs_user, uint32_t stack_user)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.sample_type = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	attr.sample_regs_user = regs_user;
	attr.sample_stack_user = stack_user;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = perf_event_open(&attr, 0, -1, 0);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* Comm and fork records are few and short: a task-record ring is small. */
#define TASK_RING_PAGES 64u

static void fill_attr(struct perf_event_attr *attr, const struct event_spec *spec,
		      const struct event_source *src);

/* The attr each (task, cpu) of src is opened with, e.g. for a perf.data file. */
void events_source_attr(const struct event_spec *spec, const struct event_source *src,
			struct perf_event_attr *attr)
{
	fill_attr(attr, spec, src);
}

static int add_id(int fd, uint64_t *ids, size_t *nr)
{
	if (ioctl(fd, PERF_EVENT_IOC_ID, &ids[*nr]))
		return -errno;
	(*nr)++;
	return 0;
}

/* The source a ring's flush event is listed with: its ring's own source. */
static size_t flush_listed_with(const struct event_set *es, size_t ring)
{
	return ring < es->nr_cpu_rings ? es->flush_source : es->task_source;
}

/*
 * The sample ids of source i's events, for a file's attr section. A
 * ring's flush event is listed too, with sys_exit (which it is) or with
 * the task-record source: its write may be the one that reports a loss,
 * and a LOST record whose id no attr lists is one perf script fails on.
 */
int events_source_ids(const struct event_set *es, size_t source, uint64_t **ids,
		      size_t *nr)
{
	size_t i;
	int err = 0;

	*ids = calloc(es->nr_fds + es->nr_rings ?: 1, sizeof(**ids));
	*nr = 0;
	if (!*ids)
		return -ENOMEM;
	for (i = 0; !err && i < es->nr_fds; i++)
		if (es->fd_sources[i] == source)
			err = add_id(es->fds[i], *ids, nr);
	for (i = 0; !err && i < es->nr_rings; i++)
		if (es->flush_fds[i] >= 0 && flush_listed_with(es, i) == source)
			err = add_id(es->flush_fds[i], *ids, nr);
	return err;
}

static unsigned int task_ring_pages(const struct event_spec *spec)
{
	return spec->mmap_pages < TASK_RING_PAGES ? spec->mmap_pages : TASK_RING_PAGES;
}

/* The bytes of records the ring src writes into holds. */
static size_t data_size_of(const struct event_spec *spec, const struct event_source *src)
{
	unsigned int pages = src->task_ring ? task_ring_pages(spec) : spec->mmap_pages;

	return pages * (size_t)sysconf(_SC_PAGESIZE);
}

static size_t ring_map_len(const struct event_set *es, size_t ring)
{
	return ring < es->nr_cpu_rings ? es->map_len : es->task_map_len;
}

static void fill_attr(struct perf_event_attr *attr, const struct event_spec *spec,
		      const struct event_source *src)
{
	size_t data_size = data_size_of(spec, src);

	memset(attr, 0, sizeof(*attr));
	attr->type = src->type;
	attr->size = sizeof(*attr);
	attr->config = src->config;
	attr->sample_period = 1;
	attr->sample_type = spec->sample_type;
	if (spec->sample_type & SCT_SAMPLE_ABI)
		attr->sample_regs_user = spec->regs_user ?: SCT_SAMPLE_ABI_REGS;
	/*
	 * One layout for all, but only sys_enter's stacks are unwound: the
	 * others' copies are empty (a size of 0), not 8 KiB of ring each,
	 * and their callchains too (nr 0). A chain is the user's only.
	 */
	if ((spec->sample_type & SCT_SAMPLE_STACK) && src->user_stack)
		attr->sample_stack_user = spec->stack_user;
	if (spec->sample_type & SCT_SAMPLE_CHAIN) {
		attr->exclude_callchain_kernel = 1;
		attr->exclude_callchain_user = !src->user_stack;
	}
	attr->comm = attr->comm_exec = attr->task = src->task_records;
	attr->mmap = attr->mmap2 = attr->mmap_data = src->mmap_records;
	attr->disabled = !src->per_cpu;
	attr->inherit = spec->inherit && !src->per_cpu;
	attr->enable_on_exec = spec->enable_on_exec && !src->per_cpu;
	attr->sample_id_all = 1;
	/* Timestamps comparable with clock_gettime, for ordering across rings. */
	attr->use_clockid = 1;
	attr->clockid = CLOCK_MONOTONIC;
	/*
	 * Wake the reader in batches, not once per record; under --lossless
	 * early enough to hold the command back at a quarter.
	 */
	attr->watermark = 1;
	attr->wakeup_watermark = data_size / (spec->early_wakeup ? 16 : 4);
}

static int add_fd(struct event_set *es, int fd, size_t source)
{
	int *bigger = realloc(es->fds, (es->nr_fds + 1) * sizeof(int));
	size_t *sources;

	if (!bigger)
		return -ENOMEM;
	es->fds = bigger;
	sources = realloc(es->fd_sources, (es->nr_fds + 1) * sizeof(*sources));
	if (!sources)
		return -ENOMEM;
	es->fd_sources = sources;
	es->fd_sources[es->nr_fds] = source;
	es->fds[es->nr_fds++] = fd;
	return 0;
}

static int map_ring(struct event_set *es, size_t idx, int fd)
{
	struct perf_event_mmap_page *meta;
	void *map = mmap(NULL, ring_map_len(es, idx), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (map == MAP_FAILED)
		return -errno;
	es->maps[idx] = map;
	es->ring_fds[idx] = fd;
	es->rings[idx] = malloc(sizeof(struct ring));
	if (!es->rings[idx])
		return -ENOMEM;
	meta = map;
	ring_init(es->rings[idx], meta, (unsigned char *)map + meta->data_offset,
		  meta->data_size);
	return 0;
}

/* Keeps the id of an event whose records are told apart by it. */
static int note_event_id(struct event_set *es, const struct event_source *src, int fd)
{
	enum event_id_kind kind;
	uint64_t id;

	if (!event_id_kind_of(src->type, src->config, src->task_ring, &kind))
		return 0;
	if (ioctl(fd, PERF_EVENT_IOC_ID, &id))
		return -errno;
	if (event_ids_add(&es->event_ids, &es->nr_event_ids, id, kind))
		return -ENOMEM;
	return 0;
}

/* Opens one source for one (task, cpu) and attaches it to its ring on the cpu. */
static int open_one(struct event_set *es, const struct event_spec *spec,
		    size_t cpu_idx, const struct event_source *src, pid_t tid, int cpu)
{
	size_t ring = src->task_ring ? es->nr_cpu_rings + cpu_idx : cpu_idx;
	struct perf_event_attr attr;
	int fd, err;

	es->failed_tid = tid;
	es->failed_cpu = cpu;
	es->failed_source = src - spec->sources;
	es->failed_step = EVENT_STEP_OPEN;
	fill_attr(&attr, spec, src);
	fd = open_on(spec, &attr, tid, cpu);
	if (fd < 0)
		return -errno;
	err = add_fd(es, fd, src - spec->sources);
	if (err) {
		close(fd);
		return err;
	}
	es->failed_step = EVENT_STEP_FILTER;
	if (src->filter && *src->filter &&
	    ioctl(fd, PERF_EVENT_IOC_SET_FILTER, src->filter))
		return -errno;
	err = note_event_id(es, src, fd);
	if (err)
		return err;
	es->failed_step = EVENT_STEP_MAP;
	if (es->ring_fds[ring] < 0)
		return map_ring(es, ring, fd);
	es->failed_step = EVENT_STEP_OUTPUT;
	if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, es->ring_fds[ring]))
		return -errno;
	return 0;
}

/* The source with a ring of its own on each cpu, if there is one. */
static size_t task_source_of(const struct event_spec *spec)
{
	size_t i;

	for (i = 0; i < spec->nr_sources; i++)
		if (spec->sources[i].task_ring)
			return i;
	return SIZE_MAX;
}

/* The source the flush events are opened like (sys_exit), if any. */
static size_t flush_source_of(const struct event_spec *spec)
{
	size_t i;

	for (i = 0; spec->flush_tp_id > 0 && i < spec->nr_sources; i++)
		if (spec->sources[i].type == PERF_TYPE_TRACEPOINT &&
		    spec->sources[i].config == (uint64_t)spec->flush_tp_id)
			return i;
	return SIZE_MAX;
}

static int alloc_rings(struct event_set *es, const struct event_spec *spec)
{
	size_t i, page = sysconf(_SC_PAGESIZE);

	es->task_source = task_source_of(spec);
	es->flush_source = flush_source_of(spec);
	es->nr_cpu_rings = spec->nr_cpus;
	es->nr_rings = spec->nr_cpus * (es->task_source == SIZE_MAX ? 1 : 2);
	es->map_len = (spec->mmap_pages + 1) * page;
	es->task_map_len = (task_ring_pages(spec) + 1) * page;
	es->rings = calloc(es->nr_rings, sizeof(struct ring *));
	es->ring_fds = calloc(es->nr_rings, sizeof(*es->ring_fds));
	es->ring_cpus = calloc(es->nr_rings, sizeof(*es->ring_cpus));
	es->flush_fds = calloc(es->nr_rings, sizeof(*es->flush_fds));
	es->maps = calloc(es->nr_rings, sizeof(*es->maps));
	if (!es->rings || !es->ring_fds || !es->ring_cpus || !es->flush_fds || !es->maps)
		return -ENOMEM;
	for (i = 0; i < es->nr_rings; i++) {
		es->ring_fds[i] = es->flush_fds[i] = -1;
		es->ring_cpus[i] = spec->cpus[i % spec->nr_cpus];
	}
	return 0;
}

/*
 * The kernel writes a ring's LOST record only when it next writes into
 * that ring. A task that overflowed one cpu's ring and never ran there
 * again would leave its loss unreported. sctrace's own, disabled event
 * on each cpu, output into that cpu's ring, lets it cause that write.
 * It is opened first and holds the ring: a traced task's event holding
 * it took the ring with it when that task exited (a short-lived thread
 * of a -p process), and the other tasks' records stopped arriving.
 */
static int open_flush(struct event_set *es, const struct event_spec *spec, size_t ring)
{
	const struct event_source flush = {
		.type = PERF_TYPE_TRACEPOINT, .config = spec->flush_tp_id,
		.task_ring = ring >= es->nr_cpu_rings,
	};
	struct perf_event_attr attr;
	int fd, err;

	es->failed_step = EVENT_STEP_FLUSH;
	es->failed_cpu = es->ring_cpus[ring];
	fill_attr(&attr, spec, &flush);
	attr.inherit = 0;
	attr.enable_on_exec = 0;
	fd = perf_event_open(&attr, getpid(), es->ring_cpus[ring], 0);
	if (fd < 0)
		return -errno;
	es->flush_fds[ring] = fd;
	err = note_event_id(es, &flush, fd);
	if (err)
		return err;
	es->failed_step = EVENT_STEP_MAP;
	return map_ring(es, ring, fd);
}

/* The flush events of the cpu's rings: its sample ring's, its task ring's. */
static int open_flushes(struct event_set *es, const struct event_spec *spec, size_t cpu_idx)
{
	int err = open_flush(es, spec, cpu_idx);

	if (!err && es->nr_rings > es->nr_cpu_rings)
		err = open_flush(es, spec, es->nr_cpu_rings + cpu_idx);
	return err;
}

/*
 * Call after draining every ring: on each cpu in turn, sctrace enables
 * its flush event, whose own syscall exit is written into that ring
 * behind any pending LOST record. Drain again afterwards, skipping
 * sctrace's own samples.
 */
void events_flush_lost(struct event_set *es)
{
	cpu_set_t old, one;
	size_t i;

	if (sched_getaffinity(0, sizeof(old), &old))
		return;
	for (i = 0; i < es->nr_rings; i++) {
		if (es->flush_fds[i] < 0)
			continue;
		CPU_ZERO(&one);
		CPU_SET(es->ring_cpus[i], &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			continue;
		ioctl(es->flush_fds[i], PERF_EVENT_IOC_ENABLE, 0);
		ioctl(es->flush_fds[i], PERF_EVENT_IOC_DISABLE, 0);
	}
	sched_setaffinity(0, sizeof(old), &old);
}

/* Every source of one (task, cpu); -ESRCH if the task is gone. */
static int open_task(struct event_set *es, const struct event_spec *spec,
		     size_t ring, pid_t tid)
{
	size_t i;
	int err = 0;

	for (i = 0; !err && i < spec->nr_sources; i++)
		if (!spec->sources[i].per_cpu)
			err = open_one(es, spec, ring, &spec->sources[i], tid,
				       spec->cpus[ring]);
	return err;
}

/* The sources every task on the cpu shares, into the cpu's ring. */
static int open_per_cpu(struct event_set *es, const struct event_spec *spec,
			size_t ring)
{
	size_t i;
	int err = 0;

	for (i = 0; !err && i < spec->nr_sources; i++)
		if (spec->sources[i].per_cpu)
			err = open_one(es, spec, ring, &spec->sources[i], -1,
				       spec->cpus[ring]);
	return err;
}

/* Source's fd on each ring, in ring order: for a per-cpu source. */
void events_source_fds(const struct event_set *es, size_t source, int *fds)
{
	size_t i, n = 0;

	for (i = 0; i < es->nr_fds && n < es->nr_cpu_rings; i++)
		if (es->fd_sources[i] == source)
			fds[n++] = es->fds[i];
}

/* Whether any source is opened per task (the BPF engine may leave none). */
static bool any_task_source(const struct event_spec *spec)
{
	size_t i;

	for (i = 0; i < spec->nr_sources; i++)
		if (!spec->sources[i].per_cpu)
			return true;
	return false;
}

/*
 * A listed task that exits before its events are open (a thread of a
 * -p process, a zombie of -u's user) is skipped, as perf and strace do;
 * the tasks are listed from /proc a moment earlier. Only when no task
 * is left on a cpu's ring is that an error (-ESRCH).
 */
static int open_tasks(struct event_set *es, const struct event_spec *spec,
		      size_t ring)
{
	size_t t, nr_tasks = spec->tids ? spec->nr_tids : 1, before = es->nr_fds;
	int err = 0;

	for (t = 0; t < nr_tasks; t++) {
		err = open_task(es, spec, ring, spec->tids ? spec->tids[t] : -1);
		if (err == -ESRCH && spec->tids)
			continue;
		if (err)
			return err;
	}
	return es->nr_fds > before || !any_task_source(spec) ? 0 : -ESRCH;
}

int events_open(struct event_set *es, const struct event_spec *spec)
{
	size_t c;
	int err;

	memset(es, 0, sizeof(*es));
	err = alloc_rings(es, spec);
	for (c = 0; !err && c < spec->nr_cpus; c++) {
		if (spec->flush_tp_id > 0)
			err = open_flushes(es, spec, c);
		if (!err)
			err = open_tasks(es, spec, c);
		if (!err)
			err = open_per_cpu(es, spec, c);
	}
	if (err) {
		es->failed_nr_fds = es->nr_fds;
		for (c = 0; c < es->nr_rings; c++)
			es->failed_nr_fds += es->flush_fds && es->flush_fds[c] >= 0;
		events_close(es);
		return err;
	}
	event_ids_sort(es->event_ids, es->nr_event_ids);
	return 0;
}

int events_enable(struct event_set *es)
{
	size_t i;

	es->failed_step = EVENT_STEP_ENABLE;
	for (i = 0; i < es->nr_fds; i++) {
		es->failed_source = es->fd_sources[i];
		if (ioctl(es->fds[i], PERF_EVENT_IOC_ENABLE, 0))
			return -errno;
	}
	return 0;
}

/* Stops new records; a child's inherited copy may still write a few. */
void events_disable(struct event_set *es)
{
	size_t i;

	for (i = 0; i < es->nr_fds; i++)
		ioctl(es->fds[i], PERF_EVENT_IOC_DISABLE, 0);
}

static int grow(void **array, size_t nr, size_t size)
{
	void *bigger = realloc(*array, nr * size);

	if (!bigger)
		return -ENOMEM;
	*array = bigger;
	return 0;
}

/*
 * Rings that no event writes into (the BPF engine's), read like the
 * others from now on; their owner frees them, after events_close.
 */
int events_adopt_rings(struct event_set *es, struct ring **rings, const int *cpus,
		       size_t nr)
{
	size_t n = es->nr_rings + nr, i;

	if (grow((void **)&es->rings, n, sizeof(struct ring *)) ||
	    grow((void **)&es->ring_fds, n, sizeof(*es->ring_fds)) ||
	    grow((void **)&es->ring_cpus, n, sizeof(*es->ring_cpus)) ||
	    grow((void **)&es->flush_fds, n, sizeof(*es->flush_fds)) ||
	    grow((void **)&es->maps, n, sizeof(*es->maps)))
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		es->rings[es->nr_rings + i] = rings[i];
		es->ring_fds[es->nr_rings + i] = -1;
		es->ring_cpus[es->nr_rings + i] = cpus[i];
		es->flush_fds[es->nr_rings + i] = -1;
		es->maps[es->nr_rings + i] = NULL;
	}
	es->nr_rings = n;
	es->nr_adopted += nr;
	return 0;
}

/* The flush events' fds and the others, closed at once (teardown.h). */
static void close_perf_fds(struct event_set *es)
{
	size_t nr = 0, i;
	int *all = calloc(es->nr_rings + es->nr_fds, sizeof(*all));

	for (i = 0; es->flush_fds && i < es->nr_rings; i++) {
		if (es->flush_fds[i] < 0)
			continue;
		if (all)
			all[nr++] = es->flush_fds[i];
		else
			close(es->flush_fds[i]);
	}
	if (!all) {
		teardown_close_fds(es->fds, es->nr_fds);
		return;
	}
	for (i = 0; i < es->nr_fds; i++)
		all[nr++] = es->fds[i];
	teardown_close_fds(all, nr);
	free(all);
}

void events_close(struct event_set *es)
{
	size_t i;

	for (i = 0; i < es->nr_rings; i++) {
		if (es->maps && es->maps[i])
			munmap(es->maps[i], ring_map_len(es, i));
		if (es->rings && es->rings[i] && i < es->nr_rings - es->nr_adopted) {
			ring_free_spill(es->rings[i]);
			free(es->rings[i]);
		}
	}
	close_perf_fds(es);
	free(es->fds);
	free(es->fd_sources);
	es->fd_sources = NULL;
	free(es->rings);
	free(es->ring_fds);
	free(es->ring_cpus);
	free(es->flush_fds);
	free(es->maps);
	free(es->event_ids);
	es->fds = NULL;
	es->rings = NULL;
	es->ring_fds = NULL;
	es->ring_cpus = NULL;
	es->flush_fds = NULL;
	es->maps = NULL;
	es->event_ids = NULL;
	es->nr_fds = es->nr_rings = es->nr_cpu_rings = es->nr_event_ids = 0;
	es->nr_adopted = 0;
}
