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

/* The process may be gone: then it simply has no mappings. */
static void read_maps(const char *root, struct process_maps *pm)
{
	char path[64], *line = NULL;
	size_t cap = 0;
	struct mapping m;
	FILE *f;

	free_maps(pm);
	snprintf(path, sizeof(path), "%s/%d/maps", root, (int)pm->pid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		if (parse_line(line, &m))
			continue;
		if (append(pm, &m))
			free(m.path);
	}
	free(line);
	fclose(f);
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
	if (m)
		return m;
	read_maps(mc->proc_root ?: "/proc", pm);
	return lookup(pm, addr);
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
