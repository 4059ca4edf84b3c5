// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <stdbool.h>
#include <sys/mount.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "compiler.h"
#include "tracefs.h"

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

/* Mounted, as tracefs itself or debugfs's automount of it. */
static bool is_tracefs(const char *dir)
{
	struct statfs st;

	return !statfs(dir, &st) && st.f_type == TRACEFS_MAGIC;
}

static enum tracefs_status use(struct tracefs *tfs, const char *dir)
{
	char path[320];

	snprintf(tfs->root, sizeof(tfs->root), "%s", dir);
	snprintf(path, sizeof(path), "%s/events/raw_syscalls", dir);
	return access(path, R_OK | X_OK) && errno == EACCES ? TRACEFS_NO_ACCESS
							     : TRACEFS_OK;
}

enum tracefs_status tracefs_open(struct tracefs *tfs)
{
	const char *override = getenv("SCTRACE_TRACEFS");
	size_t i;

	/* For unusual mount points, and for tests with a fake tree. */
	if (override && *override)
		return use(tfs, override);
	for (i = 0; i < ARRAY_SIZE(tracefs_dirs); i++)
		if (is_tracefs(tracefs_dirs[i]))
			return use(tfs, tracefs_dirs[i]);
	if (geteuid())
		return TRACEFS_NOT_MOUNTED;
	if (mount("nodev", tracefs_dirs[0], "tracefs", 0, NULL))
		return TRACEFS_MOUNT_FAILED;
	return use(tfs, tracefs_dirs[0]);
}

static int read_small_file(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

int tracefs_event_id(const struct tracefs *tfs, const char *sys, const char *name)
{
	char path[512], buf[32];
	char *end;
	long id;

	snprintf(path, sizeof(path), "%s/events/%s/%s/id", tfs->root, sys, name);
	if (read_small_file(path, buf, sizeof(buf)))
		return -1;
	id = strtol(buf, &end, 10);
	if (end == buf || id < 0 || id > 0xffff)
		return -1;
	return id;
}

/* Format files are a few KiB; read until EOF, growing as needed. */
char *tracefs_read_format(const struct tracefs *tfs, const char *sys,
			  const char *name, size_t *len)
{
	char path[512];
	size_t cap = 4096, used = 0;
	char *buf = NULL;
	int fd;

	snprintf(path, sizeof(path), "%s/events/%s/%s/format", tfs->root, sys, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	for (;;) {
		ssize_t n;
		char *bigger = realloc(buf, cap);

		if (!bigger)
			goto out_fail;
		buf = bigger;
		n = read(fd, buf + used, cap - used);
		if (n < 0)
			goto out_fail;
		if (n == 0)
			break;
		used += n;
		if (used == cap)
			cap *= 2;
	}
	close(fd);
	*len = used;
	return buf;

out_fail:
	free(buf);
	close(fd);
	return NULL;
}
