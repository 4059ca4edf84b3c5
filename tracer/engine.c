// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "diag.h"
#include "engine.h"

/* What the BPF engine does not do yet, or NULL. */
static const char *not_done(const struct sct_options *o)
{
	if (o->record)
		return "record writes perf.data from perf events";
	if (o->faults_major || o->faults_minor)
		return "page faults (-F) share perf's rings";
	if (o->lossless)
		return "--lossless watches perf's rings";
	if (o->cgroup)
		return "--cgroup keeps a cgroup's tasks in perf events";
	if (o->stack_user || o->callchain)
		return "stack traces (-k, --call-graph) come with perf's samples";
	if (o->print.insn_ptr)
		return "the instruction pointer (-i) comes with perf's samples";
	return NULL;
}

/*
 * The BPF ring, from -m: the perf rings' bytes, 16 times over. The reader
 * takes records on a timer, not when woken, and was seen off-cpu for tens
 * of ms on a busy machine: 8 MiB lost records there, 64 MiB (the default
 * -m on 2 cpus) never did. A power of two of pages, as the kernel wants.
 */
static uint32_t ring_bytes(const struct sct_options *o, size_t nr_cpus)
{
	uint64_t want = (uint64_t)o->mmap_pages * (uint64_t)sysconf(_SC_PAGESIZE) * nr_cpus * 16;
	uint64_t bytes = (uint64_t)sysconf(_SC_PAGESIZE);

	while (bytes < want && bytes < ((uint64_t)1 << 30))
		bytes <<= 1;
	return (uint32_t)bytes;
}

/* Said where --engine asked for bpf: SCTRACE_ENGINE is a preference only. */
static void fall_back(const struct sct_options *o, const char *why)
{
	if (o->engine_set)
		diag("notice: the BPF engine cannot capture this run: %s; capturing through perf events",
		     why);
}

void engine_choose(struct engine *e, const struct sct_options *o, size_t nr_cpus,
		   bool counted_in_kernel)
{
	char why[CAPTURE_WHY_MAX];
	const char *no;

	e->capture = NULL;
	if (o->engine != SCT_ENGINE_BPF || counted_in_kernel)
		return;
	no = not_done(o);
	if (no) {
		fall_back(o, no);
		return;
	}
	e->capture = capture_load(ring_bytes(o, nr_cpus), why, sizeof(why));
	if (!e->capture)
		fall_back(o, why);
}

/*
 * Attached after the contents program, so that its records come first,
 * as with perf. Past the load, a failure ends the run (the perf events
 * are open without raw_syscalls): said, as an error.
 */
int engine_start(struct engine *e, struct event_set *es, const struct capture_setup *s)
{
	char why[CAPTURE_WHY_MAX];
	struct ring **rings;
	const int *cpus;
	size_t nr;
	int err;

	if (!e->capture)
		return 0;
	err = capture_start(e->capture, s, why, sizeof(why));
	if (err) {
		diag("cannot start the BPF engine: %s; try --engine=perf", why);
		return err;
	}
	nr = capture_rings(e->capture, &rings, &cpus);
	err = events_adopt_rings(es, rings, cpus, nr);
	if (err)
		diag("cannot start the BPF engine: out of memory for its rings; try --engine=perf");
	return err;
}

/* The BPF engine's program is loaded: the contents program joins it on links. */
bool engine_is_bpf(const struct engine *e)
{
	return e->capture != NULL;
}

void engine_close(struct engine *e)
{
	capture_close(e->capture);
	e->capture = NULL;
}
