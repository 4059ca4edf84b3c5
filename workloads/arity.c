// SPDX-License-Identifier: GPL-2.0
/*
 * Calls whose arguments depend on an operation, or arrive with garbage
 * in a register's upper half, for selftests/arity.bats to trace with
 * sctrace and with strace: `arity MODE`, one group of calls per mode.
 * By syscall(), so that the registers hold exactly what is written here,
 * as strace's own tests pass them.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/sysinfo.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* What a 32-bit argument's register may carry above it: the kernel ignores it. */
#define GARBAGE 0xdeadbeef00000000UL

static uint32_t word, other;
static const struct timespec one_us = { 0, 1000 };

static long futex(int op, unsigned long val, const void *utime, unsigned long val3)
{
	return syscall(SYS_futex, &word, op, val, utime, &other, val3);
}

/* Every command: the unused registers hold values that would show if printed. */
static void futex_ops(void)
{
	futex(FUTEX_WAIT_PRIVATE, 1, NULL, 17);
	futex(FUTEX_WAIT_PRIVATE, 0, &one_us, 17);
	futex(FUTEX_WAKE_PRIVATE, 1, (void *)0x1234, 17);
	futex(FUTEX_REQUEUE_PRIVATE, 1, (void *)2, 17);
	futex(FUTEX_CMP_REQUEUE_PRIVATE, 1, (void *)2, 17);
	futex(FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, 0x94005000);
	futex(FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, 0x79001002);
	futex(FUTEX_LOCK_PI_PRIVATE, 7, &one_us, 17);
	futex(FUTEX_UNLOCK_PI_PRIVATE, 7, (void *)0x1234, 17);
	futex(FUTEX_TRYLOCK_PI_PRIVATE, 7, (void *)0x1234, 17);
	futex(FUTEX_WAIT_BITSET_PRIVATE, 0, &one_us, FUTEX_BITSET_MATCH_ANY);
	futex(FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0, &one_us, 3);
	futex(FUTEX_WAKE_BITSET_PRIVATE, 1, (void *)0x1234, 5);
	futex(FUTEX_WAIT_REQUEUE_PI_PRIVATE, 1, &one_us, 17);
	futex(FUTEX_CMP_REQUEUE_PI_PRIVATE, 1, (void *)2, 17);
	syscall(SYS_futex, &word, GARBAGE | FUTEX_WAKE, GARBAGE | 1, 0x1234, &other,
		GARBAGE | 17);
}

static void fcntl_cmds(void)
{
	struct flock lock = { .l_type = F_RDLCK, .l_whence = SEEK_SET, .l_len = 1 };
	/* Its own open file: F_SETFL changes what every dup of it shares. */
	int fd = open("/dev/null", O_RDONLY);

	syscall(SYS_fcntl, fd, F_GETFD, 0x55);
	syscall(SYS_fcntl, fd, F_SETFD, GARBAGE | FD_CLOEXEC);
	syscall(SYS_fcntl, fd, F_GETFD, 0x55);
	syscall(SYS_fcntl, fd, F_GETFL, 0x55);
	syscall(SYS_fcntl, fd, F_SETFL, GARBAGE | O_NONBLOCK | O_APPEND);
	syscall(SYS_fcntl, fd, F_GETFL, 0x55);
	syscall(SYS_fcntl, fd, F_DUPFD, 10);
	syscall(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 20);
	syscall(SYS_fcntl, fd, F_GETOWN, 0x55);
	syscall(SYS_fcntl, fd, F_SETSIG, SIGUSR1);
	syscall(SYS_fcntl, fd, F_GETSIG, 0x55);
	syscall(SYS_fcntl, fd, F_SETLK, &lock);
	/* The kernel fills F_GETLK's: no lock conflicts, l_type F_UNLCK. */
	lock.l_pid = 77;
	syscall(SYS_fcntl, fd, F_GETLK, &lock);
	lock.l_type = F_WRLCK;
	lock.l_pid = 0;
	syscall(SYS_fcntl, fd, F_OFD_SETLK, &lock);
	syscall(SYS_fcntl, fd, F_OFD_GETLK, &lock);
	syscall(SYS_fcntl, fd, F_SETLKW, NULL);
}

