// SPDX-License-Identifier: GPL-2.0
/* An embedded BPF object's failure: one line, with libbpf's last complaint. */
#include "kselftest_harness.h"

#include <bpf/libbpf.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bpf_embed.h"

/* Not an ELF file: libbpf refuses to open it, and says why. */
static const unsigned char not_elf[64] = "not an object file";

TEST(a_refused_open_says_why_in_one_line)
{
	static const char step[] = "opening the test program failed: ";
	static const char libbpf[] = "; libbpf: ";
	const struct bpf_embed_object o = {
		.name = "test_bpf", .what = "test program",
		.bytes = not_elf, .size = sizeof(not_elf),
	};
	struct bpf_embed e = { 0 };
	char why[256];
	const char *said;
	int err = bpf_embed_open_load(&e, &o, NULL, 0, why, sizeof(why));

	bpf_embed_close(&e);
	TH_LOG("%s", why);
	ASSERT_GT(0, err);
	EXPECT_EQ(0, strncmp(why, step, strlen(step)));
	said = strstr(why, libbpf);
	ASSERT_TRUE(said != NULL);
	said += strlen(libbpf);
	/* libbpf's own prefix once, not twice; its newline and blanks gone. */
	EXPECT_TRUE(*said != '\0' && strncmp(said, "libbpf: ", 8) != 0);
	EXPECT_TRUE(strchr(why, '\n') == NULL);
	EXPECT_NE(' ', why[strlen(why) - 1]);
}

/* The object of selftests/bpf/refused.bpf.c, which no verifier takes. */
static const unsigned char refused[] = {
#include "refused.bpf.inc"
};

/* A refused load names the verifier's reason, not only "Permission denied". */
TEST(a_refused_load_says_what_the_verifier_said)
{
	static const char verifier[] = "; the verifier: ";
	const struct bpf_embed_object o = {
		.name = "refused", .what = "test program",
		.bytes = refused, .size = sizeof(refused),
	};
	struct bpf_embed e = { 0 };
	char why[512];
	const char *said;
	int err;

	if (geteuid())
		SKIP(return, "loading a BPF program needs root");
	err = bpf_embed_open_load(&e, &o, NULL, 0, why, sizeof(why));
	bpf_embed_close(&e);
	TH_LOG("%s", why);
	ASSERT_GT(0, err);
	said = strstr(why, verifier);
	ASSERT_TRUE(said != NULL);
	said += strlen(verifier);
	/* Its reason: neither empty, nor the tally after it, nor libbpf's frame. */
	EXPECT_TRUE(*said != '\0');
	EXPECT_TRUE(strncmp(said, "processed ", 10) != 0);
	EXPECT_TRUE(strstr(said, "PROG LOAD LOG") == NULL);
	EXPECT_TRUE(strchr(why, '\n') == NULL);
}

/* The object of selftests/bpf/absent.bpf.c: its tracepoint exists nowhere. */
static const unsigned char absent[] = {
#include "absent.bpf.inc"
};

static const struct bpf_embed_object absent_object = {
	.name = "absent", .what = "test program",
	.bytes = absent, .size = sizeof(absent),
};

/* The links attach made. */
static size_t nr_links(const struct bpf_embed *e)
{
	size_t i, n = 0;

	for (i = 0; i < BPF_EMBED_PROGRAMS; i++)
		n += e->links[i] != NULL;
	return n;
}

/* Unskipped, a program for a missing tracepoint fails the attach, in one line. */
TEST(a_missing_tracepoint_fails_the_attach)
{
	static const char step[] = "attaching the test program failed: ";
	struct bpf_embed e = { 0 };
	char why[512];
	int err;

	if (geteuid())
		SKIP(return, "loading a BPF program needs root");
	ASSERT_EQ(0, bpf_embed_open_load(&e, &absent_object, NULL, 0, why, sizeof(why)));
	err = bpf_embed_attach(&e, why, sizeof(why));
	TH_LOG("%s", why);
	EXPECT_GT(0, err);
	EXPECT_EQ(0, strncmp(why, step, strlen(step)));
	EXPECT_TRUE(strchr(why, '\n') == NULL);
	bpf_embed_close(&e);
}

/* Skipped between open and load, it is neither loaded nor attached. */
TEST(a_skipped_program_is_neither_loaded_nor_attached)
{
	struct bpf_embed e = { 0 };
	char why[512] = "";

	if (geteuid())
		SKIP(return, "loading a BPF program needs root");
	ASSERT_EQ(0, bpf_embed_open(&e, &absent_object, NULL, 0, why, sizeof(why)));
	EXPECT_EQ(-ENOENT, bpf_embed_skip(&e, "no_such_program"));
	ASSERT_EQ(0, bpf_embed_skip(&e, "absent"));
	EXPECT_EQ(0, bpf_embed_load(&e, why, sizeof(why)));
	EXPECT_GT(0, bpf_program__fd(bpf_object__find_program_by_name(e.obj, "absent")));
	EXPECT_EQ(0, bpf_embed_attach(&e, why, sizeof(why)));
	TH_LOG("%s", why);
	EXPECT_EQ(0, nr_links(&e));
	bpf_embed_close(&e);
}

TEST_HARNESS_MAIN
