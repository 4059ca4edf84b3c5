// SPDX-License-Identifier: GPL-2.0
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "bpf_embed.h"
#include "teardown.h"

/* libbpf's last complaint, for the one notice line sctrace prints. */
static char libbpf_last[256];
/* The verifier's reason for refusing a program, from libbpf's copy of its log. */
static char verifier_said[160];

/*
 * The log's last line before the verifier's "processed N insns" tally
 * (or before its end, in a log cut short): the reason it refused.
 */
static void keep_verifier_reason(const char *msg)
{
	static const char begin[] = "-- BEGIN PROG LOAD LOG --\n";
	const char *log = strstr(msg, begin), *end, *line;

	if (!log)
		return;
	log += strlen(begin);
	end = strstr(log, "\nprocessed ");
	if (!end)
		end = strstr(log, "-- END PROG LOAD LOG --");
	while (end && end > log && end[-1] == '\n')
		end--;
	if (!end || end == log)
		return;
	line = end;
	while (line > log && line[-1] != '\n')
		line--;
	snprintf(verifier_said, sizeof(verifier_said), "%.*s", (int)(end - line), line);
}

/* Its first line, without the "libbpf: " every message of libbpf starts with. */
static void keep_first_line(const char *msg)
{
	static const char own_prefix[] = "libbpf: ";
	size_t n = strlen(own_prefix);

	if (!strncmp(msg, own_prefix, n))
		msg += n;
	n = strcspn(msg, "\n");
	while (n && msg[n - 1] == ' ')
		n--;
	snprintf(libbpf_last, sizeof(libbpf_last), "%.*s", (int)n, msg);
}

/* libbpf's message whole: the verifier's log is long, its reason at its end. */
static int keep_complaint(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char *msg;

	if (level == LIBBPF_DEBUG || vasprintf(&msg, fmt, ap) < 0)
		return 0;
	keep_verifier_reason(msg);
	keep_first_line(msg);
	free(msg);
	return 0;
}

void bpf_embed_explain(char *why, size_t len, const char *step, int err)
{
	int e = err < 0 ? -err : err;

	snprintf(why, len, "%s failed: %s%s%s%s%s%s", step, strerror(e),
		 e == EPERM ? " (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN)" : "",
		 *libbpf_last ? "; libbpf: " : "", libbpf_last,
		 *verifier_said ? "; the verifier: " : "", verifier_said);
}

/* "Doing the what failed: ...", for a step of every object's. */
static int failed(const struct bpf_embed *e, char *why, size_t len, const char *doing,
		  int err)
{
	char step[128];

	snprintf(step, sizeof(step), "%s the %s", doing, e->what);
	bpf_embed_explain(why, len, step, err);
	return err;
}

static int find_maps(struct bpf_embed *e, const struct bpf_embed_map *maps, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		*maps[i].map = bpf_object__find_map_by_name(e->obj, maps[i].name);
		if (!*maps[i].map)
			return -ENOENT;
	}
	return 0;
}

/* Opens the object from its bytes and finds its maps; bpf_embed_load() next. */
int bpf_embed_open(struct bpf_embed *e, const struct bpf_embed_object *o,
		   const struct bpf_embed_map *maps, size_t nr_maps, char *why, size_t len)
{
	struct bpf_object_open_opts opts = {
		.sz = sizeof(opts),
		.object_name = o->name,
	};
	int err;

	*libbpf_last = '\0';
	*verifier_said = '\0';
	libbpf_set_print(keep_complaint);
	e->what = o->what;
	e->obj = bpf_object__open_mem(o->bytes, o->size, &opts);
	err = e->obj ? find_maps(e, maps, nr_maps) : -errno;
	return err ? failed(e, why, len, "opening", err) : 0;
}

/*
 * A program for a tracepoint this kernel lacks is neither loaded (its
 * verification would cost every start, and a refusal would take the
 * others with it) nor attached. Between open and load. -ENOENT if the
 * object has no such program.
 */
int bpf_embed_skip(struct bpf_embed *e, const char *prog_name)
{
	struct bpf_program *prog = bpf_object__find_program_by_name(e->obj, prog_name);

	if (!prog)
		return -ENOENT;
	return bpf_program__set_autoload(prog, false);
}

int bpf_embed_load(struct bpf_embed *e, char *why, size_t len)
{
	int err = bpf_object__load(e->obj);

	return err ? failed(e, why, len, "loading", err) : 0;
}

/* Opens the object from its bytes, finds its maps and loads it, whole. */
int bpf_embed_open_load(struct bpf_embed *e, const struct bpf_embed_object *o,
			const struct bpf_embed_map *maps, size_t nr_maps, char *why, size_t len)
{
	int err = bpf_embed_open(e, o, maps, nr_maps, why, len);

	return err ? err : bpf_embed_load(e, why, len);
}

/* Each program to its tracepoint, as its section names it. */
static int attach_programs(struct bpf_embed *e)
{
	struct bpf_program *prog;
	size_t n = 0;

	bpf_object__for_each_program(prog, e->obj) {
		if (!bpf_program__autoload(prog))
			continue;
		if (n == BPF_EMBED_PROGRAMS)
			return -E2BIG;
		e->links[n] = bpf_program__attach(prog);
		if (!e->links[n])
			return -errno;
		n++;
	}
	return 0;
}

int bpf_embed_attach(struct bpf_embed *e, char *why, size_t len)
{
	int err = attach_programs(e);

	return err ? failed(e, why, len, "attaching", err) : 0;
}

static void destroy_link(void *link)
{
	bpf_link__destroy(link);
}

void bpf_embed_close(struct bpf_embed *e)
{
	struct teardown_job jobs[BPF_EMBED_PROGRAMS];
	size_t i, n = 0;

	for (i = 0; i < BPF_EMBED_PROGRAMS; i++)
		if (e->links[i])
			jobs[n++] = (struct teardown_job){ destroy_link, e->links[i] };
	teardown_run(jobs, n);
	bpf_object__close(e->obj);
}

/* The initial pid namespace's inode number: the kernel's fixed one. */
#define PID_NS_INIT_INO 0xEFFFFFFCu

/*
 * The pid namespace sctrace runs in, if not the initial one: there the
 * programs' plain helper gives ids sctrace does not know, so they ask
 * for this one's (bpf_get_ns_current_pid_tgid, which takes the dev as
 * the kernel encodes it). Where it cannot be told, the initial one.
 */
bool bpf_embed_pid_ns(__u64 *dev, __u64 *ino)
{
	struct stat st;

	if (stat("/proc/self/ns/pid", &st) || st.st_ino == PID_NS_INIT_INO)
		return false;
	*dev = (__u64)major(st.st_dev) << 20 | minor(st.st_dev);
	*ino = st.st_ino;
	return true;
}
