// SPDX-License-Identifier: GPL-2.0
/*
 * The printer's text sink: strace-like lines. A call shown at its enter
 * leaves its line open; its exit completes it, or, when another line
 * comes first, the line closes as "<unfinished ...>" and the exit later
 * starts a "<... name resumed>" line.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "beauty.h"
#include "constfmt.h"
#include "contents_show.h"
#include "format.h"
#include "insn_ptr.h"
#include "kvm_exit.h"
#include "line_style.h"
#include "printer_dump.h"
#include "printer_fds.h"
#include "printer_pids.h"
#include "printer_line.h"
#include "printer_sink.h"
#include "sig_events.h"
#include "sched_events.h"
#include "sysent.h"
#include "time_spec.h"

static void close_open_line(struct printer *p)
{
	if (p->open_tid < 0)
		return;
	/* As strace: "read(3,  <unfinished ...>" when arguments come later. */
	if (p->open_line_goes_on)
		outbuf_puts(p->out, p->cfg.style == LINE_STYLE_STRACE ? ",  <unfinished ...>\n" :
								       ", <unfinished ...>\n");
	else
		outbuf_puts(p->out, " <unfinished ...>\n");
	p->open_tid = -1;
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
		    desc->args[j].kind == ARG_OPEN_FLAGS_ARM64 ||
		    desc->args[j].kind == ARG_OPEN_FLAGS_PPC64)
			return !open_flags_create(desc->args[j].kind,
						 arg_cut(args[j], desc->args[j].bits));
	return false;
}

/* Whether the program reads the argument: its condition holds (clone's flags). */
static bool content_read(const struct syscall_desc *desc, const unsigned long *args, int i)
{
	const struct syscall_arg *a = &desc->args[i];

	return !a->cond || (a->cond_arg >= 0 && sysent_cond_holds(a->cond, args[a->cond_arg]));
}

/* What an argument shows: its operation's kind of contents where it gives one. */
static enum content_kind op_content(const struct syscall_desc *desc,
				    const struct sysent_op *op, int i)
{
	const struct sysent_op_arg *as = syscall_op_arg(op, i);

	return as ? as->content : desc->args[i].content;
}

/*
 * Where a call's line stops at its enter: at the first argument the
 * kernel fills, or whose memory the enter could not read (read again
 * at the exit).
 */
