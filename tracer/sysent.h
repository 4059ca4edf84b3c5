/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSENT_H
#define SCTRACE_SYSENT_H

#include <stddef.h>

/* How a call's return value is shown. */
enum result_kind {
	RESULT_DEFAULT,		/* signed decimal, negative errno decoded */
	RESULT_HEX,		/* an address: mmap, mremap, brk */
	RESULT_TIMEOUT,		/* 0 means the timeout expired */
	RESULT_NORETURN,	/* exit, exit_group: "= ?" */
};

/* A sys_enter_* tracepoint named otherwise than the call, on a machine. */
struct sysent_alias {
	int machine;		/* libaudit's MACH_*; 0: every machine */
	const char *tracepoint;	/* NULL: no more aliases */
};

#define SYSENT_ALIASES 2

/* What sctrace knows of one call, by its name (as syscall_name gives it). */
struct sysent {
	const char *name;
	enum result_kind result;
	struct sysent_alias aliases[SYSENT_ALIASES];
};

const struct sysent *sysent_find(const char *name);
const char *syscall_tracepoint_name(int machine, const char *name);
enum result_kind syscall_result_kind(const char *name);

struct sorted_table;
const struct sorted_table *sysent_sorted_tables(size_t *nr);
const struct sysent *sysent_rows(size_t *nr);

#endif
