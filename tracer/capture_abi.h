/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CAPTURE_ABI_H
#define SCTRACE_CAPTURE_ABI_H

/*
 * What the capture BPF program (bpf/capture.bpf.c) and sctrace agree on:
 * the records of raw syscall enters and exits it writes into one BPF ring
 * buffer, and the maps that say whose and which. Fixed-size types only.
 */
#include <linux/types.h>

#define CP_MAX_NR 1024		/* syscall numbers the selection map covers */
#define CP_MAX_TASKS 65536	/* traced tasks at once */
#define CP_MAX_CPUS 1024	/* cpus the cpu map covers */

/* A task's state in the tasks map. */
#define CP_TRACED 1
#define CP_AT_EXEC 2		/* the command before its exec: traced from it */

/* Who and what is captured. */
struct cp_config {
	__u32 all;		/* every task but sctrace's, not the tasks map */
	__u32 self_tgid;
	__u32 follow_forks;
	__u32 selective;	/* -e given: only the selection map's numbers */
	__u32 cpus;		/* -C given: only the cpu map's cpus */
};

#define CP_ENTER 1
#define CP_EXIT 2

/* One record: an exit has v[0] (its return value) only. */
struct cp_record {
	__u64 time;		/* CLOCK_MONOTONIC, ns */
	__u32 pid;
	__u32 tid;
	__s64 nr;
	__u16 kind;
	__u16 cpu;
	__u32 compat;		/* a 32-bit task's call (x86's i386 ABI) */
	__u64 v[6];
};

#define CP_EXIT_SIZE (sizeof(struct cp_record) - 5 * sizeof(__u64))

#endif
