/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SIG_EVENTS_H
#define SCTRACE_SIG_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "sig_set.h"
#include "tracepoints.h"

/* The signal tracepoints behind strace's "--- SIGUSR1 {...} ---" lines. */
struct sig_tp {
	const char *name;
	enum tp_role role;
};

extern const struct sig_tp sig_tps[];
extern const unsigned int nr_sig_tps;

/*
 * Signals sent by traced tasks and not yet taken: who sent each, which
 * the delivery does not say. A bounded ring: the oldest is forgotten.
 */
#define SIG_PENDING_MAX 64

struct sig_sent {
	int32_t target;		/* the tid, or for a group signal its process */
	int32_t sender;		/* the sender's process: si_pid */
	int sig;
	int code;
	bool group;
};

struct sig_pending {
	struct sig_sent sent[SIG_PENDING_MAX];
	size_t nr;
};

/* What a line shows: from the delivery, and the sending if it was seen. */
struct sig_line {
	int sig;
	int code;
	int32_t sender;
	bool has_sender;
};

/* One record of a signal tracepoint, read from its fields. */
struct sig_record {
	int sig;
	int code;
	int32_t target;		/* signal_generate: the task it is sent to */
	bool group;		/* signal_generate: to the whole process */
	bool queued;		/* signal_generate: it will be delivered */
};

int sig_read(const struct extra_tps *x, const struct extra_tp *tp,
	     const unsigned char *data, uint32_t size, struct sig_record *rec);
void sig_note_sent(struct sig_pending *pd, const struct sig_record *rec,
		   int32_t target_pid, int32_t sender);
bool sig_take_delivered(struct sig_pending *pd, const struct sig_record *rec,
			int32_t tid, int32_t pid, struct sig_line *line);
void sig_print(struct outbuf *ob, const struct sig_line *line);
void sig_print_json(struct outbuf *ob, const struct sig_line *line);

#endif
