// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "beauty.h"
#include "clock.h"
#include "contents_show.h"
#include "format.h"
#include "printer.h"
#include "printer_int.h"

void printer_init(struct printer *p, struct outbuf *out,
		  struct syscall_cache *syscalls, bool prefix_always)
{
	memset(p, 0, sizeof(*p));
	p->out = out;
	p->syscalls = syscalls;
	p->open_tid = -1;
	p->prefix_always = prefix_always;
}

/*
 * Event times are CLOCK_MONOTONIC (use_clockid), relative times count
 * from start_ns (when tracing began), wall times are offset to REALTIME.
 * A filter on the outcome (--failure, --duration) holds each call until
 * its exit decides; -s prints no lines at all.
 */
int printer_configure(struct printer *p, const struct printer_config *cfg,
		      uint64_t start_ns)
{
	p->cfg = *cfg;
	p->hold = cfg->failures_only || cfg->min_duration_ns || cfg->json;
	p->quiet = cfg->summary_only || cfg->silent;
	p->start_ns = start_ns;
	p->fds.partial = p->selective;
	p->wall_offset_ns = clock_ns(CLOCK_REALTIME) - clock_ns(CLOCK_MONOTONIC);
	if (!cfg->summary_only && !cfg->with_summary)
		return 0;
	p->summary = calloc(1, sizeof(*p->summary));
	if (!p->summary)
		return -1;
	p->summary->errnos = cfg->errno_summary;
	return 0;
}

/* "HH:MM:SS.uuuuuu " in local time, as strace -tt. */
static void print_wall_time(struct printer *p, uint64_t time)
{
	uint64_t wall = time + p->wall_offset_ns;
	time_t secs = wall / 1000000000;
	char hms[16];
	struct tm tm;

	localtime_r(&secs, &tm);
	strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
	outbuf_puts(p->out, hms);
	outbuf_putc(p->out, '.');
	outbuf_micros(p->out, wall);
	outbuf_putc(p->out, ' ');
}

static void print_time(struct printer *p, uint64_t time)
{
	if (p->cfg.time_mode == TIME_RELATIVE) {
		outbuf_seconds(p->out, time > p->start_ns ? time - p->start_ns : 0);
		outbuf_putc(p->out, ' ');
	} else if (p->cfg.time_mode == TIME_ABSOLUTE) {
		print_wall_time(p, time);
	}
}

void printer_free(struct printer *p)
{
	thread_table_free(&p->threads);
	maps_cache_free(&p->maps);
	fdpaths_commit(&p->fds, &p->fd_change);
	fdpaths_free(&p->fds);
	if (p->summary)
		summary_free(p->summary);
	free(p->summary);
}

void pr_close_open_line(struct printer *p)
{
	if (p->open_tid < 0)
		return;
	/* As strace: "read(3, <unfinished ...>" when arguments come later. */
	outbuf_puts(p->out, p->open_line_goes_on ? ", <unfinished ...>\n" :
						   " <unfinished ...>\n");
	p->open_tid = -1;
}

/* Whether /proc still has tid (a thread's own directory is there too). */
static bool in_proc(int32_t tid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%d", (int)tid);
	return access(path, F_OK) == 0;
}

/*
 * A task that ended in the trace is retired; one gone from /proc without
 * an end the trace showed (killed, its exit filtered out or lost) too.
 * Done only when the table would grow, so it costs little per new tid.
 */
static void retire_vanished(struct printer *p)
{
	size_t i;

	for (i = 0; i < p->threads.cap; i++) {
		struct thread_state *st = &p->threads.slots[i];

		if (thread_kept(st) && !st->retired && !in_proc(st->tid))
			pr_retire(p, st);
	}
}

/* tid's state, added if new; NULL only when memory ran out. */
struct thread_state *pr_thread(struct printer *p, int32_t tid)
{
	if (!p->from_file && thread_table_full(&p->threads) &&
	    !thread_find(&p->threads, tid))
		retire_vanished(p);
	return thread_get(&p->threads, tid);
}

