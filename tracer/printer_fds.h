/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_FDS_H
#define SCTRACE_PRINTER_FDS_H

#include <stdbool.h>

#include "printer_state.h"
#include "sct_event.h"
#include "syscalls.h"
#include "threads.h"

/* -y: what the state machine learns of fds, and how text lines show them. */
void pr_fd_exit(struct printer *p, const struct thread_state *st, bool paired,
		const struct sct_event *ev);
void pr_fd_commit(struct printer *p);
void pr_fd_fork(struct printer *p, const struct sct_event *ev);
void pr_fd_arg(struct printer *p, const struct syscall_desc *desc, int i,
	       unsigned long val, const struct thread_state *st);
void pr_fd_result(struct printer *p);
const char *pr_fd_path(struct printer *p, const struct syscall_desc *desc, int i,
		       unsigned long val, const struct thread_state *st, char *buf, size_t size);
const unsigned char *pr_fd_contents(const struct thread_state *st, int arg, size_t *len);

#endif
