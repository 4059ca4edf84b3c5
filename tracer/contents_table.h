/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONTENTS_TABLE_H
#define SCTRACE_CONTENTS_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "contents_abi.h"

/* What a pointer argument points to, and so how it is read and shown. */
enum content_kind {
	CK_NONE,
	CK_PATH,	/* a path: "...", whole (strace does not cut paths) */
	CK_ARGV,	/* execve's argv: ["ls", "-la"] */
	CK_ENVP,	/* execve's envp: a count of variables */
	CK_DATA_IN,	/* bytes handed to the kernel, len_arg of them */
	CK_DATA_OUT,	/* bytes the kernel filled, as many as it returned */
	CK_TIMESPEC,	/* struct timespec, read at the enter */
	CK_POLLFD,	/* struct pollfd[len_arg]: events in, revents out */
	CK_SOCKADDR_IN,	/* a socket address of len_arg bytes */
	CK_STAT,	/* struct stat, filled by the kernel */
	CK_STATX,	/* struct statx, filled by the kernel */
	CK_FD_PAIR,	/* int[2] filled by the kernel: pipe2's fds */
	CK_WAIT_STATUS,	/* int filled by the kernel: wait4's status */
	CK_FD_SET,	/* select's fd_set of len_arg bits: fds in, the ready ones out */
	CK_IOV_IN,	/* struct iovec[len_arg] handed to the kernel: each one's data */
	CK_IOV_OUT,	/* struct iovec[len_arg] the kernel filled, up to its result */
	CK_SOCKADDR_OUT, /* a socket address the kernel filled, its length through len_arg */
	CK_TIMEVAL,	/* struct timeval, read at the enter */
	CK_ITIMERVAL_IN, /* struct itimerval handed to the kernel */
	CK_ITIMERVAL_OUT, /* struct itimerval the kernel filled */
	CK_ITIMERSPEC_IN, /* struct itimerspec handed to the kernel */
	CK_ITIMERSPEC_OUT, /* struct itimerspec the kernel filled */
	CK_EPOLL_EVENT,	/* struct epoll_event handed to the kernel */
	CK_EPOLL_EVENTS_OUT, /* struct epoll_event[] the kernel filled, as many as it returned */
	CK_SIGACTION_IN, /* the kernel's struct sigaction, handed to it */
	CK_SIGACTION_OUT, /* the kernel's struct sigaction, filled by it */
	CK_RLIMIT_IN,	/* struct rlimit handed to the kernel */
	CK_RLIMIT_OUT,	/* struct rlimit the kernel filled */
	CK_STATFS,	/* struct statfs, filled by the kernel */
	CK_SIGSET_IN,	/* the kernel's sigset_t handed to it: a signal mask */
	CK_SIGSET_OUT,	/* the kernel's sigset_t it filled */
	CK_MSGHDR_IN,	/* struct msghdr handed to the kernel: address, data, control */
	CK_MSGHDR_OUT,	/* struct msghdr the kernel filled, its data up to the result */
	CK_MMSGHDR,	/* struct mmsghdr[len_arg], as many as the call returned */
	CK_CLONE_ARGS,	/* clone3's struct clone_args: its first version's 64 bytes */
	CK_DIRENTS,	/* getdents' entries the kernel filled: how many */
	CK_SIGINFO_IN,	/* siginfo_t handed to the kernel (rt_sigqueueinfo) */
	CK_SIGINFO_OUT,	/* siginfo_t the kernel filled (waitid, rt_sigtimedwait) */
	CK_TID_OUT,	/* an int the kernel filled: clone's parent_tid */
	/*
	 * fcntl's struct flock, read at both sides for the commands that take
	 * one; each command shows it as one of the two kinds after (sysent.c).
	 */
	CK_FLOCK,
	CK_FLOCK_IN,	/* handed to the kernel: F_SETLK's, shown from the enter */
	CK_FLOCK_OUT,	/* filled by the kernel: F_GETLK's, shown from the exit */
	CK_PATH_OUT,	/* a path the kernel filled: getcwd's */
	CK_UTSNAME,	/* struct new_utsname the kernel filled */
	CK_SYSINFO,	/* struct sysinfo the kernel filled */
	CK_GIDS_OUT,	/* gid_t[len_arg] the kernel filled, as many as it returned */
	CK_CPUSET_OUT,	/* a CPU mask of len_arg bytes the kernel filled, its result's bytes */
	CK_STACK_IN,	/* stack_t handed to the kernel: sigaltstack's new stack */
	CK_STACK_OUT,	/* stack_t the kernel filled: the old one */
	/*
	 * ioctl's arg, read at both sides for the requests that take an int
	 * or a struct winsize (ct_ioctl.h's IOCTL_ARG_CMDS); each request
	 * shows it as one of the four kinds after.
	 */
	CK_IOCTL_ARG,
	CK_INT_IN,	/* an int handed to the kernel: FIONBIO's [1] */
	CK_INT_OUT,	/* an int the kernel filled: FIONREAD's [3] */
	CK_WINSIZE_IN,	/* struct winsize handed to the kernel: TIOCSWINSZ's */
	CK_WINSIZE_OUT,	/* struct winsize the kernel filled: TIOCGWINSZ's */
	CK_SOCKLEN,	/* a socklen_t the kernel reads and writes back: [in => out] */
	CK_SOCKOPT_IN,	/* setsockopt's value, len_arg bytes: by its level and name */
	CK_SOCKOPT_OUT,	/* getsockopt's, as long as the kernel says through len_arg */
	CK_RANDOM_OUT,	/* CK_DATA_OUT that is no text: getrandom's, in hex (strace's rule) */
	CK_KIND_COUNT,	/* not a kind: how many there are */
};

/*
 * rt_sigaction's struct sigaction: the kernel's, not the C library's.
 * x86_64, arm64, s390x and ppc64 all have sa_restorer
 * (__ARCH_HAS_SA_RESTORER) and a one-long sigset_t: handler, flags,
 * restorer, mask, 64 bits each, in the machine's byte order. Elsewhere
 * the table leaves it out.
 */
#if defined(__x86_64__) || defined(__aarch64__) || defined(__s390x__) || defined(__powerpc64__)
#define KERNEL_SIGACTION_KNOWN
#endif

/*
 * The part of the kernel's siginfo_t sctrace shows, as the 64-bit machines
 * lay it out (the union after three ints and padding): a kill's sender,
 * or SIGCHLD's child, status and times.
 */
struct siginfo_head {
	int32_t signo;
	int32_t err;
	int32_t code;
	int32_t pad;
	int32_t pid;
	uint32_t uid;
	int32_t status;
	int32_t pad2;
	int64_t utime;
	int64_t stime;
};

struct kernel_sigaction {
	uint64_t handler;
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask;
};

bool content_kind_at_exit(enum content_kind kind);
bool content_kind_counted(enum content_kind kind);
bool content_kind_in_out(enum content_kind kind);
bool content_kind_paired(enum content_kind kind);
bool content_kind_written(enum content_kind kind, long ret);
size_t content_kind_count(void);
void content_arg_spec(enum content_kind kind, unsigned int string_limit,
		      struct ct_arg_spec *spec);

#endif
