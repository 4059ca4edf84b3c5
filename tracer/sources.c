// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "sources.h"

/*
 * The online cpus, and -C's (wanted, or NULL) among them: 0, or sctrace's
 * exit status, said.
 */
int sources_cpus(struct cpu_list *online, const struct cpu_list *wanted)
{
	int missing, err = cpu_list_online(online);

	if (err) {
		diag("cannot read the online cpus from /sys/devices/system/cpu/online: %s",
		     strerror(-err));
		return sct_exit_status(err, SCT_EXIT_BAD_CPU);
	}
	if (!wanted)
		return 0;
	missing = cpu_list_missing(wanted, online);
	if (missing < 0)
		return 0;
	diag("cpu %d is not online, so it cannot be traced; pick cpus from 0 to %d (see /sys/devices/system/cpu/online)",
	     missing, online->cpus[online->nr - 1]);
	return SCT_EXIT_BAD_CPU;
}

/* raw_syscalls first (the flush event relies on sys_exit), then the rest. */
size_t sources_make(const struct sources_plan *plan, struct event_source *src)
{
	size_t n = 0, i;

	/* Mappings, for the page faults and the stacks, come once, with sys_enter. */
	if (plan->raw_syscalls) {
		src[n++] = (struct event_source){
			.type = PERF_TYPE_TRACEPOINT, .config = plan->enter_id,
			.filter = plan->filters->enter,
			.mmap_records = plan->faults_major || plan->faults_minor ||
					plan->stacks,
			.user_stack = plan->stacks,
		};
		src[n++] = (struct event_source){
			.type = PERF_TYPE_TRACEPOINT, .config = plan->exit_id,
			.filter = plan->filters->exit,
		};
	}
	for (i = 0; i < plan->extra->nr; i++)
		src[n++] = (struct event_source){
			.type = PERF_TYPE_TRACEPOINT, .config = plan->extra->tps[i].id,
			.filter = plan->filters->self,
		};
	if (plan->faults_major)
		src[n++] = (struct event_source){
			.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_PAGE_FAULTS_MAJ,
		};
	if (plan->faults_minor)
		src[n++] = (struct event_source){
			.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_PAGE_FAULTS_MIN,
		};
	/* Names and forks in rings of their own: a loss there is told apart. */
	if (plan->task_records)
		src[n++] = (struct event_source){
			.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_DUMMY,
			.task_records = true, .task_ring = true,
		};
	/* The BPF program's samples, into each cpu's ring. */
	if (plan->contents)
		src[n++] = (struct event_source){
			.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_BPF_OUTPUT,
			.per_cpu = true,
		};
	return n;
}

static int perf_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int level = 2;

	if (f) {
		/* NOLINTNEXTLINE(cert-err34-c): an int the kernel wrote */
		if (fscanf(f, "%d", &level) != 1)
			level = 2;
		fclose(f);
	}
	return level;
}

/* The real uid of task tid, from /proc; false if it cannot be read. */
static bool task_uid(pid_t tid, uid_t *uid)
{
	char path[64], line[256], *end = NULL;
	unsigned long id = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!end && fgets(line, sizeof(line), f))
		if (!strncmp(line, "Uid:", 4))
			id = strtoul(line + 4, &end, 10);
	fclose(f);
	if (!end || end == line + 4)
		return false;
	*uid = (uid_t)id;
	return true;
}

/*
 * A user may trace only processes of their own: said, when a task to
 * trace is another user's, rather than a perf_event_paranoid a lower
 * value of which would not help.
 */
static bool tell_other_user(const struct event_spec *spec)
{
	char name[ESCAPE_MSG_SIZE] = "";
	const struct passwd *pw;
	uid_t uid = 0, self = geteuid();
	pid_t tid = 0;
	size_t i;

	for (i = 0; self && !tid && spec->tids && i < spec->nr_tids; i++)
		if (task_uid(spec->tids[i], &uid) && uid != self)
			tid = spec->tids[i];
	if (!tid)
		return false;
	pw = getpwuid(uid);
	if (pw)
		escape_str(name, sizeof(name), pw->pw_name);
	diag("not allowed to trace task %d: it runs as user %s%s(uid %u), and sctrace as uid %u; only root may trace another user's processes: trace your own, or run sctrace as root",
	     (int)tid, name, *name ? " " : "", (unsigned int)uid, (unsigned int)self);
	return true;
}

