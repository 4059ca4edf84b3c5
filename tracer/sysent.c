// SPDX-License-Identifier: GPL-2.0
/*
 * One row per call that has a fact of its own, as a syscall table of
 * perf's or strace's sysent has: so a call's facts are found in one
 * place, by one search.
 */
#include <fcntl.h>
#include <libaudit.h>
#include <linux/futex.h>
#include <linux/netlink.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netinet/udp.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <string.h>

#include "compiler.h"
#include "ct_ioctl.h"
#include "ct_process.h"
#include "sorted.h"
#include "sysent.h"

#define ALL 0

/* futex's command: op without FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME. */
#define FUTEX_CMD_BITS (~(unsigned int)(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))
/* The commands whose utime is a timeout (the others take a count there, or nothing). */
#define FUTEX_TIMEOUT_OPS (1u << FUTEX_WAIT | 1u << FUTEX_LOCK_PI | 1u << FUTEX_WAIT_BITSET | \
			   1u << FUTEX_WAIT_REQUEUE_PI | 1u << FUTEX_LOCK_PI2)

/* An argument whose value prints as a symbol. */
#define SYMBOLIC(arg, k) { .name = (arg), .symbolic = true, .kind = (k) }
/* A pointer to contents of a kind; _N: with the argument holding their length. */
#define POINTS(arg, ck) { .name = (arg), .content = (ck) }
#define POINTS_N(arg, ck, len) { .name = (arg), .content = (ck), .len_arg = (len) }
/* Contents that hold only for some values of another argument (struct sysent_cond). */
#define POINTS_IF(arg, ck, len, on, mask, values) \
	{ .name = (arg), .content = (ck), .len_arg = (len), .cond = { (on), (mask), (values) } }

/* Arguments printed: the first n; and one more, at index i. */
#define FIRST(n) ((1u << (n)) - 1)
#define AND(i) (1u << (i))
#define ALL_ARGS FIRST(SYSENT_ARGS)
/* An operation that takes the arguments shown; _AS: some of them as kinds of its own. */
#define TAKES(o, shown_) { .op = (o), .shown = (shown_) }
#define TAKES_AS(o, shown_, ...) { .op = (o), .shown = (shown_), .args = { __VA_ARGS__ } }
/* Argument i, of the kernel's bits (0: all), shown as kind k. */
#define AS(i, k, bits_) { .pos = (i) + 1, .kind = (k), .bits = (bits_) }
/* Argument i points to contents the row's fact reads, shown as kind ck. */
#define AS_CT(i, ck) { .pos = (i) + 1, .kind = ARG_PTR, .content = (ck) }
/* A getter: the call's first two arguments, its result's number then the symbol it means. */
#define GIVES(o, k, label_, hex_, zero_plain_) \
	{ .op = (o), .shown = FIRST(2), \
	  .result = { .kind = (k), .label = (label_), .hex = (hex_), .zero_plain = (zero_plain_) } }

/* futex(uaddr, op, val, utime, uaddr2, val3): utime is a count where it is no timeout. */
#define FUTEX_VAL2 AS(3, ARG_U32, 32)
#define FUTEX_BITSET AS(5, ARG_FUTEX_BITSET, 32)
static const struct sysent_op futex_ops[] = {
	TAKES(FUTEX_WAIT, FIRST(4)),
	TAKES(FUTEX_WAKE, FIRST(3)),
	TAKES(FUTEX_FD, FIRST(3)),
	TAKES_AS(FUTEX_REQUEUE, FIRST(5), FUTEX_VAL2),
	TAKES_AS(FUTEX_CMP_REQUEUE, ALL_ARGS, FUTEX_VAL2),
	TAKES_AS(FUTEX_WAKE_OP, ALL_ARGS, FUTEX_VAL2, AS(5, ARG_FUTEX_WAKE_OP, 32)),
	TAKES(FUTEX_LOCK_PI, FIRST(2) | AND(3)),
	TAKES(FUTEX_UNLOCK_PI, FIRST(2)),
	TAKES(FUTEX_TRYLOCK_PI, FIRST(2)),
	TAKES_AS(FUTEX_WAIT_BITSET, FIRST(4) | AND(5), FUTEX_BITSET),
	TAKES_AS(FUTEX_WAKE_BITSET, FIRST(3) | AND(5), FUTEX_BITSET),
	TAKES(FUTEX_WAIT_REQUEUE_PI, FIRST(5)),
	TAKES_AS(FUTEX_CMP_REQUEUE_PI, ALL_ARGS, FUTEX_VAL2),
	TAKES(FUTEX_LOCK_PI2, FIRST(2) | AND(3)),
};

static const struct sysent_ops futex_arity = {
	.arg = "op", .mask = FUTEX_CMD_BITS, .ops = futex_ops, .nr = ARRAY_SIZE(futex_ops),
	.other = TAKES(0, ALL_ARGS),
};

/* fcntl(fd, cmd, arg): arg is what the command makes of it; the getters take none. */
#define FCNTL_ARG(o, k, bits_) TAKES_AS(o, FIRST(3), AS(2, (k), (bits_)))
/* A lock command: its struct flock, as the kernel takes or fills it. */
#define FCNTL_LOCK(o, ck) TAKES_AS(o, FIRST(3), AS_CT(2, (ck)))
/*
 * Which commands' arg the program reads as a struct flock: the low five
 * bits of F_GETLK..F_SETLKW (5..7) and F_OFD_GETLK..F_OFD_SETLKW (36..38).
 * The other commands they match read nothing there (a number is no
 * address), and their rows show no contents.
 */
