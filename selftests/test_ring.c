// SPDX-License-Identifier: GPL-2.0
/* Ring reading and record parsing on synthetic records, across wrap-around. */
#include "kselftest_harness.h"

#include "sample.h"
#include "ring.h"

#define DATA_SIZE 256
#define ENTER_ID 443
#define EXIT_ID 442

struct fake_ring {
	struct perf_event_mmap_page meta;
	unsigned char data[DATA_SIZE];
	struct ring ring;
	uint64_t write_pos;
};

static void put(struct fake_ring *f, const void *src, size_t len)
{
	const unsigned char *p = src;
	size_t i;

	for (i = 0; i < len; i++)
		f->data[(f->write_pos + i) & (DATA_SIZE - 1)] = p[i];
	f->write_pos += len;
}

/* A sample as the kernel lays it out for SCT_SAMPLE_TYPE. */
static void put_sample(struct fake_ring *f, uint16_t type, long nr,
		       const unsigned long *payload, size_t nr_payload, int32_t tid)
{
	unsigned char raw[8 + 8 + 6 * 8 + 4] = { 0 };
	size_t entry = 16 + nr_payload * 8;
	/* The kernel pads size + data to 8 bytes. */
	uint32_t raw_size = ((entry + 4 + 7) & ~7ul) - 4;
	struct perf_event_header hdr = {
		.type = PERF_RECORD_SAMPLE,
		.size = sizeof(hdr) + 8 + 8 + 8 + 4 + raw_size,
	};
	uint32_t ids[2] = { 1000, tid };
	uint64_t time = 5000 + tid;
	uint32_t cpu[2] = { 1, 0 };

	memcpy(raw, &type, sizeof(type));
	memcpy(raw + 4, &ids[0], 4);
	memcpy(raw + 8, &nr, sizeof(nr));
	memcpy(raw + 16, payload, nr_payload * 8);
	put(f, &hdr, sizeof(hdr));
	put(f, ids, sizeof(ids));
	put(f, &time, sizeof(time));
	put(f, cpu, sizeof(cpu));
	put(f, &raw_size, sizeof(raw_size));
	put(f, raw, raw_size);
}

static void put_lost(struct fake_ring *f, uint64_t lost)
{
	struct perf_event_header hdr = {
		.type = PERF_RECORD_LOST,
		.size = sizeof(hdr) + 16 + 8 + 8 + 8,
	};
	uint64_t id = 7, time = 9000;
	uint32_t ids[2] = { 1, 1 }, cpu[2] = { 1, 0 };

	put(f, &hdr, sizeof(hdr));
	put(f, &id, 8);
	put(f, &lost, 8);
	put(f, ids, 8);
	put(f, &time, 8);
	put(f, cpu, 8);
}

/* Positions start just before the end so the records wrap. */
static void start_at(struct fake_ring *f, uint64_t pos)
{
	memset(f, 0, sizeof(*f));
	f->write_pos = pos;
	f->meta.data_tail = pos;
	ring_init(&f->ring, &f->meta, f->data, DATA_SIZE);
}

static void publish(struct fake_ring *f)
{
	f->meta.data_head = f->write_pos;
	ring_begin(&f->ring);
}

static const struct sample_ids ids = {
	.enter = ENTER_ID, .exit = EXIT_ID, .sample_type = SCT_SAMPLE_TYPE,
};

TEST(records_across_the_end)
{
	static struct fake_ring f;
	const unsigned long args[6] = { 3, 0x7ffd0000, 832, 0, 0, 0xdeadbeef };
	const unsigned long ret = (unsigned long)-11;
	const struct perf_event_header *h;
	struct sct_event ev;

	start_at(&f, 3 * DATA_SIZE + 200);
	put_sample(&f, ENTER_ID, 0, args, 6, 41);	/* 104 bytes: wraps */
	put_sample(&f, EXIT_ID, 0, &ret, 1, 41);
	put_lost(&f, 12);
	publish(&f);

	h = ring_next(&f.ring);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
	EXPECT_EQ(EV_ENTER, ev.kind);
	EXPECT_EQ(41, ev.tid);
	EXPECT_EQ(1000, ev.pid);
	EXPECT_EQ(5041, ev.time);
	EXPECT_EQ(1, ev.cpu);
	EXPECT_EQ(0, ev.nr);
	EXPECT_EQ(0, memcmp(args, ev.args, sizeof(args)));

	h = ring_next(&f.ring);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
	EXPECT_EQ(EV_EXIT, ev.kind);
	EXPECT_EQ(-11, ev.ret);

	h = ring_next(&f.ring);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
	EXPECT_EQ(EV_LOST, ev.kind);
	EXPECT_EQ(12, ev.lost.count);
	EXPECT_EQ(9000, ev.time);

	EXPECT_EQ(NULL, ring_next(&f.ring));
	ring_end(&f.ring);
	EXPECT_EQ(f.write_pos, f.meta.data_tail);
	EXPECT_FALSE(f.ring.corrupt);
}

