/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TASKFILES_H
#define SCTRACE_TASKFILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "printer_state.h"

/*
 * strace -ff -o FILE: each task's lines in FILE.TID, created when the
 * task is first seen (truncated, or appended to with -A). A file stays
 * open while it is among the most recently written, so that a build of
 * thousands of processes needs no more fds than TASKFILES_OPEN_MAX; one
 * closed is opened again to append.
 */
#define TASKFILES_OPEN_MAX 128

struct task_file;

struct taskfiles {
	const char *base;		/* FILE of -o */
	bool append;			/* -A: the first open appends too */
	const struct outfile_keep *keep;
	size_t nr_keep;
	struct outbuf *failed_to;	/* the trace's own buffer: a failure's errno goes there */
	struct task_file **slots;	/* open addressing by tid; NULL: free */
	size_t cap, nr;
	struct task_file *open[TASKFILES_OPEN_MAX];
	size_t nr_open;
	struct task_file *last;		/* the file written last, asked again most */
	uint64_t uses;			/* a clock for "least recently written" */
	struct outbuf discard;		/* where the lines of a file that failed go */
};

void taskfiles_init(struct taskfiles *tf, const struct trace_dest *dest,
		    struct outbuf *failed_to);
struct outbuf *taskfiles_out(struct taskfiles *tf, int32_t tid);
int taskfiles_start(struct taskfiles *tf, int32_t tid);
void taskfiles_flush(struct taskfiles *tf);
/* The printer's way to tf's files. */
struct printer_route taskfiles_route(struct taskfiles *tf);
void taskfiles_close(struct taskfiles *tf);

#endif
