/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_H
#define SCTRACE_PRINTER_H

#include <stdbool.h>
#include <stdint.h>

#include "fdpaths.h"
#include "maps.h"
#include "outbuf.h"
#include "sct_event.h"
#include "summary.h"
#include "syscalls.h"
#include "threads.h"
#include "tracepoints.h"

/*
 * Turns ordered events into strace-like lines. A call's line is left
 * open after its enter; the matching exit completes it, anything else
 * closes it as "<unfinished ...>" and the exit later prints "resumed".
 */
/* What starts each line: nothing, seconds since the start, or wall time. */
enum time_mode {
	TIME_NONE,
	TIME_RELATIVE,
	TIME_ABSOLUTE,
};

/* What the user asked to see, from the options. */
struct printer_config {
	enum time_mode time_mode;
	bool durations;		/* " <seconds>" after each result, as strace -T */
	bool failures_only;	/* --failure */
	uint64_t min_duration_ns; /* --duration: only calls at least this long */
	uint64_t max_events;	/* --max-events: stop after this many; 0: all */
	bool summary_only;	/* -s: no trace lines, the table at the end */
	bool with_summary;	/* -S: the trace, then the table */
	bool errno_summary;	/* --errno-summary: errnos in the table */
	bool comm;		/* --comm: "comm/tid " before every line */
	bool json;		/* --json: one JSON object per event */
	bool silent;		/* record: nothing shown, losses still counted */
	bool contents;		/* contents records come: a line waits at out-arguments */
	bool fds;		/* -y: fds followed by <their path>, as strace -y */
};

struct printer {
	struct outbuf *out;
	struct syscall_cache *syscalls;
	struct thread_table threads;
	int32_t open_tid;	/* the thread whose line is open, or -1 */
	bool open_line_goes_on;	/* it stopped before arguments the exit shows */
	size_t tasks_calling;	/* threads seen making calls: "[pid N]" from 2 */
	bool prefix_always;	/* the target is many tasks from the start */
	bool selective;		/* -e: id -1 exits only complete a selected call */
	uint64_t lost;		/* events the kernel dropped, in total */
	size_t dropped_unfinished; /* calls of forgotten tasks that never returned */
	struct printer_config cfg;
	bool hold;		/* print a call whole at its exit, not at its enter */
	bool quiet;		/* only the summary is printed */
	uint64_t printed;	/* events shown, for --max-events */
	bool limit_reached;	/* --max-events are shown: ignore the rest */
	struct summary *summary;	/* NULL without -s/-S */
	struct maps_cache maps;		/* for page faults' [map+offset] */
	struct fd_paths fds;		/* -y: what each process's fds are */
	struct fd_change fd_change;	/* -y: what the exit being printed does */
	const struct extra_tps *extra;	/* --event and --sched formats, or NULL */
	int32_t self;			/* sctrace's pid: never a subject */
	bool from_file;			/* a replay: this machine's /proc says nothing */
	bool every_task;		/* system-wide: every task is traced */
	uint64_t start_ns;	/* CLOCK_MONOTONIC at the start, for TIME_RELATIVE */
	int64_t wall_offset_ns;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_time;	/* of the latest event, for lines without one */
};

void printer_init(struct printer *p, struct outbuf *out,
		  struct syscall_cache *syscalls, bool prefix_always);
int printer_configure(struct printer *p, const struct printer_config *cfg,
		      uint64_t start_ns);
void printer_free(struct printer *p);
void printer_event(struct printer *p, const struct sct_event *ev);
void printer_finish(struct printer *p);
void printer_summary(struct printer *p);
size_t printer_unfinished(const struct printer *p);
void printer_exit_status(struct printer *p, int32_t pid, int status);
void printer_untraced(struct printer *p, int32_t pid, int sig, size_t nr);

#endif