TEST(header_split_by_the_end)
{
	static struct fake_ring f;
	const unsigned long ret = 7;
	struct sct_event ev;
	const struct perf_event_header *h;

	start_at(&f, DATA_SIZE - 4);
	put_sample(&f, EXIT_ID, 39, &ret, 1, 5);
	publish(&f);
	h = ring_next(&f.ring);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
	EXPECT_EQ(EV_EXIT, ev.kind);
	EXPECT_EQ(39, ev.nr);
	EXPECT_EQ(7, ev.ret);
}

/* s390x writes "no syscall" as a 32-bit -1 into the 64-bit id. */
TEST(id_is_a_sign_extended_int)
{
	static struct fake_ring f;
	const unsigned long ret = 0;
	struct sct_event ev;

	start_at(&f, 0);
	put_sample(&f, EXIT_ID, 0xffffffffl, &ret, 1, 5);
	put_sample(&f, EXIT_ID, -1, &ret, 1, 5);
	publish(&f);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, ring_next(&f.ring), &ev));
	EXPECT_EQ(-1, ev.nr);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, ring_next(&f.ring), &ev));
	EXPECT_EQ(-1, ev.nr);
}

/*
 * --lossless's watcher moves what the ring holds to memory (across the
 * end here): the kernel sees an empty ring, the reader still gets every
 * record, the spilled ones first, then those written after.
 */
TEST(spilled_records_come_first_then_the_rings)
{
	static struct fake_ring f;
	const unsigned long ret = 0;
	const struct perf_event_header *h;
	struct sct_event ev;
	int32_t tid;

	start_at(&f, DATA_SIZE - 24);
	put_sample(&f, EXIT_ID, 1, &ret, 1, 1);
	put_sample(&f, EXIT_ID, 1, &ret, 1, 2);
	f.meta.data_head = f.write_pos;
	ASSERT_TRUE(ring_spill(&f.ring));
	EXPECT_EQ(f.meta.data_head, f.meta.data_tail);
	EXPECT_EQ(f.write_pos - (DATA_SIZE - 24), ring_spilled(&f.ring));
	EXPECT_EQ(0, ring_fill_released(&f.ring));
	/* Written over the spilled bytes' place in the ring. */
	put_sample(&f, EXIT_ID, 1, &ret, 1, 3);
	publish(&f);
	for (tid = 1; tid <= 3; tid++) {
		h = ring_next(&f.ring);
		ASSERT_NE(NULL, h);
		ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
		EXPECT_EQ(tid, ev.tid);
	}
	EXPECT_EQ(NULL, ring_next(&f.ring));
	ring_end(&f.ring);
	EXPECT_EQ(0, ring_spilled(&f.ring));
	EXPECT_EQ(f.write_pos, f.meta.data_tail);
	ring_free_spill(&f.ring);
}

TEST(partial_record_waits)
{
	static struct fake_ring f;
	const unsigned long ret = 0;

	start_at(&f, 0);
	put_sample(&f, EXIT_ID, 1, &ret, 1, 5);
	/* The producer has published only part of the record. */
	f.meta.data_head = 6;
	ring_begin(&f.ring);
	EXPECT_EQ(NULL, ring_next(&f.ring));
	EXPECT_FALSE(f.ring.corrupt);
}

TEST(nonsense_size_stops_reading)
{
	static struct fake_ring f;
	struct perf_event_header bad = { .type = PERF_RECORD_SAMPLE, .size = 4 };

	start_at(&f, 0);
	put(&f, &bad, sizeof(bad));
	publish(&f);
	EXPECT_EQ(NULL, ring_next(&f.ring));
	EXPECT_TRUE(f.ring.corrupt);
}

TEST(short_and_foreign_records)
{
	struct {
		struct perf_event_header h;
		uint32_t body[4];
	} rec = { .h = { .type = PERF_RECORD_SAMPLE, .size = sizeof(rec) } };
	struct perf_event_header mmap = { .type = PERF_RECORD_MMAP, .size = 8 };
	struct perf_event_header comm = { .type = PERF_RECORD_COMM, .size = 8 };
	struct sct_event ev;

	EXPECT_EQ(SAMPLE_MALFORMED, sample_parse(&ids, &rec.h, &ev));
	EXPECT_EQ(SAMPLE_SKIP, sample_parse(&ids, &mmap, &ev));
	/* A comm record is read now (--comm): without its body it is broken. */
	EXPECT_EQ(SAMPLE_MALFORMED, sample_parse(&ids, &comm, &ev));
}