/* What a source of the event spec is, for a message. */
static const char *source_name(const struct event_spec *spec, const struct extra_tps *extra,
			       size_t i, char *buf, size_t size)
{
	const struct event_source *src = &spec->sources[i];
	const struct extra_tp *tp;
	size_t k;

	if (src->task_ring)
		return "the task-record event (comm and fork records)";
	if (src->type == PERF_TYPE_SOFTWARE && src->config == PERF_COUNT_SW_BPF_OUTPUT)
		return "the BPF program's output event";
	if (src->type == PERF_TYPE_SOFTWARE)
		return src->config == PERF_COUNT_SW_PAGE_FAULTS_MAJ ?
		       "the major page-fault event" : "the minor page-fault event";
	for (k = 0; k < extra->nr; k++) {
		tp = &extra->tps[k];
		if ((uint64_t)tp->id != src->config)
			continue;
		snprintf(buf, size, "%s:%s", extra_tp_system(tp), extra_tp_name(tp));
		return buf;
	}
	return i ? "raw_syscalls:sys_exit" : "raw_syscalls:sys_enter";
}

/* Per step events_open can fail at: what it was doing, what to try. */
static const struct {
	const char *doing;
	const char *hint;
} event_steps[] = {
	[EVENT_STEP_OPEN] = { "open", "check that perf may sample it, or leave it out" },
	[EVENT_STEP_FILTER] = { "set the filter of",
				"the kernel takes no such filter on it (ftrace events take none): leave it out" },
	[EVENT_STEP_MAP] = { "map the ring buffer for", "try a smaller --mmap-pages" },
	[EVENT_STEP_OUTPUT] = { "send into its cpu's ring buffer", "leave it out" },
	[EVENT_STEP_FLUSH] = { "open sctrace's own flush event beside",
			       "check that raw_syscalls tracepoints work for perf" },
	[EVENT_STEP_ENABLE] = { "enable", "check that perf may sample it, or leave it out" },
};

/* What the kernel refused, in one line; sctrace's exit status. */
static int refused(const struct event_set *es, const struct event_spec *spec,
		   const struct extra_tps *extra, int err)
{
	char name[256], shown[ESCAPE_MSG_SIZE];
	struct rlimit rl = { 0 };

	if ((err == -EACCES || err == -EPERM) && tell_other_user(spec))
		return SCT_EXIT_NO_PERM;
	if (err == -EACCES || err == -EPERM) {
		diag("not allowed to open perf events: %s (kernel.perf_event_paranoid is %d); run as root, or lower it to -1",
		     strerror(-err), perf_paranoid());
		return SCT_EXIT_NO_PERM;
	}
	if (err == -ESRCH) {
		diag("task %d exited before sctrace could attach to it; check that it is still running",
		     (int)es->failed_tid);
		return SCT_EXIT_BAD_PID;
	}
	if (err == -EMFILE) {
		getrlimit(RLIMIT_NOFILE, &rl);
		diag("too many open files after %zu perf events (ulimit -n is %llu); raise the limit or trace fewer tasks or cpus",
		     es->failed_nr_fds, (unsigned long long)rl.rlim_cur);
		return SCT_EXIT_PERF;
	}
	if (err == -ENFILE) {
		diag("the system's open files are at their limit (fs.file-max) after %zu perf events; close files or trace fewer tasks or cpus",
		     es->failed_nr_fds);
		return SCT_EXIT_PERF;
	}
	escape_str(shown, sizeof(shown),
		   source_name(spec, extra, es->failed_source, name, sizeof(name)));
	diag("cannot %s %s on cpu %d: %s; %s", event_steps[es->failed_step].doing,
	     shown, es->failed_cpu, strerror(-err), event_steps[es->failed_step].hint);
	return sct_exit_status(err, SCT_EXIT_PERF);
}

/* More file descriptors: one per (task, cpu, tracepoint). */
static void raise_fd_limit(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

int sources_open(struct event_set *es, const struct event_spec *spec,
		 const struct extra_tps *extra)
{
	int err;

	raise_fd_limit();
	err = events_open(es, spec);
	return err ? refused(es, spec, extra, err) : 0;
}

int sources_enable(struct event_set *es, const struct event_spec *spec,
		   const struct extra_tps *extra)
{
	int err = events_enable(es);

	return err ? refused(es, spec, extra, err) : 0;
}
