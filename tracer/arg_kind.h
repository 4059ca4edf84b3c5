/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_ARG_KIND_H
#define SCTRACE_ARG_KIND_H

/*
 * How one argument value is printed, derived from its C type. A header
 * of its own: beauty.h names the kinds and format.c calls beauty's
 * printers, so format.h cannot be what beauty.h includes for them.
 */
enum arg_kind {
	ARG_U64,	/* sizes, counts, unsigned long: unsigned decimal */
	ARG_S64,	/* long, loff_t: signed decimal */
	ARG_S32,	/* int, pid_t: the low 32 bits, signed */
	ARG_U32,	/* unsigned int: the low 32 bits */
	ARG_ID,		/* uid_t, gid_t: the low 32 bits, (uid_t)-1 ("no change") as -1 */
	ARG_OCTAL,	/* umode_t */
	ARG_HEX,	/* handles such as aio_context_t */
	ARG_PTR,	/* pointers: hex, NULL for 0 */
	ARG_RAW,	/* -e raw=: hex, 0 for 0, as strace's %#lx */
	/* Symbolic values (beauty.c); --raw keeps the kinds above. */
	ARG_DIRFD,	/* AT_FDCWD or an fd */
	ARG_OPEN_FLAGS,	/* O_RDONLY|O_CREAT|... (x86_64, s390x: the generic values) */
	ARG_OPEN_FLAGS_ARM64,	/* the same, arm64's values */
	ARG_OPEN_FLAGS_PPC64,	/* the same, ppc64's values */
	ARG_FD_FLAGS,	/* pipe2, dup3: O_CLOEXEC|O_NONBLOCK, or 0 */
	ARG_FD_FLAGS_ARM64,	/* the same, arm64's values */
	ARG_FD_FLAGS_PPC64,	/* the same, ppc64's values */
	ARG_OPEN_MODE,	/* octal, shown only when the flags may create */
	ARG_MMAP_PROT,	/* PROT_READ|PROT_WRITE, PROT_NONE */
	ARG_MMAP_FLAGS,	/* MAP_PRIVATE|MAP_ANONYMOUS */
	ARG_FUTEX_OP,	/* FUTEX_WAIT_PRIVATE */
	ARG_FUTEX_BITSET, /* FUTEX_BITSET_MATCH_ANY, else hex */
	ARG_FUTEX_WAKE_OP, /* FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_EQ<<24|0x1 */
	ARG_SIGNAL,	/* SIGKILL */
	ARG_SIGMASK_HOW, /* SIG_BLOCK */
	ARG_CLONE_FLAGS, /* CLONE_VM|...|SIGCHLD */
	ARG_CLONE3_FLAGS, /* clone_args.flags: CLONE_NEWTIME|CLONE_VM, no signal */
	ARG_SOCK_FAMILY, /* AF_INET */
	ARG_SOCK_TYPE,	/* SOCK_STREAM|SOCK_CLOEXEC */
	/* XLONG printed by format.c; the others by their family's module (ct_*.c). */
	ARG_XLONG,	/* C's %#lx: 0, else 0x and the digits (strace's unknown arguments) */
	ARG_STRACE_HEX,	/* decimal, but ARG_XLONG in strace's lines (rseq's length, signature) */
	ARG_IOCTL_CMD,	/* TCGETS, else _IOC(_IOC_READ, 0x78, 0x3, 0x4) */
	ARG_TC_XONC,	/* TCXONC's action: TCOOFF */
	ARG_TC_FLUSH,	/* TCFLSH's queue: TCIFLUSH */
	ARG_PRCTL_OPTION, /* PR_SET_NAME, else 0x45 and a PR_??? comment */
	ARG_SUID_DUMP,	/* SUID_DUMP_USER */
	ARG_CAPABILITY,	/* CAP_KILL */
	ARG_ARCH_PRCTL_CODE, /* ARCH_GET_FS */
	/* sock_names.c's: socket's protocol, by its family; sockopt names, by level. */
	ARG_IPPROTO,	/* IPPROTO_TCP */
	ARG_NETLINK_PROTO, /* NETLINK_ROUTE */
	ARG_SOCKOPT_LEVEL, /* SOL_SOCKET */
	ARG_SO_OPTNAME,	/* SO_REUSEADDR */
	ARG_IP_OPTNAME,	/* IP_TOS */
	ARG_IPV6_OPTNAME, /* IPV6_V6ONLY */
	ARG_TCP_OPTNAME, /* TCP_NODELAY */
	ARG_UDP_OPTNAME, /* UDP_CORK */
	ARG_NETLINK_OPTNAME, /* NETLINK_EXT_ACK */
	/* Plain tables (beauty.c's symbolic_kinds): an enum, or flags. */
	ARG_SOCK_FLAGS,	/* accept4: SOCK_NONBLOCK|SOCK_CLOEXEC, or 0 */
	ARG_CLOCK_ID,	/* CLOCK_MONOTONIC */
	ARG_TIMER_FLAGS, /* TIMER_ABSTIME, or 0 */
	ARG_TFD_TIMER_FLAGS, /* TFD_TIMER_ABSTIME|TFD_TIMER_CANCEL_ON_SET */
	ARG_AT_FLAGS,	/* AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH, or 0 */
	ARG_ACCESS_AT_FLAGS, /* faccessat2: AT_EACCESS... */
	ARG_STATX_FLAGS, /* AT_STATX_SYNC_AS_STAT|AT_EMPTY_PATH */
	ARG_STATX_MASK,	/* STATX_BASIC_STATS */
	ARG_ACCESS_MODE, /* F_OK, R_OK|W_OK */
	ARG_EPOLL_OP,	/* EPOLL_CTL_ADD */
	ARG_RLIMIT_RESOURCE, /* RLIMIT_NOFILE */
	ARG_ITIMER_WHICH, /* ITIMER_REAL */
	ARG_WAIT_OPTIONS, /* wait4: WNOHANG|__WALL, or 0 */
	ARG_WAITID_WHICH, /* P_PID */
	ARG_WAITID_OPTIONS, /* WEXITED|WNOHANG */
	ARG_FCNTL_CMD,	/* F_GETFL */
	ARG_FD_CLOEXEC,	/* fcntl's fd flags: FD_CLOEXEC, or 0 */
	ARG_FCNTL_LEASE, /* F_RDLCK */
	ARG_DNOTIFY_FLAGS, /* DN_ACCESS|DN_MULTISHOT */
	ARG_SEALS,	/* F_SEAL_SEAL|F_SEAL_WRITE */
	ARG_SEEK_WHENCE, /* SEEK_SET */
	ARG_MADVISE,	/* MADV_DONTNEED */
	ARG_FADVISE,	/* POSIX_FADV_SEQUENTIAL */
	ARG_MSG_FLAGS,	/* MSG_DONTWAIT|MSG_NOSIGNAL, or 0 */
	ARG_GETRANDOM_FLAGS, /* GRND_NONBLOCK, or 0 */
	ARG_EVENTFD_FLAGS, /* EFD_CLOEXEC */
	ARG_EPOLL_CREATE_FLAGS, /* EPOLL_CLOEXEC */
	ARG_INOTIFY_FLAGS, /* IN_CLOEXEC */
	ARG_TIMERFD_FLAGS, /* TFD_CLOEXEC */
	ARG_SIGNALFD_FLAGS, /* SFD_CLOEXEC */
	ARG_MEMFD_FLAGS, /* MFD_CLOEXEC|MFD_ALLOW_SEALING */
	ARG_RENAME_FLAGS, /* RENAME_NOREPLACE */
	ARG_SHUTDOWN_HOW, /* SHUT_RDWR */
	ARG_FLOCK_OP,	/* LOCK_EX|LOCK_NB */
	ARG_MSYNC_FLAGS, /* MS_SYNC */
	ARG_MREMAP_FLAGS, /* MREMAP_MAYMOVE */
	ARG_MLOCK_FLAGS, /* mlock2: MLOCK_ONFAULT, or 0 */
	ARG_MLOCKALL_FLAGS, /* MCL_CURRENT|MCL_FUTURE */
	ARG_KIND_COUNT,	/* not a kind: how many there are */
};

#endif
