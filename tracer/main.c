// SPDX-License-Identifier: GPL-2.0
/*
 * sctrace: strace-like output from the kernel's raw_syscalls tracepoints.
 */
#include <errno.h>
#include <libaudit.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bpf_progs.h"
#include "cgroup_target.h"
#include "clock.h"
#include "diag.h"
#include "engine.h"
#include "events.h"
#include "exit_codes.h"
#include "fdpaths.h"
#include "frames.h"
#include "holdback.h"
#include "insn_ptr.h"
#include "mapsynth.h"
#include "options.h"
#include "outfile.h"
#include "outcome.h"
#include "printer.h"
#include "recording.h"
#include "replay.h"
#include "select.h"
#include "session.h"
#include "signals.h"
#include "sources.h"
#include "syscalls.h"
#include "target.h"
#include "taskfiles.h"
#include "teardown.h"
#include "tp_find.h"
#include "tracefs.h"
#include "unwind.h"

#define OUTBUF_SIZE ((size_t)256 * 1024)

/* Everything one run sets up, torn down in reverse by run_free(). */
struct run {
	struct sct_options opts;
	struct tracefs tfs;
	struct sample_ids ids;
	struct cpu_list online;
	struct id_list tids;		/* resolved tasks of -p/-t/-u */
	struct id_list watched;		/* the tasks whose end ends the run */
	struct command cmd;
	struct event_set events;
	struct format_source formats;	/* tracefs's, for the syscall cache */
	struct syscall_cache syscalls;
	struct extra_tps extra;		/* --event and --sched tracepoints */
	struct outbuf out;
	struct printer printer;
	struct session session;
	struct sct_signals signals;
	int out_fd;
	uint64_t start_ns;		/* CLOCK_MONOTONIC when tracing began */
	int32_t child_tid;		/* the command, the one task traced */
	int machine;			/* libaudit MACH_*, of the running kernel */
	struct select_filters filters;	/* the tracepoints' filters in the kernel */
	struct event_spec spec;		/* what was opened, for a file's attrs */
	struct event_source sources[SOURCES_MAX];
	struct recording rec;		/* record: the perf.data file */
	struct bpf_progs progs;		/* contents read, -s counted in the kernel */
	struct syscall_set selected;	/* -e's calls, if given */
	struct fd_paths start_fds;	/* -y: the traced processes' fds at the start */
	struct holdback hold;		/* --lossless: the command's cgroup */
	char *const *argv;		/* sctrace's own, for a recording's header */
	int argc;
	struct engine engine;		/* --engine=bpf's capture, or perf events */
	int cgroup_fd;			/* --cgroup's directory, or -1 */
	struct outfile_keep keep;	/* the command's executable, never written */
	struct taskfiles files;		/* -ff -o FILE: FILE.TID */
};

/* raw_syscalls' tracepoints, and the numbers of the kernel they report. */
static int find_tracepoints(struct run *r)
{
	r->machine = audit_detect_machine();
	return tp_find_raw(&r->tfs, &r->ids);
}

/* Signals are seen unless none is shown, or only the table is printed. */
static int find_extra_tracepoints(struct run *r)
{
	bool signals = r->opts.print.signals && !r->opts.print.summary_only;

	return tp_find_extra(&r->extra, &r->tfs, r->opts.events, r->opts.nr_events,
			     r->opts.sched, signals, r->opts.print.kvm_exits);
}

static int check_cpus(struct run *r)
{
	return sources_cpus(&r->online, r->opts.has_cpus ? &r->opts.cpus : NULL);
}

static int resolve_tasks(struct run *r)
{
	const struct target_request req = {
		.pids = &r->opts.pids, .tids = &r->opts.tids, .has_uid = r->opts.has_uid,
		.uid = r->opts.uid, .user = r->opts.user,
	};

	return target_resolve(&req, &r->tids, &r->watched);
}

/* Never over the program about to run: it is read, by exec. */
static int open_output(struct run *r)
{
	struct outfile_keep *keep = &r->keep;
	size_t nr_keep = r->opts.command && !command_file(r->opts.command[0], &keep->sb);
	const struct trace_dest dest = { r->opts.output, r->opts.append, keep, nr_keep };
	int ret;

	keep->what = "the traced command's executable";
	/* record: the text output stays on stderr, unused. */
	if (r->opts.record) {
		ret = recording_open(&r->rec, r->opts.output, keep, nr_keep,
				     r->argv, r->argc);
		if (!ret)
			ret = outbuf_open_trace(&r->out, &(struct trace_dest){ 0 }, OUTBUF_SIZE);
	} else if (r->opts.separate) {
		/* -ff: what is no task's (lost events) stays on stderr. */
		taskfiles_init(&r->files, &dest, &r->out);
		ret = outbuf_open_trace(&r->out, &(struct trace_dest){ 0 }, OUTBUF_SIZE);
	} else {
		ret = outbuf_open_trace(&r->out, &dest, OUTBUF_SIZE);
	}
	r->out_fd = r->out.fd;
	return ret;
}

