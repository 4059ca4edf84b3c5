/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERFDATA_H
#define SCTRACE_PERFDATA_H

#include <linux/perf_event.h>
#include <stdint.h>

/*
 * The perf.data file layout (tools/perf/Documentation/perf.data-file-format.txt):
 * a header, then sections located by {offset, size} pairs.
 */
#define PERF_MAGIC2 0x32454c4946524550ull	/* "PERFILE2", little-endian */

struct perf_file_section {
	uint64_t offset;
	uint64_t size;
};

#define PERF_FEATURE_BITS 256

struct perf_file_header {
	uint64_t magic;
	uint64_t size;			/* of this header */
	uint64_t attr_size;		/* of one perf_file_attr */
	struct perf_file_section attrs;
	struct perf_file_section data;
	struct perf_file_section event_types;	/* unused */
	uint64_t features[PERF_FEATURE_BITS / 64];
};

/* After the header: attrs, each followed by where its sample ids are. */
struct perf_file_attr {
	struct perf_event_attr attr;
	struct perf_file_section ids;
};

/* Feature bits: each set one has a section, in bit order, after the data. */
enum perf_feature {
	FEAT_TRACING_DATA = 1,
	FEAT_HOSTNAME = 3,
	FEAT_OSRELEASE = 4,
	FEAT_VERSION = 5,
	FEAT_ARCH = 6,
	FEAT_NRCPUS = 7,
	FEAT_CPUDESC = 8,
	FEAT_CPUID = 9,
	FEAT_TOTAL_MEM = 10,
	FEAT_CMDLINE = 11,
	FEAT_EVENT_DESC = 12,
	FEAT_CLOCKID = 23,
	FEAT_CLOCK_DATA = 29,
};

/* perf's own record types beyond the kernel's, in files and pipes. */
#define PERF_RECORD_HEADER_ATTR 64
#define PERF_RECORD_HEADER_TRACING_DATA 66
#define PERF_RECORD_FINISHED_ROUND 68
#define PERF_RECORD_HEADER_FEATURE 80

#endif
