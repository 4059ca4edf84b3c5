/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TRACEFS_H
#define SCTRACE_TRACEFS_H

#include <stddef.h>

struct tracefs {
	char root[256];	/* directory holding events/ */
};

enum tracefs_status {
	TRACEFS_OK,
	TRACEFS_NOT_MOUNTED,	/* not mounted, and we may not mount it */
	TRACEFS_MOUNT_FAILED,	/* root, but mount(2) failed */
	TRACEFS_NO_ACCESS,	/* mounted, but events/ is not readable */
};

enum tracefs_status tracefs_open(struct tracefs *tfs);
int tracefs_event_id(const struct tracefs *tfs, const char *sys, const char *name);
char *tracefs_read_format(const struct tracefs *tfs, const char *sys,
			  const char *name, size_t *len);

#endif
