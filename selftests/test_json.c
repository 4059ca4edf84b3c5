// SPDX-License-Identifier: GPL-2.0
/* --json objects and --sched lines, byte for byte. */
#include "kselftest_harness.h"

#include <libaudit.h>

#include "json.h"
#include "sched_events.h"

FIXTURE(out) {
	struct outbuf ob;
};

FIXTURE_SETUP(out)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 64));
}

FIXTURE_TEARDOWN(out)
{
	outbuf_free(&self->ob);
}

static const char *text(FIXTURE_DATA(out) *self)
{
	outbuf_putc(&self->ob, '\0');
	self->ob.len--;
	return self->ob.buf;
}

TEST_F(out, strings_are_escaped_into_valid_json)
{
	json_string(&self->ob, "a\"b\\c\n\xff", 7);
	EXPECT_STREQ("\"a\\\"b\\\\c\\u000a\\u00ff\"", text(self));
}

TEST_F(out, a_failed_call_with_names_errno_and_duration)
{
	struct syscall_cache cache;
	const unsigned long args[6] = { 99, 0x1000, 1 };
	struct json_head head = { "syscall", 1500, 10, 11, "w\"x" };
	struct json_call call = { .nr = 0, .args = args, .has_ret = true,
				  .ret = -9, .has_duration = true, .duration_ns = 700 };

	ASSERT_EQ(0, syscall_cache_init(&cache, NULL, MACH_86_64));
	call.desc = syscall_cache_get(&cache, 0);
	json_call(&self->ob, &head, &call);
	/* No tracefs: no format, so arg0..arg5. */
	EXPECT_STREQ("{\"type\":\"syscall\",\"time_ns\":1500,\"pid\":10,\"tid\":11,\"comm\":\"w\\\"x\","
		     "\"name\":\"read\",\"nr\":0,\"args\":{\"arg0\":99,\"arg1\":4096,\"arg2\":1,"
		     "\"arg3\":0,\"arg4\":0,\"arg5\":0},\"ret\":-9,\"errno\":\"EBADF\",\"duration_ns\":700}\n",
		     text(self));
	syscall_cache_free(&cache);
}

/* Addresses are strings, exact above 2^53; an error result stays a number. */
TEST_F(out, addresses_are_hex_strings)
{
	const struct syscall_desc mmap_desc = {
		.name = "mmap", .result = RESULT_HEX, .nr_args = 3,
		.args = { { .name = "addr", .kind = ARG_PTR },
			  { .name = "len", .kind = ARG_U64 },
			  { .name = "ctx", .kind = ARG_HEX } },
	};
	const unsigned long args[6] = { 0xffffffff8177d51aUL, 4096, 0 };
	struct json_head head = { "syscall", 1, 2, 2, NULL };
	struct json_call call = { .desc = &mmap_desc, .nr = 9, .args = args,
				  .has_ret = true, .ret = 0x7f0000001000L };

	json_call(&self->ob, &head, &call);
	EXPECT_STREQ("{\"type\":\"syscall\",\"time_ns\":1,\"pid\":2,\"tid\":2,"
		     "\"name\":\"mmap\",\"nr\":9,\"args\":{\"addr\":\"0xffffffff8177d51a\","
		     "\"len\":4096,\"ctx\":\"0x0\"},\"ret\":\"0x7f0000001000\"}\n", text(self));
	self->ob.len = 0;
	call.ret = -12;
	json_call(&self->ob, &head, &call);
	EXPECT_NE(NULL, strstr(text(self), ",\"ret\":-12,\"errno\":\"ENOMEM\"}\n"));
}

TEST_F(out, unknown_results_are_null)
{
	struct syscall_cache cache;
	struct json_head head = { "syscall", 0, 5, 5, NULL };
	struct json_call call = { .nr = 231 };

	ASSERT_EQ(0, syscall_cache_init(&cache, NULL, MACH_86_64));
	call.desc = syscall_cache_get(&cache, 231);
	json_call(&self->ob, &head, &call);
	EXPECT_STREQ("{\"type\":\"syscall\",\"time_ns\":0,\"pid\":5,\"tid\":5,"
		     "\"name\":\"exit_group\",\"nr\":231,\"args\":null,\"ret\":null}\n", text(self));
	syscall_cache_free(&cache);
}

