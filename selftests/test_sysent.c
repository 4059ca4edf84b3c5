// SPDX-License-Identifier: GPL-2.0
/*
 * The per-call table: a row's aliases are whole (none after the list's
 * end, one per machine) and name tracepoints the running kernel has, so
 * a typo'd alias fails here rather than losing the call's tracepoint;
 * its arguments are whole, each one fact, and each names an argument of
 * the running kernel's tracepoint (else it silently never applies).
 */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <libaudit.h>
#include <linux/futex.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>

#include "beauty.h"
#include "syscall_table.h"
#include "syscalls.h"
#include "sysent.h"
#include "tracefs.h"

static bool applies(const struct sysent_alias *a, int machine)
{
	return a->tracepoint && (!a->machine || a->machine == machine);
}

/* The call's number in the machine's syscall table, or -1: arm64 has no stat. */
static long number_named(int machine, const char *name)
{
	const char *known;
	long nr;

	for (nr = 0; nr < CT_MAX_NR; nr++) {
		known = syscall_name(machine, nr);
		if (known && !strcmp(known, name))
			return nr;
	}
	return -1;
}

TEST(aliases_are_whole)
{
	const struct sysent *rows;
	size_t nr, i, j, k;

	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		const struct sysent_alias *al = rows[i].aliases;

		for (j = 0; j < SYSENT_ALIASES; j++) {
			if (!al[j].tracepoint)
				continue;
			EXPECT_NE(NULL, j ? al[j - 1].tracepoint : "")
				TH_LOG("%s: alias %zu after the list's end", rows[i].name, j);
			EXPECT_STRNE(rows[i].name, al[j].tracepoint);
			/* The first that applies wins: a second would never be seen. */
			/* Braced: TH_LOG follows its EXPECT as a statement of its own. */
			for (k = 0; k < j; k++) {
				EXPECT_FALSE(!al[k].machine || !al[j].machine ||
					     al[k].machine == al[j].machine)
					TH_LOG("%s: aliases %zu and %zu overlap", rows[i].name, k, j);
			}
		}
	}
}

/*
 * Each alias this machine uses names a tracepoint of the running kernel;
 * an alias of every machine applies only where the machine has the call.
 */
TEST(aliases_name_real_tracepoints)
{
	int machine = audit_detect_machine();
	const struct sysent *rows;
	size_t nr, i, j, seen = 0;
	struct tracefs tfs;
	char tp[128];

	if (tracefs_open(&tfs) != TRACEFS_OK)
		SKIP(return, "tracefs is not mounted (and cannot be mounted here)");
	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < SYSENT_ALIASES; j++) {
			if (!applies(&rows[i].aliases[j], machine) ||
			    number_named(machine, rows[i].name) < 0)
				continue;
			snprintf(tp, sizeof(tp), "sys_enter_%s", rows[i].aliases[j].tracepoint);
			EXPECT_LE(0, tracefs_event_id(&tfs, "syscalls", tp))
				TH_LOG("%s: no tracepoint syscalls:%s", rows[i].name, tp);
			seen++;
		}
	}
	if (!seen)
		SKIP(return, "no alias applies to machine %d", machine);
	TH_LOG("%zu aliases on this machine", seen);
}

/* s390x's old_mmap has one argument, a pointer to mmap's six: no fact of mmap's applies. */
TEST(own_args_only_where_an_alias_says)
{
	EXPECT_FALSE(sysent_args_apply(MACH_S390X, "mmap"));
	EXPECT_TRUE(sysent_args_apply(MACH_86_64, "mmap"));
	EXPECT_TRUE(sysent_args_apply(MACH_AARCH64, "mmap"));
	EXPECT_TRUE(sysent_args_apply(MACH_S390X, "openat"));
	EXPECT_TRUE(sysent_args_apply(MACH_86_64, "fstat"));
	EXPECT_STREQ("old_mmap", syscall_tracepoint_name(MACH_S390X, "mmap"));
	EXPECT_STREQ("mmap", syscall_tracepoint_name(MACH_86_64, "mmap"));
}

