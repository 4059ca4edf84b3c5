// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <event-parse.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "tp_format.h"
#include "tracepoints.h"

static int tp_order(const void *a, const void *b)
{
	const struct extra_tp *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/*
 * A live record is in the host's byte order; libtraceevent's default is
 * little-endian, which swaps every number on s390x. A file sets its own.
 */
static struct tep_handle *extra_tep(struct extra_tps *x)
{
	if (x->tep)
		return x->tep;
	x->tep = tep_alloc();
	if (x->tep)
		tep_set_file_bigendian(x->tep, tep_is_bigendian() ?
				       TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	return x->tep;
}

/*
 * Adds a tracepoint from its format text (a file's, or tracefs'):
 * -EINVAL if it is not in the kernel's shape or libtraceevent cannot
 * parse it, -ENOMEM. Its id is the format's own; one already added is
 * kept as it is.
 */
int extra_tps_add_format(struct extra_tps *x, const char *system,
			 const char *format, size_t len, enum tp_role role)
{
	struct tep_event *event = NULL;
	struct extra_tp *bigger;
	char *safe;

	if (!extra_tep(x))
		return -ENOMEM;
	safe = tp_format_safe(format, len, &len);
	if (!safe || tep_parse_format(x->tep, &event, safe, len, system))
		event = NULL;
	free(safe);
	if (!event)
		return -EINVAL;
	if (extra_tps_find(x, event->id))
		return 0;
	bigger = realloc(x->tps, (x->nr + 1) * sizeof(*bigger));
	if (!bigger)
		return -ENOMEM;
	x->tps = bigger;
	x->tps[x->nr++] = (struct extra_tp){ .id = event->id, .role = role, .event = event };
	qsort(x->tps, x->nr, sizeof(*x->tps), tp_order);
	return 0;
}

/*
 * Adds SYSTEM:NAME once: -ENOENT if the kernel has no such event,
 * -ENODATA if it has one without an id (ftrace's own records, which perf
 * cannot open), -EINVAL if its format cannot be parsed, -ENOMEM.
 */
int extra_tps_add(struct extra_tps *x, const struct tracefs *tfs,
		  const char *system, const char *name, enum tp_role role)
{
	char *format;
	size_t len;
	int id = tracefs_event_id(tfs, system, name), err;

	if (id >= 0 && extra_tps_find(x, id))
		return 0;
	format = tracefs_read_format(tfs, system, name, &len);
	if (!format)
		return -ENOENT;
	if (id < 0) {
		free(format);
		return -ENODATA;
	}
	err = extra_tps_add_format(x, system, format, len, role);
	free(format);
	return err;
}

/*
 * Where the running kernel's records of the tracepoint hold a 4-byte
 * field (a number, or a __data_loc's offset and length), for a BPF
 * program that reads its records raw; -ENOENT without one.
 */
int extra_tp_field_offset(const struct tracefs *tfs, const char *system,
			  const char *name, const char *field)
{
	struct extra_tps x = { 0 };
	const struct tep_format_field *f;
	int offset = -ENOENT;

	if (!extra_tps_add(&x, tfs, system, name, TP_PLAIN)) {
		f = tep_find_field(x.tps[0].event, field);
		if (f && f->size == 4)
			offset = f->offset;
	}
	extra_tps_free(&x);
	return offset;
}

/* A file from a machine of the other byte order: numbers read swapped. */
void extra_tps_set_big_endian(struct extra_tps *x, bool big_endian)
{
	if (!extra_tep(x))
		return;
	tep_set_file_bigendian(x->tep, big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
}

const struct extra_tp *extra_tps_find(const struct extra_tps *x, int id)
{
	struct extra_tp key = { .id = id };

	if (!x->nr)
		return NULL;
	return bsearch(&key, x->tps, x->nr, sizeof(*x->tps), tp_order);
}

const char *extra_tp_system(const struct extra_tp *tp)
{
	return tp->event->system;
}

const char *extra_tp_name(const struct extra_tp *tp)
{
	return tp->event->name;
}

void extra_tps_free(struct extra_tps *x)
{
	if (x->tep)
		tep_free(x->tep);
	free(x->tps);
	memset(x, 0, sizeof(*x));
}

static struct tep_format_field *field_named(const struct extra_tp *tp,
					    const char *name)
{
	struct tep_format_field *f;

	for (f = tp->event->format.fields; f; f = f->next)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/* A field's bytes inside the record: __data_loc ones point further in. */
static const unsigned char *field_bytes(const struct tep_format_field *f,
					const unsigned char *data, uint32_t size,
					uint32_t *len)
{
	uint32_t loc;

	if ((uint64_t)f->offset + f->size > size)
		return NULL;
	if (!(f->flags & TEP_FIELD_IS_DYNAMIC)) {
		*len = f->size;
		return data + f->offset;
	}
	if (f->size != 4)
		return NULL;
	memcpy(&loc, data + f->offset, 4);
	*len = loc >> 16;
	loc &= 0xffff;
	/* __rel_loc counts from the end of the field itself. */
	if (f->flags & TEP_FIELD_IS_RELATIVE)
		loc += f->offset + f->size;
	if ((uint64_t)loc + *len > size)
		return NULL;
	return data + loc;
}

static bool is_text(const struct tep_format_field *f)
{
	return (f->flags & TEP_FIELD_IS_STRING) ||
	       ((f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)) &&
		!strncmp(f->type, "char", 4));
}

bool extra_string(const struct extra_tp *tp, const unsigned char *data,
		  uint32_t size, const char *field, char *buf, size_t len)
{
	const struct tep_format_field *f = field_named(tp, field);
	const unsigned char *bytes;
	uint32_t n;

	if (!f || !is_text(f) || !len)
		return false;
	bytes = field_bytes(f, data, size, &n);
	if (!bytes)
		return false;
	n = strnlen((const char *)bytes, n);
	if (n >= len)
		n = len - 1;
	memcpy(buf, bytes, n);
	buf[n] = '\0';
	return true;
}

static long long read_number(const struct extra_tps *x,
			     const struct tep_format_field *f, const unsigned char *p,
			     uint32_t size)
{
	unsigned long long v = tep_read_number(x->tep, p, size);

	if (!(f->flags & TEP_FIELD_IS_SIGNED) || size >= 8)
		return (long long)v;
	/* Sign-extend from the field's width. */
	return (long long)(v << (64 - 8 * size)) >> (64 - 8 * size);
}

bool extra_number(const struct extra_tps *x, const struct extra_tp *tp,
		  const unsigned char *data, uint32_t size, const char *field,
		  long long *val)
{
	const struct tep_format_field *f = field_named(tp, field);
	const unsigned char *bytes;
	uint32_t n;

	if (!f || (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)) ||
	    (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8))
		return false;
	bytes = field_bytes(f, data, size, &n);
	if (!bytes)
		return false;
	*val = read_number(x, f, bytes, f->size);
	return true;
}

/* A string field up to its NUL, quoted, escaped as names are (escape.h). */
static void print_text(struct outbuf *ob, const unsigned char *s, uint32_t n,
		       bool json)
{
	if (json) {
		json_string(ob, (const char *)s, n);
		return;
	}
	outbuf_putc(ob, '"');
	outbuf_escaped(ob, (const char *)s, strnlen((const char *)s, n), '"');
	outbuf_putc(ob, '"');
}

/* Elements of a number array: {1, 2, 3}. */
static void print_array(struct outbuf *ob, const struct extra_tps *x,
			const struct tep_format_field *f, const unsigned char *p,
			uint32_t n, bool json)
{
	uint32_t el = f->elementsize, i;

	if (el != 1 && el != 2 && el != 4 && el != 8) {
		outbuf_puts(ob, json ? "null" : "?");
		return;
	}
	outbuf_putc(ob, json ? '[' : '{');
	for (i = 0; i + el <= n; i += el) {
		if (i)
			outbuf_puts(ob, ", ");
		outbuf_s64(ob, read_number(x, f, p + i, el));
	}
	outbuf_putc(ob, json ? ']' : '}');
}

/* "name: value", or in JSON "name":value (pointers as "0x..." strings). */
static void print_field(struct outbuf *ob, const struct extra_tps *x,
			const struct tep_format_field *f,
			const unsigned char *data, uint32_t size, bool json)
{
	const unsigned char *p;
	uint32_t n;

	if (json) {
		json_string(ob, f->name, strlen(f->name));
		outbuf_putc(ob, ':');
	} else {
		outbuf_escaped(ob, f->name, strlen(f->name), 0);
		outbuf_puts(ob, ": ");
	}
	p = field_bytes(f, data, size, &n);
	if (p && is_text(f))
		print_text(ob, p, n, json);
	else if (p && (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)))
		print_array(ob, x, f, p, n, json);
	else if (!p || (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8))
		outbuf_puts(ob, json ? "null" : "?");
	else if ((f->flags & TEP_FIELD_IS_POINTER) && json)
		json_addr(ob, read_number(x, f, p, f->size));
	else if (f->flags & TEP_FIELD_IS_POINTER)
		outbuf_hex(ob, read_number(x, f, p, f->size));
	else if (f->flags & TEP_FIELD_IS_SIGNED)
		outbuf_s64(ob, read_number(x, f, p, f->size));
	else
		outbuf_u64(ob, tep_read_number(x->tep, p, f->size));
}

/* "system:name(field: value, ...)", the fields as the format lists them. */
void extra_print(struct outbuf *ob, const struct extra_tps *x,
		 const struct extra_tp *tp, const unsigned char *data,
		 uint32_t size)
{
	struct tep_format_field *f;

	outbuf_escaped(ob, tp->event->system, strlen(tp->event->system), 0);
	outbuf_putc(ob, ':');
	outbuf_escaped(ob, tp->event->name, strlen(tp->event->name), 0);
	outbuf_putc(ob, '(');
	for (f = tp->event->format.fields; f; f = f->next) {
		print_field(ob, x, f, data, size, false);
		if (f->next)
			outbuf_puts(ob, ", ");
	}
	outbuf_putc(ob, ')');
}

/* For --json: ,"name":"system:name","fields":{...} */
void extra_print_json(struct outbuf *ob, const struct extra_tps *x,
		      const struct extra_tp *tp, const unsigned char *data,
		      uint32_t size)
{
	struct tep_format_field *f;
	char name[512];
	int len;

	/* A replayed file's names may hold anything: escaped as strings. */
	len = snprintf(name, sizeof(name), "%s:%s", tp->event->system, tp->event->name);
	outbuf_puts(ob, ",\"name\":");
	json_string(ob, name, len < (int)sizeof(name) ? (size_t)len : sizeof(name) - 1);
	outbuf_puts(ob, ",\"fields\":{");
	for (f = tp->event->format.fields; f; f = f->next) {
		print_field(ob, x, f, data, size, true);
		if (f->next)
			outbuf_putc(ob, ',');
	}
	outbuf_putc(ob, '}');
}
