// SPDX-License-Identifier: GPL-2.0
/*
 * The class tables: each call in a class is a call of its machine, and
 * on x86_64 and i386 the classes hold exactly the calls strace 6.1
 * selects. Those were seen, not copied: a static program made every
 * call number of each ABI (int $0x80 for i386) under a seccomp filter
 * that failed them all with ENOSYS, run under strace -e trace=%CLASS
 * for each class; the names it printed are below. Calls strace 6.1 does
 * not know (numbered 451 and up) it prints as syscall_0x..., in every
 * class: they are not held to it.
 */
#include "kselftest_harness.h"

#include <libaudit.h>

#include "syscall_class.h"
#include "syscall_table.h"

/* What strace 6.1 selected for one class word. */
struct class_seen {
	unsigned int class;
	const char *word;
	const char *names;	/* space-separated, sorted */
};

static const struct class_seen x86_64_seen[] = {
	{ SC_FILE, "%file",
	  "access acct chdir chmod chown chroot creat execve execveat faccessat "
	  "faccessat2 fanotify_mark fchmodat fchownat fsconfig fspick futimesat "
	  "getcwd getxattr inotify_add_watch lchown lgetxattr link linkat "
	  "listxattr llistxattr lremovexattr lsetxattr lstat mkdir mkdirat mknod "
	  "mknodat mount mount_setattr move_mount name_to_handle_at newfstatat "
	  "open open_tree openat openat2 pivot_root quotactl readlink readlinkat "
	  "removexattr rename renameat renameat2 rmdir setxattr stat statfs statx "
	  "swapoff swapon symlink symlinkat truncate umount2 unlink unlinkat "
	  "uselib utime utimensat utimes" },
	{ SC_PROCESS, "%process",
	  "clone clone3 execve execveat exit exit_group fork kill "
	  "pidfd_send_signal rt_sigqueueinfo rt_tgsigqueueinfo tgkill tkill vfork "
	  "wait4 waitid" },
	{ SC_NETWORK, "%network",
	  "accept accept4 bind connect getpeername getpmsg getsockname getsockopt "
	  "listen putpmsg recvfrom recvmmsg recvmsg sendfile sendmmsg sendmsg "
	  "sendto setsockopt shutdown socket socketpair" },
	{ SC_SIGNAL, "%signal",
	  "io_uring_enter kill pause pidfd_send_signal rt_sigaction rt_sigpending "
	  "rt_sigprocmask rt_sigqueueinfo rt_sigreturn rt_sigsuspend "
	  "rt_sigtimedwait rt_tgsigqueueinfo sigaltstack signalfd signalfd4 "
	  "tgkill tkill" },
	{ SC_IPC, "%ipc",
	  "msgctl msgget msgrcv msgsnd semctl semget semop semtimedop shmat "
	  "shmctl shmdt shmget" },
	{ SC_DESC, "%desc",
	  "bpf close copy_file_range creat dup dup2 dup3 epoll_create "
	  "epoll_create1 epoll_ctl epoll_pwait epoll_pwait2 epoll_wait eventfd "
	  "eventfd2 execveat faccessat faccessat2 fadvise64 fallocate "
	  "fanotify_init fanotify_mark fchdir fchmod fchmodat fchown fchownat "
	  "fcntl fdatasync fgetxattr finit_module flistxattr flock fremovexattr "
	  "fsconfig fsetxattr fsmount fsopen fspick fstat fstatfs fsync ftruncate "
	  "futimesat getdents getdents64 inotify_add_watch inotify_init "
	  "inotify_init1 inotify_rm_watch io_uring_enter io_uring_register "
	  "io_uring_setup ioctl kexec_file_load landlock_add_rule "
	  "landlock_create_ruleset landlock_restrict_self linkat lseek "
	  "memfd_create memfd_secret mkdirat mknodat mmap mount_setattr "
	  "move_mount mq_getsetattr mq_notify mq_open mq_timedreceive "
	  "mq_timedsend name_to_handle_at newfstatat open open_by_handle_at "
	  "open_tree openat openat2 perf_event_open pidfd_getfd pidfd_open "
	  "pidfd_send_signal pipe pipe2 poll ppoll pread64 preadv preadv2 "
	  "process_madvise process_mrelease pselect6 pwrite64 pwritev pwritev2 "
	  "quotactl_fd read readahead readlinkat readv renameat renameat2 select "
	  "sendfile setns signalfd signalfd4 splice statx symlinkat "
	  "sync_file_range syncfs tee timerfd_create timerfd_gettime "
	  "timerfd_settime unlinkat userfaultfd utimensat vmsplice write writev" },
	{ SC_MEMORY, "%memory",
	  "brk get_mempolicy io_destroy io_setup io_uring_register madvise mbind "
	  "migrate_pages mincore mlock mlock2 mlockall mmap move_pages mprotect "
	  "mremap msync munlock munlockall munmap pkey_mprotect remap_file_pages "
	  "set_mempolicy set_mempolicy_home_node shmat shmdt" },
	{ SC_CREDS, "%creds",
	  "capget capset getegid geteuid getgid getgroups getresgid getresuid "
	  "getuid prctl setfsgid setfsuid setgid setgroups setregid setresgid "
	  "setresuid setreuid setuid" },
	{ SC_CLOCK, "%clock",
	  "adjtimex clock_adjtime clock_getres clock_gettime clock_settime "
	  "gettimeofday settimeofday time" },
	{ SC_STAT, "%stat",
	  "stat" },
	{ SC_LSTAT, "%lstat",
	  "lstat" },
	{ SC_FSTAT, "%fstat",
	  "fstat newfstatat statx" },
	{ SC_STAT_LIKE, "%%stat",
	  "fstat lstat newfstatat stat statx" },
	{ SC_STATFS, "%statfs",
	  "statfs" },
	{ SC_FSTATFS, "%fstatfs",
	  "fstatfs" },
	{ SC_STATFS_LIKE, "%%statfs",
	  "fstatfs statfs ustat" },
	{ SC_PURE, "%pure",
	  "getegid geteuid getgid getpgrp getpid getppid gettid getuid" },
};

