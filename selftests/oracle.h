/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ORACLE_H
#define SCTRACE_ORACLE_H

#include <stddef.h>

/*
 * The second oracle: the calls of a workload as strace -f saw them must
 * be the calls sctrace saw. Both are reduced to, per thread in order of
 * appearance, "name = result" (errno name kept, tids and addresses named
 * by first appearance within each log) between the same two markers;
 * and each string sctrace shows (paths, data, argv, names in structs),
 * cut or not, must be strace's at the same place (oracle.c says which
 * differences are let pass, and why).
 */
struct call_log {
	char **lines;		/* "t<thread index> name = result" */
	char **strings;		/* the strings of each line's arguments */
	size_t nr;
};

int log_from_sctrace(const char *trace, struct call_log *log, const char **why);
int log_from_strace(const char *trace, struct call_log *log, const char **why);
const char *logs_differ(const struct call_log *ours, const struct call_log *theirs,
			char *buf, size_t len);
void call_log_free(struct call_log *log);

#endif
