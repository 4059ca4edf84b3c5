// SPDX-License-Identifier: GPL-2.0
/*
 * -e: which numbers a selection holds, and the kernel filter made of it.
 * The filter string is read back by an evaluator of its own here and
 * judged on every id, so each range's first and last id and the ids just
 * outside it must come out right.
 */
#include "kselftest_harness.h"

#include <libaudit.h>

#include "select.h"
#include "syscall_class.h"
#include "syscall_table.h"

/* The machines sctrace is built and tested for. */
static const int machines[] = { MACH_86_64, MACH_AARCH64, MACH_S390X };

/* One term of the filter: "id == N" or "(id >= A && id <= B)". */
static int parse_term(const char *p, long *lo, long *hi, size_t *len)
{
	int n = 0;

	if (sscanf(p, "id == %ld%n", lo, &n) == 1 && n) {
		*hi = *lo;
		*len = n;
		return 0;
	}
	n = 0;
	if (sscanf(p, "(id >= %ld && id <= %ld)%n", lo, hi, &n) == 2 && n && *lo <= *hi) {
		*len = n;
		return 0;
	}
	return -1;
}

/*
 * Which ids the filter lets through, in pass[]; how many terms it has,
 * or -1 if it is not a " || " list of such terms inside the id space.
 */
static int eval_filter(const char *filter, bool *pass)
{
	const char *p = filter;
	int terms = 0;
	long lo, hi, id;
	size_t len;

	memset(pass, 0, SELECT_MAX_NR * sizeof(*pass));
	for (;;) {
		if (parse_term(p, &lo, &hi, &len) || lo < 0 || hi >= SELECT_MAX_NR)
			return -1;
		for (id = lo; id <= hi; id++)
			pass[id] = true;
		terms++;
		p += len;
		if (!*p)
			return terms;
		if (strncmp(p, " || ", 4))
			return -1;
		p += 4;
	}
}

/* The maximal runs of selected numbers: each one term of the filter. */
static int runs_of(const struct syscall_set *set)
{
	int runs = 0;
	long nr;

	for (nr = 0; nr < SELECT_MAX_NR; nr++)
		runs += set->nr[nr] && (nr == 0 || !set->nr[nr - 1]);
	return runs;
}

/* The filter of set passes exactly the selected ids, one term per run. */
static void check_filter(struct __test_metadata *_metadata, const struct syscall_set *set)
{
	static char filter[16384];
	static bool pass[SELECT_MAX_NR];
	long nr;

	ASSERT_EQ(0, select_filter(set, filter, sizeof(filter)));
	ASSERT_EQ(runs_of(set), eval_filter(filter, pass)) TH_LOG("filter: %.200s", filter);
	for (nr = 0; nr < SELECT_MAX_NR && set->nr[nr] == pass[nr]; nr++)
		;
	EXPECT_EQ(SELECT_MAX_NR, nr)
		TH_LOG("id %ld is %s but the filter %s it: %.200s", nr,
		       set->nr[nr] ? "selected" : "not selected",
		       pass[nr] ? "passes" : "drops", filter);
}

static void select_ids(struct syscall_set *set, const long *ids, size_t nr)
{
	size_t i;

	memset(set, 0, sizeof(*set));
	for (i = 0; i < nr; i++) {
		set->nr[ids[i]] = true;
		set->count++;
	}
}

/* Runs of one, two and three ids, at both ends of the id space and between. */
TEST(every_edge_of_every_range_of_the_filter)
{
	static const long ids[] = {
		0, 2, 3, 5, 6, 7, 9, 100, 101, 102, 103, 200, 334, 335, 510, 511, 512,
		1021, 1023,
	};
	struct syscall_set set;
	size_t i;

	select_ids(&set, ids, ARRAY_SIZE(ids));
	check_filter(_metadata, &set);
	/* Each id alone, and each id missing from a full set. */
	for (i = 0; i < SELECT_MAX_NR; i++) {
		long one = i;

		select_ids(&set, &one, 1);
		check_filter(_metadata, &set);
		memset(set.nr, 1, sizeof(set.nr));
		set.count = SELECT_MAX_NR;
		set.nr[i] = false;
		set.count--;
		check_filter(_metadata, &set);
	}
}

TEST(an_empty_selection_has_no_filter)
{
	struct syscall_set set = { 0 };
	char filter[64];

	EXPECT_EQ(-ENOENT, select_filter(&set, filter, sizeof(filter)));
}

