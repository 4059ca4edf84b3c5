// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "detach.h"
#include "hash.h"

static size_t find_slot(const struct detach_set *d, int32_t pid)
{
	size_t i = hash_slot((uint32_t)pid, d->cap);

	while (d->pids[i] && d->pids[i] != pid)
		i = (i + 1) & (d->cap - 1);
	return i;
}

static bool has(const struct detach_set *d, int32_t pid)
{
	return d->cap && d->pids[find_slot(d, pid)] == pid;
}

/* At most half full; without memory a process stays traced. */
static void add(struct detach_set *d, int32_t pid)
{
	size_t old_cap = d->cap, i;
	int32_t *old = d->pids;

	if (pid <= 0 || has(d, pid))
		return;
	if ((d->nr + 1) * 2 > d->cap) {
		d->cap = old_cap ? old_cap * 2 : 16;
		d->pids = calloc(d->cap, sizeof(*d->pids));
		if (!d->pids) {
			d->pids = old;
			d->cap = old_cap;
			return;
		}
		for (i = 0; i < old_cap; i++)
			if (old[i])
				d->pids[find_slot(d, old[i])] = old[i];
		free(old);
	}
	d->pids[find_slot(d, pid)] = pid;
	d->nr++;
}

bool detach_starts(struct detach_set *d, const struct sct_event *ev, bool exec)
{
	if (ev->kind != EV_ENTER || !exec || has(d, ev->pid))
		return false;
	add(d, ev->pid);
	return true;
}

bool detach_drops(struct detach_set *d, const struct sct_event *ev)
{
	if (!d->nr || ev->kind == EV_LOST)
		return false;
	if (ev->kind == EV_FORK && has(d, ev->task.ppid)) {
		add(d, ev->pid);
		return true;
	}
	return has(d, ev->pid);
}

void detach_free(struct detach_set *d)
{
	free(d->pids);
	d->pids = NULL;
	d->cap = d->nr = 0;
}
