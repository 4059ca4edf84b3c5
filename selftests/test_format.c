// SPDX-License-Identifier: GPL-2.0
/* Argument kinds from types, and how values and results print. */
#include "kselftest_harness.h"

#include "format.h"

struct text {
	struct outbuf ob;
	char str[256];
};

/* The formatted bytes as a C string; the buffer is reset for the next. */
static const char *take(struct text *t)
{
	size_t len = t->ob.len < sizeof(t->str) - 1 ? t->ob.len : sizeof(t->str) - 1;

	memcpy(t->str, t->ob.buf, len);
	t->str[len] = '\0';
	t->ob.len = 0;
	return t->str;
}

FIXTURE(fmt) {
	struct text t;
};

FIXTURE_SETUP(fmt)
{
	ASSERT_EQ(0, outbuf_init(&self->t.ob, -1, 16));
}

FIXTURE_TEARDOWN(fmt)
{
	outbuf_free(&self->t.ob);
}

TEST(kinds_from_types)
{
	EXPECT_EQ(ARG_S32, arg_kind_from_type("int"));
	EXPECT_EQ(ARG_S32, arg_kind_from_type("pid_t"));
	EXPECT_EQ(ARG_S32, arg_kind_from_type("const clockid_t"));
	EXPECT_EQ(ARG_S32, arg_kind_from_type("const enum landlock_rule_type"));
	EXPECT_EQ(ARG_U32, arg_kind_from_type("unsigned int"));
	EXPECT_EQ(ARG_ID, arg_kind_from_type("uid_t"));
	EXPECT_EQ(ARG_ID, arg_kind_from_type("gid_t"));
	EXPECT_EQ(ARG_U32, arg_kind_from_type("const __u32"));
	EXPECT_EQ(ARG_U64, arg_kind_from_type("size_t"));
	EXPECT_EQ(ARG_U64, arg_kind_from_type("unsigned long"));
	EXPECT_EQ(ARG_S64, arg_kind_from_type("loff_t"));
	EXPECT_EQ(ARG_S64, arg_kind_from_type("long"));
	EXPECT_EQ(ARG_OCTAL, arg_kind_from_type("umode_t"));
	EXPECT_EQ(ARG_HEX, arg_kind_from_type("aio_context_t"));
	EXPECT_EQ(ARG_PTR, arg_kind_from_type("const char *"));
	EXPECT_EQ(ARG_PTR, arg_kind_from_type("struct stat *"));
	EXPECT_EQ(ARG_PTR, arg_kind_from_type("cap_user_header_t"));
	EXPECT_EQ(ARG_U64, arg_kind_from_type("some_new_type_t"));
}

TEST(kinds_from_names_override_types)
{
	EXPECT_EQ(ARG_S32, arg_kind_of("unsigned long", "fd"));
	EXPECT_EQ(ARG_PTR, arg_kind_of("unsigned long", "addr"));
	EXPECT_EQ(ARG_PTR, arg_kind_of("unsigned long", "brk"));
	EXPECT_EQ(ARG_PTR, arg_kind_of("unsigned long", "newsp"));
	EXPECT_EQ(ARG_PTR, arg_kind_of("unsigned long", "tls"));
	EXPECT_EQ(ARG_U64, arg_kind_of("unsigned long", "len"));
	EXPECT_EQ(ARG_PTR, arg_kind_of("int *", "fd"));
	EXPECT_EQ(ARG_S32, arg_kind_of("unsigned int", "newfd"));
}

/* What the kernel takes of a register: its type's bits, umode_t's 16. */
TEST(arguments_cut_to_their_types)
{
	EXPECT_EQ(32, arg_bits_of("int", "flags"));
	EXPECT_EQ(32, arg_bits_of("unsigned int", "fd"));
	EXPECT_EQ(32, arg_bits_of("const enum landlock_rule_type", "rule_type"));
	EXPECT_EQ(32, arg_bits_of("unsigned long", "fd"));
	EXPECT_EQ(16, arg_bits_of("umode_t", "mode"));
	EXPECT_EQ(0, arg_bits_of("unsigned long", "len"));
	EXPECT_EQ(0, arg_bits_of("int *", "fildes"));
	EXPECT_EQ(0, arg_bits_of("some_new_type_t", "x"));
	EXPECT_EQ(0177777, arg_cut(0xdeadbeef0001fffful, 16));
	EXPECT_EQ(04000, arg_cut(0xdeadbeef00000800ul, 32));
	EXPECT_EQ(0xdeadbeef00000800ul, arg_cut(0xdeadbeef00000800ul, 0));
}

