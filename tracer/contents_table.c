// SPDX-License-Identifier: GPL-2.0
#include <linux/futex.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>

#include "compiler.h"
#include "contents_table.h"

/* futex's command: op without FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME. */
#define FUTEX_CMD_BITS (~(unsigned int)(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))
/* The commands whose utime is a timeout (the others take a count there, or nothing). */
#define FUTEX_TIMEOUT_OPS (1u << FUTEX_WAIT | 1u << FUTEX_LOCK_PI | 1u << FUTEX_WAIT_BITSET | \
			   1u << FUTEX_WAIT_REQUEUE_PI | 1u << FUTEX_LOCK_PI2)

/* Which arguments point at contents; sorted by syscall, then argument. */
static const struct content_rule rules[] = {
	{ "accept",		"upeer_sockaddr",	CK_SOCKADDR_OUT,	"upeer_addrlen" },
	{ "accept4",		"upeer_sockaddr",	CK_SOCKADDR_OUT,	"upeer_addrlen" },
	{ "access",		"filename",	CK_PATH,	NULL },
	{ "acct",		"name",		CK_PATH,	NULL },
	{ "bind",		"umyaddr",	CK_SOCKADDR_IN,	"addrlen" },
	{ "chdir",		"filename",	CK_PATH,	NULL },
	{ "chmod",		"filename",	CK_PATH,	NULL },
	{ "chown",		"filename",	CK_PATH,	NULL },
	{ "chroot",		"filename",	CK_PATH,	NULL },
	{ "clock_nanosleep",	"rqtp",		CK_TIMESPEC,	NULL },
	{ "connect",		"uservaddr",	CK_SOCKADDR_IN,	"addrlen" },
	{ "creat",		"pathname",	CK_PATH,	NULL },
	{ "epoll_ctl",		"event",	CK_EPOLL_EVENT,	NULL },
	{ "epoll_pwait",	"events",	CK_EPOLL_EVENTS_OUT,	"maxevents" },
	{ "epoll_pwait",	"sigmask",	CK_SIGSET_IN,	NULL },
	{ "epoll_pwait2",	"events",	CK_EPOLL_EVENTS_OUT,	"maxevents" },
	{ "epoll_pwait2",	"sigmask",	CK_SIGSET_IN,	NULL },
	{ "epoll_pwait2",	"timeout",	CK_TIMESPEC,	NULL },
	{ "epoll_wait",		"events",	CK_EPOLL_EVENTS_OUT,	"maxevents" },
	{ "execve",		"argv",		CK_ARGV,	NULL },
	{ "execve",		"envp",		CK_ENVP,	NULL },
	{ "execve",		"filename",	CK_PATH,	NULL },
	{ "execveat",		"argv",		CK_ARGV,	NULL },
	{ "execveat",		"envp",		CK_ENVP,	NULL },
	{ "execveat",		"filename",	CK_PATH,	NULL },
	{ "faccessat",		"filename",	CK_PATH,	NULL },
	{ "faccessat2",		"filename",	CK_PATH,	NULL },
	{ "fanotify_mark",	"pathname",	CK_PATH,	NULL },
	{ "fchmodat",		"filename",	CK_PATH,	NULL },
	{ "fchownat",		"filename",	CK_PATH,	NULL },
	{ "fgetxattr",		"name",		CK_PATH,	NULL },
	{ "fgetxattr",		"value",	CK_DATA_OUT,	"size" },
	{ "flistxattr",		"list",		CK_DATA_OUT,	"size" },
	{ "fremovexattr",	"name",		CK_PATH,	NULL },
	{ "fsetxattr",		"name",		CK_PATH,	NULL },
	{ "fsetxattr",		"value",	CK_DATA_IN,	"size" },
	{ "fstat",		"statbuf",	CK_STAT,	NULL },
	{ "fstatfs",		"buf",		CK_STATFS,	NULL },
	{ "futex",		"utime",	CK_TIMESPEC,	NULL },
	{ "futimesat",		"filename",	CK_PATH,	NULL },
	{ "getitimer",		"value",	CK_ITIMERVAL_OUT,	NULL },
	{ "getpeername",	"usockaddr",	CK_SOCKADDR_OUT,	"usockaddr_len" },
	{ "getrlimit",		"rlim",		CK_RLIMIT_OUT,	NULL },
	{ "getsockname",	"usockaddr",	CK_SOCKADDR_OUT,	"usockaddr_len" },
	{ "getxattr",		"name",		CK_PATH,	NULL },
	{ "getxattr",		"pathname",	CK_PATH,	NULL },
	{ "getxattr",		"value",	CK_DATA_OUT,	"size" },
	{ "inotify_add_watch",	"pathname",	CK_PATH,	NULL },
	{ "lchown",		"filename",	CK_PATH,	NULL },
	{ "lgetxattr",		"name",		CK_PATH,	NULL },
	{ "lgetxattr",		"pathname",	CK_PATH,	NULL },
	{ "lgetxattr",		"value",	CK_DATA_OUT,	"size" },
	{ "link",		"newname",	CK_PATH,	NULL },
	{ "link",		"oldname",	CK_PATH,	NULL },
	{ "linkat",		"newname",	CK_PATH,	NULL },
	{ "linkat",		"oldname",	CK_PATH,	NULL },
	{ "listxattr",		"list",		CK_DATA_OUT,	"size" },
	{ "listxattr",		"pathname",	CK_PATH,	NULL },
	{ "llistxattr",		"list",		CK_DATA_OUT,	"size" },
	{ "llistxattr",		"pathname",	CK_PATH,	NULL },
	{ "lremovexattr",	"name",		CK_PATH,	NULL },
	{ "lremovexattr",	"pathname",	CK_PATH,	NULL },
	{ "lsetxattr",		"name",		CK_PATH,	NULL },
	{ "lsetxattr",		"pathname",	CK_PATH,	NULL },
	{ "lsetxattr",		"value",	CK_DATA_IN,	"size" },
	{ "lstat",		"filename",	CK_PATH,	NULL },
	{ "lstat",		"statbuf",	CK_STAT,	NULL },
	{ "memfd_create",	"uname",	CK_PATH,	NULL },
	{ "mkdir",		"pathname",	CK_PATH,	NULL },
	{ "mkdirat",		"pathname",	CK_PATH,	NULL },
	{ "mknod",		"filename",	CK_PATH,	NULL },
	{ "mknodat",		"filename",	CK_PATH,	NULL },
	{ "mount",		"dev_name",	CK_PATH,	NULL },
	{ "mount",		"dir_name",	CK_PATH,	NULL },
	{ "mount",		"type",		CK_PATH,	NULL },
	{ "move_mount",		"from_pathname", CK_PATH,	NULL },
	{ "move_mount",		"to_pathname",	CK_PATH,	NULL },
	{ "name_to_handle_at",	"name",		CK_PATH,	NULL },
	{ "nanosleep",		"rqtp",		CK_TIMESPEC,	NULL },
	{ "newfstatat",		"filename",	CK_PATH,	NULL },
	{ "newfstatat",		"statbuf",	CK_STAT,	NULL },
	{ "open",		"filename",	CK_PATH,	NULL },
	{ "open_tree",		"filename",	CK_PATH,	NULL },
	{ "openat",		"filename",	CK_PATH,	NULL },
	{ "openat2",		"filename",	CK_PATH,	NULL },
	{ "pipe",		"fildes",	CK_FD_PAIR,	NULL },
	{ "pipe2",		"fildes",	CK_FD_PAIR,	NULL },
	{ "pivot_root",		"new_root",	CK_PATH,	NULL },
	{ "pivot_root",		"put_old",	CK_PATH,	NULL },
	{ "poll",		"ufds",		CK_POLLFD,	"nfds" },
	{ "ppoll",		"sigmask",	CK_SIGSET_IN,	NULL },
	{ "ppoll",		"tsp",		CK_TIMESPEC,	NULL },
	{ "ppoll",		"ufds",		CK_POLLFD,	"nfds" },
	{ "pread64",		"buf",		CK_DATA_OUT,	"count" },
	{ "preadv",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "preadv2",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "prlimit64",		"new_rlim",	CK_RLIMIT_IN,	NULL },
	{ "prlimit64",		"old_rlim",	CK_RLIMIT_OUT,	NULL },
	{ "pselect6",		"exp",		CK_FD_SET,	"n" },
	{ "pselect6",		"inp",		CK_FD_SET,	"n" },
	{ "pselect6",		"outp",		CK_FD_SET,	"n" },
	{ "pselect6",		"tsp",		CK_TIMESPEC,	NULL },
	{ "pwrite64",		"buf",		CK_DATA_IN,	"count" },
	{ "pwritev",		"vec",		CK_IOV_IN,	"vlen" },
	{ "pwritev2",		"vec",		CK_IOV_IN,	"vlen" },
	{ "quotactl",		"special",	CK_PATH,	NULL },
	{ "read",		"buf",		CK_DATA_OUT,	"count" },
	{ "readlink",		"buf",		CK_DATA_OUT,	"bufsiz" },
	{ "readlink",		"path",		CK_PATH,	NULL },
	{ "readlinkat",		"buf",		CK_DATA_OUT,	"bufsiz" },
	{ "readlinkat",		"pathname",	CK_PATH,	NULL },
	{ "readv",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "recvfrom",		"addr",		CK_SOCKADDR_OUT,	"addr_len" },
	{ "recvfrom",		"ubuf",		CK_DATA_OUT,	"size" },
	{ "recvmmsg",		"mmsg",		CK_MMSGHDR,	"vlen" },
	{ "recvmmsg",		"timeout",	CK_TIMESPEC,	NULL },
	{ "recvmsg",		"msg",		CK_MSGHDR_OUT,	NULL },
	{ "removexattr",	"name",		CK_PATH,	NULL },
	{ "removexattr",	"pathname",	CK_PATH,	NULL },
	{ "rename",		"newname",	CK_PATH,	NULL },
	{ "rename",		"oldname",	CK_PATH,	NULL },
	{ "renameat",		"newname",	CK_PATH,	NULL },
	{ "renameat",		"oldname",	CK_PATH,	NULL },
	{ "renameat2",		"newname",	CK_PATH,	NULL },
	{ "renameat2",		"oldname",	CK_PATH,	NULL },
	{ "rmdir",		"pathname",	CK_PATH,	NULL },
#ifdef KERNEL_SIGACTION_KNOWN
	{ "rt_sigaction",	"act",		CK_SIGACTION_IN,	NULL },
	{ "rt_sigaction",	"oact",		CK_SIGACTION_OUT,	NULL },
#endif
	{ "rt_sigpending",	"uset",		CK_SIGSET_OUT,	NULL },
	{ "rt_sigprocmask",	"nset",		CK_SIGSET_IN,	NULL },
	{ "rt_sigprocmask",	"oset",		CK_SIGSET_OUT,	NULL },
	{ "rt_sigsuspend",	"unewset",	CK_SIGSET_IN,	NULL },
	{ "rt_sigtimedwait",	"uthese",	CK_SIGSET_IN,	NULL },
	{ "rt_sigtimedwait",	"uts",		CK_TIMESPEC,	NULL },
	{ "select",		"exp",		CK_FD_SET,	"n" },
	{ "select",		"inp",		CK_FD_SET,	"n" },
	{ "select",		"outp",		CK_FD_SET,	"n" },
	{ "select",		"tvp",		CK_TIMEVAL,	NULL },
	{ "sendmmsg",		"mmsg",		CK_MMSGHDR,	"vlen" },
	{ "sendmsg",		"msg",		CK_MSGHDR_IN,	NULL },
	{ "sendto",		"addr",		CK_SOCKADDR_IN,	"addr_len" },
	{ "sendto",		"buff",		CK_DATA_IN,	"len" },
	{ "setitimer",		"ovalue",	CK_ITIMERVAL_OUT,	NULL },
	{ "setitimer",		"value",	CK_ITIMERVAL_IN,	NULL },
	{ "setrlimit",		"rlim",		CK_RLIMIT_IN,	NULL },
	{ "settimeofday",	"tv",		CK_TIMEVAL,	NULL },
	{ "setxattr",		"name",		CK_PATH,	NULL },
	{ "setxattr",		"pathname",	CK_PATH,	NULL },
	{ "setxattr",		"value",	CK_DATA_IN,	"size" },
	{ "signalfd",		"user_mask",	CK_SIGSET_IN,	NULL },
	{ "signalfd4",		"user_mask",	CK_SIGSET_IN,	NULL },
	{ "socketpair",		"usockvec",	CK_FD_PAIR,	NULL },
	{ "stat",		"filename",	CK_PATH,	NULL },
	{ "stat",		"statbuf",	CK_STAT,	NULL },
	{ "statfs",		"buf",		CK_STATFS,	NULL },
	{ "statfs",		"pathname",	CK_PATH,	NULL },
	{ "statx",		"buffer",	CK_STATX,	NULL },
	{ "statx",		"filename",	CK_PATH,	NULL },
	{ "swapoff",		"specialfile",	CK_PATH,	NULL },
	{ "swapon",		"specialfile",	CK_PATH,	NULL },
	{ "symlink",		"newname",	CK_PATH,	NULL },
	{ "symlink",		"oldname",	CK_PATH,	NULL },
	{ "symlinkat",		"newname",	CK_PATH,	NULL },
	{ "symlinkat",		"oldname",	CK_PATH,	NULL },
	{ "timer_gettime",	"setting",	CK_ITIMERSPEC_OUT,	NULL },
	{ "timer_settime",	"new_setting",	CK_ITIMERSPEC_IN,	NULL },
	{ "timer_settime",	"old_setting",	CK_ITIMERSPEC_OUT,	NULL },
	{ "timerfd_gettime",	"otmr",		CK_ITIMERSPEC_OUT,	NULL },
	{ "timerfd_settime",	"otmr",		CK_ITIMERSPEC_OUT,	NULL },
	{ "timerfd_settime",	"utmr",		CK_ITIMERSPEC_IN,	NULL },
	{ "truncate",		"path",		CK_PATH,	NULL },
	{ "unlink",		"pathname",	CK_PATH,	NULL },
	{ "unlinkat",		"pathname",	CK_PATH,	NULL },
	{ "utime",		"filename",	CK_PATH,	NULL },
	{ "utimensat",		"filename",	CK_PATH,	NULL },
	{ "utimes",		"filename",	CK_PATH,	NULL },
	{ "wait4",		"stat_addr",	CK_WAIT_STATUS,	NULL },
	{ "write",		"buf",		CK_DATA_IN,	"count" },
	{ "writev",		"vec",		CK_IOV_IN,	"vlen" },
};

