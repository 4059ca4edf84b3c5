/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_LINE_H
#define SCTRACE_PRINTER_LINE_H

#include <stdint.h>

#include "json.h"
#include "printer_state.h"

/*
 * What starts each line of the printer's sinks: a text line's time and
 * task, a JSON object's common fields.
 */
void pr_time(struct printer *p, uint64_t time);
void pr_route(struct printer *p, int32_t tid);
void pr_prefix(struct printer *p, int32_t tid, uint64_t time);
void pr_align_result(struct printer *p);
void pr_json_head(struct printer *p, struct json_head *h, const char *type,
		  int32_t pid, int32_t tid, uint64_t time);

#endif
