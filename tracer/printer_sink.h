/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_SINK_H
#define SCTRACE_PRINTER_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "printer_state.h"
#include "sct_event.h"
#include "sig_events.h"
#include "threads.h"
#include "tracepoints.h"

/*
 * How the printer's state machine (printer.c) shows what it decided to
 * show: as text lines (printer_text.c) or JSON objects (printer_json.c).
 * A sink writes; what is shown, and how much, the state machine decides,
 * and it counts each event shown for --max-events.
 */
struct printer_sink {
	/*
	 * A call at its enter, its line left open for the exit, and that
	 * exit. NULL in a sink that shows each call whole, at its exit.
	 */
	void (*enter)(struct printer *p, const struct sct_event *ev,
		      const struct thread_state *st);
	void (*resume)(struct printer *p, const struct sct_event *ev,
		       const struct thread_state *st);
	/*
	 * A call whole. paired: st holds its enter (number, arguments,
	 * contents), else only the exit ev is known. returned: ev is its
	 * exit, else the call never returned (exit, or its exit was lost).
	 */
	void (*call)(struct printer *p, const struct sct_event *ev,
		     const struct thread_state *st, bool paired, bool returned);
	void (*lost)(struct printer *p, const struct sct_event *ev);
	void (*fault)(struct printer *p, const struct sct_event *ev);
	/* false: the record is not one this sink shows. */
	bool (*tracepoint)(struct printer *p, const struct sct_event *ev,
			   const struct extra_tp *tp);
	/* A signal the thread ev->tid takes: strace's "--- SIGUSR1 {...} ---". */
	void (*signal)(struct printer *p, const struct sct_event *ev,
		       const struct sig_line *line);
	/* An exec by another thread ended the leader's thread; may be NULL. */
	void (*superseded)(struct printer *p, int32_t leader, int32_t caller,
			   uint64_t time);
	/* A task's calls are now of the ABI of bits (32 or 64): strace's "mode" line. */
	void (*abi)(struct printer *p, int32_t tid, int bits, uint64_t time);
	void (*exit_status)(struct printer *p, int32_t pid, int status);
	void (*untraced)(struct printer *p, int32_t pid, int sig, size_t nr);
	/* The trace ends: nothing may be left half written; may be NULL. */
	void (*finish)(struct printer *p);
};

extern const struct printer_sink printer_text_sink;
extern const struct printer_sink printer_json_sink;

#endif
