// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracing_data.h"

static const unsigned char td_magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
#define TD_VERSION "0.6"

static void put(struct td_blob *b, const void *p, size_t len)
{
	unsigned char *bigger;
	size_t cap;

	/* A missing tracefs file gives (NULL, 0): memcpy may not see NULL. */
	if (b->error || !len)
		return;
	if (b->len + len > b->cap) {
		cap = b->cap ? b->cap : 65536;
		while (cap < b->len + len)
			cap *= 2;
		bigger = realloc(b->data, cap);
		if (!bigger) {
			b->error = ENOMEM;
			return;
		}
		b->data = bigger;
		b->cap = cap;
	}
	memcpy(b->data + b->len, p, len);
	b->len += len;
}

void td_blob_put(struct td_blob *b, const void *p, size_t len)
{
	put(b, p, len);
}

static void put_u32(struct td_blob *b, uint32_t v)
{
	put(b, &v, 4);
}

static void put_u64(struct td_blob *b, uint64_t v)
{
	put(b, &v, 8);
}

/* A tracefs file with its size first; a missing file is written empty. */
static void put_file(struct td_blob *b, const struct tracefs *tfs,
		     const char *rel, int size_bytes)
{
	char path[512], *text = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tfs->root, rel);
	f = fopen(path, "re");
	if (f) {
		n = getdelim(&text, &cap, '\0', f);
		len = n > 0 ? (size_t)n : 0;
		fclose(f);
	}
	if (size_bytes == 8)
		put_u64(b, len);
	else
		put_u32(b, len);
	put(b, text, len);
	free(text);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every syscalls:sys_enter_* format, so a replay names every argument. */
static void put_syscall_formats(struct td_blob *b, const struct tracefs *tfs)
{
	char path[512], **names = NULL;
	size_t nr = 0, i;
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events/syscalls", tfs->root);
	dir = opendir(path);
	while (dir && (de = readdir(dir))) {
		char **more;

		if (strncmp(de->d_name, "sys_enter_", 10))
			continue;
		more = realloc(names, (nr + 1) * sizeof(*names));
		if (!more) {
			b->error = ENOMEM;
			break;
		}
		names = more;
		names[nr] = strdup(de->d_name);
		if (!names[nr]) {
			b->error = ENOMEM;
			break;
		}
		nr++;
	}
	if (dir)
		closedir(dir);
	if (nr)
		qsort(names, nr, sizeof(*names), name_cmp);
	put(b, "syscalls", 9);
	put_u32(b, nr);
	for (i = 0; i < nr; i++) {
		snprintf(path, sizeof(path), "events/syscalls/%s/format", names[i]);
		put_file(b, tfs, path, 8);
		free(names[i]);
	}
	free(names);
}

/* How many distinct systems the events have (they come grouped by system). */
static uint32_t count_systems(const struct td_event *ev, size_t nr, bool syscalls)
{
	uint32_t n = syscalls;
	size_t i;

	for (i = 0; i < nr; i++)
		if (!i || strcmp(ev[i].system, ev[i - 1].system))
			n++;
	return n;
}

/*
 * The blob perf reads (trace-event-info): magic, version, endianness,
 * long size, page size, header_page, header_event, no ftrace events, the
 * event systems with their formats, no kallsyms, printk formats or cmdlines.
 * events must be grouped by system.
 */
int tracing_data_build(struct td_blob *b, const struct tracefs *tfs,
		       const struct td_event *events, size_t nr_events,
		       bool all_syscall_formats)
{
	unsigned char endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	unsigned char long_size = sizeof(long);
	char rel[512];
	size_t i, first;

	memset(b, 0, sizeof(*b));
	put(b, td_magic, sizeof(td_magic));
	put(b, TD_VERSION, sizeof(TD_VERSION));
	put(b, &endian, 1);
	put(b, &long_size, 1);
	put_u32(b, sysconf(_SC_PAGESIZE));
	put(b, "header_page", 12);
	put_file(b, tfs, "events/header_page", 8);
	put(b, "header_event", 13);
	put_file(b, tfs, "events/header_event", 8);
	put_u32(b, 0);
	put_u32(b, count_systems(events, nr_events, all_syscall_formats));
	for (first = 0; first < nr_events; first = i) {
		for (i = first; i < nr_events && !strcmp(events[i].system, events[first].system); i++)
			;
		put(b, events[first].system, strlen(events[first].system) + 1);
		put_u32(b, i - first);
		for (i = first; i < nr_events && !strcmp(events[i].system, events[first].system); i++) {
			snprintf(rel, sizeof(rel), "events/%s/%s/format",
				 events[i].system, events[i].name);
			put_file(b, tfs, rel, 8);
		}
	}
	if (all_syscall_formats)
		put_syscall_formats(b, tfs);
	put_u32(b, 0);
	put_u32(b, 0);
	put_u64(b, 0);
	return b->error ? -b->error : 0;
}

