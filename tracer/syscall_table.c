// SPDX-License-Identifier: GPL-2.0
#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "sorted.h"
#include "syscall_table.h"

struct nr_name {
	int machine;	/* 0: every architecture */
	long nr;
	const char *name;
};

/*
 * Calls libaudit 3.0.9 does not know: s390x's and ppc64le's older numbers
 * it lacks, and newer ones. From 424 on every architecture shares the
 * asm-generic numbers; sorted by (nr, machine). The conformance suite
 * found the s390x ones (a number sctrace could not name); ppc64le's come
 * from comparing its <sys/syscall.h> with libaudit's table.
 */
static const struct nr_name newer_syscalls[] = {
	{ MACH_PPC64LE,	0,   "restart_syscall" },
	{ MACH_S390X,	7,   "restart_syscall" },
	{ MACH_S390X,	110, "lookup_dcookie" },
	{ MACH_S390X,	220, "getdents64" },
	{ MACH_PPC64LE,	256, "sys_debug_setcontext" },
	{ MACH_PPC64LE,	258, "migrate_pages" },
	{ MACH_PPC64LE,	259, "mbind" },
	{ MACH_PPC64LE,	260, "get_mempolicy" },
	{ MACH_PPC64LE,	261, "set_mempolicy" },
	{ MACH_S390X,	268, "mbind" },
	{ MACH_S390X,	269, "get_mempolicy" },
	{ MACH_S390X,	270, "set_mempolicy" },
	{ MACH_S390X,	287, "migrate_pages" },
	{ MACH_S390X,	310, "move_pages" },
	{ MACH_86_64,	335, "uretprobe" },
	{ MACH_86_64,	336, "uprobe" },
	{ MACH_S390X,	378, "s390_guarded_storage" },
	{ MACH_S390X,	392, "semtimedop" },
	{ MACH_S390X,	393, "semget" },
	{ MACH_S390X,	394, "semctl" },
	{ MACH_S390X,	395, "shmget" },
	{ MACH_S390X,	396, "shmctl" },
	{ MACH_S390X,	397, "shmat" },
	{ MACH_S390X,	398, "shmdt" },
	{ MACH_S390X,	399, "msgget" },
	{ MACH_S390X,	400, "msgsnd" },
	{ MACH_S390X,	401, "msgrcv" },
	{ MACH_S390X,	402, "msgctl" },
	{ MACH_S390X,	447, "memfd_secret" },
	{ 0,		451, "cachestat" },
	{ 0,		452, "fchmodat2" },
	{ 0,		453, "map_shadow_stack" },
	{ 0,		454, "futex_wake" },
	{ 0,		455, "futex_wait" },
	{ 0,		456, "futex_requeue" },
	{ 0,		457, "statmount" },
	{ 0,		458, "listmount" },
	{ 0,		459, "lsm_get_self_attr" },
	{ 0,		460, "lsm_set_self_attr" },
	{ 0,		461, "lsm_list_modules" },
	{ 0,		462, "mseal" },
	{ 0,		463, "setxattrat" },
	{ 0,		464, "getxattrat" },
	{ 0,		465, "listxattrat" },
	{ 0,		466, "removexattrat" },
	{ 0,		467, "open_tree_attr" },
	{ 0,		468, "file_getattr" },
	{ 0,		469, "file_setattr" },
};

static int nr_name_cmp(const void *key, const void *elem)
{
	const struct nr_name *a = key, *b = elem;

	if (a->nr != b->nr)
		return a->nr < b->nr ? -1 : 1;
	if (!b->machine)
		return 0;
	return a->machine - b->machine;
}

struct spelling {
	const char *audit;
	int machine;		/* 0: every architecture */
	const char *kernel;
};

/*
 * libaudit names the kernel spells otherwise, in its syscall tables, its
 * tracepoints and so in strace and perf alike. Sorted by name.
 */
static const struct spelling kernel_spellings[] = {
	{ "fstatat64",		MACH_PPC64LE,	"newfstatat" },
	{ "getdents",		MACH_AARCH64,	"getdents64" },
	{ "newfstat",		MACH_AARCH64,	"fstat" },
	{ "perf_counter_open",	MACH_PPC64LE,	"perf_event_open" },
	{ "pread",		0,		"pread64" },
	{ "pwrite",		0,		"pwrite64" },
	{ "timerfd",		MACH_PPC64LE,	"timerfd_create" },
};

static const char *kernel_spelling(int machine, const char *audit_name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kernel_spellings); i++) {
		const struct spelling *s = &kernel_spellings[i];

		if (!strcmp(s->audit, audit_name) && (!s->machine || s->machine == machine))
			return s->kernel;
	}
	return audit_name;
}

