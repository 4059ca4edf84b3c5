// SPDX-License-Identifier: GPL-2.0
/*
 * Replays of crafted recordings, built here byte by byte: a 32-bit
 * kernel's (i686: 4-byte longs in raw_syscalls' entries), whose
 * arguments and results must come out as that kernel had them. And a
 * file too large for the memory left: out of memory's own exit status.
 */
#include "kselftest_harness.h"

#include <stdio.h>
#include <sys/resource.h>

#include "exit_codes.h"
#include "options.h"
#include "outbuf.h"
#include "perfdata.h"
#include "replay.h"
#include "sample.h"
#include "tp_formats.h"

#define ENTER_ID 17
#define EXIT_ID 18

/* The formats of an i686 kernel: longs and pointers of 4 bytes. */
static const char *const raw_formats[] = {
	"name: sys_enter\nID: 17\n" COMMON_FIELDS
	"\tfield:long id;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long args[6];\toffset:12;\tsize:24;\tsigned:0;\n\n"
	"print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, REC->args[0], "
	"REC->args[1], REC->args[2], REC->args[3], REC->args[4], REC->args[5]\n",
	"name: sys_exit\nID: 18\n" COMMON_FIELDS
	"\tfield:long id;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:long ret;\toffset:12;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"NR %ld = %ld\", REC->id, REC->ret\n",
};

static const char *const syscall_formats[] = {
	"name: sys_enter_read\nID: 600\n" COMMON_FIELDS
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned int fd;\toffset:12;\tsize:4;\tsigned:0;\n"
	"\tfield:char * buf;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:size_t count;\toffset:20;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"fd: 0x%08lx, buf: 0x%08lx, count: 0x%08lx\", "
	"((unsigned long)(REC->fd)), ((unsigned long)(REC->buf)), ((unsigned long)(REC->count))\n",
	"name: sys_enter_close\nID: 601\n" COMMON_FIELDS
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned int fd;\toffset:12;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"fd: 0x%08lx\", ((unsigned long)(REC->fd))\n",
	"name: sys_enter_exit_group\nID: 602\n" COMMON_FIELDS
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int error_code;\toffset:12;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"error_code: 0x%08lx\", ((unsigned long)(REC->error_code))\n",
};

/* i386's numbers (arch/x86/entry/syscalls/syscall_32.tbl). */
#define NR_READ 3
#define NR_CLOSE 6
#define NR_EXIT_GROUP 252

struct file {
	unsigned char buf[16384];
	size_t len;
};

static void put(struct file *f, const void *p, size_t len)
{
	memcpy(f->buf + f->len, p, len);
	f->len += len;
}

static void put_u32(struct file *f, uint32_t v)
{
	put(f, &v, 4);
}

static void put_u64(struct file *f, uint64_t v)
{
	put(f, &v, 8);
}

static void put_system(struct file *f, const char *name,
		       const char *const *formats, size_t nr)
{
	size_t i;

	put(f, name, strlen(name) + 1);
	put_u32(f, nr);
	for (i = 0; i < nr; i++) {
		put_u64(f, strlen(formats[i]));
		put(f, formats[i], strlen(formats[i]));
	}
}

/* The tracing-data feature (trace-event-info), with long_size's longs. */
static void put_tracing_data(struct file *f, unsigned char long_size)
{
	static const unsigned char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	unsigned char endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

	put(f, magic, sizeof(magic));
	put(f, "0.6", 4);
	put(f, &endian, 1);
	put(f, &long_size, 1);
	put_u32(f, 4096);
	put(f, "header_page", 12);
	put_u64(f, 0);
	put(f, "header_event", 13);
	put_u64(f, 0);
	put_u32(f, 0);		/* ftrace's own events */
	put_u32(f, 2);		/* systems */
	put_system(f, "raw_syscalls", raw_formats, ARRAY_SIZE(raw_formats));
	put_system(f, "syscalls", syscall_formats, ARRAY_SIZE(syscall_formats));
	put_u32(f, 0);		/* kallsyms */
	put_u32(f, 0);		/* printk formats */
	put_u64(f, 0);		/* cmdlines */
}

/* A raw_syscalls sample of SCT_SAMPLE_TYPE: its longs 4 bytes each. */
static void put_sample(struct file *f, uint16_t type, uint64_t time,
		       const uint32_t *longs, size_t n)
{
	size_t entry = 8 + 4 * n;
	/* The raw size and data, padded to 8 bytes, as the kernel writes them. */
	uint32_t raw_size = ((4 + entry + 7) & ~7ul) - 4;
	struct perf_event_header hdr = {
		.type = PERF_RECORD_SAMPLE,
		.size = sizeof(hdr) + 24 + 4 + raw_size,
	};
	static const unsigned char pad[8];
	uint32_t ids[2] = { 4242, 4242 }, cpu[2] = { 0, 0 };
	uint16_t flags = 0;

	put(f, &hdr, sizeof(hdr));
	put(f, ids, 8);
	put_u64(f, time);
	put(f, cpu, 8);
	put_u32(f, raw_size);
	put(f, &type, 2);
	put(f, &flags, 2);
	put_u32(f, 4242);
	put(f, longs, 4 * n);
	put(f, pad, raw_size - entry);
}

