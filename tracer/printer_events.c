// SPDX-License-Identifier: GPL-2.0
/* The printer's lines for page faults, tracepoint records and task names. */
#include <stdio.h>
#include <string.h>

#include "printer.h"
#include "printer_int.h"
#include "sched_events.h"

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

void pr_fault(struct printer *p, const struct sct_event *ev)
{
	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		pr_json_fault(p, ev);
		return;
	}
	pr_close_open_line(p);
	pr_prefix(p, ev->tid, ev->time);
	outbuf_puts(p->out, ev->fault.major ? "--- page fault: major, addr " :
					      "--- page fault: minor, addr ");
	outbuf_hex(p->out, ev->fault.addr);
	print_where(p, ev->pid, ev->fault.addr);
	outbuf_puts(p->out, ", ip ");
	outbuf_hex(p->out, ev->fault.ip);
	print_where(p, ev->pid, ev->fault.ip);
	outbuf_puts(p->out, " ---\n");
	pr_count_shown(p);
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
static void show_tracepoint(struct printer *p, const struct sct_event *ev,
			    const struct extra_tp *tp)
{
	struct sched_line line;

	if (p->quiet || p->limit_reached)
		return;
	if (p->cfg.json) {
		pr_json_tracepoint(p, ev, tp);
		return;
	}
	if (tp->role != TP_PLAIN &&
	    sched_read(p->extra, tp, ev->tp.data, ev->tp.size, ev->tid, &line))
		return;
	/* A traced waker's record about a task nobody traces is not ours. */
	if (tp->role == TP_WAKEUP && (line.subject == p->self ||
	    (!p->every_task && !thread_find(&p->threads, line.subject))))
		return;
	pr_close_open_line(p);
	if (tp->role == TP_PLAIN) {
		pr_prefix(p, ev->tid, ev->time);
		extra_print(p->out, p->extra, tp, ev->tp.data, ev->tp.size);
	} else {
		pr_prefix(p, line.subject, ev->time);
		sched_print(p->out, tp->role, &line,
			    tp->role == TP_EXIT ? exit_code_of(p, ev) : -1);
	}
	outbuf_putc(p->out, '\n');
	pr_count_shown(p);
}

/* sched_process_exit is a task's end, whether shown or not. */
void pr_tracepoint(struct printer *p, const struct sct_event *ev)
{
	const struct extra_tp *tp = p->extra ? extra_tps_find(p->extra, ev->tp.type) : NULL;

	if (!tp)
		return;
	show_tracepoint(p, ev, tp);
	if (tp->role == TP_EXIT)
		pr_retire_tid(p, ev->tid);
}

/* The trace's own mmap records: where faults land, even in a replay. */
void pr_note_mapping(struct printer *p, const struct sct_event *ev)
{
	maps_add(&p->maps, ev->pid, ev->map.start, ev->map.len, ev->map.pgoff,
		 ev->map.path);
}

/* Names for --comm: a new name at exec, a child starts with its parent's. */
void pr_note_task(struct printer *p, const struct sct_event *ev)
{
	char name[COMM_LEN];
	struct thread_state *st;

	if (ev->kind == EV_COMM && ev->task.exec && ev->pid == ev->tid)
		maps_forget(&p->maps, ev->pid);
	snprintf(name, sizeof(name), "%s",
		 ev->kind == EV_COMM ? ev->task.comm : pr_comm_of(p, ev->task.ptid));
	st = pr_thread(p, ev->tid);
	if (!st)
		return;
	memcpy(st->comm, name, sizeof(name));
	st->has_comm = true;
}
