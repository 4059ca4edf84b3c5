/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CGROUP_TARGET_H
#define SCTRACE_CGROUP_TARGET_H

/*
 * --cgroup PATH (perf trace's): the tasks of a cgroup v2 and of the
 * cgroups below it, e.g. a container's, traced system-wide and kept by
 * the kernel itself: each cpu's events are opened on the cgroup
 * (PERF_FLAG_PID_CGROUP), so no other task's record is written.
 */

/*
 * The cgroup directory PATH names, opened: PATH itself, or PATH below
 * the cgroup2 mount (perf's form, "system.slice/foo.service"). Returns
 * its fd, or -1 after saying why.
 */
int cgroup_target_open(const char *path);

#endif
