/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CALLGRAPH_H
#define SCTRACE_CALLGRAPH_H

#include <stdbool.h>
#include <stdint.h>

/*
 * -k and --call-graph dwarf[,SIZE]: each call's user stack, copied with its
 * enter sample and unwound by libdw (unwind.c). SIZE bytes of stack per
 * sample, perf's default when not given; the kernel takes up to 65528.
 * --call-graph fp: the kernel's walk of the user frame pointers instead
 * (*callchain), named by the same code (frames.c).
 */
#define CALLGRAPH_DEFAULT_SIZE 8192u
#define CALLGRAPH_MAX_SIZE 65528u

int callgraph_parse(const char *arg, uint32_t *stack_user, bool *callchain);

#endif
