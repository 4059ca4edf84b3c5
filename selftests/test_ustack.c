// SPDX-License-Identifier: GPL-2.0
/*
 * -k's samples: the user registers and stack copy after a sys_enter's raw
 * data, kept with the enter; exits and short or odd copies keep none.
 * --call-graph fp's: the callchain before the raw data, its user part
 * kept with the enter.
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

/*
 * --call-graph fp: a sys_enter sample whose callchain holds nr entries,
 * but claims claim of them, before the raw data.
 */
static const struct perf_event_header *chained(struct rec *r, uint16_t type,
					       const uint64_t *chain, uint64_t nr,
					       uint64_t claim)
{
	struct perf_event_header hdr = { .type = PERF_RECORD_SAMPLE };
	uint32_t tid[2] = { 10, 10 }, cpu[2] = { 0, 0 }, raw_size = 68;
	unsigned char raw[68] = { 0 };
	uint64_t time = 1000;
	long sysno = 39;

	r->len = sizeof(hdr);
	put(r, tid, sizeof(tid));
	put(r, &time, sizeof(time));
	put(r, cpu, sizeof(cpu));
	put(r, &claim, sizeof(claim));
	put(r, chain, nr * sizeof(*chain));
	memcpy(raw, &type, sizeof(type));
	memcpy(raw + 8, &sysno, sizeof(sysno));
	put(r, &raw_size, sizeof(raw_size));
	put(r, raw, sizeof(raw));
	hdr.size = (uint16_t)r->len;
	memcpy(r->buf, &hdr, sizeof(hdr));
	return (const struct perf_event_header *)r->buf;
}

static const struct sample_ids chain_ids = {
	.enter = ENTER_ID, .exit = EXIT_ID,
	.sample_type = SCT_SAMPLE_TYPE | SCT_SAMPLE_CHAIN, .callchains = true,
};

TEST(an_enter_keeps_the_user_part_of_its_callchain)
{
	/* A perf record -g file's: the kernel's part first, then the user's. */
	const uint64_t chain[] = {
		(uint64_t)PERF_CONTEXT_KERNEL, 0xffffffff81000010ULL, 0xffffffff81000020ULL,
		(uint64_t)PERF_CONTEXT_USER, 0x401234, 0x401300, 0x7f0000001000ULL,
	};
	static struct rec r;
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&chain_ids, chained(&r, ENTER_ID, chain, 7, 7), &ev));
	ASSERT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(39, ev.nr);
	ASSERT_NE(NULL, ev.callchain);
	ASSERT_EQ(3, ev.callchain->nr);
	EXPECT_EQ(0x401234, ev.callchain->ips[0]);
	EXPECT_EQ(0x401300, ev.callchain->ips[1]);
	EXPECT_EQ(0x7f0000001000ULL, ev.callchain->ips[2]);
	event_release(&ev);
	EXPECT_EQ(NULL, ev.callchain);
}

TEST(an_exit_a_marker_alone_or_an_unasked_chain_keeps_none)
{
	const uint64_t chain[] = { (uint64_t)PERF_CONTEXT_USER, 0x401234 };
	struct sample_ids unasked = chain_ids;
	static struct rec r;
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&chain_ids, chained(&r, EXIT_ID, chain, 0, 0), &ev));
	EXPECT_EQ(EV_EXIT, ev.kind);
	EXPECT_EQ(NULL, ev.callchain);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&chain_ids, chained(&r, ENTER_ID, chain, 1, 1), &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(NULL, ev.callchain);
	unasked.callchains = false;
	ASSERT_EQ(SAMPLE_OK, sample_parse(&unasked, chained(&r, ENTER_ID, chain, 2, 2), &ev));
	EXPECT_EQ(39, ev.nr);
	EXPECT_EQ(NULL, ev.callchain);
}

TEST(a_chain_longer_than_its_record_is_malformed)
{
	const uint64_t chain[] = { (uint64_t)PERF_CONTEXT_USER, 0x401234 };
	static struct rec r;
	struct sct_event ev;

	EXPECT_EQ(SAMPLE_MALFORMED,
		  sample_parse(&chain_ids, chained(&r, ENTER_ID, chain, 2, 100), &ev));
	EXPECT_EQ(SAMPLE_MALFORMED,
		  sample_parse(&chain_ids, chained(&r, ENTER_ID, chain, 2, UINT64_MAX / 8), &ev));
}

TEST_HARNESS_MAIN
