// SPDX-License-Identifier: GPL-2.0
/*
 * -k with libdwfl: each process's file mappings reported as modules, the
 * sampled registers as the initial frame, the sampled stack copy as the
 * only memory; frames symbolised by the modules' symbol tables (or
 * their debuginfo, where installed), as strace -k does with the same
 * library.
 */
#include <elfutils/libdwfl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compiler.h"
#include "unwind.h"

/* As strace: a deeper stack is cut there. */
#define UNWIND_MAX_FRAMES 256
/* Processes whose modules stay reported; the least recently used goes. */
#define UNWIND_PROCS 16
/*
 * Frame lines kept per process, by address: libdwfl finds a symbol by
 * scanning the whole table, which cost most of the time of -k, and a
 * program's calls come from few places.
 */
#define UNWIND_LINES 4096

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

struct frame_line {
	uint64_t pc;
	char *text;		/* the frame's line, or NULL: none kept */
};

struct unwind_proc {
	pid_t pid;
	uint64_t print;		/* of the mappings its modules were reported from */
	uint64_t used;		/* when last unwound in, for the eviction */
	Dwfl *dwfl;
	struct frame_line *lines;	/* UNWIND_LINES, by address; or NULL */
};

/* The sample being unwound: what the thread callbacks read. */
struct unwind_ctx {
	const struct sct_ustack *us;
	uint64_t sp;
};

struct unwinder {
	struct unwind_proc procs[UNWIND_PROCS];
	struct unwind_ctx ctx;
	uint64_t clock;
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

static char *debuginfo_path;

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

struct unwinder *unwind_new(void)
{
	return calloc(1, sizeof(struct unwinder));
}

/* A digest of a process's mappings: its modules are reported again when it changes. */
static uint64_t maps_print(const struct process_maps *pm)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < pm->nr; i++) {
		h = (h ^ pm->maps[i].start) * 1099511628211ULL;
		h = (h ^ pm->maps[i].end) * 1099511628211ULL;
		h = (h ^ pm->maps[i].offset) * 1099511628211ULL;
	}
	return h ^ pm->nr;
}

/* Whether a mapping before the i-th is of the same file. */
static bool seen_before(const struct process_maps *pm, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (!strcmp(pm->maps[j].path, pm->maps[i].path))
			return true;
	return false;
}

/*
 * A regular file: a replay's paths are the file's word, and opening a
 * fifo or a device named there could block or read what is not ELF.
 */
static bool regular_file(const char *path)
{
	struct stat sb;

	return !stat(path, &sb) && S_ISREG(sb.st_mode);
}

/*
 * Each file mapped, once (libdwfl drops a module reported again at
 * another place), placed by its lowest mapping, where the file's offsets
 * and addresses match as the linker lays them out. What is not an ELF
 * file (data, caches) is refused by libdwfl and left out.
 */
static void report_modules(Dwfl *dwfl, const struct process_maps *pm)
{
	size_t i;

	for (i = 0; i < pm->nr; i++) {
		const struct mapping *m = &pm->maps[i];

		if (m->path[0] != '/' || maps_anonymous(m) || strstr(m->path, " (deleted)") ||
		    seen_before(pm, i) || !regular_file(m->path))
			continue;
		dwfl_report_elf(dwfl, m->path, m->path, -1, m->start - m->offset, false);
	}
}

static Dwfl *dwfl_for(struct unwinder *u, const struct process_maps *pm)
{
	Dwfl *dwfl = dwfl_begin(&dwfl_callbacks);

	if (!dwfl)
		return NULL;
	dwfl_report_begin(dwfl);
	report_modules(dwfl, pm);
	if (dwfl_report_end(dwfl, NULL, NULL) ||
	    !dwfl_attach_state(dwfl, NULL, pm->pid, &thread_callbacks, &u->ctx)) {
		dwfl_end(dwfl);
		return NULL;
	}
	return dwfl;
}

/* Its modules and the lines found in them go: the mappings changed. */
static void proc_clear(struct unwind_proc *p)
{
	size_t i;

	if (p->dwfl)
		dwfl_end(p->dwfl);
	p->dwfl = NULL;
	for (i = 0; p->lines && i < UNWIND_LINES; i++)
		free(p->lines[i].text);
	free(p->lines);
	p->lines = NULL;
}

/* pid's modules, reported again if its mappings changed; NULL if none load. */
static struct unwind_proc *proc_of(struct unwinder *u, const struct process_maps *pm)
{
	struct unwind_proc *p = &u->procs[0];
	uint64_t print = maps_print(pm);
	size_t i;

