// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "exit_codes.h"
#include "hash.h"
#include "taskfiles.h"

/* Each open file's buffer: many files are open, each writes little at a time. */
#define TASKFILE_BUF ((size_t)16 * 1024)
/* "FILE.TID": a pid has at most 10 digits. */
#define TASKFILE_SUFFIX 12

struct task_file {
	int32_t tid;
	bool created;		/* opened once: any later open appends */
	bool failed;		/* could not be opened: its lines are dropped */
	bool is_open;
	uint64_t used;		/* tf->uses when last written */
	struct outbuf ob;
};

void taskfiles_init(struct taskfiles *tf, const struct trace_dest *dest,
		    struct outbuf *failed_to)
{
	memset(tf, 0, sizeof(*tf));
	tf->base = dest->path;
	tf->append = dest->append;
	tf->keep = dest->keep;
	tf->nr_keep = dest->nr_keep;
	tf->failed_to = failed_to;
	/* A set error drops every write; a buffer with an fd is emptied, not grown. */
	outbuf_init(&tf->discard, STDERR_FILENO, 0);
	tf->discard.error = EIO;
}

/* The first failure is the one the end of the run reports. */
static void note_error(struct taskfiles *tf, int error)
{
	if (!tf->failed_to->error)
		tf->failed_to->error = error;
}

static struct task_file **find_slot(struct taskfiles *tf, int32_t tid)
{
	size_t i = hash_slot((uint32_t)tid, tf->cap);

	while (tf->slots[i] && tf->slots[i]->tid != tid)
		i = (i + 1) & (tf->cap - 1);
	return &tf->slots[i];
}

/* Doubles the table, at most half full, so that a free slot ends each probe. */
static int grow(struct taskfiles *tf)
{
	size_t old_cap = tf->cap, i;
	struct task_file **old = tf->slots;

	tf->cap = old_cap ? old_cap * 2 : 64;
	tf->slots = calloc(tf->cap, sizeof(struct task_file *));
	if (!tf->slots) {
		tf->slots = old;
		tf->cap = old_cap;
		return -ENOMEM;
	}
	for (i = 0; i < old_cap; i++)
		if (old[i])
			*find_slot(tf, old[i]->tid) = old[i];
	free(old);
	return 0;
}

static struct task_file *lookup(struct taskfiles *tf, int32_t tid)
{
	struct task_file **slot;

	if ((tf->nr + 1) * 2 > tf->cap && grow(tf))
		return NULL;
	slot = find_slot(tf, tid);
	if (!*slot) {
		*slot = calloc(1, sizeof(**slot));
		if (!*slot)
			return NULL;
		(*slot)->tid = tid;
		tf->nr++;
	}
	return *slot;
}

static void close_file(struct taskfiles *tf, struct task_file *f)
{
	if (outbuf_flush(&f->ob))
		note_error(tf, f->ob.error);
	outbuf_close_trace(&f->ob);
	f->is_open = false;
}

/* The least recently written file makes room for another. */
static void evict(struct taskfiles *tf)
{
	size_t i, oldest = 0;

	for (i = 1; i < tf->nr_open; i++)
		if (tf->open[i]->used < tf->open[oldest]->used)
			oldest = i;
	close_file(tf, tf->open[oldest]);
	tf->open[oldest] = tf->open[--tf->nr_open];
}

/* Opens FILE.TID, saying why not (outbuf_open_trace does) when it cannot. */
static int open_file(struct taskfiles *tf, struct task_file *f)
{
	size_t len = strlen(tf->base) + TASKFILE_SUFFIX;
	char *path = malloc(len);
	struct trace_dest dest = {
		.path = path, .append = tf->append || f->created,
		.keep = tf->keep, .nr_keep = tf->nr_keep,
	};
	int ret;

	if (!path)
		return SCT_EXIT_NO_MEMORY;
	snprintf(path, len, "%s.%d", tf->base, (int)f->tid);
	if (tf->nr_open == TASKFILES_OPEN_MAX)
		evict(tf);
	ret = outbuf_open_trace(&f->ob, &dest, TASKFILE_BUF);
	free(path);
	if (ret)
		return ret;
	f->created = true;
	f->is_open = true;
	tf->open[tf->nr_open++] = f;
	return 0;
}

/* The buffer of tid's lines; the discarding one when its file failed. */
struct outbuf *taskfiles_out(struct taskfiles *tf, int32_t tid)
{
	struct task_file *f = tf->last && tf->last->tid == tid ? tf->last : lookup(tf, tid);

	if (!f) {
		note_error(tf, ENOMEM);
		return &tf->discard;
	}
	if (!f->is_open && !f->failed && open_file(tf, f)) {
		f->failed = true;
		note_error(tf, EIO);
	}
	if (f->failed)
		return &tf->discard;
	f->used = ++tf->uses;
	tf->last = f;
	return &f->ob;
}

/* The first task's file, made before tracing starts: 0 or an exit status. */
int taskfiles_start(struct taskfiles *tf, int32_t tid)
{
	struct task_file *f = lookup(tf, tid);

	if (!f)
		return diag_no_memory("the -ff files");
	return f->is_open ? 0 : open_file(tf, f);
}

void taskfiles_flush(struct taskfiles *tf)
{
	size_t i;

	for (i = 0; i < tf->nr_open; i++)
		if (outbuf_flush(&tf->open[i]->ob))
			note_error(tf, tf->open[i]->ob.error);
}

static struct outbuf *route_out(void *arg, int32_t tid)
{
	return taskfiles_out(arg, tid);
}

static void route_flush(void *arg)
{
	taskfiles_flush(arg);
}

struct printer_route taskfiles_route(struct taskfiles *tf)
{
	return (struct printer_route){ route_out, route_flush, tf };
}

void taskfiles_close(struct taskfiles *tf)
{
	size_t i;

	for (i = 0; i < tf->cap; i++) {
		if (!tf->slots[i])
			continue;
		if (tf->slots[i]->is_open)
			close_file(tf, tf->slots[i]);
		free(tf->slots[i]);
	}
	free(tf->slots);
	tf->slots = NULL;
	outbuf_free(&tf->discard);
	tf->cap = tf->nr = tf->nr_open = 0;
	tf->last = NULL;
}
