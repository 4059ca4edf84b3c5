// SPDX-License-Identifier: GPL-2.0
/*
 * -k with libdwfl: in each process's modules (frames.c), the sampled
 * registers as the initial frame, the sampled stack copy as the only
 * memory; the frames found are named by frames.c, as strace -k does
 * with the same library.
 */
#include <elfutils/libdwfl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "frames.h"
#include "unwind.h"

/* As strace: a deeper stack is cut there. */
#define UNWIND_MAX_FRAMES 256

#if defined(__x86_64__)
#include <asm/perf_regs.h>

/* The DWARF registers 0-16 (rax, rdx, rcx, rbx, rsi, rdi, rbp, rsp, r8-r15, rip). */
static const int dwarf_to_perf[] = {
	PERF_REG_X86_AX, PERF_REG_X86_DX, PERF_REG_X86_CX, PERF_REG_X86_BX,
	PERF_REG_X86_SI, PERF_REG_X86_DI, PERF_REG_X86_BP, PERF_REG_X86_SP,
	PERF_REG_X86_R8, PERF_REG_X86_R9, PERF_REG_X86_R10, PERF_REG_X86_R11,
	PERF_REG_X86_R12, PERF_REG_X86_R13, PERF_REG_X86_R14, PERF_REG_X86_R15,
	PERF_REG_X86_IP,
};
#define PERF_REG_SP PERF_REG_X86_SP
#define PERF_REG_PC PERF_REG_X86_IP
#define UNWIND_ARCH_OK 1
#define UNWIND_NREGS ARRAY_SIZE(dwarf_to_perf)
#elif defined(__aarch64__)
#include <asm/perf_regs.h>

/* The DWARF registers 0-31 (x0-x30, sp). */
static const int dwarf_to_perf[] = {
	PERF_REG_ARM64_X0, PERF_REG_ARM64_X1, PERF_REG_ARM64_X2, PERF_REG_ARM64_X3,
	PERF_REG_ARM64_X4, PERF_REG_ARM64_X5, PERF_REG_ARM64_X6, PERF_REG_ARM64_X7,
	PERF_REG_ARM64_X8, PERF_REG_ARM64_X9, PERF_REG_ARM64_X10, PERF_REG_ARM64_X11,
	PERF_REG_ARM64_X12, PERF_REG_ARM64_X13, PERF_REG_ARM64_X14, PERF_REG_ARM64_X15,
	PERF_REG_ARM64_X16, PERF_REG_ARM64_X17, PERF_REG_ARM64_X18, PERF_REG_ARM64_X19,
	PERF_REG_ARM64_X20, PERF_REG_ARM64_X21, PERF_REG_ARM64_X22, PERF_REG_ARM64_X23,
	PERF_REG_ARM64_X24, PERF_REG_ARM64_X25, PERF_REG_ARM64_X26, PERF_REG_ARM64_X27,
	PERF_REG_ARM64_X28, PERF_REG_ARM64_X29, PERF_REG_ARM64_LR, PERF_REG_ARM64_SP,
};
#define PERF_REG_SP PERF_REG_ARM64_SP
#define PERF_REG_PC PERF_REG_ARM64_PC
#define UNWIND_ARCH_OK 1
#define UNWIND_NREGS ARRAY_SIZE(dwarf_to_perf)
#elif defined(__s390x__)
#include <asm/perf_regs.h>

/*
 * The DWARF registers 0-15 (r0-r15; r15 the stack pointer, r14 the
 * return address): the floating-point ones hold no frame's state.
 */
static const int dwarf_to_perf[] = {
	PERF_REG_S390_R0, PERF_REG_S390_R1, PERF_REG_S390_R2, PERF_REG_S390_R3,
	PERF_REG_S390_R4, PERF_REG_S390_R5, PERF_REG_S390_R6, PERF_REG_S390_R7,
	PERF_REG_S390_R8, PERF_REG_S390_R9, PERF_REG_S390_R10, PERF_REG_S390_R11,
	PERF_REG_S390_R12, PERF_REG_S390_R13, PERF_REG_S390_R14, PERF_REG_S390_R15,
};
#define PERF_REG_SP PERF_REG_S390_R15
#define PERF_REG_PC PERF_REG_S390_PC
#define UNWIND_ARCH_OK 1
#define UNWIND_NREGS ARRAY_SIZE(dwarf_to_perf)
#else
#define UNWIND_ARCH_OK 0
#define UNWIND_NREGS 1
#endif

/* The sample being unwound: what the thread callbacks read. */
struct unwind_ctx {
	const struct sct_ustack *us;
	uint64_t sp;
};

struct unwinder {
	struct frame_syms *syms;
	struct unwind_ctx ctx;
};