static int split_at(const struct printer *p, const struct syscall_desc *desc,
		    const struct thread_state *st)
{
	const struct sysent_op *op = syscall_op(desc, st->args);
	int i;

	for (i = 0; p->cfg.contents && i < desc->nr_args; i++) {
		enum content_kind kind = op_content(desc, op, i);

		/* An argument the operation ignores shows no contents. */
		if (!syscall_op_takes(op, i))
			continue;
		if ((contents_wait_exit(kind) && content_read(desc, st->args, i)) ||
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

/* strace's lines: the flags written since at, in strace's order. */
static void strace_flag_order(struct printer *p, uint64_t at)
{
	if (p->cfg.style == LINE_STYLE_STRACE)
		line_style_reorder_since(p->out, at);
}

static void print_value(struct printer *p, const struct syscall_desc *desc,
			const struct sysent_op *op, int i, unsigned long raw,
			const struct call_view *cv)
{
	const struct syscall_arg *arg = &desc->args[i];
	const struct sysent_op_arg *as = syscall_op_arg(op, i);
	/* What the kernel takes of the register: the rest is the caller's garbage. */
	unsigned long val = arg_cut(raw, arg->bits);
	struct ct_arg_view v = {
		.index = i, .val = val, .returned = cv->returned, .ret = cv->ret,
	};
	uint64_t at = outbuf_pos(p->out);
	enum content_kind ck = op_content(desc, op, i);
	enum arg_kind kind;
	struct vwriter w;

	if (ck != CK_NONE && cv->st &&
	    contents_pick(ck, &cv->st->ct[CT_ENTER], &cv->st->ct[CT_EXIT], &v)) {
		vw_init(&w, p->out, false);
		w.hex = p->cfg.hex;
		w.strace = p->cfg.style == LINE_STYLE_STRACE;
		w.verbose = desc->unabbreviated;
		contents_show(&w, ck, &v);
		return;
	}
	if (as) {
		format_arg(p->out, beauty_machine_kind(as->kind, desc->machine),
			   arg_cut(raw, as->bits));
		strace_flag_order(p, at);
		return;
	}
	kind = line_style_kind(p->cfg.style, arg->kind);
	if (constfmt_applies(p->cfg.consts, kind))
		constfmt_print(p->out, p->cfg.consts, kind, val);
	else
		format_arg(p->out, kind, val);
	strace_flag_order(p, at);
	if (p->cfg.fds && !p->cfg.fds_unshown)
		pr_fd_arg(p, desc, i, val, cv->st);
	if (p->cfg.pidns_translation || p->cfg.decode_pids)
		pr_pid_arg(p, desc, i, val, cv->st);
}

/* Arguments from..to of a call, after a comma if the line has some already. */
static void print_arg_range(struct printer *p, const struct syscall_desc *desc,
			    const unsigned long *args, int from, int to, bool comma,
			    const struct call_view *cv)
{
	const struct sysent_op *op = syscall_op(desc, args);
	int i;

	for (i = from; i < to; i++) {
		if (mode_unused(desc, args, i) || !syscall_op_takes(op, i))
			continue;
		if (comma)
			outbuf_puts(p->out, ", ");
		comma = true;
		line_style_arg_name(p->out, p->cfg.style, desc->args[i].name);
		print_value(p, desc, op, i, args[i], cv);
	}
}

static void print_args(struct printer *p, const struct syscall_desc *desc,
		       const unsigned long *args, int to, const struct call_view *cv)
{
	int i;

	if (desc->nr_args < 0) {
		for (i = 0; i < SYSCALL_MAX_ARGS; i++) {
			char name[8];

			if (i)
				outbuf_puts(p->out, ", ");
			snprintf(name, sizeof(name), "arg%d", i);
			line_style_arg_name(p->out, p->cfg.style, name);
			/* strace writes them as %#lx: 0 bare. */
			if (!args[i] && p->cfg.style == LINE_STYLE_STRACE)
				outbuf_putc(p->out, '0');
			else
				outbuf_hex(p->out, args[i]);
		}
		return;
	}
	print_arg_range(p, desc, args, 0, to, false, cv);
}

/* A call's name; strace names a call it does not know syscall_0xNR. */
static void print_name(struct printer *p, const struct syscall_desc *desc, long nr)
{
	if (desc->nr_args >= 0 || p->cfg.style != LINE_STYLE_STRACE || nr < 0) {
		outbuf_puts(p->out, desc->name);
		return;
	}
	outbuf_puts(p->out, "syscall_");
	outbuf_hex(p->out, nr);
}

/* strace -n: the number, right-aligned in 4 columns: "[  59] ". */
static void print_number(struct printer *p, long nr)
{
	long width = 1, rest;

	if (!p->cfg.syscall_number)
		return;
	for (rest = nr < 0 ? -nr : nr; rest >= 10; rest /= 10)
		width++;
	width += nr < 0;
	outbuf_putc(p->out, '[');
	for (; width < 4; width++)
		outbuf_putc(p->out, ' ');
	outbuf_s64(p->out, nr);
	outbuf_puts(p->out, "] ");
}

/* -i: the caller's address, as strace -i, after -n's number; ev NULL: unknown. */
static void print_insn_ptr(struct printer *p, const struct sct_event *ev)
{
	if (p->cfg.insn_ptr)
		insn_ptr_print(p->out, ev);
}

static void print_call_start(struct printer *p, const struct sct_event *ev, uint64_t time,
			     const struct syscall_desc *desc,
			     const unsigned long *args, int to, const struct call_view *cv)
{
	close_open_line(p);
	pr_prefix(p, ev->tid, time);
	if (cv->st)
		print_number(p, cv->st->nr);
	print_insn_ptr(p, ev);
	print_name(p, desc, cv->st ? cv->st->nr : -1);
	outbuf_putc(p->out, '(');
	print_args(p, desc, args, to, cv);
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
		if (contents_after_named(kind))
			line_style_arg_name(p->out, p->cfg.style, desc->args[i].name);
		vw_init(&w, p->out, false);
		w.hex = p->cfg.hex;
		w.strace = p->cfg.style == LINE_STYLE_STRACE;
		contents_show_after(&w, kind, &v);
	}
	if (any)
		outbuf_putc(p->out, ')');
}

/* A result the operation gives a meaning: "= 0x1 (flags FD_CLOEXEC)"; false: none. */
static bool print_op_result(struct printer *p, const struct syscall_desc *desc,
			    const struct sysent_op *op, long ret)
{
	const struct sysent_op_result *r = op ? &op->result : NULL;

	if (!r || r->kind == ARG_U64 || result_is_error(ret) || (r->zero_plain && !ret))
		return false;
	outbuf_puts(p->out, " = ");
	if (r->hex)
		outbuf_hex(p->out, ret);
	else
		outbuf_s64(p->out, ret);
	outbuf_puts(p->out, " (");
	outbuf_puts(p->out, r->label);
	format_arg(p->out, beauty_machine_kind(r->kind, desc->machine), ret);
	outbuf_putc(p->out, ')');
	return true;
}

/* -k: the call's frames, after its line, as strace -k. */
static void print_frames(struct printer *p, const struct thread_state *st)
{
	if (st->frames)
		outbuf_puts(p->out, st->frames);
}

static void print_result(struct printer *p, const struct thread_state *st,
			 bool paired, const struct sct_event *ev,
			 const struct syscall_desc *desc)
{
	enum result_kind kind = desc->result;

	/* strace writes (Timeout) after poll's and select's 0, not after epoll's. */
	if (kind == RESULT_EPOLL_TIMEOUT && p->cfg.style == LINE_STYLE_STRACE)
		kind = RESULT_DEFAULT;
	outbuf_putc(p->out, ')');
	pr_align_result(p);
	if (!paired || !print_op_result(p, desc, syscall_op(desc, st->args), ev->ret))
		format_result(p->out, kind, ev->ret);
	if (p->cfg.fds && !p->cfg.fds_unshown)
		pr_fd_result(p);
	if (p->cfg.pidns_translation || p->cfg.decode_pids)
		pr_pid_result(p, desc, ev);
	if (paired)
		print_after_result(p, st, desc, ev->ret);
	/* Only KVM_RUN's ioctl fires the tracepoint; strace adds it on success. */
	if (p->cfg.kvm_exits && paired && st->has_kvm_exit && !ev->ret) {
		outbuf_puts(p->out, " (");
		outbuf_puts(p->out, kvm_exit_name(st->kvm_exit));
		outbuf_putc(p->out, ')');
	}
	if (p->cfg.durations && paired && ev->time >= st->enter_time) {
		outbuf_puts(p->out, " <");
		outbuf_seconds_to(p->out, ev->time - st->enter_time,
				  time_precision_digits(p->cfg.duration_precision, 6));
		outbuf_putc(p->out, '>');
	}
	outbuf_putc(p->out, '\n');
	if (paired)
		pr_dump_io(p, st, desc, ev->ret);
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

static void print_resumed(struct printer *p, const struct sct_event *ev,
			  const struct syscall_desc *desc)
{
	close_open_line(p);
	pr_prefix(p, ev->tid, ev->time);
	print_number(p, ev->nr);
	print_insn_ptr(p, ev);
	outbuf_puts(p->out, "<... ");
	print_name(p, desc, ev->nr);
	outbuf_puts(p->out, " resumed>");
}

static void text_enter(struct printer *p, const struct sct_event *ev,
		       const struct thread_state *st)
{
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, ev->nr);
	int split = split_at(p, desc, st);

	print_call_start(p, ev, ev->time, desc, ev->args, split,
			 &(struct call_view){ .st = st });
	p->open_tid = ev->tid;
	p->open_line_goes_on = split > 0 && split < desc->nr_args;
}

/* On its own open line, or on a new one if another line came between. */
static void text_resume(struct printer *p, const struct sct_event *ev,
			const struct thread_state *st)
{
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, st->nr);
	struct call_view cv = { .st = st, .returned = true, .ret = ev->ret };
	bool open_line = p->open_tid == ev->tid;

	if (!open_line)
		print_resumed(p, ev, desc);
	print_rest(p, desc, st, &cv, open_line);
	print_result(p, st, true, ev, desc);
	print_frames(p, st);
	p->open_tid = -1;
}

static void print_no_result(struct printer *p)
{
	outbuf_putc(p->out, ')');
	pr_align_result(p);
	outbuf_puts(p->out, " = ?\n");
}

/*
 * A call on one line: every argument and the result, or, unpaired, the
 * exit alone as "<... name resumed>) = result"; one that never returned
 * (exit, exit_group) ends " = ?", as strace shows them.
 */
static void text_call(struct printer *p, const struct sct_event *ev,
		      const struct thread_state *st, bool paired, bool returned)
{
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, paired ? st->nr : ev->nr);
	struct call_view cv = { .st = paired ? st : NULL, .returned = returned, .ret = ev->ret };

	if (paired)
		print_call_start(p, ev, st->enter_time, desc, st->args, desc->nr_args, &cv);
	else
		print_resumed(p, ev, desc);
	if (returned)
		print_result(p, st, paired, ev, desc);
	else
		print_no_result(p);
	if (paired)
		print_frames(p, st);
}