static void epoll_ops(void)
{
	struct epoll_event ev = { .events = ~0u, .data.u64 = 1 };
	int ep = syscall(SYS_epoll_create1, 0);

	syscall(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, 0, &ev);
	syscall(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, 0, NULL);
}

/* What the requests that take an int or a winsize hand over or get back, on a pty and a pipe. */
static void tty_reqs(void)
{
	struct winsize ws = { .ws_row = 24, .ws_col = 80 };
	int master = posix_openpt(O_RDWR | O_NOCTTY), tty, n = 1, p[2];

	if (master < 0 || grantpt(master) || unlockpt(master) || pipe(p))
		return;
	tty = open(ptsname(master), O_RDWR | O_NOCTTY);
	syscall(SYS_ioctl, tty, TIOCSWINSZ, &ws);
	syscall(SYS_ioctl, tty, TIOCGWINSZ, &ws);
	syscall(SYS_ioctl, tty, TIOCGPGRP, &n);
	syscall(SYS_ioctl, tty, FIONBIO, &n);
	n = 0;
	syscall(SYS_ioctl, tty, FIONBIO, &n);
	syscall(SYS_ioctl, tty, FIONBIO, 0x5);
	if (write(p[1], "abc", 3) != 3)
		return;
	syscall(SYS_ioctl, p[0], FIONREAD, &n);
}

/*
 * Requests with an address, a number, an enum or nothing as argument, and
 * unknown ones of each direction; on /dev/null, so each fails alike for both
 * tracers (strace shows the address of what no call wrote).
 */
static void ioctl_reqs(void)
{
	int fd = open("/dev/null", O_RDONLY);

	syscall(SYS_ioctl, fd, GARBAGE | TCGETS, 0);
	syscall(SYS_ioctl, fd, TCGETS, 0x1234);
	syscall(SYS_ioctl, fd, TCSETS, 0x1234);
	syscall(SYS_ioctl, fd, TIOCGWINSZ, 0x1234);
	syscall(SYS_ioctl, fd, TCSBRK, 0x1234);
	syscall(SYS_ioctl, fd, TCFLSH, TCIFLUSH);
	syscall(SYS_ioctl, fd, TCXONC, 0x1234);
	syscall(SYS_ioctl, fd, TIOCGSERIAL, 0);
	syscall(SYS_ioctl, fd, FIONBIO, 0);
	syscall(SYS_ioctl, fd, FIOCLEX, 0x1234);
	syscall(SYS_ioctl, fd, FIONCLEX, 0x1234);
	syscall(SYS_ioctl, fd, _IO('x', 3), 0x1234);
	syscall(SYS_ioctl, fd, _IOR('x', 3, int), 0);
	syscall(SYS_ioctl, fd, _IOWR('x', 0, long), 0);
	syscall(SYS_ioctl, fd, 0x54ff, 0);
	tty_reqs();
}

/* prctl's options, each with arguments it ignores set; umask, mmap's offset. */
static void prctl_opts(void)
{
	void *p;

	syscall(SYS_prctl, PR_GET_DUMPABLE, 1, 2, 3, 4);
	syscall(SYS_prctl, PR_SET_DUMPABLE, 0, 2, 3, 4);
	syscall(SYS_prctl, PR_GET_DUMPABLE, 1, 2, 3, 4);
	syscall(SYS_prctl, PR_SET_DUMPABLE, 7, 2, 3, 4);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGUSR1, 2, 3, 4);
	syscall(SYS_prctl, PR_GET_PDEATHSIG, 0, 2, 3, 4);
	syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_TIMERSLACK, 50000, 2, 3, 4);
	syscall(SYS_prctl, PR_GET_TIMERSLACK, 1, 2, 3, 4);
	syscall(SYS_prctl, PR_CAPBSET_READ, 5, 2, 3, 4);
	syscall(SYS_prctl, PR_CAPBSET_READ, 99, 2, 3, 4);
	syscall(SYS_prctl, PR_SET_NAME, 0, 2, 3, 4);
	syscall(SYS_prctl, GARBAGE | 0x4567, 1, 2, 3, 4);
	syscall(SYS_umask, GARBAGE | 0777);
	syscall(SYS_umask, 022);
	p = (void *)syscall(SYS_mmap, NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	syscall(SYS_munmap, p, 4096);
	syscall(SYS_mmap, NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0x3000);
#ifdef SYS_arch_prctl
	/* x86_64's: 0x1011 is ARCH_GET_CPUID, 0x1999 no code. */
	syscall(SYS_arch_prctl, GARBAGE | 0x1011, 0x55);
	syscall(SYS_arch_prctl, 0x1999, 0);
#endif
}

