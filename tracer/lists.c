// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lists.h"

/* A decimal number of at most max, digits only: no sign, no spaces. */
static int parse_number(const char **s, unsigned long max, unsigned long *out)
{
	const char *p = *s;
	unsigned long v = 0;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	while (isdigit((unsigned char)*p)) {
		v = v * 10 + (*p++ - '0');
		if (v > max)
			return -ERANGE;
	}
	*s = p;
	*out = v;
	return 0;
}

static int append(void **items, size_t *nr, size_t size, const void *item)
{
	char *bigger = realloc(*items, (*nr + 1) * size);

	if (!bigger)
		return -ENOMEM;
	memcpy(bigger + *nr * size, item, size);
	*items = bigger;
	(*nr)++;
	return 0;
}

int id_list_add(struct id_list *list, int32_t id)
{
	return append((void **)&list->ids, &list->nr, sizeof(id), &id);
}

/* "123,456": positive ids, appended to what the list already holds. */
int id_list_parse(const char *s, struct id_list *list)
{
	for (;;) {
		unsigned long v;
		int err = parse_number(&s, INT32_MAX, &v);

		if (err)
			return err;
		if (v == 0)
			return -EINVAL;
		err = id_list_add(list, v);
		if (err)
			return err;
		if (*s == '\0')
			return 0;
		if (*s++ != ',')
			return -EINVAL;
	}
}

void id_list_free(struct id_list *list)
{
	free(list->ids);
	list->ids = NULL;
	list->nr = 0;
}

static int int_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Sorts and drops repeats; returns how many values remain. */
static size_t sort_unique(int *values, size_t nr)
{
	size_t i, kept = 0;

	/* An empty list has no array: qsort(NULL, 0) is undefined. */
	if (!nr)
		return 0;
	qsort(values, nr, sizeof(int), int_cmp);
	for (i = 0; i < nr; i++)
		if (!kept || values[kept - 1] != values[i])
			values[kept++] = values[i];
	return kept;
}

/* The same task named twice must be traced once, not twice. */
void id_list_unique(struct id_list *list)
{
	list->nr = sort_unique(list->ids, list->nr);
}

/* A cpu set while parsing: ranges may repeat or overlap at no cost. */
struct cpu_bits {
	unsigned char bits[(CPU_LIST_MAX + 8) / 8];
	size_t nr;
};

static void add_range(struct cpu_bits *set, unsigned long first, unsigned long last)
{
	unsigned long cpu;

	for (cpu = first; cpu <= last; cpu++) {
		unsigned char bit = 1u << (cpu % 8);

		if (!(set->bits[cpu / 8] & bit))
			set->nr++;
		set->bits[cpu / 8] |= bit;
	}
}

/* The set as a sorted list. */
static int list_of(const struct cpu_bits *set, struct cpu_list *list)
{
	int cpu;

	/* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI): a list holds a range */
	list->cpus = malloc(set->nr * sizeof(int));
	if (!list->cpus)
		return -ENOMEM;
	for (cpu = 0; cpu <= CPU_LIST_MAX; cpu++)
		if (set->bits[cpu / 8] & (1u << (cpu % 8)))
			list->cpus[list->nr++] = cpu;
	return 0;
}

/* "0,2-3": the kernel's cpu list syntax, as in /sys/devices/system/cpu/online. */
int cpu_list_parse(const char *s, struct cpu_list *list)
{
	struct cpu_bits set = { .nr = 0 };

	list->cpus = NULL;
	list->nr = 0;
	for (;;) {
		unsigned long first, last;
		int err = parse_number(&s, CPU_LIST_MAX, &first);

		last = first;
		if (!err && *s == '-') {
			s++;
			err = parse_number(&s, CPU_LIST_MAX, &last);
			if (!err && last < first)
				err = -EINVAL;
		}
		if (err)
			return -EINVAL;
		add_range(&set, first, last);
		if (*s == '\0')
			return list_of(&set, list);
		if (*s++ != ',')
			return -EINVAL;
	}
}

int cpu_list_online(struct cpu_list *list)
{
	char buf[4096];
	ssize_t n;
	int fd = open("/sys/devices/system/cpu/online", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return cpu_list_parse(buf, list);
}

/* The first cpu of wanted that have lacks, or -1 when there is none. */
int cpu_list_missing(const struct cpu_list *wanted, const struct cpu_list *have)
{
	size_t i;

	for (i = 0; i < wanted->nr; i++)
		if (!bsearch(&wanted->cpus[i], have->cpus, have->nr,
			     sizeof(int), int_cmp))
			return wanted->cpus[i];
	return -1;
}

void cpu_list_free(struct cpu_list *list)
{
	free(list->cpus);
	list->cpus = NULL;
	list->nr = 0;
}

/* A power of two from 1 to MMAP_PAGES_MAX. */
int mmap_pages_parse(const char *s, unsigned int *pages)
{
	unsigned long v;
	int err = parse_number(&s, MMAP_PAGES_MAX, &v);

	if (err)
		return err;
	if (*s != '\0')
		return -EINVAL;
	if (v == 0 || (v & (v - 1)))
		return -ERANGE;
	*pages = v;
	return 0;
}

/* A whole string that is one number from 1 to max. */
int count_parse(const char *s, unsigned long max, unsigned long *out)
{
	int err = parse_number(&s, max, out);

	if (err)
		return err;
	if (*s != '\0')
		return -EINVAL;
	return *out ? 0 : -ERANGE;
}

/* Milliseconds, "250" or "0.5" (up to six decimals), as nanoseconds. */
int millis_parse(const char *s, uint64_t *ns)
{
	unsigned long ms, scale = 1000000;
	uint64_t frac = 0;
	int err = parse_number(&s, MILLIS_MAX, &ms);

	if (err)
		return err;
	if (*s == '.') {
		if (!isdigit((unsigned char)*++s))
			return -EINVAL;
		for (; isdigit((unsigned char)*s); s++) {
			if (scale == 1)
				return -EINVAL;
			scale /= 10;
			frac += (*s - '0') * scale;
		}
	}
	if (*s != '\0')
		return -EINVAL;
	*ns = (uint64_t)ms * 1000000 + frac;
	return 0;
}
