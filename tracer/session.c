// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "diag.h"
#include "exit_codes.h"
#include "session.h"
#include "signals.h"
#include "target.h"

/* How often to look for new records and for targets that are gone. */
#define POLL_INTERVAL_MS 100
/* Events this recent may still have older ones in flight on other cpus. */
#define ORDER_MARGIN_NS 1000000ull
/* How long a command has to exit after sctrace forwarded it a signal. */
#define FORWARD_GRACE_MS 1000
/* --lossless: how full the rings are is looked at every so many records. */
#define HOLD_CHECK_RECORDS 64
/* While the command is held, no event wakes the reader: it looks again soon. */
#define HELD_POLL_MS 1
/*
 * After an ending signal, an output that still takes bytes, slowly, is
 * written this long at most; one that takes none is given up at once.
 */
#define SLOW_OUTPUT_NS 1000000000ull
/* The BPF engine's records wake no one: read this often (see capture.h). */
#define CAPTURE_POLL_MS 5

/*
 * record: a record goes to the file as it is (sctrace's own flush samples
 * stay out); only a LOST one goes on to the printer, which counts it.
 * Returns whether to queue ev.
 */
static bool keep_for_printer(struct session *s, const struct perf_event_header *hdr,
			     struct sct_event *ev)
{
	if (ev->kind == EV_LOST || ev->pid != s->self) {
		if (s->writer->out.error)
			s->unwritten++;
		perf_writer_record(s->writer, hdr);
	}
	if (ev->kind == EV_LOST)
		return true;
	event_release(ev);
	return false;
}

static void hold_if_filling(struct session *s, const struct ring *ring)
{
	if (s->hold)
		holdback_check(s->hold, ring_fill(ring) + ring_spilled(ring), ring->size);
}

/*
 * A record whose size makes no sense leaves no way to the next one: the
 * ring is read no more. Said once, and counted as a malformed record, so
 * that --strict fails: what it held and will hold, LOST records too, is
 * not in the trace.
 */
static void tell_unreadable(struct session *s, size_t idx)
{
	s->malformed++;
	diag("the ring of cpu %d holds a record of impossible size: it is read no more, and its later records are lost uncounted",
	     s->events->ring_cpus[idx]);
}

static void read_ring(struct session *s, size_t idx)
{
	struct ring *ring = s->events->rings[idx];
	struct event_queue *q = &s->queues[idx];
	const struct perf_event_header *hdr;
	bool was_readable = !ring->corrupt;
	unsigned int nr = 0;

	ring_begin(ring);
	hold_if_filling(s, ring);
	while ((hdr = ring_next(ring))) {
		struct sct_event *ev = queue_slot(q);

		if (!ev)
			break;
		if (++nr % HOLD_CHECK_RECORDS == 0)
			hold_if_filling(s, ring);
		switch (sample_parse(&s->ids, hdr, ev)) {
		case SAMPLE_OK:
			if (s->writer && !keep_for_printer(s, hdr, ev))
				break;
			queue_commit(q);
			break;
		case SAMPLE_MALFORMED:
			s->malformed++;
			break;
		case SAMPLE_SKIP:
			if (s->writer)
				perf_writer_record(s->writer, hdr);
			break;
		}
	}
	ring_end(ring);
	if (was_readable && ring->corrupt)
		tell_unreadable(s, idx);
}

static void emit(struct session *s, struct sct_event *ev)
{
	if (ev->kind != EV_LOST && ev->pid == s->self) {
		event_release(ev);
		return;
	}
	if (s->printer->out->error)
		s->unwritten++;
	if (ev->kind == EV_LOST && s->hold)
		holdback_lost(s->hold);
	printer_event(s->printer, ev);
	event_release(ev);
	if (ev->kind == EV_LOST && s->lost_to_stderr)
		diag("LOST %llu %s on cpu %u", (unsigned long long)ev->lost.count,
		     event_lost_what(ev), ev->cpu);
}

/* Reads every ring, then prints what is old enough to be in order. */
static void drain(struct session *s, uint64_t limit)
{
	struct sct_event *ev;
	unsigned int nr = 0;
	bool more;
	size_t i;

	/* A batch of the BPF engine's stops when a cpu's ring is nearly full. */
	do {
		more = s->capture && capture_consume(s->capture);
		for (i = 0; i < s->events->nr_rings; i++)
			read_ring(s, i);
	} while (more);
	if (s->writer)
		perf_writer_round(s->writer);
	while ((ev = merge_next(s->queues, s->events->nr_rings, limit))) {
		emit(s, ev);
		/* Printing takes longer than reading: the rings fill meanwhile. */
		if (s->hold && ++nr % HOLD_CHECK_RECORDS == 0)
			holdback_check_rings(s->hold);
	}
	printer_flush(s->printer);
	if (s->hold)
		holdback_release_if_drained(s->hold);
}