/*
 * What goes with a dropped state: its summary table in time, its maps.
 * A call it never finished (its exit lost) is counted, not printed: a
 * line now could reach back into the table this runs under.
 */
static void forget_task(struct printer *p, const struct thread_state *gone)
{
	p->dropped_unfinished += gone->in_call;
	if (p->summary)
		summary_thread_gone(p->summary, gone->tid);
	if (gone->tid == gone->pid) {
		maps_forget(&p->maps, gone->pid);
		fdpaths_forget(&p->fds, gone->pid);
	}
}

/* st's task ended: it is kept a while, an older one may be forgotten. */
void pr_retire(struct printer *p, struct thread_state *st)
{
	const struct thread_state *gone = thread_retire(&p->threads, st);

	if (gone)
		forget_task(p, gone);
}

void pr_retire_tid(struct printer *p, int32_t tid)
{
	struct thread_state *st = thread_find(&p->threads, tid);

	if (st)
		pr_retire(p, st);
}

/*
 * A task's name: from comm records, else read once from /proc. The name
 * may hold newlines itself: only the one /proc adds at the end is dropped.
 */
const char *pr_comm_of(struct printer *p, int32_t tid)
{
	struct thread_state *st = pr_thread(p, tid);
	char path[48], name[sizeof(st->comm) + 1];
	ssize_t len;
	int fd;

	if (!st)
		return "?";
	if (st->has_comm)
		return st->comm;
	st->has_comm = true;
	strcpy(st->comm, "?");
	if (p->from_file)
		return st->comm;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return st->comm;
	len = read(fd, name, sizeof(name));
	close(fd);
	if (len > 0 && name[len - 1] == '\n')
		len--;
	if (len > 0 && (size_t)len < sizeof(st->comm)) {
		memcpy(st->comm, name, len);
		st->comm[len] = '\0';
	}
	return st->comm;
}

/* The time, if asked for, then strace's "[pid N] " once several tasks are seen. */
void pr_prefix(struct printer *p, int32_t tid, uint64_t time)
{
	const char *comm;

	print_time(p, time);
	if (p->cfg.comm) {
		comm = pr_comm_of(p, tid);
		outbuf_escaped(p->out, comm, strlen(comm), 0);
		outbuf_putc(p->out, '/');
		outbuf_s64(p->out, tid);
		outbuf_putc(p->out, ' ');
		return;
	}
	if (!p->prefix_always && p->tasks_calling < 2)
		return;
	outbuf_puts(p->out, "[pid ");
	outbuf_s64(p->out, tid);
	outbuf_puts(p->out, "] ");
}

/* open's mode means something only when the call may create a file. */
static bool mode_unused(const struct syscall_desc *desc,
			const unsigned long *args, int i)
{
	int j;

	if (desc->args[i].kind != ARG_OPEN_MODE)
		return false;
	for (j = 0; j < desc->nr_args; j++)
		if (desc->args[j].kind == ARG_OPEN_FLAGS ||
		    desc->args[j].kind == ARG_OPEN_FLAGS_ARM64)
			return !open_flags_create(desc->args[j].kind, args[j]);
	return false;
}

/*
 * Where a call's line stops at its enter: at the first argument the
 * kernel fills, or whose string the enter could not read (read again
 * at the exit).
 */
static int split_at(const struct printer *p, const struct syscall_desc *desc,
		    const struct thread_state *st)
{
	int i;

	for (i = 0; p->cfg.contents && i < desc->nr_args; i++) {
		enum content_kind kind = desc->args[i].content;

		if (contents_read_at_exit(kind) ||
		    (kind != CK_NONE && ct_blob_unread(&st->ct[CT_ENTER], i)))
			return i;
	}
	return desc->nr_args;
}

/* What is known of a call when its arguments are printed. */
struct call_view {
	const struct thread_state *st;	/* its contents; NULL: none */
	bool returned;
	long ret;
};

