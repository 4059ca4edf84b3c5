// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>

#include "contents.h"

/* A build without libbpf (CONTENTS=0): pointers print as addresses. */
struct contents *contents_load(struct syscall_cache *syscalls, const bool *selected,
			       size_t nr_selected, unsigned int string_limit,
			       const struct tracefs *tfs, bool links, char *why, size_t len)
{
	(void)syscalls;
	(void)links;
	(void)tfs;
	(void)selected;
	(void)nr_selected;
	(void)string_limit;
	snprintf(why, len, "this sctrace was built without libbpf (make CONTENTS=0)");
	return NULL;
}

int contents_start(struct contents *c, const struct contents_outputs *out,
		   const struct contents_targets *targets, const struct tracefs *tfs,
		   char *why, size_t len)
{
	(void)c;
	(void)out;
	(void)targets;
	(void)tfs;
	snprintf(why, len, "this sctrace was built without libbpf (make CONTENTS=0)");
	return -ENOTSUP;
}

void contents_close(struct contents *c)
{
	(void)c;
}
