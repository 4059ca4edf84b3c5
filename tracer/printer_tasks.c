// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "printer_tasks.h"

/* Whether /proc still has tid (a thread's own directory is there too). */
static bool in_proc(int32_t tid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%d", (int)tid);
	return access(path, F_OK) == 0;
}

/*
 * A task that ended in the trace is retired; one gone from /proc without
 * an end the trace showed (killed, its exit filtered out or lost) too.
 * Done only when the table would grow, so it costs little per new tid.
 */
static void retire_vanished(struct printer *p)
{
	size_t i;

	for (i = 0; i < p->threads.cap; i++) {
		struct thread_state *st = &p->threads.slots[i];

		if (thread_kept(st) && !st->retired && !in_proc(st->tid))
			pr_retire(p, st);
	}
}

/* tid's state, added if new; NULL only when memory ran out. */
struct thread_state *pr_thread(struct printer *p, int32_t tid)
{
	if (!p->from_file && thread_table_full(&p->threads) &&
	    !thread_find(&p->threads, tid))
		retire_vanished(p);
	return thread_get(&p->threads, tid);
}

/*
 * What goes with a dropped state: its summary table in time, its maps.
 * A call it never finished (its exit lost) is counted, not printed: a
 * line now could reach back into the table this runs under.
 */
static void forget_task(struct printer *p, const struct thread_state *gone)
{
	p->dropped_unfinished += gone->in_call;
	if (p->summary)
		summary_thread_gone(p->summary, gone->tid);
	if (gone->tid == gone->pid) {
		maps_forget(&p->maps, gone->pid);
		fdpaths_forget(&p->fds, gone->pid);
	}
}

/* st's task ended: it is kept a while, an older one may be forgotten. */
void pr_retire(struct printer *p, struct thread_state *st)
{
	const struct thread_state *gone = thread_retire(&p->threads, st);

	if (gone)
		forget_task(p, gone);
}

void pr_retire_tid(struct printer *p, int32_t tid)
{
	struct thread_state *st = thread_find(&p->threads, tid);

	if (st)
		pr_retire(p, st);
}

/*
 * A task's name: from comm records, else read once from /proc. The name
 * may hold newlines itself: only the one /proc adds at the end is dropped.
 */
const char *pr_comm_of(struct printer *p, int32_t tid)
{
	struct thread_state *st = pr_thread(p, tid);
	char path[48], name[sizeof(st->comm) + 1];
	ssize_t len;
	int fd;

	if (!st)
		return "?";
	if (st->has_comm)
		return st->comm;
	st->has_comm = true;
	strcpy(st->comm, "?");
	if (p->from_file)
		return st->comm;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return st->comm;
	len = read(fd, name, sizeof(name));
	close(fd);
	if (len > 0 && name[len - 1] == '\n')
		len--;
	if (len > 0 && (size_t)len < sizeof(st->comm)) {
		memcpy(st->comm, name, len);
		st->comm[len] = '\0';
	}
	return st->comm;
}
