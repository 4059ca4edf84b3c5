// SPDX-License-Identifier: GPL-2.0
/* --pidns-translation: which pids are translated, and how, on a made-up /proc. */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pidns.h"

TEST(pid_arguments_and_results_by_name)
{
	EXPECT_TRUE(pidns_is_pid_arg("kill", "pid", 0));
	EXPECT_TRUE(pidns_is_pid_arg("tgkill", "tgid", 0));
	EXPECT_TRUE(pidns_is_pid_arg("wait4", "upid", 0));
	EXPECT_TRUE(pidns_is_pid_arg("setpgid", "pgid", 0));
	EXPECT_FALSE(pidns_is_pid_arg("kill", "sig", 0));
	EXPECT_FALSE(pidns_is_pid_arg("read", "fd", 0));
	/* who and waitid's id depend on argument 0. */
	EXPECT_TRUE(pidns_is_pid_arg("getpriority", "who", 0));
	EXPECT_TRUE(pidns_is_pid_arg("getpriority", "who", 1));
	EXPECT_FALSE(pidns_is_pid_arg("getpriority", "who", 2));
	EXPECT_TRUE(pidns_is_pid_arg("waitid", "upid", 1));
	EXPECT_FALSE(pidns_is_pid_arg("waitid", "upid", 3));
	EXPECT_FALSE(pidns_is_pid_arg("waitid", "upid", 1UL << 40));
	EXPECT_TRUE(pidns_is_pid_result("getpid"));
	EXPECT_TRUE(pidns_is_pid_result("clone3"));
	EXPECT_FALSE(pidns_is_pid_result("wait4"));
	EXPECT_FALSE(pidns_is_pid_result("read"));
}

/* A made-up /proc: namespaces are files, a task's ns/pid a hard link to one. */
FIXTURE(proc) {
	char root[64];
	struct pidns ns;
};

static void put(const char *root, const char *rel, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

/* Task DIR (e.g. "100" or "100/task/102") in namespace NS, with its ids. */
static void task(const char *root, const char *dir, const char *ns, int tgid,
		 int ns_tgid, int tid, int ns_tid)
{
	char path[256], target[256], text[256];

	snprintf(path, sizeof(path), "%s/%s", root, dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/ns", root, dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/ns/pid", root, dir);
	snprintf(target, sizeof(target), "%s/%s", root, ns);
	unlink(path);
	if (link(target, path))
		abort();
	snprintf(text, sizeof(text), "Name:\tx\nTgid:\t%d\nNStgid:\t%d\t%d\nPid:\t%d\nNSpid:\t%d\t%d\n",
		 tgid, tgid, ns_tgid, tid, tid, ns_tid);
	snprintf(path, sizeof(path), "%s/status", dir);
	put(root, path, text);
}

FIXTURE_SETUP(proc)
{
	char path[128];

	strcpy(self->root, "/tmp/sctrace-pidns-XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->root));
	put(self->root, "ns-own", "");
	put(self->root, "ns-x", "");
	put(self->root, "ns-y", "");
	snprintf(path, sizeof(path), "%s/self", self->root);
	mkdir(path, 0755);
	task(self->root, "self", "ns-own", 1, 1, 1, 1);
	/* A container: 100 is its 1, 101 its 2, 102 a thread of 100 (its 3). */
	task(self->root, "100", "ns-x", 100, 1, 100, 1);
	snprintf(path, sizeof(path), "%s/100/task", self->root);
	mkdir(path, 0755);
	task(self->root, "100/task/100", "ns-x", 100, 1, 100, 1);
	task(self->root, "100/task/102", "ns-x", 100, 1, 102, 3);
	task(self->root, "101", "ns-x", 101, 2, 101, 2);
	/* Another container's 2, and a task of sctrace's own namespace. */
	task(self->root, "200", "ns-y", 200, 2, 200, 2);
	task(self->root, "300", "ns-own", 300, 300, 300, 300);
	memset(&self->ns, 0, sizeof(self->ns));
	self->ns.proc_root = self->root;
}

FIXTURE_TEARDOWN(proc)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", self->root);
	if (system(cmd))
		TH_LOG("could not remove %s", self->root);
}

TEST_F(proc, the_callers_namespace_decides)
{
	EXPECT_EQ(100, pidns_translate(&self->ns, 100, 1));
	/* 2 is 101 in 100's namespace, not the other container's 200. */
	EXPECT_EQ(101, pidns_translate(&self->ns, 100, 2));
	EXPECT_EQ(200, pidns_translate(&self->ns, 200, 2));
	/* A thread of the caller's, by its tid there. */
	EXPECT_EQ(102, pidns_translate(&self->ns, 100, 3));
}

TEST_F(proc, nothing_to_add)
{
	/* sctrace's own namespace: the number is the same. */
	EXPECT_EQ(0, pidns_translate(&self->ns, 300, 300));
	/* Not a pid, or no such task (gone), or no such caller. */
	EXPECT_EQ(0, pidns_translate(&self->ns, 100, 0));
	EXPECT_EQ(0, pidns_translate(&self->ns, 100, -1));
	EXPECT_EQ(0, pidns_translate(&self->ns, 100, 9));
	EXPECT_EQ(0, pidns_translate(&self->ns, 999, 1));
}

TEST_F(proc, a_reused_pid_is_looked_up_again)
{
	EXPECT_EQ(101, pidns_translate(&self->ns, 100, 2));
	/* 101 ends, another task of the container gets its number 2. */
	task(self->root, "101", "ns-x", 101, 7, 101, 7);
	task(self->root, "103", "ns-x", 103, 2, 103, 2);
	EXPECT_EQ(103, pidns_translate(&self->ns, 100, 2));
}

TEST_HARNESS_MAIN