/* The selection by names: exactly the numbers whose names match. */
static void check_parse(struct __test_metadata *_metadata, int machine,
			const char *expr, const char *const *names, size_t nr_names,
			bool negated)
{
	struct syscall_set set;
	struct select_error err;
	size_t count = 0, i;
	long nr;

	ASSERT_EQ(0, select_parse(expr, machine, &set, &err)) TH_LOG("%s", expr);
	for (nr = 0; nr < SELECT_MAX_NR; nr++) {
		const char *name = syscall_name(machine, nr);
		bool named = false;

		for (i = 0; name && i < nr_names; i++)
			named |= !strcmp(name, names[i]);
		EXPECT_EQ(name && named != negated, set.nr[nr])
			TH_LOG("-e %s: %ld (%s)", expr, nr, name ?: "no call");
		count += set.nr[nr];
	}
	EXPECT_EQ(count, set.count);
	check_filter(_metadata, &set);
}

/*
 * x86_64's read is 0 and write 1, the first numbers; arm64's io_setup is
 * 0; the last calls of each table end a range at its top.
 */
TEST(selections_at_the_ends_of_each_table)
{
	static const char *const first[] = { "read", "write" };
	static const char *const arm_first[] = { "io_setup" };
	static const char *const one[] = { "close" };

	check_parse(_metadata, MACH_86_64, "read,write", first, 2, false);
	check_parse(_metadata, MACH_86_64, "!read,!write", first, 2, true);
	check_parse(_metadata, MACH_86_64, "!close", one, 1, true);
	check_parse(_metadata, MACH_86_64, "close", one, 1, false);
	check_parse(_metadata, MACH_AARCH64, "!io_setup", arm_first, 1, true);
	check_parse(_metadata, MACH_S390X, "!close", one, 1, true);
}

/* strace's list: a leading '!' negates the whole list; ?, /regex, all, none. */
TEST(strace_forms_of_the_list)
{
	static const char *const first[] = { "read", "write" };
	static const char *const one[] = { "close" };
	struct syscall_set set;
	struct select_error err;

	check_parse(_metadata, MACH_86_64, "!read,write", first, 2, true);
	check_parse(_metadata, MACH_86_64, "/^(read|write)$", first, 2, false);
	check_parse(_metadata, MACH_86_64, "?nosuchcall,close", one, 1, false);
	check_parse(_metadata, MACH_86_64, "!none", NULL, 0, true);
	check_parse(_metadata, MACH_86_64, "all", NULL, 0, true);
	ASSERT_EQ(0, select_parse("none", MACH_86_64, &set, &err));
	EXPECT_EQ(0, set.count);
	ASSERT_EQ(0, select_parse("!all", MACH_86_64, &set, &err));
	EXPECT_EQ(0, set.count);
	ASSERT_EQ(0, select_parse("?/^nosuch", MACH_86_64, &set, &err));
	EXPECT_EQ(0, set.count);
	EXPECT_EQ(-EINVAL, select_parse("none,close", MACH_86_64, &set, &err));
	EXPECT_EQ(-EINVAL, select_parse("/[", MACH_86_64, &set, &err));
	EXPECT_EQ(-ENOENT, select_parse("/^nosuch", MACH_86_64, &set, &err));
	EXPECT_EQ(-ENOENT, select_parse("%nosuch", MACH_86_64, &set, &err));
	EXPECT_EQ(-ENOENT, select_parse("close,opne", MACH_86_64, &set, &err));
	EXPECT_STREQ("open", err.closest);
	EXPECT_EQ(-ENODATA, select_parse("nothing_like_this*", MACH_86_64, &set, &err));
}

/* A class selects its calls, and only them: %file and its old spelling. */
TEST(a_class_selects_its_calls)
{
	static const char *const exprs[] = { "%file", "file", "?%file" };
	struct syscall_set set;
	struct select_error err;
	size_t e;
	long nr;

	for (e = 0; e < ARRAY_SIZE(exprs); e++) {
		ASSERT_EQ(0, select_parse(exprs[e], MACH_86_64, &set, &err));
		for (nr = 0; nr < SELECT_MAX_NR; nr++) {
			const char *name = syscall_name(MACH_86_64, nr);

			EXPECT_EQ(name && (syscall_classes(MACH_86_64, name) & SC_FILE), set.nr[nr])
				TH_LOG("%s: %s", exprs[e], name ?: "no call");
		}
		EXPECT_LT(60, set.count);
	}
}

TEST(the_last_call_of_each_table_ends_its_range)
{
	size_t m;

	for (m = 0; m < ARRAY_SIZE(machines); m++) {
		const char *last = NULL;
		long nr;

		for (nr = SELECT_MAX_NR - 1; nr >= 0 && !last; nr--)
			last = syscall_name(machines[m], nr);
		ASSERT_NE(NULL, last);
		check_parse(_metadata, machines[m], last, &last, 1, false);
		check_parse(_metadata, machines[m], "*", NULL, 0, true);
	}
}

/*
 * A successful execveat's exit carries execve's number: either exec
 * selected, both pass the kernel's filters (the printer shows only the
 * selected one), and -1 passes sys_exit's. Other selections stay as they are.
 */
