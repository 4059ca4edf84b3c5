/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSCALL_CLASS_H
#define SCTRACE_SYSCALL_CLASS_H

#include <stddef.h>

/* strace's classes of calls, as -e trace=%NAME selects them. */
enum syscall_class {
	SC_DESC		= 1u << 0,	/* %desc: takes or returns an fd */
	SC_FILE		= 1u << 1,	/* %file: takes a file name */
	SC_IPC		= 1u << 2,	/* %ipc: SysV IPC */
	SC_NETWORK	= 1u << 3,	/* %network, %net */
	SC_PROCESS	= 1u << 4,	/* %process: process lifecycle */
	SC_SIGNAL	= 1u << 5,	/* %signal */
	SC_MEMORY	= 1u << 6,	/* %memory: memory mapping */
	SC_STAT		= 1u << 7,	/* %stat */
	SC_LSTAT	= 1u << 8,	/* %lstat */
	SC_FSTAT	= 1u << 9,	/* %fstat */
	SC_STAT_LIKE	= 1u << 10,	/* %%stat: every stat variant */
	SC_STATFS	= 1u << 11,	/* %statfs */
	SC_FSTATFS	= 1u << 12,	/* %fstatfs */
	SC_STATFS_LIKE	= 1u << 13,	/* %%statfs: every statfs variant */
	SC_PURE		= 1u << 14,	/* %pure: no arguments, never fails */
	SC_CREDS	= 1u << 15,	/* %creds: user and group ids, capabilities */
	SC_CLOCK	= 1u << 16,	/* %clock: reads or changes clocks */
};

/* One call's classes on one machine. */
struct syscall_class_row {
	const char *name;	/* as syscall_name gives it */
	unsigned int classes;	/* enum syscall_class bits */
};

unsigned int syscall_classes(int machine, const char *name);
unsigned int syscall_class_parse(const char *word);
const char *syscall_class_names(void);
const struct syscall_class_row *syscall_class_rows(int machine, size_t *nr);

struct sorted_table;
const struct sorted_table *syscall_class_sorted_tables(size_t *nr);

#endif
