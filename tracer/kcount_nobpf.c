// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "kcount.h"

/* A build without libbpf (CONTENTS=0): -s counts from the rings. */
struct kcount *kcount_start(const struct kcount_targets *targets,
			    const struct kcount_calls *calls, const struct tracefs *tfs,
			    char *why, size_t len)
{
	(void)targets;
	(void)calls;
	(void)tfs;
	snprintf(why, len, "this sctrace was built without libbpf (make CONTENTS=0)");
	return NULL;
}

void kcount_collect(struct kcount *kc, struct summary *sum)
{
	(void)kc;
	(void)sum;
}

struct kcount_end kcount_finish(struct kcount *kc, struct summary *sum)
{
	(void)kc;
	(void)sum;
	return (struct kcount_end){ 0 };
}

void kcount_close(struct kcount *kc)
{
	(void)kc;
}
