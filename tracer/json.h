/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_JSON_H
#define SCTRACE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "syscalls.h"

/*
 * --json: one object per line per event (schema: doc/sctrace.schema.json).
 * Every object starts with these fields.
 */
struct json_head {
	const char *type;	/* "syscall", "lost", "fault", "tracepoint", "exit", "untraced" */
	uint64_t time_ns;	/* since tracing began */
	int32_t pid;
	int32_t tid;
	const char *comm;	/* with --comm, else NULL */
};

/* One syscall, whole: what is unknown is null. */
struct json_call {
	const struct syscall_desc *desc;
	long nr;
	const unsigned long *args;	/* NULL: its enter was not seen */
	bool has_ret;			/* false: it never returned in the trace */
	long ret;
	bool has_duration;
	uint64_t duration_ns;
};

void json_bytes_body(struct outbuf *ob, const unsigned char *s, size_t len);
void json_string(struct outbuf *ob, const char *s, size_t len);
void json_addr(struct outbuf *ob, uint64_t v);
void json_begin(struct outbuf *ob, const struct json_head *head);
void json_end(struct outbuf *ob);
/* The call's fields, for the caller to add its own and end the object. */
void json_call_fields(struct outbuf *ob, const struct json_head *head,
		      const struct json_call *call);
void json_call(struct outbuf *ob, const struct json_head *head,
	       const struct json_call *call);

#endif
