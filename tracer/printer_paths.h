/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PRINTER_PATHS_H
#define SCTRACE_PRINTER_PATHS_H

#include <stdbool.h>

#include "printer_state.h"
#include "threads.h"

bool pr_paths_touched(struct printer *p, const struct thread_state *st, bool paired);

#endif
