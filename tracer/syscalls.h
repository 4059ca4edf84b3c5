/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSCALLS_H
#define SCTRACE_SYSCALLS_H

#include <stdbool.h>
#include <stddef.h>

#include "contents_table.h"
#include "format.h"
#include "call_set.h"
#include "sysent.h"
#include "tracefs.h"

#define SYSCALL_MAX_ARGS 6

struct syscall_arg {
	const char *name;
	enum arg_kind kind;
	unsigned char bits;		/* what the kernel uses of the register; 0: all */
	enum content_kind content;	/* what it points to; CK_NONE with --raw */
	int len_arg;			/* the argument with its length, or -1 */
	const struct sysent_cond *cond;	/* when the content holds; NULL: always */
	int cond_arg;			/* the argument cond tests, or -1 */
};

/* What is known about one syscall number, filled on first sight. */
struct syscall_desc {
	const char *name;		/* libaudit's, ours, or fallback_name */
	char fallback_name[32];		/* "syscall_NNN" */
	enum result_kind result;
	int nr_args;			/* -1: no format, print arg0..arg5 */
	struct syscall_arg args[SYSCALL_MAX_ARGS];
	const struct sysent_ops *ops;	/* what each operation takes; NULL: all */
	int op_arg;			/* the argument naming the operation */
	int machine;			/* libaudit MACH_*: the kinds' values */
	bool unabbreviated;		/* -v, -e abbrev=: its structures whole */
};

struct tep_handle;

/* Where the syscalls:sys_enter_* formats come from: tracefs, or a file. */
struct format_source {
	char *(*read)(const void *ctx, const char *sys, const char *name, size_t *len);
	const void *ctx;
};

struct syscall_cache {
	struct tep_handle *tep;
	const struct format_source *formats;	/* NULL: none, arg0..arg5 */
	int machine;			/* libaudit MACH_* */
	bool raw;			/* --raw: numbers, no symbols */
	struct call_set raw_calls;	/* -e raw=: these in hex, as strace */
	struct call_set abbrev;		/* -e abbrev= (-v: none): the others whole */
	struct call_set verbose;	/* -e verbose=: the others' structs as addresses */
	bool envp_counted;		/* a replay: envp was read as a count, -v or not */
	struct syscall_desc **descs;	/* indexed by number; never moved */
	size_t nr_descs;
	struct syscall_desc other;	/* numbers too large to index */
};

int syscall_cache_init(struct syscall_cache *cache,
		       const struct format_source *formats, int machine);
char *tracefs_format_source(const void *tfs, const char *sys, const char *name,
			    size_t *len);
int syscall_cache_sets(struct syscall_cache *cache, const struct call_sets *sets,
		       char *why, size_t len);
void syscall_cache_free(struct syscall_cache *cache);
const struct syscall_desc *syscall_cache_get(struct syscall_cache *cache, long nr);
const struct sysent_op *syscall_op(const struct syscall_desc *desc, const unsigned long *args);
bool syscall_op_takes(const struct sysent_op *op, int i);
const struct sysent_op_arg *syscall_op_arg(const struct sysent_op *op, int i);
int syscall_arg_index(const struct syscall_desc *desc, const char *name);
enum arg_kind syscall_arg_kind(const char *call, const char *arg, enum arg_kind plain,
			       int machine);

#endif
