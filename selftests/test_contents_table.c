// SPDX-License-Identifier: GPL-2.0
/*
 * The argument contents table: sorted for its bsearch, every kind with a
 * way to read it, and every row naming a pointer argument of the running
 * kernel's tracepoint (else the row silently never applies).
 */
#include "kselftest_harness.h"

#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contents_table.h"
#include "syscall_table.h"
#include "syscalls.h"
#include "tracefs.h"

TEST(rules_sorted_and_unique)
{
	const struct content_rule *rules;
	size_t nr, i;
	int c;

	rules = content_rules(&nr);
	ASSERT_LT(0, nr);
	for (i = 1; i < nr; i++) {
		c = strcmp(rules[i - 1].syscall, rules[i].syscall);
		if (!c)
			c = strcmp(rules[i - 1].arg, rules[i].arg);
		EXPECT_GT(0, c) TH_LOG("%s %s before %s %s", rules[i - 1].syscall,
				       rules[i - 1].arg, rules[i].syscall, rules[i].arg);
	}
	for (i = 0; i < nr; i++) {
		EXPECT_EQ(&rules[i], content_rule_find(rules[i].syscall, rules[i].arg));
		EXPECT_TRUE(content_syscall_has_rules(rules[i].syscall));
	}
	EXPECT_EQ(NULL, content_rule_find("read", "fd"));
	EXPECT_FALSE(content_syscall_has_rules("getppid"));
}

/* Each condition sorted, on a rule, and naming another argument. */
TEST(conditions_sorted_and_on_rules)
{
	const struct content_cond *conds;
	size_t nr, i;
	int c;

	conds = content_conds(&nr);
	for (i = 0; i < nr; i++) {
		if (i) {
			c = strcmp(conds[i - 1].syscall, conds[i].syscall);
			EXPECT_GT(0, c ? c : strcmp(conds[i - 1].arg, conds[i].arg));
		}
		EXPECT_EQ(&conds[i], content_cond_find(conds[i].syscall, conds[i].arg));
		EXPECT_NE(NULL, content_rule_find(conds[i].syscall, conds[i].arg))
			TH_LOG("%s %s has no rule", conds[i].syscall, conds[i].arg);
		EXPECT_STRNE(conds[i].arg, conds[i].cond_arg);
		EXPECT_NE(0, conds[i].values);
	}
	EXPECT_EQ(NULL, content_cond_find("read", "buf"));
}

TEST(every_kind_is_read)
{
	const struct content_rule *rules;
	struct ct_arg_spec spec;
	size_t nr, i;
	int k;

	EXPECT_EQ(CK_KIND_COUNT, content_kind_count());
	for (k = CK_NONE + 1; k < CK_KIND_COUNT; k++) {
		content_arg_spec(k, 32, &spec);
		EXPECT_NE(CT_MODE_NONE, spec.mode) TH_LOG("kind %d", k);
		EXPECT_NE(0, spec.when) TH_LOG("kind %d", k);
		EXPECT_GE(CT_MAX_ITEM, spec.max) TH_LOG("kind %d", k);
		EXPECT_LT(0, spec.max) TH_LOG("kind %d", k);
		/* Shown at the enter and after the result: read at both. */
		if (content_kind_in_out(k))
			EXPECT_EQ(CT_AT_ENTER | CT_AT_EXIT, spec.when) TH_LOG("kind %d", k);
	}
	/* A counted kind's rows name the count; the others name none. */
	rules = content_rules(&nr);
	for (i = 0; i < nr; i++)
		EXPECT_EQ(content_kind_counted(rules[i].kind), rules[i].len_arg != NULL)
			TH_LOG("%s %s", rules[i].syscall, rules[i].arg);
}

/* Each rule against the tracepoint of its syscall, as sctrace reads it. */
TEST(rows_name_real_pointer_arguments)
{
	struct format_source source = { .read = tracefs_format_source };
	int machine = audit_detect_machine();
	const struct content_rule *rules;
	struct syscall_cache cache;
	struct tracefs tfs;
	size_t nr, i, seen = 0;
	long n;

	if (tracefs_open(&tfs) != TRACEFS_OK)
		SKIP(return, "tracefs is not mounted (and cannot be mounted here)");
	source.ctx = &tfs;
	ASSERT_EQ(0, syscall_cache_init(&cache, &source, machine));
	rules = content_rules(&nr);
	for (i = 0; i < nr; i++) {
		const struct syscall_desc *desc = NULL;
		int a, found = -1, len = -1;

		for (n = 0; n < CT_MAX_NR && !desc; n++) {
			const char *name = syscall_name(machine, n);

			if (name && !strcmp(name, rules[i].syscall))
				desc = syscall_cache_get(&cache, n);
		}
		if (!desc) {
			/* open, select, stat...: x86_64 has every call the table names. */
			EXPECT_NE(MACH_86_64, machine) TH_LOG("no syscall %s", rules[i].syscall);
			continue;
		}
		ASSERT_LT(0, desc->nr_args) TH_LOG("%s has no format", rules[i].syscall);
		for (a = 0; a < desc->nr_args; a++) {
			if (!strcmp(desc->args[a].name, rules[i].arg))
				found = a;
			if (rules[i].len_arg && !strcmp(desc->args[a].name, rules[i].len_arg))
				len = a;
		}
		ASSERT_LE(0, found) TH_LOG("%s has no argument %s", rules[i].syscall, rules[i].arg);
		EXPECT_EQ(ARG_PTR, desc->args[found].kind)
			TH_LOG("%s %s is not a pointer", rules[i].syscall, rules[i].arg);
		EXPECT_EQ(rules[i].kind, desc->args[found].content)
			TH_LOG("%s %s", rules[i].syscall, rules[i].arg);
		if (rules[i].len_arg) {
			EXPECT_LE(0, len) TH_LOG("%s has no argument %s", rules[i].syscall,
						 rules[i].len_arg);
			EXPECT_EQ(len, desc->args[found].len_arg);
		}
		/* A condition's argument is one of the call's. */
		if (desc->args[found].cond)
			EXPECT_LE(0, desc->args[found].cond_arg)
				TH_LOG("%s has no argument %s", rules[i].syscall,
				       desc->args[found].cond->cond_arg);
		seen++;
	}
	TH_LOG("%zu of %zu rows on this machine", seen, nr);
	EXPECT_LT(0, seen);
	syscall_cache_free(&cache);
}

TEST_HARNESS_MAIN
