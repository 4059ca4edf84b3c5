// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <time.h>

#include "printer_line.h"
#include "printer_tasks.h"

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

/*
 * Event times are CLOCK_MONOTONIC (use_clockid), relative times count
 * from start_ns (when tracing began), wall times are offset to REALTIME.
 */
void pr_time(struct printer *p, uint64_t time)
{
	if (p->cfg.time_mode == TIME_RELATIVE) {
		outbuf_seconds(p->out, time > p->start_ns ? time - p->start_ns : 0);
		outbuf_putc(p->out, ' ');
	} else if (p->cfg.time_mode == TIME_ABSOLUTE) {
		print_wall_time(p, time);
	}
}

/* The time, if asked for, then strace's "[pid N] " once several tasks are seen. */
void pr_prefix(struct printer *p, int32_t tid, uint64_t time)
{
	const char *comm;

	pr_time(p, time);
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