static const struct class_seen i386_seen[] = {
	{ SC_FILE, "%file",
	  "access acct chdir chmod chown chown32 chroot creat execve execveat "
	  "faccessat faccessat2 fanotify_mark fchmodat fchownat fsconfig fspick "
	  "fstatat64 futimesat getcwd getxattr inotify_add_watch lchown lchown32 "
	  "lgetxattr link linkat listxattr llistxattr lremovexattr lsetxattr "
	  "lstat lstat64 mkdir mkdirat mknod mknodat mount mount_setattr "
	  "move_mount name_to_handle_at oldlstat oldstat open open_tree openat "
	  "openat2 pivot_root quotactl readlink readlinkat removexattr rename "
	  "renameat renameat2 rmdir setxattr stat stat64 statfs statfs64 statx "
	  "swapoff swapon symlink symlinkat truncate truncate64 umount umount2 "
	  "unlink unlinkat uselib utime utimensat utimensat_time64 utimes" },
	{ SC_PROCESS, "%process",
	  "clone clone3 execve execveat exit exit_group fork kill "
	  "pidfd_send_signal rt_sigqueueinfo rt_tgsigqueueinfo tgkill tkill vfork "
	  "wait4 waitid waitpid" },
	{ SC_NETWORK, "%network",
	  "accept4 bind connect getpeername getpmsg getsockname getsockopt listen "
	  "putpmsg recvfrom recvmmsg recvmmsg_time64 recvmsg sendfile sendfile64 "
	  "sendmmsg sendmsg sendto setsockopt shutdown socket socketpair" },
	{ SC_SIGNAL, "%signal",
	  "io_uring_enter kill pause pidfd_send_signal rt_sigaction rt_sigpending "
	  "rt_sigprocmask rt_sigqueueinfo rt_sigreturn rt_sigsuspend "
	  "rt_sigtimedwait rt_sigtimedwait_time64 rt_tgsigqueueinfo sgetmask "
	  "sigaction sigaltstack signal signalfd signalfd4 sigpending sigprocmask "
	  "sigreturn sigsuspend ssetmask tgkill tkill" },
	{ SC_IPC, "%ipc",
	  "ipc msgctl msgget msgrcv msgsnd semctl semget semtimedop_time64 shmat "
	  "shmctl shmdt shmget" },
	{ SC_DESC, "%desc",
	  "_llseek _newselect bpf close copy_file_range creat dup dup2 dup3 "
	  "epoll_create epoll_create1 epoll_ctl epoll_pwait epoll_pwait2 "
	  "epoll_wait eventfd eventfd2 execveat faccessat faccessat2 fadvise64 "
	  "fadvise64_64 fallocate fanotify_init fanotify_mark fchdir fchmod "
	  "fchmodat fchown fchown32 fchownat fcntl fcntl64 fdatasync fgetxattr "
	  "finit_module flistxattr flock fremovexattr fsconfig fsetxattr fsmount "
	  "fsopen fspick fstat fstat64 fstatat64 fstatfs fstatfs64 fsync "
	  "ftruncate ftruncate64 futimesat getdents getdents64 inotify_add_watch "
	  "inotify_init inotify_init1 inotify_rm_watch io_uring_enter "
	  "io_uring_register io_uring_setup ioctl landlock_add_rule "
	  "landlock_create_ruleset landlock_restrict_self linkat lseek "
	  "memfd_create memfd_secret mkdirat mknodat mmap mmap2 mount_setattr "
	  "move_mount mq_getsetattr mq_notify mq_open mq_timedreceive "
	  "mq_timedreceive_time64 mq_timedsend mq_timedsend_time64 "
	  "name_to_handle_at oldfstat open open_by_handle_at open_tree openat "
	  "openat2 perf_event_open pidfd_getfd pidfd_open pidfd_send_signal pipe "
	  "pipe2 poll ppoll ppoll_time64 pread64 preadv preadv2 process_madvise "
	  "process_mrelease pselect6 pselect6_time64 pwrite64 pwritev pwritev2 "
	  "quotactl_fd read readahead readdir readlinkat readv renameat renameat2 "
	  "select sendfile sendfile64 setns signalfd signalfd4 socketcall splice "
	  "statx symlinkat sync_file_range syncfs tee timerfd_create "
	  "timerfd_gettime timerfd_gettime64 timerfd_settime timerfd_settime64 "
	  "unlinkat userfaultfd utimensat utimensat_time64 vmsplice write writev" },
	{ SC_MEMORY, "%memory",
	  "break brk get_mempolicy io_destroy io_setup io_uring_register madvise "
	  "mbind migrate_pages mincore mlock mlock2 mlockall mmap mmap2 "
	  "move_pages mprotect mremap msync munlock munlockall munmap "
	  "pkey_mprotect remap_file_pages set_mempolicy set_mempolicy_home_node "
	  "shmat shmdt" },
	{ SC_CREDS, "%creds",
	  "capget capset getegid getegid32 geteuid geteuid32 getgid getgid32 "
	  "getgroups getgroups32 getresgid getresgid32 getresuid getresuid32 "
	  "getuid getuid32 prctl setfsgid setfsgid32 setfsuid setfsuid32 setgid "
	  "setgid32 setgroups setgroups32 setregid setregid32 setresgid "
	  "setresgid32 setresuid setresuid32 setreuid setreuid32 setuid setuid32" },
	{ SC_CLOCK, "%clock",
	  "adjtimex clock_adjtime clock_adjtime64 clock_getres "
	  "clock_getres_time64 clock_gettime clock_gettime64 clock_settime "
	  "clock_settime64 gettimeofday settimeofday time" },
	{ SC_STAT, "%stat",
	  "oldstat stat stat64" },
	{ SC_LSTAT, "%lstat",
	  "lstat lstat64 oldlstat" },
	{ SC_FSTAT, "%fstat",
	  "fstat fstat64 fstatat64 oldfstat statx" },
	{ SC_STAT_LIKE, "%%stat",
	  "fstat fstat64 fstatat64 lstat lstat64 oldfstat oldlstat oldstat stat "
	  "stat64 statx" },
	{ SC_STATFS, "%statfs",
	  "statfs statfs64" },
	{ SC_FSTATFS, "%fstatfs",
	  "fstatfs fstatfs64" },
	{ SC_STATFS_LIKE, "%%statfs",
	  "fstatfs fstatfs64 statfs statfs64 ustat" },
	{ SC_PURE, "%pure",
	  "getegid getegid32 geteuid geteuid32 getgid getgid32 getpgrp getpid "
	  "getppid gettid getuid getuid32" },
};

