/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_SCT_OPTIONS_H
#define SCTRACE_SCT_OPTIONS_H

/* What the command line asked for: filled by options.c and qualifiers.c. */
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "call_set.h"
#include "lists.h"
#include "printer.h"

#define MMAP_PAGES_DEFAULT 512
#define STRING_LIMIT_DEFAULT 32	/* as strace's -s */
#define REALTIME_DEFAULT 1	/* the lowest SCHED_FIFO priority */
/*
 * --lossless: a ring must outlast the freeze, whose write took up to
 * 1.5 ms here. 1M getppid over 8 and 32 threads, beside a full make
 * check and two busy loops: rings of 4 and 16 KiB lost events in 3 runs
 * of 12; of 64 KiB and more, none in 18. This is four times that.
 */
#define LOSSLESS_MIN_PAGES 64

/* strace's options kept while parsing, judged once all are read. */
struct strace_pending {
	unsigned int daemonize;		/* -D, -DD, -DDD */
	bool output_separately;		/* -ff with -o, --output-separately */
};

/* What captures the syscall records (--engine). */
enum sct_engine {
	SCT_ENGINE_PERF,	/* perf events on raw_syscalls, one ring per cpu */
	SCT_ENGINE_BPF,		/* capture.bpf.c into one BPF ring buffer */
};

struct sct_options {
	struct id_list pids;		/* -p: processes, all their threads */
	struct id_list tids;		/* --tid: single threads */
	const char *user;		/* --uid as given */
	uid_t uid;
	bool has_uid;
	bool all_cpus;			/* --all-cpus */
	bool has_cpus;			/* --cpu */
	const char *cgroup;		/* -G, --cgroup: a cgroup v2's tasks */
	struct cpu_list cpus;
	unsigned int follow_forks;	/* -f (children are followed anyway), -ff */
	const char *run_user;		/* -u: the command runs as this user */
	uid_t run_uid;
	gid_t run_gid;
	char **env;			/* -E VAR=VAL or VAR, in order */
	size_t nr_env;
	bool append;			/* -A: -o's file is appended to */
	bool separate;			/* -ff -o FILE: each task's lines in FILE.TID */
	unsigned int interruptible;	/* -I N: accepted, nothing to block */
	unsigned int quiet;		/* -q, -qq, -qqq */
	bool quiet_set;			/* -e quiet= given */
	bool absolute_given;		/* --absolute-timestamps */
	unsigned int clock_ticks;	/* -t, -tt, -ttt */
	struct strace_pending pending;
	unsigned int mmap_pages;
	bool inherit;
	bool stop_at_exit;		/* end with the command, not its tree */
	bool strict;			/* exit 75 if the trace is not whole */
	bool lossless;			/* hold the command back rather than lose */
	enum sct_engine engine;		/* what captures the syscalls */
	bool engine_set;		/* --engine given, not SCTRACE_ENGINE */
	bool no_contents;		/* pointers as addresses: no BPF program */
	unsigned int realtime;		/* the reader's SCHED_FIFO priority, or 0 */
	bool realtime_asked;		/* --realtime given: failing is an error */
	unsigned int string_limit;	/* bytes of strings and data shown */
	const char *output;		/* -o, NULL: stderr */
	const char *expr;		/* -e: which calls, or NULL for all */
	struct printer_config print;	/* what the trace shows */
	bool raw;			/* --raw: no symbolic arguments */
	struct call_sets call_sets;	/* -e raw=, abbrev= (-v), verbose= */
	bool faults_major;		/* --pf maj or all */
	bool faults_minor;		/* --pf min or all */
	bool sched;			/* --sched */
	bool callchain;			/* --call-graph fp: each call's frame-pointer chain */
	uint32_t stack_user;		/* -k, --call-graph: stack bytes per call; 0: none */
	const char *input;		/* --input FILE: replay a perf.data file */
	bool record;			/* "sctrace record": write perf.data */
	const char **events;		/* --event SYSTEM:NAME, each as given */
	size_t nr_events;
	char **command;			/* NULL-terminated, or NULL */
};

#endif
