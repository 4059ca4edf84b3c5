/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_DUMP_H
#define SCTRACE_PRINTER_DUMP_H

#include "printer_state.h"
#include "syscalls.h"
#include "threads.h"

/* -e read=/write=: the data of a call strace dumps, after its line. */
void pr_dump_io(struct printer *p, const struct thread_state *st,
		const struct syscall_desc *desc, long ret);

#endif
