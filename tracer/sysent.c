// SPDX-License-Identifier: GPL-2.0
/*
 * One row per call that has a fact of its own, as a syscall table of
 * perf's or strace's sysent has: so a call's facts are found in one
 * place, by one search.
 */
#include <libaudit.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "sorted.h"
#include "sysent.h"

#define ALL 0

/*
 * Aliases: the kernel's SYSCALL_DEFINE name, where its syscall table,
 * strace and perf use the older one. Sorted by name.
 */
static const struct sysent sysents[] = {
	{ .name = "brk", .result = RESULT_HEX },
	{ .name = "epoll_pwait", .result = RESULT_TIMEOUT },
	{ .name = "epoll_pwait2", .result = RESULT_TIMEOUT },
	{ .name = "epoll_wait", .result = RESULT_TIMEOUT },
	{ .name = "exit", .result = RESULT_NORETURN },
	{ .name = "exit_group", .result = RESULT_NORETURN },
	{ .name = "fadvise64",
	  .aliases = { { MACH_AARCH64, "fadvise64_64" }, { MACH_S390X, "fadvise64_64" } } },
	{ .name = "fstat", .aliases = { { ALL, "newfstat" } } },
	{ .name = "ipc", .aliases = { { MACH_S390X, "s390_ipc" } } },
	{ .name = "lstat", .aliases = { { ALL, "newlstat" } } },
	{ .name = "mmap", .result = RESULT_HEX, .aliases = { { MACH_S390X, "old_mmap" } } },
	{ .name = "mremap", .result = RESULT_HEX },
	{ .name = "personality",
	  .aliases = { { MACH_AARCH64, "arm64_personality" }, { MACH_S390X, "s390_personality" } } },
	{ .name = "poll", .result = RESULT_TIMEOUT },
	{ .name = "ppoll", .result = RESULT_TIMEOUT },
	{ .name = "pselect6", .result = RESULT_TIMEOUT },
	{ .name = "readdir", .aliases = { { MACH_S390X, "old_readdir" } } },
	{ .name = "select", .result = RESULT_TIMEOUT },
	{ .name = "sendfile", .aliases = { { ALL, "sendfile64" } } },
	{ .name = "stat", .aliases = { { ALL, "newstat" } } },
	{ .name = "umount", .aliases = { { MACH_S390X, "oldumount" } } },
	{ .name = "umount2", .aliases = { { ALL, "umount" } } },
	{ .name = "uname", .aliases = { { ALL, "newuname" } } },
};

static int sysent_cmp(const void *key, const void *elem)
{
	const struct sysent *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

const struct sysent *sysent_find(const char *name)
{
	const struct sysent key = { .name = name };

	return bsearch(&key, sysents, ARRAY_SIZE(sysents), sizeof(sysents[0]), sysent_cmp);
}

const char *syscall_tracepoint_name(int machine, const char *name)
{
	const struct sysent *row = sysent_find(name);
	const struct sysent_alias *a;
	size_t i;

	for (i = 0; row && i < SYSENT_ALIASES; i++) {
		a = &row->aliases[i];
		if (a->tracepoint && (a->machine == ALL || a->machine == machine))
			return a->tracepoint;
	}
	return name;
}

enum result_kind syscall_result_kind(const char *name)
{
	const struct sysent *row = sysent_find(name);

	return row ? row->result : RESULT_DEFAULT;
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(sysents, sysent_cmp),
};

const struct sorted_table *sysent_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

const struct sysent *sysent_rows(size_t *nr)
{
	*nr = ARRAY_SIZE(sysents);
	return sysents;
}
