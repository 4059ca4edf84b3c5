// SPDX-License-Identifier: GPL-2.0
/*
 * A recording of the other byte order: each record type the reader
 * handles is built here field by field, in this machine's order and in
 * the other one, and the other one goes through perf_file_next's swapping
 * (the path of a foreign file). Every field sctrace reads must come back
 * as it was written, byte for byte and as decoded by sample_parse.
 * Fields read get values of distinct bytes, so a missed swap, or one of
 * the wrong width, shows; fields left unread get bytes all alike.
 */
#include "kselftest_harness.h"

#include "perf_reader.h"
#include "sample.h"

#define ENTER_ID 0x0115
#define EXIT_ID 0x0116
#define OTHER_ID 0x0231
#define FAULT_ID 0x1122334455667788ull

/* Every sample field the reader knows of, in the kernel's order. */
#define FULL_SAMPLE_TYPE \
	(SCT_SAMPLE_TYPE_FAULTS | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_PERIOD)

/* One record, in both byte orders. */
struct twin {
	unsigned char native[512];
	unsigned char other[512];
	size_t len;
};

/* A number of size bytes at t's byte at: as this machine stores it, and reversed. */
static void put_at(struct twin *t, size_t at, uint64_t v, size_t size)
{
	uint16_t v16 = v;
	uint32_t v32 = v;
	size_t i;

	if (size == 2)
		memcpy(t->native + at, &v16, 2);
	else if (size == 4)
		memcpy(t->native + at, &v32, 4);
	else
		memcpy(t->native + at, &v, 8);
	for (i = 0; i < size; i++)
		t->other[at + i] = t->native[at + size - 1 - i];
}

static void put(struct twin *t, uint64_t v, size_t size)
{
	put_at(t, t->len, v, size);
	t->len += size;
}

/* Bytes, the same in both orders (names, paths, what no one reads). */
static void put_bytes(struct twin *t, const void *p, size_t len)
{
	memcpy(t->native + t->len, p, len);
	memcpy(t->other + t->len, p, len);
	t->len += len;
}

static void put_alike(struct twin *t, unsigned char byte, size_t len)
{
	memset(t->native + t->len, byte, len);
	memset(t->other + t->len, byte, len);
	t->len += len;
}

/* A value of distinct bytes for field k: 0x..k8 k7 ... k1. */
static uint64_t distinct(unsigned int k)
{
	uint64_t v = 0;
	int i;

	for (i = 8; i >= 1; i--)
		v = v << 8 | ((k & 0xf) << 4 | i);
	return v;
}

static void begin(struct twin *t, uint32_t type, uint16_t misc)
{
	memset(t, 0, sizeof(*t));
	put(t, type, 4);
	put(t, misc, 2);
	put(t, 0, 2);		/* the size, once known */
}

static void end(struct twin *t)
{
	put_at(t, 6, t->len, 2);
}

/* What a record was built with, to check the decoded event against. */
struct sent {
	int32_t pid, tid;
	uint64_t time;
	uint32_t cpu;
};

static void put_sample_head(struct twin *t, uint64_t st, uint64_t identifier,
			    const struct sent *s)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		put(t, identifier, 8);
	if (st & PERF_SAMPLE_IP)
		put(t, distinct(1), 8);
	put(t, s->pid, 4);
	put(t, s->tid, 4);
	put(t, s->time, 8);
	if (st & PERF_SAMPLE_ADDR)
		put(t, distinct(2), 8);
	if (st & PERF_SAMPLE_ID)
		put(t, identifier, 8);
	if (st & PERF_SAMPLE_STREAM_ID)
		put(t, distinct(3), 8);
	put(t, s->cpu, 4);
	put_alike(t, 0, 4);
	if (st & PERF_SAMPLE_PERIOD)
		put(t, distinct(4), 8);
}

/* The sample_id_all trailer: tid, time, id, stream id, cpu, identifier. */
static void put_trailer(struct twin *t, uint64_t st, const struct sent *s)
{
	put(t, s->pid, 4);
	put(t, s->tid, 4);
	put(t, s->time, 8);
	if (st & PERF_SAMPLE_ID)
		put(t, distinct(5), 8);
	if (st & PERF_SAMPLE_STREAM_ID)
		put(t, distinct(6), 8);
	put(t, s->cpu, 4);
	put_alike(t, 0, 4);
	if (st & PERF_SAMPLE_IDENTIFIER)
		put(t, distinct(7), 8);
}

/* The raw data: its size, the common fields, then n longs of width bytes, padding. */
static void put_raw_longs(struct twin *t, uint16_t type, const struct sent *s,
			  const uint64_t *longs, size_t n, size_t width)
{
	size_t size = 8 + width * n;
	size_t pad = (8 - (4 + size) % 8) % 8;
	size_t i;

	put(t, size + pad, 4);
	put(t, type, 2);
	put_alike(t, 0x11, 2);		/* common_flags, common_preempt_count */
	put(t, s->pid, 4);
	for (i = 0; i < n; i++)
		put(t, longs[i], width);
	put_alike(t, 0, pad);
}

