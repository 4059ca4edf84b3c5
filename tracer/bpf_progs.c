// SPDX-License-Identifier: GPL-2.0
#include <unistd.h>

#include "bpf_progs.h"
#include "diag.h"
#include "select.h"
#include "teardown.h"

/*
 * -s alone, where BPF works: the calls are counted in the kernel, none
 * lost at any rate. Else they are counted from the rings, with a notice
 * once the events are open. --max-events and -C need the records, and
 * so does -O, taken off each call's time; --no-contents runs no BPF. True: the rings need no syscall record.
 * The first of the three steps: it decides whether contents are wanted.
 */
bool bpf_progs_count(struct bpf_progs *p, const struct sct_options *o,
		     const struct kcount_targets *targets, const struct kcount_calls *calls,
		     const struct tracefs *tfs)
{
	p->contents_wanted = !o->no_contents && !o->raw;
	/* -b execve: the printer counts, leaving out what it hides, as strace. */
	if (!o->print.summary_only || o->print.max_events || o->has_cpus || o->cgroup ||
	    o->no_contents || o->print.stats.overhead_ns || o->print.detach_on_exec)
		return false;
	p->kcount = kcount_start(targets, calls, tfs, p->no_kcount_why,
				 sizeof(p->no_kcount_why));
	if (p->kcount)
		*p->no_kcount_why = '\0';
	/* Its records would only cost: -s shows no argument. */
	p->contents_wanted = false;
	return p->kcount != NULL;
}

/*
 * Contents are shown where BPF works; else the notice says why not.
 * links: on BPF links rather than perf events, where the kernel can.
 */
void bpf_progs_load(struct bpf_progs *p, struct syscall_cache *syscalls,
		    const bool *selected, unsigned int string_limit,
		    const struct tracefs *tfs, bool links)
{
	if (!p->contents_wanted)
		return;
	p->contents = contents_load(syscalls, selected, SELECT_MAX_NR, string_limit, tfs,
				    links, p->no_contents_why, sizeof(p->no_contents_why));
}

static void tell_no_contents(const char *why)
{
	diag("notice: pointer arguments are shown as addresses: %s (--no-contents hides this notice)",
	     why);
}

static void tell_no_kcount(const struct bpf_progs *p)
{
	if (*p->no_kcount_why)
		diag("notice: -c counts from the ring buffers, which lose calls when they overflow: %s (--no-contents hides this notice)",
		     p->no_kcount_why);
}

/* The contents program reads for the tasks the events follow, into their rings. */
static bool start_contents(struct bpf_progs *p, const struct event_set *es,
			   const struct event_spec *spec, bool system_wide,
			   const struct tracefs *tfs)
{
	struct contents_targets targets = {
		.tids = system_wide ? NULL : spec->tids,
		.nr_tids = spec->nr_tids,
		.follow_forks = spec->inherit,
		.self = getpid(),
	};
	struct contents_outputs out = {
		.cpus = es->ring_cpus,
		.nr = es->nr_cpu_rings,
	};
	char *why = p->no_contents_why;
	int fds[es->nr_cpu_rings ?: 1];

	if (!p->contents) {
		if (p->contents_wanted)
			tell_no_contents(why);
		return false;
	}
	/* The BPF output is the last source (sources_make). */
	events_source_fds(es, spec->nr_sources - 1, fds);
	out.fds = fds;
	if (!contents_start(p->contents, &out, &targets, tfs, why, CONTENTS_WHY_MAX))
		return true;
	tell_no_contents(why);
	contents_close(p->contents);
	p->contents = NULL;
	return false;
}

/*
 * Once the events are open: the contents program starts, and each
 * program that does not run says why. True: contents are read.
 */
bool bpf_progs_start(struct bpf_progs *p, const struct event_set *es,
		     const struct event_spec *spec, bool system_wide,
		     const struct tracefs *tfs)
{
	bool contents = start_contents(p, es, spec, system_wide, tfs);

	tell_no_kcount(p);
	return contents;
}

static void close_contents(void *contents)
{
	contents_close(contents);
}

static void close_kcount(void *kcount)
{
	kcount_close(kcount);
}

void bpf_progs_close(struct bpf_progs *p)
{
	const struct teardown_job jobs[] = {
		{ close_contents, p->contents },
		{ close_kcount, p->kcount },
	};

	teardown_run(jobs, ARRAY_SIZE(jobs));
}