TEST_F(fmt, values_by_kind)
{
	struct text *t = &self->t;

	format_arg(&t->ob, ARG_S32, 4294967196ul);	/* AT_FDCWD, zero-extended */
	EXPECT_STREQ("-100", take(t));
	format_arg(&t->ob, ARG_S32, 3);
	EXPECT_STREQ("3", take(t));
	format_arg(&t->ob, ARG_U32, 0xffffffffffffffff);
	EXPECT_STREQ("4294967295", take(t));
	/* An id: -1 ("no change" to setresuid) as strace writes it, the rest unsigned. */
	format_arg(&t->ob, ARG_ID, 0xffffffff);
	EXPECT_STREQ("-1", take(t));
	format_arg(&t->ob, ARG_ID, 0xfffffffe);
	EXPECT_STREQ("4294967294", take(t));
	format_arg(&t->ob, ARG_ID, 65534);
	EXPECT_STREQ("65534", take(t));
	format_arg(&t->ob, ARG_U64, 0xffffffffffffffff);
	EXPECT_STREQ("18446744073709551615", take(t));
	format_arg(&t->ob, ARG_S64, (unsigned long)-5);
	EXPECT_STREQ("-5", take(t));
	format_arg(&t->ob, ARG_S64, 0x8000000000000000ul);
	EXPECT_STREQ("-9223372036854775808", take(t));
	format_arg(&t->ob, ARG_OCTAL, 0644);
	EXPECT_STREQ("0644", take(t));
	/* strace 6.1 writes modes as %#03o: chmod(..., 004), mkdir(..., 000). */
	format_arg(&t->ob, ARG_OCTAL, 0);
	EXPECT_STREQ("000", take(t));
	format_arg(&t->ob, ARG_OCTAL, 04);
	EXPECT_STREQ("004", take(t));
	format_arg(&t->ob, ARG_OCTAL, 044);
	EXPECT_STREQ("044", take(t));
	format_arg(&t->ob, ARG_PTR, 0);
	EXPECT_STREQ("NULL", take(t));
	format_arg(&t->ob, ARG_PTR, 0x7ffc1234abcd);
	EXPECT_STREQ("0x7ffc1234abcd", take(t));
	format_arg(&t->ob, ARG_HEX, 0);
	EXPECT_STREQ("0x0", take(t));
}

TEST_F(fmt, seconds_with_microseconds)
{
	struct text *t = &self->t;

	outbuf_seconds(&t->ob, 12000345000ull);
	EXPECT_STREQ("12.000345", take(t));
	outbuf_seconds(&t->ob, 999);
	EXPECT_STREQ("0.000000", take(t));
	outbuf_seconds(&t->ob, 1999999999ull);
	EXPECT_STREQ("1.999999", take(t));
	outbuf_fraction(&t->ob, 3000, 6);
	EXPECT_STREQ("000003", take(t));
}

TEST_F(fmt, results)
{
	struct text *t = &self->t;

	format_result(&t->ob, RESULT_DEFAULT, 832);
	EXPECT_STREQ(" = 832", take(t));
	format_result(&t->ob, RESULT_DEFAULT, 0);
	EXPECT_STREQ(" = 0", take(t));
	format_result(&t->ob, RESULT_DEFAULT, -2);
	EXPECT_STREQ(" = -1 ENOENT (No such file or directory)", take(t));
	format_result(&t->ob, RESULT_DEFAULT, -11);
	EXPECT_STREQ(" = -1 EAGAIN (Resource temporarily unavailable)", take(t));
	format_result(&t->ob, RESULT_DEFAULT, -38);
	EXPECT_STREQ(" = -1 ENOSYS (Function not implemented)", take(t));
	format_result(&t->ob, RESULT_DEFAULT, -512);
	EXPECT_STREQ(" = ? ERESTARTSYS (To be restarted if SA_RESTART is set)", take(t));
	format_result(&t->ob, RESULT_DEFAULT, -4000);
	EXPECT_STREQ(" = -1 ERRNO_4000 (Unknown error 4000)", take(t));
	/* Below -4095 a negative value is a value, not an error. */
	format_result(&t->ob, RESULT_DEFAULT, -4096);
	EXPECT_STREQ(" = -4096", take(t));
	format_result(&t->ob, RESULT_TIMEOUT, 0);
	EXPECT_STREQ(" = 0 (Timeout)", take(t));
	format_result(&t->ob, RESULT_TIMEOUT, 1);
	EXPECT_STREQ(" = 1", take(t));
	/* epoll's: the same in sctrace's lines (strace's drop it: printer_text.c). */
	format_result(&t->ob, RESULT_EPOLL_TIMEOUT, 0);
	EXPECT_STREQ(" = 0 (Timeout)", take(t));
	format_result(&t->ob, RESULT_TIMEOUT, -22);
	EXPECT_STREQ(" = -1 EINVAL (Invalid argument)", take(t));
	format_result(&t->ob, RESULT_HEX, 0x7f0012345000);
	EXPECT_STREQ(" = 0x7f0012345000", take(t));
	format_result(&t->ob, RESULT_HEX, -12);
	EXPECT_STREQ(" = -1 ENOMEM (Cannot allocate memory)", take(t));
	format_result(&t->ob, RESULT_NORETURN, 0);
	EXPECT_STREQ(" = ?", take(t));
}

