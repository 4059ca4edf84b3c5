// SPDX-License-Identifier: GPL-2.0
/*
 * The argument contents kinds: every kind with a way to read it. Which
 * argument is of which kind is sysent.c's, checked by test_sysent.
 */
#include "kselftest_harness.h"

#include <linux/sched.h>
#include <stddef.h>
#include <stdint.h>

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
		/*
		 * Shown at the enter and after the result: read at both, at
		 * the exit perhaps through a pointer in the struct it read.
		 */
		if (content_kind_in_out(k) && !spec.ptr_at)
			EXPECT_EQ(CT_AT_ENTER | CT_AT_EXIT, spec.when) TH_LOG("kind %d", k);
		if (spec.ptr_at) {
			EXPECT_TRUE(content_kind_in_out(k)) TH_LOG("kind %d", k);
			EXPECT_GE(spec.max, spec.ptr_at - 1 + sizeof(uint64_t)) TH_LOG("kind %d", k);
			EXPECT_LT(0, spec.ptr_size) TH_LOG("kind %d", k);
			EXPECT_GT(64, spec.ptr_if_bit) TH_LOG("kind %d", k);
		}
	}
}

/* clone3's parent_tid: the field, its size and its flag, as the kernel's headers say. */
TEST(clone3_parent_tid_is_read_through_the_struct)
{
	struct ct_arg_spec spec;

	content_arg_spec(CK_CLONE_ARGS, 32, &spec);
	EXPECT_EQ(offsetof(struct clone_args, parent_tid), spec.ptr_at - 1);
	EXPECT_EQ(sizeof(int), spec.ptr_size);
	EXPECT_EQ(CLONE_PARENT_SETTID, 1ull << spec.ptr_if_bit);
}

TEST_HARNESS_MAIN