/* Rules that hold only for some values of another argument; sorted likewise. */
static const struct content_cond conds[] = {
	{ "futex", "utime", "op", FUTEX_CMD_BITS, FUTEX_TIMEOUT_OPS },
};

/* Arrays of structs are shown whole up to this many bytes (64 pollfds). */
#define STRUCT_ARRAY_MAX 512
#define SOCKADDR_MAX 128	/* sizeof(struct sockaddr_storage) */
/* select's sets are read up to FD_SETSIZE fds; beyond, the list ends in "...". */
#define FD_SET_BITS_MAX 1024
/* A path is read whole, PATH_MAX with its NUL, and one byte to tell it was cut. */
#define PATH_SHOWN_MAX (CT_MAX_ITEM - 2)

/* Where a kind's count comes from: elem_size bytes times it. */
enum kind_len {
	LEN_ONE,	/* one element */
	LEN_ARG,	/* the rule's len_arg (the caller resolves it) */
};

/* How each kind is read. */
struct kind_read {
	enum ct_mode mode;
	unsigned char when;
	unsigned short elem_size;
	enum kind_len len;
	unsigned char flags;	/* CT_LEN_* */
	bool in_out;		/* shown at the enter, and after the result */
	unsigned short max;	/* bytes read at most; 0: the string limit */
};