#define FCNTL_LOCK_BITS 0x1fu
#define FCNTL_LOCK_CMDS (1u << 4 | 1u << 5 | 1u << 6 | 1u << 7)
_Static_assert(((1u << (F_GETLK & FCNTL_LOCK_BITS)) | (1u << (F_SETLKW & FCNTL_LOCK_BITS)) |
		(1u << (F_OFD_GETLK & FCNTL_LOCK_BITS)) |
		(1u << (F_OFD_SETLKW & FCNTL_LOCK_BITS))) == FCNTL_LOCK_CMDS,
	       "the lock commands' low bits");
static const struct sysent_op fcntl_ops[] = {
	/* strace prints the new fd's lower bound as a long, as the call declares it. */
	FCNTL_ARG(F_DUPFD, ARG_S64, 0),
	GIVES(F_GETFD, ARG_FD_CLOEXEC, "flags ", true, true),
	FCNTL_ARG(F_SETFD, ARG_FD_CLOEXEC, 32),
	GIVES(F_GETFL, ARG_OPEN_FLAGS, "flags ", true, false),
	FCNTL_ARG(F_SETFL, ARG_OPEN_FLAGS, 32),
	FCNTL_LOCK(F_GETLK, CK_FLOCK_OUT),
	FCNTL_LOCK(F_SETLK, CK_FLOCK_IN),
	FCNTL_LOCK(F_SETLKW, CK_FLOCK_IN),
	FCNTL_ARG(F_SETOWN, ARG_S32, 32),
	TAKES(F_GETOWN, FIRST(2)),
	FCNTL_ARG(F_SETSIG, ARG_SIGNAL, 32),
	GIVES(F_GETSIG, ARG_SIGNAL, "", false, true),
	FCNTL_ARG(F_SETOWN_EX, ARG_PTR, 0),
	FCNTL_ARG(F_GETOWN_EX, ARG_PTR, 0),
	FCNTL_LOCK(F_OFD_GETLK, CK_FLOCK_OUT),
	FCNTL_LOCK(F_OFD_SETLK, CK_FLOCK_IN),
	FCNTL_LOCK(F_OFD_SETLKW, CK_FLOCK_IN),
	FCNTL_ARG(F_SETLEASE, ARG_FCNTL_LEASE, 32),
	GIVES(F_GETLEASE, ARG_FCNTL_LEASE, "", true, false),
	FCNTL_ARG(F_NOTIFY, ARG_DNOTIFY_FLAGS, 32),
	FCNTL_ARG(F_DUPFD_CLOEXEC, ARG_S64, 0),
	FCNTL_ARG(F_SETPIPE_SZ, ARG_U32, 32),
	TAKES(F_GETPIPE_SZ, FIRST(2)),
	FCNTL_ARG(F_ADD_SEALS, ARG_SEALS, 32),
	TAKES(F_GET_SEALS, FIRST(2)),
};

static const struct sysent_ops fcntl_arity = {
	.arg = "cmd", .mask = ~0u, .ops = fcntl_ops, .nr = ARRAY_SIZE(fcntl_ops),
	.other = FCNTL_ARG(0, ARG_HEX, 0),
};

/* epoll_ctl(epfd, op, fd, event): EPOLL_CTL_DEL ignores the event. */
static const struct sysent_op epoll_ctl_ops[] = {
	TAKES_AS(EPOLL_CTL_DEL, ALL_ARGS, AS(3, ARG_PTR, 0)),
};

static const struct sysent_ops epoll_ctl_arity = {
	.arg = "op", .mask = ~0u, .ops = epoll_ctl_ops, .nr = ARRAY_SIZE(epoll_ctl_ops),
	.other = TAKES(0, ALL_ARGS),
};

/* socket(family, type, protocol): a protocol's names are its family's. */
static const struct sysent_op socket_ops[] = {
	TAKES_AS(AF_INET, ALL_ARGS, AS(2, ARG_IPPROTO, 32)),
	TAKES_AS(AF_INET6, ALL_ARGS, AS(2, ARG_IPPROTO, 32)),
	TAKES_AS(AF_NETLINK, ALL_ARGS, AS(2, ARG_NETLINK_PROTO, 32)),
};

static const struct sysent_ops socket_arity = {
	.arg = "family", .mask = ~0u, .ops = socket_ops, .nr = ARRAY_SIZE(socket_ops),
	.other = TAKES(0, ALL_ARGS),
};

/* setsockopt, getsockopt(fd, level, optname, optval, optlen): an option's names are its level's. */
#define SOCKOPT_NAMES(level, k) TAKES_AS(level, ALL_ARGS, AS(2, (k), 32))
static const struct sysent_op sockopt_ops[] = {
	SOCKOPT_NAMES(SOL_IP, ARG_IP_OPTNAME),
	SOCKOPT_NAMES(SOL_SOCKET, ARG_SO_OPTNAME),
	SOCKOPT_NAMES(SOL_TCP, ARG_TCP_OPTNAME),
	SOCKOPT_NAMES(SOL_UDP, ARG_UDP_OPTNAME),
	SOCKOPT_NAMES(SOL_IPV6, ARG_IPV6_OPTNAME),
	SOCKOPT_NAMES(SOL_NETLINK, ARG_NETLINK_OPTNAME),
};