/*
 * Forked now, so that its events can be opened before it execs; under
 * --lossless into a cgroup of its own, whose guardian is forked first,
 * before sctrace becomes the subreaper of what it forks.
 */
static int prepare_command(struct run *r)
{
	const struct command_setup setup = {
		.argv = r->opts.command, .mask = &r->signals.old_mask,
		.env = r->opts.env, .nr_env = r->opts.nr_env,
		.user = r->opts.run_user, .uid = r->opts.run_uid,
		.gid = r->opts.run_gid,
	};
	int ret;

	if (!r->opts.command)
		return 0;
	ret = r->opts.lossless ? holdback_open(&r->hold) : 0;
	if (!ret)
		ret = target_fork_command(&r->cmd, &setup, r->opts.inherit);
	if (!ret && r->opts.lossless)
		ret = holdback_add(&r->hold, r->cmd.pid);
	return ret;
}

static int init_syscalls(struct run *r)
{
	char why[512];
	int err;

	r->formats = (struct format_source){ tracefs_format_source, &r->tfs };
	if (syscall_cache_init(&r->syscalls, &r->formats, r->machine))
		return diag_no_memory("the syscall table");
	r->syscalls.raw = r->opts.raw;
	err = syscall_cache_sets(&r->syscalls, &r->opts.call_sets, why, sizeof(why));
	if (err == -ENOMEM)
		return diag_no_memory("the calls of -e raw=, abbrev= or verbose=");
	if (err) {
		diag("%s", why);
		return SCT_EXIT_USAGE;
	}
	return 0;
}

/* -s alone: counted in the kernel where BPF works (bpf_progs_count). */
static bool count_in_kernel(struct run *r, bool system_wide)
{
	const struct sct_options *o = &r->opts;
	int32_t child = r->cmd.pid;
	const struct kcount_targets targets = {
		.tids = system_wide ? NULL : o->command ? &child : r->tids.ids,
		.nr_tids = o->command ? 1 : r->tids.nr,
		.at_exec = o->command != NULL,
		.follow_forks = o->inherit,
		.self = getpid(),
	};
	const struct kcount_calls calls = {
		.machine = r->machine,
		.selected = o->expr ? r->selected.nr : NULL,
		.nr_selected = SELECT_MAX_NR,
		.errnos = o->print.errno_summary,
	};

	return bpf_progs_count(&r->progs, o, &targets, &calls, &r->tfs);
}

/* -k or --call-graph: each call's user stack, named in the mappings of its time. */
static bool stacks_wanted(const struct sct_options *o)
{
	return o->stack_user || o->callchain;
}

/*
 * record -k -p: the processes' mappings from before the trace, ahead of
 * their first sample, with sys_enter's id. A process gone already has none.
 */
static void record_maps(struct run *r)
{
	uint64_t *ids, now = clock_ns(CLOCK_MONOTONIC);
	size_t i, nr;

	if (!stacks_wanted(&r->opts) || r->opts.command ||
	    events_source_ids(&r->events, 0, &ids, &nr))
		return;
	for (i = 0; nr && i < r->opts.pids.nr; i++)
		mapsynth_write(&r->rec.writer, r->spec.sample_type, ids[0],
			       r->opts.pids.ids[i], now);
	free(ids);
}

/* -k: an unwinder's registers; -i: the instruction pointer; 0: the ABI alone. */
static uint64_t regs_user_of(const struct sct_options *o)
{
	uint64_t regs = o->stack_user ? unwind_regs_user() : 0;

	if (o->print.insn_ptr)
		regs |= (regs ?: SCT_SAMPLE_ABI_REGS) | insn_ptr_reg_bit();
	return regs;
}

