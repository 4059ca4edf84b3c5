// SPDX-License-Identifier: GPL-2.0
/*
 * Counts the traced tasks' calls for -s, in maps: per (thread, syscall)
 * the calls, errors and sums of their durations, per errno how often it
 * ended them. No record is written anywhere, so nothing is lost at any
 * rate. Tracepoint programs run for every task: others cost a lookup,
 * and every program returns 1 so that no other perf or BPF user of these
 * tracepoints ever loses a sample.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../kcount_abi.h"
#include "task_ids.h"

#define KEEP 1

struct enter_ctx {
	__u64 common;
	long id;
	unsigned long args[6];
};

struct exit_ctx {
	__u64 common;
	long id;
	long ret;
};

/* An exec in progress in a process, for an exec by a non-leader thread. */
struct exec_call {
	__u32 caller;
	__u32 counted;		/* KC_SELECTED */
	__s64 nr;
	__u64 enter_ns;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kc_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, KC_MAX_NR);
	__type(key, __u32);
	__type(value, __u8);
} calls SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, KC_MAX_TASKS);
	__type(key, __u32);
	__type(value, struct kc_task);
} tasks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct exec_call);
} execs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, KC_MAX_ROWS);
	__type(key, struct kc_key);
	__type(value, struct kc_stats);
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, KC_MAX_ERRNO_ROWS);
	__type(key, struct kc_errno_key);
	__type(value, __u64);
} errnos SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_QUEUE);
	__uint(max_entries, KC_MAX_GONE);
	__type(value, struct kc_gone);
} gone SEC(".maps");

/*
 * In a pid namespace: a counted task's children, by their global tids,
 * from the fork to their first event. LRU: a child that never ran in
 * sctrace's namespace needs no cleaning.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u8);
} forked SEC(".maps");

/* Calls that could not be counted (a full map), for the LOST line. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} missed SEC(".maps");

static __always_inline void count_missed(void)
{
	__u32 key = 0;
	__u64 *n = bpf_map_lookup_elem(&missed, &key);

	if (n)
		(*n)++;
}

/* The configuration, or NULL once counting stopped. */
static __always_inline const struct kc_config *get_config(void)
{
	__u32 key = 0;
	const struct kc_config *cfg = bpf_map_lookup_elem(&config, &key);

	return cfg && !cfg->stopped ? cfg : NULL;
}

/* The current task's ids in sctrace's pid namespace (task_ids.h). */
static __always_inline bool current_ids(const struct kc_config *cfg, __u64 *pid_tgid)
{
	return task_ids_current(cfg->pid_ns, cfg->pid_ns_dev, cfg->pid_ns_ino, pid_tgid);
}

/*
 * In a pid namespace, a counted task's child at its first event (its
 * fork's exit): the fork knew only its global tid. It is counted from
 * now on, under its tid in the namespace.
 */
static __always_inline struct kc_task *adopt_forked(__u32 tid)
{
	struct kc_task fresh = { .state = KC_TRACED };
	__u32 global = (__u32)bpf_get_current_pid_tgid();

	if (bpf_map_delete_elem(&forked, &global))
		return NULL;
	if (bpf_map_update_elem(&tasks, &tid, &fresh, BPF_ANY)) {
		count_missed();
		return NULL;
	}
	return bpf_map_lookup_elem(&tasks, &tid);
}

/*
 * The counted task's entry, or NULL. Every task is counted with all:
 * its entry is made at its first call (create), sctrace's never.
 */
static __always_inline struct kc_task *task_of(const struct kc_config *cfg, __u64 pid_tgid,
					       bool create)
{
	struct kc_task fresh = { .state = KC_TRACED };
	__u32 tid = (__u32)pid_tgid;
	struct kc_task *t = bpf_map_lookup_elem(&tasks, &tid);

	if (!t && cfg->pid_ns && !cfg->all)
		t = adopt_forked(tid);
	if (t || !create || !cfg->all || (pid_tgid >> 32) == cfg->self_tgid)
		return t;
	bpf_map_update_elem(&tasks, &tid, &fresh, BPF_NOEXIST);
	t = bpf_map_lookup_elem(&tasks, &tid);
	if (!t)
		count_missed();
	return t;
}

static __always_inline __u32 flags_of(const struct kc_config *cfg, long nr)
{
	__u32 key = nr;
	__u8 *flags;

	if (nr < 0 || nr >= KC_MAX_NR)
		return cfg->selective ? 0 : KC_SELECTED;
	flags = bpf_map_lookup_elem(&calls, &key);
	return flags ? *flags : 0;
}

