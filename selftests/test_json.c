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

TEST_HARNESS_MAIN
