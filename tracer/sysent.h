/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSENT_H
#define SCTRACE_SYSENT_H

#include <stdbool.h>
#include <stddef.h>

#include "arg_kind.h"
#include "contents_table.h"
#include "sysent_op.h"

/* How a call's return value is shown. */
enum result_kind {
	RESULT_DEFAULT,		/* signed decimal, negative errno decoded */
	RESULT_HEX,		/* an address: mmap, mremap, brk */
	RESULT_TIMEOUT,		/* 0 means the timeout expired */
	RESULT_EPOLL_TIMEOUT,	/* the same; strace's lines say nothing after epoll's 0 */
	RESULT_NORETURN,	/* exit, exit_group: "= ?" */
	RESULT_OCTAL,		/* a mode: umask */
	RESULT_RAW,		/* -e raw=: hex, 0 for 0, errors decoded */
};

/* A sys_enter_* tracepoint named otherwise than the call, on a machine. */
struct sysent_alias {
	int machine;		/* libaudit's MACH_*; 0: every machine */
	const char *tracepoint;	/* NULL: no more aliases */
	bool own_args;		/* not the call's arguments: the row's facts do not apply */
};

/*
 * When an argument's contents hold: only for the values of another
 * argument (arg) whose field mask selects is a number v below 32 (the
 * bits in mask, shifted down to bit 0) with bit v of values set. arg
 * NULL: always.
 */
struct sysent_cond {
	const char *arg;
	unsigned int mask;
	unsigned int values;
};

/* One argument's facts, by the name its sys_enter_* tracepoint gives it. */
struct sysent_arg {
	const char *name;		/* NULL: no more arguments */
	bool symbolic;			/* kind says how its value prints */
	enum arg_kind kind;
	enum content_kind content;	/* what it points to; CK_NONE: nothing */
	const char *len_arg;		/* the argument holding the length, or NULL */
	struct sysent_cond cond;
};

#define SYSENT_ALIASES 3
#define SYSENT_ARGS 6
/* What sctrace knows of one call, by its name (as syscall_name gives it). */
struct sysent {
	const char *name;
	enum result_kind result;
	struct sysent_alias aliases[SYSENT_ALIASES];
	struct sysent_arg args[SYSENT_ARGS];
	const struct sysent_ops *ops;	/* NULL: every argument, always */
};

const struct sysent *sysent_find(const char *name);
const struct sysent_arg *sysent_arg_find(const char *call, const char *arg);
bool sysent_has_contents(const char *call);
unsigned int sysent_cond_shift(const struct sysent_cond *cond);
bool sysent_cond_holds(const struct sysent_cond *cond, unsigned long value);
enum arg_kind sysent_symbolic_kind(const char *call, const char *arg, enum arg_kind plain);
const char *syscall_tracepoint_name(int machine, const char *name);
bool sysent_args_apply(int machine, const char *name);
const struct sysent_op *sysent_op_find(const struct sysent_ops *ops, unsigned long selector);
enum result_kind syscall_result_kind(const char *name);

struct sorted_table;
const struct sorted_table *sysent_sorted_tables(size_t *nr);
const struct sysent *sysent_rows(size_t *nr);
const struct sysent_arg *sysent_any_call_args(size_t *nr);

#endif
