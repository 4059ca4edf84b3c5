// SPDX-License-Identifier: GPL-2.0
/*
 * The argument contents kinds: every kind with a way to read it. Which
 * argument is of which kind is sysent.c's, checked by test_sysent.
 */
#include "kselftest_harness.h"

#include "contents_table.h"

TEST(every_kind_is_read)
{
	struct ct_arg_spec spec;
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
}

TEST_HARNESS_MAIN
