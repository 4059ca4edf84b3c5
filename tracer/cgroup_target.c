// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <linux/magic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "cgroup_target.h"
#include "diag.h"
#include "escape.h"

/* A directory on a cgroup2 file system, opened; or -1. */
static int open_cgroup2_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct statfs fs;

	if (fd < 0)
		return -1;
	if (fstatfs(fd, &fs) || fs.f_type != CGROUP2_SUPER_MAGIC) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The first cgroup2 mount point, from mountinfo (" - cgroup2 " after the options). */
static bool cgroup2_mount(char *mnt, size_t size)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], point[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, " - cgroup2 ") &&
			sscanf(line, "%*s %*s %*s %*s %4095s", point) == 1 &&
			(size_t)snprintf(mnt, size, "%s", point) < size;
	fclose(f);
	return found;
}

int cgroup_target_open(const char *path)
{
	char mnt[4096], below[8192], shown[ESCAPE_PATH_SIZE];
	int fd = open_cgroup2_dir(path);

	if (fd >= 0)
		return fd;
	escape_str(shown, sizeof(shown), path);
	if (!cgroup2_mount(mnt, sizeof(mnt))) {
		diag("--cgroup '%s': not a cgroup v2 directory, and no cgroup2 is mounted here to look below; mount one (mount -t cgroup2 none /sys/fs/cgroup), or trace the tasks with -p",
		     shown);
		return -1;
	}
	snprintf(below, sizeof(below), "%s/%s", mnt, path + strspn(path, "/"));
	fd = open_cgroup2_dir(below);
	if (fd < 0)
		diag("--cgroup '%s': no such cgroup v2, neither that path nor below %s; give a cgroup's directory, e.g. %s/system.slice",
		     shown, mnt, mnt);
	return fd;
}