/*
 * sctrace is the subreaper of the command's tree: orphans come to it, so
 * once it has no child left, no process of the command is left either.
 */
static void reap_children(struct session *s)
{
	int status;
	pid_t pid;

	if (!s->child)
		return;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (pid == s->child) {
			s->child_status = status;
			s->child_done = true;
		}
	}
	if (pid < 0 && errno == ECHILD)
		s->tree_gone = true;
}

/* The command, and unless --stop-at-exit every process it started. */
static bool command_done(const struct session *s)
{
	return s->child_done && (!s->follow || s->tree_gone);
}

/* Returns the terminating signal, or 0 if none arrived. */
static int read_signals(struct session *s)
{
	struct signalfd_siginfo si;
	int stop = 0;

	while (read(s->signals->fd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD)
			reap_children(s);
		else if (si.ssi_signo != SIGPIPE && si.ssi_signo != SIGXFSZ)
			stop = si.ssi_signo;
	}
	return stop;
}

static bool watched_all_gone(const struct session *s)
{
	size_t i;

	if (!s->watched)
		return false;
	for (i = 0; i < s->watched->nr; i++)
		if (task_alive(s->watched->ids[i]))
			return false;
	return true;
}

/*
 * A command gets the signal too and a moment to exit, like under strace;
 * once it is reaped its pid may be another's, and its orphans are left
 * to end as they would under strace, which detaches.
 */
static void forward_signal(struct session *s, int sig)
{
	int waited;

	/* A held task would not act on the signal until thawed. */
	if (s->hold)
		holdback_let_go(s->hold);
	if (!s->child_done)
		kill(s->child, sig);
	for (waited = 0; waited < FORWARD_GRACE_MS && !command_done(s); waited += 10) {
		drain(s, clock_ns(CLOCK_MONOTONIC) - ORDER_MARGIN_NS);
		usleep(10000);
		reap_children(s);
	}
}

static void stop_polling_hung_up(struct pollfd *pfds, size_t nr)
{
	size_t i;

	/* An fd whose task is gone keeps reporting POLLHUP; its ring stays read. */
	for (i = 0; i < nr; i++)
		if (pfds[i].revents & (POLLHUP | POLLERR))
			pfds[i].fd = -1;
}

static int setup_poll(struct session *s, struct pollfd **pfds)
{
	size_t i, nr = s->events->nr_rings;

	*pfds = calloc(nr + 2, sizeof(**pfds));
	s->queues = calloc(nr, sizeof(*s->queues));
	if (!*pfds || !s->queues)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		(*pfds)[i].fd = s->events->ring_fds[i];
		(*pfds)[i].events = POLLIN;
	}
	(*pfds)[nr].fd = s->signals->fd;
	(*pfds)[nr].events = POLLIN;
	(*pfds)[nr + 1].fd = s->signals->suspend_fd;
	(*pfds)[nr + 1].events = POLLIN;
	return 0;
}

/* --max-events reached: nothing more is shown, so nothing more is read. */
static bool limit_reached(struct session *s)
{
	if (!s->printer->limit_reached)
		return false;
	if (!s->disabled) {
		events_disable(s->events);
		s->disabled = true;
	}
	return true;
}

static bool should_stop(struct session *s, int sig)
{
	/* First: a write that blocks from now on is given up. */
	if (sig)
		s->stop_signal = sig;
	if (sig && !s->stop_ns)
		s->stop_ns = clock_ns(CLOCK_MONOTONIC);
	if (sig && s->child && !command_done(s))
		forward_signal(s, sig);
	if (sig)
		return true;
	if (s->child)
		return command_done(s);
	return limit_reached(s) || watched_all_gone(s);
}

/* -s counted in the kernel: its rows, and what it missed as lost. */
static void kcount_end(struct session *s)
{
	struct kcount_end end = kcount_finish(s->kcount, s->printer->summary);

	s->printer->lost += end.missed;
	s->unfinished += end.unfinished;
}

/*
 * --lossless: SIGTSTP, SIGTTIN or SIGTTOU holds the command back before
 * sctrace stops as it asks; once continued, the reader lets it go as
 * usual, when the rings are read.
 */
