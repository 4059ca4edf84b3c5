// SPDX-License-Identifier: GPL-2.0
/* Syscall names by number per machine, aliases, result kinds, errno names. */
#include "kselftest_harness.h"

#include <libaudit.h>

#include "syscall_table.h"
#include "sysent.h"

struct known_call {
	int machine;
	long nr;
	const char *name;
};

/* Facts from each architecture's syscall table. */
static const struct known_call known_calls[] = {
	{ MACH_86_64, 0, "read" },
	{ MACH_86_64, 7, "poll" },
	{ MACH_86_64, 17, "pread64" },
	{ MACH_86_64, 18, "pwrite64" },
	{ MACH_86_64, 59, "execve" },
	{ MACH_86_64, 202, "futex" },
	{ MACH_86_64, 231, "exit_group" },
	{ MACH_86_64, 450, "set_mempolicy_home_node" },
	{ MACH_AARCH64, 63, "read" },
	{ MACH_AARCH64, 67, "pread64" },
	{ MACH_AARCH64, 68, "pwrite64" },
	{ MACH_AARCH64, 72, "pselect6" },
	{ MACH_AARCH64, 73, "ppoll" },
	{ MACH_AARCH64, 94, "exit_group" },
	{ MACH_AARCH64, 98, "futex" },
	{ MACH_AARCH64, 221, "execve" },
	{ MACH_S390X, 3, "read" },
	{ MACH_S390X, 11, "execve" },
	{ MACH_S390X, 180, "pread64" },
	{ MACH_S390X, 181, "pwrite64" },
	{ MACH_S390X, 142, "select" },
	{ MACH_S390X, 168, "poll" },
	{ MACH_S390X, 238, "futex" },
	{ MACH_S390X, 248, "exit_group" },
	/* Found by the conformance suite in the guests: libaudit's names differ. */
	{ MACH_AARCH64, 61, "getdents64" },
	{ MACH_AARCH64, 80, "fstat" },
	{ MACH_86_64, 78, "getdents" },
	{ MACH_86_64, 5, "fstat" },
	/* ...or it has none. */
	{ MACH_S390X, 7, "restart_syscall" },
	{ MACH_S390X, 220, "getdents64" },
	{ MACH_S390X, 392, "semtimedop" },
	{ MACH_S390X, 395, "shmget" },
	{ MACH_S390X, 402, "msgctl" },
	{ MACH_S390X, 447, "memfd_secret" },
	/* ppc64le: libaudit's older spellings, and numbers it lacks. */
	{ MACH_PPC64LE, 3, "read" },
	{ MACH_PPC64LE, 234, "exit_group" },
	{ MACH_PPC64LE, 140, "_llseek" },
	{ MACH_PPC64LE, 142, "_newselect" },
	{ MACH_PPC64LE, 190, "ugetrlimit" },
	{ MACH_PPC64LE, 291, "newfstatat" },
	{ MACH_PPC64LE, 306, "timerfd_create" },
	{ MACH_PPC64LE, 319, "perf_event_open" },
	{ MACH_PPC64LE, 0, "restart_syscall" },
	{ MACH_PPC64LE, 256, "sys_debug_setcontext" },
	{ MACH_PPC64LE, 258, "migrate_pages" },
	{ MACH_PPC64LE, 259, "mbind" },
	{ MACH_PPC64LE, 260, "get_mempolicy" },
	{ MACH_PPC64LE, 261, "set_mempolicy" },
};

TEST(known_numbers_per_machine)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_calls); i++) {
		const struct known_call *c = &known_calls[i];
		const char *name = syscall_name(c->machine, c->nr);

		ASSERT_NE(NULL, name) TH_LOG("machine %d nr %ld", c->machine, c->nr);
		EXPECT_STREQ(c->name, name) TH_LOG("machine %d nr %ld", c->machine, c->nr);
	}
}

