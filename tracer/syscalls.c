// SPDX-License-Identifier: GPL-2.0
#include <event-parse.h>
#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beauty.h"
#include "compiler.h"
#include "sct_event.h"
#include "syscall_table.h"
#include "syscalls.h"
#include "tp_format.h"

/* No architecture has numbers near this; larger ones are not indexed. */
#define SYSCALL_INDEX_LIMIT 4096

/* The live source: formats straight from tracefs. */
char *tracefs_format_source(const void *tfs, const char *sys, const char *name,
			    size_t *len)
{
	return tracefs_read_format(tfs, sys, name, len);
}

int syscall_cache_init(struct syscall_cache *cache,
		       const struct format_source *formats, int machine)
{
	memset(cache, 0, sizeof(*cache));
	cache->tep = tep_alloc();
	if (!cache->tep)
		return -1;
	cache->formats = formats;
	cache->machine = machine;
	return 0;
}

void syscall_cache_free(struct syscall_cache *cache)
{
	size_t i;

	tep_free(cache->tep);
	for (i = 0; i < cache->nr_descs; i++)
		free(cache->descs[i]);
	free(cache->descs);
	cache->descs = NULL;
	call_set_free(&cache->raw_calls);
	call_set_free(&cache->abbrev);
	call_set_free(&cache->verbose);
}

/* Before the first call is described; 0, -ENOMEM, or -EINVAL with why said. */
int syscall_cache_sets(struct syscall_cache *cache, const struct call_sets *sets,
		       char *why, size_t len)
{
	int err = call_set_resolve("raw", sets->raw, cache->machine, &cache->raw_calls,
				   why, len);

	if (!err)
		err = call_set_resolve("abbrev", sets->abbrev, cache->machine, &cache->abbrev,
				       why, len);
	if (!err)
		err = call_set_resolve("verbose", sets->verbose, cache->machine,
				       &cache->verbose, why, len);
	return err;
}

static struct tep_event *load_format(struct syscall_cache *cache, const char *name)
{
	struct tep_event *event = NULL;
	char tp_name[96];
	size_t len;
	char *buf, *safe;

	if (!cache->formats)
		return NULL;
	snprintf(tp_name, sizeof(tp_name), "sys_enter_%s",
		 syscall_tracepoint_name(cache->machine, name));
	buf = cache->formats->read(cache->formats->ctx, "syscalls", tp_name, &len);
	if (!buf)
		return NULL;
	safe = tp_format_safe(buf, len, &len);
	free(buf);
	if (!safe || tep_parse_format(cache->tep, &event, safe, len, "syscalls"))
		event = NULL;
	free(safe);
	return event;
}

/* The index of the argument so named, or -1 (also for a NULL name). */
int syscall_arg_index(const struct syscall_desc *desc, const char *name)
{
	int i;

	for (i = 0; name && i < desc->nr_args; i++)
		if (!strcmp(desc->args[i].name, name))
			return i;
	return -1;
}

/* Which arguments each operation takes, where the call's row says (sysent.c). */
static void fill_ops(struct syscall_desc *desc)
{
	const struct sysent *row = sysent_find(desc->name);

	desc->op_arg = row && row->ops ? syscall_arg_index(desc, row->ops->arg) : -1;
	if (desc->op_arg >= 0)
		desc->ops = row->ops;
}

/* The operation a call's arguments name (futex's op), or NULL: every argument as is. */
const struct sysent_op *syscall_op(const struct syscall_desc *desc, const unsigned long *args)
{
	return desc->ops ? sysent_op_find(desc->ops, args[desc->op_arg]) : NULL;
}

/* Whether the operation takes argument i (no operation: every argument). */
bool syscall_op_takes(const struct sysent_op *op, int i)
{
	return !op || (op->shown >> i & 1);
}

/* What the operation makes of argument i, or NULL: its own kind and contents. */
const struct sysent_op_arg *syscall_op_arg(const struct sysent_op *op, int i)
{
	int j;

	for (j = 0; op && j < SYSENT_OP_ARGS; j++)
		if (op->args[j].pos == i + 1)
			return &op->args[j];
	return NULL;
}