static void put_raw(struct twin *t, uint16_t type, const struct sent *s,
		    const uint64_t *longs, size_t n)
{
	put_raw_longs(t, type, s, longs, n, 8);
}

static const struct sent sent = {
	.pid = 0x01020304, .tid = 0x05060708, .time = 0x1112131415161718ull,
	.cpu = 0x21222324,
};

/* The ids a recording of longs of long_size bytes is read with. */
static struct sample_ids ids_of(uint64_t st, unsigned int long_size)
{
	static const struct event_id faults[] = { { FAULT_ID, EVENT_ID_FAULT_MAJOR } };

	return (struct sample_ids){
		.enter = ENTER_ID, .exit = EXIT_ID, .sample_type = st,
		.long_size = long_size, .other_tracepoints = true,
		.event_ids = faults, .nr_event_ids = 1,
	};
}

/* The reader over one record, as for a file of the other byte order. */
static const struct perf_event_header *swapped_as(struct perf_file *f, uint64_t st,
						  unsigned int long_size, struct twin *t)
{
	uint64_t pos = 0;

	memset(f, 0, sizeof(*f));
	f->buf = f->data = t->other;
	f->len = f->data_len = t->len;
	f->swap = true;
	f->ids = ids_of(st, long_size);
	return perf_file_next(f, &pos);
}

static const struct perf_event_header *swapped(struct perf_file *f, uint64_t st,
					       struct twin *t)
{
	return swapped_as(f, st, 8, t);
}

/* The swapped record is the native one, every byte. */
static void check_bytes(struct __test_metadata *_metadata, const struct twin *t,
			const struct perf_event_header *hdr, const char *what)
{
	size_t i;

	ASSERT_NE(NULL, hdr) TH_LOG("%s: not read", what);
	for (i = 0; i < t->len && ((const unsigned char *)hdr)[i] == t->native[i]; i++)
		;
	EXPECT_EQ(t->len, i) TH_LOG("%s: byte %zu is %#x, written %#x", what, i,
				    ((const unsigned char *)hdr)[i], t->native[i]);
}

static struct perf_file file;

/* The record decoded, after the swap, with the ids its samples need. */
static enum sample_status decode_as(const struct perf_event_header *hdr, uint64_t st,
				    unsigned int long_size, struct sct_event *ev)
{
	struct sample_ids ids = ids_of(st, long_size);

	memset(ev, 0, sizeof(*ev));
	return sample_parse(&ids, hdr, ev);
}

static enum sample_status decode(const struct perf_event_header *hdr, uint64_t st,
				 struct sct_event *ev)
{
	return decode_as(hdr, st, 8, ev);
}

static void check_sent(struct __test_metadata *_metadata, const struct sct_event *ev)
{
	EXPECT_EQ(sent.pid, ev->pid);
	EXPECT_EQ(sent.tid, ev->tid);
	EXPECT_EQ(sent.time, ev->time);
	EXPECT_EQ(sent.cpu, ev->cpu);
}

static const uint64_t sample_types[] = {
	SCT_SAMPLE_TYPE, SCT_SAMPLE_TYPE_FAULTS, FULL_SAMPLE_TYPE,
};

TEST(sys_enter_and_sys_exit_samples)
{
	uint64_t enter[7], exit[2];
	struct sct_event ev;
	struct twin t;
	size_t i, k;

	enter[0] = 0x00000000fffffffeull;	/* a 32-bit id, sign-extended on read */
	for (k = 1; k < 7; k++)
		enter[k] = distinct(8 + k);
	exit[0] = 0x0000000000000101ull;
	exit[1] = distinct(15);
	for (i = 0; i < ARRAY_SIZE(sample_types); i++) {
		uint64_t st = sample_types[i];

		begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
		put_sample_head(&t, st, distinct(0), &sent);
		put_raw(&t, ENTER_ID, &sent, enter, 7);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "sys_enter");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_ENTER, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(-2, ev.nr);
		for (k = 0; k < 6; k++)
			EXPECT_EQ(enter[k + 1], ev.args[k]);

		begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
		put_sample_head(&t, st, distinct(0), &sent);
		put_raw(&t, EXIT_ID, &sent, exit, 2);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "sys_exit");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_EXIT, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(0x101, ev.nr);
		EXPECT_EQ((long)exit[1], ev.ret);
	}
}

