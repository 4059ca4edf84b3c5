// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "compiler.h"
#include "perf_features.h"
#include "perfdata.h"

/*
 * The features perf record writes that perf's tools read back: without
 * CPUDESC and CPUID `perf data convert --to-json` 6.1 dereferences NULL,
 * without EVENT_DESC a software event is named "unknown-software".
 */

static void put_u32(struct td_blob *b, uint32_t v)
{
	td_blob_put(b, &v, 4);
}

static void put_u64(struct td_blob *b, uint64_t v)
{
	td_blob_put(b, &v, 8);
}

/* perf's header string: a length counting the NUL and padding to 8, the bytes. */
static void put_string(struct td_blob *b, const char *s)
{
	static const char zeros[8];
	size_t n = strlen(s);
	uint32_t len = (n + 1 + 7) & ~7u;

	put_u32(b, len);
	td_blob_put(b, s, n);
	td_blob_put(b, zeros, len - n);
}

/* The value of /proc/cpuinfo's first "key : value" line, or false. */
static bool cpu_value(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	size_t klen = strlen(key), cap = 0;
	char *line = NULL, *p;
	bool found = false;

	while (f && !found && getline(&line, &cap, f) > 0) {
		if (strncmp(line, key, klen))
			continue;
		p = line + klen;
		p += strspn(p, " \t");
		if (*p != ':')
			continue;
		p += 1 + strspn(p + 1, " \t");
		p[strcspn(p, "\n")] = '\0';
		snprintf(out, len, "%s", p);
		found = true;
	}
	free(line);
	if (f)
		fclose(f);
	return found;
}

static bool feat_tracing(struct td_blob *b, const struct pw_header *h)
{
	if (!h->tracing)
		return false;
	td_blob_put(b, h->tracing->data, h->tracing->len);
	return true;
}

static bool feat_hostname(struct td_blob *b, const struct pw_header *h)
{
	struct utsname un;

	(void)h;
	uname(&un);
	put_string(b, un.nodename);
	return true;
}

static bool feat_osrelease(struct td_blob *b, const struct pw_header *h)
{
	struct utsname un;

	(void)h;
	uname(&un);
	put_string(b, un.release);
	return true;
}

static bool feat_version(struct td_blob *b, const struct pw_header *h)
{
	(void)h;
	put_string(b, "sctrace " SCTRACE_VERSION);
	return true;
}

static bool feat_arch(struct td_blob *b, const struct pw_header *h)
{
	struct utsname un;

	(void)h;
	uname(&un);
	put_string(b, un.machine);
	return true;
}

static bool feat_nrcpus(struct td_blob *b, const struct pw_header *h)
{
	(void)h;
	put_u32(b, sysconf(_SC_NPROCESSORS_CONF));
	put_u32(b, sysconf(_SC_NPROCESSORS_ONLN));
	return true;
}

/* The cpu's model as /proc/cpuinfo names it on the common architectures. */
static bool feat_cpudesc(struct td_blob *b, const struct pw_header *h)
{
	static const char *const keys[] = { "model name", "cpu model", "Processor", "cpu" };
	struct utsname un;
	char desc[256];
	size_t i;

	(void)h;
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (cpu_value(keys[i], desc, sizeof(desc))) {
			put_string(b, desc);
			return true;
		}
	}
	uname(&un);
	put_string(b, un.machine);
	return true;
}

/* x86's "vendor,family,model,stepping", as perf matches its event tables; else the arch. */
static bool feat_cpuid(struct td_blob *b, const struct pw_header *h)
{
	char vendor[64], family[16], model[16], stepping[16], id[128];
	struct utsname un;

	(void)h;
	if (cpu_value("vendor_id", vendor, sizeof(vendor)) &&
	    cpu_value("cpu family", family, sizeof(family)) &&
	    cpu_value("model", model, sizeof(model)) &&
	    cpu_value("stepping", stepping, sizeof(stepping))) {
		snprintf(id, sizeof(id), "%s,%s,%s,%s", vendor, family, model, stepping);
		put_string(b, id);
		return true;
	}
	uname(&un);
	put_string(b, un.machine);
	return true;
}

/* In kB, as /proc/meminfo's MemTotal and perf's own files. */
static bool feat_total_mem(struct td_blob *b, const struct pw_header *h)
{
	struct sysinfo si;

	(void)h;
	if (sysinfo(&si))
		return false;
	put_u64(b, (uint64_t)si.totalram * si.mem_unit / 1024);
	return true;
}

static bool feat_cmdline(struct td_blob *b, const struct pw_header *h)
{
	int i;

	put_u32(b, h->argc);
	for (i = 0; i < h->argc; i++)
		put_string(b, h->argv[i]);
	return true;
}