/* The first call strace 6.1 did not know: not held to what it selects. */
#define STRACE_61_LAST_NR 450

static const int machines[] = { MACH_86_64, MACH_X86, MACH_AARCH64, MACH_S390X };

TEST(every_call_in_a_class_is_a_call_of_its_machine)
{
	size_t m, i, nr;

	for (m = 0; m < ARRAY_SIZE(machines); m++) {
		const struct syscall_class_row *rows = syscall_class_rows(machines[m], &nr);

		ASSERT_NE(NULL, rows);
		ASSERT_LT(200, nr);
		for (i = 0; i < nr; i++) {
			EXPECT_LE(0, syscall_number(machines[m], rows[i].name))
				TH_LOG("machine %d has no call %s", machines[m], rows[i].name);
			EXPECT_NE(0, rows[i].classes) TH_LOG("%s: a row with no class", rows[i].name);
		}
	}
}

/* Whether name is a word of the space-separated list names. */
static bool listed(const char *names, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = strstr(names, name); p; p = strstr(p + 1, name))
		if ((p == names || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return true;
	return false;
}

/* Both ways: what strace selected is in the class, and nothing else is. */
static void check_seen(struct __test_metadata *_metadata, int machine,
		       const struct class_seen *seen, size_t nr_seen)
{
	char name[64];
	size_t i;
	long nr;

	for (i = 0; i < nr_seen; i++) {
		const char *p = seen[i].names;
		int len;

		ASSERT_EQ(seen[i].class, syscall_class_parse(seen[i].word));
		while (sscanf(p, "%63s%n", name, &len) == 1) {
			p += len;
			EXPECT_TRUE(syscall_classes(machine, name) & seen[i].class)
				TH_LOG("strace 6.1 puts %s in %s", name, seen[i].word);
		}
		for (nr = 0; nr <= STRACE_61_LAST_NR; nr++) {
			const char *known = syscall_name(machine, nr);

			if (!known || !(syscall_classes(machine, known) & seen[i].class))
				continue;
			EXPECT_TRUE(listed(seen[i].names, known))
				TH_LOG("strace 6.1 does not put %s in %s", known, seen[i].word);
		}
	}
}

TEST(x86_64_classes_are_what_strace_selects)
{
	check_seen(_metadata, MACH_86_64, x86_64_seen, ARRAY_SIZE(x86_64_seen));
}

TEST(i386_classes_are_what_strace_selects)
{
	check_seen(_metadata, MACH_X86, i386_seen, ARRAY_SIZE(i386_seen));
}

/* The classes of name on x86_64 or i386, if either has the call; else -1. */
static long checked_classes(const char *name)
{
	if (syscall_number(MACH_86_64, name) >= 0)
		return syscall_classes(MACH_86_64, name);
	if (syscall_number(MACH_X86, name) >= 0)
		return syscall_classes(MACH_X86, name);
	return -1;
}

/*
 * strace classes a call the same on every machine: aarch64's and
 * s390x's calls that x86_64 or i386 have are in the classes checked
 * there, so none is left out of a class strace puts it in.
 */
TEST(aarch64_and_s390x_class_their_calls_as_the_checked_machines)
{
	static const int others[] = { MACH_AARCH64, MACH_S390X };
	size_t m, shared = 0;
	long nr;

	for (m = 0; m < ARRAY_SIZE(others); m++) {
		for (nr = 0; nr < 1024; nr++) {
			const char *name = syscall_name(others[m], nr);
			long want = name ? checked_classes(name) : -1;

			if (want < 0)
				continue;
			shared++;
			EXPECT_EQ(want, (long)syscall_classes(others[m], name))
				TH_LOG("machine %d: %s", others[m], name);
		}
	}
	EXPECT_LT(500, shared);
}

TEST(the_words_for_a_class)
{
	EXPECT_EQ(SC_FILE, syscall_class_parse("%file"));
	EXPECT_EQ(SC_FILE, syscall_class_parse("file"));
	EXPECT_EQ(SC_NETWORK, syscall_class_parse("%net"));
	EXPECT_EQ(SC_NETWORK, syscall_class_parse("network"));
	EXPECT_EQ(SC_STAT_LIKE, syscall_class_parse("%%stat"));
	/* strace 6.1 takes only the seven older classes without '%'. */
	EXPECT_EQ(0, syscall_class_parse("creds"));
	EXPECT_EQ(0, syscall_class_parse("net"));
	EXPECT_EQ(0, syscall_class_parse("%files"));
}

TEST_HARNESS_MAIN
