// SPDX-License-Identifier: GPL-2.0
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "clock.h"
#include "format.h"
#include "printer.h"

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
 */
void printer_set_timing(struct printer *p, enum time_mode mode, bool durations,
			uint64_t start_ns)
{
	p->time_mode = mode;
	p->durations = durations;
	p->start_ns = start_ns;
	p->wall_offset_ns = clock_ns(CLOCK_REALTIME) - clock_ns(CLOCK_MONOTONIC);
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
	p->last_time = time;
	if (p->time_mode == TIME_RELATIVE) {
		outbuf_seconds(p->out, time > p->start_ns ? time - p->start_ns : 0);
		outbuf_putc(p->out, ' ');
	} else if (p->time_mode == TIME_ABSOLUTE) {
		print_wall_time(p, time);
	}
}

void printer_free(struct printer *p)
{
	thread_table_free(&p->threads);
}

static void close_open_line(struct printer *p)
{
	if (p->open_tid < 0)
		return;
	outbuf_puts(p->out, " <unfinished ...>\n");
	p->open_tid = -1;
}

/* The time, if asked for, then strace's "[pid N] " once several tasks are seen. */
static void print_prefix(struct printer *p, int32_t tid, uint64_t time)
{
	print_time(p, time);
	if (!p->prefix_always && p->threads.used < 2)
		return;
	outbuf_puts(p->out, "[pid ");
	outbuf_s64(p->out, tid);
	outbuf_puts(p->out, "] ");
}

static void print_args(struct printer *p, const struct syscall_desc *desc,
		       const unsigned long *args)
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
	for (i = 0; i < desc->nr_args; i++) {
		if (i)
			outbuf_puts(p->out, ", ");
		outbuf_puts(p->out, desc->args[i].name);
		outbuf_puts(p->out, ": ");
		format_arg(p->out, desc->args[i].kind, args[i]);
	}
}

/* Without memory for its state a thread is paired as if never seen. */
static struct thread_state *state_of(struct printer *p, int32_t tid,
				     struct thread_state *spare)
{
	struct thread_state *st = thread_get(&p->threads, tid);

	if (st)
		return st;
	memset(spare, 0, sizeof(*spare));
	spare->tid = tid;
	return spare;
}

static void print_enter(struct printer *p, const struct sct_event *ev)
{
	const struct syscall_desc *desc = syscall_cache_get(p->syscalls, ev->nr);
	struct thread_state spare;
	struct thread_state *st = state_of(p, ev->tid, &spare);

	close_open_line(p);
	print_prefix(p, ev->tid, ev->time);
	outbuf_puts(p->out, desc->name);
	outbuf_putc(p->out, '(');
	print_args(p, desc, ev->args);
	if (desc->result == RESULT_NORETURN) {
		outbuf_putc(p->out, ')');
		format_result(p->out, desc->result, 0);
		outbuf_putc(p->out, '\n');
		st->in_call = false;
		return;
	}
	st->in_call = true;
	st->nr = ev->nr;
	st->enter_time = ev->time;
	p->open_tid = ev->tid;
}

/*
 * A thread is in one call at a time, so its exit belongs to its pending
 * enter. The exit's own number is -1 after rt_sigreturn (which restores
 * orig_ax); another number means events were lost in between.
 */
static void print_exit(struct printer *p, const struct sct_event *ev)
{
	struct thread_state spare;
	struct thread_state *st = state_of(p, ev->tid, &spare);
	bool paired = st->in_call && (ev->nr == st->nr || ev->nr < 0);
	const struct syscall_desc *desc;

	/* The -e filter lets id -1 exits through to complete selected calls. */
	if (!paired && ev->nr < 0 && p->selective)
		return;
	desc = syscall_cache_get(p->syscalls, paired ? st->nr : ev->nr);
	if (!paired || p->open_tid != ev->tid) {
		close_open_line(p);
		print_prefix(p, ev->tid, ev->time);
		outbuf_puts(p->out, "<... ");
		outbuf_puts(p->out, desc->name);
		outbuf_puts(p->out, " resumed>");
	}
	outbuf_putc(p->out, ')');
	format_result(p->out, desc->result, ev->ret);
	if (p->durations && paired && ev->time >= st->enter_time) {
		outbuf_puts(p->out, " <");
		outbuf_seconds(p->out, ev->time - st->enter_time);
		outbuf_putc(p->out, '>');
	}
	outbuf_putc(p->out, '\n');
	st->in_call = false;
	p->open_tid = -1;
}

static void print_lost(struct printer *p, const struct sct_event *ev)
{
	close_open_line(p);
	print_time(p, ev->time);
	outbuf_puts(p->out, "--- LOST ");
	outbuf_u64(p->out, ev->lost);
	outbuf_puts(p->out, " events on cpu ");
	outbuf_u64(p->out, ev->cpu);
	outbuf_puts(p->out, " ---\n");
	p->lost += ev->lost;
}

void printer_event(struct printer *p, const struct sct_event *ev)
{
	switch (ev->kind) {
	case EV_ENTER:
		print_enter(p, ev);
		break;
	case EV_EXIT:
		print_exit(p, ev);
		break;
	case EV_LOST:
		print_lost(p, ev);
		break;
	}
}

void printer_finish(struct printer *p)
{
	close_open_line(p);
}

/* strace's closing line for the traced command. */
void printer_exit_status(struct printer *p, int32_t pid, int status)
{
	close_open_line(p);
	print_prefix(p, pid, p->last_time);
	if (WIFSIGNALED(status)) {
		outbuf_puts(p->out, "+++ killed by SIG");
		outbuf_puts(p->out, sigabbrev_np(WTERMSIG(status)) ?: "UNKNOWN");
		outbuf_puts(p->out, WCOREDUMP(status) ? " (core dumped) +++\n" : " +++\n");
		return;
	}
	outbuf_puts(p->out, "+++ exited with ");
	outbuf_s64(p->out, WEXITSTATUS(status));
	outbuf_puts(p->out, " +++\n");
}
