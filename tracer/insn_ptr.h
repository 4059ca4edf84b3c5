/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_INSN_PTR_H
#define SCTRACE_INSN_PTR_H

#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "sct_event.h"

/*
 * strace's -i: the caller's user instruction pointer, the one register of
 * the user registers each sample carries that says where the call was
 * made from (the instruction after the syscall one, as ptrace sees it).
 */
uint64_t insn_ptr_reg_bit(void);
const char *insn_ptr_unavailable(void);
void insn_ptr_take(uint64_t regs_mask, uint64_t ip_bit, const unsigned char *regs,
		   size_t len, struct sct_event *ev);
void insn_ptr_print(struct outbuf *out, const struct sct_event *ev);

#endif