static void print_value(struct printer *p, const struct syscall_desc *desc, int i,
			unsigned long val, const struct call_view *cv)
{
	const struct syscall_arg *arg = &desc->args[i];
	struct ct_arg_view v = {
		.index = i, .val = val, .returned = cv->returned, .ret = cv->ret,
	};
	struct vwriter w;

	if (arg->content != CK_NONE && cv->st &&
	    contents_pick(arg->content, &cv->st->ct[CT_ENTER],
			  &cv->st->ct[CT_EXIT], &v)) {
		vw_init(&w, p->out, false);
		contents_show(&w, arg->content, &v);
		return;
	}
	format_arg(p->out, arg->kind, val);
	if (p->cfg.fds)
		pr_fd_arg(p, desc, i, val, cv->st);
}

/* Arguments from..to of a call, after a comma if the line has some already. */
static void print_arg_range(struct printer *p, const struct syscall_desc *desc,
			    const unsigned long *args, int from, int to, bool comma,
			    const struct call_view *cv)
{
	int i;

	for (i = from; i < to; i++) {
		if (mode_unused(desc, args, i))
			continue;
		if (comma)
			outbuf_puts(p->out, ", ");
		comma = true;
		outbuf_puts(p->out, desc->args[i].name);
		outbuf_puts(p->out, ": ");
		print_value(p, desc, i, args[i], cv);
	}
}