TEST_F(out, sched_lines)
{
	struct sched_line line = { .other = 42 };

	sched_print(&self->ob, TP_FORK, &line, -1);
	outbuf_putc(&self->ob, '|');
	line.state = 0x1;
	sched_print(&self->ob, TP_SWITCH, &line, -1);
	outbuf_putc(&self->ob, '|');
	line.state = 0x2;
	sched_print(&self->ob, TP_SWITCH, &line, -1);
	outbuf_putc(&self->ob, '|');
	line.state = 0x100;
	sched_print(&self->ob, TP_SWITCH, &line, -1);
	outbuf_putc(&self->ob, '|');
	sched_print(&self->ob, TP_EXIT, &line, 7);
	outbuf_putc(&self->ob, '|');
	sched_print(&self->ob, TP_EXIT, &line, -1);
	outbuf_putc(&self->ob, '|');
	sched_print(&self->ob, TP_WAKEUP, &line, -1);
	EXPECT_STREQ("--- fork: child 42 ---|--- switch: blocked (S) ---|"
		     "--- switch: blocked (D) ---|--- switch: preempted (R+) ---|"
		     "--- exit: code 7 ---|--- exit ---|--- wakeup: by 42 ---", text(self));
}

/* A replayed file's tracepoint: its system name, its string, as the file has them. */
TEST_F(out, names_and_strings_from_a_file_cannot_break_out)
{
	static const char format[] =
		"name: x\nID: 7\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
		"\tfield:char s[8];\toffset:2;\tsize:8;\tsigned:0;\n\n"
		"print fmt: \"%s\", REC->s\n";
	const unsigned char data[10] = { 7, 0, 'a', '"', '\n', 0xc2, 0x85 };
	struct extra_tps x = { 0 };
	const struct extra_tp *tp;

	ASSERT_EQ(0, extra_tps_add_format(&x, "s\"\n", format, sizeof(format) - 1, TP_PLAIN));
	tp = extra_tps_find(&x, 7);
	ASSERT_NE(NULL, tp);
	extra_print_json(&self->ob, &x, tp, data, sizeof(data));
	EXPECT_STREQ(",\"name\":\"s\\\"\\u000a:x\",\"fields\":{"
		     "\"s\":\"a\\\"\\u000a\\u00c2\\u0085\"}", text(self));
	self->ob.len = 0;
	extra_print(&self->ob, &x, tp, data, sizeof(data));
	EXPECT_STREQ("s\"\\n:x(s: \"a\\\"\\n\\xc2\\x85\")", text(self));
	self->ob.len = 0;
	sched_print(&self->ob, TP_EXEC, &(struct sched_line){ .filename = "/t\n+++ x" }, -1);
	EXPECT_STREQ("--- exec: /t\\n+++ x ---", text(self));
	extra_tps_free(&x);
}

/* A tracepoint's pointer field: hex in the text, an address string in JSON. */
TEST_F(out, tracepoint_pointers_are_addresses)
{
	static const char format[] =
		"name: p\nID: 8\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
		"\tfield:void * ptr;\toffset:8;\tsize:8;\tsigned:0;\n"
		"\tfield:unsigned long len;\toffset:16;\tsize:8;\tsigned:0;\n\n"
		"print fmt: \"%p\", REC->ptr\n";
	const uint64_t ptr = 0xffffffff8177d51aULL, len = 18446744073709551615ULL;
	unsigned char data[24] = { 8, 0 };
	struct extra_tps x = { 0 };
	const struct extra_tp *tp;

	memcpy(data + 8, &ptr, sizeof(ptr));
	memcpy(data + 16, &len, sizeof(len));
	ASSERT_EQ(0, extra_tps_add_format(&x, "s", format, sizeof(format) - 1, TP_PLAIN));
	tp = extra_tps_find(&x, 8);
	ASSERT_NE(NULL, tp);
	extra_print_json(&self->ob, &x, tp, data, sizeof(data));
	EXPECT_STREQ(",\"name\":\"s:p\",\"fields\":{\"ptr\":\"0xffffffff8177d51a\","
		     "\"len\":18446744073709551615}", text(self));
	self->ob.len = 0;
	extra_print(&self->ob, &x, tp, data, sizeof(data));
	EXPECT_STREQ("s:p(ptr: 0xffffffff8177d51a, len: 18446744073709551615)", text(self));
	extra_tps_free(&x);
}

TEST_HARNESS_MAIN
