// SPDX-License-Identifier: GPL-2.0
/* What libtraceevent is given: the kernel's shape only, no print fmt. */
#include "kselftest_harness.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp_format.h"

static const char sched_switch[] =
	"name: sched_switch\n"
	"ID: 372\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:const char * ptr;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:const void* ip;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"prev_comm=%s\", (REC->prev_state & ((1 << 1) - 1)) ? __print_flags(1, \"|\") : \"R\"\n";

TEST(kernel_shape_kept_print_fmt_dropped)
{
	size_t len;
	char *safe = tp_format_safe(sched_switch, strlen(sched_switch), &len);
	const char *fields_end = strstr(sched_switch, "\n\nprint fmt") + 2;

	ASSERT_NE(NULL, safe);
	EXPECT_EQ(len, strlen(safe));
	EXPECT_EQ(0, strncmp(safe, sched_switch, fields_end - sched_switch));
	EXPECT_STREQ("print fmt: \"\"\n", safe + (fields_end - sched_switch));
	free(safe);
}

/* One byte changed where libtraceevent 1.7.1 crashed on it (issue 15). */
TEST(mutated_formats_refused)
{
	static const char *const from[] = {
		"comm[16]", "common_pid;", "offset:8", "signed:0;\n\t", "name: sched",
		"ID: 372", "format:\n", "\n\n\tfield",
	};
	static const char *const to[] = {
		"comm[[6]", "common_pid\0", "offset:(", "signed:0;\n[", "name: sc\"ed",
		"ID: 3$2", "form\0t:\n", "\n\n\n\tfield",
	};
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(from); i++) {
		char copy[sizeof(sched_switch)];
		char *at;

		memcpy(copy, sched_switch, sizeof(copy));
		at = strstr(copy, from[i]);
		ASSERT_NE(NULL, at) TH_LOG("%s", from[i]);
		memcpy(at, to[i], strlen(from[i]));
		EXPECT_EQ(NULL, tp_format_safe(copy, sizeof(copy) - 1, &len))
			TH_LOG("'%s' became '%s'", from[i], to[i]);
	}
	EXPECT_EQ(NULL, tp_format_safe(sched_switch, 30, &len));
	EXPECT_EQ(NULL, tp_format_safe("", 0, &len));
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return NULL;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	*len = n > 0 ? (size_t)n : 0;
	return text;
}

/* Whatever the running kernel has must pass, or --event would refuse it. */
TEST(every_tracefs_format_passes)
{
	glob_t g;
	size_t i, len, safe_len;

	if (glob("/sys/kernel/tracing/events/*/*/format", 0, NULL, &g) || !g.gl_pathc)
		SKIP(return, "tracefs is not mounted at /sys/kernel/tracing");
	for (i = 0; i < g.gl_pathc; i++) {
		char *text = read_all(g.gl_pathv[i], &len);
		char *safe = text ? tp_format_safe(text, len, &safe_len) : NULL;

		EXPECT_NE(NULL, safe) TH_LOG("%s", g.gl_pathv[i]);
		free(safe);
		free(text);
	}
	TH_LOG("%zu formats", g.gl_pathc);
	globfree(&g);
}

TEST_HARNESS_MAIN
