/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_PIDS_H
#define SCTRACE_PRINTER_PIDS_H

#include "printer_state.h"
#include "sct_event.h"
#include "syscalls.h"
#include "threads.h"

/*
 * --pidns-translation: after a pid that a task in another pid namespace
 * gave or got, the pid in sctrace's namespace as a comment, as strace
 * writes it: "= 1 /+ 4242 in sctrace's PID NS +/" (with '*' for '+').
 * -Y: before that, the task's name, "kill(4242<sh>, SIGTERM)".
 */
void pr_put_comm(struct printer *p, long pid, bool of_line);
void pr_pid_arg(struct printer *p, const struct syscall_desc *desc, int i,
		unsigned long val, const struct thread_state *st);
void pr_pid_result(struct printer *p, const struct syscall_desc *desc,
		   const struct sct_event *ev);

#endif
