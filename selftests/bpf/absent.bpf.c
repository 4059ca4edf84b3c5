// SPDX-License-Identifier: GPL-2.0
/*
 * A program for a tracepoint no kernel has, as sched_prepare_exec's is
 * for a kernel before 6.10: it loads, and attaches nowhere.
 * test_bpf_embed skips it.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("tracepoint/sctrace_selftest/no_such_event")
int absent(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
