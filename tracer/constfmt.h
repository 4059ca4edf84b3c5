/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONSTFMT_H
#define SCTRACE_CONSTFMT_H

#include <stdbool.h>
#include <string.h>

#include "arg_kind.h"
#include "compiler.h"
#include "outbuf.h"

/*
 * strace's -X: how an argument that is a named constant is shown. Raw,
 * as strace writes one: in hex (0x80000; 0 as 0), but a signal and a
 * directory fd in decimal, clone's exit signal after its flags (|17).
 * Verbose: raw, then the names inside a C comment, as strace.
 */
enum const_style {
	CONST_ABBREV,	/* the names: sctrace's default, as strace's */
	CONST_RAW,
	CONST_VERBOSE,
};

/*
 * -X's value, as strace takes it; inline, so that the option parser (and
 * its fuzzer) need not link what prints.
 */
static inline int constfmt_parse(const char *arg, enum const_style *style)
{
	static const char *const names[] = { "abbrev", "raw", "verbose" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcmp(arg, names[i])) {
			*style = (enum const_style)i;
			return 0;
		}
	}
	return -1;
}
/* Whether kind is shown otherwise under style; constfmt_print then shows it. */
bool constfmt_applies(enum const_style style, enum arg_kind kind);
void constfmt_print(struct outbuf *ob, enum const_style style, enum arg_kind kind,
		    unsigned long val);

#endif