/* What each pointer argument points to, from the call's row (sysent.c). */
static void fill_contents(struct syscall_desc *desc)
{
	const struct sysent_arg *fact;
	int i;

	for (i = 0; i < desc->nr_args; i++) {
		desc->args[i].content = CK_NONE;
		desc->args[i].len_arg = -1;
		desc->args[i].cond = NULL;
		desc->args[i].cond_arg = -1;
		fact = sysent_arg_find(desc->name, desc->args[i].name);
		if (!fact || fact->content == CK_NONE)
			continue;
		/* A number but for some operations (fcntl's arg): those the condition names. */
		if (desc->args[i].kind != ARG_PTR && !fact->cond.arg)
			continue;
		desc->args[i].content = fact->content;
		desc->args[i].len_arg = syscall_arg_index(desc, fact->len_arg);
		if (fact->cond.arg) {
			desc->args[i].cond = &fact->cond;
			desc->args[i].cond_arg = syscall_arg_index(desc, fact->cond.arg);
		}
	}
}

/* How an argument prints: its symbolic kind, as its values are on the machine. */
enum arg_kind syscall_arg_kind(const char *call, const char *arg, enum arg_kind plain,
			       int machine)
{
	return beauty_machine_kind(sysent_symbolic_kind(call, arg, plain), machine);
}

/*
 * The sys_enter_* fields after the common ones: the call's number
 * (__syscall_nr), then the arguments, one long each, whatever a long's
 * size was on the recording kernel.
 */
static void fill_args(struct syscall_desc *desc, struct tep_event *event,
		      bool raw, int machine)
{
	bool facts = !raw && sysent_args_apply(machine, desc->name);
	struct tep_format_field *field;
	enum arg_kind kind;

	desc->nr_args = 0;
	desc->ops = NULL;
	desc->machine = machine;
	if (!event->format.fields)
		return;
	for (field = event->format.fields->next; field; field = field->next) {
		if (desc->nr_args == SYSCALL_MAX_ARGS)
			break;
		kind = arg_kind_of(field->type, field->name);
		if (facts)
			kind = syscall_arg_kind(desc->name, field->name, kind, machine);
		desc->args[desc->nr_args].name = field->name;
		desc->args[desc->nr_args].kind = kind;
		desc->args[desc->nr_args].bits = arg_bits_of(field->type, field->name);
		desc->nr_args++;
	}
	if (facts) {
		fill_contents(desc);
		fill_ops(desc);
	}
}

/*
 * The compat table of a 64-bit machine: libaudit's for the 32-bit
 * architecture its kernel also runs. -1: none.
 */
static int compat_machine(int machine)
{
	static const int pairs[][2] = {
		{ MACH_86_64, MACH_X86 },
		{ MACH_PPC64, MACH_PPC },
		{ MACH_S390X, MACH_S390 },
		{ MACH_AARCH64, MACH_ARM },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++)
		if (pairs[i][0] == machine)
			return pairs[i][1];
	return -1;
}

/*
 * desc's name in machine's table (syscall_NNN where it has none for nr,
 * or there is no such table), and that call's format if the kernel has one.
 */
static struct tep_event *name_call(struct syscall_cache *cache, struct syscall_desc *desc,
				   int machine, long nr)
{
	desc->name = machine < 0 ? NULL : syscall_name(machine, nr);
	if (desc->name)
		return load_format(cache, desc->name);
	snprintf(desc->fallback_name, sizeof(desc->fallback_name), "syscall_%ld", nr);
	desc->name = desc->fallback_name;
	return NULL;
}

/*
 * A compat call: named by the 32-bit table, its arguments named by the
 * 64-bit tracepoint of the same name where there is one (the kernel has
 * no formats of its own for compat calls). Their structs' layouts
 * differ, and the contents program reads by the 64-bit ones: no
 * contents, and pointers print as addresses (cut to 32 bits in sample.c).
 */
static void describe_compat(struct syscall_cache *cache, struct syscall_desc *desc,
			    long nr)
{
	struct tep_event *event = name_call(cache, desc, compat_machine(cache->machine), nr);
	int i;

	desc->result = syscall_result_kind(desc->name);
	desc->nr_args = -1;
	desc->ops = NULL;
	if (!event || syscall_compat_own_args(desc->name))
		return;
	fill_args(desc, event, cache->raw, cache->machine);
	for (i = 0; i < desc->nr_args; i++)
		desc->args[i].content = CK_NONE;
}

