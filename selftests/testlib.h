/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TESTLIB_H
#define SCTRACE_TESTLIB_H

#include <stdbool.h>

/* What the golden and conformance suites share. */

/* The environment's value for name, or fallback when unset or empty. */
const char *env_or(const char *name, const char *fallback);

/* A whole file, NUL-terminated, malloc'd; NULL if it cannot be read. */
char *read_file(const char *path);

/*
 * Runs argv with ASLR off (so values derived from brk or the stack are
 * the same every run), stderr into err_path, and env_name=env_value in
 * its environment when env_name is given; its exit status (128+N if
 * signal N ended it), or -1.
 */
int run_command(char *const argv[], const char *env_name, const char *env_value,
		const char *err_path);

/*
 * Whether a run's status says tracing is impossible here: the workload
 * skipped itself (kselftest's skip code), sctrace found no tracepoints,
 * or it found no tracefs or no permission (exit_codes.h) and the
 * environment, tried without sctrace, refuses them indeed: else sctrace
 * is wrong, and the run fails.
 */
bool cannot_trace(int status);

#endif
