// SPDX-License-Identifier: GPL-2.0
/* Symbolic arguments: which ones are symbolic, and how each prints. */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include <libaudit.h>

#include "beauty.h"

FIXTURE(bty) {
	struct outbuf ob;
	char str[256];
};

FIXTURE_SETUP(bty)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 64));
}

FIXTURE_TEARDOWN(bty)
{
	outbuf_free(&self->ob);
}

/* How val prints as kind, through format_arg as the printer calls it. */
static const char *shown(FIXTURE_DATA(bty) *self, enum arg_kind kind,
			 unsigned long val)
{
	size_t len;

	self->ob.len = 0;
	format_arg(&self->ob, kind, val);
	len = self->ob.len < sizeof(self->str) - 1 ? self->ob.len : sizeof(self->str) - 1;
	memcpy(self->str, self->ob.buf, len);
	self->str[len] = '\0';
	return self->str;
}

/* open's flags as the kernel ABIs define them, not as this build's libc. */
#define GENERIC_O_DIRECTORY 0200000
#define ARM64_O_DIRECTORY 040000
#define ARM64_O_DIRECT 0200000

TEST(kinds_by_syscall_and_argument)
{
	EXPECT_EQ(ARG_DIRFD, beauty_kind("openat", "dfd", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_FLAGS_ARM64, beauty_kind("openat", "flags", ARG_S32, MACH_AARCH64));
	EXPECT_EQ(ARG_FD_FLAGS_ARM64, beauty_kind("pipe2", "flags", ARG_S32, MACH_AARCH64));
	EXPECT_EQ(ARG_OPEN_FLAGS, beauty_kind("openat", "flags", ARG_S32, MACH_S390X));
	EXPECT_EQ(ARG_DIRFD, beauty_kind("renameat2", "newdfd", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_FLAGS, beauty_kind("openat", "flags", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_MODE, beauty_kind("open", "mode", ARG_OCTAL, MACH_86_64));
	EXPECT_EQ(ARG_FD_FLAGS, beauty_kind("pipe2", "flags", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_MMAP_FLAGS, beauty_kind("mmap", "flags", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_MMAP_PROT, beauty_kind("mprotect", "prot", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_FUTEX_OP, beauty_kind("futex", "op", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, beauty_kind("kill", "sig", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, beauty_kind("tgkill", "sig", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGMASK_HOW, beauty_kind("rt_sigprocmask", "how", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_CLONE_FLAGS, beauty_kind("clone", "clone_flags", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_SOCK_FAMILY, beauty_kind("socketpair", "family", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SOCK_TYPE, beauty_kind("socket", "type", ARG_S32, MACH_86_64));
	/* The same names elsewhere keep their plain kind. */
	EXPECT_EQ(ARG_U32, beauty_kind("fcntl", "flags", ARG_U32, MACH_86_64));
	EXPECT_EQ(ARG_S32, beauty_kind("epoll_ctl", "op", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OCTAL, beauty_kind("mkdir", "mode", ARG_OCTAL, MACH_86_64));
	/* rseq's "sig" is a signature, not a signal (arm64's is 0xd428bc00). */
	EXPECT_EQ(ARG_U32, beauty_kind("rseq", "sig", ARG_U32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, beauty_kind("rt_tgsigqueueinfo", "sig", ARG_S32, MACH_86_64));
	/* A pointer is never taken for a symbol. */
	EXPECT_EQ(ARG_PTR, beauty_kind("openat", "flags", ARG_PTR, MACH_86_64));
}

TEST_F(bty, open_flags_and_dirfd)
{
	EXPECT_STREQ("AT_FDCWD", shown(self, ARG_DIRFD, (unsigned long)(long)AT_FDCWD));
	EXPECT_STREQ("3", shown(self, ARG_DIRFD, 3));
	EXPECT_STREQ("O_RDONLY", shown(self, ARG_OPEN_FLAGS, O_RDONLY));
	EXPECT_STREQ("O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC",
		     shown(self, ARG_OPEN_FLAGS, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC));
	EXPECT_STREQ("O_RDWR|O_SYNC", shown(self, ARG_OPEN_FLAGS, O_RDWR | O_SYNC));
	EXPECT_STREQ("O_RDWR|O_TMPFILE",
		     shown(self, ARG_OPEN_FLAGS, O_RDWR | 020000000 | GENERIC_O_DIRECTORY));
	EXPECT_STREQ("O_RDONLY|O_DIRECTORY", shown(self, ARG_OPEN_FLAGS, GENERIC_O_DIRECTORY));
	EXPECT_STREQ("O_PATH", shown(self, ARG_OPEN_FLAGS, O_PATH));
	/* arm64's bits: a file from an arm64 guest reads right anywhere. */
	EXPECT_STREQ("O_RDONLY|O_DIRECTORY", shown(self, ARG_OPEN_FLAGS_ARM64, ARM64_O_DIRECTORY));
	EXPECT_STREQ("O_RDONLY|O_DIRECT", shown(self, ARG_OPEN_FLAGS_ARM64, ARM64_O_DIRECT));
	EXPECT_STREQ("O_RDONLY|O_LARGEFILE", shown(self, ARG_OPEN_FLAGS, 0100000));
	EXPECT_STREQ("O_DIRECT", shown(self, ARG_FD_FLAGS_ARM64, ARM64_O_DIRECT));
	/* Bits no flag explains stay visible. */
	EXPECT_STREQ("O_RDONLY|0x80000000", shown(self, ARG_OPEN_FLAGS, 0x80000000ul));
	EXPECT_STREQ("0", shown(self, ARG_FD_FLAGS, 0));
	EXPECT_STREQ("O_NONBLOCK|O_CLOEXEC", shown(self, ARG_FD_FLAGS, O_NONBLOCK | O_CLOEXEC));
	EXPECT_STREQ("0644", shown(self, ARG_OPEN_MODE, 0644));
	EXPECT_TRUE(open_flags_create(ARG_OPEN_FLAGS, O_CREAT | O_WRONLY));
	EXPECT_TRUE(open_flags_create(ARG_OPEN_FLAGS, 020000000 | GENERIC_O_DIRECTORY | O_RDWR));
	EXPECT_FALSE(open_flags_create(ARG_OPEN_FLAGS, GENERIC_O_DIRECTORY));
	EXPECT_TRUE(open_flags_create(ARG_OPEN_FLAGS_ARM64, 020000000 | ARM64_O_DIRECTORY));
	EXPECT_FALSE(open_flags_create(ARG_OPEN_FLAGS_ARM64, 020000000 | GENERIC_O_DIRECTORY));
}

TEST_F(bty, mmap_prot_and_flags)
{
	EXPECT_STREQ("PROT_NONE", shown(self, ARG_MMAP_PROT, PROT_NONE));
	EXPECT_STREQ("PROT_READ|PROT_WRITE", shown(self, ARG_MMAP_PROT, PROT_READ | PROT_WRITE));
	EXPECT_STREQ("MAP_PRIVATE|MAP_ANONYMOUS|MAP_STACK",
		     shown(self, ARG_MMAP_FLAGS, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK));
	EXPECT_STREQ("MAP_SHARED|MAP_FIXED", shown(self, ARG_MMAP_FLAGS, MAP_SHARED | MAP_FIXED));
	EXPECT_STREQ("0x0", shown(self, ARG_MMAP_FLAGS, 0));
}

TEST_F(bty, futex_ops)
{
	EXPECT_STREQ("FUTEX_WAIT", shown(self, ARG_FUTEX_OP, FUTEX_WAIT));
	EXPECT_STREQ("FUTEX_WAKE_PRIVATE", shown(self, ARG_FUTEX_OP, FUTEX_WAKE_PRIVATE));
	EXPECT_STREQ("FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME",
		     shown(self, ARG_FUTEX_OP, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME));
	EXPECT_STREQ("99", shown(self, ARG_FUTEX_OP, 99));
}

TEST_F(bty, signals_and_masks)
{
	EXPECT_STREQ("SIGKILL", shown(self, ARG_SIGNAL, SIGKILL));
	EXPECT_STREQ("SIGCHLD", shown(self, ARG_SIGNAL, SIGCHLD));
	EXPECT_STREQ("0", shown(self, ARG_SIGNAL, 0));
	EXPECT_STREQ("SIGRTMIN", shown(self, ARG_SIGNAL, 32));
	EXPECT_STREQ("SIGRT_1", shown(self, ARG_SIGNAL, 33));
	EXPECT_STREQ("65", shown(self, ARG_SIGNAL, 65));
	EXPECT_STREQ("SIG_BLOCK", shown(self, ARG_SIGMASK_HOW, SIG_BLOCK));
	EXPECT_STREQ("SIG_SETMASK", shown(self, ARG_SIGMASK_HOW, SIG_SETMASK));
	EXPECT_STREQ("7", shown(self, ARG_SIGMASK_HOW, 7));
}

TEST_F(bty, clone_flags_end_with_the_exit_signal)
{
	EXPECT_STREQ("CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD",
		     shown(self, ARG_CLONE_FLAGS,
			   CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | SIGCHLD));
	EXPECT_STREQ("CLONE_VM|CLONE_VFORK", shown(self, ARG_CLONE_FLAGS, CLONE_VM | CLONE_VFORK));
	EXPECT_STREQ("SIGCHLD", shown(self, ARG_CLONE_FLAGS, SIGCHLD));
	EXPECT_STREQ("0", shown(self, ARG_CLONE_FLAGS, 0));
}

TEST_F(bty, socket_families_and_types)
{
	EXPECT_STREQ("AF_UNIX", shown(self, ARG_SOCK_FAMILY, AF_UNIX));
	EXPECT_STREQ("AF_INET6", shown(self, ARG_SOCK_FAMILY, AF_INET6));
	EXPECT_STREQ("AF_NETLINK", shown(self, ARG_SOCK_FAMILY, AF_NETLINK));
	EXPECT_STREQ("1234", shown(self, ARG_SOCK_FAMILY, 1234));
	EXPECT_STREQ("SOCK_STREAM", shown(self, ARG_SOCK_TYPE, SOCK_STREAM));
	EXPECT_STREQ("SOCK_DGRAM|SOCK_NONBLOCK|SOCK_CLOEXEC",
		     shown(self, ARG_SOCK_TYPE, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC));
}

TEST_HARNESS_MAIN