/* What to open, on which cpus, for which tasks. */
static void make_spec(struct run *r, bool system_wide)
{
	const struct cpu_list *cpus = r->opts.has_cpus ? &r->opts.cpus : &r->online;
	bool faults = r->opts.faults_major || r->opts.faults_minor;
	const struct sources_plan plan = {
		.enter_id = r->ids.enter, .exit_id = r->ids.exit,
		.filters = &r->filters, .extra = &r->extra,
		/* -y: forks copy fd tables; -k: execs replace mappings; -b: execs end. */
		.task_records = r->opts.print.comm || r->opts.print.decode_pids ||
				r->opts.record || r->opts.print.fds ||
				stacks_wanted(&r->opts) || r->opts.print.detach_on_exec,
		.faults_major = r->opts.faults_major, .faults_minor = r->opts.faults_minor,
		.contents = r->progs.contents != NULL,
		.raw_syscalls = !r->engine.capture,
		.stacks = stacks_wanted(&r->opts),
	};
	struct event_spec *spec = &r->spec;

	*spec = (struct event_spec){
		.sources = r->sources,
		.nr_sources = sources_make(&plan, r->sources),
		.sample_type = (faults ? SCT_SAMPLE_TYPE_FAULTS : SCT_SAMPLE_TYPE) |
			       SCT_SAMPLE_ABI,
		.cpus = cpus->cpus,
		.nr_cpus = cpus->nr,
		.inherit = r->opts.inherit && !system_wide,
		.mmap_pages = r->opts.mmap_pages,
		.regs_user = regs_user_of(&r->opts),
		.stack_user = r->opts.stack_user,
		.early_wakeup = r->opts.lossless,
		.flush_tp_id = r->ids.exit,
	};
	if (r->opts.stack_user)
		spec->sample_type |= SCT_SAMPLE_STACK;
	if (r->opts.callchain)
		spec->sample_type |= SCT_SAMPLE_CHAIN;
	if (r->opts.record)
		spec->sample_type = recording_sample_type(spec->sample_type, plan.contents);
	spec->in_cgroup = r->cgroup_fd >= 0;
	spec->cgroup_fd = r->cgroup_fd;
	if (system_wide)
		return;
	if (r->opts.command) {
		r->child_tid = r->cmd.pid;
		spec->tids = &r->child_tid;
		spec->nr_tids = 1;
		spec->enable_on_exec = true;
	} else {
		spec->tids = r->tids.ids;
		spec->nr_tids = r->tids.nr;
	}
}

/* The BPF engine's programs, for the tasks and calls the perf filters would keep. */
static int start_capture(struct run *r, bool system_wide)
{
	struct capture_setup s = {
		.tids = system_wide ? NULL : r->spec.tids, .nr_tids = r->spec.nr_tids,
		.at_exec = r->spec.enable_on_exec, .follow_forks = r->spec.inherit,
		.self = getpid(), .cpus = r->spec.cpus, .nr_cpus = r->spec.nr_cpus,
		.cpu_filter = r->opts.has_cpus, .enter_id = r->ids.enter, .exit_id = r->ids.exit,
	};

	/* -e's calls, with what -y follows unshown: as the perf filters keep. */
	if (r->opts.expr) {
		s.calls = r->filters.in_kernel.nr;
		s.nr_calls = SELECT_MAX_NR;
	}
	return engine_start(&r->engine, &r->events, &s);
}

static int open_events(struct run *r)
{
	bool system_wide = r->opts.all_cpus || (!r->opts.command && !r->tids.nr);
	int err = select_build_filters(r->opts.expr, r->machine, system_wide ? getpid() : 0,
					r->opts.print.fds, &r->selected, &r->filters);

	if (err)
		return err;
	if (r->opts.stack_user && unwind_unavailable()) {
		diag("-k: cannot show stacks: %s; use strace -k", unwind_unavailable());
		return SCT_EXIT_USAGE;
	}
	err = r->opts.stack_user ?
	      events_probe_user_stack(regs_user_of(&r->opts), r->opts.stack_user) : 0;
	if (err) {
		diag("-k: cannot show stacks: this kernel refuses to copy user registers and stack into perf samples (%s); use strace -k",
		     strerror(-err));
		return SCT_EXIT_USAGE;
	}
	if (r->opts.callchain && frames_unavailable()) {
		diag("--call-graph fp: cannot show stacks: %s; use perf trace --call-graph fp",
		     frames_unavailable());
		return SCT_EXIT_USAGE;
	}
	if (r->opts.print.insn_ptr && insn_ptr_unavailable()) {
		diag("-i: cannot show the instruction pointer: %s; use strace -i",
		     insn_ptr_unavailable());
		return SCT_EXIT_USAGE;
	}
	bool counted = count_in_kernel(r, system_wide);

	if (counted)
		select_no_syscalls(&r->filters);
	engine_choose(&r->engine, &r->opts,
		      r->opts.has_cpus ? r->opts.cpus.nr : r->online.nr, counted);
	/* -y: the unshown calls that change fds need their paths read too. */
	bpf_progs_load(&r->progs, &r->syscalls,
		       !r->opts.expr ? NULL :
		       r->opts.print.fds ? r->filters.in_kernel.nr : r->selected.nr,
		       r->opts.string_limit, &r->tfs, engine_is_bpf(&r->engine));
	make_spec(r, system_wide);
	if (r->opts.record) {
		err = recording_formats(&r->rec, &r->tfs, &r->extra,
					r->ids.enter, r->ids.exit);
		if (err)
			return err;
	}
	err = sources_open(&r->events, &r->spec, &r->extra);
	if (err)
		return err;
	r->ids.sample_type = r->spec.sample_type;
	r->ids.regs_user = r->spec.regs_user;
	r->ids.ip_bit = r->opts.print.insn_ptr ? insn_ptr_reg_bit() : 0;
	r->ids.callchains = r->opts.callchain;
	r->ids.other_tracepoints = r->extra.nr > 0;
	r->ids.event_ids = r->events.event_ids;
	r->ids.nr_event_ids = r->events.nr_event_ids;
	if (bpf_progs_start(&r->progs, &r->events, &r->spec, system_wide, &r->tfs))
		r->ids.contents = r->opts.print.contents = true;
	if (r->opts.record) {
		err = recording_start(&r->rec, &r->events, &r->spec);
		if (err)
			return err;
		record_maps(r);
	}
	if (start_capture(r, system_wide))
		return SCT_EXIT_PERF;
	r->start_ns = clock_ns(CLOCK_MONOTONIC);
	if (r->spec.enable_on_exec)
		return 0;
	return sources_enable(&r->events, &r->spec, &r->extra);
}

