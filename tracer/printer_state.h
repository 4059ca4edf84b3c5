/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_STATE_H
#define SCTRACE_PRINTER_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "constfmt.h"
#include "detach.h"
#include "fdpaths.h"
#include "hexquote.h"
#include "iodump.h"
#include "line_style.h"
#include "maps.h"
#include "outbuf.h"
#include "path_filter.h"
#include "pidns.h"
#include "sig_events.h"
#include "sockdiag.h"
#include "stats_spec.h"
#include "summary.h"
#include "syscalls.h"
#include "threads.h"
#include "time_spec.h"
#include "tracepoints.h"

/*
 * What the printer knows, in a header below its files: printer.c (the
 * state machine) keeps it; its sinks (printer_text.c, printer_json.c)
 * read it to write lines, and keep there only what is theirs: the text
 * line left open, names read from /proc.
 */

/*
 * What starts each line: nothing, seconds since the start (--time), wall
 * time of day to the second (-t) or microsecond (-tt, --time=abs), seconds
 * since the epoch (-ttt), or since the previous line (-r).
 */
enum time_mode {
	TIME_NONE,
	TIME_RELATIVE,
	TIME_SECONDS,
	TIME_ABSOLUTE,
	TIME_EPOCH,
	TIME_DELTA,
};

/* What the user asked to see, from the options. */
struct printer_config {
	enum time_mode time_mode;
	enum time_precision stamp_precision;	/* --absolute/--relative-timestamps= */
	enum time_precision duration_precision;	/* --syscall-times= */
	bool durations;		/* " <seconds>" after each result, as strace -T */
	bool failures_only;	/* --failure, -Z */
	bool successes_only;	/* -z */
	unsigned int hidden_status; /* -e status=: enum call_status bits not shown */
	unsigned int quiet;	/* -q, -e quiet=: enum quiet_msg bits not shown */
	bool syscall_number;	/* -n: "[  NR] " before each call's name */
	bool insn_ptr;		/* -i: "[00007f...] " before it, the caller's address */
	bool decode_pids;	/* -Y: "<comm>" after pids, in prefixes, arguments, results */
	uint64_t min_duration_ns; /* --duration: only calls at least this long */
	uint64_t max_events;	/* --max-events: stop after this many; 0: all */
	bool summary_only;	/* -s: no trace lines, the table at the end */
	bool with_summary;	/* -S: the trace, then the table */
	bool errno_summary;	/* --errno-summary: errnos in the table */
	bool perf_summary;	/* --summary, --with-summary: perf's tables */
	struct stats_spec stats;	/* -c, -C: strace's table, -S, -U, -O */
	bool comm;		/* --comm: "comm/tid " before every line */
	bool json;		/* --json: one JSON object per event */
	bool silent;		/* record: nothing shown, losses still counted */
	bool contents;		/* contents records come: a line waits at out-arguments */
	bool fds;		/* -y (and -P): fds followed by <their path>, as strace -y */
	bool fds_unshown;	/* -P without -y: fds followed, their paths not shown */
	struct path_list paths;	/* -P: only calls touching these paths */
	uint64_t signals;	/* -e signal=: the signals whose lines show (sig_set.h) */
	unsigned int fd_show;	/* with fds: what <...> shows (enum fd_show) */
	bool pidns_translation;	/* pids of other namespaces in sctrace's too */
	enum hex_strings hex;	/* -x, -xx: strings in hex */
	bool kvm_exits;		/* -e kvm=vcpu: KVM_RUN's exit reason after its result */
	unsigned int columns;	/* -a N: " = " padded to column N - 1; 0: not */
	enum const_style consts; /* -X: constants as names, numbers or both */
	bool detach_on_exec;	/* -b execve: a process's execve is its last call shown */
	enum line_style style;	/* --format: sctrace's named arguments or strace's line */
	bool pid_column;	/* strace's -f -o FILE: "PID " before every line */
	bool dumps;		/* -e read= or -e write= names some fd */
	struct iodump_fds dump_read;	/* -e read=: whose reads are dumped in hex */
	struct iodump_fds dump_write;	/* -e write=: whose writes are */
};

struct printer_sink;

/*
 * -ff -o FILE: each task's lines go to a buffer of their own (out_of's),
 * with no "[pid N]"; flush writes them all out.
 */
struct printer_route {
	struct outbuf *(*out_of)(void *arg, int32_t tid);
	void (*flush)(void *arg);
	void *arg;
};

struct printer {
	struct outbuf *out;		/* the line's: base's, or its task's */
	struct outbuf *base;		/* the trace's: what is not a task's */
	struct printer_route route;	/* -ff: out_of set */
	const struct printer_sink *sink;	/* text lines or JSON objects */
	struct syscall_cache *syscalls;
	struct thread_table threads;
	int32_t open_tid;	/* text: the thread whose line is open, or -1 */
	int32_t command;	/* the command's pid: its wait status ends the trace */
	size_t tasks_calling;	/* threads seen making calls: "[pid N]" from 2 */
	bool prefix_always;	/* the target is many tasks from the start */
	const bool *selected;	/* -e's numbers (SELECT_MAX_NR of them), or NULL */
	uint64_t lost;		/* events the kernel dropped, in total */
	uint64_t lost_task_records; /* comm and fork records it dropped */
	size_t dropped_unfinished; /* calls of forgotten tasks that never returned */
	struct printer_config cfg;
	bool hold;		/* print a call whole at its exit, not at its enter */
	bool quiet;		/* only the summary is printed */
	uint64_t printed;	/* events shown, for --max-events */
	bool limit_reached;	/* --max-events are shown: ignore the rest */
	struct summary *summary;	/* NULL without -s/-S */
	struct maps_cache maps;		/* for page faults' [map+offset], and -k */
	struct unwinder *unwinder;	/* -k: unwinds the calls' stacks, or NULL */
	struct frame_syms *chain_syms;	/* --call-graph fp: names their chains, or NULL */
	struct fd_paths fds;		/* -y: what each process's fds are */
	struct fd_change fd_change;	/* -y: what the exit being printed does */
	struct sockdiag sockdiag;	/* -yy: asks the kernel what sockets are */
	struct pidns pidns;		/* --pidns-translation's */
	const struct extra_tps *extra;	/* --event and --sched formats, or NULL */
	struct sig_pending signals;	/* sent and not yet taken: who sent them */
	int32_t self;			/* sctrace's pid: never a subject */
	bool from_file;			/* a replay: this machine's /proc says nothing */
	bool every_task;		/* system-wide: every task is traced */
	bool open_line_goes_on;	/* text: the open line stopped before arguments the exit shows */
	uint64_t start_ns;	/* CLOCK_MONOTONIC at the start, for TIME_RELATIVE */
	int64_t wall_offset_ns;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_time;	/* of the latest event, for lines without one */
	uint64_t last_stamp;	/* -r: the time the previous line showed */
	uint64_t line_start;	/* -a: outbuf_pos(out) where the line began */
	struct detach_set detached;	/* -b execve: the processes no longer shown */
};

#endif
