// SPDX-License-Identifier: GPL-2.0
/*
 * The printer's state machine: pairs each exit with its thread's enter,
 * applies the outcome filters and --max-events, keeps the tasks, maps,
 * fds and summary up to date, and hands what is to be shown to its sink
 * (printer_sink.h): text lines or JSON objects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>

#include "call_status.h"
#include "clock.h"
#include "compiler.h"
#include "contents_show.h"
#include "diag.h"
#include "format.h"
#include "frames.h"
#include "kvm_exit.h"
#include "printer.h"
#include "printer_fds.h"
#include "printer_paths.h"
#include "printer_sink.h"
#include "printer_tasks.h"
#include "quiet.h"
#include "select.h"
#include "stats.h"
#include "unwind.h"

void printer_init(struct printer *p, struct outbuf *out,
		  struct syscall_cache *syscalls, bool prefix_always)
{
	memset(p, 0, sizeof(*p));
	p->out = out;
	p->base = out;
	p->sink = &printer_text_sink;
	p->syscalls = syscalls;
	p->open_tid = -1;
	p->prefix_always = prefix_always;
}

/* --failure and --duration judge a call by its outcome, known at its exit. */
static bool outcome_filtered(const struct printer *p)
{
	return p->cfg.failures_only || p->cfg.successes_only || p->cfg.min_duration_ns ||
	       p->cfg.hidden_status || p->cfg.paths.nr;
}

/*
 * A call that never returned: -z, -Z, --duration and -P cannot judge it,
 * -e status= shows it as unfinished.
 */
static bool unfinished_shown(const struct printer *p)
{
	return !p->cfg.failures_only && !p->cfg.successes_only && !p->cfg.min_duration_ns &&
	       !p->cfg.paths.nr && !(p->cfg.hidden_status & CALL_UNFINISHED);
}

/*
 * A filter on the outcome holds each call until its exit decides, as
 * does a sink that shows calls whole; -s prints no lines at all.
 */
int printer_configure(struct printer *p, const struct printer_config *cfg,
		      uint64_t start_ns)
{
	p->cfg = *cfg;
	p->sink = cfg->json ? &printer_json_sink : &printer_text_sink;
	p->hold = outcome_filtered(p) || !p->sink->enter;
	p->quiet = cfg->summary_only || cfg->silent;
	p->start_ns = start_ns;
	p->fds.partial = p->selected != NULL;
	p->wall_offset_ns = clock_ns(CLOCK_REALTIME) - clock_ns(CLOCK_MONOTONIC);
	if (!cfg->summary_only && !cfg->with_summary)
		return 0;
	p->summary = calloc(1, sizeof(*p->summary));
	if (!p->summary)
		return -1;
	p->summary->errnos = cfg->errno_summary;
	if (cfg->stats.shown)
		p->summary->overhead_ns = cfg->stats.overhead_ns;
	return 0;
}

/* Fails only when memory for the summary runs out. */
int printer_open(struct printer *p, const struct printer_setup *setup)
{
	printer_init(p, setup->out, setup->syscalls, setup->prefix_always);
	p->selected = setup->selected;
	p->extra = setup->extra;
	p->self = setup->self;
	p->command = setup->command;
	p->every_task = setup->every_task;
	p->from_file = setup->from_file;
	p->maps.no_proc = setup->from_file;
	if (setup->start_fds) {
		p->fds = *setup->start_fds;
		*setup->start_fds = (struct fd_paths){ 0 };
	}
	if (printer_configure(p, setup->cfg, setup->start_ns))
		return -1;
	/* Each file holds one task's lines: none is ever cut by another's. */
	if (setup->route) {
		p->route = *setup->route;
		p->hold = true;
	}
	p->fds.partial &= !setup->fd_calls_seen;
	if (setup->stacks && !p->quiet) {
		p->unwinder = unwind_new();
		if (!p->unwinder)
			return -1;
	}
	if (setup->chains && !p->quiet) {
		p->chain_syms = frames_new(NULL, NULL);
		if (!p->chain_syms)
			return -1;
	}
	return 0;
}

