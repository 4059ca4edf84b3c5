// SPDX-License-Identifier: GPL-2.0
/*
 * Frames named with libdwfl: each process's file mappings reported as
 * modules, each address's symbol found in their symbol tables (or their
 * debuginfo, where installed), as strace -k does with the same library.
 */
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frames.h"

/* Processes whose modules stay reported; the least recently used goes. */
#define FRAMES_PROCS 16
/*
 * Frame lines kept per process, by address: libdwfl finds a symbol by
 * scanning the whole table, which cost most of the time of -k, and a
 * program's calls come from few places.
 */
#define FRAMES_LINES 4096

struct frame_line {
	uint64_t pc;
	char *text;		/* the frame's line, or NULL: none kept */
};

struct frame_proc {
	pid_t pid;
	uint64_t print;		/* of the mappings its modules were reported from */
	uint64_t used;		/* when last asked for, for the eviction */
	Dwfl *dwfl;
	struct frame_line *lines;	/* FRAMES_LINES, by address; or NULL */
};

struct frame_syms {
	struct frame_proc procs[FRAMES_PROCS];
	uint64_t clock;
	frames_attach_fn attach;
	void *attach_arg;
};

const char *frames_unavailable(void)
{
	return NULL;
}

static char *debuginfo_path;

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

struct frame_syms *frames_new(frames_attach_fn attach, void *arg)
{
	struct frame_syms *fs = calloc(1, sizeof(*fs));

	if (fs) {
		fs->attach = attach;
		fs->attach_arg = arg;
	}
	return fs;
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

static Dwfl *dwfl_for(struct frame_syms *fs, const struct process_maps *pm)
{
	Dwfl *dwfl = dwfl_begin(&dwfl_callbacks);

	if (!dwfl)
		return NULL;
	dwfl_report_begin(dwfl);
	report_modules(dwfl, pm);
	if (dwfl_report_end(dwfl, NULL, NULL) ||
	    (fs->attach && !fs->attach(dwfl, pm->pid, fs->attach_arg))) {
		dwfl_end(dwfl);
		return NULL;
	}
	return dwfl;
}

/* Its modules and the lines found in them go: the mappings changed. */
static void proc_clear(struct frame_proc *p)
{
	size_t i;

	if (p->dwfl)
		dwfl_end(p->dwfl);
	p->dwfl = NULL;
	for (i = 0; p->lines && i < FRAMES_LINES; i++)
		free(p->lines[i].text);
	free(p->lines);
	p->lines = NULL;
}

/* pid's modules, reported again if its mappings changed; NULL if none load. */
static struct frame_proc *proc_of(struct frame_syms *fs, const struct process_maps *pm)
{
	struct frame_proc *p = &fs->procs[0];
	uint64_t print = maps_print(pm);
	size_t i;

	for (i = 0; i < FRAMES_PROCS; i++) {
		if (fs->procs[i].dwfl && fs->procs[i].pid == pm->pid) {
			p = &fs->procs[i];
			break;
		}
		if (fs->procs[i].used < p->used)
			p = &fs->procs[i];
	}
	p->used = ++fs->clock;
	if (p->dwfl && p->pid == pm->pid && p->print == print)
		return p;
	proc_clear(p);
	p->pid = pm->pid;
	p->print = print;
	p->dwfl = dwfl_for(fs, pm);
	return p->dwfl ? p : NULL;
}

/* pid's modules, its mappings read from /proc first if pc is in none known (live). */
static struct frame_proc *proc_at(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
				  uint64_t pc)
{
	const struct process_maps *pm;

	/* A miss reads /proc (live): mappings made before the trace began. */
	maps_find(mc, pid, pc);
	pm = maps_process(mc, pid);
	return pm ? proc_of(fs, pm) : NULL;
}

struct Dwfl *frames_dwfl(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
			 uint64_t pc)
{
	struct frame_proc *p = proc_at(fs, mc, pid, pc);

	return p ? p->dwfl : NULL;
}

/*
 * One frame's line as strace -k writes it, malloc'd; NULL for an address
 * in no mapping of a file.
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
static const char *frame_line(struct frame_proc *p, struct maps_cache *mc, Dwarf_Addr pc)
{
	struct frame_line *slot;

	if (!p->lines)
		p->lines = calloc(FRAMES_LINES, sizeof(*p->lines));
	if (!p->lines)
		return NULL;
	slot = &p->lines[(pc ^ (pc >> 12)) % FRAMES_LINES];
	if (slot->text && slot->pc == pc)
		return slot->text;
	free(slot->text);
	slot->pc = pc;
	slot->text = format_frame(p->dwfl, mc, p->pid, pc);
	return slot->text;
}

/* Whether pc is in an executable segment of a module's file: code, not data. */
static bool in_code(Dwfl *dwfl, Dwarf_Addr pc)
{
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, pc);
	Dwarf_Addr bias;
	GElf_Phdr mem, *ph;
	size_t nr, i;
	Elf *elf;

	elf = mod ? dwfl_module_getelf(mod, &bias) : NULL;
	if (!elf || elf_getphdrnum(elf, &nr))
		return false;
	for (i = 0; i < nr; i++) {
		ph = gelf_getphdr(elf, (int)i, &mem);
		if (ph && ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
		    pc - bias >= ph->p_vaddr && pc - bias - ph->p_vaddr < ph->p_memsz)
			return true;
	}
	return false;
}

/* The frames' lines into out, up to the first address in no file (walk tells how). */
static void print_frames(FILE *out, struct frame_proc *p, struct maps_cache *mc,
			 const uint64_t *pcs, size_t nr, enum frames_walk walk)
{
	const char *line;
	size_t i;

	for (i = 0; i < nr; i++) {
		if (walk == FRAMES_FP_CHAIN && !in_code(p->dwfl, pcs[i]))
			return;
		line = frame_line(p, mc, pcs[i]);
		if (!line) {
			if (walk == FRAMES_UNWOUND)
				fprintf(out, " > unexpected_backtracing_error [0x%llx]\n",
					(unsigned long long)pcs[i]);
			return;
		}
		fputs(line, out);
	}
}

char *frames_text(struct frame_syms *fs, struct maps_cache *mc, pid_t pid,
		  const uint64_t *pcs, size_t nr, enum frames_walk walk)
{
	struct frame_proc *p;
	char *text = NULL;
	size_t len;
	FILE *out;

	if (!nr)
		return NULL;
	p = proc_at(fs, mc, pid, pcs[0]);
	if (!p)
		return NULL;
	out = open_memstream(&text, &len);
	if (!out)
		return NULL;
	print_frames(out, p, mc, pcs, nr, walk);
	if (fclose(out)) {
		free(text);
		text = NULL;
	}
	return text;
}

void frames_free(struct frame_syms *fs)
{
	size_t i;

	if (!fs)
		return;
	for (i = 0; i < FRAMES_PROCS; i++)
		proc_clear(&fs->procs[i]);
	free(fs);
}
