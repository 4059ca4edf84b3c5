// SPDX-License-Identifier: GPL-2.0
#include <libaudit.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "events.h"
#include "lists.h"
#include "sample.h"
#include "syscall_table.h"
#include "sysent.h"
#include "target.h"
#include "tp_agree.h"

#define TP_RING_PAGES 256
/* raw_syscalls:sys_enter and one per-syscall tracepoint per call. */
#define TP_MAX_IDS 512

static struct tp_pending *task(struct tp_report *rep, int32_t tid)
{
	struct tp_pending *t = NULL;
	size_t i;

	for (i = 0; i < rep->nr_tasks; i++)
		if (rep->tasks[i].tid == tid)
			return &rep->tasks[i];
	/* A task waiting for no twin may give its place to a new one. */
	for (i = 0; i < rep->nr_tasks && !t; i++)
		if (!rep->tasks[i].raw && !rep->tasks[i].named)
			t = &rep->tasks[i];
	if (!t && rep->nr_tasks == TP_MAX_TASKS)
		return NULL;
	if (!t)
		t = &rep->tasks[rep->nr_tasks++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

static struct tp_nr_result *nr_result(struct tp_report *rep, long nr)
{
	return rep->by_nr && nr >= 0 && nr < rep->nr_len ? &rep->by_nr[nr] : NULL;
}

static void mismatch(struct tp_report *rep, const char *what, int32_t tid, long nr)
{
	struct tp_nr_result *r = nr_result(rep, nr);

	if (!rep->mismatches++)
		snprintf(rep->first, sizeof(rep->first), "tid %d, syscall %ld: %s",
			 (int)tid, nr, what);
	if (r && !r->mismatches++)
		snprintf(r->first, sizeof(r->first), "tid %d: %s", (int)tid, what);
}

static void compare(struct tp_report *rep, struct tp_pending *t)
{
	struct tp_nr_result *r = nr_result(rep, t->raw_nr);
	int i;

	rep->pairs++;
	if (r)
		r->pairs++;
	for (i = 0; i < t->named_nargs && i < 6; i++) {
		if (t->raw_args[i] != t->named_args[i]) {
			char what[128];

			snprintf(what, sizeof(what), "argument %d is %#lx raw, %#lx per-syscall",
				 i, t->raw_args[i], t->named_args[i]);
			mismatch(rep, what, t->tid, t->raw_nr);
			break;
		}
	}
	t->raw = t->named = false;
}

/*
 * One record. raw: from raw_syscalls:sys_enter, only for calls whose
 * per-syscall event is enabled; otherwise from syscalls:sys_enter_NAME.
 */
void tp_feed(struct tp_report *rep, int32_t tid, bool raw, long nr,
	     const unsigned long *args, int nargs)
{
	struct tp_pending *t = task(rep, tid);

	if (!t) {
		mismatch(rep, "too many tasks to pair", tid, nr);
		return;
	}
	if ((raw && t->raw) || (!raw && t->named))
		mismatch(rep, raw ? "raw record without its per-syscall twin"
				  : "per-syscall record without its raw twin",
			 tid, raw ? t->raw_nr : t->named_nr);
	if (raw) {
		t->raw = true;
		t->raw_nr = nr;
		memcpy(t->raw_args, args, sizeof(t->raw_args));
	} else {
		t->named = true;
		t->named_nr = nr;
		t->named_nargs = nargs;
		memcpy(t->named_args, args, nargs * sizeof(args[0]));
	}
	if (!t->raw || !t->named)
		return;
	if (t->raw_nr != t->named_nr) {
		mismatch(rep, "the two records carry different numbers", tid, t->raw_nr);
		t->raw = t->named = false;
		return;
	}
	compare(rep, t);
}

void tp_finish(struct tp_report *rep)
{
	size_t i;

	for (i = 0; i < rep->nr_tasks; i++) {
		struct tp_pending *t = &rep->tasks[i];

		if (t->raw || t->named)
			mismatch(rep, "a record never paired", t->tid,
				 t->raw ? t->raw_nr : t->named_nr);
	}
}

struct tp_setup {
	int ids[TP_MAX_IDS];
	size_t nr_ids;		/* ids[0] is raw_syscalls:sys_enter */
	struct event_source sources[TP_MAX_IDS];	/* one per id */
	const char *names[TP_MAX_IDS];	/* names[i] goes with ids[i] */
	long nrs[TP_MAX_IDS];	/* or, given by number, nrs[i] does */
	bool by_number;
	int machine;
};

/*
 * Whether a raw record's per-syscall twin is open: by the number it was
 * given, or else by the name sctrace's table gives the number.
 */
static bool enabled(const struct tp_setup *s, long nr)
{
	const char *name = s->by_number ? NULL : syscall_name(s->machine, nr);
	size_t i;

	for (i = 1; i < s->nr_ids; i++) {
		if (s->by_number ? s->nrs[i] == nr : name && !strcmp(s->names[i], name))
			return true;
	}
	return false;
}

static void feed_record(struct tp_report *rep, const struct tp_setup *s,
			const struct perf_event_header *hdr)
{
	struct sct_event ev;
	unsigned long args[6] = { 0 };
	uint32_t size;
	const unsigned char *raw = sample_raw(hdr, &ev, &size);
	uint16_t type;
	int nr32, nargs;

	if (!raw)
		return;
	memcpy(&type, raw, sizeof(type));
	if (type == s->ids[0]) {
		memcpy(&ev.nr, raw + 8, sizeof(ev.nr));
		memcpy(args, raw + 16, sizeof(args));
		if (enabled(s, ev.nr))
			tp_feed(rep, ev.tid, true, ev.nr, args, 6);
		return;
	}
	/* syscalls:sys_enter_NAME: int __syscall_nr at 8, arguments from 16. */
	memcpy(&nr32, raw + 8, sizeof(nr32));
	nargs = size > 16 ? (size - 16) / 8 : 0;
	if (nargs > 6)
		nargs = 6;
	memcpy(args, raw + 16, nargs * sizeof(args[0]));
	tp_feed(rep, ev.tid, false, nr32, args, nargs);
}

static void read_rings(struct tp_report *rep, const struct tp_setup *s,
		       struct event_set *es)
{
	const struct perf_event_header *hdr;
	size_t i;

	for (i = 0; i < es->nr_rings; i++) {
		ring_begin(es->rings[i]);
		while ((hdr = ring_next(es->rings[i])))
			feed_record(rep, s, hdr);
		ring_end(es->rings[i]);
	}
}

/*
 * names: sctrace's names of the calls, or with nrs, the per-syscall
 * tracepoints' own names of those numbers.
 */
static int setup_ids(struct tp_setup *s, const struct tracefs *tfs,
		     char *const *names, const long *nrs, size_t nr_names)
{
	size_t i;

	s->machine = audit_detect_machine();
	s->by_number = nrs != NULL;
	s->ids[0] = tracefs_event_id(tfs, "raw_syscalls", "sys_enter");
	s->nr_ids = 1;
	for (i = 0; i < nr_names && s->nr_ids < TP_MAX_IDS; i++) {
		char tp[96];
		int id;

		snprintf(tp, sizeof(tp), "sys_enter_%s",
			 nrs ? names[i] : syscall_tracepoint_name(s->machine, names[i]));
		id = tracefs_event_id(tfs, "syscalls", tp);
		if (id < 0)
			continue;
		s->names[s->nr_ids] = names[i];
		s->nrs[s->nr_ids] = nrs ? nrs[i] : -1;
		s->ids[s->nr_ids++] = id;
	}
	return s->ids[0] < 0 ? -1 : 0;
}

static int run(const struct tracefs *tfs, const char *workload,
	       char *const *names, const long *nrs, size_t nr_names,
	       struct tp_report *rep, const char **why)
{
	static struct tp_setup s;
	char *argv[] = { (char *)workload, NULL };
	struct cpu_list cpus = { 0 };
	struct command cmd = { .go_fd = -1, .exec_fd = -1 };
	struct event_set es;
	struct event_spec spec = { .inherit = true, .enable_on_exec = true,
				   .mmap_pages = TP_RING_PAGES,
				   .sample_type = SCT_SAMPLE_TYPE };
	sigset_t none;
	size_t i;
	int ret = -1;

	sigemptyset(&none);
	*why = "no raw_syscalls:sys_enter tracepoint";
	if (setup_ids(&s, tfs, names, nrs, nr_names) || cpu_list_online(&cpus))
		goto out;
	*why = "cannot start the workload";
	if (command_prepare(&cmd, &(struct command_setup){ .argv = argv, .mask = &none }))
		goto out_cpus;
	for (i = 0; i < s.nr_ids; i++)
		s.sources[i] = (struct event_source){ .type = PERF_TYPE_TRACEPOINT,
						      .config = s.ids[i] };
	spec.sources = s.sources;
	spec.nr_sources = s.nr_ids;
	spec.cpus = cpus.cpus;
	spec.nr_cpus = cpus.nr;
	spec.tids = &cmd.pid;
	spec.nr_tids = 1;
	*why = "cannot open the tracepoints";
	if (events_open(&es, &spec)) {
		command_abandon(&cmd);
		goto out_cpus;
	}
	*why = "cannot run the workload";
	if (!command_start(&cmd) && waitpid(cmd.pid, NULL, 0) == cmd.pid) {
		read_rings(rep, &s, &es);
		tp_finish(rep);
		ret = 0;
	}
	events_close(&es);
out_cpus:
	cpu_list_free(&cpus);
out:
	return ret;
}

/* Runs the workload under both kinds of tracepoint and pairs the records. */
int tp_agree_run(const struct tracefs *tfs, const char *workload,
		 char *const *names, size_t nr_names, struct tp_report *rep,
		 const char **why)
{
	memset(rep, 0, sizeof(*rep));
	return run(tfs, workload, names, NULL, nr_names, rep, why);
}

/*
 * The same, the per-syscall tracepoints given by name with the number
 * each belongs to (sctrace's table not asked), and each number's pairs
 * and mismatches counted in by_nr[nr] for nr below nr_len.
 */
int tp_agree_run_nrs(const struct tracefs *tfs, const char *workload,
		     const long *nrs, char *const *tracepoints, size_t n,
		     struct tp_report *rep, struct tp_nr_result *by_nr,
		     long nr_len, const char **why)
{
	memset(rep, 0, sizeof(*rep));
	memset(by_nr, 0, nr_len * sizeof(*by_nr));
	rep->by_nr = by_nr;
	rep->nr_len = nr_len;
	return run(tfs, workload, tracepoints, nrs, n, rep, why);
}
