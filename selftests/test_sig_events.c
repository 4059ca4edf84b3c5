// SPDX-License-Identifier: GPL-2.0
/* The signal lines: -e signal= sets, the sending paired with the taking, the text. */
#include "kselftest_harness.h"

#include <signal.h>

#include "outbuf.h"
#include "sig_events.h"

#define BIT(sig) (1ULL << ((sig) - 1))

TEST(signal_sets)
{
	uint64_t set = 0;
	char bad[64];

	ASSERT_EQ(0, sig_set_parse("all", &set, bad, sizeof(bad)));
	EXPECT_EQ(SIG_SET_ALL, set);
	ASSERT_EQ(0, sig_set_parse("none", &set, bad, sizeof(bad)));
	EXPECT_EQ(0, set);
	ASSERT_EQ(0, sig_set_parse("usr1,SIGTERM,9,sigrt_1,RTMIN,io", &set, bad, sizeof(bad)));
	EXPECT_EQ(BIT(SIGUSR1) | BIT(SIGTERM) | BIT(9) | BIT(33) | BIT(32) | BIT(SIGIO), set);
	ASSERT_EQ(0, sig_set_parse("!USR1", &set, bad, sizeof(bad)));
	EXPECT_EQ(~BIT(SIGUSR1), set);
	EXPECT_FALSE(sig_set_has(set, SIGUSR1));
	EXPECT_TRUE(sig_set_has(set, SIGUSR2));
	EXPECT_FALSE(sig_set_has(set, 0));
	EXPECT_FALSE(sig_set_has(set, 65));
	ASSERT_EQ(0, sig_set_parse("!all", &set, bad, sizeof(bad)));
	EXPECT_EQ(0, set);
}

TEST(bad_signal_sets)
{
	static const char *const bad_sets[][2] = {
		{ "usr1,bogus", "bogus" }, { "0", "0" }, { "65", "65" },
		{ "SIG", "SIG" }, { "usr1,,usr2", "" }, { "10x", "10x" },
		{ "SIGSIGUSR1", "SIGSIGUSR1" },
	};
	uint64_t set = 7;
	char bad[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad_sets); i++) {
		EXPECT_NE(0, sig_set_parse(bad_sets[i][0], &set, bad, sizeof(bad)))
			TH_LOG("'%s'", bad_sets[i][0]);
		EXPECT_STREQ(bad_sets[i][1], bad) TH_LOG("'%s'", bad_sets[i][0]);
		EXPECT_EQ(7, set);
	}
}

static void expect_line(struct __test_metadata *_metadata, const struct sig_line *line,
			const char *want)
{
	struct outbuf ob;

	ASSERT_EQ(0, outbuf_init(&ob, -1, 16));
	sig_print(&ob, line);
	outbuf_putc(&ob, '\0');
	EXPECT_STREQ(want, ob.buf);
	outbuf_free(&ob);
}

static struct sig_record sent(int sig, int code, int32_t target, bool group)
{
	return (struct sig_record){ .sig = sig, .code = code, .target = target,
				    .group = group, .queued = true };
}

static struct sig_record taken(int sig, int code)
{
	return (struct sig_record){ .sig = sig, .code = code };
}

/* kill(pid, SIGUSR1) to a process with a handler: the sender is si_pid. */
TEST(kill_to_a_handler)
{
	struct sig_pending pd = { 0 };
	struct sig_record rec = sent(SIGUSR1, 0, 100, true);
	struct sig_line line;

	sig_note_sent(&pd, &rec, 100, 42);
	rec = taken(SIGUSR1, 0);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 101, 100, &line));
	expect_line(_metadata, &line,
		    "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=42} ---");
	EXPECT_EQ(0, pd.nr);
}

/*
 * Sent by an untraced task, or by the kernel: no si_pid, never a guess.
 * A fault's sending is seen (the faulting task runs it), but its code
 * carries no sender.
 */
