/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BPF_TASK_IDS_H
#define SCTRACE_BPF_TASK_IDS_H

/*
 * The current task's ids as sctrace knows them, shared by its BPF
 * programs: in its pid namespace (dev, ino) when in_ns, else the
 * kernel's own. False for a task of another namespace, which the
 * programs then leave alone.
 */
static __always_inline bool task_ids_current(bool in_ns, __u64 dev, __u64 ino,
					     __u64 *pid_tgid)
{
	struct bpf_pidns_info ns;

	if (!in_ns) {
		*pid_tgid = bpf_get_current_pid_tgid();
		return true;
	}
	if (bpf_get_ns_current_pid_tgid(dev, ino, &ns, sizeof(ns)))
		return false;
	*pid_tgid = (__u64)ns.tgid << 32 | ns.pid;
	return true;
}

#endif
