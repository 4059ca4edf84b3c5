// SPDX-License-Identifier: GPL-2.0
/*
 * prctl and arch_prctl: their options by name and the arguments each
 * option takes, as strace prints them.
 */
#include <linux/capability.h>
#include <linux/prctl.h>
#include <stdlib.h>

#include "compiler.h"
#include "ct_process.h"
#include "sorted.h"
#include "xlat.h"

#define SYM(x) { (unsigned long)(x), #x }

/* Arguments printed: the first n (the option is argument 0). */
#define FIRST(n) ((1u << (n)) - 1)
/* An option whose argument 2 prints as kind k, of the kernel's bits (0: all). */
#define ARG2(o, shown_, k, bits_) \
	{ .op = (o), .shown = (shown_), .args = { { .pos = 2, .kind = (k), .bits = (bits_) } } }
#define TAKES(o, shown_) { .op = (o), .shown = (shown_) }
/* A getter of no argument: the option alone. */
#define GETS(o) TAKES(o, FIRST(1))
/* A getter that writes where its argument 2 points: the address. */
#define GETS_AT(o) ARG2(o, FIRST(2), ARG_PTR, 0)
/* A setter of one number, in decimal. */
#define SETS(o) ARG2(o, FIRST(2), ARG_U64, 0)
/* Options whose every argument the kernel checks: all, in hex. */
#define ALL_ARGS(o) TAKES(o, FIRST(5))

/* Sorted by option. The other arguments print in hex (sysent.c's row). */
static const struct sysent_op prctl_ops[] = {
	ARG2(PR_SET_PDEATHSIG, FIRST(2), ARG_SIGNAL, 0),
	GETS_AT(PR_GET_PDEATHSIG),
	{ .op = PR_GET_DUMPABLE, .shown = FIRST(1),
	  .result = { .kind = ARG_SUID_DUMP, .label = "" } },
	ARG2(PR_SET_DUMPABLE, FIRST(2), ARG_SUID_DUMP, 0),
	GETS_AT(PR_GET_UNALIGN),
	TAKES(PR_SET_UNALIGN, FIRST(2)),
	GETS(PR_GET_KEEPCAPS),
	SETS(PR_SET_KEEPCAPS),
	GETS_AT(PR_GET_FPEMU),
	SETS(PR_SET_FPEMU),
	GETS_AT(PR_GET_FPEXC),
	SETS(PR_SET_FPEXC),
	GETS(PR_GET_TIMING),
	SETS(PR_SET_TIMING),
	/* strace shows the name; its address here, until contents read it. */
	GETS_AT(PR_SET_NAME),
	GETS_AT(PR_GET_NAME),
	GETS_AT(PR_GET_ENDIAN),
	SETS(PR_SET_ENDIAN),
	GETS(PR_GET_SECCOMP),
	ALL_ARGS(PR_SET_SECCOMP),
	ARG2(PR_CAPBSET_READ, FIRST(2), ARG_CAPABILITY, 0),
	ARG2(PR_CAPBSET_DROP, FIRST(2), ARG_CAPABILITY, 0),
	GETS_AT(PR_GET_TSC),
	TAKES(PR_SET_TSC, FIRST(2)),
	GETS(PR_GET_SECUREBITS),
	TAKES(PR_SET_SECUREBITS, FIRST(2)),
	SETS(PR_SET_TIMERSLACK),
	GETS(PR_GET_TIMERSLACK),
	GETS(PR_TASK_PERF_EVENTS_DISABLE),
	GETS(PR_TASK_PERF_EVENTS_ENABLE),
	ALL_ARGS(PR_MCE_KILL),
	ALL_ARGS(PR_MCE_KILL_GET),
	ALL_ARGS(PR_SET_MM),
	SETS(PR_SET_CHILD_SUBREAPER),
	GETS_AT(PR_GET_CHILD_SUBREAPER),
	ARG2(PR_SET_NO_NEW_PRIVS, FIRST(5), ARG_U64, 0),
	ALL_ARGS(PR_GET_NO_NEW_PRIVS),
	GETS_AT(PR_GET_TID_ADDRESS),
	ARG2(PR_SET_THP_DISABLE, FIRST(5), ARG_U64, 0),
	ALL_ARGS(PR_GET_THP_DISABLE),
	ALL_ARGS(PR_MPX_ENABLE_MANAGEMENT),
	ALL_ARGS(PR_MPX_DISABLE_MANAGEMENT),
	TAKES(PR_SET_FP_MODE, FIRST(2)),
	GETS(PR_GET_FP_MODE),
	ALL_ARGS(PR_CAP_AMBIENT),
	TAKES(PR_SVE_SET_VL, FIRST(2)),
	GETS(PR_SVE_GET_VL),
	TAKES(PR_GET_SPECULATION_CTRL, FIRST(2)),
	TAKES(PR_SET_SPECULATION_CTRL, FIRST(3)),
	ALL_ARGS(PR_PAC_RESET_KEYS),
	ALL_ARGS(PR_SET_TAGGED_ADDR_CTRL),
	ALL_ARGS(PR_GET_TAGGED_ADDR_CTRL),
	ARG2(PR_SET_IO_FLUSHER, FIRST(5), ARG_U64, 0),
	ALL_ARGS(PR_GET_IO_FLUSHER),
	ALL_ARGS(PR_SET_SYSCALL_USER_DISPATCH),
	ALL_ARGS(PR_PAC_SET_ENABLED_KEYS),
	ALL_ARGS(PR_PAC_GET_ENABLED_KEYS),
	ALL_ARGS(PR_SCHED_CORE),
	TAKES(PR_SME_SET_VL, FIRST(2)),
	GETS(PR_SME_GET_VL),
	TAKES(PR_SET_PTRACER, FIRST(2)),
};

