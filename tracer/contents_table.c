// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <linux/sched.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <time.h>

#include "compiler.h"
#include "contents_table.h"

/* Arrays of structs are shown whole up to this many bytes (64 pollfds). */
#define STRUCT_ARRAY_MAX 512
#define SOCKADDR_MAX 128	/* sizeof(struct sockaddr_storage) */
/* select's sets are read up to FD_SETSIZE fds; beyond, the list ends in "...". */
#define FD_SET_BITS_MAX 1024
/* A path is shown whole: the longest the kernel takes is PATH_MAX with its NUL. */
#define PATH_SHOWN_MAX (CT_MAX_ITEM - 1)
/* sched_getaffinity's mask: 1024 CPUs, as glibc's cpu_set_t holds. */
#define CPU_MASK_MAX 128

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

/* A pointer in a struct read at the enter, followed at the exit (ct_arg_spec's ptr_*). */
struct kind_pointer {
	unsigned char at;	/* its offset + 1 */
	unsigned char size;
	unsigned char if_bit;
};

/* CLONE_PARENT_SETTID, as the bit clone3's flags hold it in. */
#define CLONE_PARENT_SETTID_BIT 20
_Static_assert(CLONE_PARENT_SETTID == 1u << CLONE_PARENT_SETTID_BIT, "clone3's flag bit");

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
	/*
	 * Every size the kernel takes starts with these; later fields are
	 * rarer. After the result, the tid the kernel wrote at parent_tid.
	 */
	[CK_CLONE_ARGS]	 = { CT_MODE_BYTES, CT_AT_ENTER, CLONE_ARGS_SIZE_VER0, LEN_ONE, 0, true,
			     CLONE_ARGS_SIZE_VER0 },
	/* The bytes the call returned, walked in the kernel: a count, as strace shows. */
	[CK_DIRENTS]	 = { CT_MODE_DIRENTS, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_UPTO_RET, false, 0 },
	[CK_SIGINFO_IN]	 = FIXED(CT_AT_ENTER, sizeof(struct siginfo_head)),
	[CK_SIGINFO_OUT] = FIXED(CT_AT_EXIT, sizeof(struct siginfo_head)),
	[CK_TID_OUT]	 = FIXED(CT_AT_EXIT, sizeof(int)),
	[CK_FLOCK]	 = FIXED(CT_AT_ENTER | CT_AT_EXIT, sizeof(struct flock)),
	[CK_FLOCK_IN]	 = FIXED(CT_AT_ENTER, sizeof(struct flock)),
	[CK_FLOCK_OUT]	 = FIXED(CT_AT_EXIT, sizeof(struct flock)),
	[CK_PATH_OUT]	 = { CT_MODE_STR, CT_AT_EXIT, 0, LEN_ONE, 0, false, PATH_SHOWN_MAX },
	[CK_UTSNAME]	 = FIXED(CT_AT_EXIT, sizeof(struct utsname)),
	[CK_SYSINFO]	 = FIXED(CT_AT_EXIT, sizeof(struct sysinfo)),
	/* As many as the call returned, and no more than gidsetsize. */
	[CK_GIDS_OUT]	 = { CT_MODE_BYTES, CT_AT_EXIT, sizeof(gid_t), LEN_ARG, CT_LEN_UPTO_RET, false,
			     STRUCT_ARRAY_MAX },
	/* The bytes the kernel copied (its result): 1024 CPUs at most. */
	[CK_CPUSET_OUT]	 = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_UPTO_RET, false,
			     CPU_MASK_MAX },
	[CK_STACK_IN]	 = FIXED(CT_AT_ENTER, sizeof(stack_t)),
	[CK_STACK_OUT]	 = FIXED(CT_AT_EXIT, sizeof(stack_t)),
	/* The larger of the two: an int's read fails only at a mapping's very end. */
	[CK_IOCTL_ARG]	 = FIXED(CT_AT_ENTER | CT_AT_EXIT, sizeof(struct winsize)),
	[CK_INT_IN]	 = FIXED(CT_AT_ENTER, sizeof(int)),
	[CK_INT_OUT]	 = FIXED(CT_AT_EXIT, sizeof(int)),
	[CK_WINSIZE_IN]	 = FIXED(CT_AT_ENTER, sizeof(struct winsize)),
	[CK_WINSIZE_OUT] = FIXED(CT_AT_EXIT, sizeof(struct winsize)),
	/* The size of the buffer at the enter, what the kernel wrote at the exit. */
	[CK_SOCKLEN]	 = FIXED(CT_AT_ENTER | CT_AT_EXIT, sizeof(int)),
	/* Shown as an int, a struct or a string: up to the string limit. */
	[CK_SOCKOPT_IN]	 = { CT_MODE_BYTES, CT_AT_ENTER, 1, LEN_ARG, 0, false, 0 },
	[CK_SOCKOPT_OUT] = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_PTR, false, 0 },
	[CK_RANDOM_OUT]	 = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_UPTO_RET, false, 0 },
};

static const struct kind_pointer kind_pointers[CK_KIND_COUNT] = {
	[CK_CLONE_ARGS]	 = { offsetof(struct clone_args, parent_tid) + 1, sizeof(int),
			     CLONE_PARENT_SETTID_BIT },
};

/* Out-arguments the kernel writes only when the call returns more than 0 (a pid). */
static const bool written_if_positive[CK_KIND_COUNT] = {
	/* wait4 with WNOHANG returns 0, and writes nothing, while no child changed. */
	[CK_WAIT_STATUS] = true,
};

/* Kinds shown once, from the enter's item and the exit's: accept's [16 => 2]. */
static const bool paired[CK_KIND_COUNT] = {
	[CK_SOCKLEN] = true,
};

/* Whether the kernel wrote the kind's contents, by the call's result (no error). */
bool content_kind_written(enum content_kind kind, long ret)
{
	return ret > 0 || !written_if_positive[kind];
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

/* Whether it is shown from both sides in one place: what it was, what it became. */
bool content_kind_paired(enum content_kind kind)
{
	return paired[kind];
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
	spec->ptr_at = kind_pointers[kind].at;
	spec->ptr_size = kind_pointers[kind].size;
	spec->ptr_if_bit = kind_pointers[kind].if_bit;
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
