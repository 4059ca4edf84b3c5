/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CLOCK_H
#define SCTRACE_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Nanoseconds of a clock: events carry CLOCK_MONOTONIC (use_clockid). */
uint64_t clock_ns(clockid_t clock);

#endif
