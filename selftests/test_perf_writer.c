// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data writer: a file written from a tracefs of our own, read
 * back section by section by this test's own walk of the layout
 * (perf.data-file-format.txt), by sctrace's reader, and by perf itself
 * (perf report --header-only) where perf is installed. Each feature bit
 * the writer sets must have its section, holding what it claims.
 */
#include "kselftest_harness.h"

#include <ftw.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>

#include "perf_reader.h"
#include "perf_writer.h"
#include "sample.h"
#include "tp_formats.h"

static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";

static const char header_event[] =
	"# compressed entry header\n\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n\tarray       :   32 bits\n\n"
	"\tpadding     : type == 29\n\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n\tdata max type_len  == 28\n";

static const char sys_enter_format[] =
	"name: sys_enter\nID: 441\n" COMMON_FIELDS
	"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n\n"
	"print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, REC->args[0], "
	"REC->args[1], REC->args[2], REC->args[3], REC->args[4], REC->args[5]\n";

static const char sys_exit_format[] =
	"name: sys_exit\nID: 442\n" COMMON_FIELDS
	"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n\n"
	"print fmt: \"NR %ld = %ld\", REC->id, REC->ret\n";

/* The features the writer claims, in bit order. */
static const int claimed[] = {
	FEAT_TRACING_DATA, FEAT_HOSTNAME, FEAT_OSRELEASE, FEAT_VERSION, FEAT_ARCH,
	FEAT_NRCPUS, FEAT_CPUDESC, FEAT_CPUID, FEAT_TOTAL_MEM, FEAT_CMDLINE,
	FEAT_EVENT_DESC, FEAT_CLOCKID, FEAT_CLOCK_DATA,
};

/* The command line the header carries. */
static char *const cmdline[] = { "sctrace", "record", "--", "true" };

FIXTURE(pw) {
	char dir[32];
	char data[64];
	unsigned char *file;
	size_t len;
	struct td_blob td;
};

static void put_file(struct __test_metadata *_metadata, const char *dir,
		     const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f) TH_LOG("%s", path);
	fputs(text, f);
	fclose(f);
}

static void make_dirs(struct __test_metadata *_metadata, const char *dir)
{
	static const char *const rels[] = {
		"events", "events/raw_syscalls", "events/raw_syscalls/sys_enter",
		"events/raw_syscalls/sys_exit",
	};
	char path[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rels); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, rels[i]);
		ASSERT_EQ(0, mkdir(path, 0700));
	}
}

/* A comm record of one task, as the kernel writes it (no sample_id_all). */
static void write_records(struct perf_writer *w)
{
	struct {
		struct perf_event_header hdr;
		uint32_t pid, tid;
		char comm[16];
	} comm = { { PERF_RECORD_COMM, 0, sizeof(comm) }, 7, 7, "w" };

	perf_writer_record(w, &comm.hdr);
}

static void write_file(struct __test_metadata *_metadata, FIXTURE_DATA(pw) *self)
{
	static const struct td_event events[] = {
		{ "raw_syscalls", "sys_enter" }, { "raw_syscalls", "sys_exit" },
	};
	uint64_t ids[2] = { 101, 102 };
	struct pw_attr attr = { .ids = ids, .nr_ids = 2, .name = "raw_syscalls:sys_enter" };
	const struct pw_header hdr = {
		.attrs = &attr, .nr_attrs = 1, .tracing = &self->td,
		.argv = cmdline, .argc = ARRAY_SIZE(cmdline),
	};
	struct tracefs tfs;
	struct perf_writer w;
	char why[256];
	struct stat st;
	FILE *f;

	snprintf(tfs.root, sizeof(tfs.root), "%s", self->dir);
	make_dirs(_metadata, self->dir);
	put_file(_metadata, self->dir, "events/header_page", header_page);
	put_file(_metadata, self->dir, "events/header_event", header_event);
	put_file(_metadata, self->dir, "events/raw_syscalls/sys_enter/format", sys_enter_format);
	put_file(_metadata, self->dir, "events/raw_syscalls/sys_exit/format", sys_exit_format);
	ASSERT_EQ(0, tracing_data_build(&self->td, &tfs, events, 2, false));
	attr.attr.type = PERF_TYPE_TRACEPOINT;
	attr.attr.size = sizeof(attr.attr);
	attr.attr.config = 441;
	attr.attr.sample_type = SCT_SAMPLE_TYPE | PERF_SAMPLE_IDENTIFIER;
	attr.attr.sample_id_all = 1;
	ASSERT_EQ(0, perf_writer_open(&w, self->data, NULL, 0, why, sizeof(why))) TH_LOG("%s", why);
	write_records(&w);
	ASSERT_EQ(0, perf_writer_finish(&w, &hdr));
	perf_writer_close(&w);
	ASSERT_EQ(0, stat(self->data, &st));
	self->len = st.st_size;
	self->file = malloc(self->len);
	ASSERT_NE(NULL, self->file);
	f = fopen(self->data, "r");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(1, fread(self->file, self->len, 1, f));
	fclose(f);
}

