// SPDX-License-Identifier: GPL-2.0
/*
 * --call-graph fp's workload (selftests/stack.bats), built -O0 with frame
 * pointers: main -> f1 -> f2 -> f3, and f3 makes getppid:
 *   (no argument)  with the syscall instruction itself, so every frame
 *                  keeps its frame pointer;
 *   libc           through libc's getppid(), which keeps none;
 *   junk           twice with the frame pointer set to a word of data
 *                  whose return address is, first, an address in the
 *                  program's read-only data, then one mapped nowhere: a
 *                  walk that trusts it reads past the chain into what is
 *                  not code.
 */
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* A frame record as the walk reads it: the next frame, the return address. */
static unsigned long junk[2];
/* Mapped from the program's file, but not executable. */
static const char not_code[] = "not code";

#if defined(__x86_64__)
/* getppid with the frame pointer at junk, which returns to ret. */
static long junk_call(unsigned long ret)
{
	long nr = SYS_getppid;

	junk[1] = ret;
	__asm__ volatile("push %%rbp\n\tmov %1, %%rbp\n\tsyscall\n\tpop %%rbp"
			 : "+a"(nr) : "r"(junk) : "rcx", "r11", "memory");
	return nr;
}
#endif

__attribute__((noinline)) static long f3(const char *how)
{
	long ret = SYS_getppid;

	if (how && !strcmp(how, "libc"))
		return getppid();
#if defined(__x86_64__)
	if (how && !strcmp(how, "junk"))
		return junk_call((unsigned long)not_code) + junk_call(0x6d6574737973656cUL);
	__asm__ volatile("syscall" : "+a"(ret) : : "rcx", "r11", "memory");
	return ret;
#else
	return syscall(ret);
#endif
}

__attribute__((noinline)) static long f2(const char *how)
{
	return f3(how) + 1;
}

__attribute__((noinline)) static long f1(const char *how)
{
	return f2(how) + 1;
}

int main(int argc, char **argv)
{
	return f1(argc > 1 ? argv[1] : NULL) > 0 ? 0 : 1;
}
