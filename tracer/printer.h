/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_H
#define SCTRACE_PRINTER_H

#include <stdbool.h>
#include <stdint.h>

#include "outbuf.h"
#include "printer_state.h"
#include "sct_event.h"
#include "syscalls.h"

/*
 * Turns ordered events into strace-like lines or JSON objects: a state
 * machine (printer.c) over two sinks (printer_sink.h).
 */
/* What a run or a replay knows of its output and tasks, besides the options. */
struct printer_setup {
	struct outbuf *out;
	struct syscall_cache *syscalls;
	const struct printer_config *cfg;
	uint64_t start_ns;		/* where relative times count from */
	const struct extra_tps *extra;	/* --event and --sched formats, or NULL */
	bool prefix_always;		/* many tasks from the start: "[pid N]" always */
	const bool *selected;		/* -e's numbers (SELECT_MAX_NR), or NULL */
	bool every_task;		/* system-wide */
	bool from_file;			/* a replay: this machine's /proc says nothing */
	int32_t self;			/* sctrace's pid, or 0 */
	struct fd_paths *start_fds;	/* -y: the fds before the trace, taken; or NULL */
	bool fd_calls_seen;		/* -y: every call that changes fds comes, -e or not */
	bool stacks;			/* -k: the enters carry stacks to unwind */
	bool chains;			/* --call-graph fp: they carry callchains */
	const struct printer_route *route;	/* -ff: each task's own file; or NULL */
	int32_t command;		/* the traced command's pid (its exit comes at the end), or 0 */
};

int printer_open(struct printer *p, const struct printer_setup *setup);
/* The parts of printer_open, for a printer of one task on out (the tests). */
void printer_init(struct printer *p, struct outbuf *out,
		  struct syscall_cache *syscalls, bool prefix_always);
int printer_configure(struct printer *p, const struct printer_config *cfg,
		      uint64_t start_ns);
void printer_free(struct printer *p);
void printer_event(struct printer *p, const struct sct_event *ev);
void printer_tell_lost(const struct printer *p);
void printer_finish(struct printer *p);
void printer_summary(struct printer *p);
int printer_flush(struct printer *p);
size_t printer_unfinished(const struct printer *p);
void printer_exit_status(struct printer *p, int32_t pid, int status);
void printer_untraced(struct printer *p, int32_t pid, int sig, size_t nr);

#endif