/* One argument's facts are whole: a symbol or contents, with what they need. */
static void check_arg(struct __test_metadata *_metadata, const struct sysent *row,
		      const struct sysent_arg *a)
{
	const char *n = row->name;

	EXPECT_NE(a->symbolic, a->content != CK_NONE)
		TH_LOG("%s %s: a symbol or contents, one of them", n, a->name);
	if (a->symbolic) {
		EXPECT_LE(ARG_DIRFD, a->kind) TH_LOG("%s %s: not a symbolic kind", n, a->name);
		EXPECT_GT(ARG_KIND_COUNT, a->kind) TH_LOG("%s %s", n, a->name);
	} else {
		EXPECT_GT(CK_KIND_COUNT, a->content) TH_LOG("%s %s", n, a->name);
	}
	/* A counted kind's argument names the count; the others name none. */
	EXPECT_EQ(content_kind_counted(a->content), a->len_arg != NULL)
		TH_LOG("%s %s: its length argument", n, a->name);
	if (a->cond.arg) {
		EXPECT_NE(CK_NONE, a->content) TH_LOG("%s %s: a condition on nothing", n, a->name);
		EXPECT_STRNE(a->name, a->cond.arg);
		EXPECT_NE(0, a->cond.values) TH_LOG("%s %s: never holds", n, a->name);
	}
	EXPECT_EQ(a, sysent_arg_find(n, a->name)) TH_LOG("%s %s not found", n, a->name);
}

TEST(args_are_whole_and_sorted)
{
	const struct sysent *rows;
	size_t nr, i, j, facts = 0;
	bool contents;

	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		const struct sysent_arg *args = rows[i].args;

		contents = false;
		for (j = 0; j < SYSENT_ARGS; j++) {
			if (!args[j].name) {
				EXPECT_FALSE(args[j].symbolic || args[j].content)
					TH_LOG("%s: a fact of no argument", rows[i].name);
				continue;
			}
			EXPECT_NE(NULL, j ? args[j - 1].name : "")
				TH_LOG("%s: argument %zu after the list's end", rows[i].name, j);
			if (j && args[j - 1].name)
				EXPECT_GT(0, strcmp(args[j - 1].name, args[j].name))
					TH_LOG("%s: %s not after %s", rows[i].name, args[j].name,
					       args[j - 1].name);
			check_arg(_metadata, &rows[i], &args[j]);
			contents |= args[j].content != CK_NONE;
			facts++;
		}
		EXPECT_EQ(contents, sysent_has_contents(rows[i].name)) TH_LOG("%s", rows[i].name);
	}
	EXPECT_EQ(NULL, sysent_arg_find("read", "fd"));
	EXPECT_EQ(NULL, sysent_arg_find("getppid", "fd"));
	EXPECT_FALSE(sysent_has_contents("getppid"));
	TH_LOG("%zu rows, %zu argument facts", nr, facts);
	EXPECT_LT(0, facts);
}

/* The calls' descriptions on this machine, numbers by name. */
static const struct syscall_desc *desc_named(struct syscall_cache *cache, const char *name)
{
	long nr = number_named(cache->machine, name);

	return nr < 0 ? NULL : syscall_cache_get(cache, nr);
}

