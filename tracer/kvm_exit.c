// SPDX-License-Identifier: GPL-2.0
#include <linux/kvm.h>
#include <stdlib.h>

#include "kvm_exit.h"

struct exit_name {
	uint32_t reason;
	const char *name;
};

#define EXIT(r) { r, #r }

/* linux/kvm.h's KVM_EXIT_*, sorted by reason: bsearch'd. */
static const struct exit_name exit_names[] = {
	EXIT(KVM_EXIT_UNKNOWN), EXIT(KVM_EXIT_EXCEPTION), EXIT(KVM_EXIT_IO),
	EXIT(KVM_EXIT_HYPERCALL), EXIT(KVM_EXIT_DEBUG), EXIT(KVM_EXIT_HLT),
	EXIT(KVM_EXIT_MMIO), EXIT(KVM_EXIT_IRQ_WINDOW_OPEN), EXIT(KVM_EXIT_SHUTDOWN),
	EXIT(KVM_EXIT_FAIL_ENTRY), EXIT(KVM_EXIT_INTR), EXIT(KVM_EXIT_SET_TPR),
	EXIT(KVM_EXIT_TPR_ACCESS), EXIT(KVM_EXIT_S390_SIEIC), EXIT(KVM_EXIT_S390_RESET),
	EXIT(KVM_EXIT_DCR), EXIT(KVM_EXIT_NMI), EXIT(KVM_EXIT_INTERNAL_ERROR),
	EXIT(KVM_EXIT_OSI), EXIT(KVM_EXIT_PAPR_HCALL), EXIT(KVM_EXIT_S390_UCONTROL),
	EXIT(KVM_EXIT_WATCHDOG), EXIT(KVM_EXIT_S390_TSCH), EXIT(KVM_EXIT_EPR),
	EXIT(KVM_EXIT_SYSTEM_EVENT), EXIT(KVM_EXIT_S390_STSI), EXIT(KVM_EXIT_IOAPIC_EOI),
	EXIT(KVM_EXIT_HYPERV), EXIT(KVM_EXIT_ARM_NISV), EXIT(KVM_EXIT_X86_RDMSR),
	EXIT(KVM_EXIT_X86_WRMSR), EXIT(KVM_EXIT_DIRTY_RING_FULL), EXIT(KVM_EXIT_AP_RESET_HOLD),
	EXIT(KVM_EXIT_X86_BUS_LOCK), EXIT(KVM_EXIT_XEN), EXIT(KVM_EXIT_RISCV_SBI),
	EXIT(KVM_EXIT_RISCV_CSR), EXIT(KVM_EXIT_NOTIFY),
};

static int exit_cmp(const void *a, const void *b)
{
	const struct exit_name *x = a, *y = b;

	return (x->reason > y->reason) - (x->reason < y->reason);
}

static const struct sorted_table kvm_exit_tables[] = {
	SORTED_TABLE(exit_names, exit_cmp),
};

const struct sorted_table *kvm_exit_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(kvm_exit_tables);
	return kvm_exit_tables;
}

bool kvm_exit_read(const struct extra_tps *x, const struct extra_tp *tp,
		   const unsigned char *data, uint32_t size, uint32_t *reason)
{
	long long value, err;

	if (tp->role != TP_KVM_EXIT ||
	    !extra_number(x, tp, data, size, "reason", &value) ||
	    !extra_number(x, tp, data, size, "errno", &err) || err < 0)
		return false;
	*reason = value;
	return true;
}

const char *kvm_exit_name(uint32_t reason)
{
	const struct exit_name key = { reason, NULL };
	const struct exit_name *found = bsearch(&key, exit_names, ARRAY_SIZE(exit_names),
						sizeof(*exit_names), exit_cmp);

	return found ? found->name : "KVM_EXIT_???";
}
