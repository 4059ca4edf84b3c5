/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_FORMAT_H
#define SCTRACE_FORMAT_H

#include <stdbool.h>

#include "outbuf.h"
#include "syscall_table.h"

/* How one argument value is printed, derived from its C type. */
enum arg_kind {
	ARG_U64,	/* sizes, counts, unsigned long: unsigned decimal */
	ARG_S64,	/* long, loff_t: signed decimal */
	ARG_S32,	/* int, pid_t: the low 32 bits, signed */
	ARG_U32,	/* unsigned int, uid_t: the low 32 bits */
	ARG_OCTAL,	/* umode_t */
	ARG_HEX,	/* handles such as aio_context_t */
	ARG_PTR,	/* pointers: hex, NULL for 0 */
	/* Symbolic values (beauty.c); --raw keeps the kinds above. */
	ARG_DIRFD,	/* AT_FDCWD or an fd */
	ARG_OPEN_FLAGS,	/* O_RDONLY|O_CREAT|... (x86_64, s390x: the generic values) */
	ARG_OPEN_FLAGS_ARM64,	/* the same, arm64's values */
	ARG_FD_FLAGS,	/* pipe2, dup3: O_CLOEXEC|O_NONBLOCK, or 0 */
	ARG_FD_FLAGS_ARM64,	/* the same, arm64's values */
	ARG_OPEN_MODE,	/* octal, shown only when the flags may create */
	ARG_MMAP_PROT,	/* PROT_READ|PROT_WRITE, PROT_NONE */
	ARG_MMAP_FLAGS,	/* MAP_PRIVATE|MAP_ANONYMOUS */
	ARG_FUTEX_OP,	/* FUTEX_WAIT_PRIVATE */
	ARG_SIGNAL,	/* SIGKILL */
	ARG_SIGMASK_HOW, /* SIG_BLOCK */
	ARG_CLONE_FLAGS, /* CLONE_VM|...|SIGCHLD */
	ARG_SOCK_FAMILY, /* AF_INET */
	ARG_SOCK_TYPE,	/* SOCK_STREAM|SOCK_CLOEXEC */
};

enum arg_kind arg_kind_from_type(const char *type);
bool arg_kind_is_int(enum arg_kind kind);
enum arg_kind arg_kind_of(const char *type, const char *name);
void format_arg(struct outbuf *ob, enum arg_kind kind, unsigned long val);
bool result_is_error(long ret);
void format_result(struct outbuf *ob, enum result_kind kind, long ret);

#endif
