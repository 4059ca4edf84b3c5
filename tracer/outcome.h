/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_OUTCOME_H
#define SCTRACE_OUTCOME_H

#include <stdbool.h>

#include "events.h"
#include "outbuf.h"
#include "printer.h"
#include "recording.h"
#include "session.h"

/*
 * How a live run ends: the trace's last lines, the recording's end,
 * what was lost or left untraced, and sctrace's exit status, which is
 * the command's unless the trace failed or --strict finds it not whole.
 */
struct outcome {
	const struct session *session;
	struct printer *printer;
	struct outbuf *out;
	struct recording *rec;		/* record: its file; else NULL */
	const struct event_set *events;
	const struct event_spec *spec;
	const char *output;		/* -o as given, or NULL: stderr */
	bool strict;			/* --strict */
};

int outcome_status(const struct outcome *o, int err);

#endif