/* A 32-bit kernel's: each long 4 bytes, arguments zero-extended, results sign-extended. */
TEST(samples_of_a_kernel_with_4_byte_longs)
{
	const uint64_t enter[7] = { 0xfc, 0x01020304, 0x11121314, 0x21222324,
				    0x31323334, 0x41424344, 0xf1f2f3f4 };
	const uint64_t exit[2] = { 0xfc, 0xfffffff7 };
	struct sct_event ev;
	struct twin t;
	size_t k;

	begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
	put_sample_head(&t, FULL_SAMPLE_TYPE, distinct(0), &sent);
	put_raw_longs(&t, ENTER_ID, &sent, enter, 7, 4);
	end(&t);
	check_bytes(_metadata, &t, swapped_as(&file, FULL_SAMPLE_TYPE, 4, &t), "sys_enter");
	ASSERT_EQ(SAMPLE_OK, decode_as(swapped_as(&file, FULL_SAMPLE_TYPE, 4, &t),
				       FULL_SAMPLE_TYPE, 4, &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	check_sent(_metadata, &ev);
	EXPECT_EQ(0xfc, ev.nr);
	for (k = 0; k < 6; k++)
		EXPECT_EQ(enter[k + 1], ev.args[k]);

	begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
	put_sample_head(&t, FULL_SAMPLE_TYPE, distinct(0), &sent);
	put_raw_longs(&t, EXIT_ID, &sent, exit, 2, 4);
	end(&t);
	check_bytes(_metadata, &t, swapped_as(&file, FULL_SAMPLE_TYPE, 4, &t), "sys_exit");
	ASSERT_EQ(SAMPLE_OK, decode_as(swapped_as(&file, FULL_SAMPLE_TYPE, 4, &t),
				       FULL_SAMPLE_TYPE, 4, &ev));
	EXPECT_EQ(EV_EXIT, ev.kind);
	EXPECT_EQ(-9, ev.ret);
}

/*
 * Another tracepoint's entry: its common fields are swapped, the rest
 * is left to libtraceevent, which reads it in the file's byte order.
 */
TEST(other_tracepoint_samples)
{
	static const unsigned char opaque[20] = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
	};
	struct sct_event ev;
	struct twin t;
	size_t i, at;

	for (i = 0; i < ARRAY_SIZE(sample_types); i++) {
		uint64_t st = sample_types[i];

		begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
		put_sample_head(&t, st, distinct(0), &sent);
		put(&t, 8 + sizeof(opaque), 4);
		put(&t, OTHER_ID, 2);
		put_alike(&t, 0x11, 2);
		put(&t, sent.pid, 4);
		at = t.len;
		put_bytes(&t, opaque, sizeof(opaque));
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "tracepoint");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_TRACEPOINT, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(OTHER_ID, ev.tp.type);
		EXPECT_EQ(8 + sizeof(opaque), ev.tp.size);
		EXPECT_EQ(0, memcmp(ev.tp.data, t.native + at - 8, ev.tp.size));
		event_release(&ev);
	}
}

/* A page fault's sample: its event's id, ip and address; a 4-byte empty raw. */
TEST(page_fault_samples)
{
	static const uint64_t st = FULL_SAMPLE_TYPE;
	struct sct_event ev;
	struct twin t;

	begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
	put_sample_head(&t, st, FAULT_ID, &sent);
	put(&t, 4, 4);
	put_alike(&t, 0, 4);
	end(&t);
	check_bytes(_metadata, &t, swapped(&file, st, &t), "fault");
	ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
	EXPECT_EQ(EV_FAULT, ev.kind);
	check_sent(_metadata, &ev);
	EXPECT_EQ(distinct(1), ev.fault.ip);
	EXPECT_EQ(distinct(2), ev.fault.addr);
	EXPECT_TRUE(ev.fault.major);
}

