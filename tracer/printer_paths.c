// SPDX-License-Identifier: GPL-2.0
/*
 * -P: which calls touch a path, as strace decides it: a path argument
 * names it, or an fd argument is it. An fd is what -y knows of it: the
 * path its open named (so a relative name does not match an absolute
 * one), or /proc's answer for an fd the trace did not see made.
 */
#include <string.h>

#include "contents_table.h"
#include "fdpaths.h"
#include "printer_fds.h"
#include "printer_paths.h"

static bool arg_touches(struct printer *p, const struct syscall_desc *desc, int i,
			const struct thread_state *st)
{
	char buf[FDPATHS_PATH_MAX];
	const unsigned char *bytes;
	const char *path;
	size_t len;

	if (desc->args[i].content == CK_PATH) {
		bytes = pr_fd_contents(st, i, &len);
		return bytes && path_list_has(&p->cfg.paths, (const char *)bytes, len);
	}
	path = pr_fd_path(p, desc, i, st->args[i], st, buf, sizeof(buf));
	return path && path_list_has(&p->cfg.paths, path, strlen(path));
}

/* Whether the call st completes touches one of -P's paths. */
bool pr_paths_touched(struct printer *p, const struct thread_state *st, bool paired)
{
	const struct syscall_desc *desc;
	int i;

	if (!paired)
		return false;
	desc = syscall_cache_get(p->syscalls, st->nr);
	for (i = 0; i < desc->nr_args; i++)
		if (arg_touches(p, desc, i, st))
			return true;
	return false;
}
