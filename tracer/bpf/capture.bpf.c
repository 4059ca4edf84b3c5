// SPDX-License-Identifier: GPL-2.0
/*
 * sctrace's capture of raw syscalls: BTF-typed programs on the raw
 * sys_enter and sys_exit tracepoints (attached as BPF links, no perf
 * event), the tasks and -e's selection kept in the kernel, one compact
 * record per enter or exit into one BPF ring buffer that sctrace reads on
 * a timer (no wakeup per record: that cost more than the record).
 */
#include <linux/bpf.h>
#include <asm/ptrace.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "../capture_abi.h"
#include "syscall_regs.h"

/* The two fields read of the kernel's task_struct, placed by CO-RE. */
struct task_struct {
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct cp_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CP_MAX_NR);
	__type(key, __u32);
	__type(value, __u8);
} calls SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CP_MAX_CPUS);
	__type(key, __u32);
	__type(value, __u8);
} cpus SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, CP_MAX_TASKS);
	__type(key, __u32);
	__type(value, __u8);
} tasks SEC(".maps");

/* Records the ring had no room for, per cpu: sctrace's LOST. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} missed SEC(".maps");

/* Its size is set by sctrace before the load. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 22);
} records SEC(".maps");

static __always_inline const struct cp_config *wanted(__u64 pid_tgid, long nr, __u32 *cpu)
{
	const struct cp_config *cfg;
	__u32 key = 0, tid = (__u32)pid_tgid, n = (__u32)nr;
	const __u8 *state, *on;

	cfg = bpf_map_lookup_elem(&config, &key);
	if (!cfg)
		return NULL;
	if (cfg->all) {
		if ((pid_tgid >> 32) == cfg->self_tgid)
			return NULL;
	} else {
		state = bpf_map_lookup_elem(&tasks, &tid);
		if (!state || *state != CP_TRACED)
			return NULL;
	}
	/* sys_exit's -1 (a fork child's return, sigreturn) is always kept. */
	if (cfg->selective && nr != -1) {
		on = n < CP_MAX_NR ? bpf_map_lookup_elem(&calls, &n) : NULL;
		if (!on || !*on)
			return NULL;
	}
	*cpu = bpf_get_smp_processor_id();
	if (cfg->cpus) {
		on = bpf_map_lookup_elem(&cpus, cpu);
		if (!on || !*on)
			return NULL;
	}
	return cfg;
}

static __always_inline struct cp_record *reserve(__u64 size, __u64 pid_tgid, long nr,
						 __u32 cpu, __u16 kind)
{
	struct cp_record *r = bpf_ringbuf_reserve(&records, size, 0);
	__u32 key = 0;
	__u64 *n;

	if (!r) {
		n = bpf_map_lookup_elem(&missed, &key);
		if (n)
			(*n)++;
		return NULL;
	}
	r->time = bpf_ktime_get_ns();
	r->pid = pid_tgid >> 32;
	r->tid = (__u32)pid_tgid;
	r->nr = nr;
	r->kind = kind;
	r->cpu = cpu;
	r->compat = 0;
	return r;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(capture_enter, struct pt_regs *regs, long nr)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	struct cp_record *r;
	__u32 cpu = 0;

	if (!wanted(pid_tgid, nr, &cpu))
		return 0;
	r = reserve(sizeof(*r), pid_tgid, nr, cpu, CP_ENTER);
	if (!r)
		return 0;
	r->compat = SYSCALL_COMPAT(regs);
	syscall_args(regs, r->v);
	bpf_ringbuf_submit(r, BPF_RB_NO_WAKEUP);
	return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(capture_exit, struct pt_regs *regs, long ret)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	long nr = SYSCALL_NR(regs);
	struct cp_record *r;
	__u32 cpu = 0;

	if (!wanted(pid_tgid, nr, &cpu))
		return 0;
	r = reserve(CP_EXIT_SIZE, pid_tgid, nr, cpu, CP_EXIT);
	if (!r)
		return 0;
	r->compat = SYSCALL_COMPAT(regs);
	r->v[0] = ret;
	bpf_ringbuf_submit(r, BPF_RB_NO_WAKEUP);
	return 0;
}

/*
 * The command is traced from its exec on, as perf's enable_on_exec does.
 * A thread other than the leader that execs takes the leader's tid (the
 * leader's exit dropped it from the map): its exec's exit comes on that
 * tid, which is traced from here on.
 */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(capture_exec, struct task_struct *p, int old_pid)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), old = (__u32)old_pid;
	__u8 traced = CP_TRACED;

	if (!bpf_map_lookup_elem(&tasks, &old))
		return 0;
	if (old != tid)
		bpf_map_delete_elem(&tasks, &old);
	bpf_map_update_elem(&tasks, &tid, &traced, BPF_ANY);
	return 0;
}

/* Children of traced tasks are traced, as perf's inherit does. */
SEC("tp_btf/sched_process_fork")
int BPF_PROG(capture_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), key = 0, child_tid;
	const struct cp_config *cfg = bpf_map_lookup_elem(&config, &key);
	const __u8 *state;
	__u8 traced = CP_TRACED;

	if (!cfg || cfg->all || !cfg->follow_forks)
		return 0;
	state = bpf_map_lookup_elem(&tasks, &tid);
	if (!state || *state != CP_TRACED)
		return 0;
	child_tid = BPF_CORE_READ(child, pid);
	bpf_map_update_elem(&tasks, &child_tid, &traced, BPF_ANY);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(capture_task_exit, struct task_struct *p)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();

	bpf_map_delete_elem(&tasks, &tid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