/* libaudit 3.0.9 stops at 450; the unified numbers above it are ours. */
TEST(numbers_above_450_on_every_machine)
{
	static const int machines[] = { MACH_86_64, MACH_AARCH64, MACH_S390X, MACH_PPC64LE };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(machines); i++) {
		EXPECT_STREQ("cachestat", syscall_name(machines[i], 451));
		EXPECT_STREQ("futex_wake", syscall_name(machines[i], 454));
		EXPECT_STREQ("futex_wait", syscall_name(machines[i], 455));
		EXPECT_STREQ("mseal", syscall_name(machines[i], 462));
		EXPECT_STREQ("file_setattr", syscall_name(machines[i], 469));
	}
}

TEST(x86_64_only_numbers)
{
	EXPECT_STREQ("uretprobe", syscall_name(MACH_86_64, 335));
	EXPECT_STREQ("uprobe", syscall_name(MACH_86_64, 336));
	/* 335 is something else, or nothing, elsewhere. */
	EXPECT_STREQ("name_to_handle_at", syscall_name(MACH_S390X, 335));
	EXPECT_EQ(NULL, syscall_name(MACH_AARCH64, 335));
}

TEST(unknown_numbers)
{
	EXPECT_EQ(NULL, syscall_name(MACH_86_64, 470));
	EXPECT_EQ(NULL, syscall_name(MACH_86_64, 9999));
	EXPECT_EQ(NULL, syscall_name(MACH_86_64, -1));
	EXPECT_EQ(NULL, syscall_name(MACH_86_64, 1L << 40));
	EXPECT_EQ(NULL, syscall_name(MACH_AARCH64, 1000));
}

/*
 * The calls whose printed name is not their tracepoint's: where the
 * kernel's syscall table, strace and perf all keep the older name.
 */
static const char *const table_spelled[][2] = {
	{ "fstat", "newfstat" },
	{ "lstat", "newlstat" },
	{ "sendfile", "sendfile64" },
	{ "stat", "newstat" },
	{ "umount2", "umount" },
	{ "uname", "newuname" },
};

static const char *expected_tracepoint(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(table_spelled); i++)
		if (!strcmp(name, table_spelled[i][0]))
			return table_spelled[i][1];
	return name;
}

TEST(printed_name_is_the_tracepoints)
{
	long nr;

	for (nr = 0; nr < 470; nr++) {
		const char *name = syscall_name(MACH_86_64, nr);

		if (!name)
			continue;
		EXPECT_STREQ(expected_tracepoint(name),
			     syscall_tracepoint_name(MACH_86_64, name))
			TH_LOG("x86_64 nr %ld prints as %s", nr, name);
	}
}

TEST(tracepoint_aliases)
{
	EXPECT_STREQ("pread64", syscall_tracepoint_name(MACH_86_64, "pread64"));
	EXPECT_STREQ("newfstat", syscall_tracepoint_name(MACH_AARCH64, "fstat"));
	EXPECT_STREQ("newuname", syscall_tracepoint_name(MACH_S390X, "uname"));
	EXPECT_STREQ("umount", syscall_tracepoint_name(MACH_86_64, "umount2"));
	EXPECT_STREQ("read", syscall_tracepoint_name(MACH_86_64, "read"));
	/* s390x's mmap (90) is the kernel's old_mmap; elsewhere it is mmap. */
	EXPECT_STREQ("old_mmap", syscall_tracepoint_name(MACH_S390X, "mmap"));
	EXPECT_STREQ("mmap", syscall_tracepoint_name(MACH_86_64, "mmap"));
	EXPECT_STREQ("mmap", syscall_tracepoint_name(MACH_AARCH64, "mmap"));
	/* One name, an alias on some machines only. */
	EXPECT_STREQ("arm64_personality", syscall_tracepoint_name(MACH_AARCH64, "personality"));
	EXPECT_STREQ("s390_personality", syscall_tracepoint_name(MACH_S390X, "personality"));
	EXPECT_STREQ("ppc64_personality", syscall_tracepoint_name(MACH_PPC64LE, "personality"));
	EXPECT_STREQ("personality", syscall_tracepoint_name(MACH_86_64, "personality"));
	/* ppc64le's older names run the kernel's llseek, select and getrlimit. */
	EXPECT_STREQ("llseek", syscall_tracepoint_name(MACH_PPC64LE, "_llseek"));
	EXPECT_STREQ("select", syscall_tracepoint_name(MACH_PPC64LE, "_newselect"));
	EXPECT_STREQ("getrlimit", syscall_tracepoint_name(MACH_PPC64LE, "ugetrlimit"));
	EXPECT_STREQ("fadvise64_64", syscall_tracepoint_name(MACH_AARCH64, "fadvise64"));
	EXPECT_STREQ("fadvise64_64", syscall_tracepoint_name(MACH_S390X, "fadvise64"));
	EXPECT_STREQ("fadvise64", syscall_tracepoint_name(MACH_86_64, "fadvise64"));
	EXPECT_STREQ("oldumount", syscall_tracepoint_name(MACH_S390X, "umount"));
	/* No alias for a call s390x's 64-bit kernel lacks: readdir is ENOSYS there. */
	EXPECT_STREQ("readdir", syscall_tracepoint_name(MACH_S390X, "readdir"));
	EXPECT_STREQ("s390_ipc", syscall_tracepoint_name(MACH_S390X, "ipc"));
}

