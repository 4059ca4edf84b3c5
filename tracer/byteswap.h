/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BYTESWAP_H
#define SCTRACE_BYTESWAP_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A perf.data file of the other byte order (s390x's on x86_64): every
 * field sctrace reads is turned to host order, in place, before it is
 * read. Fields sctrace does not read may stay as they are.
 */
struct swap_layout {
	uint64_t sample_type;
	int enter_id;		/* raw_syscalls' ids: their payload is swapped too */
	int exit_id;
	unsigned int long_size;	/* of the recording machine: 4 or 8 */
};

void swap_u64s(void *p, size_t n);
void swap_u32s(void *p, size_t n);
void swap_event_header(struct perf_event_header *hdr);
void swap_attr(struct perf_event_attr *attr, size_t size);
void swap_record(const struct swap_layout *l, struct perf_event_header *hdr);

#endif