/* Each attr again, with its ids and the name perf shows it by. */
static bool feat_event_desc(struct td_blob *b, const struct pw_header *h)
{
	size_t i;

	put_u32(b, h->nr_attrs);
	put_u32(b, sizeof(struct perf_event_attr));
	for (i = 0; i < h->nr_attrs; i++) {
		td_blob_put(b, &h->attrs[i].attr, sizeof(h->attrs[i].attr));
		put_u32(b, h->attrs[i].nr_ids);
		put_string(b, h->attrs[i].name);
		td_blob_put(b, h->attrs[i].ids, h->attrs[i].nr_ids * 8);
	}
	return true;
}

/* The events' clock (CLOCK_MONOTONIC, fill_attr's), its resolution in ns. */
static bool feat_clockid(struct td_blob *b, const struct pw_header *h)
{
	struct timespec res;

	(void)h;
	if (clock_getres(CLOCK_MONOTONIC, &res))
		return false;
	put_u64(b, res.tv_sec * 1000000000ull + res.tv_nsec);
	return true;
}

static uint64_t ns_of(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* Wall time and the events' clock read together: perf script --tod converts. */
static bool feat_clock_data(struct td_blob *b, const struct pw_header *h)
{
	uint64_t tod = ns_of(CLOCK_REALTIME), mono = ns_of(CLOCK_MONOTONIC);

	(void)h;
	put_u32(b, 1);
	put_u32(b, CLOCK_MONOTONIC);
	put_u64(b, tod);
	put_u64(b, mono);
	return true;
}

/* In bit order, which is the order of a file's sections. */
static const struct feat_builder {
	int bit;
	bool file_only;		/* a pipe carries it as a record of its own */
	bool (*build)(struct td_blob *b, const struct pw_header *h);
} builders[] = {
	{ FEAT_TRACING_DATA, true, feat_tracing },
	{ FEAT_HOSTNAME, false, feat_hostname },
	{ FEAT_OSRELEASE, false, feat_osrelease },
	{ FEAT_VERSION, false, feat_version },
	{ FEAT_ARCH, false, feat_arch },
	{ FEAT_NRCPUS, false, feat_nrcpus },
	{ FEAT_CPUDESC, false, feat_cpudesc },
	{ FEAT_CPUID, false, feat_cpuid },
	{ FEAT_TOTAL_MEM, false, feat_total_mem },
	{ FEAT_CMDLINE, false, feat_cmdline },
	{ FEAT_EVENT_DESC, false, feat_event_desc },
	{ FEAT_CLOCKID, false, feat_clockid },
	{ FEAT_CLOCK_DATA, false, feat_clock_data },
};

_Static_assert(ARRAY_SIZE(builders) <= PF_FEATURES_MAX, "PF_FEATURES_MAX holds every feature");

/*
 * The features of h; in a pipe, all but the tracing data, a record of
 * its own there. EVENT_DESC names the events of the attr records
 * before it, so it comes after them.
 * Returns -ENOMEM when memory ran out, with nothing left to free.
 */
int pf_build(struct pf_set *set, const struct pw_header *h, bool pipe)
{
	struct pf_section *sec;
	size_t i;

	memset(set, 0, sizeof(*set));
	for (i = 0; i < ARRAY_SIZE(builders); i++) {
		if (pipe && builders[i].file_only)
			continue;
		sec = &set->secs[set->nr];
		sec->bit = builders[i].bit;
		if (!builders[i].build(&sec->bytes, h)) {
			td_blob_free(&sec->bytes);
			continue;
		}
		set->nr++;
		if (sec->bytes.error) {
			pf_free(set);
			return -ENOMEM;
		}
	}
	return 0;
}

/*
 * Where the kernel's text starts, from /proc/kallsyms: what perf report
 * needs to resolve the samples' kernel ips. _text is among the first
 * lines; _etext, 100000 lines further, took 0.2 s to reach. 0 when the
 * addresses are hidden (kptr_restrict) or not found.
 */
uint64_t pf_kernel_text(void)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char *line = NULL, *name;
	uint64_t addr = 0, start = 0;
	size_t cap = 0;

	while (f && !start && getline(&line, &cap, f) > 0) {
		/* "address type name [module]" */
		addr = strtoull(line, &name, 16);
		if (strlen(name) < 3)
			continue;
		name += 3;
		name[strcspn(name, " \t\n")] = '\0';
		if (!strcmp(name, "_text"))
			start = addr;
	}
	free(line);
	if (f)
		fclose(f);
	return start;
}

void pf_free(struct pf_set *set)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		td_blob_free(&set->secs[i].bytes);
	set->nr = 0;
}