static void take_suspend(struct session *s)
{
	int sig = signals_read_suspend(s->signals);

	if (!sig)
		return;
	holdback_set(s->hold, true);
	signals_stop_self(sig);
}

static void guard_tick(void *arg, bool on)
{
	struct session *s = arg;

	signals_tick(s->signals, on);
}

/*
 * A write blocks: a stop of the terminal's is taken there too. After
 * an ending signal, read or still waiting, an output that took nothing
 * for a tick is given up, one that is slow a second later.
 */
static bool guard_give_up(void *arg, bool stalled)
{
	struct session *s = arg;
	uint64_t now = clock_ns(CLOCK_MONOTONIC);

	take_suspend(s);
	if (!s->stop_ns && signals_stop_pending(s->signals))
		s->stop_ns = now;
	return s->stop_ns && (stalled || now - s->stop_ns >= SLOW_OUTPUT_NS);
}

/* Runs until the target is gone or a signal arrives; drains everything. */
int session_run(struct session *s)
{
	struct pollfd *pfds = NULL;
	size_t nr = s->events->nr_rings;
	int err = setup_poll(s, &pfds);

	s->guard = (struct outbuf_guard){ guard_tick, guard_give_up, s };
	s->printer->out->guard = &s->guard;
	if (s->writer)
		s->writer->out.guard = &s->guard;

	reap_children(s);
	/* A failed write ends the output, not the tracing: the rest is counted. */
	while (!err) {
		int wait_ms = s->hold && holdback_held(s->hold) ? HELD_POLL_MS :
			      s->capture ? CAPTURE_POLL_MS : POLL_INTERVAL_MS;
		int sig;

		if (poll(pfds, nr + 2, wait_ms) < 0 && errno != EINTR) {
			err = -errno;
			break;
		}
		stop_polling_hung_up(pfds, nr);
		take_suspend(s);
		sig = pfds[nr].revents & POLLIN ? read_signals(s) : 0;
		if (should_stop(s, sig))
			break;
		drain(s, clock_ns(CLOCK_MONOTONIC) - ORDER_MARGIN_NS);
		limit_reached(s);
		if (s->kcount)
			kcount_collect(s->kcount, s->printer->summary);
	}
	if (!err) {
		drain(s, UINT64_MAX);
		events_flush_lost(s->events);
		drain(s, UINT64_MAX);
	}
	if (s->hold)
		holdback_let_go(s->hold);
	s->unfinished = printer_unfinished(s->printer);
	if (s->kcount)
		kcount_end(s);
	printer_finish(s->printer);
	free(pfds);
	return err;
}

/* sctrace's own pid is never a subject: its flush samples are skipped. */
void session_init(struct session *s, const struct session_config *cfg)
{
	*s = (struct session){
		.events = cfg->events, .printer = cfg->printer, .ids = cfg->ids,
		.signals = cfg->signals, .self = getpid(), .lost_to_stderr = cfg->lost_to_stderr,
		.child = cfg->child, .follow = cfg->follow, .watched = cfg->watched,
		.writer = cfg->writer, .kcount = cfg->kcount, .hold = cfg->hold,
		.capture = cfg->capture,
	};
}

/*
 * The reader at a real-time priority: a normal task woken by a ring's
 * watermark waited for a cpu behind the traced threads (5.9 ms on
 * average, 33 ms at most, with 4 threads on 2 cpus), long enough for the
 * rest of the ring to fill. Forks after this one (none are planned) start
 * at the normal policy again; the command was forked before.
 */
static int set_realtime(unsigned int priority)
{
	struct sched_param param = { .sched_priority = (int)priority };

	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &param))
		return -errno;
	return 0;
}

/*
 * By default, where it is not allowed (no CAP_SYS_NICE, RLIMIT_RTPRIO),
 * the reader runs as a normal task; what that loses is counted as LOST.
 * Asked for (--realtime), it must be: 0, or sctrace's exit status, said.
 */
int session_realtime(unsigned int priority, bool asked)
{
	int err;

	if (!priority)
		return 0;
	err = set_realtime(priority);
	if (!err || !asked)
		return 0;
	diag("cannot run the reader at SCHED_FIFO priority %u: %s; it needs CAP_SYS_NICE or RLIMIT_RTPRIO, or leave --realtime out",
	     priority, strerror(-err));
	return SCT_EXIT_NO_PERM;
}

void session_free(struct session *s)
{
	size_t i;

	if (!s->queues)
		return;
	for (i = 0; i < s->events->nr_rings; i++)
		queue_free(&s->queues[i]);
	free(s->queues);
	s->queues = NULL;
}