static const struct sysent_ops sockopt_arity = {
	.arg = "level", .mask = ~0u, .ops = sockopt_ops, .nr = ARRAY_SIZE(sockopt_ops),
	.other = TAKES(0, ALL_ARGS),
};

/*
 * Sorted by name. Aliases: the kernel's SYSCALL_DEFINE name, where its
 * syscall table, strace and perf use the older one. Arguments are by
 * the tracepoint's names, sorted too.
 */
static const struct sysent sysents[] = {
	/*
	 * ppc64le's older names for llseek and select (its C library calls
	 * pselect6 and lseek): named and counted, their contents not read.
	 */
	{ .name = "_llseek", .aliases = { { MACH_PPC64LE, "llseek", false } } },
	{ .name = "_newselect", .result = RESULT_TIMEOUT,
	  .aliases = { { MACH_PPC64LE, "select", false } } },
	{ .name = "accept", .args = {
		POINTS("upeer_addrlen", CK_SOCKLEN),
		POINTS_N("upeer_sockaddr", CK_SOCKADDR_OUT, "upeer_addrlen") } },
	{ .name = "accept4", .args = {
		SYMBOLIC("flags", ARG_SOCK_FLAGS), POINTS("upeer_addrlen", CK_SOCKLEN),
		POINTS_N("upeer_sockaddr", CK_SOCKADDR_OUT, "upeer_addrlen") } },
	{ .name = "access", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("mode", ARG_ACCESS_MODE) } },
	{ .name = "acct", .args = { POINTS("name", CK_PATH) } },
	{ .name = "arch_prctl", .ops = &arch_prctl_arity, .args = {
		SYMBOLIC("arg2", ARG_XLONG), SYMBOLIC("option", ARG_ARCH_PRCTL_CODE) } },
	{ .name = "bind", .args = { POINTS_N("umyaddr", CK_SOCKADDR_IN, "addrlen") } },
	{ .name = "brk", .result = RESULT_HEX },
	{ .name = "chdir", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "chmod", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "chown", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "chroot", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "clock_adjtime", .args = { SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "clock_getres", .args = { SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "clock_gettime", .args = { SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "clock_nanosleep", .args = {
		SYMBOLIC("flags", ARG_TIMER_FLAGS), POINTS("rqtp", CK_TIMESPEC),
		SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "clock_settime", .args = { SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "clone", .args = {
		SYMBOLIC("clone_flags", ARG_CLONE_FLAGS),
		POINTS_IF("parent_tidptr", CK_TID_OUT, NULL, "clone_flags", CLONE_PARENT_SETTID,
			  1u << 1) } },
	{ .name = "clone3", .args = { POINTS("uargs", CK_CLONE_ARGS) } },
	{ .name = "connect", .args = { POINTS_N("uservaddr", CK_SOCKADDR_IN, "addrlen") } },
	{ .name = "creat", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "dup3", .args = { SYMBOLIC("flags", ARG_FD_FLAGS) } },
	{ .name = "epoll_create1", .args = { SYMBOLIC("flags", ARG_EPOLL_CREATE_FLAGS) } },
	{ .name = "epoll_ctl", .ops = &epoll_ctl_arity, .args = {
		POINTS("event", CK_EPOLL_EVENT), SYMBOLIC("op", ARG_EPOLL_OP) } },
	{ .name = "epoll_pwait", .result = RESULT_EPOLL_TIMEOUT, .args = {
		POINTS_N("events", CK_EPOLL_EVENTS_OUT, "maxevents"),
		POINTS("sigmask", CK_SIGSET_IN) } },
	{ .name = "epoll_pwait2", .result = RESULT_EPOLL_TIMEOUT, .args = {
		POINTS_N("events", CK_EPOLL_EVENTS_OUT, "maxevents"),
		POINTS("sigmask", CK_SIGSET_IN), POINTS("timeout", CK_TIMESPEC) } },
	{ .name = "epoll_wait", .result = RESULT_EPOLL_TIMEOUT, .args = {
		POINTS_N("events", CK_EPOLL_EVENTS_OUT, "maxevents") } },
	{ .name = "eventfd2", .args = { SYMBOLIC("flags", ARG_EVENTFD_FLAGS) } },
	{ .name = "execve", .args = {
		POINTS("argv", CK_ARGV), POINTS("envp", CK_ENVP), POINTS("filename", CK_PATH) } },
	{ .name = "execveat", .args = {
		POINTS("argv", CK_ARGV), POINTS("envp", CK_ENVP), POINTS("filename", CK_PATH) } },
	{ .name = "exit", .result = RESULT_NORETURN },
	{ .name = "exit_group", .result = RESULT_NORETURN },
	{ .name = "faccessat", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("mode", ARG_ACCESS_MODE) } },
	{ .name = "faccessat2", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flags", ARG_ACCESS_AT_FLAGS),
		SYMBOLIC("mode", ARG_ACCESS_MODE) } },
	{ .name = "fadvise64", .args = { SYMBOLIC("advice", ARG_FADVISE) },
	  .aliases = { { MACH_AARCH64, "fadvise64_64", false },
		       { MACH_S390X, "fadvise64_64", false } } },
	{ .name = "fanotify_mark", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "fchmodat", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "fchmodat2", .args = { SYMBOLIC("flags", ARG_AT_FLAGS) } },
	{ .name = "fchownat", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flag", ARG_AT_FLAGS) } },
	{ .name = "fcntl", .ops = &fcntl_arity, .args = {
		POINTS_IF("arg", CK_FLOCK, NULL, "cmd", FCNTL_LOCK_BITS, FCNTL_LOCK_CMDS),
		SYMBOLIC("cmd", ARG_FCNTL_CMD) } },
	{ .name = "fgetxattr", .args = {
		POINTS("name", CK_PATH), POINTS_N("value", CK_DATA_OUT, "size") } },
	{ .name = "flistxattr", .args = { POINTS_N("list", CK_DATA_OUT, "size") } },
	{ .name = "flock", .args = { SYMBOLIC("cmd", ARG_FLOCK_OP) } },
	{ .name = "fremovexattr", .args = { POINTS("name", CK_PATH) } },
	{ .name = "fsetxattr", .args = {
		POINTS("name", CK_PATH), POINTS_N("value", CK_DATA_IN, "size") } },
	{ .name = "fstat", .aliases = { { ALL, "newfstat", false } },
	  .args = { POINTS("statbuf", CK_STAT) } },
	{ .name = "fstatfs", .args = { POINTS("buf", CK_STATFS) } },
	{ .name = "futex", .ops = &futex_arity, .args = {
		SYMBOLIC("op", ARG_FUTEX_OP),
		POINTS_IF("utime", CK_TIMESPEC, NULL, "op", FUTEX_CMD_BITS, FUTEX_TIMEOUT_OPS) } },
	{ .name = "futimesat", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "getcwd", .args = { POINTS("buf", CK_PATH_OUT) } },
	{ .name = "getdents", .args = { POINTS_N("dirent", CK_DIRENTS, "count") } },
	{ .name = "getdents64", .args = { POINTS_N("dirent", CK_DIRENTS, "count") } },
	{ .name = "getgroups", .args = { POINTS_N("grouplist", CK_GIDS_OUT, "gidsetsize") } },
	{ .name = "getitimer", .args = {
		POINTS("value", CK_ITIMERVAL_OUT), SYMBOLIC("which", ARG_ITIMER_WHICH) } },
	{ .name = "getpeername", .args = {
		POINTS_N("usockaddr", CK_SOCKADDR_OUT, "usockaddr_len"),
		POINTS("usockaddr_len", CK_SOCKLEN) } },
	{ .name = "getrandom", .args = {
		SYMBOLIC("flags", ARG_GETRANDOM_FLAGS), POINTS_N("ubuf", CK_RANDOM_OUT, "len") } },
	{ .name = "getrlimit", .args = {
		SYMBOLIC("resource", ARG_RLIMIT_RESOURCE), POINTS("rlim", CK_RLIMIT_OUT) } },
	{ .name = "getsockname", .args = {
		POINTS_N("usockaddr", CK_SOCKADDR_OUT, "usockaddr_len"),
		POINTS("usockaddr_len", CK_SOCKLEN) } },
	{ .name = "getsockopt", .ops = &sockopt_arity, .args = {
		SYMBOLIC("level", ARG_SOCKOPT_LEVEL), POINTS("optlen", CK_SOCKLEN),
		POINTS_N("optval", CK_SOCKOPT_OUT, "optlen") } },
	{ .name = "getxattr", .args = {
		POINTS("name", CK_PATH), POINTS("pathname", CK_PATH),
		POINTS_N("value", CK_DATA_OUT, "size") } },
	{ .name = "inotify_add_watch", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "inotify_init1", .args = { SYMBOLIC("flags", ARG_INOTIFY_FLAGS) } },
	{ .name = "ioctl", .ops = &ioctl_arity, .args = {
		POINTS_IF("arg", CK_IOCTL_ARG, NULL, "cmd", IOCTL_ARG_BITS, IOCTL_ARG_CMDS),
		SYMBOLIC("cmd", ARG_IOCTL_CMD) } },
	{ .name = "ipc", .aliases = { { MACH_S390X, "s390_ipc", false } } },
	{ .name = "kill", .args = { SYMBOLIC("sig", ARG_SIGNAL) } },
	{ .name = "lchown", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "lgetxattr", .args = {
		POINTS("name", CK_PATH), POINTS("pathname", CK_PATH),
		POINTS_N("value", CK_DATA_OUT, "size") } },
	{ .name = "link", .args = { POINTS("newname", CK_PATH), POINTS("oldname", CK_PATH) } },
	{ .name = "linkat", .args = {
		SYMBOLIC("flags", ARG_AT_FLAGS), POINTS("newname", CK_PATH),
		POINTS("oldname", CK_PATH) } },
	{ .name = "listxattr", .args = {
		POINTS_N("list", CK_DATA_OUT, "size"), POINTS("pathname", CK_PATH) } },
	{ .name = "llistxattr", .args = {
		POINTS_N("list", CK_DATA_OUT, "size"), POINTS("pathname", CK_PATH) } },
	{ .name = "lremovexattr", .args = {
		POINTS("name", CK_PATH), POINTS("pathname", CK_PATH) } },
	{ .name = "lseek", .args = { SYMBOLIC("whence", ARG_SEEK_WHENCE) } },
	{ .name = "lsetxattr", .args = {
		POINTS("name", CK_PATH), POINTS("pathname", CK_PATH),
		POINTS_N("value", CK_DATA_IN, "size") } },
	{ .name = "lstat", .aliases = { { ALL, "newlstat", false } },
	  .args = { POINTS("filename", CK_PATH), POINTS("statbuf", CK_STAT) } },
	{ .name = "madvise", .args = { SYMBOLIC("behavior", ARG_MADVISE) } },
	{ .name = "memfd_create", .args = {
		SYMBOLIC("flags", ARG_MEMFD_FLAGS), POINTS("uname", CK_PATH) } },
	{ .name = "mkdir", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "mkdirat", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "mknod", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "mknodat", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "mlock2", .args = { SYMBOLIC("flags", ARG_MLOCK_FLAGS) } },
	{ .name = "mlockall", .args = { SYMBOLIC("flags", ARG_MLOCKALL_FLAGS) } },
	/* s390x's old_mmap takes one pointer to the six arguments. */
	{ .name = "mmap", .result = RESULT_HEX, .aliases = { { MACH_S390X, "old_mmap", true } },
	  .args = { SYMBOLIC("flags", ARG_MMAP_FLAGS), SYMBOLIC("off", ARG_XLONG),
		    SYMBOLIC("prot", ARG_MMAP_PROT) } },
	{ .name = "mount", .args = {
		POINTS("dev_name", CK_PATH), POINTS("dir_name", CK_PATH),
		POINTS("type", CK_PATH) } },
	{ .name = "move_mount", .args = {
		POINTS("from_pathname", CK_PATH), POINTS("to_pathname", CK_PATH) } },
	{ .name = "mprotect", .args = { SYMBOLIC("prot", ARG_MMAP_PROT) } },
	{ .name = "mremap", .result = RESULT_HEX, .args = { SYMBOLIC("flags", ARG_MREMAP_FLAGS) } },
	{ .name = "msync", .args = { SYMBOLIC("flags", ARG_MSYNC_FLAGS) } },
	{ .name = "name_to_handle_at", .args = { POINTS("name", CK_PATH) } },
	{ .name = "nanosleep", .args = { POINTS("rqtp", CK_TIMESPEC) } },
	{ .name = "newfstatat", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flag", ARG_AT_FLAGS),
		POINTS("statbuf", CK_STAT) } },
	{ .name = "open", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flags", ARG_OPEN_FLAGS),
		SYMBOLIC("mode", ARG_OPEN_MODE) } },
	{ .name = "open_tree", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "openat", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flags", ARG_OPEN_FLAGS),
		SYMBOLIC("mode", ARG_OPEN_MODE) } },
	{ .name = "openat2", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "personality",
	  .aliases = { { MACH_AARCH64, "arm64_personality", false },
		       { MACH_S390X, "s390_personality", false },
		       { MACH_PPC64LE, "ppc64_personality", false } } },
	{ .name = "pidfd_send_signal", .args = { SYMBOLIC("sig", ARG_SIGNAL) } },
	{ .name = "pipe", .args = { POINTS("fildes", CK_FD_PAIR) } },
	{ .name = "pipe2", .args = {
		POINTS("fildes", CK_FD_PAIR), SYMBOLIC("flags", ARG_FD_FLAGS) } },
	{ .name = "pivot_root", .args = {
		POINTS("new_root", CK_PATH), POINTS("put_old", CK_PATH) } },
	{ .name = "pkey_mprotect", .args = { SYMBOLIC("prot", ARG_MMAP_PROT) } },
	{ .name = "poll", .result = RESULT_TIMEOUT, .args = {
		POINTS_N("ufds", CK_POLLFD, "nfds") } },
	{ .name = "ppoll", .result = RESULT_TIMEOUT, .args = {
		POINTS("sigmask", CK_SIGSET_IN), POINTS("tsp", CK_TIMESPEC),
		POINTS_N("ufds", CK_POLLFD, "nfds") } },
	/* Each option's arguments: in hex, but where prctl_arity says otherwise. */
	{ .name = "prctl", .ops = &prctl_arity, .args = {
		SYMBOLIC("arg2", ARG_XLONG), SYMBOLIC("arg3", ARG_XLONG), SYMBOLIC("arg4", ARG_XLONG),
		SYMBOLIC("arg5", ARG_XLONG), SYMBOLIC("option", ARG_PRCTL_OPTION) } },
	{ .name = "pread64", .args = { POINTS_N("buf", CK_DATA_OUT, "count") } },
	{ .name = "preadv", .args = { POINTS_N("vec", CK_IOV_OUT, "vlen") } },
	{ .name = "preadv2", .args = { POINTS_N("vec", CK_IOV_OUT, "vlen") } },
	{ .name = "prlimit64", .args = {
		POINTS("new_rlim", CK_RLIMIT_IN), POINTS("old_rlim", CK_RLIMIT_OUT),
		SYMBOLIC("resource", ARG_RLIMIT_RESOURCE) } },
	{ .name = "pselect6", .result = RESULT_TIMEOUT, .args = {
		POINTS_N("exp", CK_FD_SET, "n"), POINTS_N("inp", CK_FD_SET, "n"),
		POINTS_N("outp", CK_FD_SET, "n"), POINTS("tsp", CK_TIMESPEC) } },
	{ .name = "pwrite64", .args = { POINTS_N("buf", CK_DATA_IN, "count") } },
	{ .name = "pwritev", .args = { POINTS_N("vec", CK_IOV_IN, "vlen") } },
	{ .name = "pwritev2", .args = { POINTS_N("vec", CK_IOV_IN, "vlen") } },
	{ .name = "quotactl", .args = { POINTS("special", CK_PATH) } },
	{ .name = "read", .args = { POINTS_N("buf", CK_DATA_OUT, "count") } },
	{ .name = "readlink", .args = {
		POINTS_N("buf", CK_DATA_OUT, "bufsiz"), POINTS("path", CK_PATH) } },
	{ .name = "readlinkat", .args = {
		POINTS_N("buf", CK_DATA_OUT, "bufsiz"), POINTS("pathname", CK_PATH) } },
	{ .name = "readv", .args = { POINTS_N("vec", CK_IOV_OUT, "vlen") } },
	/* ppc64le's C library calls recv and send; x86_64 has neither. */
	{ .name = "recv", .args = {
		SYMBOLIC("flags", ARG_MSG_FLAGS), POINTS_N("ubuf", CK_DATA_OUT, "size") } },
	{ .name = "recvfrom", .args = {
		POINTS_N("addr", CK_SOCKADDR_OUT, "addr_len"), POINTS("addr_len", CK_SOCKLEN),
		SYMBOLIC("flags", ARG_MSG_FLAGS),
		POINTS_N("ubuf", CK_DATA_OUT, "size") } },
	{ .name = "recvmmsg", .args = {
		SYMBOLIC("flags", ARG_MSG_FLAGS), POINTS_N("mmsg", CK_MMSGHDR, "vlen"),
		POINTS("timeout", CK_TIMESPEC) } },
	{ .name = "recvmsg", .args = {
		SYMBOLIC("flags", ARG_MSG_FLAGS), POINTS("msg", CK_MSGHDR_OUT) } },
	{ .name = "removexattr", .args = { POINTS("name", CK_PATH), POINTS("pathname", CK_PATH) } },
	{ .name = "rename", .args = { POINTS("newname", CK_PATH), POINTS("oldname", CK_PATH) } },
	{ .name = "renameat", .args = { POINTS("newname", CK_PATH), POINTS("oldname", CK_PATH) } },
	{ .name = "renameat2", .args = {
		SYMBOLIC("flags", ARG_RENAME_FLAGS), POINTS("newname", CK_PATH),
		POINTS("oldname", CK_PATH) } },
	{ .name = "rmdir", .args = { POINTS("pathname", CK_PATH) } },
	/* Its length and signature strace writes in hex (line_style_kind). */
	{ .name = "rseq", .args = {
		SYMBOLIC("rseq_len", ARG_STRACE_HEX), SYMBOLIC("sig", ARG_STRACE_HEX) } },
	{ .name = "rt_sigaction", .args = {
#ifdef KERNEL_SIGACTION_KNOWN
		POINTS("act", CK_SIGACTION_IN), POINTS("oact", CK_SIGACTION_OUT),
#endif
		SYMBOLIC("sig", ARG_SIGNAL) } },
	{ .name = "rt_sigpending", .args = { POINTS("uset", CK_SIGSET_OUT) } },
	{ .name = "rt_sigprocmask", .args = {
		SYMBOLIC("how", ARG_SIGMASK_HOW), POINTS("nset", CK_SIGSET_IN),
		POINTS("oset", CK_SIGSET_OUT) } },
	{ .name = "rt_sigqueueinfo", .args = {
		SYMBOLIC("sig", ARG_SIGNAL), POINTS("uinfo", CK_SIGINFO_IN) } },
	{ .name = "rt_sigsuspend", .args = { POINTS("unewset", CK_SIGSET_IN) } },
	{ .name = "rt_sigtimedwait", .args = {
		POINTS("uinfo", CK_SIGINFO_OUT), POINTS("uthese", CK_SIGSET_IN),
		POINTS("uts", CK_TIMESPEC) } },
	{ .name = "rt_tgsigqueueinfo", .args = {
		SYMBOLIC("sig", ARG_SIGNAL), POINTS("uinfo", CK_SIGINFO_IN) } },
	{ .name = "sched_getaffinity", .args = {
		POINTS_N("user_mask_ptr", CK_CPUSET_OUT, "len") } },
	{ .name = "select", .result = RESULT_TIMEOUT, .args = {
		POINTS_N("exp", CK_FD_SET, "n"), POINTS_N("inp", CK_FD_SET, "n"),
		POINTS_N("outp", CK_FD_SET, "n"), POINTS("tvp", CK_TIMEVAL) } },
	{ .name = "send", .args = {
		POINTS_N("buff", CK_DATA_IN, "len"), SYMBOLIC("flags", ARG_MSG_FLAGS) } },
	{ .name = "sendfile", .aliases = { { ALL, "sendfile64", false } } },
	{ .name = "sendmmsg", .args = {
		SYMBOLIC("flags", ARG_MSG_FLAGS), POINTS_N("mmsg", CK_MMSGHDR, "vlen") } },
	{ .name = "sendmsg", .args = {
		SYMBOLIC("flags", ARG_MSG_FLAGS), POINTS("msg", CK_MSGHDR_IN) } },
	{ .name = "sendto", .args = {
		POINTS_N("addr", CK_SOCKADDR_IN, "addr_len"), POINTS_N("buff", CK_DATA_IN, "len"),
		SYMBOLIC("flags", ARG_MSG_FLAGS) } },
	{ .name = "setitimer", .args = {
		POINTS("ovalue", CK_ITIMERVAL_OUT), POINTS("value", CK_ITIMERVAL_IN),
		SYMBOLIC("which", ARG_ITIMER_WHICH) } },
	{ .name = "setrlimit", .args = {
		SYMBOLIC("resource", ARG_RLIMIT_RESOURCE), POINTS("rlim", CK_RLIMIT_IN) } },
	{ .name = "setsockopt", .ops = &sockopt_arity, .args = {
		SYMBOLIC("level", ARG_SOCKOPT_LEVEL), POINTS_N("optval", CK_SOCKOPT_IN, "optlen") } },
	{ .name = "settimeofday", .args = { POINTS("tv", CK_TIMEVAL) } },
	{ .name = "setxattr", .args = {
		POINTS("name", CK_PATH), POINTS("pathname", CK_PATH),
		POINTS_N("value", CK_DATA_IN, "size") } },
	{ .name = "shutdown", .args = { SYMBOLIC("how", ARG_SHUTDOWN_HOW) } },
	{ .name = "sigaltstack", .args = { POINTS("uoss", CK_STACK_OUT), POINTS("uss", CK_STACK_IN) } },
	{ .name = "signalfd", .args = { POINTS("user_mask", CK_SIGSET_IN) } },
	{ .name = "signalfd4", .args = {
		SYMBOLIC("flags", ARG_SIGNALFD_FLAGS), POINTS("user_mask", CK_SIGSET_IN) } },
	{ .name = "socket", .ops = &socket_arity, .args = {
		SYMBOLIC("family", ARG_SOCK_FAMILY), SYMBOLIC("type", ARG_SOCK_TYPE) } },
	{ .name = "socketpair", .args = {
		SYMBOLIC("family", ARG_SOCK_FAMILY), SYMBOLIC("type", ARG_SOCK_TYPE),
		POINTS("usockvec", CK_FD_PAIR) } },
	{ .name = "stat", .aliases = { { ALL, "newstat", false } },
	  .args = { POINTS("filename", CK_PATH), POINTS("statbuf", CK_STAT) } },
	{ .name = "statfs", .args = { POINTS("buf", CK_STATFS), POINTS("pathname", CK_PATH) } },
	{ .name = "statx", .args = {
		POINTS("buffer", CK_STATX), POINTS("filename", CK_PATH),
		SYMBOLIC("flags", ARG_STATX_FLAGS), SYMBOLIC("mask", ARG_STATX_MASK) } },
	{ .name = "swapoff", .args = { POINTS("specialfile", CK_PATH) } },
	{ .name = "swapon", .args = { POINTS("specialfile", CK_PATH) } },
	{ .name = "symlink", .args = { POINTS("newname", CK_PATH), POINTS("oldname", CK_PATH) } },
	{ .name = "symlinkat", .args = { POINTS("newname", CK_PATH), POINTS("oldname", CK_PATH) } },
	{ .name = "sysinfo", .args = { POINTS("info", CK_SYSINFO) } },
	{ .name = "tgkill", .args = { SYMBOLIC("sig", ARG_SIGNAL) } },
	{ .name = "timer_create", .args = { SYMBOLIC("which_clock", ARG_CLOCK_ID) } },
	{ .name = "timer_gettime", .args = { POINTS("setting", CK_ITIMERSPEC_OUT) } },
	{ .name = "timer_settime", .args = {
		SYMBOLIC("flags", ARG_TIMER_FLAGS), POINTS("new_setting", CK_ITIMERSPEC_IN),
		POINTS("old_setting", CK_ITIMERSPEC_OUT) } },
	{ .name = "timerfd_create", .args = {
		SYMBOLIC("clockid", ARG_CLOCK_ID), SYMBOLIC("flags", ARG_TIMERFD_FLAGS) } },
	{ .name = "timerfd_gettime", .args = { POINTS("otmr", CK_ITIMERSPEC_OUT) } },
	{ .name = "timerfd_settime", .args = {
		SYMBOLIC("flags", ARG_TFD_TIMER_FLAGS), POINTS("otmr", CK_ITIMERSPEC_OUT),
		POINTS("utmr", CK_ITIMERSPEC_IN) } },
	{ .name = "tkill", .args = { SYMBOLIC("sig", ARG_SIGNAL) } },
	{ .name = "truncate", .args = { POINTS("path", CK_PATH) } },
	/* ppc64le's getrlimit (its getrlimit's number is sys_ni_syscall). */
	{ .name = "ugetrlimit", .aliases = { { MACH_PPC64LE, "getrlimit", false } } },
	{ .name = "umask", .result = RESULT_OCTAL, .args = { SYMBOLIC("mask", ARG_OPEN_MODE) } },
	{ .name = "umount", .aliases = { { MACH_S390X, "oldumount", false } } },
	{ .name = "umount2", .aliases = { { ALL, "umount", false } } },
	{ .name = "uname", .aliases = { { ALL, "newuname", false } },
	  .args = { POINTS("name", CK_UTSNAME) } },
	{ .name = "unlink", .args = { POINTS("pathname", CK_PATH) } },
	{ .name = "unlinkat", .args = {
		SYMBOLIC("flag", ARG_AT_FLAGS), POINTS("pathname", CK_PATH) } },
	{ .name = "utime", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "utimensat", .args = {
		POINTS("filename", CK_PATH), SYMBOLIC("flags", ARG_AT_FLAGS) } },
	{ .name = "utimes", .args = { POINTS("filename", CK_PATH) } },
	{ .name = "wait4", .args = {
		SYMBOLIC("options", ARG_WAIT_OPTIONS), POINTS("stat_addr", CK_WAIT_STATUS) } },
	{ .name = "waitid", .args = {
		POINTS("infop", CK_SIGINFO_OUT), SYMBOLIC("options", ARG_WAITID_OPTIONS),
		SYMBOLIC("which", ARG_WAITID_WHICH) } },
	{ .name = "write", .args = { POINTS_N("buf", CK_DATA_IN, "count") } },
	{ .name = "writev", .args = { POINTS_N("vec", CK_IOV_IN, "vlen") } },
};

