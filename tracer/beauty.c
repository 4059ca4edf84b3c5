// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <libaudit.h>
#include <linux/futex.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

#include "beauty.h"
#include "compiler.h"
#include "ct_ioctl.h"
#include "ct_process.h"
#include "sock_names.h"
#include "sorted.h"

#define SYM(x) { (unsigned long)(x), #x }

/*
 * Flags, each printed when all its bits are set, in this order. open's
 * are the kernel ABIs' values (octal, as in the uapi fcntl headers):
 * generic for x86_64 and s390x, arm64's and ppc64's differ in four bits
 * (O_DIRECTORY and O_NOFOLLOW alike, O_DIRECT and O_LARGEFILE not). O_SYNC and
 * O_TMPFILE contain O_DSYNC's and O_DIRECTORY's bits, so they come first.
 */
#define O_DIRECTORY_GENERIC 0200000
#define O_DIRECTORY_ARM64 040000
#define O_TMPFILE_BIT 020000000		/* with O_DIRECTORY, it is O_TMPFILE */

static const struct symbol open_flags[] = {
	{ 0100, "O_CREAT" }, { 0200, "O_EXCL" }, { 0400, "O_NOCTTY" },
	{ 01000, "O_TRUNC" }, { 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" },
	{ 04010000, "O_SYNC" }, { 010000, "O_DSYNC" }, { 020000, "O_ASYNC" },
	{ 040000, "O_DIRECT" }, { 0100000, "O_LARGEFILE" },
	{ O_TMPFILE_BIT | O_DIRECTORY_GENERIC, "O_TMPFILE" },
	{ O_DIRECTORY_GENERIC, "O_DIRECTORY" }, { 0400000, "O_NOFOLLOW" },
	{ 01000000, "O_NOATIME" }, { 02000000, "O_CLOEXEC" },
	{ 010000000, "O_PATH" },
};

/* arm64: O_DIRECTORY, O_NOFOLLOW, O_DIRECT and O_LARGEFILE differ. */
static const struct symbol open_flags_arm64[] = {
	{ 0100, "O_CREAT" }, { 0200, "O_EXCL" }, { 0400, "O_NOCTTY" },
	{ 01000, "O_TRUNC" }, { 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" },
	{ 04010000, "O_SYNC" }, { 010000, "O_DSYNC" }, { 020000, "O_ASYNC" },
	{ 0200000, "O_DIRECT" }, { 0400000, "O_LARGEFILE" },
	{ O_TMPFILE_BIT | O_DIRECTORY_ARM64, "O_TMPFILE" },
	{ O_DIRECTORY_ARM64, "O_DIRECTORY" }, { 0100000, "O_NOFOLLOW" },
	{ 01000000, "O_NOATIME" }, { 02000000, "O_CLOEXEC" },
	{ 010000000, "O_PATH" },
};

/* ppc64: arm64's O_DIRECTORY and O_NOFOLLOW, its O_DIRECT and O_LARGEFILE swapped. */
static const struct symbol open_flags_ppc64[] = {
	{ 0100, "O_CREAT" }, { 0200, "O_EXCL" }, { 0400, "O_NOCTTY" },
	{ 01000, "O_TRUNC" }, { 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" },
	{ 04010000, "O_SYNC" }, { 010000, "O_DSYNC" }, { 020000, "O_ASYNC" },
	{ 0400000, "O_DIRECT" }, { 0200000, "O_LARGEFILE" },
	{ O_TMPFILE_BIT | O_DIRECTORY_ARM64, "O_TMPFILE" },
	{ O_DIRECTORY_ARM64, "O_DIRECTORY" }, { 0100000, "O_NOFOLLOW" },
	{ 01000000, "O_NOATIME" }, { 02000000, "O_CLOEXEC" },
	{ 010000000, "O_PATH" },
};

#define O_ACCMODE_ABI 03
#define O_CREAT_ABI 0100

static const struct symbol fd_flags[] = {
	{ 04000, "O_NONBLOCK" }, { 040000, "O_DIRECT" }, { 02000000, "O_CLOEXEC" },
};

static const struct symbol fd_flags_arm64[] = {
	{ 04000, "O_NONBLOCK" }, { 0200000, "O_DIRECT" }, { 02000000, "O_CLOEXEC" },
};

static const struct symbol fd_flags_ppc64[] = {
	{ 04000, "O_NONBLOCK" }, { 0400000, "O_DIRECT" }, { 02000000, "O_CLOEXEC" },
};

static const struct symbol prot_flags[] = {
	SYM(PROT_READ), SYM(PROT_WRITE), SYM(PROT_EXEC),
#ifdef PROT_SEM
	SYM(PROT_SEM),
#endif
#ifdef PROT_SAO
	SYM(PROT_SAO),
#endif
#ifdef PROT_BTI
	SYM(PROT_BTI),
#endif
#ifdef PROT_MTE
	SYM(PROT_MTE),
#endif
	SYM(PROT_GROWSDOWN), SYM(PROT_GROWSUP),
};

static const struct symbol map_flags[] = {
	SYM(MAP_FIXED), SYM(MAP_ANONYMOUS),
#ifdef MAP_32BIT
	SYM(MAP_32BIT),
#endif
	SYM(MAP_GROWSDOWN), SYM(MAP_DENYWRITE), SYM(MAP_EXECUTABLE),
	SYM(MAP_LOCKED), SYM(MAP_NORESERVE), SYM(MAP_POPULATE),
	SYM(MAP_NONBLOCK), SYM(MAP_STACK), SYM(MAP_HUGETLB), SYM(MAP_SYNC),
	SYM(MAP_FIXED_NOREPLACE),
};

/* The low byte of clone's flags is the exit signal, printed last. */
static const struct symbol clone_flags[] = {
	SYM(CLONE_VM), SYM(CLONE_FS), SYM(CLONE_FILES), SYM(CLONE_SIGHAND),
	SYM(CLONE_PIDFD), SYM(CLONE_PTRACE), SYM(CLONE_VFORK),
	SYM(CLONE_PARENT), SYM(CLONE_THREAD), SYM(CLONE_NEWNS),
	SYM(CLONE_SYSVSEM), SYM(CLONE_SETTLS), SYM(CLONE_PARENT_SETTID),
	SYM(CLONE_CHILD_CLEARTID), SYM(CLONE_DETACHED), SYM(CLONE_UNTRACED),
	SYM(CLONE_CHILD_SETTID), SYM(CLONE_NEWCGROUP), SYM(CLONE_NEWUTS),
	SYM(CLONE_NEWIPC), SYM(CLONE_NEWUSER), SYM(CLONE_NEWPID),
	SYM(CLONE_NEWNET), SYM(CLONE_IO),
	SYM(CLONE_CLEAR_SIGHAND), SYM(CLONE_INTO_CGROUP),	/* clone3's only */
};

/* clone3 has a field for the exit signal, and a flag in clone's signal byte. */
static const struct symbol clone3_low_flags[] = {
	SYM(CLONE_NEWTIME),
};

static const struct symbol sock_type_flags[] = {
	SYM(SOCK_NONBLOCK), SYM(SOCK_CLOEXEC),
};

/* Enumerations, sorted by value for bsearch. */
static const struct symbol map_types[] = {
	SYM(MAP_SHARED), SYM(MAP_PRIVATE), SYM(MAP_SHARED_VALIDATE),
};

static const struct symbol futex_cmds[] = {
	SYM(FUTEX_WAIT), SYM(FUTEX_WAKE), SYM(FUTEX_FD), SYM(FUTEX_REQUEUE),
	SYM(FUTEX_CMP_REQUEUE), SYM(FUTEX_WAKE_OP), SYM(FUTEX_LOCK_PI),
	SYM(FUTEX_UNLOCK_PI), SYM(FUTEX_TRYLOCK_PI), SYM(FUTEX_WAIT_BITSET),
	SYM(FUTEX_WAKE_BITSET), SYM(FUTEX_WAIT_REQUEUE_PI),
	SYM(FUTEX_CMP_REQUEUE_PI), SYM(FUTEX_LOCK_PI2),
};

static const struct symbol sigmask_hows[] = {
	SYM(SIG_BLOCK), SYM(SIG_UNBLOCK), SYM(SIG_SETMASK),
};

static const struct symbol sock_families[] = {
	SYM(AF_UNSPEC), SYM(AF_UNIX), SYM(AF_INET), SYM(AF_AX25), SYM(AF_IPX),
	SYM(AF_APPLETALK), SYM(AF_NETROM), SYM(AF_BRIDGE), SYM(AF_ATMPVC),
	SYM(AF_X25), SYM(AF_INET6), SYM(AF_ROSE), SYM(AF_DECnet),
	SYM(AF_NETBEUI), SYM(AF_SECURITY), SYM(AF_KEY), SYM(AF_NETLINK),
	SYM(AF_PACKET), SYM(AF_ASH), SYM(AF_ECONET), SYM(AF_ATMSVC),
	SYM(AF_RDS), SYM(AF_SNA), SYM(AF_IRDA), SYM(AF_PPPOX),
	SYM(AF_WANPIPE), SYM(AF_LLC), SYM(AF_IB), SYM(AF_MPLS), SYM(AF_CAN),
	SYM(AF_TIPC), SYM(AF_BLUETOOTH), SYM(AF_IUCV), SYM(AF_RXRPC),
	SYM(AF_ISDN), SYM(AF_PHONET), SYM(AF_IEEE802154), SYM(AF_CAIF),
	SYM(AF_ALG), SYM(AF_NFC), SYM(AF_VSOCK), SYM(AF_KCM), SYM(AF_QIPCRTR),
	SYM(AF_SMC), SYM(AF_XDP), SYM(AF_MCTP),
};

static const struct symbol sock_types[] = {
	SYM(SOCK_STREAM), SYM(SOCK_DGRAM), SYM(SOCK_RAW), SYM(SOCK_RDM),
	SYM(SOCK_SEQPACKET), SYM(SOCK_DCCP), SYM(SOCK_PACKET),
};

/*
 * The plain tables: the values are the same on x86_64, arm64 and s390x
 * (the kernel's generic ABI), so a file from any of them reads right.
 * Flags print in table order, so a flag made of others comes first.
 */
static const struct symbol clock_ids[] = {
	SYM(CLOCK_REALTIME), SYM(CLOCK_MONOTONIC), SYM(CLOCK_PROCESS_CPUTIME_ID),
	SYM(CLOCK_THREAD_CPUTIME_ID), SYM(CLOCK_MONOTONIC_RAW),
	SYM(CLOCK_REALTIME_COARSE), SYM(CLOCK_MONOTONIC_COARSE),
	SYM(CLOCK_BOOTTIME), SYM(CLOCK_REALTIME_ALARM), SYM(CLOCK_BOOTTIME_ALARM),
	SYM(CLOCK_TAI),
};

static const struct symbol timer_flags[] = { SYM(TIMER_ABSTIME) };

static const struct symbol tfd_timer_flags[] = {
	SYM(TFD_TIMER_ABSTIME), SYM(TFD_TIMER_CANCEL_ON_SET),
};

static const struct symbol at_flags[] = {
	SYM(AT_SYMLINK_NOFOLLOW), SYM(AT_REMOVEDIR), SYM(AT_SYMLINK_FOLLOW),
	SYM(AT_NO_AUTOMOUNT), SYM(AT_EMPTY_PATH), { 0x8000, "AT_RECURSIVE" },
};

static const struct symbol access_at_flags[] = {
	SYM(AT_SYMLINK_NOFOLLOW), SYM(AT_EACCESS), SYM(AT_EMPTY_PATH),
};

/* statx's sync type is a 2-bit field; the other bits are at_flags. */
static const struct symbol statx_sync_types[] = {
	SYM(AT_STATX_SYNC_AS_STAT), SYM(AT_STATX_FORCE_SYNC),
	SYM(AT_STATX_DONT_SYNC),
};

static const struct symbol statx_masks[] = {
	{ 0xfff, "STATX_ALL" }, SYM(STATX_BASIC_STATS),
	SYM(STATX_TYPE), SYM(STATX_MODE), SYM(STATX_NLINK), SYM(STATX_UID),
	SYM(STATX_GID), SYM(STATX_ATIME), SYM(STATX_MTIME), SYM(STATX_CTIME),
	SYM(STATX_INO), SYM(STATX_SIZE), SYM(STATX_BLOCKS), SYM(STATX_BTIME),
	{ 0x1000, "STATX_MNT_ID" }, { 0x2000, "STATX_DIOALIGN" },
	{ 0x4000, "STATX_MNT_ID_UNIQUE" }, { 0x8000, "STATX_SUBVOL" },
	{ 0x10000, "STATX_WRITE_ATOMIC" }, { 0x20000, "STATX_DIO_READ_ALIGN" },
};

static const struct symbol access_modes[] = { SYM(R_OK), SYM(W_OK), SYM(X_OK) };

static const struct symbol epoll_ops[] = {
	SYM(EPOLL_CTL_ADD), SYM(EPOLL_CTL_DEL), SYM(EPOLL_CTL_MOD),
};

static const struct symbol rlimit_resources[] = {
	SYM(RLIMIT_CPU), SYM(RLIMIT_FSIZE), SYM(RLIMIT_DATA), SYM(RLIMIT_STACK),
	SYM(RLIMIT_CORE), SYM(RLIMIT_RSS), SYM(RLIMIT_NPROC), SYM(RLIMIT_NOFILE),
	SYM(RLIMIT_MEMLOCK), SYM(RLIMIT_AS), SYM(RLIMIT_LOCKS),
	SYM(RLIMIT_SIGPENDING), SYM(RLIMIT_MSGQUEUE), SYM(RLIMIT_NICE),
	SYM(RLIMIT_RTPRIO), SYM(RLIMIT_RTTIME),
};

static const struct symbol itimer_whichs[] = {
	SYM(ITIMER_REAL), SYM(ITIMER_VIRTUAL), SYM(ITIMER_PROF),
};

static const struct symbol wait_options[] = {
	SYM(WNOHANG), SYM(WUNTRACED), SYM(WCONTINUED), SYM(__WNOTHREAD),
	SYM(__WALL), SYM(__WCLONE),
};

static const struct symbol waitid_options[] = {
	SYM(WNOHANG), SYM(WSTOPPED), SYM(WEXITED), SYM(WCONTINUED), SYM(WNOWAIT),
	SYM(__WNOTHREAD), SYM(__WALL), SYM(__WCLONE),
};

static const struct symbol waitid_whichs[] = {
	SYM(P_ALL), SYM(P_PID), SYM(P_PGID), SYM(P_PIDFD),
};

static const struct symbol fcntl_cmds[] = {
	SYM(F_DUPFD), SYM(F_GETFD), SYM(F_SETFD), SYM(F_GETFL), SYM(F_SETFL),
	SYM(F_GETLK), SYM(F_SETLK), SYM(F_SETLKW), SYM(F_SETOWN), SYM(F_GETOWN),
	SYM(F_SETSIG), SYM(F_GETSIG), SYM(F_SETOWN_EX), SYM(F_GETOWN_EX),
	SYM(F_OFD_GETLK), SYM(F_OFD_SETLK), SYM(F_OFD_SETLKW), SYM(F_SETLEASE),
	SYM(F_GETLEASE), SYM(F_NOTIFY), SYM(F_DUPFD_CLOEXEC), SYM(F_SETPIPE_SZ),
	SYM(F_GETPIPE_SZ), SYM(F_ADD_SEALS), SYM(F_GET_SEALS), SYM(F_GET_RW_HINT),
	SYM(F_SET_RW_HINT), SYM(F_GET_FILE_RW_HINT), SYM(F_SET_FILE_RW_HINT),
};

/* FUTEX_WAKE_OP's val3: the operation on uaddr2 and the comparison of its old value. */
static const struct symbol futex_wake_ops[] = {
	SYM(FUTEX_OP_SET), SYM(FUTEX_OP_ADD), SYM(FUTEX_OP_OR), SYM(FUTEX_OP_ANDN),
	SYM(FUTEX_OP_XOR),
};

static const struct symbol futex_wake_cmps[] = {
	SYM(FUTEX_OP_CMP_EQ), SYM(FUTEX_OP_CMP_NE), SYM(FUTEX_OP_CMP_LT), SYM(FUTEX_OP_CMP_LE),
	SYM(FUTEX_OP_CMP_GT), SYM(FUTEX_OP_CMP_GE),
};

static const struct symbol fd_cloexec_flags[] = { SYM(FD_CLOEXEC) };

static const struct symbol fcntl_leases[] = { SYM(F_RDLCK), SYM(F_WRLCK), SYM(F_UNLCK) };

static const struct symbol dnotify_flags[] = {
	SYM(DN_ACCESS), SYM(DN_MODIFY), SYM(DN_CREATE), SYM(DN_DELETE),
	SYM(DN_RENAME), SYM(DN_ATTRIB), SYM(DN_MULTISHOT),
};

static const struct symbol seal_flags[] = {
	SYM(F_SEAL_SEAL), SYM(F_SEAL_SHRINK), SYM(F_SEAL_GROW), SYM(F_SEAL_WRITE),
	SYM(F_SEAL_FUTURE_WRITE),
};

static const struct symbol seek_whences[] = {
	SYM(SEEK_SET), SYM(SEEK_CUR), SYM(SEEK_END), SYM(SEEK_DATA), SYM(SEEK_HOLE),
};

static const struct symbol madvise_advices[] = {
	SYM(MADV_NORMAL), SYM(MADV_RANDOM), SYM(MADV_SEQUENTIAL),
	SYM(MADV_WILLNEED), SYM(MADV_DONTNEED), SYM(MADV_FREE), SYM(MADV_REMOVE),
	SYM(MADV_DONTFORK), SYM(MADV_DOFORK), SYM(MADV_MERGEABLE),
	SYM(MADV_UNMERGEABLE), SYM(MADV_HUGEPAGE), SYM(MADV_NOHUGEPAGE),
	SYM(MADV_DONTDUMP), SYM(MADV_DODUMP), SYM(MADV_WIPEONFORK),
	SYM(MADV_KEEPONFORK), SYM(MADV_COLD), SYM(MADV_PAGEOUT),
	SYM(MADV_POPULATE_READ), SYM(MADV_POPULATE_WRITE),
	{ 24, "MADV_DONTNEED_LOCKED" }, { 25, "MADV_COLLAPSE" },
	SYM(MADV_HWPOISON), { 101, "MADV_SOFT_OFFLINE" },
	{ 102, "MADV_GUARD_INSTALL" }, { 103, "MADV_GUARD_REMOVE" },
};

/* s390x's DONTNEED and NOREUSE are 6 and 7: the C library's values follow the build. */
static const struct symbol fadvise_advices[] = {
	SYM(POSIX_FADV_NORMAL), SYM(POSIX_FADV_RANDOM), SYM(POSIX_FADV_SEQUENTIAL),
	SYM(POSIX_FADV_WILLNEED), SYM(POSIX_FADV_DONTNEED), SYM(POSIX_FADV_NOREUSE),
};

static const struct symbol msg_flags[] = {
	SYM(MSG_OOB), SYM(MSG_PEEK), SYM(MSG_DONTROUTE), SYM(MSG_CTRUNC),
	SYM(MSG_PROXY), SYM(MSG_TRUNC), SYM(MSG_DONTWAIT), SYM(MSG_EOR),
	SYM(MSG_WAITALL), SYM(MSG_FIN), SYM(MSG_SYN), SYM(MSG_CONFIRM),
	SYM(MSG_RST), SYM(MSG_ERRQUEUE), SYM(MSG_NOSIGNAL), SYM(MSG_MORE),
	SYM(MSG_WAITFORONE), SYM(MSG_BATCH), SYM(MSG_ZEROCOPY),
	SYM(MSG_FASTOPEN), SYM(MSG_CMSG_CLOEXEC),
};

static const struct symbol getrandom_flags[] = {
	SYM(GRND_NONBLOCK), SYM(GRND_RANDOM), SYM(GRND_INSECURE),
};

static const struct symbol eventfd_flags[] = {
	SYM(EFD_SEMAPHORE), SYM(EFD_NONBLOCK), SYM(EFD_CLOEXEC),
};

static const struct symbol epoll_create_flags[] = { SYM(EPOLL_CLOEXEC) };

static const struct symbol inotify_flags[] = { SYM(IN_NONBLOCK), SYM(IN_CLOEXEC) };

static const struct symbol timerfd_flags[] = { SYM(TFD_NONBLOCK), SYM(TFD_CLOEXEC) };

static const struct symbol signalfd_flags[] = { SYM(SFD_NONBLOCK), SYM(SFD_CLOEXEC) };

static const struct symbol memfd_flags[] = {
	SYM(MFD_CLOEXEC), SYM(MFD_ALLOW_SEALING), SYM(MFD_HUGETLB),
	{ 8, "MFD_NOEXEC_SEAL" }, { 0x10, "MFD_EXEC" },
};

static const struct symbol rename_flags[] = {
	SYM(RENAME_NOREPLACE), SYM(RENAME_EXCHANGE), SYM(RENAME_WHITEOUT),
};

static const struct symbol shutdown_hows[] = { SYM(SHUT_RD), SYM(SHUT_WR), SYM(SHUT_RDWR) };

static const struct symbol flock_ops[] = {
	SYM(LOCK_SH), SYM(LOCK_EX), SYM(LOCK_NB), SYM(LOCK_UN),
};

static const struct symbol msync_flags[] = {
	SYM(MS_ASYNC), SYM(MS_INVALIDATE), SYM(MS_SYNC),
};

static const struct symbol mremap_flags[] = {
	SYM(MREMAP_MAYMOVE), SYM(MREMAP_FIXED), SYM(MREMAP_DONTUNMAP),
};

static const struct symbol mlock_flags[] = { SYM(MLOCK_ONFAULT) };

static const struct symbol mlockall_flags[] = {
	SYM(MCL_CURRENT), SYM(MCL_FUTURE), SYM(MCL_ONFAULT),
};

/* How a kind with a plain table prints; zero: what 0 prints as. */
struct symbolic_kind {
	const struct symbol *syms;
	size_t nr;
	bool flags;
	const char *zero;
};

#define ENUM_KIND(t) { t, ARRAY_SIZE(t), false, NULL }
#define FLAGS_KIND(t, zero) { t, ARRAY_SIZE(t), true, zero }

static const struct symbolic_kind symbolic_kinds[ARG_KIND_COUNT] = {
	[ARG_SOCK_FLAGS] = FLAGS_KIND(sock_type_flags, "0"),
	[ARG_CLOCK_ID] = ENUM_KIND(clock_ids),
	[ARG_TIMER_FLAGS] = FLAGS_KIND(timer_flags, "0"),
	[ARG_TFD_TIMER_FLAGS] = FLAGS_KIND(tfd_timer_flags, "0"),
	[ARG_AT_FLAGS] = FLAGS_KIND(at_flags, "0"),
	[ARG_ACCESS_AT_FLAGS] = FLAGS_KIND(access_at_flags, "0"),
	[ARG_STATX_MASK] = FLAGS_KIND(statx_masks, "0"),
	[ARG_ACCESS_MODE] = FLAGS_KIND(access_modes, "F_OK"),
	[ARG_EPOLL_OP] = ENUM_KIND(epoll_ops),
	[ARG_RLIMIT_RESOURCE] = ENUM_KIND(rlimit_resources),
	[ARG_ITIMER_WHICH] = ENUM_KIND(itimer_whichs),
	[ARG_WAIT_OPTIONS] = FLAGS_KIND(wait_options, "0"),
	[ARG_WAITID_WHICH] = ENUM_KIND(waitid_whichs),
	[ARG_WAITID_OPTIONS] = FLAGS_KIND(waitid_options, "0"),
	[ARG_FCNTL_CMD] = ENUM_KIND(fcntl_cmds),
	[ARG_FD_CLOEXEC] = FLAGS_KIND(fd_cloexec_flags, "0"),
	[ARG_FCNTL_LEASE] = ENUM_KIND(fcntl_leases),
	[ARG_DNOTIFY_FLAGS] = FLAGS_KIND(dnotify_flags, "0"),
	[ARG_SEALS] = FLAGS_KIND(seal_flags, "0"),
	[ARG_SEEK_WHENCE] = ENUM_KIND(seek_whences),
	[ARG_MADVISE] = ENUM_KIND(madvise_advices),
	[ARG_FADVISE] = ENUM_KIND(fadvise_advices),
	[ARG_MSG_FLAGS] = FLAGS_KIND(msg_flags, "0"),
	[ARG_GETRANDOM_FLAGS] = FLAGS_KIND(getrandom_flags, "0"),
	[ARG_EVENTFD_FLAGS] = FLAGS_KIND(eventfd_flags, "0"),
	[ARG_EPOLL_CREATE_FLAGS] = FLAGS_KIND(epoll_create_flags, "0"),
	[ARG_INOTIFY_FLAGS] = FLAGS_KIND(inotify_flags, "0"),
	[ARG_TIMERFD_FLAGS] = FLAGS_KIND(timerfd_flags, "0"),
	[ARG_SIGNALFD_FLAGS] = FLAGS_KIND(signalfd_flags, "0"),
	[ARG_MEMFD_FLAGS] = FLAGS_KIND(memfd_flags, "0"),
	[ARG_RENAME_FLAGS] = FLAGS_KIND(rename_flags, "0"),
	[ARG_SHUTDOWN_HOW] = ENUM_KIND(shutdown_hows),
	[ARG_FLOCK_OP] = FLAGS_KIND(flock_ops, "0"),
	[ARG_MSYNC_FLAGS] = FLAGS_KIND(msync_flags, "0"),
	[ARG_MREMAP_FLAGS] = FLAGS_KIND(mremap_flags, "0"),
	[ARG_MLOCK_FLAGS] = FLAGS_KIND(mlock_flags, "0"),
	[ARG_MLOCKALL_FLAGS] = FLAGS_KIND(mlockall_flags, "0"),
};

/* Kinds whose values differ on a machine: its own kind. Sorted. */
static const struct machine_variant {
	enum arg_kind kind;
	int machine;
	enum arg_kind variant;
} machine_variants[] = {
	{ ARG_OPEN_FLAGS,	MACH_AARCH64,	ARG_OPEN_FLAGS_ARM64 },
	{ ARG_OPEN_FLAGS,	MACH_PPC64LE,	ARG_OPEN_FLAGS_PPC64 },
	{ ARG_FD_FLAGS,		MACH_AARCH64,	ARG_FD_FLAGS_ARM64 },
	{ ARG_FD_FLAGS,		MACH_PPC64LE,	ARG_FD_FLAGS_PPC64 },
};

static int variant_cmp(const void *key, const void *elem)
{
	const struct machine_variant *a = key, *b = elem;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->machine < b->machine ? -1 : a->machine > b->machine;
}

/* The kind a symbolic kind is on a machine: its own where its values differ. */
enum arg_kind beauty_machine_kind(enum arg_kind kind, int machine)
{
	const struct machine_variant key = { kind, machine, kind }, *found;

	found = bsearch(&key, machine_variants, ARRAY_SIZE(machine_variants),
			sizeof(machine_variants[0]), variant_cmp);
	return found ? found->variant : kind;
}

static int symbol_cmp(const void *key, const void *elem)
{
	const struct symbol *a = key, *b = elem;

	return (a->value > b->value) - (a->value < b->value);
}

static const char *symbol_name(unsigned long v, const struct symbol *table,
			       size_t nr)
{
	const struct symbol key = { .value = v };
	const struct symbol *s = bsearch(&key, table, nr, sizeof(*table), symbol_cmp);

	return s ? s->name : NULL;
}

/*
 * "A|B|0x40": each flag whose bits are all in val, then what no flag
 * explains in hex; sep says whether something was printed before.
 */
static void print_flags(struct outbuf *ob, unsigned long val, bool sep,
			const struct symbol *table, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if ((val & table[i].value) != table[i].value)
			continue;
		if (sep)
			outbuf_putc(ob, '|');
		outbuf_puts(ob, table[i].name);
		val &= ~table[i].value;
		sep = true;
	}
	if (val || !sep) {
		if (sep)
			outbuf_putc(ob, '|');
		outbuf_hex(ob, val);
	}
}

/* A named value, else the number as it would print raw. */
static void print_enum(struct outbuf *ob, unsigned long val,
		       const struct symbol *table, size_t nr)
{
	/* Every enumeration is an int: the kernel ignores the register's upper half. */
	const char *name = symbol_name((unsigned int)val, table, nr);

	if (name)
		outbuf_puts(ob, name);
	else
		outbuf_s64(ob, (int)val);
}

/*
 * The kernel's real-time signals are 32..64; glibc keeps the first ones
 * for itself and moves its SIGRTMIN up, so the kernel's numbers are used.
 */
#define KERNEL_SIGRTMIN 32
#define KERNEL_SIGRTMAX 64

/* strace's name for a signal, in the kernel's numbering; else its number. */
const char *signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = sig > 0 && sig < KERNEL_SIGRTMIN ? sigabbrev_np(sig) : NULL;

	/* glibc spells 29 POLL first; strace, and the kernel's headers, IO. */
	if (sig == SIGIO)
		abbrev = "IO";
	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else if (sig == KERNEL_SIGRTMIN)
		snprintf(buf, len, "SIGRTMIN");
	else if (sig > KERNEL_SIGRTMIN && sig <= KERNEL_SIGRTMAX)
		snprintf(buf, len, "SIGRT_%d", sig - KERNEL_SIGRTMIN);
	else
		snprintf(buf, len, "%d", sig);
	return buf;
}

static void print_signal(struct outbuf *ob, unsigned long val)
{
	char name[SIGNAL_NAME_MAX];

	signal_name((int)val, name, sizeof(name));
	outbuf_puts(ob, name);
}

/* Whether open's flags may create a file: O_CREAT, or O_TMPFILE whole. */
bool open_flags_create(enum arg_kind kind, unsigned long flags)
{
	bool arm64_dir = kind == ARG_OPEN_FLAGS_ARM64 || kind == ARG_OPEN_FLAGS_PPC64;
	unsigned long tmpfile = O_TMPFILE_BIT | (arm64_dir ? O_DIRECTORY_ARM64 : O_DIRECTORY_GENERIC);

	return (flags & O_CREAT_ABI) || (flags & tmpfile) == tmpfile;
}

static void print_open_flags(struct outbuf *ob, unsigned long val,
			     const struct symbol *table, size_t nr)
{
	static const char *const access[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "0x3" };

	/* With O_PATH too, which ignores it: strace 6.1 writes O_RDONLY|O_PATH. */
	outbuf_puts(ob, access[val & O_ACCMODE_ABI]);
	print_flags(ob, val & ~(unsigned long)O_ACCMODE_ABI, true, table, nr);
}

static void print_fd_flags(struct outbuf *ob, unsigned long val,
			   const struct symbol *table, size_t nr)
{
	if (val)
		print_flags(ob, val, false, table, nr);
	else
		outbuf_putc(ob, '0');
}

/* The command, "_PRIVATE" if private, "|FUTEX_CLOCK_REALTIME" if so. */
static void print_futex_op(struct outbuf *ob, unsigned long val)
{
	unsigned long cmd = val & FUTEX_CMD_MASK;
	const char *name = symbol_name(cmd, futex_cmds, ARRAY_SIZE(futex_cmds));

	if (!name) {
		outbuf_s64(ob, (int)val);
		return;
	}
	outbuf_puts(ob, name);
	if (val & FUTEX_PRIVATE_FLAG)
		outbuf_puts(ob, "_PRIVATE");
	if (val & FUTEX_CLOCK_REALTIME)
		outbuf_puts(ob, "|FUTEX_CLOCK_REALTIME");
}

/* A number as C's %#x writes it: 0, or 0x and the digits. */
static void print_hex_or_zero(struct outbuf *ob, unsigned long val)
{
	if (val)
		outbuf_hex(ob, val);
	else
		outbuf_putc(ob, '0');
}

/* The waiters a bitset op matches: all of them by name, else the bits in hex. */
static void print_futex_bitset(struct outbuf *ob, unsigned long val)
{
	if (val == FUTEX_BITSET_MATCH_ANY)
		outbuf_puts(ob, "FUTEX_BITSET_MATCH_ANY");
	else
		print_hex_or_zero(ob, val);
}

/* One field of FUTEX_WAKE_OP's val3, shifted into place, named where it can be. */
static void print_wake_op_field(struct outbuf *ob, unsigned long v, const char *shift,
				const struct symbol *table, size_t nr, const char *unknown)
{
	const char *name = symbol_name(v, table, nr);

	if (name) {
		outbuf_puts(ob, name);
		outbuf_puts(ob, shift);
		return;
	}
	print_hex_or_zero(ob, v);
	outbuf_puts(ob, shift);
	outbuf_puts(ob, unknown);
}

/* strace's form: "FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_EQ<<24|0x11". */
static void print_futex_wake_op(struct outbuf *ob, unsigned long val)
{
	unsigned long op = val >> 28 & 0xf, cmp = val >> 24 & 0xf;

	if (op & FUTEX_OP_OPARG_SHIFT)
		outbuf_puts(ob, "FUTEX_OP_OPARG_SHIFT<<28|");
	print_wake_op_field(ob, op & ~(unsigned long)FUTEX_OP_OPARG_SHIFT, "<<28",
			    futex_wake_ops, ARRAY_SIZE(futex_wake_ops), " /* FUTEX_OP_??? */");
	outbuf_putc(ob, '|');
	print_hex_or_zero(ob, val >> 12 & 0xfff);
	outbuf_puts(ob, "<<12|");
	print_wake_op_field(ob, cmp, "<<24", futex_wake_cmps, ARRAY_SIZE(futex_wake_cmps),
			    " /* FUTEX_OP_CMP_??? */");
	outbuf_putc(ob, '|');
	print_hex_or_zero(ob, val & 0xfff);
}

static void print_mmap_flags(struct outbuf *ob, unsigned long val)
{
	const char *type = symbol_name(val & MAP_TYPE, map_types, ARRAY_SIZE(map_types));

	if (type)
		outbuf_puts(ob, type);
	print_flags(ob, type ? val & ~(unsigned long)MAP_TYPE : val, type != NULL,
		    map_flags, ARRAY_SIZE(map_flags));
}

static void print_clone_flags(struct outbuf *ob, unsigned long val)
{
	unsigned long flags = val & ~(unsigned long)CSIGNAL, sig = val & CSIGNAL;

	if (flags)
		print_flags(ob, flags, false, clone_flags, ARRAY_SIZE(clone_flags));
	if (sig || !flags) {
		if (flags)
			outbuf_putc(ob, '|');
		print_signal(ob, sig);
	}
}

static void print_clone3_flags(struct outbuf *ob, unsigned long val)
{
	unsigned long low = val & CSIGNAL, high = val & ~(unsigned long)CSIGNAL;

	if (low)
		print_flags(ob, low, false, clone3_low_flags, ARRAY_SIZE(clone3_low_flags));
	if (high)
		print_flags(ob, high, low != 0, clone_flags, ARRAY_SIZE(clone_flags));
	if (!val)
		outbuf_putc(ob, '0');
}

static void print_sock_type(struct outbuf *ob, unsigned long val)
{
	unsigned long type = val & 0xf;

	print_enum(ob, type, sock_types, ARRAY_SIZE(sock_types));
	if (val & ~type)
		print_flags(ob, val & ~type, true, sock_type_flags, ARRAY_SIZE(sock_type_flags));
}

/* statx's sync type, always named as strace does, then the AT_ flags. */
static void print_statx_flags(struct outbuf *ob, unsigned long val)
{
	unsigned long sync = val & AT_STATX_SYNC_TYPE;

	print_enum(ob, sync, statx_sync_types, ARRAY_SIZE(statx_sync_types));
	if (val & ~sync)
		print_flags(ob, val & ~sync, true, at_flags, ARRAY_SIZE(at_flags));
}

static void print_symbolic(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	const struct symbolic_kind *sk = &symbolic_kinds[kind];

	if (!sk->flags)
		print_enum(ob, val, sk->syms, sk->nr);
	else if (!val)
		outbuf_puts(ob, sk->zero);
	else
		print_flags(ob, val, false, sk->syms, sk->nr);
}

void beauty_print(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	switch (kind) {
	case ARG_DIRFD:
		if ((int)val == AT_FDCWD)
			outbuf_puts(ob, "AT_FDCWD");
		else
			outbuf_s64(ob, (int)val);
		break;
	case ARG_OPEN_FLAGS:
		print_open_flags(ob, val, open_flags, ARRAY_SIZE(open_flags));
		break;
	case ARG_OPEN_FLAGS_ARM64:
		print_open_flags(ob, val, open_flags_arm64, ARRAY_SIZE(open_flags_arm64));
		break;
	case ARG_OPEN_FLAGS_PPC64:
		print_open_flags(ob, val, open_flags_ppc64, ARRAY_SIZE(open_flags_ppc64));
		break;
	case ARG_FD_FLAGS:
		print_fd_flags(ob, val, fd_flags, ARRAY_SIZE(fd_flags));
		break;
	case ARG_FD_FLAGS_ARM64:
		print_fd_flags(ob, val, fd_flags_arm64, ARRAY_SIZE(fd_flags_arm64));
		break;
	case ARG_FD_FLAGS_PPC64:
		print_fd_flags(ob, val, fd_flags_ppc64, ARRAY_SIZE(fd_flags_ppc64));
		break;
	case ARG_OPEN_MODE:
		outbuf_oct(ob, val);
		break;
	case ARG_MMAP_PROT:
		if (val)
			print_flags(ob, val, false, prot_flags, ARRAY_SIZE(prot_flags));
		else
			outbuf_puts(ob, "PROT_NONE");
		break;
	case ARG_MMAP_FLAGS:
		print_mmap_flags(ob, val);
		break;
	case ARG_FUTEX_OP:
		print_futex_op(ob, val);
		break;
	case ARG_FUTEX_BITSET:
		print_futex_bitset(ob, val);
		break;
	case ARG_FUTEX_WAKE_OP:
		print_futex_wake_op(ob, val);
		break;
	case ARG_SIGNAL:
		print_signal(ob, val);
		break;
	case ARG_SIGMASK_HOW:
		print_enum(ob, val, sigmask_hows, ARRAY_SIZE(sigmask_hows));
		break;
	case ARG_CLONE_FLAGS:
		print_clone_flags(ob, val);
		break;
	case ARG_CLONE3_FLAGS:
		print_clone3_flags(ob, val);
		break;
	case ARG_SOCK_FAMILY:
		print_enum(ob, val, sock_families, ARRAY_SIZE(sock_families));
		break;
	case ARG_SOCK_TYPE:
		print_sock_type(ob, val);
		break;
	case ARG_STATX_FLAGS:
		print_statx_flags(ob, val);
		break;
	case ARG_IOCTL_CMD:
	case ARG_TC_XONC:
	case ARG_TC_FLUSH:
		ct_ioctl_print(ob, kind, val);
		break;
	case ARG_PRCTL_OPTION:
	case ARG_SUID_DUMP:
	case ARG_CAPABILITY:
	case ARG_ARCH_PRCTL_CODE:
		ct_process_print(ob, kind, val);
		break;
	default:
		if (kind < ARG_KIND_COUNT && symbolic_kinds[kind].syms)
			print_symbolic(ob, kind, val);
		else if (!sock_names_print(ob, kind, val))
			outbuf_u64(ob, val);
		break;
	}
}

#define KIND_TABLE(k, t, sorted_) { .syms = (t), .nr = ARRAY_SIZE(t), .kind = (k), .sorted = (sorted_) }

/* Every table, for the tests that check each entry; sorted: an enum's. */
static const struct beauty_table all_tables[] = {
	KIND_TABLE(ARG_OPEN_FLAGS, open_flags, false),
	KIND_TABLE(ARG_OPEN_FLAGS_ARM64, open_flags_arm64, false),
	KIND_TABLE(ARG_OPEN_FLAGS_PPC64, open_flags_ppc64, false),
	KIND_TABLE(ARG_FD_FLAGS, fd_flags, false),
	KIND_TABLE(ARG_FD_FLAGS_ARM64, fd_flags_arm64, false),
	KIND_TABLE(ARG_FD_FLAGS_PPC64, fd_flags_ppc64, false),
	KIND_TABLE(ARG_MMAP_PROT, prot_flags, false),
	KIND_TABLE(ARG_MMAP_FLAGS, map_flags, false),
	KIND_TABLE(ARG_MMAP_FLAGS, map_types, true),
	KIND_TABLE(ARG_FUTEX_OP, futex_cmds, true),
	KIND_TABLE(ARG_SIGMASK_HOW, sigmask_hows, true),
	KIND_TABLE(ARG_CLONE_FLAGS, clone_flags, false),
	KIND_TABLE(ARG_CLONE3_FLAGS, clone3_low_flags, false),
	KIND_TABLE(ARG_SOCK_FAMILY, sock_families, true),
	KIND_TABLE(ARG_SOCK_TYPE, sock_types, true),
	KIND_TABLE(ARG_SOCK_TYPE, sock_type_flags, false),
	KIND_TABLE(ARG_STATX_FLAGS, statx_sync_types, true),
	KIND_TABLE(ARG_STATX_FLAGS, at_flags, false),
};

const struct beauty_table *beauty_tables(size_t *nr, size_t *nr_plain)
{
	*nr = ARRAY_SIZE(all_tables);
	*nr_plain = ARG_KIND_COUNT;
	return all_tables;
}

const struct symbol *beauty_plain_table(enum arg_kind kind, size_t *nr, bool *flags)
{
	if (kind >= ARG_KIND_COUNT || !symbolic_kinds[kind].syms)
		return NULL;
	*nr = symbolic_kinds[kind].nr;
	*flags = symbolic_kinds[kind].flags;
	return symbolic_kinds[kind].syms;
}

/* Every table a bsearch looks in: the machine variants, and the enumerations' symbols. */
static const struct sorted_table sorted_tables[] = {
	SORTED_TABLE(machine_variants, variant_cmp),
	SORTED_TABLE(map_types, symbol_cmp),
	SORTED_TABLE(futex_cmds, symbol_cmp),
	SORTED_TABLE(futex_wake_ops, symbol_cmp),
	SORTED_TABLE(futex_wake_cmps, symbol_cmp),
	SORTED_TABLE(sigmask_hows, symbol_cmp),
	SORTED_TABLE(sock_families, symbol_cmp),
	SORTED_TABLE(sock_types, symbol_cmp),
	SORTED_TABLE(statx_sync_types, symbol_cmp),
	SORTED_TABLE(clock_ids, symbol_cmp),
	SORTED_TABLE(epoll_ops, symbol_cmp),
	SORTED_TABLE(rlimit_resources, symbol_cmp),
	SORTED_TABLE(itimer_whichs, symbol_cmp),
	SORTED_TABLE(waitid_whichs, symbol_cmp),
	SORTED_TABLE(fcntl_cmds, symbol_cmp),
	SORTED_TABLE(fcntl_leases, symbol_cmp),
	SORTED_TABLE(seek_whences, symbol_cmp),
	SORTED_TABLE(madvise_advices, symbol_cmp),
	SORTED_TABLE(fadvise_advices, symbol_cmp),
	SORTED_TABLE(shutdown_hows, symbol_cmp),
};

const struct sorted_table *beauty_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(sorted_tables);
	return sorted_tables;
}