/* One fact against the tracepoint's argument, as sctrace describes it. */
static void check_against(struct __test_metadata *_metadata, const struct syscall_desc *desc,
			  const struct sysent_arg *a, int machine)
{
	int i = syscall_arg_index(desc, a->name);

	ASSERT_LE(0, i) TH_LOG("%s has no argument %s", desc->name, a->name);
	if (a->symbolic) {
		EXPECT_EQ(beauty_machine_kind(a->kind, machine), desc->args[i].kind)
			TH_LOG("%s %s: not shown as its symbol", desc->name, a->name);
		return;
	}
	/*
	 * A pointer; or a number that is one only for some operations
	 * (fcntl's arg): then its condition names them, and the call's
	 * operations say how each prints it.
	 */
	if (desc->args[i].kind != ARG_PTR) {
		EXPECT_TRUE(a->cond.arg && desc->ops)
			TH_LOG("%s %s is not a pointer", desc->name, a->name);
	}
	EXPECT_EQ(a->content, desc->args[i].content) TH_LOG("%s %s", desc->name, a->name);
	if (a->len_arg) {
		EXPECT_LE(0, syscall_arg_index(desc, a->len_arg))
			TH_LOG("%s has no argument %s", desc->name, a->len_arg);
		EXPECT_EQ(syscall_arg_index(desc, a->len_arg), desc->args[i].len_arg);
	}
	if (a->cond.arg)
		EXPECT_EQ(syscall_arg_index(desc, a->cond.arg), desc->args[i].cond_arg)
			TH_LOG("%s has no argument %s", desc->name, a->cond.arg);
}

/* Each row's arguments against its call's tracepoint on the running kernel. */
static bool ppc64le_only(const char *call)
{
	return !strcmp(call, "recv") || !strcmp(call, "send");
}

TEST(args_name_real_arguments)
{
	struct format_source source = { .read = tracefs_format_source };
	int machine = audit_detect_machine();
	size_t nr, i, j, seen = 0, absent = 0;
	const struct sysent *rows;
	struct syscall_cache cache;
	struct tracefs tfs;

	if (tracefs_open(&tfs) != TRACEFS_OK)
		SKIP(return, "tracefs is not mounted (and cannot be mounted here)");
	source.ctx = &tfs;
	ASSERT_EQ(0, syscall_cache_init(&cache, &source, machine));
	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		const struct syscall_desc *desc;

		if (!rows[i].args[0].name)
			continue;
		desc = desc_named(&cache, rows[i].name);
		if (!desc) {
			/*
			 * open, select, stat...: x86_64 has every call the table
			 * names but ppc64le's recv and send, checked in its guest.
			 */
			EXPECT_FALSE(machine == MACH_86_64 && !ppc64le_only(rows[i].name))
				TH_LOG("no syscall %s", rows[i].name);
			continue;
		}
		if (!sysent_args_apply(machine, rows[i].name)) {
			TH_LOG("%s: this machine's tracepoint has arguments of its own",
			       rows[i].name);
			continue;
		}
		if (desc->nr_args < 0) {
			/* A call newer than the running kernel: fchmodat2 on 6.1. */
			TH_LOG("%s: no tracepoint on this kernel", rows[i].name);
			absent++;
			continue;
		}
		for (j = 0; j < SYSENT_ARGS && rows[i].args[j].name; j++)
			check_against(_metadata, desc, &rows[i].args[j], machine);
		seen++;
	}
	TH_LOG("%zu rows checked on this machine, %zu calls without a tracepoint", seen, absent);
	EXPECT_LT(0, seen);
	syscall_cache_free(&cache);
}

/* The row's condition for one argument's contents. */
static const struct sysent_cond *cond_of(const char *call, const char *arg)
{
	const struct sysent *row = sysent_find(call);
	size_t i;

	for (i = 0; row && i < SYSENT_ARGS && row->args[i].name; i++)
		if (!strcmp(row->args[i].name, arg))
			return row->args[i].cond.arg ? &row->args[i].cond : NULL;
	return NULL;
}

/*
 * A condition tests the field its mask selects, at bit 0 (futex's op)
 * or above it (clone's CLONE_PARENT_SETTID, bit 20).
 */