void printer_free(struct printer *p)
{
	thread_table_free(&p->threads);
	unwind_free(p->unwinder);
	frames_free(p->chain_syms);
	maps_cache_free(&p->maps);
	fdpaths_commit(&p->fds, &p->fd_change);
	fdpaths_free(&p->fds);
	sockdiag_close(&p->sockdiag);
	detach_free(&p->detached);
	if (p->summary)
		summary_free(p->summary);
	free(p->summary);
}

/* Whether records other than calls are shown: a trace, not yet at its limit. */
static bool showing(const struct printer *p)
{
	return !p->quiet && !p->limit_reached;
}

/*
 * --max-events counts every event shown (with -s, every call finished);
 * the one that reaches it is the last.
 */
static void count_shown(struct printer *p)
{
	p->printed++;
	if (p->cfg.max_events && p->printed >= p->cfg.max_events)
		p->limit_reached = true;
}

static void show_call(struct printer *p, const struct sct_event *ev,
		      const struct thread_state *st, bool paired, bool returned)
{
	p->sink->call(p, ev, st, paired, returned);
	count_shown(p);
}

/*
 * A held call whose exit will never come (lost, or the trace ends) is
 * still an event: shown with no result, as a line shown at its enter
 * stays "unfinished" (as -e status= judges it too).
 */
static void held_call_unfinished(struct printer *p, const struct thread_state *st)
{
	struct sct_event gone = { .pid = st->pid, .tid = st->tid, .time = st->enter_time };

	if (!st->in_call || st->shown || st->unselected || p->quiet || !unfinished_shown(p))
		return;
	show_call(p, &gone, st, true, false);
}

/* Without memory for its state a thread is paired as if never seen. */
static struct thread_state *state_of(struct printer *p, int32_t tid,
				     struct thread_state *spare)
{
	struct thread_state *st = pr_thread(p, tid);

	if (st) {
		if (!st->calling) {
			st->calling = true;
			p->tasks_calling++;
		}
		return st;
	}
	memset(spare, 0, sizeof(*spare));
	spare->tid = tid;
	return spare;
}

/* A finished call for the summary; with -s it is the event --max-events counts. */
static void count_call(struct printer *p, int32_t tid, long nr, long ret,
		       uint64_t duration_ns)
{
	if (!p->summary || p->limit_reached)
		return;
	summary_add(p->summary, tid, nr, ret, duration_ns);
	if (p->quiet)
		count_shown(p);
}

/* The code --sched's exit line shows: a thread's own, or its group's. */
static void note_exit_code(struct printer *p, const struct sct_event *ev,
			   const struct syscall_desc *desc)
{
	bool group = !strcmp(desc->name, "exit_group");
	struct thread_state *st = pr_thread(p, group ? ev->pid : ev->tid);

	if (!st)
		return;
	st->has_exit_code = true;
	st->exit_code = (int)ev->args[0] & 0xff;
}

/*
 * -k, --call-graph: the stack of a call to be shown, unwound or named at
 * its enter, while the mappings are those it was made in.
 */
static char *frames_of(struct printer *p, const struct sct_event *ev)
{
	if (p->chain_syms && ev->callchain)
		return frames_text(p->chain_syms, &p->maps, ev->pid, ev->callchain->ips,
				   ev->callchain->nr, FRAMES_FP_CHAIN);
	if (!p->unwinder || !ev->ustack)
		return NULL;
	return unwind_frames(p->unwinder, &p->maps, ev->pid, ev->ustack);
}

/*
 * exit and exit_group: complete at once, as they never return: neither
 * a failure nor a duration, and unfinished to -e status=.
 */
static void show_noreturn(struct printer *p, const struct sct_event *ev)
{
	struct thread_state st = { .nr = ev->nr, .enter_time = ev->time };

	memcpy(st.args, ev->args, sizeof(st.args));
	if (select_shows(p->selected, ev->nr))
		st.frames = frames_of(p, ev);
	show_call(p, ev, &st, true, false);
	free(st.frames);
}

