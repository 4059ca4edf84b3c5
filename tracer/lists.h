/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_LISTS_H
#define SCTRACE_LISTS_H

#include <stddef.h>
#include <stdint.h>

/* Highest cpu number accepted in a list (the kernel's NR_CPUS ceiling). */
#define CPU_LIST_MAX 8191
#define MMAP_PAGES_MAX (1u << 20)

struct id_list {
	int32_t *ids;
	size_t nr;
};

/* Sorted, without duplicates. */
struct cpu_list {
	int *cpus;
	size_t nr;
};

int id_list_add(struct id_list *list, int32_t id);
int id_list_parse(const char *s, struct id_list *list);
void id_list_unique(struct id_list *list);
void id_list_free(struct id_list *list);
int cpu_list_parse(const char *s, struct cpu_list *list);
int cpu_list_online(struct cpu_list *list);
int cpu_list_missing(const struct cpu_list *wanted, const struct cpu_list *have);
void cpu_list_free(struct cpu_list *list);
int mmap_pages_parse(const char *s, unsigned int *pages);

/* A day: longer thresholds are a typo, not a wish. */
#define MILLIS_MAX (24ul * 3600 * 1000)

int count_parse(const char *s, unsigned long max, unsigned long *out);
int millis_parse(const char *s, uint64_t *ns);

#endif
