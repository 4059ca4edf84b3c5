/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_TASKS_H
#define SCTRACE_PRINTER_TASKS_H

#include <stdint.h>

#include "printer_state.h"
#include "threads.h"

/*
 * The tasks the printer knows: their states, kept while they run and a
 * while after their end, then forgotten with what goes with them; and
 * their names, for --comm.
 */
struct thread_state *pr_thread(struct printer *p, int32_t tid);
void pr_retire(struct printer *p, struct thread_state *st);
void pr_retire_tid(struct printer *p, int32_t tid);
const char *pr_comm_of(struct printer *p, int32_t tid);

#endif