/* One struct, read whole at one side of the call. */
#define FIXED(when, size) { CT_MODE_BYTES, when, size, LEN_ONE, 0, false, size }

static const struct kind_read kind_reads[] = {
	[CK_NONE]	 = { CT_MODE_NONE, 0, 0, LEN_ONE, 0, false, 0 },
	[CK_PATH]	 = { CT_MODE_STR, CT_AT_ENTER, 0, LEN_ONE, 0, false, PATH_SHOWN_MAX },
	[CK_ARGV]	 = { CT_MODE_STRV, CT_AT_ENTER, 0, LEN_ONE, 0, false, 0 },
	[CK_ENVP]	 = { CT_MODE_COUNTV, CT_AT_ENTER, 0, LEN_ONE, 0, false, 0 },
	[CK_DATA_IN]	 = { CT_MODE_BYTES, CT_AT_ENTER, 1, LEN_ARG, 0, false, 0 },
	/* As many as the call returned, and no more than the buffer held. */
	[CK_DATA_OUT]	 = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_UPTO_RET, false, 0 },
	[CK_TIMESPEC]	 = FIXED(CT_AT_ENTER, sizeof(struct timespec)),
	[CK_POLLFD]	 = { CT_MODE_BYTES, CT_AT_ENTER | CT_AT_EXIT, sizeof(struct pollfd), LEN_ARG,
			     0, true, STRUCT_ARRAY_MAX },
	[CK_SOCKADDR_IN] = { CT_MODE_BYTES, CT_AT_ENTER, 1, LEN_ARG, 0, false, SOCKADDR_MAX },
	[CK_STAT]	 = FIXED(CT_AT_EXIT, sizeof(struct stat)),
	[CK_STATX]	 = FIXED(CT_AT_EXIT, sizeof(struct statx)),
	[CK_FD_PAIR]	 = FIXED(CT_AT_EXIT, 2 * sizeof(int)),
	[CK_WAIT_STATUS] = FIXED(CT_AT_EXIT, sizeof(int)),
	[CK_FD_SET]	 = { CT_MODE_BYTES, CT_AT_ENTER | CT_AT_EXIT, 1, LEN_ARG, CT_LEN_BITS, true,
			     FD_SET_BITS_MAX / 8 },
	/* Each iovec's first string-limit bytes, of the first CT_MAX_IOV. */
	[CK_IOV_IN]	 = { CT_MODE_IOV, CT_AT_ENTER, sizeof(struct iovec), LEN_ARG, 0, false, 0 },
	[CK_IOV_OUT]	 = { CT_MODE_IOV, CT_AT_EXIT, sizeof(struct iovec), LEN_ARG, 0, false, 0 },
	/* As long as the kernel says, and no longer than the buffer was. */
	[CK_SOCKADDR_OUT] = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_PTR, false,
			      SOCKADDR_MAX },
	[CK_TIMEVAL]	 = FIXED(CT_AT_ENTER, sizeof(struct timeval)),
	[CK_ITIMERVAL_IN] = FIXED(CT_AT_ENTER, sizeof(struct itimerval)),
	[CK_ITIMERVAL_OUT] = FIXED(CT_AT_EXIT, sizeof(struct itimerval)),
	[CK_ITIMERSPEC_IN] = FIXED(CT_AT_ENTER, sizeof(struct itimerspec)),
	[CK_ITIMERSPEC_OUT] = FIXED(CT_AT_EXIT, sizeof(struct itimerspec)),
	[CK_EPOLL_EVENT] = FIXED(CT_AT_ENTER, sizeof(struct epoll_event)),
	/* As many as the call returned, and no more than maxevents. */
	[CK_EPOLL_EVENTS_OUT] = { CT_MODE_BYTES, CT_AT_EXIT, sizeof(struct epoll_event), LEN_ARG,
				  CT_LEN_UPTO_RET, false, STRUCT_ARRAY_MAX },
	[CK_SIGACTION_IN] = FIXED(CT_AT_ENTER, sizeof(struct kernel_sigaction)),
	[CK_SIGACTION_OUT] = FIXED(CT_AT_EXIT, sizeof(struct kernel_sigaction)),
	/* getrlimit's struct rlimit is prlimit64's on the 64-bit machines. */
	[CK_RLIMIT_IN]	 = FIXED(CT_AT_ENTER, sizeof(struct rlimit64)),
	[CK_RLIMIT_OUT]	 = FIXED(CT_AT_EXIT, sizeof(struct rlimit64)),
	[CK_STATFS]	 = FIXED(CT_AT_EXIT, sizeof(struct statfs)),
	/* The kernel's sigset_t: one 64-bit word on the machines built for. */
	[CK_SIGSET_IN]	 = FIXED(CT_AT_ENTER, sizeof(uint64_t)),
	[CK_SIGSET_OUT]	 = FIXED(CT_AT_EXIT, sizeof(uint64_t)),
	/* Each iovec's first string-limit bytes; the address and control whole. */
	[CK_MSGHDR_IN]	 = { CT_MODE_MSG, CT_AT_ENTER, sizeof(struct msghdr), LEN_ONE, 0, false, 0 },
	/* The lengths the kernel wrote back, the data it returned. */
	[CK_MSGHDR_OUT]	 = { CT_MODE_MSG, CT_AT_EXIT, sizeof(struct msghdr), LEN_ONE, 0, false, 0 },
	/*
	 * Read at the exit, sendmmsg's too: each message's msg_len is known
	 * only then. As many as the call returned, each up to its msg_len.
	 */
	[CK_MMSGHDR]	 = { CT_MODE_MSG, CT_AT_EXIT, sizeof(struct mmsghdr), LEN_ARG,
			     CT_LEN_UPTO_RET, false, 0 },
};