FIXTURE_SETUP(pw)
{
	snprintf(self->dir, sizeof(self->dir), "/tmp/sct-pw-XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	snprintf(self->data, sizeof(self->data), "%s/rec.data", self->dir);
	write_file(_metadata, self);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

FIXTURE_TEARDOWN(pw)
{
	free(self->file);
	td_blob_free(&self->td);
	nftw(self->dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* A string feature: a u32 length (NUL and padding to 8 included), the string. */
static void check_string(struct __test_metadata *_metadata, const unsigned char *p,
			 uint64_t size, const char *want)
{
	uint32_t len;

	ASSERT_GE(size, 4);
	memcpy(&len, p, 4);
	EXPECT_EQ(size - 4, len);
	EXPECT_EQ(0, len % 8);
	ASSERT_GT(len, strlen(want));
	EXPECT_EQ(0, memcmp(p + 4, want, strlen(want) + 1))
		TH_LOG("the section holds %.*s, not %s", (int)len, p + 4, want);
}

/* CMDLINE: a count, then each argument as a header string. */
static void check_cmdline(struct __test_metadata *_metadata, const unsigned char *p,
			  uint64_t size)
{
	uint64_t at = 4;
	uint32_t nr, len;
	size_t i;

	ASSERT_GE(size, 4);
	memcpy(&nr, p, 4);
	ASSERT_EQ(ARRAY_SIZE(cmdline), nr);
	for (i = 0; i < nr; i++) {
		ASSERT_LE(at + 4, size);
		memcpy(&len, p + at, 4);
		ASSERT_LE(at + 4 + len, size);
		check_string(_metadata, p + at, 4 + len, cmdline[i]);
		at += 4 + len;
	}
	EXPECT_EQ(size, at);
}

/* EVENT_DESC: count, attr size, then the attr, its id count, name and ids. */
static void check_event_desc(struct __test_metadata *_metadata, const unsigned char *p,
			     uint64_t size)
{
	const char *name = "raw_syscalls:sys_enter";
	struct perf_event_attr attr;
	uint32_t nr, attr_size, nr_ids, len;
	uint64_t at = 8, ids[2];

	ASSERT_GE(size, 8 + sizeof(attr) + 8);
	memcpy(&nr, p, 4);
	memcpy(&attr_size, p + 4, 4);
	EXPECT_EQ(1, nr);
	ASSERT_EQ(sizeof(attr), attr_size);
	memcpy(&attr, p + at, sizeof(attr));
	EXPECT_EQ(441, attr.config);
	at += sizeof(attr);
	memcpy(&nr_ids, p + at, 4);
	EXPECT_EQ(2, nr_ids);
	memcpy(&len, p + at + 4, 4);
	ASSERT_EQ(at + 8 + len + 16, size);
	check_string(_metadata, p + at + 4, 4 + len, name);
	at += 8 + len;
	memcpy(ids, p + at, 16);
	EXPECT_EQ(101, ids[0]);
	EXPECT_EQ(102, ids[1]);
}

/* A u64 feature that must be positive: the memory size, the clock's resolution. */
static void check_u64(struct __test_metadata *_metadata, const unsigned char *p,
		      uint64_t size)
{
	uint64_t v;

	ASSERT_EQ(8, size);
	memcpy(&v, p, 8);
	EXPECT_GT(v, 0);
}

/* CLOCK_DATA: version 1, the events' clock, the two times read together. */
static void check_clock_data(struct __test_metadata *_metadata, const unsigned char *p,
			     uint64_t size)
{
	uint32_t head[2];
	uint64_t ns[2];

	ASSERT_EQ(24, size);
	memcpy(head, p, 8);
	memcpy(ns, p + 8, 16);
	EXPECT_EQ(1, head[0]);
	EXPECT_EQ(CLOCK_MONOTONIC, head[1]);
	EXPECT_GT(ns[0], ns[1]);
	EXPECT_GT(ns[1], 0);
}

static void check_more(struct __test_metadata *_metadata, FIXTURE_DATA(pw) *self,
		       int bit, const struct perf_file_section *sec)
{
	const unsigned char *p = self->file + sec->offset;
	uint32_t len;

	switch (bit) {
	case FEAT_VERSION:
		check_string(_metadata, p, sec->size, "sctrace " SCTRACE_VERSION);
		break;
	case FEAT_CPUDESC:
	case FEAT_CPUID:
		ASSERT_GT(sec->size, 4);
		memcpy(&len, p, 4);
		EXPECT_EQ(sec->size - 4, len);
		EXPECT_NE('\0', p[4]) TH_LOG("feature %d holds an empty string", bit);
		break;
	case FEAT_TOTAL_MEM:
	case FEAT_CLOCKID:
		check_u64(_metadata, p, sec->size);
		break;
	case FEAT_CMDLINE:
		check_cmdline(_metadata, p, sec->size);
		break;
	case FEAT_EVENT_DESC:
		check_event_desc(_metadata, p, sec->size);
		break;
	case FEAT_CLOCK_DATA:
		check_clock_data(_metadata, p, sec->size);
		break;
	default:
		EXPECT_EQ(-1, bit) TH_LOG("feature bit %d is set; the writer writes no such section", bit);
	}
}

static void check_feature(struct __test_metadata *_metadata, FIXTURE_DATA(pw) *self,
			  int bit, const struct perf_file_section *sec)
{
	struct utsname un;
	uint32_t cpus[2];

	ASSERT_EQ(0, uname(&un));
	switch (bit) {
	case FEAT_TRACING_DATA:
		ASSERT_EQ(self->td.len, sec->size);
		EXPECT_EQ(0, memcmp(self->file + sec->offset, self->td.data, sec->size));
		break;
	case FEAT_HOSTNAME:
		check_string(_metadata, self->file + sec->offset, sec->size, un.nodename);
		break;
	case FEAT_OSRELEASE:
		check_string(_metadata, self->file + sec->offset, sec->size, un.release);
		break;
	case FEAT_ARCH:
		check_string(_metadata, self->file + sec->offset, sec->size, un.machine);
		break;
	case FEAT_NRCPUS:
		/* nr_cpus_avail, then nr_cpus_online, as perf's write_nrcpus. */
		ASSERT_EQ(8, sec->size);
		memcpy(cpus, self->file + sec->offset, 8);
		EXPECT_EQ(sysconf(_SC_NPROCESSORS_CONF), cpus[0]);
		EXPECT_EQ(sysconf(_SC_NPROCESSORS_ONLN), cpus[1]);
		break;
	default:
		check_more(_metadata, self, bit, sec);
	}
}

/*
 * The header's bits are exactly the claimed features; their index
 * follows the data, in bit order; each section lies after the index,
 * inside the file, after the one before, and holds what it says.
 */
TEST_F(pw, each_feature_bit_has_its_section)
{
	struct perf_file_header h;
	struct perf_file_section sec;
	uint64_t index, prev_end;
	int bit, nr = 0;

	ASSERT_GE(self->len, sizeof(h));
	memcpy(&h, self->file, sizeof(h));
	EXPECT_EQ(PERF_MAGIC2, h.magic);
	EXPECT_EQ(sizeof(h), h.size);
	EXPECT_EQ(sizeof(h), h.data.offset);
	EXPECT_EQ(sizeof(struct perf_event_header) + 24, h.data.size);
	index = h.data.offset + h.data.size;
	prev_end = index + ARRAY_SIZE(claimed) * sizeof(sec);
	for (bit = 0; bit < PERF_FEATURE_BITS; bit++) {
		if (!(h.features[bit / 64] & (1ull << (bit % 64))))
			continue;
		ASSERT_LT(nr, ARRAY_SIZE(claimed));
		EXPECT_EQ(claimed[nr], bit);
		memcpy(&sec, self->file + index + nr * sizeof(sec), sizeof(sec));
		EXPECT_EQ(prev_end, sec.offset) TH_LOG("feature %d", bit);
		ASSERT_LE(sec.offset + sec.size, self->len) TH_LOG("feature %d", bit);
		check_feature(_metadata, self, bit, &sec);
		prev_end = sec.offset + sec.size;
		nr++;
	}
	EXPECT_EQ(ARRAY_SIZE(claimed), nr);
}

/* sctrace's reader: the attr and its ids, the formats, the arch. */
TEST_F(pw, read_back_by_the_reader)
{
	static struct perf_file f;
	struct utsname un;

	ASSERT_EQ(0, uname(&un));
	ASSERT_EQ(0, perf_file_open(&f, self->file, self->len)) TH_LOG("%s", f.error);
	EXPECT_FALSE(f.swap);
	EXPECT_STREQ(un.machine, f.arch);
	ASSERT_EQ(1, f.nr_attrs);
	EXPECT_EQ(441, f.attrs[0].config);
	ASSERT_EQ(2, f.nr_attr_ids[0]);
	EXPECT_EQ(101, f.attr_ids[0][0]);
	EXPECT_EQ(102, f.attr_ids[0][1]);
	EXPECT_EQ(441, perf_file_tp_id(&f, "raw_syscalls", "sys_enter"));
	EXPECT_EQ(442, perf_file_tp_id(&f, "raw_syscalls", "sys_exit"));
	EXPECT_EQ(sizeof(long), f.td.long_size);
	EXPECT_EQ(sysconf(_SC_PAGESIZE), f.td.page_size);
	EXPECT_EQ(sizeof(struct perf_event_header) + 24, f.data_len);
	perf_file_close(&f);
}

/* Whether perf's header listing holds this line. */
static bool perf_says(const char *listing, const char *fmt, const char *value)
{
	char line[256];

	snprintf(line, sizeof(line), fmt, value);
	return strstr(listing, line);
}

/* perf itself, an independent reader: each feature read, none missing. */
TEST_F(pw, perf_reads_each_feature)
{
	static char listing[16384];
	char cmd[128], n[2][16];
	struct utsname un;
	size_t len;
	FILE *p;

	if (system("perf version >/dev/null 2>&1"))
		SKIP(return, "perf is not installed here");
	ASSERT_EQ(0, uname(&un));
	snprintf(cmd, sizeof(cmd), "perf report --header-only -i '%s' 2>&1", self->data);
	p = popen(cmd, "r");
	ASSERT_NE(NULL, p);
	len = fread(listing, 1, sizeof(listing) - 1, p);
	listing[len] = '\0';
	EXPECT_EQ(0, pclose(p)) TH_LOG("%s", listing);
	snprintf(n[0], sizeof(n[0]), "%ld", sysconf(_SC_NPROCESSORS_ONLN));
	snprintf(n[1], sizeof(n[1]), "%ld", sysconf(_SC_NPROCESSORS_CONF));
	EXPECT_TRUE(perf_says(listing, "\n# hostname : %s\n", un.nodename)) TH_LOG("%s", listing);
	EXPECT_TRUE(perf_says(listing, "\n# os release : %s\n", un.release));
	EXPECT_TRUE(perf_says(listing, "\n# arch : %s\n", un.machine));
	EXPECT_TRUE(perf_says(listing, "\n# nrcpus online : %s\n", n[0]));
	EXPECT_TRUE(perf_says(listing, "\n# nrcpus avail : %s\n", n[1]));
	EXPECT_TRUE(perf_says(listing, "\n# perf version : %s\n", "sctrace " SCTRACE_VERSION));
	EXPECT_TRUE(perf_says(listing, "\n# cmdline : %s \n", "sctrace record -- true"));
	EXPECT_TRUE(perf_says(listing, "\n# event : name = %s, ", "raw_syscalls:sys_enter"));
	EXPECT_TRUE(perf_says(listing, "%s", "\n# cpudesc : "));
	EXPECT_TRUE(perf_says(listing, "%s", "\n# cpuid : "));
	EXPECT_TRUE(perf_says(listing, "%s", "\n# total memory : "));
	/* perf names the features the file lacks: none of the claimed ones. */
	EXPECT_TRUE(perf_says(listing, "%s", "\n# missing features: "));
	EXPECT_FALSE(perf_says(listing, "%s", " TRACING_DATA "));
	EXPECT_FALSE(perf_says(listing, "%s", " HOSTNAME "));
	EXPECT_FALSE(perf_says(listing, "%s", " OSRELEASE "));
	EXPECT_FALSE(perf_says(listing, "%s", " ARCH "));
	EXPECT_FALSE(perf_says(listing, "%s", " NRCPUS "));
	EXPECT_FALSE(perf_says(listing, "%s", " VERSION "));
	EXPECT_FALSE(perf_says(listing, "%s", " CPUDESC "));
	EXPECT_FALSE(perf_says(listing, "%s", " CPUID "));
	EXPECT_FALSE(perf_says(listing, "%s", " TOTAL_MEM "));
	EXPECT_FALSE(perf_says(listing, "%s", " CMDLINE "));
	EXPECT_FALSE(perf_says(listing, "%s", " EVENT_DESC "));
	EXPECT_FALSE(perf_says(listing, "%s", " CLOCKID "));
	EXPECT_FALSE(perf_says(listing, "%s", " CLOCK_DATA "));
}

TEST_HARNESS_MAIN