TEST(unseen_sender)
{
	struct sig_pending pd = { 0 };
	struct sig_record rec = sent(SIGSEGV, 1, 7, false);
	struct sig_line line;

	sig_note_sent(&pd, &rec, 7, 7);
	rec = taken(SIGSEGV, 1);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 7, 7, &line));
	expect_line(_metadata, &line, "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR} ---");
	rec = taken(SIGALRM, 0x80);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 7, 7, &line));
	expect_line(_metadata, &line, "--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---");
	rec = taken(SIGCHLD, 1);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 7, 7, &line));
	expect_line(_metadata, &line, "--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED} ---");
	rec = taken(SIGUSR2, 0x55);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 7, 7, &line));
	expect_line(_metadata, &line, "--- SIGUSR2 {si_signo=SIGUSR2, si_code=85} ---");
}

/* A thread's signal goes to that thread only; a process's to any of its threads. */
TEST(thread_and_process_targets)
{
	struct sig_pending pd = { 0 };
	struct sig_record rec = sent(SIGUSR2, -6, 11, false);
	struct sig_line line;

	sig_note_sent(&pd, &rec, 10, 10);
	rec = taken(SIGUSR2, -6);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 12, 10, &line));
	EXPECT_FALSE(line.has_sender);
	EXPECT_EQ(1, pd.nr);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 11, 10, &line));
	expect_line(_metadata, &line,
		    "--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_TKILL, si_pid=10} ---");
	EXPECT_EQ(0, pd.nr);
}

/*
 * A signal whose default ends the process arrives as SIGKILL: shown as
 * the signal sent, once; a SIGKILL sent, or one nobody traced sent, has
 * no line, and forgets what was sent to the task.
 */
TEST(ending_signal_taken_as_sigkill)
{
	struct sig_pending pd = { 0 };
	struct sig_record rec = sent(SIGTERM, 0, 20, true);
	struct sig_line line;

	sig_note_sent(&pd, &rec, 20, 5);
	rec = taken(SIGKILL, 0);
	ASSERT_TRUE(sig_take_delivered(&pd, &rec, 20, 20, &line));
	expect_line(_metadata, &line,
		    "--- SIGTERM {si_signo=SIGTERM, si_code=SI_USER, si_pid=5} ---");
	EXPECT_FALSE(sig_take_delivered(&pd, &rec, 21, 20, &line));

	rec = sent(SIGTERM, 0, 30, true);
	sig_note_sent(&pd, &rec, 30, 5);
	rec = sent(SIGKILL, 0, 30, true);
	sig_note_sent(&pd, &rec, 30, 5);
	rec = taken(SIGKILL, 0);
	EXPECT_FALSE(sig_take_delivered(&pd, &rec, 30, 30, &line));
	EXPECT_EQ(0, pd.nr);

	/* A handled signal keeps its own delivery, not SIGKILL's. */
	rec = sent(SIGSEGV, 1, 40, false);
	sig_note_sent(&pd, &rec, 40, 40);
	rec = taken(SIGKILL, 0);
	EXPECT_FALSE(sig_take_delivered(&pd, &rec, 40, 40, &line));
	EXPECT_EQ(0, pd.nr);
}

/* What the kernel did not queue (ignored, already pending) is not kept. */
TEST(unqueued_and_full)
{
	struct sig_pending pd = { 0 };
	struct sig_record rec = sent(SIGUSR1, 0, 50, true);
	int i;

	rec.queued = false;
	sig_note_sent(&pd, &rec, 50, 1);
	EXPECT_EQ(0, pd.nr);
	rec.queued = true;
	for (i = 0; i < SIG_PENDING_MAX + 3; i++) {
		rec.target = 1000 + i;
		sig_note_sent(&pd, &rec, 1000 + i, 1);
	}
	EXPECT_EQ(SIG_PENDING_MAX, pd.nr);
	EXPECT_EQ(1003, pd.sent[0].target);
}

TEST_HARNESS_MAIN
