/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_OPTIONS_H
#define SCTRACE_OPTIONS_H

#include <stdbool.h>
#include <sys/types.h>

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

struct sct_options {
	struct id_list pids;		/* -p: processes, all their threads */
	struct id_list tids;		/* -t: single threads */
	const char *user;		/* -u as given */
	uid_t uid;
	bool has_uid;
	bool all_cpus;			/* -a */
	bool has_cpus;			/* -C */
	struct cpu_list cpus;
	unsigned int mmap_pages;
	bool inherit;
	bool stop_at_exit;		/* end with the command, not its tree */
	bool strict;			/* exit 75 if the trace is not whole */
	bool lossless;			/* hold the command back rather than lose */
	bool no_contents;		/* pointers as addresses: no BPF program */
	unsigned int realtime;		/* the reader's SCHED_FIFO priority, or 0 */
	bool realtime_asked;		/* --realtime given: failing is an error */
	unsigned int string_limit;	/* bytes of strings and data shown */
	const char *output;		/* -o, NULL: stderr */
	const char *expr;		/* -e: which calls, or NULL for all */
	struct printer_config print;	/* what the trace shows */
	bool raw;			/* --raw: no symbolic arguments */
	bool faults_major;		/* -F maj or all */
	bool faults_minor;		/* -F min or all */
	bool sched;			/* --sched */
	const char *input;		/* -i FILE: replay a perf.data file */
	bool record;			/* "sctrace record": write perf.data */
	const char **events;		/* --event SYSTEM:NAME, each as given */
	size_t nr_events;
	char **command;			/* NULL-terminated, or NULL */
};

/* Parsed, or an exit status: SCT_EXIT_OK after --help, else an error. */
#define OPTIONS_PARSED (-1)

int options_parse(int argc, char **argv, struct sct_options *opts);
int options_parse_record(int argc, char **argv, struct sct_options *opts);
void options_free(struct sct_options *opts);

#endif
