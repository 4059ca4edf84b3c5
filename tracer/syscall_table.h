/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SYSCALL_TABLE_H
#define SCTRACE_SYSCALL_TABLE_H

#include <stdbool.h>

#include <stddef.h>

/* libaudit machine numbers (MACH_86_64 etc.) name the architectures. */

struct errno_desc {
	const char *name;	/* "ENOENT"; "ERRNO_600" if unknown */
	const char *text;	/* "No such file or directory"; "Unknown error 600" */
	int restart;		/* kernel-internal restart code: shown as "= ?" */
	bool known;
	char unknown_name[32];	/* where an unknown one's name and text are */
	char unknown_text[40];
};

const char *syscall_name(int machine, long nr);
long syscall_number(int machine, const char *name);
bool syscall_compat_own_args(const char *name);
void errno_describe(long err, struct errno_desc *desc);

struct sorted_table;
const struct sorted_table *syscall_table_sorted_tables(size_t *nr);

#endif