const struct sysent_ops prctl_arity = {
	.arg = "option", .mask = ~0u, .ops = prctl_ops, .nr = ARRAY_SIZE(prctl_ops),
	.other = ALL_ARGS(0),
};

static const struct symbol prctl_options[] = {
	SYM(PR_SET_PDEATHSIG), SYM(PR_GET_PDEATHSIG), SYM(PR_GET_DUMPABLE),
	SYM(PR_SET_DUMPABLE), SYM(PR_GET_UNALIGN), SYM(PR_SET_UNALIGN),
	SYM(PR_GET_KEEPCAPS), SYM(PR_SET_KEEPCAPS), SYM(PR_GET_FPEMU),
	SYM(PR_SET_FPEMU), SYM(PR_GET_FPEXC), SYM(PR_SET_FPEXC),
	SYM(PR_GET_TIMING), SYM(PR_SET_TIMING), SYM(PR_SET_NAME), SYM(PR_GET_NAME),
	SYM(PR_GET_ENDIAN), SYM(PR_SET_ENDIAN), SYM(PR_GET_SECCOMP),
	SYM(PR_SET_SECCOMP), SYM(PR_CAPBSET_READ), SYM(PR_CAPBSET_DROP),
	SYM(PR_GET_TSC), SYM(PR_SET_TSC), SYM(PR_GET_SECUREBITS),
	SYM(PR_SET_SECUREBITS), SYM(PR_SET_TIMERSLACK), SYM(PR_GET_TIMERSLACK),
	SYM(PR_TASK_PERF_EVENTS_DISABLE), SYM(PR_TASK_PERF_EVENTS_ENABLE),
	SYM(PR_MCE_KILL), SYM(PR_MCE_KILL_GET), SYM(PR_SET_MM),
	SYM(PR_SET_CHILD_SUBREAPER), SYM(PR_GET_CHILD_SUBREAPER),
	SYM(PR_SET_NO_NEW_PRIVS), SYM(PR_GET_NO_NEW_PRIVS), SYM(PR_GET_TID_ADDRESS),
	SYM(PR_SET_THP_DISABLE), SYM(PR_GET_THP_DISABLE),
	SYM(PR_MPX_ENABLE_MANAGEMENT), SYM(PR_MPX_DISABLE_MANAGEMENT),
	SYM(PR_SET_FP_MODE), SYM(PR_GET_FP_MODE), SYM(PR_CAP_AMBIENT),
	SYM(PR_SVE_SET_VL), SYM(PR_SVE_GET_VL), SYM(PR_GET_SPECULATION_CTRL),
	SYM(PR_SET_SPECULATION_CTRL), SYM(PR_PAC_RESET_KEYS),
	SYM(PR_SET_TAGGED_ADDR_CTRL), SYM(PR_GET_TAGGED_ADDR_CTRL),
	SYM(PR_SET_IO_FLUSHER), SYM(PR_GET_IO_FLUSHER),
	SYM(PR_SET_SYSCALL_USER_DISPATCH), SYM(PR_PAC_SET_ENABLED_KEYS),
	SYM(PR_PAC_GET_ENABLED_KEYS), SYM(PR_SCHED_CORE), SYM(PR_SME_SET_VL),
	SYM(PR_SME_GET_VL), SYM(PR_SET_VMA), SYM(PR_SET_PTRACER),
};

/* The kernel's values (linux/sched/coredump.h), which no uapi header names. */
static const struct symbol suid_dumps[] = {
	{ 0, "SUID_DUMP_DISABLE" }, { 1, "SUID_DUMP_USER" }, { 2, "SUID_DUMP_ROOT" },
};

