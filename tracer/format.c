// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "beauty.h"
#include "compiler.h"
#include "format.h"
#include "sorted.h"
#include "syscall_table.h"

struct type_kind {
	const char *type;
	enum arg_kind kind;
	unsigned char bits;	/* what the kernel uses of the register; 0: all */
};

/*
 * Scalar types in the syscalls:sys_enter_* formats; the formats' own
 * "signed:" flag is 0 even for int, so the type name decides. The
 * fields are all 8 bytes wide, but the kernel casts the register to the
 * type (umode_t is an unsigned short): the rest is the caller's garbage.
 * Sorted.
 */
static const struct type_kind type_kinds[] = {
	{ "__s32",		ARG_S32,   32 },
	{ "__u32",		ARG_U32,   32 },
	{ "__u64",		ARG_U64,   0 },
	{ "aio_context_t",	ARG_HEX,   0 },
	{ "cap_user_data_t",	ARG_PTR,   0 },
	{ "cap_user_header_t",	ARG_PTR,   0 },
	{ "clockid_t",		ARG_S32,   32 },
	{ "gid_t",		ARG_ID,    32 },
	{ "int",		ARG_S32,   32 },
	{ "key_serial_t",	ARG_S32,   32 },
	{ "key_t",		ARG_S32,   32 },
	{ "loff_t",		ARG_S64,   0 },
	{ "long",		ARG_S64,   0 },
	{ "mqd_t",		ARG_S32,   32 },
	{ "off_t",		ARG_S64,   0 },
	{ "pid_t",		ARG_S32,   32 },
	{ "qid_t",		ARG_U32,   32 },
	{ "rwf_t",		ARG_S32,   32 },
	{ "size_t",		ARG_U64,   0 },
	{ "timer_t",		ARG_S32,   32 },
	{ "u32",		ARG_U32,   32 },
	{ "u64",		ARG_U64,   0 },
	{ "uid_t",		ARG_ID,    32 },
	{ "umode_t",		ARG_OCTAL, 16 },
	{ "unsigned",		ARG_U32,   32 },
	{ "unsigned int",	ARG_U32,   32 },
	{ "unsigned long",	ARG_U64,   0 },
};

static int type_kind_cmp(const void *key, const void *elem)
{
	const struct type_kind *a = key, *b = elem;

	return strcmp(a->type, b->type);
}

/*
 * Fields whose declared type hides their meaning: mmap's fd, the memory
 * calls' addresses and clone's stack and TLS are unsigned long; dup2's
 * and dup3's fds unsigned int, which strace prints as the ints they are.
 * Sorted.
 */
static const struct type_kind name_kinds[] = {
	{ "addr",	ARG_PTR,	0 },
	{ "brk",	ARG_PTR,	0 },
	{ "fd",		ARG_S32,	32 },
	{ "new_addr",	ARG_PTR,	0 },
	{ "newfd",	ARG_S32,	32 },
	{ "newsp",	ARG_PTR,	0 },
	{ "oldfd",	ARG_S32,	32 },
	{ "start",	ARG_PTR,	0 },
	{ "tls",	ARG_PTR,	0 },
};

static const struct sorted_table tables[] = {
	SORTED_TABLE(name_kinds, type_kind_cmp),
	SORTED_TABLE(type_kinds, type_kind_cmp),
};

const struct sorted_table *format_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

/* The entry of a scalar type, const or not; NULL for a pointer or an unknown type. */
static const struct type_kind *scalar_type(const char *type)
{
	struct type_kind key = { 0 };

	if (!strncmp(type, "const ", 6))
		type += 6;
	key.type = type;
	return bsearch(&key, type_kinds, ARRAY_SIZE(type_kinds), sizeof(type_kinds[0]),
		       type_kind_cmp);
}

/* The entry of a field that its name describes better than its type, or NULL. */
static const struct type_kind *named_field(const char *type, const char *name)
{
	const struct type_kind key = { .type = name };

	if (strchr(type, '*'))
		return NULL;
	return bsearch(&key, name_kinds, ARRAY_SIZE(name_kinds), sizeof(name_kinds[0]),
		       type_kind_cmp);
}

enum arg_kind arg_kind_of(const char *type, const char *name)
{
	const struct type_kind *found = named_field(type, name);

	return found ? found->kind : arg_kind_from_type(type);
}

enum arg_kind arg_kind_from_type(const char *type)
{
	const struct type_kind *found;

	if (strchr(type, '*'))
		return ARG_PTR;
	if (strstr(type, "enum ") == type || strstr(type, "const enum ") == type)
		return ARG_S32;
	found = scalar_type(type);
	return found ? found->kind : ARG_U64;
}

/* How many low bits of the register the kernel takes for the field; 0: all. */
unsigned int arg_bits_of(const char *type, const char *name)
{
	const struct type_kind *found = named_field(type, name);

	if (found)
		return found->bits;
	if (strchr(type, '*'))
		return 0;
	if (strstr(type, "enum ") == type || strstr(type, "const enum ") == type)
		return 32;
	found = scalar_type(type);
	return found ? found->bits : 0;
}