TEST(either_exec_selected_lets_both_through_the_kernel)
{
	static const char *const exprs[] = { "execve", "execveat", "close" };
	static struct select_filters f;
	static bool pass[SELECT_MAX_NR];
	struct syscall_set set;
	size_t m, e;

	for (m = 0; m < ARRAY_SIZE(machines); m++) {
		/* The numbers from libaudit's tables, not from the code under test. */
		long execve = audit_name_to_syscall("execve", machines[m]);
		long execveat = audit_name_to_syscall("execveat", machines[m]);
		long closed = audit_name_to_syscall("close", machines[m]);

		ASSERT_LE(0, execve);
		ASSERT_LE(0, execveat);
		for (e = 0; e < ARRAY_SIZE(exprs); e++) {
			bool exec = strcmp(exprs[e], "close");
			char *minus_one;

			ASSERT_EQ(0, select_build_filters(exprs[e], machines[m], 0, false, &set, &f));
			EXPECT_EQ(1, set.count);
			ASSERT_LT(0, eval_filter(f.enter, pass)) TH_LOG("%s", f.enter);
			EXPECT_EQ(exec, pass[execve]);
			EXPECT_EQ(exec, pass[execveat]);
			EXPECT_EQ(!exec, pass[closed]);
			minus_one = strstr(f.exit, " || id == -1");
			ASSERT_NE(NULL, minus_one) TH_LOG("%s", f.exit);
			EXPECT_STREQ("", minus_one + strlen(" || id == -1"));
			*minus_one = '\0';
			EXPECT_STREQ(f.enter, f.exit);
		}
	}
}

/*
 * -y with -e: the calls that change fds pass the kernel's filters too
 * (the printer follows them unshown); without -y they stay out.
 */
TEST(decoding_fds_lets_the_calls_that_change_fds_through)
{
	static const char *const changers[] = { "openat", "dup2", "dup3", "close", "pipe2",
						"socket", "fcntl", "execve" };
	static struct select_filters f;
	static bool pass[SELECT_MAX_NR];
	struct syscall_set set;
	size_t m, c;
	int fds;

	for (m = 0; m < ARRAY_SIZE(machines); m++) {
		long read_nr = audit_name_to_syscall("read", machines[m]);
		long getpid_nr = audit_name_to_syscall("getpid", machines[m]);

		for (fds = 0; fds <= 1; fds++) {
			ASSERT_EQ(0, select_build_filters("read", machines[m], 0, fds, &set, &f));
			EXPECT_EQ(1, set.count);
			ASSERT_LT(0, eval_filter(f.enter, pass)) TH_LOG("%s", f.enter);
			EXPECT_TRUE(pass[read_nr]);
			EXPECT_FALSE(pass[getpid_nr]);
			for (c = 0; c < ARRAY_SIZE(changers); c++) {
				long nr = audit_name_to_syscall(changers[c], machines[m]);

				/* arm64 has no dup2: dup3 stands for it there. */
				if (nr < 0)
					continue;
				EXPECT_EQ(fds, pass[nr]) TH_LOG("%s", changers[c]);
				EXPECT_EQ(fds, f.in_kernel.nr[nr]) TH_LOG("%s", changers[c]);
			}
		}
	}
}

/*
 * s390x's C library makes recvfrom and send through socketcall, shown as
 * the call made: any socket call selected lets socketcall through too,
 * where the machine has it. Nothing else does.
 */
TEST(a_socket_call_selected_lets_socketcall_through)
{
	static const char *const exprs[] = { "recvfrom", "sendto", "accept4", "socket",
					     "sendmmsg", "close", "socketcall" };
	static struct select_filters f;
	static bool pass[SELECT_MAX_NR];
	struct syscall_set set;
	size_t m, e;

	for (m = 0; m < ARRAY_SIZE(machines); m++) {
		long socketcall = audit_name_to_syscall("socketcall", machines[m]);

		EXPECT_EQ(machines[m] == MACH_S390X, socketcall >= 0);
		for (e = 0; e < ARRAY_SIZE(exprs); e++) {
			bool through = strcmp(exprs[e], "close") && socketcall >= 0;

			if (!strcmp(exprs[e], "socketcall") && socketcall < 0)
				continue;
			ASSERT_EQ(0, select_build_filters(exprs[e], machines[m], 0, false, &set, &f));
			EXPECT_EQ(1, set.count);
			ASSERT_LT(0, eval_filter(f.enter, pass)) TH_LOG("%s", f.enter);
			EXPECT_EQ(through, socketcall >= 0 && pass[socketcall])
				TH_LOG("-e %s: %s", exprs[e], f.enter);
			EXPECT_TRUE(pass[audit_name_to_syscall(exprs[e], machines[m])]);
		}
	}
}

TEST_HARNESS_MAIN
