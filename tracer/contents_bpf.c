// SPDX-License-Identifier: GPL-2.0
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_embed.h"
#include "compiler.h"
#include "contents.h"
#include "contents_abi.h"
#include "contents_table.h"
#include "socketcall.h"
#include "syscall_table.h"
#include "sysent.h"
#include "tracepoints.h"

/*
 * The program's object files, built for this machine's byte order: its
 * programs on perf events, and their twins on BPF links (Makefile).
 */
static const unsigned char perf_object[] __aligned(8) = {
#include "contents.bpf.inc"
};

static const unsigned char links_object[] __aligned(8) = {
#include "contents_links.bpf.inc"
};

static const struct bpf_embed_object perf_program = {
	.name = "contents_bpf",
	.what = "BPF program",
	.bytes = perf_object,
	.size = sizeof(perf_object),
};

static const struct bpf_embed_object links_program = {
	.name = "contents_links_bpf",
	.what = "BPF program",
	.bytes = links_object,
	.size = sizeof(links_object),
};

_Static_assert(CT_SOCKETCALL_CALLS == SOCKETCALL_CALLS, "the program unpacks every call");

struct contents {
	struct bpf_embed prog;
	struct bpf_map *config;
	struct bpf_map *specs;
	struct bpf_map *traced;
	struct bpf_map *out;
	struct ct_config cfg;	/* socketcall's part filled at the load, the rest at the start */
};

/* How the program reads each argument of one syscall; false if none. */
static bool call_spec(const struct syscall_desc *desc, unsigned int string_limit,
		      struct ct_call_spec *spec)
{
	bool any = false;
	int i;

	memset(spec, 0, sizeof(*spec));
	for (i = 0; i < desc->nr_args && i < CT_MAX_ARGS; i++) {
		const struct syscall_arg *a = &desc->args[i];

		if (a->content == CK_NONE)
			continue;
		if (content_kind_counted(a->content) && a->len_arg < 0)
			continue;
		if (a->cond && a->cond_arg < 0)
			continue;
		content_arg_spec(a->content, string_limit, &spec->args[i]);
		if (content_kind_counted(a->content))
			spec->args[i].len_arg = a->len_arg;
		if (a->cond) {
			spec->args[i].cond_arg = a->cond_arg;
			spec->args[i].cond_shift = sysent_cond_shift(a->cond);
			spec->args[i].cond_mask = a->cond->mask >> spec->args[i].cond_shift;
			spec->args[i].cond_values = a->cond->values;
		}
		any = true;
	}
	return any;
}

/*
 * socketcall's calls, as the program unpacks them: none without
 * socketcall, or where -e selected none of them (the kernel's filter then
 * drops socketcall, and its records would only take room in the rings).
 */
static void socketcall_config(int machine, const bool *selected, size_t nr_selected,
			      struct ct_config *cfg)
{
	bool any = false;
	unsigned long call;

	cfg->socketcall_nr = syscall_number(machine, "socketcall");
	for (call = 0; call < CT_SOCKETCALL_CALLS; call++) {
		const struct socketcall_target *t = socketcall_target(call);
		long nr = cfg->socketcall_nr >= 0 ? socketcall_syscall(machine, call) : -1;

		cfg->socketcall_to[call] = nr;
		cfg->socketcall_nargs[call] = t ? t->nargs : 0;
		any |= nr >= 0 && (!selected || ((size_t)nr < nr_selected && selected[nr]));
	}
	if (!any)
		cfg->socketcall_nr = -1;
}

static int fill_specs(struct contents *c, struct syscall_cache *syscalls,
		      const bool *selected, size_t nr_selected, unsigned int string_limit)
{
	int fd = bpf_map__fd(c->specs);
	struct ct_call_spec spec;
	uint32_t nr;

	for (nr = 0; nr < CT_MAX_NR; nr++) {
		const char *name = syscall_name(syscalls->machine, nr);

		if (!name || !sysent_has_contents(name))
			continue;
		if (selected && (nr >= nr_selected || !selected[nr]))
			continue;
		if (!call_spec(syscall_cache_get(syscalls, nr), string_limit, &spec))
			continue;
		if (bpf_map_update_elem(fd, &nr, &spec, BPF_ANY))
			return -errno;
	}
	return 0;
}

/*
 * Opens and loads one of the embedded objects, with the maps sctrace
 * fills. sched_prepare_exec came with Linux 6.10: before, its program
 * stays out, and the links are not used (what an exec could not read at
 * its enter is then read on sched_process_exec, whose program has no
 * link twin).
 */
