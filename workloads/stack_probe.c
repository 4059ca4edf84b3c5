// SPDX-License-Identifier: GPL-2.0
/*
 * -k's workload (selftests/stack.bats, and golden's stack_frames test in
 * every guest, built statically there): main calls outer, outer calls
 * inner, inner calls getppid through syscall(2), so its stack holds
 * frames of known names. Built -O0 with frame pointers, not inlined.
 * With an argument it calls every 20 ms until killed, to be attached to.
 */
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) static long inner(void)
{
	return syscall(SYS_getppid);
}

__attribute__((noinline)) static long outer(void)
{
	return inner() + 1;
}

int main(int argc, char **argv)
{
	(void)argv;
	while (argc > 1) {
		outer();
		usleep(20000);
	}
	return outer() > 0 ? 0 : 1;
}