/* PERF_RECORD_COMM and _FORK, each with the sample_id_all trailer. */
TEST(comm_and_fork_records)
{
	struct {
		struct perf_event_header h;
		uint32_t pid, tid;
		char comm[16];
		uint32_t trailer_ids[2];
		uint64_t time;
		uint32_t cpu[2];
	} comm = { { PERF_RECORD_COMM, 0, sizeof(comm) }, 7, 8, "worker-name",
		   { 7, 8 }, 99, { 1, 0 } };
	struct {
		struct perf_event_header h;
		uint32_t pid, ppid, tid, ptid;
		uint64_t fork_time;
		uint32_t trailer_ids[2];
		uint64_t time;
		uint32_t cpu[2];
	} fork = { { PERF_RECORD_FORK, 0, sizeof(fork) }, 7, 7, 9, 8, 100,
		   { 7, 8 }, 100, { 2, 0 } };
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, &comm.h, &ev));
	EXPECT_EQ(EV_COMM, ev.kind);
	EXPECT_EQ(8, ev.tid);
	EXPECT_EQ(99, ev.time);
	EXPECT_STREQ("worker-name", ev.task.comm);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, &fork.h, &ev));
	EXPECT_EQ(EV_FORK, ev.kind);
	EXPECT_EQ(9, ev.tid);
	EXPECT_EQ(8, ev.task.ptid);
	EXPECT_EQ(2, ev.cpu);
}

/* With -F, samples start with their event's id: a fault's id says which. */
/* A sample of SCT_SAMPLE_TYPE_FAULTS, with the empty raw data of a fault's. */
struct fault_sample {
	struct perf_event_header h;
	uint64_t id, ip;
	uint32_t pid, tid;
	uint64_t time, addr;
	uint32_t cpu[2];
	uint32_t raw_size, raw;
};

static const struct fault_sample fault_sample = {
	{ PERF_RECORD_SAMPLE, 0, sizeof(fault_sample) }, 41, 0x401000, 5, 6, 77,
	0x7ffd0000, { 3, 0 }, 4, 0,
};

TEST(fault_sample_by_its_id)
{
	static const struct event_id faults[] = { { 40, EVENT_ID_FAULT_MINOR }, { 41, EVENT_ID_FAULT_MAJOR } };
	const struct sample_ids fids = {
		.enter = ENTER_ID, .exit = EXIT_ID,
		.sample_type = SCT_SAMPLE_TYPE_FAULTS, .event_ids = faults, .nr_event_ids = 2,
	};
	struct fault_sample s = fault_sample;
	struct sct_event ev;

	ASSERT_EQ(SAMPLE_OK, sample_parse(&fids, &s.h, &ev));
	EXPECT_EQ(EV_FAULT, ev.kind);
	EXPECT_TRUE(ev.fault.major);
	EXPECT_EQ(0x7ffd0000, ev.fault.addr);
	EXPECT_EQ(0x401000, ev.fault.ip);
	EXPECT_EQ(6, ev.tid);
	EXPECT_EQ(3, ev.cpu);
	/* An id no fault event has: a tracepoint's, judged by its entry. */
	s.id = 12;
	EXPECT_EQ(SAMPLE_MALFORMED, sample_parse(&fids, &s.h, &ev));
}

/*
 * The fault ids as events.c and the replay build them, out of order:
 * sorted once, each one found by the parser's search.
 */
/* A LOST record's id is the event whose write reported it: its ring's kind. */
TEST(lost_records_say_which_ring_they_count)
{
	static const struct event_id task_ring[] = { { 7, EVENT_ID_TASK_RING } };
	static const struct event_id fault[] = { { 7, EVENT_ID_FAULT_MAJOR } };
	struct sample_ids listed = ids;
	const struct perf_event_header *h;
	static struct fake_ring f;
	struct sct_event ev;

	start_at(&f, 0);
	put_lost(&f, 3);
	publish(&f);
	h = ring_next(&f.ring);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(SAMPLE_OK, sample_parse(&ids, h, &ev));
	EXPECT_EQ(EV_LOST, ev.kind);
	EXPECT_EQ(3, ev.lost.count);
	EXPECT_FALSE(ev.lost.task_records);
	listed.event_ids = task_ring;
	listed.nr_event_ids = 1;
	ASSERT_EQ(SAMPLE_OK, sample_parse(&listed, h, &ev));
	EXPECT_EQ(3, ev.lost.count);
	EXPECT_TRUE(ev.lost.task_records);
	listed.event_ids = fault;
	ASSERT_EQ(SAMPLE_OK, sample_parse(&listed, h, &ev));
	EXPECT_FALSE(ev.lost.task_records);
	ring_end(&f.ring);
}

