// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "sct_event.h"

/* Another tracepoint's copied entry, a mapping's path, a stack: the event's own memory. */
void event_release(struct sct_event *ev)
{
	free(ev->ustack);
	ev->ustack = NULL;
	free(ev->callchain);
	ev->callchain = NULL;
	if (ev->kind == EV_TRACEPOINT || ev->kind == EV_CONTENTS) {
		free(ev->tp.data);
		ev->tp.data = NULL;
	} else if (ev->kind == EV_MMAP) {
		free(ev->map.path);
		ev->map.path = NULL;
	}
}

/* What a LOST record counts, as the trace says it. */
const char *event_lost_what(const struct sct_event *ev)
{
	return ev->lost.task_records ? "task records" : "events";
}
