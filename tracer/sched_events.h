/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SCHED_EVENTS_H
#define SCTRACE_SCHED_EVENTS_H

#include <stdint.h>

#include "outbuf.h"
#include "tracepoints.h"

/* The sched tracepoints --sched adds, with what each one means. */
struct sched_tp {
	const char *name;
	enum tp_role role;
};

extern const struct sched_tp sched_tps[];
extern const unsigned int nr_sched_tps;

/* What one --sched record says, read from its fields. */
struct sched_line {
	int32_t subject;	/* the task the line is about */
	int32_t other;		/* fork: the child; wakeup: the waker */
	long long state;	/* switch: prev_state */
	char filename[256];	/* exec */
};

int sched_read(const struct extra_tps *x, const struct extra_tp *tp,
	       const unsigned char *data, uint32_t size, int32_t tid,
	       struct sched_line *line);
void sched_print(struct outbuf *ob, enum tp_role role,
		 const struct sched_line *line, int exit_code);

#endif