/*
 * -y: the fds the traced processes have before the trace, for the
 * printer; the command's are read while it waits to exec. A thread of
 * -t is not listed: its fds are read when shown.
 */
static void list_fds(struct run *r)
{
	size_t i;

	if (!r->opts.print.fds || r->opts.tids.nr)
		return;
	if (r->opts.command) {
		fdpaths_list(&r->start_fds, r->cmd.pid);
		return;
	}
	for (i = 0; i < r->watched.nr; i++)
		fdpaths_list(&r->start_fds, r->watched.ids[i]);
}

/* --lossless: watched from its first event, long before the first read. */
static int start_command(struct run *r)
{
	int ret;

	if (!r->opts.command)
		return 0;
	ret = r->opts.lossless ?
	      holdback_watch(&r->hold, r->events.rings, r->events.nr_rings) : 0;
	return ret ?: target_exec_command(&r->cmd, r->opts.command[0]);
}

/* --cgroup: the directory each cpu's events are opened on. */
static int open_cgroup(struct run *r)
{
	if (!r->opts.cgroup)
		return 0;
	r->cgroup_fd = cgroup_target_open(r->opts.cgroup);
	return r->cgroup_fd < 0 ? SCT_EXIT_USAGE : 0;
}

/*
 * -ff: the files of the tasks traced from the start, made now, as strace
 * makes them when it attaches; a file that cannot be made stops the run.
 */
static int start_task_files(struct run *r)
{
	size_t i;
	int ret = 0;

	if (!r->opts.separate)
		return 0;
	if (r->opts.command)
		return taskfiles_start(&r->files, r->cmd.pid);
	for (i = 0; i < r->tids.nr && !ret; i++)
		ret = taskfiles_start(&r->files, r->tids.ids[i]);
	return ret;
}

/* What the trace shows, and of which tasks. */
static int open_printer(struct run *r)
{
	const struct printer_route route = taskfiles_route(&r->files);
	const struct printer_setup setup = {
		.out = &r->out, .syscalls = &r->syscalls, .cfg = &r->opts.print,
		.start_ns = r->start_ns, .extra = &r->extra,
		.prefix_always = r->opts.all_cpus || r->opts.has_uid ||
				 (!r->opts.command && r->tids.nr != 1),
		.selected = r->opts.expr ? r->selected.nr : NULL,
		.every_task = r->opts.all_cpus || (!r->opts.command && !r->tids.nr),
		.self = getpid(),
		.start_fds = &r->start_fds,
		.fd_calls_seen = r->opts.print.fds,
		.stacks = r->opts.stack_user != 0,
		.chains = r->opts.callchain,
		.route = r->opts.separate ? &route : NULL,
		.command = r->opts.command ? r->cmd.pid : 0,
	};

	r->opts.print.silent = r->opts.record;
	if (!printer_open(&r->printer, &setup))
		return 0;
	return diag_no_memory("the summary");
}

