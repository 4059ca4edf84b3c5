// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <time.h>

#include "printer_line.h"
#include "printer_pids.h"
#include "printer_tasks.h"
#include "time_spec.h"

/* "HH:MM:SS " (-t) or "HH:MM:SS.uuuuuu " (-tt) in local time, as strace. */
static void print_wall_time(struct printer *p, uint64_t time, unsigned int digits)
{
	uint64_t wall = time + p->wall_offset_ns;
	time_t secs = wall / 1000000000;
	char hms[16];
	struct tm tm;

	localtime_r(&secs, &tm);
	strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
	outbuf_puts(p->out, hms);
	if (digits) {
		outbuf_putc(p->out, '.');
		outbuf_fraction(p->out, wall, digits);
	}
	outbuf_putc(p->out, ' ');
}

/* strace -r: seconds since the previous line, the whole part 6 wide. */
static void print_delta(struct printer *p, uint64_t time, unsigned int digits)
{
	uint64_t delta = p->last_stamp && time > p->last_stamp ? time - p->last_stamp : 0;
	uint64_t secs = delta / 1000000000;
	int width;

	for (width = 1; secs >= 10 && width < 6; secs /= 10)
		width++;
	for (; width < 6; width++)
		outbuf_putc(p->out, ' ');
	outbuf_seconds_to(p->out, delta, digits);
	outbuf_putc(p->out, ' ');
	if (time > p->last_stamp)
		p->last_stamp = time;
}

/*
 * Event times are CLOCK_MONOTONIC (use_clockid), relative times count
 * from start_ns (when tracing began), wall times are offset to REALTIME.
 */
void pr_time(struct printer *p, uint64_t time)
{
	/* Microseconds unless a precision was given; -t alone: seconds. */
	unsigned int digits = time_precision_digits(p->cfg.stamp_precision,
						    p->cfg.time_mode == TIME_SECONDS ? 0 : 6);

	switch (p->cfg.time_mode) {
	case TIME_RELATIVE:
		outbuf_seconds(p->out, time > p->start_ns ? time - p->start_ns : 0);
		outbuf_putc(p->out, ' ');
		break;
	case TIME_SECONDS:
	case TIME_ABSOLUTE:
		print_wall_time(p, time, digits);
		break;
	case TIME_EPOCH:
		outbuf_seconds_to(p->out, time + p->wall_offset_ns, digits);
		outbuf_putc(p->out, ' ');
		break;
	case TIME_DELTA:
		print_delta(p, time, digits);
		break;
	default:
		break;
	}
}

/* -ff: a line goes to its task's file (tid < 0: to none, the trace's own). */
void pr_route(struct printer *p, int32_t tid)
{
	if (p->route.out_of)
		p->out = tid < 0 ? p->base : p->route.out_of(p->route.arg, tid);
}

/* strace's "[pid N] " once several tasks are seen ("PID " always after -f -o). */
static void pr_task(struct printer *p, int32_t tid)
{
	if (p->route.out_of)
		return;
	if (p->cfg.pid_column) {
		line_style_pid(p->out, tid, true);
		return;
	}
	if (!p->prefix_always && p->tasks_calling < 2)
		return;
	if (p->cfg.style == LINE_STYLE_STRACE) {
		line_style_pid(p->out, tid, false);
		return;
	}
	outbuf_puts(p->out, "[pid ");
	outbuf_s64(p->out, tid);
	if (p->cfg.decode_pids)
		pr_put_comm(p, tid, true);
	outbuf_puts(p->out, "] ");
}

/*
 * The time, if asked for, then strace's "[pid N] " once several tasks
 * are seen, unless each task has its file; strace's lines (--format)
 * have the task first.
 */
void pr_prefix(struct printer *p, int32_t tid, uint64_t time)
{
	const char *comm;

	pr_route(p, tid);
	p->line_start = outbuf_pos(p->out);
	/* strace writes the task first, then the time. */
	if (p->cfg.style == LINE_STYLE_STRACE && !p->cfg.comm) {
		pr_task(p, tid);
		pr_time(p, time);
		return;
	}
	pr_time(p, time);
	if (p->cfg.comm) {
		comm = pr_comm_of(p, tid);
		outbuf_escaped(p->out, comm, strlen(comm), 0);
		outbuf_putc(p->out, '/');
		outbuf_s64(p->out, tid);
		outbuf_putc(p->out, ' ');
		return;
	}
	pr_task(p, tid);
}

/*
 * strace -a N: spaces up to column N - 1 (from 1), so that the " = " of
 * lines shorter than that comes in one column; longer lines get none.
 */
void pr_align_result(struct printer *p)
{
	uint64_t col = outbuf_pos(p->out) - p->line_start;

	for (; col + 1 < p->cfg.columns; col++)
		outbuf_putc(p->out, ' ');
}

/* A JSON object's time counts from the start whatever --time asks. */
void pr_json_head(struct printer *p, struct json_head *h, const char *type,
		  int32_t pid, int32_t tid, uint64_t time)
{
	h->type = type;
	h->time_ns = time > p->start_ns ? time - p->start_ns : 0;
	h->pid = pid;
	h->tid = tid;
	h->comm = p->cfg.comm && tid ? pr_comm_of(p, tid) : NULL;
}
