// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "maps.h"
#include "mapsynth.h"

/* A record's most bytes: its size field is 16 bits. */
#define RECORD_MAX 65535

/* PERF_RECORD_MMAP2's fields before the path, as the kernel lays them out. */
struct mmap2_body {
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	uint32_t maj, min;
	uint64_t ino, ino_generation;
	uint32_t prot, flags;
};

/* sample_id_all's fields at p: the task, the time, cpu 0, the event's id. */
static size_t put_trailer(unsigned char *p, uint64_t sample_type, uint64_t id,
			  pid_t pid, uint64_t time)
{
	struct layout_place pl[LAYOUT_MAX_FIELDS];
	size_t n, i, len;

	n = layout_place(LAYOUT_TRAILER, sample_type, sizeof(long), pl, &len);
	memset(p, 0, len);
	for (i = 0; i < n; i++) {
		uint32_t v32 = (uint32_t)pid;
		uint64_t v64 = pl[i].slot == LS_TIME ? time : id;

		if (pl[i].slot == LS_PID || pl[i].slot == LS_TID)
			memcpy(p + pl[i].at, &v32, sizeof(v32));
		else if (pl[i].width == 8)
			memcpy(p + pl[i].at, &v64, sizeof(v64));
	}
	return len;
}

/* One mapping's record, built in rec; a path too long for a record is left out. */
static void write_mapping(struct perf_writer *w, uint64_t sample_type, uint64_t id,
			  pid_t pid, uint64_t time, const struct mapping *m,
			  unsigned char *rec)
{
	struct perf_event_header hdr = {
		.type = PERF_RECORD_MMAP2, .misc = PERF_RECORD_MISC_USER,
	};
	struct mmap2_body body = {
		.pid = (uint32_t)pid, .tid = (uint32_t)pid,
		.start = m->start, .len = m->end - m->start, .pgoff = m->offset,
	};
	size_t path = (strlen(m->path) + 1 + 7) & ~(size_t)7;
	size_t at = sizeof(hdr) + sizeof(body);

	if (at + path + 64 > RECORD_MAX)
		return;
	memset(rec + at, 0, path);
	memcpy(rec + at, m->path, strlen(m->path));
	at += path;
	at += put_trailer(rec + at, sample_type, id, pid, time);
	hdr.size = (uint16_t)at;
	memcpy(rec, &hdr, sizeof(hdr));
	memcpy(rec + sizeof(hdr), &body, sizeof(body));
	perf_writer_record(w, (const struct perf_event_header *)rec);
}

int mapsynth_write(struct perf_writer *w, uint64_t sample_type, uint64_t id,
		   pid_t pid, uint64_t time)
{
	/* u64s: the record is read as one, aligned. */
	uint64_t *rec = malloc(RECORD_MAX + 1);
	struct maps_cache mc = { 0 };
	const struct process_maps *pm;
	size_t i;

	if (!rec)
		return -1;
	/* A miss reads /proc/PID/maps. */
	maps_find(&mc, pid, 0);
	pm = maps_process(&mc, pid);
	for (i = 0; pm && i < pm->nr; i++)
		if (!maps_anonymous(&pm->maps[i]))
			write_mapping(w, sample_type, id, pid, time, &pm->maps[i],
				      (unsigned char *)rec);
	maps_cache_free(&mc);
	free(rec);
	return pm ? 0 : -1;
}
