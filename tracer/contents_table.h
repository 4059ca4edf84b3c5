/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONTENTS_TABLE_H
#define SCTRACE_CONTENTS_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "contents_abi.h"

/* What a pointer argument points to, and so how it is read and shown. */
enum content_kind {
	CK_NONE,
	CK_PATH,	/* a path: "...", whole (strace does not cut paths) */
	CK_ARGV,	/* execve's argv: ["ls", "-la"] */
	CK_ENVP,	/* execve's envp: a count of variables */
	CK_DATA_IN,	/* bytes handed to the kernel, len_arg of them */
	CK_DATA_OUT,	/* bytes the kernel filled, as many as it returned */
	CK_TIMESPEC,	/* struct timespec, read at the enter */
	CK_POLLFD,	/* struct pollfd[len_arg]: events in, revents out */
	CK_SOCKADDR_IN,	/* a socket address of len_arg bytes */
	CK_STAT,	/* struct stat, filled by the kernel */
	CK_STATX,	/* struct statx, filled by the kernel */
	CK_FD_PAIR,	/* int[2] filled by the kernel: pipe2's fds */
	CK_WAIT_STATUS,	/* int filled by the kernel: wait4's status */
	CK_FD_SET,	/* select's fd_set of len_arg bits: fds in, the ready ones out */
	CK_IOV_IN,	/* struct iovec[len_arg] handed to the kernel: each one's data */
	CK_IOV_OUT,	/* struct iovec[len_arg] the kernel filled, up to its result */
	CK_SOCKADDR_OUT, /* a socket address the kernel filled, its length through len_arg */
	CK_KIND_COUNT,	/* not a kind: how many there are */
};

struct content_rule {
	const char *syscall;	/* libaudit's name, as syscall_desc's */
	const char *arg;	/* the tracepoint's argument name */
	enum content_kind kind;
	const char *len_arg;	/* the argument with the length, or NULL */
};

const struct content_rule *content_rule_find(const char *syscall, const char *arg);
bool content_syscall_has_rules(const char *syscall);
const struct content_rule *content_rules(size_t *nr);
bool content_kind_at_exit(enum content_kind kind);
bool content_kind_counted(enum content_kind kind);
bool content_kind_in_out(enum content_kind kind);
size_t content_kind_count(void);
void content_arg_spec(enum content_kind kind, unsigned int string_limit,
		      struct ct_arg_spec *spec);

#endif
