// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"
#include "exit_codes.h"

void diag(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int len;

	/* Build the whole line first so concurrent writers never interleave. */
	len = snprintf(line, sizeof(line), "sctrace: ");
	va_start(ap, fmt);
	vsnprintf(line + len, sizeof(line) - len - 1, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s\n", line);
}

/* "out of memory for WHAT", and the status that says so, wherever it ran out. */
int diag_no_memory(const char *what)
{
	diag("out of memory for %s", what);
	return SCT_EXIT_NO_MEMORY;
}
