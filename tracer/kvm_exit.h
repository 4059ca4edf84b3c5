/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_KVM_EXIT_H
#define SCTRACE_KVM_EXIT_H

#include <stdbool.h>
#include <stdint.h>

#include "sorted.h"
#include "tracepoints.h"

/*
 * strace -e kvm=vcpu: "ioctl(5, KVM_RUN, 0) = 0 (KVM_EXIT_IO)". strace
 * reads the reason from the vcpu's kvm_run area; here the kernel's
 * kvm:kvm_userspace_exit tracepoint gives it, inside the KVM_RUN ioctl,
 * just before the call's exit.
 */
#define KVM_EXIT_SYSTEM "kvm"
#define KVM_EXIT_EVENT "kvm_userspace_exit"

/* false: not the tracepoint's record, or KVM_RUN failed (no reason). */
bool kvm_exit_read(const struct extra_tps *x, const struct extra_tp *tp,
		   const unsigned char *data, uint32_t size, uint32_t *reason);
/* "KVM_EXIT_IO", or "KVM_EXIT_???" for a reason this build has no name of. */
const char *kvm_exit_name(uint32_t reason);
const struct sorted_table *kvm_exit_sorted_tables(size_t *nr);

#endif
