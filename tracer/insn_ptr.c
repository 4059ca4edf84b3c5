// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "insn_ptr.h"

#if defined(__x86_64__)
#include <asm/perf_regs.h>
#define INSN_PTR_REG PERF_REG_X86_IP
#elif defined(__aarch64__)
#include <asm/perf_regs.h>
#define INSN_PTR_REG PERF_REG_ARM64_PC
#elif defined(__s390x__)
#include <asm/perf_regs.h>
#define INSN_PTR_REG PERF_REG_S390_PC
#endif

/* The perf register bit of this machine's instruction pointer; 0: unknown. */
uint64_t insn_ptr_reg_bit(void)
{
#ifdef INSN_PTR_REG
	return 1ULL << INSN_PTR_REG;
#else
	return 0;
#endif
}

/* Why -i cannot be done on this machine, or NULL. */
const char *insn_ptr_unavailable(void)
{
	return insn_ptr_reg_bit() ? NULL :
	       "this machine's instruction pointer register is not known to sctrace";
}

/*
 * The instruction pointer from a sample's registers (regs, len bytes: the
 * values of regs_mask's bits, in order, after their ABI word), if ip_bit
 * is among them. A kernel thread's sample has none.
 */
void insn_ptr_take(uint64_t regs_mask, uint64_t ip_bit, const unsigned char *regs,
		   size_t len, struct sct_event *ev)
{
	uint64_t abi;
	size_t at;

	ev->has_ip = false;
	if (!(regs_mask & ip_bit) || len < sizeof(abi))
		return;
	memcpy(&abi, regs, sizeof(abi));
	if (abi == PERF_SAMPLE_REGS_ABI_NONE)
		return;
	at = sizeof(abi) + 8 * (size_t)__builtin_popcountll(regs_mask & (ip_bit - 1));
	if (len < at + 8)
		return;
	memcpy(&ev->ip, regs + at, sizeof(ev->ip));
	ev->has_ip = true;
}

/*
 * "[00007f...] " as strace -i: 16 digits, 8 for a 32-bit task's call;
 * question marks where no call says it (the exit lines), or ev is NULL.
 */
void insn_ptr_print(struct outbuf *out, const struct sct_event *ev)
{
	char text[32];
	bool compat = ev && (ev->kind == EV_ENTER || ev->kind == EV_EXIT) &&
		      ev->nr >= SCT_NR_COMPAT;

	if (!ev || !ev->has_ip) {
		outbuf_puts(out, "[????????????????] ");
		return;
	}
	snprintf(text, sizeof(text), compat ? "[%08llx] " : "[%016llx] ",
		 (unsigned long long)ev->ip);
	outbuf_puts(out, text);
}