TEST(comm_fork_exit_mmap2_and_lost_records)
{
	static const char comm[16] = "worker/3";
	static const char path[24] = "/usr/lib/libc.so.6";
	struct sct_event ev;
	struct twin t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sample_types); i++) {
		uint64_t st = sample_types[i];

		begin(&t, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
		put(&t, sent.pid, 4);
		put(&t, sent.tid, 4);
		put_bytes(&t, comm, sizeof(comm));
		put_trailer(&t, st, &sent);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "comm");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_COMM, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_STREQ(comm, ev.task.comm);
		EXPECT_TRUE(ev.task.exec);

		begin(&t, PERF_RECORD_FORK, 0);
		put(&t, sent.pid, 4);
		put(&t, 0x31323334, 4);		/* ppid */
		put(&t, sent.tid, 4);
		put(&t, 0x41424344, 4);		/* ptid */
		put(&t, distinct(9), 8);
		put_trailer(&t, st, &sent);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "fork");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_FORK, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(0x31323334, ev.task.ppid);
		EXPECT_EQ(0x41424344, ev.task.ptid);

		/* Swapped alike, though the replay has no use for it yet. */
		begin(&t, PERF_RECORD_EXIT, 0);
		put(&t, sent.pid, 4);
		put(&t, 0x31323334, 4);
		put(&t, sent.tid, 4);
		put(&t, 0x41424344, 4);
		put(&t, distinct(9), 8);
		put_trailer(&t, st, &sent);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "exit");

		begin(&t, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
		put(&t, sent.pid, 4);
		put(&t, sent.tid, 4);
		put(&t, distinct(10), 8);	/* addr */
		put(&t, distinct(11), 8);	/* len */
		put(&t, distinct(12), 8);	/* pgoff */
		put_alike(&t, 0x44, 32);	/* maj, min, ino, generation, prot, flags: unread */
		put_bytes(&t, path, sizeof(path));
		put_trailer(&t, st, &sent);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "mmap2");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_MMAP, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(distinct(10), ev.map.start);
		EXPECT_EQ(distinct(11), ev.map.len);
		EXPECT_EQ(distinct(12), ev.map.pgoff);
		EXPECT_STREQ(path, ev.map.path);
		event_release(&ev);

		begin(&t, PERF_RECORD_LOST, 0);
		put(&t, distinct(13), 8);	/* id */
		put(&t, distinct(14), 8);	/* lost */
		put_trailer(&t, st, &sent);
		end(&t);
		check_bytes(_metadata, &t, swapped(&file, st, &t), "lost");
		ASSERT_EQ(SAMPLE_OK, decode(swapped(&file, st, &t), st, &ev));
		EXPECT_EQ(EV_LOST, ev.kind);
		check_sent(_metadata, &ev);
		EXPECT_EQ(distinct(14), ev.lost.count);
	}
}

/*
 * perf's own header records of a pipe: an attr's type, size, config,
 * period, sample type and read format; the tracing data's size; a
 * feature's id and its string's length. The ids after an attr are
 * swapped by pipe_attr itself; the rest of an attr is not read.
 */
TEST(header_records)
{
	static const char arch[8] = "s390x";
	struct twin t;

	begin(&t, PERF_RECORD_HEADER_ATTR, 0);
	put(&t, PERF_TYPE_TRACEPOINT, 4);
	put(&t, PERF_ATTR_SIZE_VER0, 4);
	put(&t, distinct(1), 8);
	put(&t, distinct(2), 8);
	put(&t, FULL_SAMPLE_TYPE, 8);
	put(&t, distinct(3), 8);
	put_alike(&t, 0x55, PERF_ATTR_SIZE_VER0 - 40);
	end(&t);
	check_bytes(_metadata, &t, swapped(&file, SCT_SAMPLE_TYPE, &t), "attr");

	begin(&t, PERF_RECORD_HEADER_TRACING_DATA, 0);
	put(&t, 0x01020304, 4);
	put_alike(&t, 0, 4);
	end(&t);
	check_bytes(_metadata, &t, swapped(&file, SCT_SAMPLE_TYPE, &t), "tracing data");

	begin(&t, PERF_RECORD_HEADER_FEATURE, 0);
	put(&t, distinct(4), 8);
	put(&t, 0x01020304, 4);
	put_bytes(&t, arch, sizeof(arch));
	put_alike(&t, 0, 4);
	end(&t);
	check_bytes(_metadata, &t, swapped(&file, SCT_SAMPLE_TYPE, &t), "feature");
}

/*
 * --call-graph fp: a callchain between the fixed fields and the raw data,
 * each entry swapped; the enter keeps its user addresses, not the marker.
 */
TEST(a_callchain_before_the_raw_data)
{
	const uint64_t st = SCT_SAMPLE_TYPE | PERF_SAMPLE_IDENTIFIER | SCT_SAMPLE_CHAIN;
	uint64_t enter[7] = { 110, 1, 2, 3, 4, 5, 6 };
	struct sample_ids ids = ids_of(st, 8);
	struct sct_event ev = { 0 };
	struct twin t;

	begin(&t, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
	put_sample_head(&t, st, distinct(0), &sent);
	put(&t, 3, 8);
	put(&t, (uint64_t)PERF_CONTEXT_USER, 8);
	put(&t, distinct(8), 8);
	put(&t, distinct(9), 8);
	put_raw(&t, ENTER_ID, &sent, enter, 7);
	end(&t);
	check_bytes(_metadata, &t, swapped(&file, st, &t), "sys_enter with a callchain");
	ids.callchains = true;
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, swapped(&file, st, &t), &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	check_sent(_metadata, &ev);
	EXPECT_EQ(110, ev.nr);
	EXPECT_EQ(6, ev.args[5]);
	ASSERT_NE(NULL, ev.callchain);
	ASSERT_EQ(2, ev.callchain->nr);
	EXPECT_EQ(distinct(8), ev.callchain->ips[0]);
	EXPECT_EQ(distinct(9), ev.callchain->ips[1]);
	event_release(&ev);
}

TEST_HARNESS_MAIN