const char *syscall_name(int machine, long nr)
{
	struct nr_name key = { .machine = machine, .nr = nr };
	const struct nr_name *found;
	const char *name;

	if (nr < 0 || nr > 0xffff)
		return NULL;
	name = audit_syscall_to_name(nr, machine);
	if (name)
		return kernel_spelling(machine, name);
	found = bsearch(&key, newer_syscalls,
			ARRAY_SIZE(newer_syscalls),
			sizeof(newer_syscalls[0]), nr_name_cmp);
	return found ? found->name : NULL;
}

/* The number of the call named name on machine, or -1. Numbers stay below 1024. */
long syscall_number(int machine, const char *name)
{
	long nr;

	for (nr = 0; nr < 1024; nr++) {
		const char *known = syscall_name(machine, nr);

		if (known && !strcmp(known, name))
			return nr;
	}
	return -1;
}

/*
 * i386 calls whose arguments the 64-bit tracepoint of the same name does
 * not describe: one struct pointer for all (old mmap and select), or a
 * 64-bit value split over two registers. Shown as arg0..arg5. Sorted.
 */
static const char *const compat_own_args[] = {
	"fadvise64",
	"fallocate",
	"fanotify_mark",
	"mmap",
	"pread64",
	"pwrite64",
	"readahead",
	"select",
	"sync_file_range",
};

static int name_cmp(const void *key, const void *elem)
{
	return strcmp(*(const char *const *)key, *(const char *const *)elem);
}

/* Whether a compat call's arguments are not its 64-bit namesake's. */
bool syscall_compat_own_args(const char *name)
{
	return bsearch(&name, compat_own_args, ARRAY_SIZE(compat_own_args),
		       sizeof(compat_own_args[0]), name_cmp);
}

struct errno_entry {
	long err;
	struct {
		const char *name, *text;
		int restart;
	} desc;
};

/*
 * Kernel-internal codes (include/linux/errno.h) that tracepoints see before
 * the signal code turns them into EINTR or a restart; libaudit lacks them.
 */
static const struct errno_entry internal_errnos[] = {
	{ 512, { "ERESTARTSYS", "To be restarted if SA_RESTART is set", 1 } },
	{ 513, { "ERESTARTNOINTR", "To be restarted", 1 } },
	{ 514, { "ERESTARTNOHAND", "To be restarted if no handler", 1 } },
	{ 515, { "ENOIOCTLCMD", "No ioctl command", 0 } },
	{ 516, { "ERESTART_RESTARTBLOCK", "Interrupted by signal", 1 } },
	{ 517, { "EPROBE_DEFER", "Driver requests probe retry", 0 } },
	{ 518, { "EOPENSTALE", "Open found a stale dentry", 0 } },
	{ 519, { "ENOPARAM", "Parameter not supported", 0 } },
	{ 521, { "EBADHANDLE", "Illegal NFS file handle", 0 } },
	{ 522, { "ENOTSYNC", "Update synchronization mismatch", 0 } },
	{ 523, { "EBADCOOKIE", "Cookie is stale", 0 } },
	{ 524, { "ENOTSUPP", "Operation is not supported", 0 } },
	{ 525, { "ETOOSMALL", "Buffer or request is too small", 0 } },
	{ 526, { "ESERVERFAULT", "An untranslatable error occurred", 0 } },
	{ 527, { "EBADTYPE", "Type not supported by server", 0 } },
	{ 528, { "EJUKEBOX", "Request initiated, but will not complete before timeout", 0 } },
	{ 529, { "EIOCBQUEUED", "iocb queued, will get completion event", 0 } },
	{ 530, { "ERECALLCONFLICT", "Conflict with recalled state", 0 } },
	{ 531, { "ENOGRACE", "NFS file lock reclaim refused", 0 } },
};

static int errno_entry_cmp(const void *key, const void *elem)
{
	const struct errno_entry *a = key, *b = elem;

	return (a->err > b->err) - (a->err < b->err);
}

void errno_describe(long err, struct errno_desc *desc)
{
	const struct errno_entry key = { .err = err }, *found;

	found = bsearch(&key, internal_errnos,
			ARRAY_SIZE(internal_errnos),
			sizeof(internal_errnos[0]), errno_entry_cmp);
	desc->known = true;
	if (found) {
		desc->name = found->desc.name;
		desc->text = found->desc.text;
		desc->restart = found->desc.restart;
		return;
	}
	desc->name = err > 0 && err < 512 ? audit_errno_to_name(err) : NULL;
	desc->text = desc->name ? strerror(err) : NULL;
	desc->restart = 0;
	if (desc->name)
		return;
	desc->known = false;
	snprintf(desc->unknown_name, sizeof(desc->unknown_name), "ERRNO_%ld", err);
	snprintf(desc->unknown_text, sizeof(desc->unknown_text), "Unknown error %ld", err);
	desc->name = desc->unknown_name;
	desc->text = desc->unknown_text;
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(newer_syscalls, nr_name_cmp),
	SORTED_TABLE(internal_errnos, errno_entry_cmp),
	SORTED_TABLE(compat_own_args, name_cmp),
};

const struct sorted_table *syscall_table_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}