static int trace(struct run *r)
{
	const struct session_config cfg = {
		.events = &r->events, .printer = &r->printer, .ids = r->ids,
		.signals = &r->signals, .lost_to_stderr = r->out_fd != STDERR_FILENO,
		.child = r->opts.command ? r->cmd.pid : 0,
		.follow = r->opts.command && r->opts.inherit && !r->opts.stop_at_exit,
		.watched = r->watched.nr ? &r->watched : NULL,
		.writer = r->opts.record ? &r->rec.writer : NULL,
		.kcount = r->progs.kcount,
		.hold = r->opts.lossless ? &r->hold : NULL,
		.capture = r->engine.capture,
	};
	const struct outcome end = {
		.session = &r->session, .printer = &r->printer, .out = &r->out,
		.rec = r->opts.record ? &r->rec : NULL,
		.events = &r->events, .spec = &r->spec,
		.output = r->opts.output, .strict = r->opts.strict,
	};

	session_init(&r->session, &cfg);
	return outcome_status(&end, session_run(&r->session));
}

static void close_bpf_progs(void *progs)
{
	bpf_progs_close(progs);
}

static void close_engine_and_events(void *run)
{
	struct run *r = run;

	engine_close(&r->engine);
	events_close(&r->events);
}

static void run_free(struct run *r)
{
	const struct teardown_job tracing[] = {
		{ close_bpf_progs, &r->progs },
		{ close_engine_and_events, r },
	};

	session_free(&r->session);
	printer_free(&r->printer);
	fdpaths_free(&r->start_fds);
	syscall_cache_free(&r->syscalls);
	extra_tps_free(&r->extra);
	recording_close(&r->rec);
	taskfiles_close(&r->files);
	outbuf_close_trace(&r->out);
	signals_close(&r->signals);
	/* Its watcher reads the rings: stopped before they are unmapped. */
	holdback_close(&r->hold);
	/*
	 * Here, not in a child left to finish it: under a PID 1 that does not
	 * reap, each such child stayed a zombie. Each detach and each last
	 * close of a tracepoint's events waits for an RCU grace period, after
	 * the output is complete: on threads, the waits overlap (teardown.h).
	 */
	teardown_run(tracing, ARRAY_SIZE(tracing));
	if (r->cmd.pid > 0 && (r->cmd.go_fd >= 0 || r->cmd.exec_fd >= 0))
		command_abandon(&r->cmd);
	if (r->cgroup_fd >= 0)
		close(r->cgroup_fd);
	id_list_free(&r->tids);
	id_list_free(&r->watched);
	cpu_list_free(&r->online);
	options_free(&r->opts);
}

int main(int argc, char **argv)
{
	struct run r = { .out_fd = -1, .cgroup_fd = -1, .cmd = { .go_fd = -1, .exec_fd = -1 },
			 .signals = { .fd = -1, .stop_fd = -1, .suspend_fd = -1 } };
	bool record = argc > 1 && !strcmp(argv[1], "record");
	int ret;

	outfile_std_fds();
	ret = record ? options_parse_record(argc - 1, argv + 1, &r.opts) :
		       options_parse(argc, argv, &r.opts);

	r.rec.writer.fd = -1;
	r.argv = argv;
	r.argc = argc;
	holdback_init(&r.hold);
	if (ret != OPTIONS_PARSED)
		goto out;
	if (r.opts.input) {
		ret = replay_file(&r.opts);
		goto out;
	}
	ret = 0;
	if (!r.opts.engine_set && getenv("SCTRACE_ENGINE"))
		ret = options_engine(getenv("SCTRACE_ENGINE"), &r.opts);
	if (!ret)
		ret = tp_find_tracefs(&r.tfs);
	if (!ret)
		ret = find_tracepoints(&r);
	if (!ret)
		ret = find_extra_tracepoints(&r);
	if (!ret)
		ret = check_cpus(&r);
	if (!ret)
		ret = resolve_tasks(&r);
	if (!ret)
		ret = open_cgroup(&r);
	if (!ret)
		ret = open_output(&r);
	if (!ret)
		ret = signals_take(&r.signals, r.opts.command && r.opts.lossless);
	if (!ret)
		ret = prepare_command(&r);
	if (!ret)
		ret = start_task_files(&r);
	/* After the command's fork, so that it keeps the caller's policy. */
	if (!ret)
		ret = session_realtime(r.opts.realtime, r.opts.realtime_asked);
	if (!ret)
		ret = init_syscalls(&r);
	if (!ret)
		ret = open_events(&r);
	if (!ret)
		list_fds(&r);
	if (!ret)
		ret = start_command(&r);
	if (!ret)
		ret = open_printer(&r);
	if (!ret)
		ret = trace(&r);
out:
	run_free(&r);
	return ret;
}
