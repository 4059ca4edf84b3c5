// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "format.h"
#include "json.h"
#include "sct_event.h"
#include "syscall_table.h"

/* A JSON string; bytes outside printable ASCII as \u00XX, so always valid. */
/* Each byte one character, U+0000..U+00FF, so every byte comes back. */
void json_bytes_body(struct outbuf *ob, const unsigned char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\') {
			outbuf_putc(ob, '\\');
			outbuf_putc(ob, c);
		} else if (c >= 0x20 && c < 0x7f) {
			outbuf_putc(ob, c);
		} else {
			outbuf_puts(ob, "\\u00");
			outbuf_putc(ob, hex[c >> 4]);
			outbuf_putc(ob, hex[c & 15]);
		}
	}
}

/* A C string of at most len bytes, as a JSON string. */
void json_string(struct outbuf *ob, const char *s, size_t len)
{
	outbuf_putc(ob, '"');
	json_bytes_body(ob, (const unsigned char *)s, strnlen(s, len));
	outbuf_putc(ob, '"');
}

static void key(struct outbuf *ob, const char *name)
{
	outbuf_puts(ob, ",\"");
	outbuf_puts(ob, name);
	outbuf_puts(ob, "\":");
}

/*
 * An address, as the string "0x..." (lower case): a number above 2^53,
 * as kernel and stack addresses are, would lose its low bits in readers
 * that hold numbers as doubles (jq, JavaScript).
 */
void json_addr(struct outbuf *ob, uint64_t v)
{
	outbuf_putc(ob, '"');
	outbuf_hex(ob, v);
	outbuf_putc(ob, '"');
}

void json_begin(struct outbuf *ob, const struct json_head *head)
{
	outbuf_puts(ob, "{\"type\":\"");
	outbuf_puts(ob, head->type);
	outbuf_putc(ob, '"');
	key(ob, "time_ns");
	outbuf_u64(ob, head->time_ns);
	if (head->pid || head->tid) {
		key(ob, "pid");
		outbuf_s64(ob, head->pid);
		key(ob, "tid");
		outbuf_s64(ob, head->tid);
	}
	if (head->comm) {
		key(ob, "comm");
		json_string(ob, head->comm, strlen(head->comm));
	}
}

void json_end(struct outbuf *ob)
{
	outbuf_puts(ob, "}\n");
}

/*
 * Arguments as the registers held them: signed kinds signed, pointers and
 * handles (hex in the text) as address strings, the rest unsigned.
 */
static void json_args(struct outbuf *ob, const struct syscall_desc *desc,
		      const unsigned long *args)
{
	int i, n = desc->nr_args < 0 ? SYSCALL_MAX_ARGS : desc->nr_args;

	outbuf_putc(ob, '{');
	for (i = 0; i < n; i++) {
		enum arg_kind kind = desc->nr_args < 0 ? ARG_U64 : desc->args[i].kind;
		unsigned long val = args[i];

		/* What the kernel takes of the register: the rest is the caller's garbage. */
		if (desc->nr_args >= 0)
			val = arg_cut(val, desc->args[i].bits);

		if (i)
			outbuf_putc(ob, ',');
		if (desc->nr_args < 0) {
			outbuf_puts(ob, "\"arg");
			outbuf_u64(ob, i);
			outbuf_putc(ob, '"');
		} else {
			json_string(ob, desc->args[i].name, strlen(desc->args[i].name));
		}
		outbuf_putc(ob, ':');
		if (kind == ARG_S64)
			outbuf_s64(ob, (long)val);
		else if (arg_kind_is_int(kind))
			outbuf_s64(ob, (int)val);
		else if (kind == ARG_U32 || kind == ARG_ID)
			outbuf_u64(ob, (unsigned int)val);
		else if (kind == ARG_PTR || kind == ARG_HEX)
			json_addr(ob, val);
		else
			outbuf_u64(ob, val);
	}
	outbuf_putc(ob, '}');
}

static void json_errno(struct outbuf *ob, long ret)
{
	struct errno_desc err;

	errno_describe(-ret, &err);
	key(ob, "errno");
	json_string(ob, err.name, strlen(err.name));
}

void json_call_fields(struct outbuf *ob, const struct json_head *head,
		      const struct json_call *call)
{
	json_begin(ob, head);
	key(ob, "name");
	json_string(ob, call->desc->name, strlen(call->desc->name));
	key(ob, "nr");
	if (call->nr >= SCT_NR_COMPAT) {
		/* The 32-bit table's number, and that it is that table's. */
		outbuf_s64(ob, call->nr - SCT_NR_COMPAT);
		key(ob, "abi");
		outbuf_s64(ob, 32);
	} else {
		outbuf_s64(ob, call->nr);
	}
	key(ob, "args");
	if (call->args)
		json_args(ob, call->desc, call->args);
	else
		outbuf_puts(ob, "null");
	key(ob, "ret");
	if (call->has_ret && call->desc->result == RESULT_HEX &&
	    !result_is_error(call->ret))
		json_addr(ob, call->ret);
	else if (call->has_ret)
		outbuf_s64(ob, call->ret);
	else
		outbuf_puts(ob, "null");
	if (call->has_ret && result_is_error(call->ret))
		json_errno(ob, call->ret);
	if (call->has_duration) {
		key(ob, "duration_ns");
		outbuf_u64(ob, call->duration_ns);
	}
}

void json_call(struct outbuf *ob, const struct json_head *head,
	       const struct json_call *call)
{
	json_call_fields(ob, head, call);
	json_end(ob);
}
