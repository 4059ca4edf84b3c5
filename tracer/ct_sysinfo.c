// SPDX-License-Identifier: GPL-2.0
/* The structs the process calls fill: the system's, the groups', a CPU mask, a signal stack. */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>

#include "compiler.h"
#include "ct_sysinfo.h"
#include "xlat.h"

#define SYM(x) { (unsigned long)(x), #x }

/* strace shows the first two fields, and "..." for the rest (without -v). */
void ct_sysinfo_put_utsname(struct vwriter *w, const unsigned char *bytes)
{
	struct utsname u;

	memcpy(&u, bytes, sizeof(u));
	vw_begin_struct(w);
	vw_key(w, "sysname");
	vw_bytes(w, (const unsigned char *)u.sysname, strnlen(u.sysname, sizeof(u.sysname)),
		 false);
	vw_key(w, "nodename");
	vw_bytes(w, (const unsigned char *)u.nodename, strnlen(u.nodename, sizeof(u.nodename)),
		 false);
	vw_end_struct(w, true);
}

static void put_ulong(struct vwriter *w, const char *key, unsigned long v)
{
	vw_key(w, key);
	vw_u64(w, v);
}

void ct_sysinfo_put_sysinfo(struct vwriter *w, const unsigned char *bytes)
{
	struct sysinfo si;
	size_t i;

	memcpy(&si, bytes, sizeof(si));
	vw_begin_struct(w);
	vw_key(w, "uptime");
	vw_s64(w, si.uptime);
	vw_key(w, "loads");
	vw_begin_list(w);
	for (i = 0; i < ARRAY_SIZE(si.loads); i++)
		vw_u64(w, si.loads[i]);
	vw_end_list(w, false);
	put_ulong(w, "totalram", si.totalram);
	put_ulong(w, "freeram", si.freeram);
	put_ulong(w, "sharedram", si.sharedram);
	put_ulong(w, "bufferram", si.bufferram);
	put_ulong(w, "totalswap", si.totalswap);
	put_ulong(w, "freeswap", si.freeswap);
	put_ulong(w, "procs", si.procs);
	put_ulong(w, "totalhigh", si.totalhigh);
	put_ulong(w, "freehigh", si.freehigh);
	put_ulong(w, "mem_unit", si.mem_unit);
	vw_end_struct(w, false);
}

void ct_sysinfo_put_gids(struct vwriter *w, const unsigned char *bytes, size_t len)
{
	gid_t gid;
	size_t i;

	vw_begin_list(w);
	for (i = 0; i + sizeof(gid) <= len; i += sizeof(gid)) {
		memcpy(&gid, bytes + i, sizeof(gid));
		vw_u64(w, gid);
	}
	vw_end_list(w, false);
}

/* The CPUs set, as strace writes a mask: "[0 1]", each bit's number. */
void ct_sysinfo_put_cpuset(struct vwriter *w, const unsigned char *bytes, size_t len)
{
	bool any = false;
	size_t bit;

	if (w->json)
		vw_begin_list(w);
	else
		vw_symbol_begin(w);
	if (!w->json)
		outbuf_putc(w->ob, '[');
	for (bit = 0; bit < len * 8; bit++) {
		if (!(bytes[bit / 8] >> (bit % 8) & 1))
			continue;
		if (w->json) {
			vw_u64(w, bit);
			continue;
		}
		if (any)
			outbuf_putc(w->ob, ' ');
		outbuf_u64(w->ob, bit);
		any = true;
	}
	if (w->json) {
		vw_end_list(w, false);
		return;
	}
	outbuf_putc(w->ob, ']');
	vw_symbol_end(w);
}

/* In flag order; SS_AUTODISARM is the kernel's (linux/signal.h), not glibc's. */
static const struct symbol ss_flags[] = {
	SYM(SS_ONSTACK), SYM(SS_DISABLE), { 1u << 31, "SS_AUTODISARM" },
};

void ct_sysinfo_put_stack(struct vwriter *w, const unsigned char *bytes)
{
	stack_t ss;

	memcpy(&ss, bytes, sizeof(ss));
	vw_begin_struct(w);
	vw_key(w, "ss_sp");
	if (ss.ss_sp)
		vw_addr(w, (uintptr_t)ss.ss_sp);
	else
		vw_symbol(w, "NULL");
	vw_key(w, "ss_flags");
	vw_flags(w, ss_flags, ARRAY_SIZE(ss_flags), (unsigned int)ss.ss_flags);
	vw_key(w, "ss_size");
	vw_u64(w, ss.ss_size);
	vw_end_struct(w, false);
}