static int load_program(struct contents *c, const struct tracefs *tfs, bool links,
			char *why, size_t len)
{
	const struct bpf_embed_map maps[] = {
		{ "config", &c->config },
		{ "specs", &c->specs },
		{ "traced", &c->traced },
		{ "out", &c->out },
	};
	bool prepare_exec = tracefs_event_id(tfs, "sched", "sched_prepare_exec") >= 0;
	const struct bpf_embed_object *o = links && prepare_exec ? &links_program : &perf_program;
	int err = bpf_embed_open(&c->prog, o, maps, ARRAY_SIZE(maps), why, len);

	if (err)
		return err;
	if (!prepare_exec) {
		err = bpf_embed_skip(&c->prog, "contents_prepare_exec");
		if (err) {
			bpf_embed_explain(why, len, "leaving out the program for sched_prepare_exec",
					  err);
			return err;
		}
	}
	return bpf_embed_load(&c->prog, why, len);
}

/* Where the links' programs do not load (no BTF): the perf events' do. */
static int load_somehow(struct contents *c, const struct tracefs *tfs, bool links,
			char *why, size_t len)
{
	int err = load_program(c, tfs, links, why, len);

	if (!err || !links)
		return err;
	bpf_embed_close(&c->prog);
	memset(&c->prog, 0, sizeof(c->prog));
	return load_program(c, tfs, false, why, len);
}

/*
 * Loads the program and tells it how to read each selected syscall's
 * arguments. NULL, with the reason, where BPF cannot be used.
 */
struct contents *contents_load(struct syscall_cache *syscalls, const bool *selected,
			       size_t nr_selected, unsigned int string_limit,
			       const struct tracefs *tfs, bool links, char *why, size_t len)
{
	struct contents *c = calloc(1, sizeof(*c));
	int err;

	if (!c) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	if (load_somehow(c, tfs, links, why, len))
		goto out_free;
	socketcall_config(syscalls->machine, selected, nr_selected, &c->cfg);
	err = fill_specs(c, syscalls, selected, nr_selected, string_limit);
	if (err) {
		bpf_embed_explain(why, len, "filling the BPF program's table", err);
		goto out_free;
	}
	return c;

out_free:
	contents_close(c);
	return NULL;
}

/*
 * Where sched_process_exec's record holds its filename: the path of an
 * exec whose enter could not read it (0: that path stays an address).
 */
static uint32_t exec_filename_offset(const struct tracefs *tfs)
{
	int offset = extra_tp_field_offset(tfs, "sched", "sched_process_exec", "filename");

	return offset > 0 ? offset : 0;
}

static int set_config(struct contents *c, const struct contents_targets *t,
		      const struct tracefs *tfs, int fork_child_offset)
{
	uint32_t key = 0;

	c->cfg.all = !t->tids;
	c->cfg.self_tgid = t->self;
	c->cfg.follow_forks = t->follow_forks;
	c->cfg.fork_child_offset = fork_child_offset;
	c->cfg.exec_filename_offset = exec_filename_offset(tfs);
	c->cfg.pid_ns = bpf_embed_pid_ns(&c->cfg.pid_ns_dev, &c->cfg.pid_ns_ino);
	return bpf_map_update_elem(bpf_map__fd(c->config), &key, &c->cfg,
				   BPF_ANY) ? -errno : 0;
}

static int set_targets(struct contents *c, const struct contents_targets *t)
{
	int fd = bpf_map__fd(c->traced);
	uint8_t one = 1;
	size_t i;

	for (i = 0; t->tids && i < t->nr_tids; i++)
		if (bpf_map_update_elem(fd, &t->tids[i], &one, BPF_ANY))
			return -errno;
	return 0;
}

static int set_outputs(struct contents *c, const struct contents_outputs *out)
{
	int fd = bpf_map__fd(c->out);
	size_t i;

	for (i = 0; i < out->nr; i++) {
		uint32_t cpu = out->cpus[i];

		if (bpf_map_update_elem(fd, &cpu, &out->fds[i], BPF_ANY))
			return -errno;
	}
	return 0;
}

/* Points the program at the rings and the tasks, then attaches it. */
int contents_start(struct contents *c, const struct contents_outputs *out,
		   const struct contents_targets *targets, const struct tracefs *tfs,
		   char *why, size_t len)
{
	int offset = 0, err;

	if (targets->follow_forks)
		offset = extra_tp_field_offset(tfs, "sched", "sched_process_fork", "child_pid");
	if (offset < 0) {
		bpf_embed_explain(why, len, "finding sched_process_fork's child_pid", offset);
		return offset;
	}
	err = set_outputs(c, out);
	if (!err)
		err = set_targets(c, targets);
	if (!err)
		err = set_config(c, targets, tfs, offset);
	if (err)
		goto out_explain;
	return bpf_embed_attach(&c->prog, why, len);

out_explain:
	bpf_embed_explain(why, len, "setting up the BPF program's maps", err);
	return err;
}

void contents_close(struct contents *c)
{
	if (!c)
		return;
	bpf_embed_close(&c->prog);
	free(c);
}
