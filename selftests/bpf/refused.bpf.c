// SPDX-License-Identifier: GPL-2.0
/*
 * A program every verifier refuses, at load and not before: it writes
 * into its tracepoint's context. test_bpf_embed reads the reason back.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("tracepoint/raw_syscalls/sys_enter")
int refused(void *ctx)
{
	*(long *)ctx = 0;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