static int rule_cmp(const void *key, const void *elem)
{
	const struct content_rule *a = key, *b = elem;
	int c = strcmp(a->syscall, b->syscall);

	return c ? c : strcmp(a->arg, b->arg);
}

const struct content_rule *content_rule_find(const char *syscall, const char *arg)
{
	struct content_rule key = { .syscall = syscall, .arg = arg };

	return bsearch(&key, rules, ARRAY_SIZE(rules),
		       sizeof(rules[0]), rule_cmp);
}

static int cond_cmp(const void *key, const void *elem)
{
	const struct content_cond *a = key, *b = elem;
	int c = strcmp(a->syscall, b->syscall);

	return c ? c : strcmp(a->arg, b->arg);
}

/* When the argument's rule holds; NULL: always. */
const struct content_cond *content_cond_find(const char *syscall, const char *arg)
{
	struct content_cond key = { .syscall = syscall, .arg = arg };

	return bsearch(&key, conds, ARRAY_SIZE(conds), sizeof(conds[0]), cond_cmp);
}

/* The conditions, for the tests. */
const struct content_cond *content_conds(size_t *nr)
{
	*nr = ARRAY_SIZE(conds);
	return conds;
}

static int rule_syscall_cmp(const void *key, const void *elem)
{
	const struct content_rule *b = elem;

	return strcmp(key, b->syscall);
}