/* -e raw=: every argument and the result in hex, nothing read behind them. */
static void undecode(struct syscall_desc *desc)
{
	int i;

	for (i = 0; i < desc->nr_args; i++) {
		desc->args[i].kind = ARG_RAW;
		desc->args[i].content = CK_NONE;
	}
	if (desc->result != RESULT_NORETURN)
		desc->result = RESULT_RAW;
}

/* What strace decodes of a call -e verbose= leaves out: strings, data, poll's array. */
static bool shown_unverbose(enum content_kind kind)
{
	return kind == CK_PATH || kind == CK_DATA_IN || kind == CK_DATA_OUT ||
	       kind == CK_RANDOM_OUT || kind == CK_POLLFD;
}

/*
 * -v, -e abbrev=: envp read and shown as argv is. -e verbose=: a call
 * left out shows its structures' addresses, and they are not read.
 */
static void apply_sets(const struct syscall_cache *cache, struct syscall_desc *desc, long nr)
{
	bool unverbose = call_set_given(&cache->verbose) && !call_set_has(&cache->verbose, nr);
	int i;

	desc->unabbreviated = call_set_given(&cache->abbrev) && !call_set_has(&cache->abbrev, nr);
	for (i = 0; i < desc->nr_args; i++) {
		struct syscall_arg *a = &desc->args[i];

		if (unverbose && !shown_unverbose(a->content))
			a->content = CK_NONE;
		else if (desc->unabbreviated && a->content == CK_ENVP && !cache->envp_counted)
			a->content = CK_ARGV;
	}
}

static void describe(struct syscall_cache *cache, struct syscall_desc *desc, long nr)
{
	bool raw = call_set_has(&cache->raw_calls, nr);
	struct tep_event *event;

	if (nr >= SCT_NR_COMPAT) {
		describe_compat(cache, desc, nr - SCT_NR_COMPAT);
		return;
	}
	event = name_call(cache, desc, cache->machine, nr);
	desc->result = syscall_result_kind(desc->name);
	desc->nr_args = -1;
	desc->ops = NULL;
	if (event)
		fill_args(desc, event, cache->raw || raw, cache->machine);
	if (raw)
		undecode(desc);
	else
		apply_sets(cache, desc, nr);
}

static int grow(struct syscall_cache *cache, size_t need)
{
	size_t size = cache->nr_descs ? cache->nr_descs : 512;
	struct syscall_desc **bigger;

	while (size < need)
		size *= 2;
	bigger = realloc(cache->descs, size * sizeof(struct syscall_desc *));
	if (!bigger)
		return -1;
	memset(bigger + cache->nr_descs, 0,
	       (size - cache->nr_descs) * sizeof(struct syscall_desc *));
	cache->descs = bigger;
	cache->nr_descs = size;
	return 0;
}

/* Native numbers first, then compat ones (SCT_NR_COMPAT + nr). */
static long index_of(long nr)
{
	if (nr >= SCT_NR_COMPAT && nr < SCT_NR_COMPAT + SYSCALL_INDEX_LIMIT)
		return nr - SCT_NR_COMPAT + SYSCALL_INDEX_LIMIT;
	return nr >= 0 && nr < SYSCALL_INDEX_LIMIT ? nr : -1;
}

const struct syscall_desc *syscall_cache_get(struct syscall_cache *cache, long nr)
{
	struct syscall_desc **slot;
	long idx = index_of(nr);

	if (idx < 0 || ((size_t)idx >= cache->nr_descs && grow(cache, idx + 1)))
		goto out_other;
	slot = &cache->descs[idx];
	if (!*slot) {
		*slot = calloc(1, sizeof(**slot));
		if (!*slot)
			goto out_other;
		describe(cache, *slot, nr);
	}
	return *slot;

out_other:
	/* Out of range or out of memory: describe it afresh each time. */
	describe(cache, &cache->other, nr);
	return &cache->other;
}
