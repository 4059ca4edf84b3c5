/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_INT_H
#define SCTRACE_PRINTER_INT_H

#include "printer.h"

/*
 * Inside the printer: what its files (printer.c: calls and lines;
 * printer_events.c: faults, tracepoints, names; printer_json.c: --json;
 * printer_fds.c: -y's paths) share. Not for use outside them.
 */
void pr_close_open_line(struct printer *p);
struct thread_state *pr_thread(struct printer *p, int32_t tid);
void pr_retire(struct printer *p, struct thread_state *st);
void pr_retire_tid(struct printer *p, int32_t tid);
const char *pr_comm_of(struct printer *p, int32_t tid);
void pr_prefix(struct printer *p, int32_t tid, uint64_t time);
void pr_count_shown(struct printer *p);

void pr_fault(struct printer *p, const struct sct_event *ev);
void pr_tracepoint(struct printer *p, const struct sct_event *ev);
void pr_note_task(struct printer *p, const struct sct_event *ev);
void pr_note_mapping(struct printer *p, const struct sct_event *ev);

void pr_fd_arg(struct printer *p, const struct syscall_desc *desc, int i,
	       unsigned long val, const struct thread_state *st);
void pr_fd_exit(struct printer *p, const struct thread_state *st, bool paired,
		const struct sct_event *ev);
void pr_fd_result(struct printer *p);
void pr_fd_commit(struct printer *p);
void pr_fd_fork(struct printer *p, const struct sct_event *ev);

void pr_json_call(struct printer *p, const struct sct_event *ev,
		  const struct thread_state *st, bool paired, bool returned);
void pr_json_lost(struct printer *p, const struct sct_event *ev);
void pr_json_fault(struct printer *p, const struct sct_event *ev);
void pr_json_tracepoint(struct printer *p, const struct sct_event *ev,
			const struct extra_tp *tp);
void pr_json_pending(struct printer *p);
void pr_json_exit_status(struct printer *p, int32_t pid, int status);
void pr_json_untraced(struct printer *p, int32_t pid, int sig, size_t nr);

#endif
