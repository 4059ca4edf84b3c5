// SPDX-License-Identifier: GPL-2.0
#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "syscall_table.h"

struct nr_name {
	int machine;	/* 0: every architecture */
	long nr;
	const char *name;
};

/*
 * Calls libaudit 3.0.9 does not know. From 424 on every architecture
 * shares the asm-generic numbers; sorted by (nr, machine).
 */
static const struct nr_name newer_syscalls[] = {
	{ MACH_86_64,	335, "uretprobe" },
	{ MACH_86_64,	336, "uprobe" },
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
	const char *kernel;
};

/*
 * libaudit names the kernel spells otherwise, in its syscall tables, its
 * tracepoints and so in strace and perf alike. Sorted.
 */
static const struct spelling kernel_spellings[] = {
	{ "pread",	"pread64" },
	{ "pwrite",	"pwrite64" },
};

static int spelling_cmp(const void *key, const void *elem)
{
	const struct spelling *s = elem;

	return strcmp(key, s->audit);
}

static const char *kernel_spelling(const char *audit_name)
{
	const struct spelling *found;

	found = bsearch(audit_name, kernel_spellings,
			ARRAY_SIZE(kernel_spellings),
			sizeof(kernel_spellings[0]), spelling_cmp);
	return found ? found->kernel : audit_name;
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
		return kernel_spelling(name);
	found = bsearch(&key, newer_syscalls,
			ARRAY_SIZE(newer_syscalls),
			sizeof(newer_syscalls[0]), nr_name_cmp);
	return found ? found->name : NULL;
}

struct tracepoint_alias {
	const char *name;
	int machine;		/* 0: every architecture */
	const char *tracepoint;
};

/*
 * Names (as syscall_name gives them) whose sys_enter_* tracepoint is
 * named otherwise: the kernel's SYSCALL_DEFINE name, where its syscall
 * table, strace and perf use the older one. Sorted.
 */
static const struct tracepoint_alias tracepoint_aliases[] = {
	{ "fstat",	0,		"newfstat" },
	{ "lstat",	0,		"newlstat" },
	{ "mmap",	MACH_S390X,	"old_mmap" },
	{ "sendfile",	0,		"sendfile64" },
	{ "stat",	0,		"newstat" },
	{ "umount2",	0,		"umount" },
	{ "uname",	0,		"newuname" },
};

static int alias_cmp(const void *key, const void *elem)
{
	const struct tracepoint_alias *alias = elem;

	return strcmp(key, alias->name);
}

const char *syscall_tracepoint_name(int machine, const char *name)
{
	const struct tracepoint_alias *found;

	found = bsearch(name, tracepoint_aliases,
			ARRAY_SIZE(tracepoint_aliases),
			sizeof(tracepoint_aliases[0]), alias_cmp);
	if (!found || (found->machine && found->machine != machine))
		return name;
	return found->tracepoint;
}

struct name_result {
	const char *name;
	enum result_kind kind;
};

static const struct name_result result_kinds[] = {
	{ "brk",		RESULT_HEX },
	{ "epoll_pwait",	RESULT_TIMEOUT },
	{ "epoll_pwait2",	RESULT_TIMEOUT },
	{ "epoll_wait",		RESULT_TIMEOUT },
	{ "exit",		RESULT_NORETURN },
	{ "exit_group",		RESULT_NORETURN },
	{ "mmap",		RESULT_HEX },
	{ "mremap",		RESULT_HEX },
	{ "poll",		RESULT_TIMEOUT },
	{ "ppoll",		RESULT_TIMEOUT },
	{ "pselect6",		RESULT_TIMEOUT },
	{ "select",		RESULT_TIMEOUT },
};

static int name_result_cmp(const void *key, const void *elem)
{
	const struct name_result *nr = elem;

	return strcmp(key, nr->name);
}

enum result_kind syscall_result_kind(const char *name)
{
	const struct name_result *found;

	found = bsearch(name, result_kinds,
			ARRAY_SIZE(result_kinds),
			sizeof(result_kinds[0]), name_result_cmp);
	return found ? found->kind : RESULT_DEFAULT;
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
	long err = *(const long *)key;
	const struct errno_entry *e = elem;

	if (err == e->err)
		return 0;
	return err < e->err ? -1 : 1;
}

void errno_describe(long err, struct errno_desc *desc)
{
	const struct errno_entry *found;

	found = bsearch(&err, internal_errnos,
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