const char *unwind_unavailable(void)
{
	return UNWIND_ARCH_OK ? NULL : "this machine's registers are not known to sctrace's unwinder";
}

#if UNWIND_ARCH_OK

uint64_t unwind_regs_user(void)
{
	uint64_t mask = 1ULL << PERF_REG_PC;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dwarf_to_perf); i++)
		mask |= 1ULL << dwarf_to_perf[i];
	return mask;
}

/* A register's value from a sample with mask's registers; false if not sampled. */
static bool reg_of(const struct sct_ustack *us, int reg, uint64_t *v)
{
	uint64_t bit = 1ULL << reg;

	if (!(us->regs_mask & bit))
		return false;
	*v = us->regs[__builtin_popcountll(us->regs_mask & (bit - 1))];
	return true;
}

static bool regs_dwarf(const struct sct_ustack *us, Dwarf_Word *regs)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dwarf_to_perf); i++) {
		uint64_t v;

		if (!reg_of(us, dwarf_to_perf[i], &v))
			return false;
		regs[i] = v;
	}
	return true;
}

#else

uint64_t unwind_regs_user(void)
{
	return 0;
}

static bool reg_of(const struct sct_ustack *us, int reg, uint64_t *v)
{
	(void)us;
	(void)reg;
	(void)v;
	return false;
}

static bool regs_dwarf(const struct sct_ustack *us, Dwarf_Word *regs)
{
	(void)us;
	(void)regs;
	return false;
}

#define PERF_REG_SP 0
#define PERF_REG_PC 0
#endif

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	(void)dwfl;
	(void)arg;
	(void)thread_argp;
	return 0;
}

/* Every tid asked for is the sample's thread. */
static bool get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
	(void)dwfl;
	(void)tid;
	*thread_argp = arg;
	return true;
}

/* Only the stack copy is memory here; code and CFI come from the files. */
static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	const struct unwind_ctx *c = arg;

	(void)dwfl;
	if (addr < c->sp || addr - c->sp > c->us->size ||
	    c->us->size - (addr - c->sp) < sizeof(*result))
		return false;
	memcpy(result, c->us->data + (addr - c->sp), sizeof(*result));
	return true;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	const struct unwind_ctx *c = arg;
	Dwarf_Word regs[UNWIND_NREGS];
	uint64_t pc;

	if (!regs_dwarf(c->us, regs) || !reg_of(c->us, PERF_REG_PC, &pc))
		return false;
	dwfl_thread_state_register_pc(thread, pc);
	return dwfl_thread_state_registers(thread, 0, ARRAY_SIZE(regs), regs);
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.get_thread = get_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

/* Each process's Dwfl unwinds by the thread callbacks, in the sample of u->ctx. */
static bool attach_state(struct Dwfl *dwfl, pid_t pid, void *arg)
{
	struct unwinder *u = arg;

	return dwfl_attach_state(dwfl, NULL, pid, &thread_callbacks, &u->ctx);
}

struct unwinder *unwind_new(void)
{
	struct unwinder *u = calloc(1, sizeof(*u));

	if (!u)
		return NULL;
	u->syms = frames_new(attach_state, u);
	if (!u->syms) {
		free(u);
		return NULL;
	}
	return u;
}

struct frames {
	Dwarf_Addr pc[UNWIND_MAX_FRAMES];
	size_t nr;
};

static int take_frame(Dwfl_Frame *state, void *arg)
{
	struct frames *f = arg;
	bool activation;

	if (!dwfl_frame_pc(state, &f->pc[f->nr], &activation))
		return DWARF_CB_ABORT;
	return ++f->nr < UNWIND_MAX_FRAMES ? DWARF_CB_OK : DWARF_CB_ABORT;
}

char *unwind_frames(struct unwinder *u, struct maps_cache *mc, pid_t pid,
		    const struct sct_ustack *us)
{
	struct Dwfl *dwfl;
	struct frames *f;
	char *text = NULL;
	uint64_t pc;

	if (!reg_of(us, PERF_REG_PC, &pc) || !reg_of(us, PERF_REG_SP, &u->ctx.sp))
		return NULL;
	dwfl = frames_dwfl(u->syms, mc, pid, pc);
	f = calloc(1, sizeof(*f));
	if (!dwfl || !f)
		goto out_free;
	u->ctx.us = us;
	/* An unwind that stops early (no CFI, stack copy too short) keeps its frames. */
	dwfl_getthread_frames(dwfl, pid, take_frame, f);
	text = frames_text(u->syms, mc, pid, f->pc, f->nr, FRAMES_UNWOUND);
out_free:
	free(f);
	return text;
}

void unwind_free(struct unwinder *u)
{
	if (!u)
		return;
	frames_free(u->syms);
	free(u);
}