/* Arguments that mean the same in every call that has one so named. */
static const struct sysent_arg any_call_args[] = {
	SYMBOLIC("dfd", ARG_DIRFD),
	SYMBOLIC("newdfd", ARG_DIRFD),
	SYMBOLIC("olddfd", ARG_DIRFD),
};

static int sysent_cmp(const void *key, const void *elem)
{
	const struct sysent *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

const struct sysent *sysent_find(const char *name)
{
	const struct sysent key = { .name = name };

	return bsearch(&key, sysents, ARRAY_SIZE(sysents), sizeof(sysents[0]), sysent_cmp);
}

static int arg_name_cmp(const void *key, const void *elem)
{
	const struct sysent_arg *a = key, *b = elem;

	return strcmp(a->name, b->name);
}

/* The facts of one argument of a call, or NULL when it has none. */
const struct sysent_arg *sysent_arg_find(const char *call, const char *arg)
{
	const struct sysent *row = sysent_find(call);
	size_t i;

	for (i = 0; row && i < SYSENT_ARGS && row->args[i].name; i++)
		if (!strcmp(row->args[i].name, arg))
			return &row->args[i];
	return NULL;
}

/* Where the field the condition tests starts: its mask's lowest bit. */
unsigned int sysent_cond_shift(const struct sysent_cond *cond)
{
	return cond->mask ? __builtin_ctz(cond->mask) : 0;
}

/* Whether the condition holds for its argument's value (as the BPF program tests it). */
bool sysent_cond_holds(const struct sysent_cond *cond, unsigned long value)
{
	unsigned long v = (value & cond->mask) >> sysent_cond_shift(cond);

	return v < 32 && (cond->values >> v & 1);
}

/* Whether any argument of the call points at contents sctrace reads. */
bool sysent_has_contents(const char *call)
{
	const struct sysent *row = sysent_find(call);
	size_t i;

	for (i = 0; row && i < SYSENT_ARGS && row->args[i].name; i++)
		if (row->args[i].content != CK_NONE)
			return true;
	return false;
}

/* The symbolic kind of an argument, or plain when it has none (a pointer never has). */
enum arg_kind sysent_symbolic_kind(const char *call, const char *arg, enum arg_kind plain)
{
	const struct sysent_arg key = { .name = arg };
	const struct sysent_arg *fact;

	if (plain == ARG_PTR)
		return plain;
	fact = sysent_arg_find(call, arg);
	if (!fact || !fact->symbolic)
		fact = bsearch(&key, any_call_args, ARRAY_SIZE(any_call_args),
			       sizeof(any_call_args[0]), arg_name_cmp);
	return fact && fact->symbolic ? fact->kind : plain;
}

/* The alias of the call's tracepoint on the machine, or NULL. */
static const struct sysent_alias *machine_alias(int machine, const char *name)
{
	const struct sysent *row = sysent_find(name);
	const struct sysent_alias *a;
	size_t i;

	for (i = 0; row && i < SYSENT_ALIASES; i++) {
		a = &row->aliases[i];
		if (a->tracepoint && (a->machine == ALL || a->machine == machine))
			return a;
	}
	return NULL;
}

const char *syscall_tracepoint_name(int machine, const char *name)
{
	const struct sysent_alias *a = machine_alias(machine, name);

	return a ? a->tracepoint : name;
}

/* Whether the row's argument facts name the machine's tracepoint's arguments. */
bool sysent_args_apply(int machine, const char *name)
{
	const struct sysent_alias *a = machine_alias(machine, name);

	return !a || !a->own_args;
}

enum result_kind syscall_result_kind(const char *name)
{
	const struct sysent *row = sysent_find(name);

	return row ? row->result : RESULT_DEFAULT;
}

static int op_cmp(const void *key, const void *elem)
{
	const struct sysent_op *a = key, *b = elem;

	return (a->op > b->op) - (a->op < b->op);
}

/* What the operation the selector's value names takes: its row, or the call's other. */
const struct sysent_op *sysent_op_find(const struct sysent_ops *ops, unsigned long selector)
{
	const struct sysent_op key = { .op = (unsigned int)selector & ops->mask };
	const struct sysent_op *found;

	found = bsearch(&key, ops->ops, ops->nr, sizeof(ops->ops[0]), op_cmp);
	return found ? found : &ops->other;
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(sysents, sysent_cmp),
	SORTED_TABLE(futex_ops, op_cmp),
	SORTED_TABLE(fcntl_ops, op_cmp),
	SORTED_TABLE(epoll_ctl_ops, op_cmp),
	SORTED_TABLE(socket_ops, op_cmp),
	SORTED_TABLE(sockopt_ops, op_cmp),
	SORTED_TABLE(any_call_args, arg_name_cmp),
};

const struct sorted_table *sysent_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}

const struct sysent *sysent_rows(size_t *nr)
{
	*nr = ARRAY_SIZE(sysents);
	return sysents;
}

const struct sysent_arg *sysent_any_call_args(size_t *nr)
{
	*nr = ARRAY_SIZE(any_call_args);
	return any_call_args;
}