TEST(conditions_test_the_field_their_mask_selects)
{
	const struct sysent_cond *utime = cond_of("futex", "utime");
	const struct sysent_cond *ptid = cond_of("clone", "parent_tidptr");

	ASSERT_NE(NULL, utime);
	ASSERT_NE(NULL, ptid);
	EXPECT_EQ(0, sysent_cond_shift(utime));
	EXPECT_TRUE(sysent_cond_holds(utime, FUTEX_WAIT));
	EXPECT_TRUE(sysent_cond_holds(utime, FUTEX_WAIT | FUTEX_PRIVATE_FLAG));
	EXPECT_FALSE(sysent_cond_holds(utime, FUTEX_WAKE | FUTEX_PRIVATE_FLAG));
	EXPECT_EQ(20, sysent_cond_shift(ptid));
	EXPECT_TRUE(sysent_cond_holds(ptid, CLONE_PARENT_SETTID | SIGCHLD));
	EXPECT_TRUE(sysent_cond_holds(ptid, CLONE_VM | CLONE_THREAD | CLONE_PARENT_SETTID));
	EXPECT_FALSE(sysent_cond_holds(ptid, CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD));
	EXPECT_FALSE(sysent_cond_holds(ptid, 0));
}

/*
 * Every operation table of a row: sorted (test_sorted), each operation
 * shows the arguments it gives a kind of its own and its selector, and
 * never more than the call has.
 */
TEST(operations_show_what_they_redefine)
{
	const struct sysent *rows;
	size_t nr, i, j;
	int k;

	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		const struct sysent_ops *ops = rows[i].ops;

		for (j = 0; ops && j <= ops->nr; j++) {
			const struct sysent_op *op = j < ops->nr ? &ops->ops[j] : &ops->other;

			EXPECT_EQ(0, op->shown & ~((1u << SYSENT_ARGS) - 1))
				TH_LOG("%s: op %u shows arguments past the sixth", rows[i].name, op->op);
			EXPECT_TRUE(op->shown & 3)
				TH_LOG("%s: op %u hides its first arguments", rows[i].name, op->op);
			for (k = 0; k < SYSENT_OP_ARGS; k++) {
				if (!op->args[k].pos)
					continue;
				EXPECT_TRUE(op->shown >> (op->args[k].pos - 1) & 1)
					TH_LOG("%s: op %u redefines argument %d it hides",
					       rows[i].name, op->op, op->args[k].pos - 1);
			}
		}
	}
}

/* What strace prints of each: futex's per command, fcntl's getters none. */
TEST(operations_take_what_strace_prints)
{
	const struct sysent_ops *futex = sysent_find("futex")->ops;
	const struct sysent_ops *fcntl_ops = sysent_find("fcntl")->ops;
	const struct sysent_ops *epoll = sysent_find("epoll_ctl")->ops;

	ASSERT_NE(NULL, futex);
	ASSERT_NE(NULL, fcntl_ops);
	ASSERT_NE(NULL, epoll);
	EXPECT_EQ(0x07, sysent_op_find(futex, FUTEX_WAKE_PRIVATE)->shown);
	EXPECT_EQ(0x0f, sysent_op_find(futex, FUTEX_WAIT)->shown);
	EXPECT_EQ(0x2f, sysent_op_find(futex, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME)->shown);
	EXPECT_EQ(0x0b, sysent_op_find(futex, FUTEX_LOCK_PI_PRIVATE)->shown);
	EXPECT_EQ(0x3f, sysent_op_find(futex, 99)->shown);
	/* The kernel takes op as an int: the register's upper half names nothing. */
	EXPECT_EQ(0x07, sysent_op_find(futex, 0xdeadbeef00000000ul | FUTEX_WAKE)->shown);
	EXPECT_EQ(0x03, sysent_op_find(fcntl_ops, F_GETFD)->shown);
	EXPECT_EQ(ARG_FD_CLOEXEC, sysent_op_find(fcntl_ops, F_GETFD)->result.kind);
	EXPECT_EQ(0x07, sysent_op_find(fcntl_ops, F_SETFL)->shown);
	EXPECT_EQ(0x07, sysent_op_find(fcntl_ops, 0x4242)->shown);
	EXPECT_EQ(4, sysent_op_find(epoll, EPOLL_CTL_DEL)->args[0].pos);
	EXPECT_EQ(0, sysent_op_find(epoll, EPOLL_CTL_ADD)->args[0].pos);
}

TEST_HARNESS_MAIN
