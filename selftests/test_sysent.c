// SPDX-License-Identifier: GPL-2.0
/*
 * The per-call table: a row's aliases are whole (none after the list's
 * end, one per machine) and name tracepoints the running kernel has, so
 * a typo'd alias fails here rather than losing the call's tracepoint.
 */
#include "kselftest_harness.h"

#include <libaudit.h>
#include <stdio.h>
#include <string.h>

#include "sysent.h"
#include "tracefs.h"

static bool applies(const struct sysent_alias *a, int machine)
{
	return a->tracepoint && (!a->machine || a->machine == machine);
}

TEST(aliases_are_whole)
{
	const struct sysent *rows;
	size_t nr, i, j, k;

	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		const struct sysent_alias *al = rows[i].aliases;

		for (j = 0; j < SYSENT_ALIASES; j++) {
			if (!al[j].tracepoint)
				continue;
			EXPECT_NE(NULL, j ? al[j - 1].tracepoint : "")
				TH_LOG("%s: alias %zu after the list's end", rows[i].name, j);
			EXPECT_STRNE(rows[i].name, al[j].tracepoint);
			/* The first that applies wins: a second would never be seen. */
			/* Braced: TH_LOG follows its EXPECT as a statement of its own. */
			for (k = 0; k < j; k++) {
				EXPECT_FALSE(!al[k].machine || !al[j].machine ||
					     al[k].machine == al[j].machine)
					TH_LOG("%s: aliases %zu and %zu overlap", rows[i].name, k, j);
			}
		}
	}
}

/* Each alias this machine uses names a tracepoint of the running kernel. */
TEST(aliases_name_real_tracepoints)
{
	int machine = audit_detect_machine();
	const struct sysent *rows;
	size_t nr, i, j, seen = 0;
	struct tracefs tfs;
	char tp[128];

	if (tracefs_open(&tfs) != TRACEFS_OK)
		SKIP(return, "tracefs is not mounted (and cannot be mounted here)");
	rows = sysent_rows(&nr);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < SYSENT_ALIASES; j++) {
			if (!applies(&rows[i].aliases[j], machine))
				continue;
			snprintf(tp, sizeof(tp), "sys_enter_%s", rows[i].aliases[j].tracepoint);
			EXPECT_LE(0, tracefs_event_id(&tfs, "syscalls", tp))
				TH_LOG("%s: no tracepoint syscalls:%s", rows[i].name, tp);
			seen++;
		}
	}
	if (!seen)
		SKIP(return, "no alias applies to machine %d", machine);
	TH_LOG("%zu aliases on this machine", seen);
}

TEST_HARNESS_MAIN
