/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_PERF_FEATURES_H
#define SCTRACE_PERF_FEATURES_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracing_data.h"

/* One attr of the file, the sample ids of the events opened with it, its name. */
struct pw_attr {
	struct perf_event_attr attr;
	uint64_t *ids;
	size_t nr_ids;
	const char *name;
};

/* What a recording's header says beside its records. */
struct pw_header {
	const struct pw_attr *attrs;
	size_t nr_attrs;
	const struct td_blob *tracing;
	char *const *argv;		/* sctrace's command line */
	int argc;
};

/* One header feature, its bytes as perf's tools read them. */
struct pf_section {
	int bit;
	struct td_blob bytes;
};

#define PF_FEATURES_MAX 16

struct pf_set {
	struct pf_section secs[PF_FEATURES_MAX];
	size_t nr;
};

int pf_build(struct pf_set *set, const struct pw_header *h, bool pipe);
uint64_t pf_kernel_text(void);
void pf_free(struct pf_set *set);

#endif
