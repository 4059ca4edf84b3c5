/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BPF_SYSCALL_REGS_H
#define SCTRACE_BPF_SYSCALL_REGS_H

/*
 * A call's number and arguments in the user registers that the raw
 * sys_enter and sys_exit hooks pass to BTF programs, as the kernel's
 * raw_syscalls records hold them, for the programs the BPF engine
 * attaches as links. Only x86-64's are written here: elsewhere those
 * programs are not loaded and perf events capture.
 */
#include <asm/ptrace.h>
#include <bpf/bpf_tracing.h>

#if defined(__TARGET_ARCH_x86)
/* The number of the call a sys_exit ends, as the kernel's sys_exit takes it. */
#define SYSCALL_NR(regs) ((long)(int)(regs)->orig_rax)
/* libbpf 1.1 names five arguments: the sixth is r9. */
#define SYSCALL_ARG6(regs) ((regs)->r9)
/* A 32-bit task's call: it entered from the 32-bit user code segment. */
#define USER32_CS 0x23
#define SYSCALL_COMPAT(regs) ((regs)->cs == USER32_CS)

static __always_inline void native_args(struct pt_regs *regs, __u64 *v)
{
	v[0] = PT_REGS_PARM1_SYSCALL(regs);
	v[1] = PT_REGS_PARM2_SYSCALL(regs);
	v[2] = PT_REGS_PARM3_SYSCALL(regs);
	v[3] = PT_REGS_PARM4_SYSCALL(regs);
	v[4] = PT_REGS_PARM5_SYSCALL(regs);
	v[5] = SYSCALL_ARG6(regs);
}

/* i386's calls pass their arguments in ebx, ecx, edx, esi, edi, ebp. */
static __always_inline void compat_args(struct pt_regs *regs, __u64 *v)
{
	v[0] = (__u32)regs->rbx;
	v[1] = (__u32)regs->rcx;
	v[2] = (__u32)regs->rdx;
	v[3] = (__u32)regs->rsi;
	v[4] = (__u32)regs->rdi;
	v[5] = (__u32)regs->rbp;
}
#else
#define SYSCALL_NR(regs) (-1L)
#define SYSCALL_COMPAT(regs) 0

/* Built for the other machines' objects, never loaded there. */
static __always_inline void native_args(struct pt_regs *regs, __u64 *v)
{
	__builtin_memset(v, 0, 6 * sizeof(*v));
}

static __always_inline void compat_args(struct pt_regs *regs, __u64 *v)
{
	native_args(regs, v);
}
#endif

/* The arguments as the raw_syscalls sys_enter record holds them. */
static __always_inline void syscall_args(struct pt_regs *regs, __u64 *v)
{
	if (SYSCALL_COMPAT(regs))
		compat_args(regs, v);
	else
		native_args(regs, v);
}

#endif
