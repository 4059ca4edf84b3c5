// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

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