/* A task's "+++ exited with N +++"; the command's comes from its wait status. */
static void print_task_exit(struct printer *p, int32_t tid, int code)
{
	if (tid == p->command || !showing(p) || (p->cfg.quiet & QUIET_EXIT))
		return;
	p->sink->exit_status(p, tid, W_EXITCODE(code, 0));
}

/*
 * As strace -f, where a task ends: exit ends its caller, exit_group
 * every task of the process seen so far, the caller last.
 */
static void print_task_exits(struct printer *p, const struct sct_event *ev, bool group)
{
	int code = (int)ev->args[0] & 0xff;
	size_t i;

	for (i = 0; group && i < p->threads.cap; i++) {
		const struct thread_state *t = &p->threads.slots[i];

		if (thread_kept(t) && !t->retired && t->pid == ev->pid && t->tid != ev->tid)
			print_task_exit(p, t->tid, code);
	}
	print_task_exit(p, ev->tid, code);
}

static void print_noreturn(struct printer *p, const struct sct_event *ev,
			   const struct syscall_desc *desc)
{
	note_exit_code(p, ev, desc);
	count_call(p, ev->tid, ev->nr, 0, 0);
	if (!p->quiet && unfinished_shown(p))
		show_noreturn(p, ev);
	print_task_exits(p, ev, !strcmp(desc->name, "exit_group"));
}

/* The record made just before this enter is its contents; older ones are stale. */
static void take_enter_contents(struct thread_state *st, long nr)
{
	long rec_nr;
	bool at_exit;

	thread_drop_contents(st, CT_ENTER);
	thread_drop_contents(st, CT_EXIT);
	if (ct_blob_nr(&st->ct[CT_NEXT], &rec_nr, &at_exit) && rec_nr == nr) {
		st->ct[CT_ENTER] = st->ct[CT_NEXT];
		st->ct[CT_NEXT] = (struct ct_blob){ 0 };
	}
	thread_drop_contents(st, CT_NEXT);
}

/*
 * socketcall(call, args) whose record names the call it makes: that
 * call, with the arguments it read, as strace shows it. Its exit comes
 * with socketcall's number (exit_as_entered).
 */
static const struct sct_event *as_subcall(struct printer *p, const struct thread_state *st,
					  const struct sct_event *ev, struct sct_event *sub)
{
	unsigned long args[CT_MAX_ARGS];
	long nr;

	if (!ct_blob_subcall(&st->ct[CT_NEXT], &nr, args) || nr < 0 ||
	    strcmp(syscall_cache_get(p->syscalls, ev->nr)->name, "socketcall"))
		return ev;
	*sub = *ev;
	sub->nr = nr;
	memcpy(sub->args, args, sizeof(sub->args));
	return sub;
}

/* Whether nr is a compat task's (SCT_NR_COMPAT). */
static bool is_compat(long nr)
{
	return nr >= SCT_NR_COMPAT;
}

/*
 * As strace, a line when a task's calls change ABI: its first call a
 * 32-bit one, or an exec switching. Tasks start as 64-bit ones.
 */
static void note_abi(struct printer *p, struct thread_state *st, const struct sct_event *ev)
{
	if (ev->nr < 0 || is_compat(ev->nr) == st->compat)
		return;
	st->compat = is_compat(ev->nr);
	if (!p->quiet && p->sink->abi && !(p->cfg.quiet & QUIET_PERSONALITY))
		p->sink->abi(p, ev->tid, st->compat ? 32 : 64, ev->time);
}