/* -e raw=: strace's %#lx, 0 for zero; an error is still decoded. */
TEST_F(fmt, raw_values)
{
	struct text *t = &self->t;

	format_arg(&t->ob, ARG_RAW, 0);
	EXPECT_STREQ("0", take(t));
	format_arg(&t->ob, ARG_RAW, 0xffffff9c);
	EXPECT_STREQ("0xffffff9c", take(t));
	format_result(&t->ob, RESULT_RAW, 0);
	EXPECT_STREQ(" = 0", take(t));
	format_result(&t->ob, RESULT_RAW, 0x340);
	EXPECT_STREQ(" = 0x340", take(t));
	format_result(&t->ob, RESULT_RAW, -2);
	EXPECT_STREQ(" = -1 ENOENT (No such file or directory)", take(t));
}

/*
 * The kernel's own codes above the errnos (include/linux/errno.h), which
 * tracepoints see before the signal code turns them into EINTR or a
 * restart: each one's full result text, as strace prints it. The four
 * restart codes are "= ?": the call does not return to the program with
 * them. The numbers between and around them are no code.
 */
static const struct {
	long err;
	const char *line;
} kernel_codes[] = {
	{ 511, " = -1 ERRNO_511 (Unknown error 511)" },
	{ 512, " = ? ERESTARTSYS (To be restarted if SA_RESTART is set)" },
	{ 513, " = ? ERESTARTNOINTR (To be restarted)" },
	{ 514, " = ? ERESTARTNOHAND (To be restarted if no handler)" },
	{ 515, " = -1 ENOIOCTLCMD (No ioctl command)" },
	{ 516, " = ? ERESTART_RESTARTBLOCK (Interrupted by signal)" },
	{ 517, " = -1 EPROBE_DEFER (Driver requests probe retry)" },
	{ 518, " = -1 EOPENSTALE (Open found a stale dentry)" },
	{ 519, " = -1 ENOPARAM (Parameter not supported)" },
	{ 520, " = -1 ERRNO_520 (Unknown error 520)" },
	{ 521, " = -1 EBADHANDLE (Illegal NFS file handle)" },
	{ 522, " = -1 ENOTSYNC (Update synchronization mismatch)" },
	{ 523, " = -1 EBADCOOKIE (Cookie is stale)" },
	{ 524, " = -1 ENOTSUPP (Operation is not supported)" },
	{ 525, " = -1 ETOOSMALL (Buffer or request is too small)" },
	{ 526, " = -1 ESERVERFAULT (An untranslatable error occurred)" },
	{ 527, " = -1 EBADTYPE (Type not supported by server)" },
	{ 528, " = -1 EJUKEBOX (Request initiated, but will not complete before timeout)" },
	{ 529, " = -1 EIOCBQUEUED (iocb queued, will get completion event)" },
	{ 530, " = -1 ERECALLCONFLICT (Conflict with recalled state)" },
	{ 531, " = -1 ENOGRACE (NFS file lock reclaim refused)" },
	{ 532, " = -1 ERRNO_532 (Unknown error 532)" },
};

TEST_F(fmt, every_kernel_internal_code_by_its_own_text)
{
	struct text *t = &self->t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kernel_codes); i++) {
		format_result(&t->ob, RESULT_DEFAULT, -kernel_codes[i].err);
		EXPECT_STREQ(kernel_codes[i].line, take(t));
		/* A restart code is "?" whatever the call's kind. */
		format_result(&t->ob, RESULT_HEX, -kernel_codes[i].err);
		EXPECT_STREQ(kernel_codes[i].line, take(t));
	}
}

TEST_HARNESS_MAIN
