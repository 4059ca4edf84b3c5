// SPDX-License-Identifier: GPL-2.0
/*
 * -k's samples: the user registers and stack copy after a sys_enter's raw
 * data, kept with the enter; exits and short or odd copies keep none.
 */
#include "kselftest_harness.h"

#include <stdlib.h>

#include "sample.h"

#define ENTER_ID 443
#define EXIT_ID 442
/* Three registers sampled: the first, the stack pointer's and the ip's bits. */
#define REGS_MASK ((1ULL << 0) | (1ULL << 7) | (1ULL << 8))

static const struct sample_ids ids = {
	.enter = ENTER_ID, .exit = EXIT_ID,
	.sample_type = SCT_SAMPLE_TYPE | SCT_SAMPLE_ABI | SCT_SAMPLE_STACK,
	.regs_user = REGS_MASK,
};

struct rec {
	uint64_t buf[512];
	size_t len;
};

static void put(struct rec *r, const void *p, size_t n)
{
	memcpy((unsigned char *)r->buf + r->len, p, n);
	r->len += n;
}

/*
 * A raw_syscalls sample of type and nr, then the registers (abi, three
 * values), then a stack copy of size bytes claiming dyn of them; claim:
 * the size written, which may lie.
 */
static const struct perf_event_header *sample(struct rec *r, uint16_t type, uint64_t abi,
					      uint64_t size, uint64_t claim, uint64_t dyn)
{
	struct perf_event_header hdr = { .type = PERF_RECORD_SAMPLE };
	uint32_t tid[2] = { 10, 10 }, cpu[2] = { 0, 0 }, raw_size = 68;
	unsigned char raw[68] = { 0 };
	uint64_t time = 1000, regs[3] = { 0x11, 0x7ffd1000, 0x401234 }, i;
	long nr = 110;

	r->len = sizeof(hdr);
	put(r, tid, sizeof(tid));
	put(r, &time, sizeof(time));
	put(r, cpu, sizeof(cpu));
	memcpy(raw, &type, sizeof(type));
	memcpy(raw + 8, &nr, sizeof(nr));
	put(r, &raw_size, sizeof(raw_size));
	put(r, raw, sizeof(raw));
	put(r, &abi, sizeof(abi));
	if (abi != PERF_SAMPLE_REGS_ABI_NONE)
		put(r, regs, sizeof(regs));
	put(r, &claim, sizeof(claim));
	for (i = 0; i < size; i++)
		put(r, &(unsigned char){ (unsigned char)i }, 1);
	if (size)
		put(r, &dyn, sizeof(dyn));
	hdr.size = (uint16_t)r->len;
	memcpy(r->buf, &hdr, sizeof(hdr));
	return (const struct perf_event_header *)r->buf;
}

TEST(an_enter_keeps_its_registers_and_the_used_part_of_its_stack)
{
	static struct rec r;
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, sample(&r, ENTER_ID, PERF_SAMPLE_REGS_ABI_64,
							  64, 64, 24), &ev));
	ASSERT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(110, ev.nr);
	ASSERT_NE(NULL, ev.ustack);
	EXPECT_EQ(REGS_MASK, ev.ustack->regs_mask);
	EXPECT_EQ(0x11, ev.ustack->regs[0]);
	EXPECT_EQ(0x7ffd1000, ev.ustack->regs[1]);
	EXPECT_EQ(0x401234, ev.ustack->regs[2]);
	EXPECT_EQ(24, ev.ustack->size);
	EXPECT_EQ(0, ev.ustack->data[0]);
	EXPECT_EQ(23, ev.ustack->data[23]);
	event_release(&ev);
	EXPECT_EQ(NULL, ev.ustack);
}

TEST(an_exit_and_an_empty_copy_keep_no_stack)
{
	static struct rec r;
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, sample(&r, EXIT_ID, PERF_SAMPLE_REGS_ABI_64,
							  64, 64, 64), &ev));
	EXPECT_EQ(EV_EXIT, ev.kind);
	EXPECT_EQ(NULL, ev.ustack);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, sample(&r, ENTER_ID, PERF_SAMPLE_REGS_ABI_64,
							  0, 0, 0), &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(NULL, ev.ustack);
}

TEST(a_copy_past_the_record_or_without_registers_is_not_kept)
{
	static struct rec r;
	struct sct_event ev;
	struct sample_ids no_regs = ids;

	/* A size beyond the record: the call stays, its stack is not read. */
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, sample(&r, ENTER_ID, PERF_SAMPLE_REGS_ABI_64,
							  64, 4096, 8), &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(NULL, ev.ustack);
	/* A kernel thread's sample has no registers. */
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, sample(&r, ENTER_ID, PERF_SAMPLE_REGS_ABI_NONE,
							  0, 0, 0), &ev));
	EXPECT_EQ(NULL, ev.ustack);
	/* A recording whose register mask is not known (a foreign one). */
	no_regs.regs_user = 0;
	ASSERT_EQ(SAMPLE_OK, sample_parse(&no_regs, sample(&r, ENTER_ID, PERF_SAMPLE_REGS_ABI_64,
							      64, 64, 8), &ev));
	EXPECT_EQ(NULL, ev.ustack);
}

TEST_HARNESS_MAIN
