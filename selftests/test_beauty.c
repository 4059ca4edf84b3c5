// SPDX-License-Identifier: GPL-2.0
/* Symbolic arguments: which ones are symbolic, and how each prints. */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libaudit.h>

#include "beauty.h"
#include "format.h"
#include "syscalls.h"

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
	EXPECT_EQ(ARG_DIRFD, syscall_arg_kind("openat", "dfd", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_FLAGS_ARM64, syscall_arg_kind("openat", "flags", ARG_S32, MACH_AARCH64));
	EXPECT_EQ(ARG_FD_FLAGS_ARM64, syscall_arg_kind("pipe2", "flags", ARG_S32, MACH_AARCH64));
	EXPECT_EQ(ARG_OPEN_FLAGS_PPC64, syscall_arg_kind("openat", "flags", ARG_S32, MACH_PPC64LE));
	EXPECT_EQ(ARG_FD_FLAGS_PPC64, syscall_arg_kind("pipe2", "flags", ARG_S32, MACH_PPC64LE));
	EXPECT_EQ(ARG_OPEN_FLAGS, syscall_arg_kind("openat", "flags", ARG_S32, MACH_S390X));
	EXPECT_EQ(ARG_DIRFD, syscall_arg_kind("renameat2", "newdfd", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_FLAGS, syscall_arg_kind("openat", "flags", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_OPEN_MODE, syscall_arg_kind("open", "mode", ARG_OCTAL, MACH_86_64));
	EXPECT_EQ(ARG_FD_FLAGS, syscall_arg_kind("pipe2", "flags", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_MMAP_FLAGS, syscall_arg_kind("mmap", "flags", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_MMAP_PROT, syscall_arg_kind("mprotect", "prot", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_FUTEX_OP, syscall_arg_kind("futex", "op", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, syscall_arg_kind("kill", "sig", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, syscall_arg_kind("tgkill", "sig", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SIGMASK_HOW, syscall_arg_kind("rt_sigprocmask", "how", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_CLONE_FLAGS, syscall_arg_kind("clone", "clone_flags", ARG_U64, MACH_86_64));
	EXPECT_EQ(ARG_SOCK_FAMILY, syscall_arg_kind("socketpair", "family", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_SOCK_TYPE, syscall_arg_kind("socket", "type", ARG_S32, MACH_86_64));
	/* The same names elsewhere keep their plain kind. */
	EXPECT_EQ(ARG_U32, syscall_arg_kind("fcntl", "flags", ARG_U32, MACH_86_64));
	EXPECT_EQ(ARG_U32, syscall_arg_kind("seccomp", "op", ARG_U32, MACH_86_64));
	EXPECT_EQ(ARG_S32, syscall_arg_kind("epoll_ctl", "fd", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_EPOLL_OP, syscall_arg_kind("epoll_ctl", "op", ARG_S32, MACH_86_64));
	EXPECT_EQ(ARG_CLOCK_ID, syscall_arg_kind("clock_nanosleep", "which_clock", ARG_S32, MACH_AARCH64));
	EXPECT_EQ(ARG_STATX_MASK, syscall_arg_kind("statx", "mask", ARG_U32, MACH_S390X));
	EXPECT_EQ(ARG_OCTAL, syscall_arg_kind("mkdir", "mode", ARG_OCTAL, MACH_86_64));
	/* rseq's "sig" is a signature, not a signal (arm64's is 0xd428bc00). */
	EXPECT_EQ(ARG_U32, syscall_arg_kind("rseq", "sig", ARG_U32, MACH_86_64));
	EXPECT_EQ(ARG_SIGNAL, syscall_arg_kind("rt_tgsigqueueinfo", "sig", ARG_S32, MACH_86_64));
	/* A pointer is never taken for a symbol. */
	EXPECT_EQ(ARG_PTR, syscall_arg_kind("openat", "flags", ARG_PTR, MACH_86_64));
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

/* clone3's flags have no signal byte: CLONE_NEWTIME lives there. */
TEST_F(bty, clone3_flags_have_no_exit_signal)
{
	EXPECT_STREQ("CLONE_NEWTIME|CLONE_VM", shown(self, ARG_CLONE3_FLAGS, CLONE_NEWTIME | CLONE_VM));
	EXPECT_STREQ("CLONE_PARENT_SETTID", shown(self, ARG_CLONE3_FLAGS, CLONE_PARENT_SETTID));
	EXPECT_STREQ("0x1|CLONE_THREAD", shown(self, ARG_CLONE3_FLAGS, CLONE_THREAD | 1));
	EXPECT_STREQ("0", shown(self, ARG_CLONE3_FLAGS, 0));
	EXPECT_STREQ("CLONE_VM|SIGCHLD", shown(self, ARG_CLONE_FLAGS, CLONE_VM | SIGCHLD));
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

/* Whether name is one of the '|'-separated words of text. */
static bool has_word(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p = text;

	while ((p = strstr(p, name))) {
		if ((p == text || p[-1] == '|') && (p[len] == '\0' || p[len] == '|'))
			return true;
		p++;
	}
	return false;
}

/* Each entry of one table: an enum's value prints as its name, exactly. */
static void check_table(struct __test_metadata *_metadata, FIXTURE_DATA(bty) *self,
			enum arg_kind kind, const struct symbol *syms, size_t nr,
			bool sorted)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const char *text = shown(self, kind, syms[i].value);

		if (sorted) {
			EXPECT_STREQ(syms[i].name, text);
		} else {
			EXPECT_TRUE(has_word(text, syms[i].name))
				TH_LOG("kind %d: %#lx printed %s, not %s", kind,
				       syms[i].value, text, syms[i].name);
		}
		if (sorted && i) {
			EXPECT_LT(syms[i - 1].value, syms[i].value)
				TH_LOG("kind %d: %s out of order", kind, syms[i].name);
		}
	}
}

TEST_F(bty, every_entry_of_every_table_prints_its_name)
{
	size_t nr, nr_plain, i, n;
	const struct beauty_table *tables = beauty_tables(&nr, &nr_plain);
	bool flags;
	size_t plain = 0;

	for (i = 0; i < nr; i++)
		check_table(_metadata, self, tables[i].kind, tables[i].syms,
			    tables[i].nr, tables[i].sorted);
	for (i = 0; i < nr_plain; i++) {
		const struct symbol *syms = beauty_plain_table(i, &n, &flags);

		if (!syms)
			continue;
		check_table(_metadata, self, i, syms, n, !flags);
		plain++;
	}
	/* All but statx's flags, which print in two parts of their own. */
	EXPECT_EQ(ARG_KIND_COUNT - ARG_SOCK_FLAGS - 1, plain);
}

struct known {
	enum arg_kind kind;
	const char *name;
	unsigned long value;
};

#define K(kind, x) { kind, #x, (unsigned long)(x) }

/*
 * What the C library (or, where glibc 2.36 has no name yet, the kernel's
 * uapi headers) says each plain table's entry is: every entry, no more.
 */
static const struct known knowns[] = {
	K(ARG_SOCK_FLAGS, SOCK_NONBLOCK), K(ARG_SOCK_FLAGS, SOCK_CLOEXEC),
	K(ARG_CLOCK_ID, CLOCK_REALTIME), K(ARG_CLOCK_ID, CLOCK_MONOTONIC),
	K(ARG_CLOCK_ID, CLOCK_PROCESS_CPUTIME_ID), K(ARG_CLOCK_ID, CLOCK_THREAD_CPUTIME_ID),
	K(ARG_CLOCK_ID, CLOCK_MONOTONIC_RAW), K(ARG_CLOCK_ID, CLOCK_REALTIME_COARSE),
	K(ARG_CLOCK_ID, CLOCK_MONOTONIC_COARSE), K(ARG_CLOCK_ID, CLOCK_BOOTTIME),
	K(ARG_CLOCK_ID, CLOCK_REALTIME_ALARM), K(ARG_CLOCK_ID, CLOCK_BOOTTIME_ALARM),
	K(ARG_CLOCK_ID, CLOCK_TAI),
	K(ARG_TIMER_FLAGS, TIMER_ABSTIME),
	K(ARG_TFD_TIMER_FLAGS, TFD_TIMER_ABSTIME), K(ARG_TFD_TIMER_FLAGS, TFD_TIMER_CANCEL_ON_SET),
	K(ARG_AT_FLAGS, AT_SYMLINK_NOFOLLOW), K(ARG_AT_FLAGS, AT_REMOVEDIR),
	K(ARG_AT_FLAGS, AT_SYMLINK_FOLLOW), K(ARG_AT_FLAGS, AT_NO_AUTOMOUNT),
	K(ARG_AT_FLAGS, AT_EMPTY_PATH), { ARG_AT_FLAGS, "AT_RECURSIVE", 0x8000 },
	K(ARG_ACCESS_AT_FLAGS, AT_SYMLINK_NOFOLLOW), K(ARG_ACCESS_AT_FLAGS, AT_EACCESS),
	K(ARG_ACCESS_AT_FLAGS, AT_EMPTY_PATH),
	{ ARG_STATX_MASK, "STATX_ALL", 0xfff }, K(ARG_STATX_MASK, STATX_BASIC_STATS),
	K(ARG_STATX_MASK, STATX_TYPE), K(ARG_STATX_MASK, STATX_MODE),
	K(ARG_STATX_MASK, STATX_NLINK), K(ARG_STATX_MASK, STATX_UID),
	K(ARG_STATX_MASK, STATX_GID), K(ARG_STATX_MASK, STATX_ATIME),
	K(ARG_STATX_MASK, STATX_MTIME), K(ARG_STATX_MASK, STATX_CTIME),
	K(ARG_STATX_MASK, STATX_INO), K(ARG_STATX_MASK, STATX_SIZE),
	K(ARG_STATX_MASK, STATX_BLOCKS), K(ARG_STATX_MASK, STATX_BTIME),
	{ ARG_STATX_MASK, "STATX_MNT_ID", 0x1000 }, { ARG_STATX_MASK, "STATX_DIOALIGN", 0x2000 },
	{ ARG_STATX_MASK, "STATX_MNT_ID_UNIQUE", 0x4000 },
	{ ARG_STATX_MASK, "STATX_SUBVOL", 0x8000 },
	{ ARG_STATX_MASK, "STATX_WRITE_ATOMIC", 0x10000 },
	{ ARG_STATX_MASK, "STATX_DIO_READ_ALIGN", 0x20000 },
	K(ARG_ACCESS_MODE, R_OK), K(ARG_ACCESS_MODE, W_OK), K(ARG_ACCESS_MODE, X_OK),
	K(ARG_EPOLL_OP, EPOLL_CTL_ADD), K(ARG_EPOLL_OP, EPOLL_CTL_DEL),
	K(ARG_EPOLL_OP, EPOLL_CTL_MOD),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_CPU), K(ARG_RLIMIT_RESOURCE, RLIMIT_FSIZE),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_DATA), K(ARG_RLIMIT_RESOURCE, RLIMIT_STACK),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_CORE), K(ARG_RLIMIT_RESOURCE, RLIMIT_RSS),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_NPROC), K(ARG_RLIMIT_RESOURCE, RLIMIT_NOFILE),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_MEMLOCK), K(ARG_RLIMIT_RESOURCE, RLIMIT_AS),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_LOCKS), K(ARG_RLIMIT_RESOURCE, RLIMIT_SIGPENDING),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_MSGQUEUE), K(ARG_RLIMIT_RESOURCE, RLIMIT_NICE),
	K(ARG_RLIMIT_RESOURCE, RLIMIT_RTPRIO), K(ARG_RLIMIT_RESOURCE, RLIMIT_RTTIME),
	K(ARG_ITIMER_WHICH, ITIMER_REAL), K(ARG_ITIMER_WHICH, ITIMER_VIRTUAL),
	K(ARG_ITIMER_WHICH, ITIMER_PROF),
	K(ARG_WAIT_OPTIONS, WNOHANG), K(ARG_WAIT_OPTIONS, WUNTRACED),
	K(ARG_WAIT_OPTIONS, WCONTINUED), K(ARG_WAIT_OPTIONS, __WNOTHREAD),
	K(ARG_WAIT_OPTIONS, __WALL), K(ARG_WAIT_OPTIONS, __WCLONE),
	K(ARG_WAITID_WHICH, P_ALL), K(ARG_WAITID_WHICH, P_PID), K(ARG_WAITID_WHICH, P_PGID),
	K(ARG_WAITID_WHICH, P_PIDFD),
	K(ARG_WAITID_OPTIONS, WNOHANG), K(ARG_WAITID_OPTIONS, WSTOPPED),
	K(ARG_WAITID_OPTIONS, WEXITED), K(ARG_WAITID_OPTIONS, WCONTINUED),
	K(ARG_WAITID_OPTIONS, WNOWAIT), K(ARG_WAITID_OPTIONS, __WNOTHREAD),
	K(ARG_WAITID_OPTIONS, __WALL), K(ARG_WAITID_OPTIONS, __WCLONE),
	K(ARG_FCNTL_CMD, F_DUPFD), K(ARG_FCNTL_CMD, F_GETFD), K(ARG_FCNTL_CMD, F_SETFD),
	K(ARG_FCNTL_CMD, F_GETFL), K(ARG_FCNTL_CMD, F_SETFL), K(ARG_FCNTL_CMD, F_GETLK),
	K(ARG_FCNTL_CMD, F_SETLK), K(ARG_FCNTL_CMD, F_SETLKW), K(ARG_FCNTL_CMD, F_SETOWN),
	K(ARG_FCNTL_CMD, F_GETOWN), K(ARG_FCNTL_CMD, F_SETSIG), K(ARG_FCNTL_CMD, F_GETSIG),
	K(ARG_FCNTL_CMD, F_SETOWN_EX), K(ARG_FCNTL_CMD, F_GETOWN_EX),
	K(ARG_FCNTL_CMD, F_OFD_GETLK), K(ARG_FCNTL_CMD, F_OFD_SETLK),
	K(ARG_FCNTL_CMD, F_OFD_SETLKW), K(ARG_FCNTL_CMD, F_SETLEASE),
	K(ARG_FCNTL_CMD, F_GETLEASE), K(ARG_FCNTL_CMD, F_NOTIFY),
	K(ARG_FCNTL_CMD, F_DUPFD_CLOEXEC), K(ARG_FCNTL_CMD, F_SETPIPE_SZ),
	K(ARG_FCNTL_CMD, F_GETPIPE_SZ), K(ARG_FCNTL_CMD, F_ADD_SEALS),
	K(ARG_FCNTL_CMD, F_GET_SEALS), K(ARG_FCNTL_CMD, F_GET_RW_HINT),
	K(ARG_FCNTL_CMD, F_SET_RW_HINT), K(ARG_FCNTL_CMD, F_GET_FILE_RW_HINT),
	K(ARG_FCNTL_CMD, F_SET_FILE_RW_HINT),
	K(ARG_FD_CLOEXEC, FD_CLOEXEC),
	K(ARG_FCNTL_LEASE, F_RDLCK), K(ARG_FCNTL_LEASE, F_WRLCK), K(ARG_FCNTL_LEASE, F_UNLCK),
	K(ARG_DNOTIFY_FLAGS, DN_ACCESS), K(ARG_DNOTIFY_FLAGS, DN_MODIFY),
	K(ARG_DNOTIFY_FLAGS, DN_CREATE), K(ARG_DNOTIFY_FLAGS, DN_DELETE),
	K(ARG_DNOTIFY_FLAGS, DN_RENAME), K(ARG_DNOTIFY_FLAGS, DN_ATTRIB),
	K(ARG_DNOTIFY_FLAGS, DN_MULTISHOT),
	K(ARG_SEALS, F_SEAL_SEAL), K(ARG_SEALS, F_SEAL_SHRINK), K(ARG_SEALS, F_SEAL_GROW),
	K(ARG_SEALS, F_SEAL_WRITE), K(ARG_SEALS, F_SEAL_FUTURE_WRITE),
	K(ARG_SEEK_WHENCE, SEEK_SET), K(ARG_SEEK_WHENCE, SEEK_CUR), K(ARG_SEEK_WHENCE, SEEK_END),
	K(ARG_SEEK_WHENCE, SEEK_DATA), K(ARG_SEEK_WHENCE, SEEK_HOLE),
	K(ARG_MADVISE, MADV_NORMAL), K(ARG_MADVISE, MADV_RANDOM),
	K(ARG_MADVISE, MADV_SEQUENTIAL), K(ARG_MADVISE, MADV_WILLNEED),
	K(ARG_MADVISE, MADV_DONTNEED), K(ARG_MADVISE, MADV_FREE), K(ARG_MADVISE, MADV_REMOVE),
	K(ARG_MADVISE, MADV_DONTFORK), K(ARG_MADVISE, MADV_DOFORK),
	K(ARG_MADVISE, MADV_MERGEABLE), K(ARG_MADVISE, MADV_UNMERGEABLE),
	K(ARG_MADVISE, MADV_HUGEPAGE), K(ARG_MADVISE, MADV_NOHUGEPAGE),
	K(ARG_MADVISE, MADV_DONTDUMP), K(ARG_MADVISE, MADV_DODUMP),
	K(ARG_MADVISE, MADV_WIPEONFORK), K(ARG_MADVISE, MADV_KEEPONFORK),
	K(ARG_MADVISE, MADV_COLD), K(ARG_MADVISE, MADV_PAGEOUT),
	K(ARG_MADVISE, MADV_POPULATE_READ), K(ARG_MADVISE, MADV_POPULATE_WRITE),
	{ ARG_MADVISE, "MADV_DONTNEED_LOCKED", 24 }, { ARG_MADVISE, "MADV_COLLAPSE", 25 },
	K(ARG_MADVISE, MADV_HWPOISON), { ARG_MADVISE, "MADV_SOFT_OFFLINE", 101 },
	{ ARG_MADVISE, "MADV_GUARD_INSTALL", 102 }, { ARG_MADVISE, "MADV_GUARD_REMOVE", 103 },
	K(ARG_MSG_FLAGS, MSG_OOB), K(ARG_MSG_FLAGS, MSG_PEEK), K(ARG_MSG_FLAGS, MSG_DONTROUTE),
	K(ARG_MSG_FLAGS, MSG_CTRUNC), K(ARG_MSG_FLAGS, MSG_PROXY), K(ARG_MSG_FLAGS, MSG_TRUNC),
	K(ARG_MSG_FLAGS, MSG_DONTWAIT), K(ARG_MSG_FLAGS, MSG_EOR), K(ARG_MSG_FLAGS, MSG_WAITALL),
	K(ARG_MSG_FLAGS, MSG_FIN), K(ARG_MSG_FLAGS, MSG_SYN), K(ARG_MSG_FLAGS, MSG_CONFIRM),
	K(ARG_MSG_FLAGS, MSG_RST), K(ARG_MSG_FLAGS, MSG_ERRQUEUE), K(ARG_MSG_FLAGS, MSG_NOSIGNAL),
	K(ARG_MSG_FLAGS, MSG_MORE), K(ARG_MSG_FLAGS, MSG_WAITFORONE), K(ARG_MSG_FLAGS, MSG_BATCH),
	K(ARG_MSG_FLAGS, MSG_ZEROCOPY), K(ARG_MSG_FLAGS, MSG_FASTOPEN),
	K(ARG_MSG_FLAGS, MSG_CMSG_CLOEXEC),
	K(ARG_GETRANDOM_FLAGS, GRND_NONBLOCK), K(ARG_GETRANDOM_FLAGS, GRND_RANDOM),
	K(ARG_GETRANDOM_FLAGS, GRND_INSECURE),
	K(ARG_EVENTFD_FLAGS, EFD_SEMAPHORE), K(ARG_EVENTFD_FLAGS, EFD_NONBLOCK),
	K(ARG_EVENTFD_FLAGS, EFD_CLOEXEC),
	K(ARG_EPOLL_CREATE_FLAGS, EPOLL_CLOEXEC),
	K(ARG_INOTIFY_FLAGS, IN_NONBLOCK), K(ARG_INOTIFY_FLAGS, IN_CLOEXEC),
	K(ARG_TIMERFD_FLAGS, TFD_NONBLOCK), K(ARG_TIMERFD_FLAGS, TFD_CLOEXEC),
	K(ARG_SIGNALFD_FLAGS, SFD_NONBLOCK), K(ARG_SIGNALFD_FLAGS, SFD_CLOEXEC),
	K(ARG_MEMFD_FLAGS, MFD_CLOEXEC), K(ARG_MEMFD_FLAGS, MFD_ALLOW_SEALING),
	K(ARG_MEMFD_FLAGS, MFD_HUGETLB), { ARG_MEMFD_FLAGS, "MFD_NOEXEC_SEAL", 8 },
	{ ARG_MEMFD_FLAGS, "MFD_EXEC", 0x10 },
	K(ARG_RENAME_FLAGS, RENAME_NOREPLACE), K(ARG_RENAME_FLAGS, RENAME_EXCHANGE),
	K(ARG_RENAME_FLAGS, RENAME_WHITEOUT),
	K(ARG_SHUTDOWN_HOW, SHUT_RD), K(ARG_SHUTDOWN_HOW, SHUT_WR), K(ARG_SHUTDOWN_HOW, SHUT_RDWR),
	K(ARG_FLOCK_OP, LOCK_SH), K(ARG_FLOCK_OP, LOCK_EX), K(ARG_FLOCK_OP, LOCK_NB),
	K(ARG_FLOCK_OP, LOCK_UN),
	K(ARG_MSYNC_FLAGS, MS_ASYNC), K(ARG_MSYNC_FLAGS, MS_INVALIDATE), K(ARG_MSYNC_FLAGS, MS_SYNC),
	K(ARG_MREMAP_FLAGS, MREMAP_MAYMOVE), K(ARG_MREMAP_FLAGS, MREMAP_FIXED),
	K(ARG_MREMAP_FLAGS, MREMAP_DONTUNMAP),
	K(ARG_MLOCK_FLAGS, MLOCK_ONFAULT),
	K(ARG_MLOCKALL_FLAGS, MCL_CURRENT), K(ARG_MLOCKALL_FLAGS, MCL_FUTURE),
	K(ARG_MLOCKALL_FLAGS, MCL_ONFAULT),
};

static const struct known *known_of(enum arg_kind kind, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(knowns); i++)
		if (knowns[i].kind == kind && !strcmp(knowns[i].name, name))
			return &knowns[i];
	return NULL;
}

TEST(plain_tables_hold_the_library_values_every_one)
{
	size_t i, n, seen = 0;
	bool flags;

	for (i = 0; i < ARG_KIND_COUNT; i++) {
		const struct symbol *syms = beauty_plain_table(i, &n, &flags);
		size_t j;

		for (j = 0; syms && j < n; j++) {
			const struct known *k = known_of(i, syms[j].name);

			ASSERT_NE(NULL, k) TH_LOG("kind %zu: %s is no known constant",
						  i, syms[j].name);
			EXPECT_EQ(k->value, syms[j].value) TH_LOG("%s", syms[j].name);
			seen++;
		}
	}
	EXPECT_EQ(ARRAY_SIZE(knowns), seen);
}

/*
 * The same for the tables of the kinds printed in parts (beauty_tables),
 * but open's and pipe2's flags: those are the kernel ABIs' own values,
 * checked against the uapi headers in test_beauty_uapi.c.
 */
static const struct known table_knowns[] = {
	K(ARG_MMAP_PROT, PROT_READ), K(ARG_MMAP_PROT, PROT_WRITE), K(ARG_MMAP_PROT, PROT_EXEC),
#ifdef PROT_SEM
	K(ARG_MMAP_PROT, PROT_SEM),
#endif
#ifdef PROT_BTI
	K(ARG_MMAP_PROT, PROT_BTI),
#endif
#ifdef PROT_MTE
	K(ARG_MMAP_PROT, PROT_MTE),
#endif
	K(ARG_MMAP_PROT, PROT_GROWSDOWN), K(ARG_MMAP_PROT, PROT_GROWSUP),
	K(ARG_MMAP_FLAGS, MAP_FIXED), K(ARG_MMAP_FLAGS, MAP_ANONYMOUS),
#ifdef MAP_32BIT
	K(ARG_MMAP_FLAGS, MAP_32BIT),
#endif
	K(ARG_MMAP_FLAGS, MAP_GROWSDOWN), K(ARG_MMAP_FLAGS, MAP_DENYWRITE),
	K(ARG_MMAP_FLAGS, MAP_EXECUTABLE), K(ARG_MMAP_FLAGS, MAP_LOCKED),
	K(ARG_MMAP_FLAGS, MAP_NORESERVE), K(ARG_MMAP_FLAGS, MAP_POPULATE),
	K(ARG_MMAP_FLAGS, MAP_NONBLOCK), K(ARG_MMAP_FLAGS, MAP_STACK),
	K(ARG_MMAP_FLAGS, MAP_HUGETLB), K(ARG_MMAP_FLAGS, MAP_SYNC),
	K(ARG_MMAP_FLAGS, MAP_FIXED_NOREPLACE),
	K(ARG_MMAP_FLAGS, MAP_SHARED), K(ARG_MMAP_FLAGS, MAP_PRIVATE),
	K(ARG_MMAP_FLAGS, MAP_SHARED_VALIDATE),
	K(ARG_FUTEX_OP, FUTEX_WAIT), K(ARG_FUTEX_OP, FUTEX_WAKE), K(ARG_FUTEX_OP, FUTEX_FD),
	K(ARG_FUTEX_OP, FUTEX_REQUEUE), K(ARG_FUTEX_OP, FUTEX_CMP_REQUEUE),
	K(ARG_FUTEX_OP, FUTEX_WAKE_OP), K(ARG_FUTEX_OP, FUTEX_LOCK_PI),
	K(ARG_FUTEX_OP, FUTEX_UNLOCK_PI), K(ARG_FUTEX_OP, FUTEX_TRYLOCK_PI),
	K(ARG_FUTEX_OP, FUTEX_WAIT_BITSET), K(ARG_FUTEX_OP, FUTEX_WAKE_BITSET),
	K(ARG_FUTEX_OP, FUTEX_WAIT_REQUEUE_PI), K(ARG_FUTEX_OP, FUTEX_CMP_REQUEUE_PI),
	K(ARG_FUTEX_OP, FUTEX_LOCK_PI2),
	K(ARG_SIGMASK_HOW, SIG_BLOCK), K(ARG_SIGMASK_HOW, SIG_UNBLOCK),
	K(ARG_SIGMASK_HOW, SIG_SETMASK),
	K(ARG_CLONE3_FLAGS, CLONE_NEWTIME),
	K(ARG_CLONE_FLAGS, CLONE_VM), K(ARG_CLONE_FLAGS, CLONE_FS),
	K(ARG_CLONE_FLAGS, CLONE_FILES), K(ARG_CLONE_FLAGS, CLONE_SIGHAND),
	K(ARG_CLONE_FLAGS, CLONE_PIDFD), K(ARG_CLONE_FLAGS, CLONE_PTRACE),
	K(ARG_CLONE_FLAGS, CLONE_VFORK), K(ARG_CLONE_FLAGS, CLONE_PARENT),
	K(ARG_CLONE_FLAGS, CLONE_THREAD), K(ARG_CLONE_FLAGS, CLONE_NEWNS),
	K(ARG_CLONE_FLAGS, CLONE_SYSVSEM), K(ARG_CLONE_FLAGS, CLONE_SETTLS),
	K(ARG_CLONE_FLAGS, CLONE_PARENT_SETTID), K(ARG_CLONE_FLAGS, CLONE_CHILD_CLEARTID),
	K(ARG_CLONE_FLAGS, CLONE_DETACHED), K(ARG_CLONE_FLAGS, CLONE_UNTRACED),
	K(ARG_CLONE_FLAGS, CLONE_CHILD_SETTID), K(ARG_CLONE_FLAGS, CLONE_NEWCGROUP),
	K(ARG_CLONE_FLAGS, CLONE_NEWUTS), K(ARG_CLONE_FLAGS, CLONE_NEWIPC),
	K(ARG_CLONE_FLAGS, CLONE_NEWUSER), K(ARG_CLONE_FLAGS, CLONE_NEWPID),
	K(ARG_CLONE_FLAGS, CLONE_NEWNET), K(ARG_CLONE_FLAGS, CLONE_IO),
	K(ARG_CLONE_FLAGS, CLONE_CLEAR_SIGHAND), K(ARG_CLONE_FLAGS, CLONE_INTO_CGROUP),
	K(ARG_SOCK_FAMILY, AF_UNSPEC), K(ARG_SOCK_FAMILY, AF_UNIX), K(ARG_SOCK_FAMILY, AF_INET),
	K(ARG_SOCK_FAMILY, AF_AX25), K(ARG_SOCK_FAMILY, AF_IPX), K(ARG_SOCK_FAMILY, AF_APPLETALK),
	K(ARG_SOCK_FAMILY, AF_NETROM), K(ARG_SOCK_FAMILY, AF_BRIDGE),
	K(ARG_SOCK_FAMILY, AF_ATMPVC), K(ARG_SOCK_FAMILY, AF_X25), K(ARG_SOCK_FAMILY, AF_INET6),
	K(ARG_SOCK_FAMILY, AF_ROSE), K(ARG_SOCK_FAMILY, AF_DECnet),
	K(ARG_SOCK_FAMILY, AF_NETBEUI), K(ARG_SOCK_FAMILY, AF_SECURITY),
	K(ARG_SOCK_FAMILY, AF_KEY), K(ARG_SOCK_FAMILY, AF_NETLINK), K(ARG_SOCK_FAMILY, AF_PACKET),
	K(ARG_SOCK_FAMILY, AF_ASH), K(ARG_SOCK_FAMILY, AF_ECONET), K(ARG_SOCK_FAMILY, AF_ATMSVC),
	K(ARG_SOCK_FAMILY, AF_RDS), K(ARG_SOCK_FAMILY, AF_SNA), K(ARG_SOCK_FAMILY, AF_IRDA),
	K(ARG_SOCK_FAMILY, AF_PPPOX), K(ARG_SOCK_FAMILY, AF_WANPIPE), K(ARG_SOCK_FAMILY, AF_LLC),
	K(ARG_SOCK_FAMILY, AF_IB), K(ARG_SOCK_FAMILY, AF_MPLS), K(ARG_SOCK_FAMILY, AF_CAN),
	K(ARG_SOCK_FAMILY, AF_TIPC), K(ARG_SOCK_FAMILY, AF_BLUETOOTH),
	K(ARG_SOCK_FAMILY, AF_IUCV), K(ARG_SOCK_FAMILY, AF_RXRPC), K(ARG_SOCK_FAMILY, AF_ISDN),
	K(ARG_SOCK_FAMILY, AF_PHONET), K(ARG_SOCK_FAMILY, AF_IEEE802154),
	K(ARG_SOCK_FAMILY, AF_CAIF), K(ARG_SOCK_FAMILY, AF_ALG), K(ARG_SOCK_FAMILY, AF_NFC),
	K(ARG_SOCK_FAMILY, AF_VSOCK), K(ARG_SOCK_FAMILY, AF_KCM), K(ARG_SOCK_FAMILY, AF_QIPCRTR),
	K(ARG_SOCK_FAMILY, AF_SMC), K(ARG_SOCK_FAMILY, AF_XDP), K(ARG_SOCK_FAMILY, AF_MCTP),
	K(ARG_SOCK_TYPE, SOCK_STREAM), K(ARG_SOCK_TYPE, SOCK_DGRAM), K(ARG_SOCK_TYPE, SOCK_RAW),
	K(ARG_SOCK_TYPE, SOCK_RDM), K(ARG_SOCK_TYPE, SOCK_SEQPACKET), K(ARG_SOCK_TYPE, SOCK_DCCP),
	K(ARG_SOCK_TYPE, SOCK_PACKET),
	K(ARG_SOCK_TYPE, SOCK_NONBLOCK), K(ARG_SOCK_TYPE, SOCK_CLOEXEC),
	K(ARG_STATX_FLAGS, AT_STATX_SYNC_AS_STAT), K(ARG_STATX_FLAGS, AT_STATX_FORCE_SYNC),
	K(ARG_STATX_FLAGS, AT_STATX_DONT_SYNC),
	K(ARG_STATX_FLAGS, AT_SYMLINK_NOFOLLOW), K(ARG_STATX_FLAGS, AT_REMOVEDIR),
	K(ARG_STATX_FLAGS, AT_SYMLINK_FOLLOW), K(ARG_STATX_FLAGS, AT_NO_AUTOMOUNT),
	K(ARG_STATX_FLAGS, AT_EMPTY_PATH), { ARG_STATX_FLAGS, "AT_RECURSIVE", 0x8000 },
};

/* The kinds whose tables test_beauty_uapi.c checks against the kernel's headers. */
static bool abi_kind(enum arg_kind kind)
{
	return kind == ARG_OPEN_FLAGS || kind == ARG_OPEN_FLAGS_ARM64 ||
	       kind == ARG_OPEN_FLAGS_PPC64 || kind == ARG_FD_FLAGS ||
	       kind == ARG_FD_FLAGS_ARM64 || kind == ARG_FD_FLAGS_PPC64;
}

static const struct known *table_known_of(enum arg_kind kind, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(table_knowns); i++)
		if (table_knowns[i].kind == kind && !strcmp(table_knowns[i].name, name))
			return &table_knowns[i];
	return NULL;
}

TEST(symbol_tables_hold_the_library_values_every_one)
{
	size_t nr, nr_plain, i, j, seen = 0;
	const struct beauty_table *tables = beauty_tables(&nr, &nr_plain);

	for (i = 0; i < nr; i++) {
		for (j = 0; !abi_kind(tables[i].kind) && j < tables[i].nr; j++) {
			const struct symbol *sym = &tables[i].syms[j];
			const struct known *k = table_known_of(tables[i].kind, sym->name);

			ASSERT_NE(NULL, k) TH_LOG("kind %d: %s is no known constant",
						  tables[i].kind, sym->name);
			EXPECT_EQ(k->value, sym->value) TH_LOG("%s", sym->name);
			seen++;
		}
	}
	EXPECT_EQ(ARRAY_SIZE(table_knowns), seen);
}

TEST_F(bty, plain_kinds_at_their_edges)
{
	EXPECT_STREQ("CLOCK_MONOTONIC", shown(self, ARG_CLOCK_ID, CLOCK_MONOTONIC));
	/* A process's CPU clock is a negative id: its number, as strace. */
	EXPECT_STREQ("-6", shown(self, ARG_CLOCK_ID, (unsigned int)-6));
	EXPECT_STREQ("0", shown(self, ARG_TIMER_FLAGS, 0));
	EXPECT_STREQ("TIMER_ABSTIME", shown(self, ARG_TIMER_FLAGS, TIMER_ABSTIME));
	EXPECT_STREQ("F_OK", shown(self, ARG_ACCESS_MODE, F_OK));
	EXPECT_STREQ("R_OK|W_OK", shown(self, ARG_ACCESS_MODE, R_OK | W_OK));
	EXPECT_STREQ("AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH",
		     shown(self, ARG_AT_FLAGS, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH));
	EXPECT_STREQ("AT_STATX_SYNC_AS_STAT", shown(self, ARG_STATX_FLAGS, 0));
	EXPECT_STREQ("AT_STATX_DONT_SYNC|AT_SYMLINK_NOFOLLOW",
		     shown(self, ARG_STATX_FLAGS, AT_STATX_DONT_SYNC | AT_SYMLINK_NOFOLLOW));
	EXPECT_STREQ("STATX_ALL", shown(self, ARG_STATX_MASK, 0xfff));
	EXPECT_STREQ("STATX_BASIC_STATS", shown(self, ARG_STATX_MASK, STATX_BASIC_STATS));
	EXPECT_STREQ("STATX_ALL|STATX_MNT_ID", shown(self, ARG_STATX_MASK, 0x1fff));
	EXPECT_STREQ("STATX_TYPE|STATX_SIZE", shown(self, ARG_STATX_MASK, STATX_TYPE | STATX_SIZE));
	EXPECT_STREQ("MSG_DONTWAIT|MSG_NOSIGNAL|0x80000000",
		     shown(self, ARG_MSG_FLAGS, MSG_DONTWAIT | MSG_NOSIGNAL | 0x80000000u));
	EXPECT_STREQ("99", shown(self, ARG_EPOLL_OP, 99));
	EXPECT_STREQ("-1", shown(self, ARG_RLIMIT_RESOURCE, (unsigned int)-1));
	EXPECT_STREQ("SOCK_CLOEXEC", shown(self, ARG_SOCK_FLAGS, SOCK_CLOEXEC));
	EXPECT_STREQ("__WALL", shown(self, ARG_WAIT_OPTIONS, __WALL));
	EXPECT_STREQ("LOCK_EX|LOCK_NB", shown(self, ARG_FLOCK_OP, LOCK_EX | LOCK_NB));
}

/* futex's bitset and FUTEX_WAKE_OP's val3, and fcntl's values, as strace 6.1 writes them here. */
TEST_F(bty, futex_and_fcntl_values_as_strace)
{
	EXPECT_STREQ("FUTEX_BITSET_MATCH_ANY", shown(self, ARG_FUTEX_BITSET, 0xffffffff));
	EXPECT_STREQ("0x11", shown(self, ARG_FUTEX_BITSET, 0x11));
	EXPECT_STREQ("0", shown(self, ARG_FUTEX_BITSET, 0));
	EXPECT_STREQ("FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_EQ<<24|0x11",
		     shown(self, ARG_FUTEX_WAKE_OP, 0x11));
	EXPECT_STREQ("FUTEX_OP_OPARG_SHIFT<<28|FUTEX_OP_ADD<<28|0x5<<12|FUTEX_OP_CMP_GT<<24|0",
		     shown(self, ARG_FUTEX_WAKE_OP, 0x94005000));
	EXPECT_STREQ("0x7<<28 /* FUTEX_OP_??? */|0x1<<12|0x9<<24 /* FUTEX_OP_CMP_??? */|0x2",
		     shown(self, ARG_FUTEX_WAKE_OP, 0x79001002));
	EXPECT_STREQ("FD_CLOEXEC|0x2", shown(self, ARG_FD_CLOEXEC, 3));
	EXPECT_STREQ("0", shown(self, ARG_FD_CLOEXEC, 0));
	EXPECT_STREQ("F_UNLCK", shown(self, ARG_FCNTL_LEASE, F_UNLCK));
	EXPECT_STREQ("DN_ACCESS|DN_MULTISHOT", shown(self, ARG_DNOTIFY_FLAGS, DN_ACCESS | DN_MULTISHOT));
	EXPECT_STREQ("F_SEAL_SEAL|F_SEAL_WRITE", shown(self, ARG_SEALS, F_SEAL_SEAL | F_SEAL_WRITE));
}

TEST_HARNESS_MAIN