static void print_args(struct printer *p, const struct syscall_desc *desc,
		       const unsigned long *args, int to, const struct call_view *cv)
{
	int i;

	if (desc->nr_args < 0) {
		for (i = 0; i < SYSCALL_MAX_ARGS; i++) {
			outbuf_puts(p->out, i ? ", arg" : "arg");
			outbuf_u64(p->out, i);
			outbuf_puts(p->out, ": ");
			outbuf_hex(p->out, args[i]);
		}
		return;
	}
	print_arg_range(p, desc, args, 0, to, false, cv);
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

/*
 * --max-events counts every event shown (with -s, every call finished);
 * the one that reaches it is the last.
 */
void pr_count_shown(struct printer *p)
{
	p->printed++;
	if (p->cfg.max_events && p->printed >= p->cfg.max_events)
		p->limit_reached = true;
}

static void print_call_start(struct printer *p, int32_t tid, uint64_t time,
			     const struct syscall_desc *desc,
			     const unsigned long *args, int to, const struct call_view *cv)
{
	pr_close_open_line(p);
	pr_prefix(p, tid, time);
	outbuf_puts(p->out, desc->name);
	outbuf_putc(p->out, '(');
	print_args(p, desc, args, to, cv);
}

/* A finished call for the summary; with -s it is the event --max-events counts. */
static void count_call(struct printer *p, int32_t tid, long nr, long ret,
		       uint64_t duration_ns)
{
	if (!p->summary || p->limit_reached)
		return;
	summary_add(p->summary, tid, nr, ret, duration_ns);
	if (p->quiet)
		pr_count_shown(p);
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

/* exit and exit_group: complete at once, as they never return. */
static void print_noreturn(struct printer *p, const struct sct_event *ev,
			   const struct syscall_desc *desc)
{
	note_exit_code(p, ev, desc);
	count_call(p, ev->tid, ev->nr, 0, 0);
	if (p->cfg.json && !p->quiet && !p->cfg.failures_only && !p->cfg.min_duration_ns) {
		struct thread_state st = { .nr = ev->nr, .enter_time = ev->time };

		memcpy(st.args, ev->args, sizeof(st.args));
		pr_json_call(p, ev, &st, true, false);
		return;
	}
	/* Neither a failure nor a duration: an outcome filter drops them. */
	if (p->quiet || p->hold)
		return;
	print_call_start(p, ev->tid, ev->time, desc, ev->args, desc->nr_args,
			 &(struct call_view){ 0 });
	outbuf_putc(p->out, ')');
	format_result(p->out, desc->result, 0);
	outbuf_putc(p->out, '\n');
	pr_count_shown(p);
}

/*
 * A new enter while a held call is pending means its exit was lost: in
 * JSON that call is still an event, shown with a null result, as text
 * shows it "unfinished". An outcome filter cannot judge it: dropped.
 */
static void held_call_unfinished(struct printer *p, struct thread_state *st)
{
	struct sct_event gone = { .pid = st->pid, .tid = st->tid, .time = st->enter_time };

	if (!st->in_call || st->shown || !p->cfg.json || p->quiet ||
	    p->cfg.failures_only || p->cfg.min_duration_ns)
		return;
	pr_json_call(p, &gone, st, true, false);
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

static void print_enter(struct printer *p, const struct sct_event *ev)
{
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, ev->nr);
	struct thread_state spare;
	struct thread_state *st = state_of(p, ev->tid, &spare);
	int split;

	held_call_unfinished(p, st);
	st->pid = ev->pid;
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
	st->enter_time = ev->time;
	st->shown = !p->hold && !p->quiet;
	memcpy(st->args, ev->args, sizeof(st->args));
	take_enter_contents(st, ev->nr);
	if (!st->shown)
		return;
	split = split_at(p, desc, st);
	print_call_start(p, ev->tid, ev->time, desc, ev->args, split,
			 &(struct call_view){ .st = st });
	p->open_tid = ev->tid;
	p->open_line_goes_on = split > 0 && split < desc->nr_args;
	pr_count_shown(p);
}

/* Whether an exit passes --failure and --duration. */
static bool wanted(const struct printer *p, const struct thread_state *st,
		   bool paired, const struct sct_event *ev)
{
	if (p->cfg.failures_only && !result_is_error(ev->ret))
		return false;
	if (!p->cfg.min_duration_ns)
		return true;
	return paired && ev->time - st->enter_time >= p->cfg.min_duration_ns;
}

/* What an in-and-out argument came back with, after the result (poll). */
static void print_after_result(struct printer *p, const struct thread_state *st,
			       const struct syscall_desc *desc, long ret)
{
	bool any = false;
	int i;

	for (i = 0; i < desc->nr_args; i++) {
		struct ct_arg_view v = {
			.rec = &st->ct[CT_EXIT], .index = i, .val = st->args[i],
			.returned = true, .ret = ret,
		};
		enum content_kind kind = desc->args[i].content;
		struct vwriter w;

		if (!contents_has_after(kind, &v))
			continue;
		outbuf_puts(p->out, any ? ", " : " (");
		any = true;
		if (contents_after_named(kind)) {
			outbuf_puts(p->out, desc->args[i].name);
			outbuf_puts(p->out, ": ");
		}
		vw_init(&w, p->out, false);
		contents_show_after(&w, kind, &v);
	}
	if (any)
		outbuf_putc(p->out, ')');
}

static void print_result(struct printer *p, const struct thread_state *st,
			 bool paired, const struct sct_event *ev,
			 const struct syscall_desc *desc)
{
	outbuf_putc(p->out, ')');
	format_result(p->out, desc->result, ev->ret);
	if (p->cfg.fds)
		pr_fd_result(p);
	if (paired)
		print_after_result(p, st, desc, ev->ret);
	if (p->cfg.durations && paired && ev->time >= st->enter_time) {
		outbuf_puts(p->out, " <");
		outbuf_seconds(p->out, ev->time - st->enter_time);
		outbuf_putc(p->out, '>');
	}
	outbuf_putc(p->out, '\n');
}

static bool is_exec(struct printer *p, long nr)
{
	const char *name = syscall_cache_get(p->syscalls, nr)->name;

	return !strcmp(name, "execve") || !strcmp(name, "execveat");
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
	struct sct_event gone = { .pid = leader->tid, .tid = leader->tid, .time = time };

	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		if (leader->in_call && !p->cfg.failures_only && !p->cfg.min_duration_ns)
			pr_json_call(p, &gone, leader, true, false);
		return;
	}
	pr_close_open_line(p);
	pr_prefix(p, leader->tid, time);
	outbuf_puts(p->out, "+++ superseded by execve in pid ");
	outbuf_s64(p->out, caller->tid);
	outbuf_puts(p->out, " +++\n");
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
	leader->enter_time = caller->enter_time;
	leader->shown = caller->shown;
	memcpy(leader->args, caller->args, sizeof(leader->args));
	thread_drop_contents(leader, CT_ENTER);
	leader->ct[CT_ENTER] = caller->ct[CT_ENTER];
	caller->ct[CT_ENTER] = (struct ct_blob){ 0 };
	caller->in_call = false;
	/* The caller's tid is gone: it lives on as the leader's. */
	leader->retired = false;
	pr_retire(p, caller);
}

/* The arguments a line left for the exit, on the open line or after "resumed>". */
static void print_rest(struct printer *p, const struct syscall_desc *desc,
		       const struct thread_state *st, const struct call_view *cv,
		       bool open_line)
{
	int from = split_at(p, desc, st);

	if (from >= desc->nr_args)
		return;
	print_arg_range(p, desc, st->args, from, desc->nr_args, open_line && from > 0, cv);
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

static void print_exit_line(struct printer *p, const struct sct_event *ev)
{
	struct thread_state spare;
	struct thread_state *st = state_of(p, ev->tid, &spare);
	struct call_view cv;
	bool paired;
	const struct syscall_desc *desc;

	st->pid = ev->pid;
	if (st != &spare)
		enter_from_contents(p, st, ev);
	if (!completes(p, st, ev) && st != &spare)
		exec_takes_over(p, st, ev);
	paired = completes(p, st, ev);
	if (p->cfg.fds)
		pr_fd_exit(p, st, paired, ev);

	/* The -e filter lets id -1 exits through to complete selected calls. */
	if (!paired && ev->nr < 0 && p->selective)
		return;
	st->in_call = false;
	if (paired && ev->time >= st->enter_time)
		count_call(p, ev->tid, st->nr, ev->ret, ev->time - st->enter_time);
	if (p->quiet || (p->limit_reached && p->open_tid != ev->tid))
		return;
	if (!(paired && st->shown) && !wanted(p, st, paired, ev))
		return;
	if (p->cfg.json) {
		pr_json_call(p, ev, st, paired, true);
		return;
	}
	desc = syscall_cache_get(p->syscalls, paired ? st->nr : ev->nr);
	cv = (struct call_view){ .st = paired ? st : NULL, .returned = true, .ret = ev->ret };
	if (paired && !st->shown) {
		print_call_start(p, ev->tid, st->enter_time, desc, st->args, desc->nr_args, &cv);
		pr_count_shown(p);
	} else if (!paired || p->open_tid != ev->tid) {
		pr_close_open_line(p);
		pr_prefix(p, ev->tid, ev->time);
		outbuf_puts(p->out, "<... ");
		outbuf_puts(p->out, desc->name);
		outbuf_puts(p->out, " resumed>");
		if (!paired)
			pr_count_shown(p);
		else
			print_rest(p, desc, st, &cv, false);
	} else {
		print_rest(p, desc, st, &cv, true);
	}
	print_result(p, st, paired, ev, desc);
	p->open_tid = -1;
}

/* A finished call's contents are not needed any more. */
static void print_exit(struct printer *p, const struct sct_event *ev)
{
	struct thread_state *st;

	print_exit_line(p, ev);
	if (p->cfg.fds)
		pr_fd_commit(p);
	st = thread_find(&p->threads, ev->tid);
	if (st && !st->in_call) {
		thread_drop_contents(st, CT_ENTER);
		thread_drop_contents(st, CT_EXIT);
	}
}

/* Always counted; shown in the trace while there is one. */
static void print_lost(struct printer *p, const struct sct_event *ev)
{
	p->lost += ev->lost;
	/* What the lost events did to fds is unknown: only /proc knows now. */
	fdpaths_free(&p->fds);
	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		pr_json_lost(p, ev);
		return;
	}
	pr_close_open_line(p);
	print_time(p, ev->time);
	outbuf_puts(p->out, "--- LOST ");
	outbuf_u64(p->out, ev->lost);
	outbuf_puts(p->out, " events on cpu ");
	outbuf_u64(p->out, ev->cpu);
	outbuf_puts(p->out, " ---\n");
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

void printer_event(struct printer *p, const struct sct_event *ev)
{
	if (ev->time > p->last_time)
		p->last_time = ev->time;
	switch (ev->kind) {
	case EV_ENTER:
		if (!p->limit_reached)
			print_enter(p, ev);
		break;
	case EV_EXIT:
		print_exit(p, ev);
		break;
	case EV_LOST:
		print_lost(p, ev);
		break;
	case EV_FAULT:
		pr_fault(p, ev);
		break;
	case EV_MMAP:
		pr_note_mapping(p, ev);
		break;
	case EV_FORK:
		if (p->cfg.fds)
			pr_fd_fork(p, ev);
		/* fall through */
	case EV_COMM:
		pr_note_task(p, ev);
		break;
	case EV_TRACEPOINT:
		pr_tracepoint(p, ev);
		break;
	case EV_CONTENTS:
		note_contents(p, ev);
		break;
	}
}

/* Calls still open stay "unfinished"; the summary comes last. */
void printer_finish(struct printer *p)
{
	pr_close_open_line(p);
	if (p->cfg.json && !p->quiet)
		pr_json_pending(p);
}

/* Calls whose exit never came; a trace that ended whole has none. */
size_t printer_unfinished(const struct printer *p)
{
	size_t i, nr = 0;

	for (i = 0; i < p->threads.cap; i++)
		nr += thread_kept(&p->threads.slots[i]) && p->threads.slots[i].in_call;
	return nr + p->dropped_unfinished;
}

void printer_summary(struct printer *p)
{
	if (p->summary)
		summary_print(p->summary, p->out, p->syscalls, p->lost);
}

/*
 * sctrace stops (on sig, or at the command's exit if 0) while nr of the
 * command's processes run on: the trace says where it ends for them.
 */
void printer_untraced(struct printer *p, int32_t pid, int sig, size_t nr)
{
	char name[SIGNAL_NAME_MAX];

	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		pr_json_untraced(p, pid, sig, nr);
		return;
	}
	pr_close_open_line(p);
	pr_prefix(p, pid, p->last_time);
	outbuf_puts(p->out, "+++ sctrace stopped ");
	if (sig) {
		outbuf_puts(p->out, "by ");
		outbuf_puts(p->out, signal_name(sig, name, sizeof(name)));
	} else {
		outbuf_puts(p->out, "at the command's exit");
	}
	outbuf_puts(p->out, ": ");
	outbuf_u64(p->out, nr);
	outbuf_puts(p->out, nr == 1 ? " process still running, no longer traced +++\n" :
				     " processes still running, no longer traced +++\n");
}

/* strace's closing line for the traced command. */
void printer_exit_status(struct printer *p, int32_t pid, int status)
{
	char name[SIGNAL_NAME_MAX];

	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		pr_json_exit_status(p, pid, status);
		return;
	}
	pr_close_open_line(p);
	pr_prefix(p, pid, p->last_time);
	if (WIFSIGNALED(status)) {
		signal_name(WTERMSIG(status), name, sizeof(name));
		outbuf_puts(p->out, "+++ killed by ");
		outbuf_puts(p->out, name);
		outbuf_puts(p->out, WCOREDUMP(status) ? " (core dumped) +++\n" : " +++\n");
		return;
	}
	outbuf_puts(p->out, "+++ exited with ");
	outbuf_s64(p->out, WEXITSTATUS(status));
	outbuf_puts(p->out, " +++\n");
}
