// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "compiler.h"
#include "sched_events.h"

const struct sched_tp sched_tps[] = {
	{ "sched_process_fork",	TP_FORK },
	{ "sched_process_exec",	TP_EXEC },
	{ "sched_process_exit",	TP_EXIT },
	{ "sched_switch",	TP_SWITCH },
	{ "sched_wakeup",	TP_WAKEUP },
};

const unsigned int nr_sched_tps = ARRAY_SIZE(sched_tps);

/*
 * sched_switch's prev_state: one bit per reported task state (the format's
 * __print_flags), 0 for runnable; the bit above them marks a preemption.
 */
#define STATE_PREEMPTED 0x100

static const char state_letters[] = "SDTtXZPI";

/*
 * Reads the fields a line needs. tid is the sample's task, which is the
 * one the line is about except for a wakeup: that runs in the waker.
 */
int sched_read(const struct extra_tps *x, const struct extra_tp *tp,
	       const unsigned char *data, uint32_t size, int32_t tid,
	       struct sched_line *line)
{
	long long v = 0;

	memset(line, 0, sizeof(*line));
	line->subject = tid;
	switch (tp->role) {
	case TP_FORK:
		if (!extra_number(x, tp, data, size, "child_pid", &v))
			return -1;
		line->other = v;
		return 0;
	case TP_EXEC:
		return extra_string(tp, data, size, "filename", line->filename,
				    sizeof(line->filename)) ? 0 : -1;
	case TP_SWITCH:
		return extra_number(x, tp, data, size, "prev_state", &line->state) ? 0 : -1;
	case TP_WAKEUP:
		if (!extra_number(x, tp, data, size, "pid", &v))
			return -1;
		line->subject = v;
		line->other = tid;
		return 0;
	case TP_EXIT:
	case TP_PLAIN:
	default:
		return 0;
	}
}

static void print_switch(struct outbuf *ob, long long state)
{
	unsigned int bit;

	if (state & STATE_PREEMPTED) {
		outbuf_puts(ob, "--- switch: preempted (R+) ---");
		return;
	}
	if (!(state & 0xff)) {
		outbuf_puts(ob, "--- switch: runnable (R) ---");
		return;
	}
	outbuf_puts(ob, "--- switch: blocked (");
	for (bit = 0; bit < sizeof(state_letters) - 1; bit++)
		if (state & (1LL << bit))
			outbuf_putc(ob, state_letters[bit]);
	outbuf_puts(ob, ") ---");
}

/* The body of a --sched line; exit_code < 0 when the code is unknown. */
void sched_print(struct outbuf *ob, enum tp_role role,
		 const struct sched_line *line, int exit_code)
{
	switch (role) {
	case TP_FORK:
		outbuf_puts(ob, "--- fork: child ");
		outbuf_s64(ob, line->other);
		outbuf_puts(ob, " ---");
		break;
	case TP_EXEC:
		outbuf_puts(ob, "--- exec: ");
		outbuf_escaped(ob, line->filename, strlen(line->filename), 0);
		outbuf_puts(ob, " ---");
		break;
	case TP_EXIT:
		outbuf_puts(ob, "--- exit");
		if (exit_code >= 0) {
			outbuf_puts(ob, ": code ");
			outbuf_s64(ob, exit_code);
		}
		outbuf_puts(ob, " ---");
		break;
	case TP_SWITCH:
		print_switch(ob, line->state);
		break;
	case TP_WAKEUP:
		outbuf_puts(ob, "--- wakeup: by ");
		outbuf_s64(ob, line->other);
		outbuf_puts(ob, " ---");
		break;
	case TP_PLAIN:
	default:
		break;
	}
}