static void text_lost(struct printer *p, const struct sct_event *ev)
{
	close_open_line(p);
	pr_route(p, -1);
	pr_time(p, ev->time);
	outbuf_puts(p->out, "--- LOST ");
	outbuf_u64(p->out, ev->lost.count);
	outbuf_putc(p->out, ' ');
	outbuf_puts(p->out, event_lost_what(ev));
	outbuf_puts(p->out, " on cpu ");
	outbuf_u64(p->out, ev->cpu);
	outbuf_puts(p->out, " ---\n");
}

/*
 * " [path+0xoff]" where addr falls in a mapping of pid: " [anon]" for
 * memory of no file, " [stack+0xoff]" for the kernel's named areas.
 */
static void print_where(struct printer *p, int32_t pid, uint64_t addr)
{
	const struct mapping *m = maps_find(&p->maps, pid, addr);
	size_t len;

	if (!m)
		return;
	if (maps_anonymous(m)) {
		outbuf_puts(p->out, " [anon]");
		return;
	}
	outbuf_puts(p->out, " [");
	len = strlen(m->path);
	if (m->path[0] == '[' && len > 2 && m->path[len - 1] == ']')
		outbuf_escaped(p->out, m->path + 1, len - 2, 0);
	else
		outbuf_escaped(p->out, m->path, len, 0);
	outbuf_putc(p->out, '+');
	outbuf_hex(p->out, maps_offset(m, addr));
	outbuf_putc(p->out, ']');
}

