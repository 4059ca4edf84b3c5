/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_DIAG_H
#define SCTRACE_DIAG_H

#include "compiler.h"

/* One-line messages to stderr, each prefixed with "sctrace: ". */
void diag(const char *fmt, ...) __printf(1, 2);
int diag_no_memory(const char *what);

#endif