	for (i = 0; i < UNWIND_PROCS; i++) {
		if (u->procs[i].dwfl && u->procs[i].pid == pm->pid) {
			p = &u->procs[i];
			break;
		}
		if (u->procs[i].used < p->used)
			p = &u->procs[i];
	}
	p->used = ++u->clock;
	if (p->dwfl && p->pid == pm->pid && p->print == print)
		return p;
	proc_clear(p);
	p->pid = pm->pid;
	p->print = print;
	p->dwfl = dwfl_for(u, pm);
	return p->dwfl ? p : NULL;
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

/*
 * One frame's line as strace -k writes it, malloc'd; NULL for an address
 * in no mapping of a file, where the walk ends with strace's error line.
 */
static char *format_frame(Dwfl *dwfl, struct maps_cache *mc, pid_t pid, Dwarf_Addr pc)
{
	const struct mapping *m = maps_find(mc, pid, pc);
	Dwfl_Module *mod;
	const char *name = NULL;
	char *line = NULL;
	GElf_Off off = 0;
	GElf_Sym sym;
	int n;

	if (!m || maps_anonymous(m))
		return NULL;
	mod = dwfl_addrmodule(dwfl, pc);
	if (mod)
		name = dwfl_module_addrinfo(mod, pc, &off, &sym, NULL, NULL, NULL);
	/* A dynamic symbol's version ("@@GLIBC_2.34") is not shown, as strace. */
	if (name)
		n = asprintf(&line, " > %s(%.*s+0x%llx) [0x%llx]\n", m->path,
			     (int)strcspn(name, "@"), name,
			     (unsigned long long)off, (unsigned long long)maps_offset(m, pc));
	else
		n = asprintf(&line, " > %s() [0x%llx]\n", m->path,
			     (unsigned long long)maps_offset(m, pc));
	return n < 0 ? NULL : line;
}

/* The line of the frame at pc, kept for the next call from there. */
static const char *frame_line(struct unwind_proc *p, struct maps_cache *mc, Dwarf_Addr pc)
{
	struct frame_line *slot;

	if (!p->lines)
		p->lines = calloc(UNWIND_LINES, sizeof(*p->lines));
	if (!p->lines)
		return NULL;
	slot = &p->lines[(pc ^ (pc >> 12)) % UNWIND_LINES];
	if (slot->text && slot->pc == pc)
		return slot->text;
	free(slot->text);
	slot->pc = pc;
	slot->text = format_frame(p->dwfl, mc, p->pid, pc);
	return slot->text;
}

/* The frames' lines into out; strace's error line ends them at a stray address. */
static void print_frames(FILE *out, struct unwind_proc *p, struct maps_cache *mc,
			 const struct frames *f)
{
	const char *line;
	size_t i;

	for (i = 0; i < f->nr; i++) {
		line = frame_line(p, mc, f->pc[i]);
		if (!line) {
			fprintf(out, " > unexpected_backtracing_error [0x%llx]\n",
				(unsigned long long)f->pc[i]);
			return;
		}
		fputs(line, out);
	}
}

char *unwind_frames(struct unwinder *u, struct maps_cache *mc, pid_t pid,
		    const struct sct_ustack *us)
{
	const struct process_maps *pm;
	struct unwind_proc *p;
	struct frames *f;
	char *text = NULL;
	uint64_t pc;
	size_t len;
	FILE *out;

	if (!reg_of(us, PERF_REG_PC, &pc) || !reg_of(us, PERF_REG_SP, &u->ctx.sp))
		return NULL;
	/* A miss reads /proc (live): mappings made before the trace began. */
	maps_find(mc, pid, pc);
	pm = maps_process(mc, pid);
	if (!pm)
		return NULL;
	p = proc_of(u, pm);
	f = calloc(1, sizeof(*f));
	if (!p || !f)
		goto out_free;
	u->ctx.us = us;
	/* An unwind that stops early (no CFI, stack copy too short) keeps its frames. */
	dwfl_getthread_frames(p->dwfl, pid, take_frame, f);
	out = open_memstream(&text, &len);
	if (!out)
		goto out_free;
	print_frames(out, p, mc, f);
	if (fclose(out)) {
		free(text);
		text = NULL;
	}
out_free:
	free(f);
	return text;
}

void unwind_free(struct unwinder *u)
{
	size_t i;

	if (!u)
		return;
	for (i = 0; i < UNWIND_PROCS; i++)
		proc_clear(&u->procs[i]);
	free(u);
}