static void print_enter(struct printer *p, const struct sct_event *raw)
{
	struct thread_state spare;
	struct thread_state *st = state_of(p, raw->tid, &spare);
	struct sct_event sub;
	const struct sct_event *ev = as_subcall(p, st, raw, &sub);
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, ev->nr);

	held_call_unfinished(p, st);
	st->pid = ev->pid;
	note_abi(p, st, raw);
	st->in_call = false;
	/* A call after an end: a new task with the tid, or a late event. */
	st->retired = false;
	if (desc->result == RESULT_NORETURN) {
		print_noreturn(p, ev, desc);
		/* Its last call; print_noreturn may have moved the table. */
		pr_retire_tid(p, ev->tid);
		return;
	}
	st->in_call = true;
	st->nr = ev->nr;
	st->raw_nr = raw->nr;
	st->enter_time = ev->time;
	st->has_kvm_exit = false;
	/* By the name shown: a socketcall's, the call it made. */
	st->unselected = !select_shows(p->selected, ev->nr);
	st->shown = !p->hold && !p->quiet && !st->unselected;
	memcpy(st->args, ev->args, sizeof(st->args));
	take_enter_contents(st, ev->nr);
	free(st->frames);
	st->frames = st->unselected || p->quiet || st == &spare ? NULL : frames_of(p, raw);
	if (!st->shown)
		return;
	p->sink->enter(p, ev, st);
	count_shown(p);
}

/* Whether an exit passes --failure (-Z), -z, -e status=, -P and --duration. */
static bool wanted(struct printer *p, const struct thread_state *st,
		   bool paired, const struct sct_event *ev)
{
	unsigned int status = result_is_error(ev->ret) ? CALL_FAILED : CALL_SUCCESSFUL;

	if (p->cfg.hidden_status & status)
		return false;
	if (p->cfg.paths.nr && !pr_paths_touched(p, st, paired))
		return false;
	if (p->cfg.failures_only && !result_is_error(ev->ret))
		return false;
	if (p->cfg.successes_only && result_is_error(ev->ret))
		return false;
	if (!p->cfg.min_duration_ns)
		return true;
	return paired && ev->time - st->enter_time >= p->cfg.min_duration_ns;
}

static bool is_exec(struct printer *p, long nr)
{
	const char *name = syscall_cache_get(p->syscalls, nr)->name;

	return !strcmp(name, "execve") || !strcmp(name, "execveat");
}

/* The calls a new task returns from first; sorted, for bsearch. */
static const char *const task_starts[] = { "clone", "clone3", "fork", "vfork" };