/* Whether any argument of the syscall so named has contents. */
bool content_syscall_has_rules(const char *syscall)
{
	return bsearch(syscall, rules, ARRAY_SIZE(rules),
		       sizeof(rules[0]), rule_syscall_cmp);
}

/* The table, for the test that it is sorted. */
const struct content_rule *content_rules(size_t *nr)
{
	*nr = ARRAY_SIZE(rules);
	return rules;
}

/* Whether the line waits for the exit: something is read there. */
bool content_kind_at_exit(enum content_kind kind)
{
	return kind_reads[kind].when & CT_AT_EXIT;
}

/* Whether it is shown at the enter, and what came back after the result. */
bool content_kind_in_out(enum content_kind kind)
{
	return kind_reads[kind].in_out;
}

/* How the BPF program reads a kind; len_arg is the caller's to fill. */
void content_arg_spec(enum content_kind kind, unsigned int string_limit,
		      struct ct_arg_spec *spec)
{
	const struct kind_read *r = &kind_reads[kind];

	memset(spec, 0, sizeof(*spec));
	spec->mode = r->mode;
	spec->when = r->when;
	spec->len_arg = CT_LEN_NONE;
	spec->flags = r->flags;
	spec->elem_size = r->elem_size;
	spec->max = r->max ? r->max : string_limit;
	spec->cond_arg = CT_MAX_ARGS;
}

/* Whether the length argument counts elements: the caller resolves it. */
bool content_kind_counted(enum content_kind kind)
{
	return kind_reads[kind].len == LEN_ARG;
}

/* How many kinds there are, for the tests. */
size_t content_kind_count(void)
{
	return ARRAY_SIZE(kind_reads);
}
