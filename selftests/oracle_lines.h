/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ORACLE_LINES_H
#define SCTRACE_ORACLE_LINES_H

#include <stddef.h>

/*
 * The whole-line oracle: a workload traced by sctrace --format=strace -f
 * -o and by strace -f -qq -o must give the same lines, character for
 * character, once what differs from run to run is named: the region
 * between the markers (in strace's form), each task's calls in order,
 * tasks by first appearance, an "<unfinished ...>" joined with its
 * "<... resumed>" (where a line splits is the tracer's), the padding
 * before " = " one space, pids <tN> and addresses (hex >= 0x10000) <aN>
 * by first appearance in each trace. Signal lines are left out: a
 * tracepoint does not carry the whole siginfo.
 */
/* The markers' call, told apart by its last argument (its first, a bad
 * which, is the decoders' business: strace names it PRIO_???). */
#define LINES_MARK_CALL "getpriority("
#define LINES_MARK_BEGIN ", 1)"
#define LINES_MARK_END ", 2)"

/* The normalised text (malloc'd), or NULL with why set. */
char *lines_from_trace(const char *trace, const char **why);
/* NULL if they agree, else the first difference, written into buf. */
const char *lines_differ(const char *ours, const char *theirs, char *buf, size_t len);

#endif