void td_blob_free(struct td_blob *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

/* A reading position that never passes the end; errors say where. */
struct td_cursor {
	const unsigned char *base;
	size_t pos;
	size_t len;
	struct tracing_data *td;
};

static int fail(struct td_cursor *c, const char *what)
{
	if (!c->td->error) {
		c->td->error = what;
		c->td->error_at = c->pos;
	}
	return -1;
}

static int take(struct td_cursor *c, void *dst, size_t n, const char *what)
{
	if (c->len - c->pos < n) {
		fail(c, what);
		return -1;
	}
	memcpy(dst, c->base + c->pos, n);
	c->pos += n;
	return 0;
}

static uint64_t swap_if(const struct tracing_data *td, uint64_t v, int size)
{
	if (td->big_endian == (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__))
		return v;
	return size == 4 ? __builtin_bswap32(v) : __builtin_bswap64(v);
}

static int take_num(struct td_cursor *c, uint64_t *v, int size, const char *what)
{
	uint32_t v32;

	if (size == 4) {
		if (take(c, &v32, 4, what))
			return -1;
		*v = swap_if(c->td, v32, 4);
		return 0;
	}
	if (take(c, v, 8, what))
		return -1;
	*v = swap_if(c->td, *v, 8);
	return 0;
}

/* A NUL-terminated string in place. */
static const char *take_string(struct td_cursor *c, const char *what)
{
	const unsigned char *s = c->base + c->pos;
	const unsigned char *nul = memchr(s, '\0', c->len - c->pos);

	if (!nul) {
		fail(c, what);
		return NULL;
	}
	c->pos += nul - s + 1;
	return (const char *)s;
}

/* size bytes of content; returns them in place. */
static const unsigned char *take_sized(struct td_cursor *c, int size_bytes,
				       size_t *len, const char *what)
{
	uint64_t n;
	const unsigned char *p;

	if (take_num(c, &n, size_bytes, what))
		return NULL;
	if (n > c->len - c->pos) {
		fail(c, what);
		return NULL;
	}
	p = c->base + c->pos;
	c->pos += n;
	*len = n;
	return p;
}

static void format_name(struct td_format *f)
{
	const char *p = memmem(f->text, f->len, "name: ", 6);
	size_t n = 0;

	f->name[0] = '\0';
	if (!p)
		return;
	p += 6;
	while (p + n < f->text + f->len && p[n] != '\n' && n < sizeof(f->name) - 1)
		n++;
	memcpy(f->name, p, n);
	f->name[n] = '\0';
}

static int add_format(struct td_cursor *c, const char *system)
{
	struct td_format *more, *f;
	const unsigned char *text;
	size_t len;

	text = take_sized(c, 8, &len, "an event format runs past the tracing data");
	if (!text)
		return -1;
	more = realloc(c->td->formats, (c->td->nr + 1) * sizeof(*more));
	if (!more) {
		c->td->no_memory = true;
		return fail(c, "out of memory for the event formats");
	}
	c->td->formats = more;
	f = &more[c->td->nr++];
	f->system = system;
	f->text = (const char *)text;
	f->len = len;
	format_name(f);
	return 0;
}

static int parse_events(struct td_cursor *c)
{
	uint64_t nr_systems, nr, i, j;
	const char *system;
	size_t len;

	/* ftrace's own events: counted, sized, skipped. */
	if (take_num(c, &nr, 4, "the ftrace event count is missing"))
		return -1;
	for (i = 0; i < nr; i++)
		if (!take_sized(c, 8, &len, "an ftrace format runs past the tracing data"))
			return -1;
	if (take_num(c, &nr_systems, 4, "the event system count is missing"))
		return -1;
	for (i = 0; i < nr_systems; i++) {
		system = take_string(c, "an event system name is not terminated");
		if (!system || take_num(c, &nr, 4, "an event count is missing"))
			return -1;
		/* Each format takes at least its 8-byte size: a cheap bound. */
		if (nr > (c->len - c->pos) / 8)
			return fail(c, "an event count exceeds the tracing data");
		for (j = 0; j < nr; j++)
			if (add_format(c, system))
				return -1;
	}
	return 0;
}

/* Parses a tracing-data blob; its formats point into blob, kept by the caller. */
int tracing_data_parse(struct tracing_data *td, const unsigned char *blob,
		       size_t len)
{
	struct td_cursor c = { blob, 0, len, td };
	unsigned char magic[sizeof(td_magic)], bytes[2];
	uint64_t page_size;
	char tag[13];

	memset(td, 0, sizeof(*td));
	c.td = td;
	if (take(&c, magic, sizeof(magic), "the tracing data is too short") ||
	    memcmp(magic, td_magic, sizeof(magic)))
		return fail(&c, "the tracing data has no 'tracing' magic");
	if (!take_string(&c, "the tracing data version is not terminated") ||
	    take(&c, bytes, 2, "the tracing data ends in its header"))
		return -1;
	td->big_endian = bytes[0];
	td->long_size = bytes[1];
	if (td->long_size != 4 && td->long_size != 8)
		return fail(&c, "the tracing data's long size is neither 4 nor 8");
	if (take_num(&c, &page_size, 4, "the page size is missing"))
		return -1;
	td->page_size = page_size;
	if (take(&c, tag, 12, "header_page is missing") || memcmp(tag, "header_page", 12) ||
	    !take_sized(&c, 8, &len, "header_page runs past the tracing data"))
		return fail(&c, "header_page is missing");
	if (take(&c, tag, 13, "header_event is missing") || memcmp(tag, "header_event", 13) ||
	    !take_sized(&c, 8, &len, "header_event runs past the tracing data"))
		return fail(&c, "header_event is missing");
	return parse_events(&c);
}

const struct td_format *tracing_data_find(const struct tracing_data *td,
					  const char *system, const char *name)
{
	size_t i;

	for (i = 0; i < td->nr; i++)
		if (!strcmp(td->formats[i].system, system) &&
		    !strcmp(td->formats[i].name, name))
			return &td->formats[i];
	return NULL;
}

void tracing_data_free(struct tracing_data *td)
{
	free(td->formats);
	td->formats = NULL;
	td->nr = 0;
}
