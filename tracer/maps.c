// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maps.h"

static void free_maps(struct process_maps *pm)
{
	size_t i;

	for (i = 0; i < pm->nr; i++)
		free(pm->maps[i].path);
	free(pm->maps);
	pm->maps = NULL;
	pm->nr = 0;
}

/* "start-end perms offset dev inode   path": the fields we need. */
static int parse_line(const char *line, struct mapping *m)
{
	int path_at = 0;
	size_t len;

	/* NOLINTNEXTLINE(cert-err34-c): hex fields the kernel wrote */
	if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64 " %*s %*u %n",
		   &m->start, &m->end, &m->offset, &path_at) < 3 || !path_at)
		return -1;
	len = strcspn(line + path_at, "\n");
	m->path = strndup(line + path_at, len);
	return m->path ? 0 : -1;
}

static int append(struct process_maps *pm, const struct mapping *m)
{
	struct mapping *bigger = realloc(pm->maps, (pm->nr + 1) * sizeof(*bigger));

	if (!bigger)
		return -1;
	pm->maps = bigger;
	pm->maps[pm->nr++] = *m;
	return 0;
}

/*
 * The process's mappings from /proc, replacing what was known; if it is
 * gone, what the trace's own records said stays.
 */
static void read_maps(const char *root, struct process_maps *pm)
{
	struct process_maps fresh = { .pid = pm->pid };
	char path[64], *line = NULL;
	size_t cap = 0;
	struct mapping m;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/maps", root, (int)pm->pid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		if (parse_line(line, &m))
			continue;
		if (append(&fresh, &m))
			free(m.path);
	}
	free(line);
	fclose(f);
	if (!fresh.nr)
		return;
	free_maps(pm);
	*pm = fresh;
}

static const struct mapping *lookup(const struct process_maps *pm, uint64_t addr)
{
	size_t lo = 0, hi = pm->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (addr < pm->maps[mid].start)
			hi = mid;
		else if (addr >= pm->maps[mid].end)
			lo = mid + 1;
		else
			return &pm->maps[mid];
	}
	return NULL;
}

static struct process_maps *process_of(struct maps_cache *mc, pid_t pid)
{
	struct process_maps *bigger;
	size_t i;

	for (i = 0; i < mc->nr; i++)
		if (mc->procs[i].pid == pid)
			return &mc->procs[i];
	bigger = realloc(mc->procs, (mc->nr + 1) * sizeof(*bigger));
	if (!bigger)
		return NULL;
	mc->procs = bigger;
	memset(&mc->procs[mc->nr], 0, sizeof(*mc->procs));
	mc->procs[mc->nr].pid = pid;
	return &mc->procs[mc->nr++];
}

/* Where addr lies in pid's memory; a miss reads the maps again (new mmaps). */
const struct mapping *maps_find(struct maps_cache *mc, pid_t pid, uint64_t addr)
{
	struct process_maps *pm = process_of(mc, pid);
	const struct mapping *m;

	if (!pm)
		return NULL;
	m = lookup(pm, addr);
	if (m || mc->no_proc)
		return m;
	read_maps(mc->proc_root ?: "/proc", pm);
	return lookup(pm, addr);
}

/* A new mapping replaces every one it overlaps; the list stays sorted. */
int maps_add(struct maps_cache *mc, pid_t pid, uint64_t start, uint64_t len,
	     uint64_t offset, const char *path)
{
	struct process_maps *pm = process_of(mc, pid);
	struct mapping m = { start, start + len, offset, strdup(path) };
	size_t i = 0, at;

	if (!pm || !m.path || m.end <= m.start) {
		free(m.path);
		return -1;
	}
	while (i < pm->nr) {
		if (pm->maps[i].start < m.end && m.start < pm->maps[i].end) {
			free(pm->maps[i].path);
			memmove(&pm->maps[i], &pm->maps[i + 1],
				(pm->nr - i - 1) * sizeof(*pm->maps));
			pm->nr--;
			continue;
		}
		i++;
	}
	if (append(pm, &m)) {
		free(m.path);
		return -1;
	}
	for (at = pm->nr - 1; at && pm->maps[at - 1].start > m.start; at--)
		pm->maps[at] = pm->maps[at - 1];
	pm->maps[at] = m;
	return 0;
}

/* What is known of pid's mappings, or NULL. */
const struct process_maps *maps_process(const struct maps_cache *mc, pid_t pid)
{
	size_t i;

	for (i = 0; i < mc->nr; i++)
		if (mc->procs[i].pid == pid)
			return &mc->procs[i];
	return NULL;
}

/* A forked process starts with its parent's mappings; a replay has no /proc to ask. */
int maps_copy(struct maps_cache *mc, pid_t from, pid_t to)
{
	const struct process_maps *src = maps_process(mc, from);
	size_t i, nr = src ? src->nr : 0;
	struct process_maps *pm;
	struct mapping *copy;

	if (!nr || from == to)
		return 0;
	copy = calloc(nr, sizeof(*copy));
	if (!copy)
		return -1;
	for (i = 0; i < nr; i++) {
		copy[i] = src->maps[i];
		copy[i].path = strdup(src->maps[i].path);
		if (!copy[i].path)
			goto out_free;
	}
	/* src is not used past here: process_of may move the array. */
	maps_forget(mc, to);
	pm = process_of(mc, to);
	if (!pm)
		goto out_free;
	pm->maps = copy;
	pm->nr = nr;
	return 0;
out_free:
	for (i = 0; i < nr; i++)
		free(copy[i].path);
	free(copy);
	return -1;
}

/* After exec a process has new mappings, after its end none: the old ones go. */
void maps_forget(struct maps_cache *mc, pid_t pid)
{
	size_t i;

	for (i = 0; i < mc->nr; i++) {
		if (mc->procs[i].pid != pid)
			continue;
		free_maps(&mc->procs[i]);
		mc->procs[i] = mc->procs[--mc->nr];
		return;
	}
}

/* Memory of no file: "" in /proc, "//anon" in mmap records. */
bool maps_anonymous(const struct mapping *m)
{
	return !*m->path || !strcmp(m->path, "//anon");
}

/*
 * Where addr is inside m: the file offset for a file; for the kernel's
 * named areas ("[stack]", "[vdso]"), whose page offset means nothing,
 * the distance from the area's start.
 */
uint64_t maps_offset(const struct mapping *m, uint64_t addr)
{
	if (m->path[0] == '[')
		return addr - m->start;
	return addr - m->start + m->offset;
}

void maps_cache_free(struct maps_cache *mc)
{
	size_t i;

	for (i = 0; i < mc->nr; i++)
		free_maps(&mc->procs[i]);
	free(mc->procs);
	mc->procs = NULL;
	mc->nr = 0;
}