static void text_fault(struct printer *p, const struct sct_event *ev)
{
	close_open_line(p);
	pr_prefix(p, ev->tid, ev->time);
	print_insn_ptr(p, ev);
	outbuf_puts(p->out, ev->fault.major ? "--- page fault: major, addr " :
					      "--- page fault: minor, addr ");
	outbuf_hex(p->out, ev->fault.addr);
	print_where(p, ev->pid, ev->fault.addr);
	outbuf_puts(p->out, ", ip ");
	outbuf_hex(p->out, ev->fault.ip);
	print_where(p, ev->pid, ev->fault.ip);
	outbuf_puts(p->out, " ---\n");
}

static int exit_code_of(struct printer *p, const struct sct_event *ev)
{
	struct thread_state *st = thread_find(&p->threads, ev->tid);

	if (st && st->has_exit_code)
		return st->exit_code;
	st = thread_find(&p->threads, ev->pid);
	return st && st->has_exit_code ? st->exit_code : -1;
}

/* --event's records by their fields, --sched's as one readable line each. */
static bool text_tracepoint(struct printer *p, const struct sct_event *ev,
			    const struct extra_tp *tp)
{
	struct sched_line line;

	if (tp->role != TP_PLAIN &&
	    sched_read(p->extra, tp, ev->tp.data, ev->tp.size, ev->tid, &line))
		return false;
	/* A traced waker's record about a task nobody traces is not ours. */
	if (tp->role == TP_WAKEUP && (line.subject == p->self ||
	    (!p->every_task && !thread_find(&p->threads, line.subject))))
		return false;
	close_open_line(p);
	if (tp->role == TP_PLAIN) {
		pr_prefix(p, ev->tid, ev->time);
		print_insn_ptr(p, ev);
		extra_print(p->out, p->extra, tp, ev->tp.data, ev->tp.size);
	} else {
		pr_prefix(p, line.subject, ev->time);
		print_insn_ptr(p, line.subject == ev->tid ? ev : NULL);
		sched_print(p->out, tp->role, &line,
			    tp->role == TP_EXIT ? exit_code_of(p, ev) : -1);
	}
	outbuf_putc(p->out, '\n');
	return true;
}

