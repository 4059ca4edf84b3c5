// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "line_style.h"

int line_style_parse(const char *arg, enum line_style *style)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(arg, "sctrace")) {
		*style = LINE_STYLE_SCTRACE;
		return 0;
	}
	if (!strcmp(arg, "strace")) {
		*style = LINE_STYLE_STRACE;
		return 0;
	}
	diag("bad --format '%s': give sctrace (arguments by name, the default) or strace (strace's own lines)",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

void line_style_arg_name(struct outbuf *ob, enum line_style style, const char *name)
{
	if (style == LINE_STYLE_STRACE)
		return;
	outbuf_puts(ob, name);
	outbuf_puts(ob, ": ");
}

/* strace pads the pid to 5 columns: left after -o, right inside "[pid ]". */
void line_style_pid(struct outbuf *ob, int32_t tid, bool column)
{
	char digits[16];

	snprintf(digits, sizeof(digits), "%d", (int)tid);
	if (column) {
		outbuf_padded(ob, digits, 5, true);
		outbuf_putc(ob, ' ');
		return;
	}
	outbuf_puts(ob, "[pid ");
	outbuf_padded(ob, digits, 5, false);
	outbuf_puts(ob, "] ");
}
