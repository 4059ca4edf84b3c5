// SPDX-License-Identifier: GPL-2.0
/*
 * The second program fork_execve runs. No libc start-up (its calls would
 * depend on where the binary lives): its whole trace is one exit_group,
 * and the code 5 proves it ran.
 */
void _start(void)
{
#if defined(__x86_64__)
	asm volatile("mov $231, %eax\n\tmov $5, %edi\n\tsyscall");
#elif defined(__aarch64__)
	asm volatile("mov x8, #94\n\tmov x0, #5\n\tsvc #0");
#elif defined(__s390x__)
	asm volatile("lghi %%r2, 5\n\tsvc 248" ::: "r2");
#elif defined(__powerpc64__)
	asm volatile("li 0, 234\n\tli 3, 5\n\tsc" ::: "r0", "r3");
#else
#error "exec_target: add this architecture's exit_group"
#endif
	for (;;)
		;
}
