// SPDX-License-Identifier: GPL-2.0
/*
 * Every static table a bsearch looks in is sorted, strictly, by the very
 * function its search compares with (a key twice would let bsearch
 * return either). Each module lists its tables (sorted.h); beauty's list
 * is held against the enumerations its printer searches, so a table
 * added there cannot be left out. The arguments within a sysent row are
 * held sorted by test_sysent.
 */
#include "kselftest_harness.h"

#include "beauty.h"
#include "call_status.h"
#include "ct_fs.h"
#include "ct_ioctl.h"
#include "ct_process.h"
#include "ct_sockets.h"
#include "decode_fds.h"
#include "decode_pids.h"
#include "fdpaths.h"
#include "format.h"
#include "kvm_exit.h"
#include "line_style.h"
#include "options.h"
#include "perf_refused.h"
#include "pidns.h"
#include "qualifiers.h"
#include "quiet.h"
#include "sock_names.h"
#include "sockdiag.h"
#include "sorted.h"
#include "stats.h"
#include "syscall_class.h"
#include "syscall_table.h"
#include "sysent.h"

static void check_tables(struct __test_metadata *_metadata,
			 const struct sorted_table *tables, size_t nr)
{
	size_t i, j;

	ASSERT_LT(0, nr);
	for (i = 0; i < nr; i++) {
		const struct sorted_table *t = &tables[i];
		const char *base = t->base;

		EXPECT_LT(0, t->nr) TH_LOG("%s is empty", t->name);
		/* Braced: TH_LOG follows its EXPECT as a statement of its own. */
		for (j = 1; j < t->nr; j++) {
			EXPECT_GT(0, t->cmp(base + (j - 1) * t->size, base + j * t->size))
				TH_LOG("%s: entry %zu is not after entry %zu", t->name, j, j - 1);
		}
	}
}

/* Each module's list of its tables. */
static const struct {
	const char *module;
	const struct sorted_table *(*tables)(size_t *nr);
} modules[] = {
	{ "beauty", beauty_sorted_tables },
	{ "call_status", call_status_sorted_tables },
	{ "ct_fs", ct_fs_sorted_tables },
	{ "ct_ioctl", ct_ioctl_sorted_tables },
	{ "ct_process", ct_process_sorted_tables },
	{ "ct_sockets", ct_sockets_sorted_tables },
	{ "decode_fds", decode_fds_sorted_tables },
	{ "decode_pids", decode_pids_sorted_tables },
	{ "fdpaths", fdpaths_sorted_tables },
	{ "format", format_sorted_tables },
	{ "kvm_exit", kvm_exit_sorted_tables },
	{ "line_style", line_style_sorted_tables },
	{ "options", options_sorted_tables },
	{ "perf_refused", perf_refused_sorted_tables },
	{ "pidns", pidns_sorted_tables },
	{ "qualifiers", qualifiers_sorted_tables },
	{ "quiet", quiet_sorted_tables },
	{ "sock_names", sock_names_sorted_tables },
	{ "sockdiag", sockdiag_sorted_tables },
	{ "stats", stats_sorted_tables },
	{ "stats_spec", stats_spec_sorted_tables },
	{ "syscall_class", syscall_class_sorted_tables },
	{ "syscall_table", syscall_table_sorted_tables },
	{ "sysent", sysent_sorted_tables },
};

TEST(every_listed_table_is_sorted)
{
	const struct sorted_table *t;
	size_t i, nr;

	for (i = 0; i < ARRAY_SIZE(modules); i++) {
		t = modules[i].tables(&nr);
		TH_LOG("%s: %zu tables", modules[i].module, nr);
		check_tables(_metadata, t, nr);
	}
}

static bool listed(const struct sorted_table *tables, size_t nr, const void *base)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (tables[i].base == base)
			return true;
	return false;
}

/* The enumerations beauty.c prints with bsearch are all in its list. */
TEST(beauty_lists_every_table_it_searches)
{
	size_t nr_sorted, nr, nr_plain, i, n;
	const struct sorted_table *sorted = beauty_sorted_tables(&nr_sorted);
	const struct beauty_table *tables = beauty_tables(&nr, &nr_plain);
	const struct symbol *syms;
	bool flags;

	for (i = 0; i < nr; i++) {
		if (!tables[i].sorted)
			continue;
		EXPECT_TRUE(listed(sorted, nr_sorted, tables[i].syms))
			TH_LOG("the table of kind %d is not listed", tables[i].kind);
	}
	for (i = 0; i < nr_plain; i++) {
		syms = beauty_plain_table(i, &n, &flags);
		if (!syms || flags)
			continue;
		EXPECT_TRUE(listed(sorted, nr_sorted, syms))
			TH_LOG("the enumeration of kind %zu is not listed", i);
	}
}

TEST_HARNESS_MAIN
