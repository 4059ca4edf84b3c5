/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_KCOUNT_ABI_H
#define SCTRACE_KCOUNT_ABI_H

/*
 * What the counting BPF program (bpf/kcount.bpf.c) and sctrace agree on:
 * the maps -s reads its tables from. Only fixed-size types: the program
 * is built for the BPF target.
 */
#include <linux/types.h>

#define KC_MAX_NR 1024		/* syscall numbers the calls map covers */
#define KC_MAX_ERRNO 4095	/* a result in [-KC_MAX_ERRNO, -1] is an error */
#define KC_MAX_TASKS 65536	/* counted tasks at once */
#define KC_MAX_ROWS 65536	/* (thread, syscall) rows at once */
#define KC_MAX_ERRNO_ROWS 16384	/* (thread, syscall, errno) rows at once */
#define KC_MAX_GONE 65536	/* ended threads not yet read by sctrace */

/* What a syscall number is, in the calls map. */
#define KC_SELECTED 1		/* counted (-e's selection, or every call) */
#define KC_NORETURN 2		/* exit, exit_group: counted at the enter, 0 ns */
#define KC_EXEC 4		/* execve, execveat */

/* A task's state in the tasks map. */
#define KC_TRACED 1
#define KC_AT_EXEC 2		/* the command before its exec: only that exec counts */

/* Who is counted: the tids in the tasks map, or (all) every task but sctrace's. */
struct kc_config {
	__u32 all;
	__u32 self_tgid;
	__u32 follow_forks;
	__u32 fork_child_offset;	/* of child_pid in sched_process_fork */
	__u32 selective;		/* -e given: numbers past the calls map are not counted */
	__u32 errnos;			/* --errno-summary: fill the errnos map */
	__u32 stopped;			/* nothing more is counted: the maps are read */
	/* sctrace's pid namespace, if not the initial one: as ct_config's */
	__u32 pid_ns;
	__u64 pid_ns_dev;
	__u64 pid_ns_ino;
};

/* Both row keys start with the tid: sctrace reads a thread's rows by it. */
struct kc_key {
	__u32 tid;
	__s32 nr;
};

/* One thread's calls of one syscall: what the table's row is made from. */
struct kc_stats {
	__u64 calls;
	__u64 errors;
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
	__u64 sq_lo;		/* the sum of the squared durations, 128 bits */
	__u64 sq_hi;
};

/*
 * Adds d * d to the 128-bit sum, from 32-bit halves with their carries:
 * d * d = hi * hi * 2^64 + hi * lo * 2^33 + lo * lo.
 */
static inline void kc_add_square(struct kc_stats *s, __u64 d)
{
	__u64 hi = d >> 32, lo = d & 0xffffffffull, cross = hi * lo;
	__u64 low = lo * lo, high = hi * hi + (cross >> 31), part = cross << 33;

	low += part;
	high += low < part;
	s->sq_lo += low;
	high += s->sq_lo < low;
	s->sq_hi += high;
}

struct kc_errno_key {
	__u32 tid;
	__s32 nr;
	__u32 err;
	__u32 pad;
};

/* A counted task, and its call in progress if active. */
struct kc_task {
	__s64 nr;
	__u64 enter_ns;
	__u8 state;		/* KC_TRACED, KC_AT_EXEC */
	__u8 active;
	__u8 pad[6];
};

/*
 * A thread ended (its rows are complete), or, revived, its tid lives on:
 * an exec by another thread of its process took it over.
 */
struct kc_gone {
	__u32 tid;
	__u32 revived;
};

#endif