static const struct symbol capabilities[] = {
	SYM(CAP_CHOWN), SYM(CAP_DAC_OVERRIDE), SYM(CAP_DAC_READ_SEARCH), SYM(CAP_FOWNER),
	SYM(CAP_FSETID), SYM(CAP_KILL), SYM(CAP_SETGID), SYM(CAP_SETUID), SYM(CAP_SETPCAP),
	SYM(CAP_LINUX_IMMUTABLE), SYM(CAP_NET_BIND_SERVICE), SYM(CAP_NET_BROADCAST),
	SYM(CAP_NET_ADMIN), SYM(CAP_NET_RAW), SYM(CAP_IPC_LOCK), SYM(CAP_IPC_OWNER),
	SYM(CAP_SYS_MODULE), SYM(CAP_SYS_RAWIO), SYM(CAP_SYS_CHROOT), SYM(CAP_SYS_PTRACE),
	SYM(CAP_SYS_PACCT), SYM(CAP_SYS_ADMIN), SYM(CAP_SYS_BOOT), SYM(CAP_SYS_NICE),
	SYM(CAP_SYS_RESOURCE), SYM(CAP_SYS_TIME), SYM(CAP_SYS_TTY_CONFIG), SYM(CAP_MKNOD),
	SYM(CAP_LEASE), SYM(CAP_AUDIT_WRITE), SYM(CAP_AUDIT_CONTROL), SYM(CAP_SETFCAP),
	SYM(CAP_MAC_OVERRIDE), SYM(CAP_MAC_ADMIN), SYM(CAP_SYSLOG), SYM(CAP_WAKE_ALARM),
	SYM(CAP_BLOCK_SUSPEND), SYM(CAP_AUDIT_READ), SYM(CAP_PERFMON), SYM(CAP_BPF),
	SYM(CAP_CHECKPOINT_RESTORE),
};

/*
 * x86_64's arch_prctl codes (asm/prctl.h), by value so that a recording
 * from x86_64 reads the same on any machine; sorted.
 */
static const struct symbol arch_prctl_codes[] = {
	{ 0x1001, "ARCH_SET_GS" }, { 0x1002, "ARCH_SET_FS" }, { 0x1003, "ARCH_GET_FS" },
	{ 0x1004, "ARCH_GET_GS" }, { 0x1011, "ARCH_GET_CPUID" }, { 0x1012, "ARCH_SET_CPUID" },
	{ 0x1021, "ARCH_GET_XCOMP_SUPP" }, { 0x1022, "ARCH_GET_XCOMP_PERM" },
	{ 0x1023, "ARCH_REQ_XCOMP_PERM" }, { 0x1024, "ARCH_GET_XCOMP_GUEST_PERM" },
	{ 0x1025, "ARCH_REQ_XCOMP_GUEST_PERM" }, { 0x2001, "ARCH_MAP_VDSO_X32" },
	{ 0x2002, "ARCH_MAP_VDSO_32" }, { 0x2003, "ARCH_MAP_VDSO_64" },
};

/* ARCH_GET_CPUID takes nothing; every other code one argument, in hex (sysent.c). */
static const struct sysent_op arch_prctl_ops[] = {
	GETS(0x1011),
};

const struct sysent_ops arch_prctl_arity = {
	.arg = "option", .mask = ~0u, .ops = arch_prctl_ops, .nr = ARRAY_SIZE(arch_prctl_ops),
	.other = TAKES(0, FIRST(2)),
};

void ct_process_print(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	/* Each is an int: the register's upper half is no part of it. */
	unsigned int v = (unsigned int)val;

	switch (kind) {
	case ARG_PRCTL_OPTION:
		xlat_print(ob, v, prctl_options, ARRAY_SIZE(prctl_options), "PR_???");
		break;
	case ARG_SUID_DUMP:
		xlat_print(ob, val, suid_dumps, ARRAY_SIZE(suid_dumps), "SUID_DUMP_???");
		break;
	case ARG_CAPABILITY:
		xlat_print(ob, val, capabilities, ARRAY_SIZE(capabilities), "CAP_???");
		break;
	default:
		xlat_print(ob, v, arch_prctl_codes, ARRAY_SIZE(arch_prctl_codes),
			   "ARCH_???");
		break;
	}
}

static int op_cmp(const void *key, const void *elem)
{
	const struct sysent_op *a = key, *b = elem;

	return (a->op > b->op) - (a->op < b->op);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(prctl_ops, op_cmp),
	SORTED_TABLE(prctl_options, xlat_cmp),
	SORTED_TABLE(suid_dumps, xlat_cmp),
	SORTED_TABLE(capabilities, xlat_cmp),
	SORTED_TABLE(arch_prctl_codes, xlat_cmp),
	SORTED_TABLE(arch_prctl_ops, op_cmp),
};

const struct sorted_table *ct_process_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}
