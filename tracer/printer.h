/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_H
#define SCTRACE_PRINTER_H

#include <stdbool.h>
#include <stdint.h>

#include "outbuf.h"
#include "printer_state.h"
#include "record.h"
#include "syscalls.h"

/*
 * Turns ordered events into strace-like lines or JSON objects: a state
 * machine (printer.c) over two sinks (printer_sink.h).
 */
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