static void text_signal(struct printer *p, const struct sct_event *ev,
			const struct sig_line *line)
{
	close_open_line(p);
	pr_prefix(p, ev->tid, ev->time);
	print_insn_ptr(p, ev);
	sig_print(p->out, line);
	outbuf_putc(p->out, '\n');
}

static void text_superseded(struct printer *p, int32_t leader, int32_t caller,
			    uint64_t time)
{
	close_open_line(p);
	pr_prefix(p, leader, time);
	print_insn_ptr(p, NULL);
	outbuf_puts(p->out, "+++ superseded by execve in pid ");
	outbuf_s64(p->out, caller);
	outbuf_puts(p->out, " +++\n");
}

static void text_abi(struct printer *p, int32_t tid, int bits, uint64_t time)
{
	close_open_line(p);
	pr_prefix(p, tid, time);
	print_insn_ptr(p, NULL);
	outbuf_puts(p->out, "[ Process PID=");
	outbuf_s64(p->out, tid);
	outbuf_puts(p->out, bits == 32 ? " runs in 32 bit mode. ]\n" : " runs in 64 bit mode. ]\n");
}

/* strace's closing line for the traced command. */
static void text_exit_status(struct printer *p, int32_t pid, int status)
{
	char name[SIGNAL_NAME_MAX];

	close_open_line(p);
	pr_prefix(p, pid, p->last_time);
	print_insn_ptr(p, NULL);
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

static void text_untraced(struct printer *p, int32_t pid, int sig, size_t nr)
{
	char name[SIGNAL_NAME_MAX];

	close_open_line(p);
	pr_prefix(p, pid, p->last_time);
	print_insn_ptr(p, NULL);
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

const struct printer_sink printer_text_sink = {
	.enter = text_enter,
	.resume = text_resume,
	.call = text_call,
	.lost = text_lost,
	.fault = text_fault,
	.tracepoint = text_tracepoint,
	.signal = text_signal,
	.superseded = text_superseded,
	.abi = text_abi,
	.exit_status = text_exit_status,
	.untraced = text_untraced,
	/* Calls still open stay "unfinished". */
	.finish = close_open_line,
};