TEST(result_kinds)
{
	EXPECT_EQ(RESULT_HEX, syscall_result_kind("mmap"));
	EXPECT_EQ(RESULT_HEX, syscall_result_kind("mremap"));
	EXPECT_EQ(RESULT_HEX, syscall_result_kind("brk"));
	EXPECT_EQ(RESULT_TIMEOUT, syscall_result_kind("poll"));
	EXPECT_EQ(RESULT_TIMEOUT, syscall_result_kind("ppoll"));
	EXPECT_EQ(RESULT_TIMEOUT, syscall_result_kind("select"));
	EXPECT_EQ(RESULT_TIMEOUT, syscall_result_kind("pselect6"));
	EXPECT_EQ(RESULT_EPOLL_TIMEOUT, syscall_result_kind("epoll_wait"));
	EXPECT_EQ(RESULT_EPOLL_TIMEOUT, syscall_result_kind("epoll_pwait"));
	EXPECT_EQ(RESULT_EPOLL_TIMEOUT, syscall_result_kind("epoll_pwait2"));
	EXPECT_EQ(RESULT_NORETURN, syscall_result_kind("exit"));
	EXPECT_EQ(RESULT_NORETURN, syscall_result_kind("exit_group"));
	EXPECT_EQ(RESULT_DEFAULT, syscall_result_kind("read"));
	EXPECT_EQ(RESULT_DEFAULT, syscall_result_kind("futex"));
	EXPECT_EQ(RESULT_DEFAULT, syscall_result_kind("zzz"));
}

TEST(errno_names)
{
	struct errno_desc d;

	errno_describe(2, &d);
	EXPECT_STREQ("ENOENT", d.name);
	EXPECT_STREQ("No such file or directory", d.text);
	EXPECT_EQ(0, d.restart);
	errno_describe(110, &d);
	EXPECT_STREQ("ETIMEDOUT", d.name);
	errno_describe(512, &d);
	EXPECT_STREQ("ERESTARTSYS", d.name);
	EXPECT_EQ(1, d.restart);
	errno_describe(516, &d);
	EXPECT_STREQ("ERESTART_RESTARTBLOCK", d.name);
	errno_describe(524, &d);
	EXPECT_STREQ("ENOTSUPP", d.name);
	EXPECT_EQ(0, d.restart);
	EXPECT_TRUE(d.known);
	/* The last code of include/linux/errno.h. */
	errno_describe(531, &d);
	EXPECT_STREQ("ENOGRACE", d.name);
	EXPECT_TRUE(d.known);
	errno_describe(4000, &d);
	EXPECT_STREQ("ERRNO_4000", d.name);
	EXPECT_STREQ("Unknown error 4000", d.text);
	EXPECT_FALSE(d.known);
	errno_describe(0, &d);
	EXPECT_STREQ("ERRNO_0", d.name);
	EXPECT_FALSE(d.known);
}

TEST_HARNESS_MAIN