/* Calls whose out-structs the kernel fills, and fails to: each shown as strace. */
static void process_structs(void)
{
	static char alt[65536];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) }, old;
	unsigned long mask[16];
	struct utsname u;
	struct sysinfo si;
	gid_t gids[64];
	char cwd[4096];

	syscall(SYS_uname, &u);
	syscall(SYS_sysinfo, &si);
	syscall(SYS_getgroups, 64, gids);
	syscall(SYS_getgroups, 0, NULL);
	syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
	syscall(SYS_sigaltstack, &ss, &old);
	syscall(SYS_sigaltstack, NULL, &old);
	syscall(SYS_getcwd, cwd, 2);
	syscall(SYS_getcwd, cwd, sizeof(cwd));
}

/* 32-bit arguments whose registers' upper halves are set. */
static void upper_halves(void)
{
	int fds[2];

#ifdef SYS_creat
	syscall(SYS_creat, NULL, GARBAGE | 0177777);
#endif
	syscall(SYS_mkdirat, GARBAGE | (uint32_t)AT_FDCWD, NULL, GARBAGE | 0755);
	syscall(SYS_pipe2, fds, GARBAGE | O_NONBLOCK);
	syscall(SYS_dup3, fds[0], GARBAGE | 100, GARBAGE | O_CLOEXEC);
	syscall(SYS_dup3, fds[0], GARBAGE | (uint32_t)-1, 0);
	syscall(SYS_close, GARBAGE | 100);
	syscall(SYS_eventfd2, GARBAGE | 1, GARBAGE | EFD_CLOEXEC);
}

/* wait4 with WNOHANG before the child is done writes no status; after, it does. */
static void wait_nohang(void)
{
	int go[2], status = 0x5a5a;
	pid_t pid;
	char c;

	if (pipe(go))
		return;
	pid = fork();
	if (!pid) {
		close(go[1]);
		_exit(read(go[0], &c, 1) == 0 ? 3 : 4);
	}
	close(go[0]);
	syscall(SYS_wait4, pid, &status, WNOHANG, NULL);
	close(go[1]);
	syscall(SYS_wait4, pid, &status, 0, NULL);
	syscall(SYS_wait4, pid, &status, WNOHANG, NULL);
}

/* An unnamed socket's address: the kernel writes its family alone. */
static void sockname(void)
{
	struct sockaddr_un un;
	socklen_t len = sizeof(un);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	memset(&un, 'x', sizeof(un));
	getsockname(s, (struct sockaddr *)&un, &len);
	len = sizeof(un);
	getpeername(s, (struct sockaddr *)&un, &len);
}

static const struct mode {
	const char *name;
	void (*run)(void);
} modes[] = {
	{ "epoll", epoll_ops },
	{ "fcntl", fcntl_cmds },
	{ "futex", futex_ops },
	{ "ioctl", ioctl_reqs },
	{ "prctl", prctl_opts },
	{ "process", process_structs },
	{ "sockname", sockname },
	{ "upper", upper_halves },
	{ "wait", wait_nohang },
};

int main(int argc, char **argv)
{
	size_t i;

	for (i = 0; argc == 2 && i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(argv[1], modes[i].name)) {
			modes[i].run();
			return 0;
		}
	}
	fprintf(stderr, "usage: arity epoll|fcntl|futex|ioctl|prctl|process|sockname|upper|wait\n");
	return 2;
}
