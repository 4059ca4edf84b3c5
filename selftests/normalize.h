/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_NORMALIZE_H
#define SCTRACE_NORMALIZE_H

/*
 * The one normalisation step between a trace and its golden file:
 *  - keep the region: after the begin marker, the main thread's lines up
 *    to its end marker and other tasks' lines to the end of the trace;
 *  - rename every hex value >= 0x10000 (an address) to <aN>, and a
 *    thread id seen in a "[pid N]" prefix to <tN> where the line prints
 *    a pid (the prefix, a pid argument, field or result), N counting
 *    first appearances, so equal values stay equal and different ones
 *    differ.
 * Nothing else changes: names, small values, errnos and results stay.
 */
#define MARK_BEGIN_TEXT "getpriority(which: 23674, who: 1)"
#define MARK_END_TEXT "getpriority(which: 23674, who: 2)"

long line_tid(const char *line);
char *cut_region(const char *trace, const char **why);
char *normalize_trace(const char *trace, const char **why);
char *strip_comments(const char *golden);
/*
 * For a trace without argument contents (no BPF on this kernel or build):
 * a golden file with contents is compared with every contents value and
 * address reduced to <p>, and the arguments of split lines to <args>.
 */
char *reduce_contents(const char *text);
void reduce_both(char **ours, char **want);
#define NO_CONTENTS_NOTICE "pointer arguments are shown as addresses"

#endif