TEST(event_ids_added_in_any_order_are_found)
{
	static const uint64_t ids[] = { 907, 12, 400, 3, 55 };
	struct sample_ids fids = {
		.enter = ENTER_ID, .exit = EXIT_ID, .sample_type = SCT_SAMPLE_TYPE_FAULTS,
	};
	struct fault_sample s = fault_sample;
	struct event_id *table = NULL;
	struct sct_event ev;
	size_t nr = 0, i;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		ASSERT_EQ(0, event_ids_add(&table, &nr, ids[i], ids[i] % 2 ?
					    EVENT_ID_FAULT_MAJOR : EVENT_ID_FAULT_MINOR));
	event_ids_sort(table, nr);
	fids.event_ids = table;
	fids.nr_event_ids = nr;
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		s.id = ids[i];
		ASSERT_EQ(SAMPLE_OK, sample_parse(&fids, &s.h, &ev)) TH_LOG("id %lu", (unsigned long)ids[i]);
		EXPECT_EQ(EV_FAULT, ev.kind);
		EXPECT_EQ(ids[i] % 2, ev.fault.major);
	}
	free(table);
}

TEST(other_tracepoint_is_skipped)
{
	static struct fake_ring f;
	const unsigned long ret = 0;
	struct sct_event ev;

	start_at(&f, 0);
	put_sample(&f, 999, 1, &ret, 1, 5);
	publish(&f);
	EXPECT_EQ(SAMPLE_SKIP, sample_parse(&ids, ring_next(&f.ring), &ev));
}

/*
 * --event syscalls:sys_enter_getppid: a 12-byte entry, shown as any other
 * tracepoint's (it was once judged by sys_exit's size, and dropped).
 */
TEST(small_entry_of_another_tracepoint_is_kept)
{
	const struct sample_ids keep = {
		.enter = ENTER_ID, .exit = EXIT_ID, .sample_type = SCT_SAMPLE_TYPE,
		.other_tracepoints = true,
	};
	struct {
		struct perf_event_header h;
		uint32_t pid, tid;
		uint64_t time;
		uint32_t cpu[2];
		uint32_t raw_size;
		unsigned char entry[12];
	} s = { { PERF_RECORD_SAMPLE, 0, sizeof(s) }, 5, 6, 77, { 1, 0 }, 12, { 0 } };
	const uint16_t type = 305;
	const int32_t nr = 110;
	struct sct_event ev;

	memcpy(s.entry, &type, sizeof(type));
	memcpy(s.entry + 8, &nr, sizeof(nr));
	ASSERT_EQ(SAMPLE_OK, sample_parse(&keep, &s.h, &ev));
	EXPECT_EQ(EV_TRACEPOINT, ev.kind);
	EXPECT_EQ(305, ev.tp.type);
	ASSERT_EQ(12, ev.tp.size);
	EXPECT_EQ(0, memcmp(s.entry, ev.tp.data, 12));
	event_release(&ev);
	/* Less than the common fields is broken. */
	s.raw_size = 6;
	EXPECT_EQ(SAMPLE_MALFORMED, sample_parse(&keep, &s.h, &ev));
}

/* syscalls:sys_enter_NAME of a call without arguments: a 12-byte entry. */
TEST(small_entry_of_any_tracepoint)
{
	static struct fake_ring f;
	struct perf_event_header hdr = { .type = PERF_RECORD_SAMPLE,
					 .size = sizeof(hdr) + 24 + 4 + 12 };
	uint32_t ids[2] = { 100, 101 }, cpu[2] = { 0, 0 }, raw_size = 12;
	unsigned char entry[12] = { 0 };
	uint64_t time = 77;
	int32_t nr = 15;
	struct sct_event ev;
	const unsigned char *raw;
	uint32_t size = 0;

	memcpy(entry + 8, &nr, sizeof(nr));
	start_at(&f, DATA_SIZE - 16);
	put(&f, &hdr, sizeof(hdr));
	put(&f, ids, 8);
	put(&f, &time, 8);
	put(&f, cpu, 8);
	put(&f, &raw_size, 4);
	put(&f, entry, sizeof(entry));
	publish(&f);
	raw = sample_raw(ring_next(&f.ring), &ev, &size);
	ASSERT_NE(NULL, raw);
	EXPECT_EQ(12, size);
	EXPECT_EQ(101, ev.tid);
	EXPECT_EQ(77, ev.time);
	EXPECT_EQ(0, memcmp(raw + 8, &nr, sizeof(nr)));
}

TEST_HARNESS_MAIN