/* The value as the kernel sees an argument of that many bits (0: all). */
unsigned long arg_cut(unsigned long val, unsigned int bits)
{
	return bits && bits < 64 ? val & ((1UL << bits) - 1) : val;
}

/* Kinds whose value is a C int: the low 32 bits, signed. */
bool arg_kind_is_int(enum arg_kind kind)
{
	switch (kind) {
	case ARG_S32:
	case ARG_DIRFD:
	case ARG_OPEN_FLAGS:
	case ARG_OPEN_FLAGS_ARM64:
	case ARG_OPEN_FLAGS_PPC64:
	case ARG_FD_FLAGS:
	case ARG_FD_FLAGS_ARM64:
	case ARG_FD_FLAGS_PPC64:
	case ARG_FUTEX_OP:
	case ARG_SIGNAL:
	case ARG_SIGMASK_HOW:
	case ARG_SOCK_FAMILY:
	case ARG_SOCK_TYPE:
	case ARG_SOCK_FLAGS:
	case ARG_CLOCK_ID:
	case ARG_TIMER_FLAGS:
	case ARG_TFD_TIMER_FLAGS:
	case ARG_AT_FLAGS:
	case ARG_ACCESS_AT_FLAGS:
	case ARG_ACCESS_MODE:
	case ARG_EPOLL_OP:
	case ARG_ITIMER_WHICH:
	case ARG_WAIT_OPTIONS:
	case ARG_WAITID_WHICH:
	case ARG_WAITID_OPTIONS:
	case ARG_MADVISE:
	case ARG_EVENTFD_FLAGS:
	case ARG_EPOLL_CREATE_FLAGS:
	case ARG_INOTIFY_FLAGS:
	case ARG_TIMERFD_FLAGS:
	case ARG_SIGNALFD_FLAGS:
	case ARG_SHUTDOWN_HOW:
	case ARG_MSYNC_FLAGS:
	case ARG_MLOCK_FLAGS:
	case ARG_MLOCKALL_FLAGS:
	case ARG_PRCTL_OPTION:
	case ARG_ARCH_PRCTL_CODE:
		return true;
	default:
		return false;
	}
}

void format_arg(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	switch (kind) {
	case ARG_S64:
		outbuf_s64(ob, (long)val);
		break;
	case ARG_S32:
		outbuf_s64(ob, (int)val);
		break;
	case ARG_U32:
		outbuf_u64(ob, (unsigned int)val);
		break;
	case ARG_ID:
		/* As strace writes an id: -1 is the one that means "none". */
		if ((unsigned int)val == (unsigned int)-1)
			outbuf_puts(ob, "-1");
		else
			outbuf_u64(ob, (unsigned int)val);
		break;
	case ARG_OCTAL:
		outbuf_oct(ob, val);
		break;
	case ARG_HEX:
		outbuf_hex(ob, val);
		break;
	case ARG_XLONG:
		if (val)
			outbuf_hex(ob, val);
		else
			outbuf_putc(ob, '0');
		break;
	case ARG_PTR:
		if (val)
			outbuf_hex(ob, val);
		else
			outbuf_puts(ob, "NULL");
		break;
	case ARG_RAW:
		if (val)
			outbuf_hex(ob, val);
		else
			outbuf_putc(ob, '0');
		break;
	case ARG_U64:
		outbuf_u64(ob, val);
		break;
	default:
		beauty_print(ob, kind, val);
		break;
	}
}

/* Linux returns -1..-4095 for errors; anything below is a value. */
#define MAX_ERRNO 4095

bool result_is_error(long ret)
{
	return ret < 0 && ret >= -MAX_ERRNO;
}

static void format_error(struct outbuf *ob, long err)
{
	struct errno_desc desc;

	errno_describe(err, &desc);
	outbuf_puts(ob, desc.restart ? "? " : "-1 ");
	outbuf_puts(ob, desc.name);
	outbuf_puts(ob, " (");
	outbuf_puts(ob, desc.text);
	outbuf_putc(ob, ')');
}

void format_result(struct outbuf *ob, enum result_kind kind, long ret)
{
	outbuf_puts(ob, " = ");
	if (kind == RESULT_NORETURN) {
		outbuf_putc(ob, '?');
		return;
	}
	if (result_is_error(ret)) {
		format_error(ob, -ret);
		return;
	}
	if (kind == RESULT_HEX || (kind == RESULT_RAW && ret)) {
		outbuf_hex(ob, ret);
		return;
	}
	if (kind == RESULT_OCTAL) {
		outbuf_oct(ob, ret);
		return;
	}
	outbuf_s64(ob, ret);
	if ((kind == RESULT_TIMEOUT || kind == RESULT_EPOLL_TIMEOUT) && ret == 0)
		outbuf_puts(ob, " (Timeout)");
}