static __always_inline void count_errno(__u32 tid, long nr, long ret)
{
	struct kc_errno_key key = { .tid = tid, .nr = nr, .err = -ret };
	__u64 one = 1, *n = bpf_map_lookup_elem(&errnos, &key);

	if (n)
		(*n)++;
	else if (bpf_map_update_elem(&errnos, &key, &one, BPF_NOEXIST))
		count_missed();
}

/* One finished call into its thread's row. */
static __always_inline void count_call(const struct kc_config *cfg, __u32 tid, long nr,
				       long ret, __u64 ns)
{
	struct kc_key key = { .tid = tid, .nr = nr };
	struct kc_stats *s = bpf_map_lookup_elem(&stats, &key);

	if (!s) {
		struct kc_stats fresh = { .min_ns = ~0ull };

		bpf_map_update_elem(&stats, &key, &fresh, BPF_NOEXIST);
		s = bpf_map_lookup_elem(&stats, &key);
		if (!s) {
			count_missed();
			return;
		}
	}
	s->calls++;
	s->total_ns += ns;
	if (ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	kc_add_square(s, ns);
	if (ret >= 0 || ret < -KC_MAX_ERRNO)
		return;
	s->errors++;
	if (cfg->errnos)
		count_errno(tid, nr, ret);
}

/* Any thread's exec, kept in case the exit comes on the leader's tid. */
static __always_inline void note_exec(__u64 pid_tgid, long nr, __u64 now, __u32 flags)
{
	struct exec_call call = {
		.caller = (__u32)pid_tgid, .counted = flags & KC_SELECTED,
		.nr = nr, .enter_ns = now,
	};
	__u32 tgid = pid_tgid >> 32;

	if (bpf_map_update_elem(&execs, &tgid, &call, BPF_ANY))
		count_missed();
}

/* The caller's exec is over (or it ended): its note goes. */
static __always_inline void forget_exec(__u64 pid_tgid)
{
	__u32 tgid = pid_tgid >> 32;
	struct exec_call *e = bpf_map_lookup_elem(&execs, &tgid);

	if (e && e->caller == (__u32)pid_tgid)
		bpf_map_delete_elem(&execs, &tgid);
}

SEC("tracepoint/raw_syscalls/sys_enter")
int kcount_enter(struct enter_ctx *ctx)
{
	const struct kc_config *cfg = get_config();
	struct kc_task *t;
	__u64 now, pid_tgid;
	__u32 flags;

	if (!cfg || !current_ids(cfg, &pid_tgid))
		return KEEP;
	t = task_of(cfg, pid_tgid, true);
	if (!t)
		return KEEP;
	now = bpf_ktime_get_ns();
	flags = flags_of(cfg, ctx->id);
	if (flags & KC_EXEC)
		note_exec(pid_tgid, ctx->id, now, flags);
	if (!(flags & KC_SELECTED) || (t->state == KC_AT_EXEC && !(flags & KC_EXEC)))
		return KEEP;
	if (flags & KC_NORETURN) {
		t->active = false;
		count_call(cfg, (__u32)pid_tgid, ctx->id, 0, 0);
		return KEEP;
	}
	t->nr = ctx->id;
	t->enter_ns = now;
	t->active = true;
	return KEEP;
}

/*
 * The exit of a pending call: its own number, -1 after rt_sigreturn
 * (which restores orig_ax), or for a successful execveat execve's (the
 * kernel reports the new program's state).
 */
static __always_inline bool completes(const struct kc_config *cfg,
				      const struct kc_task *t, long id, long ret)
{
	if (!t->active)
		return false;
	if (id == t->nr || id < 0)
		return true;
	return ret == 0 && (flags_of(cfg, id) & KC_EXEC) && (flags_of(cfg, t->nr) & KC_EXEC);
}

/*
 * An exec by a thread other than the leader: the kernel gives the caller
 * the leader's tid and removes the old leader (whose end removed its
 * entry), so the exit comes on the leader's tid. That tid takes over the
 * caller's exec and goes on counted; the caller's tid is gone.
 */
static __always_inline void exec_takeover(const struct kc_config *cfg, __u64 pid_tgid,
					  __u64 now)
{
	__u32 tid = (__u32)pid_tgid, tgid = pid_tgid >> 32;
	struct exec_call *e = bpf_map_lookup_elem(&execs, &tgid);
	struct kc_gone caller = { 0 }, leader = { .tid = tid, .revived = 1 };
	struct kc_task fresh = { .state = KC_TRACED };

	if (!e || e->caller == tid)
		return;
	caller.tid = e->caller;
	if (bpf_map_update_elem(&tasks, &tid, &fresh, BPF_ANY))
		count_missed();
	else if (e->counted)
		count_call(cfg, tid, e->nr, 0, now - e->enter_ns);
	bpf_map_delete_elem(&tasks, &caller.tid);
	bpf_map_push_elem(&gone, &caller, BPF_ANY);
	bpf_map_push_elem(&gone, &leader, BPF_ANY);
	bpf_map_delete_elem(&execs, &tgid);
}

SEC("tracepoint/raw_syscalls/sys_exit")
int kcount_exit(struct exit_ctx *ctx)
{
	const struct kc_config *cfg = get_config();
	__u64 now, pid_tgid;
	__u32 tid, tgid;
	bool exec_done;
	struct kc_task *t;

	if (!cfg || !current_ids(cfg, &pid_tgid))
		return KEEP;
	tid = (__u32)pid_tgid;
	tgid = pid_tgid >> 32;
	t = task_of(cfg, pid_tgid, false);
	exec_done = ctx->ret == 0 && (flags_of(cfg, ctx->id) & KC_EXEC);
	if (!t && !(exec_done && tid == tgid))
		return KEEP;
	now = bpf_ktime_get_ns();
	if (t && completes(cfg, t, ctx->id, ctx->ret)) {
		t->active = false;
		/* The command's own exec counts once it succeeded, not its tries. */
		if (t->state == KC_TRACED || exec_done)
			count_call(cfg, tid, t->nr, ctx->ret, now - t->enter_ns);
	} else if (exec_done && tid == tgid) {
		exec_takeover(cfg, pid_tgid, now);
	}
	if (flags_of(cfg, ctx->id) & KC_EXEC)
		forget_exec(pid_tgid);
	if (t && exec_done)
		t->state = KC_TRACED;
	return KEEP;
}

/* Children of traced tasks are traced: the parent runs this. */
SEC("tracepoint/sched/sched_process_fork")
int kcount_fork(void *ctx)
{
	const struct kc_config *cfg = get_config();
	struct kc_task fresh = { .state = KC_TRACED };
	struct kc_task *t;
	__u64 pid_tgid;
	__u32 child;
	__u8 one = 1;
	long err;

	if (!cfg || cfg->all || !cfg->follow_forks || !current_ids(cfg, &pid_tgid))
		return KEEP;
	t = task_of(cfg, pid_tgid, false);
	if (!t || t->state != KC_TRACED)
		return KEEP;
	if (bpf_probe_read_kernel(&child, sizeof(child),
				  (const char *)ctx + (cfg->fork_child_offset & 0xff)))
		return KEEP;
	/* child_pid is the global one: in a namespace, its first event knows both. */
	if (cfg->pid_ns)
		err = bpf_map_update_elem(&forked, &child, &one, BPF_ANY);
	else
		err = bpf_map_update_elem(&tasks, &child, &fresh, BPF_ANY);
	if (err)
		count_missed();
	return KEEP;
}

/* A counted thread ended: sctrace may read its rows. */
SEC("tracepoint/sched/sched_process_exit")
int kcount_task_exit(void *ctx)
{
	__u32 key = 0, tid;
	const struct kc_config *cfg = bpf_map_lookup_elem(&config, &key);
	struct kc_gone ended = { 0 };
	__u64 pid_tgid;

	/* Not get_config: ends are noted once counting stopped too. */
	if (!cfg)
		return KEEP;
	if (cfg->pid_ns) {
		/* A child that ended before its first event. */
		tid = (__u32)bpf_get_current_pid_tgid();
		bpf_map_delete_elem(&forked, &tid);
	}
	if (!current_ids(cfg, &pid_tgid))
		return KEEP;
	tid = (__u32)pid_tgid;
	ended.tid = tid;
	if (!bpf_map_delete_elem(&tasks, &tid))
		bpf_map_push_elem(&gone, &ended, BPF_ANY);
	forget_exec(pid_tgid);
	return KEEP;
}

char LICENSE[] SEC("license") = "GPL";
