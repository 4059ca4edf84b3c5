// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "capture.h"

/* A build without libbpf (CONTENTS=0): perf events capture. */
struct capture *capture_load(uint32_t ring_bytes, char *why, size_t len)
{
	(void)ring_bytes;
	snprintf(why, len, "this sctrace was built without libbpf (make CONTENTS=0)");
	return NULL;
}

int capture_start(struct capture *c, const struct capture_setup *s, char *why, size_t len)
{
	(void)c;
	(void)s;
	snprintf(why, len, "this sctrace was built without libbpf (make CONTENTS=0)");
	return -1;
}

size_t capture_rings(struct capture *c, struct ring ***rings, const int **cpus)
{
	(void)c;
	*rings = NULL;
	*cpus = NULL;
	return 0;
}

bool capture_consume(struct capture *c)
{
	(void)c;
	return false;
}

void capture_close(struct capture *c)
{
	(void)c;
}