static int name_cmp(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

/*
 * A new task's first event, the child's return from the call that made
 * it: strace, which sees the child only from there, shows no line, so
 * --format=strace shows none. sctrace's own form shows it, as every
 * event it was given (what the accounting of load.bats counts).
 */
static bool child_return(struct printer *p, const struct sct_event *ev, bool first)
{
	const char *name = syscall_cache_get(p->syscalls, ev->nr)->name;

	return p->cfg.style == LINE_STYLE_STRACE && first && ev->ret == 0 &&
	       bsearch(name, task_starts, ARRAY_SIZE(task_starts),
		       sizeof(task_starts[0]), name_cmp);
}

/*
 * A thread is in one call at a time, so its exit belongs to its pending
 * enter. The exit's own number is -1 after rt_sigreturn (which restores
 * orig_ax), and a successful execveat's is execve's (the kernel reports
 * the new program's state); another number means events were lost.
 */
static bool completes(struct printer *p, const struct thread_state *st,
		      const struct sct_event *ev)
{
	if (!st->in_call)
		return false;
	if (ev->nr == st->nr || ev->nr < 0)
		return true;
	return ev->ret == 0 && is_exec(p, ev->nr) && is_exec(p, st->nr);
}

/* Another thread of ev's process inside an exec, which ev may end. */
static struct thread_state *exec_in_progress(struct printer *p,
					     const struct sct_event *ev)
{
	size_t i;

	for (i = 0; i < p->threads.cap; i++) {
		struct thread_state *st = &p->threads.slots[i];

		if (thread_kept(st) && st->in_call && st->pid == ev->pid &&
		    st->tid != ev->tid && is_exec(p, st->nr))
			return st;
	}
	return NULL;
}

/* The old leader's pending call never returns: its thread is gone. */
static void leader_superseded(struct printer *p, struct thread_state *leader,
			      const struct thread_state *caller, uint64_t time)
{
	if (!showing(p))
		return;
	held_call_unfinished(p, leader);
	if (p->sink->superseded && !(p->cfg.quiet & QUIET_THREAD_EXECVE))
		p->sink->superseded(p, leader->tid, caller->tid, time);
}

/* A call's contents, kept for its line, go to the thread that shows it. */
static void move_contents(struct thread_state *to, struct thread_state *from,
			  enum ct_slot slot)
{
	thread_drop_contents(to, slot);
	to->ct[slot] = from->ct[slot];
	from->ct[slot] = (struct ct_blob){ 0 };
}

/*
 * An exec by a thread other than the leader: the kernel gives the caller
 * the leader's tid (de_thread) and removes the old leader, so the exit
 * comes on the leader's tid while the enter is pending on the caller's.
 * The leader's state takes over the caller's pending call.
 */
static void exec_takes_over(struct printer *p, struct thread_state *leader,
			    const struct sct_event *ev)
{
	struct thread_state *caller;

	if (ev->ret != 0 || ev->tid != ev->pid || !is_exec(p, ev->nr))
		return;
	caller = exec_in_progress(p, ev);
	if (!caller)
		return;
	leader_superseded(p, leader, caller, ev->time);
	leader->in_call = true;
	leader->nr = caller->nr;
	leader->raw_nr = caller->raw_nr;
	leader->enter_time = caller->enter_time;
	leader->shown = caller->shown;
	leader->unselected = caller->unselected;
	memcpy(leader->args, caller->args, sizeof(leader->args));
	free(leader->frames);
	leader->frames = caller->frames;
	caller->frames = NULL;
	move_contents(leader, caller, CT_ENTER);
	/* What was read before the old program went (sched_prepare_exec). */
	move_contents(leader, caller, CT_EXIT);
	caller->in_call = false;
	/* The caller's tid is gone: it lives on as the leader's. */
	leader->retired = false;
	pr_retire(p, caller);
}

/*
 * An exit without its enter, whose enter the BPF program recorded: the
 * first exec of a command (its events start at the exec), or an enter
 * record the kernel dropped. The program's record is that enter.
 */
static void enter_from_contents(struct printer *p, struct thread_state *st,
				const struct sct_event *ev)
{
	struct sct_event enter = {
		.kind = EV_ENTER, .pid = ev->pid, .tid = ev->tid, .cpu = ev->cpu,
		.nr = ev->nr, .time = st->ct[CT_NEXT].time,
		.ip = ev->ip, .has_ip = ev->has_ip,
	};
	struct ct_blob exit_ct = st->ct[CT_EXIT];
	bool at_exit;
	long nr;

	if (st->in_call || ev->nr < 0 || p->limit_reached ||
	    !ct_blob_nr(&st->ct[CT_NEXT], &nr, &at_exit) || nr != ev->nr)
		return;
	ct_blob_args(&st->ct[CT_NEXT], enter.args);
	st->ct[CT_EXIT] = (struct ct_blob){ 0 };
	print_enter(p, &enter);
	thread_drop_contents(st, CT_EXIT);
	st->ct[CT_EXIT] = exit_ct;
}

/*
 * After --max-events, only the exit that completes a line left open is
 * shown. A call shown at its enter is resumed; any other is shown whole
 * if the outcome filters let it through.
 */
static void print_exit_line(struct printer *p, const struct sct_event *ev)
{
	const struct thread_state *known = thread_find(&p->threads, ev->tid);
	bool first = !known || !known->calling;
	struct thread_state spare;
	struct thread_state *st = state_of(p, ev->tid, &spare);
	bool paired;

	st->pid = ev->pid;
	if (st != &spare)
		enter_from_contents(p, st, ev);
	if (!completes(p, st, ev) && st != &spare)
		exec_takes_over(p, st, ev);
	paired = completes(p, st, ev);
	if (p->cfg.fds)
		pr_fd_exit(p, st, paired, ev);

	if (!select_exit_kept(p->selected, paired, ev->nr))
		return;
	st->in_call = false;
	if ((paired && st->unselected) || (!paired && child_return(p, ev, first)))
		return;
	if (paired && ev->time >= st->enter_time)
		count_call(p, ev->tid, st->nr, ev->ret, ev->time - st->enter_time);
	if (p->quiet || (p->limit_reached && p->open_tid != ev->tid))
		return;
	if (paired && st->shown)
		p->sink->resume(p, ev, st);
	else if (wanted(p, st, paired, ev))
		show_call(p, ev, st, paired, true);
}

/* The exit of a socketcall shown as the call it made, with that call's number. */
static const struct sct_event *exit_as_entered(struct printer *p, const struct sct_event *ev,
					       struct sct_event *copy)
{
	const struct thread_state *st = thread_find(&p->threads, ev->tid);

	if (!st || !st->in_call || st->raw_nr == st->nr || ev->nr != st->raw_nr)
		return ev;
	*copy = *ev;
	copy->nr = st->nr;
	return copy;
}

/*
 * An exec that switched the ABI (a 64-bit program running a 32-bit one,
 * or back) returns under the new ABI, numbered as the new table's exec:
 * the exit of the exec the thread is in, or of the one its contents
 * record holds (a command's first exec), in the number it entered with.
 */
static const struct sct_event *exit_of_switching_exec(struct printer *p,
						      const struct sct_event *ev,
						      struct sct_event *copy)
{
	const struct thread_state *st = thread_find(&p->threads, ev->tid);
	long entered = -1;
	bool at_exit;

	if (!st || ev->nr < 0 || ev->ret != 0)
		return ev;
	if (st->in_call)
		entered = st->nr;
	else
		ct_blob_nr(&st->ct[CT_NEXT], &entered, &at_exit);
	if (entered < 0 || is_compat(entered) == is_compat(ev->nr) ||
	    !is_exec(p, entered) || !is_exec(p, ev->nr))
		return ev;
	*copy = *ev;
	copy->nr = entered;
	return copy;
}

/* A finished call's contents are not needed any more. */
static void print_exit(struct printer *p, const struct sct_event *raw)
{
	struct sct_event copy, same;
	const struct sct_event *ev = exit_as_entered(p, raw, &copy);
	struct thread_state *st;

	ev = exit_of_switching_exec(p, ev, &same);
	print_exit_line(p, ev);
	if (p->cfg.fds)
		pr_fd_commit(p);
	st = thread_find(&p->threads, ev->tid);
	/*
	 * A record made before this exit belonged to an enter that never
	 * came (lost): it must not name the thread's next call.
	 */
	if (st)
		thread_drop_contents(st, CT_NEXT);
	if (st && !st->in_call) {
		thread_drop_contents(st, CT_ENTER);
		thread_drop_contents(st, CT_EXIT);
	}
}

/* After the trace: what it lacks, on stderr, each kind in one line. */
void printer_tell_lost(const struct printer *p)
{
	if (p->lost)
		diag("LOST %llu events", (unsigned long long)p->lost);
	if (p->lost_task_records)
		diag("LOST %llu task records: some names, or the parents of new tasks, are not in the trace",
		     (unsigned long long)p->lost_task_records);
}

/* Always counted, by kind; shown in the trace while there is one. */
static void print_lost(struct printer *p, const struct sct_event *ev)
{
	if (ev->lost.task_records)
		p->lost_task_records += ev->lost.count;
	else
		p->lost += ev->lost.count;
	/* What the lost events did to fds is unknown: only /proc knows now. */
	fdpaths_free(&p->fds);
	if (showing(p))
		p->sink->lost(p, ev);
}

static void print_fault(struct printer *p, const struct sct_event *ev)
{
	if (!showing(p))
		return;
	p->sink->fault(p, ev);
	count_shown(p);
}

/*
 * A signal sent is kept for who sent it; one taken is shown in its
 * thread's place, once its sending (if a traced task sent it) is known.
 */
static void print_signal(struct printer *p, const struct sct_event *ev,
			 const struct extra_tp *tp)
{
	const struct thread_state *st;
	struct sig_record rec;
	struct sig_line line;

	if (sig_read(p->extra, tp, ev->tp.data, ev->tp.size, &rec))
		return;
	if (tp->role == TP_SIG_GENERATE) {
		st = thread_find(&p->threads, rec.target);
		sig_note_sent(&p->signals, &rec, st ? st->pid : rec.target, ev->pid);
		return;
	}
	if (!sig_take_delivered(&p->signals, &rec, ev->tid, ev->pid, &line) ||
	    !sig_set_has(p->cfg.signals, line.sig) || !showing(p))
		return;
	p->sink->signal(p, ev, &line);
	count_shown(p);
}

/* -e kvm=vcpu: why the pending KVM_RUN returned, for its exit's line. */
static void note_kvm_exit(struct printer *p, const struct sct_event *ev,
			  const struct extra_tp *tp)
{
	struct thread_state *st = pr_thread(p, ev->tid);
	uint32_t reason;

	if (!st || !st->in_call || !kvm_exit_read(p->extra, tp, ev->tp.data, ev->tp.size, &reason))
		return;
	st->kvm_exit = reason;
	st->has_kvm_exit = true;
}

/* sched_process_exit is a task's end, whether shown or not. */
static void print_tracepoint(struct printer *p, const struct sct_event *ev)
{
	const struct extra_tp *tp = p->extra ? extra_tps_find(p->extra, ev->tp.type) : NULL;

	if (!tp)
		return;
	if (tp->role == TP_SIG_GENERATE || tp->role == TP_SIG_DELIVER) {
		print_signal(p, ev, tp);
		return;
	}
	if (tp->role == TP_KVM_EXIT) {
		note_kvm_exit(p, ev, tp);
		return;
	}
	if (showing(p) && p->sink->tracepoint(p, ev, tp))
		count_shown(p);
	if (tp->role == TP_EXIT)
		pr_retire_tid(p, ev->tid);
}

/* The trace's own mmap records: where faults land, even in a replay. */
static void note_mapping(struct printer *p, const struct sct_event *ev)
{
	maps_add(&p->maps, ev->pid, ev->map.start, ev->map.len, ev->map.pgoff,
		 ev->map.path);
}

/* Names for --comm: a new name at exec, a child starts with its parent's. */
static void note_task(struct printer *p, const struct sct_event *ev)
{
	char name[COMM_LEN];
	struct thread_state *st;

	if (ev->kind == EV_COMM && ev->task.exec && ev->pid == ev->tid)
		maps_forget(&p->maps, ev->pid);
	/* -k in a replay: a child's calls run in its parent's mappings. */
	if (ev->kind == EV_FORK && p->unwinder && ev->pid != ev->task.ppid)
		maps_copy(&p->maps, ev->task.ppid, ev->pid);
	snprintf(name, sizeof(name), "%s",
		 ev->kind == EV_COMM ? ev->task.comm : pr_comm_of(p, ev->task.ptid));
	st = pr_thread(p, ev->tid);
	if (!st)
		return;
	memcpy(st->comm, name, sizeof(name));
	st->has_comm = true;
}

/*
 * The BPF program writes a call's contents just before the kernel stores
 * its enter or exit record, in the same ring: kept for that record.
 */
static void note_contents(struct printer *p, const struct sct_event *ev)
{
	struct thread_state *st = pr_thread(p, ev->tid);
	const struct ct_blob seen = { .data = ev->tp.data, .size = ev->tp.size };
	struct ct_blob copy = { .size = ev->tp.size, .time = ev->time };
	enum ct_slot slot;
	bool at_exit;
	long nr;

	if (!st || !ct_blob_nr(&seen, &nr, &at_exit))
		return;
	copy.data = malloc(copy.size);
	if (!copy.data)
		return;
	memcpy(copy.data, ev->tp.data, copy.size);
	slot = at_exit ? CT_EXIT : CT_NEXT;
	thread_drop_contents(st, slot);
	st->ct[slot] = copy;
}

/*
 * -b execve: the execve just entered is the thread's last call shown;
 * one held for its exit is shown now, as it will never come.
 */
static void detach_after(struct printer *p, const struct sct_event *ev)
{
	struct thread_state *st;

	if (!detach_starts(&p->detached, ev, is_exec(p, ev->nr)))
		return;
	st = pr_thread(p, ev->tid);
	if (!st)
		return;
	held_call_unfinished(p, st);
	st->in_call = false;
}

/* -ff: what comes between events is no task's line. */
static void unroute(struct printer *p)
{
	p->out = p->base;
}

void printer_event(struct printer *p, const struct sct_event *ev)
{
	if (ev->time > p->last_time)
		p->last_time = ev->time;
	if (p->cfg.detach_on_exec && detach_drops(&p->detached, ev))
		return;
	switch (ev->kind) {
	case EV_ENTER:
		if (!p->limit_reached)
			print_enter(p, ev);
		if (p->cfg.detach_on_exec)
			detach_after(p, ev);
		break;
	case EV_EXIT:
		print_exit(p, ev);
		break;
	case EV_LOST:
		print_lost(p, ev);
		break;
	case EV_FAULT:
		print_fault(p, ev);
		break;
	case EV_MMAP:
		note_mapping(p, ev);
		break;
	case EV_FORK:
		if (p->cfg.fds)
			pr_fd_fork(p, ev);
		/* fall through */
	case EV_COMM:
		note_task(p, ev);
		break;
	case EV_TRACEPOINT:
		print_tracepoint(p, ev);
		break;
	case EV_CONTENTS:
		note_contents(p, ev);
		break;
	}
	unroute(p);
}

/* Calls still pending are shown unfinished; the summary comes last. */
void printer_finish(struct printer *p)
{
	size_t i;

	if (p->sink->finish)
		p->sink->finish(p);
	for (i = 0; i < p->threads.cap && !p->limit_reached; i++) {
		const struct thread_state *st = &p->threads.slots[i];

		if (thread_kept(st))
			held_call_unfinished(p, st);
	}
	unroute(p);
}

/* Calls whose exit never came; a trace that ended whole has none. */
size_t printer_unfinished(const struct printer *p)
{
	size_t i, nr = 0;

	for (i = 0; i < p->threads.cap; i++)
		nr += thread_kept(&p->threads.slots[i]) && p->threads.slots[i].in_call &&
		      !p->threads.slots[i].unselected;
	return nr + p->dropped_unfinished;
}

/* strace's table (-c, -C), then perf's (--summary), which consumes the summary. */
void printer_summary(struct printer *p)
{
	if (!p->summary)
		return;
	if (p->cfg.stats.shown)
		stats_print(p->summary, &p->cfg.stats, p->out, p->syscalls, p->lost);
	if (p->cfg.perf_summary)
		summary_print(p->summary, p->out, p->syscalls, p->lost);
}

/* Everything shown so far, written: 0, or the trace's first write error. */
int printer_flush(struct printer *p)
{
	if (p->route.flush)
		p->route.flush(p->route.arg);
	return outbuf_flush(p->base);
}

/*
 * sctrace stops (on sig, or at the command's exit if 0) while nr of the
 * command's processes run on: the trace says where it ends for them.
 */
void printer_untraced(struct printer *p, int32_t pid, int sig, size_t nr)
{
	if (showing(p))
		p->sink->untraced(p, pid, sig, nr);
	unroute(p);
}

/* strace's closing line for the traced command. */
void printer_exit_status(struct printer *p, int32_t pid, int status)
{
	if (showing(p) && !(p->cfg.quiet & QUIET_EXIT))
		p->sink->exit_status(p, pid, status);
	unroute(p);
}
