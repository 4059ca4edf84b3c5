// SPDX-License-Identifier: GPL-2.0
/*
 * Built -m32 (x86_64 only): the calls of issue 35's report, by number, so
 * that each is the i386 table's: what the 64-bit table names otherwise
 * (getppid is semget's number there, brk recvfrom's, exit_group
 * ioprio_get's).
 */
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	syscall(SYS_getppid);
	syscall(SYS_getppid);
	syscall(SYS_getppid);
	syscall(SYS_brk, 0);
	syscall(SYS_openat, AT_FDCWD, "/nonexistent/compat_probe", O_RDONLY);
	syscall(SYS_write, 1, "compat\n", 7);
	syscall(SYS_exit_group, 0);
	return 1;
}
