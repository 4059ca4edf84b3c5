/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BYTESWAP_H
#define SCTRACE_BYTESWAP_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

#include "sample.h"

/*
 * A perf.data file of the other byte order (s390x's on x86_64): every
 * field sctrace reads is turned to host order, in place, before it is
 * read, by the layouts sample.c reads them by (layout.h). Fields sctrace
 * does not read may stay as they are.
 */
void swap_u64s(void *p, size_t n);
void swap_u32s(void *p, size_t n);
void swap_event_header(struct perf_event_header *hdr);
void swap_attr(struct perf_event_attr *attr, size_t size);
void swap_record(const struct sample_ids *ids, struct perf_event_header *hdr);

#endif