/* read(99, 0xbf800000, 1) = -EBADF, close(-1) = -EBADF, exit_group(3). */
static void put_calls(struct file *f)
{
	const uint32_t read_enter[] = { NR_READ, 99, 0xbf800000, 1, 0, 0, 0 };
	const uint32_t close_enter[] = { NR_CLOSE, 0xffffffff, 0, 0, 0, 0, 0 };
	const uint32_t exit_group_enter[] = { NR_EXIT_GROUP, 3, 0, 0, 0, 0, 0 };
	const uint32_t read_exit[] = { NR_READ, (uint32_t)-9 };
	const uint32_t close_exit[] = { NR_CLOSE, (uint32_t)-9 };

	put_sample(f, ENTER_ID, 1000, read_enter, 7);
	put_sample(f, EXIT_ID, 2000, read_exit, 2);
	put_sample(f, ENTER_ID, 3000, close_enter, 7);
	put_sample(f, EXIT_ID, 4000, close_exit, 2);
	put_sample(f, ENTER_ID, 5000, exit_group_enter, 7);
}

/*
 * A perf.data file: the header, the data, the feature index (tracing data,
 * arch) and the features, then one attr (sys_enter's) without ids.
 */
static void build(struct file *f, unsigned char long_size)
{
	struct perf_file_header h = {
		.magic = PERF_MAGIC2, .size = sizeof(h),
		.attr_size = sizeof(struct perf_file_attr),
	};
	struct perf_file_attr attr = {
		.attr = {
			.type = PERF_TYPE_TRACEPOINT, .size = sizeof(attr.attr),
			.config = ENTER_ID, .sample_type = SCT_SAMPLE_TYPE,
		},
	};
	struct perf_file_section index[2];
	static const char arch[8] = "i686";
	size_t at;

	f->len = sizeof(h);
	put_calls(f);
	h.data = (struct perf_file_section){ sizeof(h), f->len - sizeof(h) };
	h.features[0] = 1ull << FEAT_TRACING_DATA | 1ull << FEAT_ARCH;
	at = f->len;
	f->len += sizeof(index);
	index[0].offset = f->len;
	put_tracing_data(f, long_size);
	index[0].size = f->len - index[0].offset;
	index[1].offset = f->len;
	put_u32(f, sizeof(arch));
	put(f, arch, sizeof(arch));
	index[1].size = f->len - index[1].offset;
	memcpy(f->buf + at, index, sizeof(index));
	h.attrs = (struct perf_file_section){ f->len, sizeof(attr) };
	put(f, &attr, sizeof(attr));
	memcpy(f->buf, &h, sizeof(h));
}

/* The file replayed as text; its trace in text, what went wrong in error. */
static int replay(struct file *f, char *text, size_t size, char *error, size_t error_len)
{
	struct sct_options opts;
	struct trace_gaps gaps;
	struct outbuf out;
	int ret;

	memset(&opts, 0, sizeof(opts));
	if (outbuf_init(&out, -1, 4096))
		return -1;
	ret = replay_buffer(f->buf, f->len, &opts, &out, false, &gaps, error, error_len);
	snprintf(text, size, "%.*s", (int)out.len, out.buf);
	outbuf_free(&out);
	return ret;
}

/* Zero-extended arguments, sign-extended results, as the 32-bit kernel had them. */
TEST(a_recording_with_4_byte_longs_is_read_as_its_kernel_wrote_it)
{
	static struct file f;
	char text[1024], error[256] = "";

	build(&f, 4);
	ASSERT_EQ(0, replay(&f, text, sizeof(text), error, sizeof(error))) TH_LOG("%s", error);
	EXPECT_STREQ("read(fd: 99, buf: 0xbf800000, count: 1) = -1 EBADF (Bad file descriptor)\n"
		     "close(fd: -1) = -1 EBADF (Bad file descriptor)\n"
		     "exit_group(error_code: 3) = ?\n"
		     "+++ exited with 3 +++\n", text);
}

/* This process's address space, in bytes (VmSize of /proc/self/status). */
static unsigned long long address_space(void)
{
	unsigned long long kb = 0;
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %llu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb * 1024;
}

/*
 * A 1 GiB file with 256 MiB of address space left: it cannot be mapped,
 * and that is running out of memory (72), as anywhere, not a bad file (76).
 */
TEST(a_file_larger_than_the_memory_left_is_out_of_memory)
{
	char path[] = "/tmp/sct-replay-XXXXXX";
	struct sct_options opts;
	struct rlimit as;
	int fd = mkstemp(path);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ftruncate(fd, 1ll << 30));
	close(fd);
	memset(&opts, 0, sizeof(opts));
	opts.input = path;
	as.rlim_cur = as.rlim_max = address_space() + (256ull << 20);
	ASSERT_LT(256ull << 20, as.rlim_cur);
	ASSERT_EQ(0, setrlimit(RLIMIT_AS, &as));
	EXPECT_EQ(SCT_EXIT_NO_MEMORY, replay_file(&opts));
	unlink(path);
}

TEST_HARNESS_MAIN
