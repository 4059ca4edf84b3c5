// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "call_set.h"
#include "select.h"

/* What a bad set says, in why: the name, and the closest one or what else. */
static void say_bad(const char *qualifier, const char *set, int err,
		    const struct select_error *bad, char *why, size_t len)
{
	char name[ESCAPE_MSG_SIZE], shown[ESCAPE_MSG_SIZE];

	escape_str(name, sizeof(name), bad->name);
	escape_str(shown, sizeof(shown), set);
	if (err == -ENOENT && bad->closest)
		snprintf(why, len, "unknown syscall '%s' in -e %s=%s; did you mean '%s'?",
			 name, qualifier, shown, bad->closest);
	else if (bad->why[0])
		snprintf(why, len, "bad '%s' in -e %s=%s: %s", name, qualifier, shown,
			 bad->why);
	else
		snprintf(why, len, "bad '%s' in -e %s=%s; give names, globs or %%classes, as -e trace=",
			 name, qualifier, shown);
}

/*
 * set: what followed "QUALIFIER=", chosen as -e trace= chooses (names, globs,
 * %classes, all, none, "!"); NULL leaves calls empty. 0, or -ENOMEM, or
 * -EINVAL with why saying what is wrong.
 */
int call_set_resolve(const char *qualifier, const char *set, int machine,
		     struct call_set *calls, char *why, size_t len)
{
	struct syscall_set *chosen;
	struct select_error bad;
	int err;

	memset(calls, 0, sizeof(*calls));
	if (!set)
		return 0;
	chosen = malloc(sizeof(*chosen));
	if (!chosen)
		return -ENOMEM;
	err = select_parse(set, machine, chosen, &bad);
	if (err) {
		say_bad(qualifier, set, err, &bad, why, len);
		err = -EINVAL;
		goto out_free;
	}
	calls->nr = malloc(sizeof(chosen->nr));
	if (!calls->nr) {
		err = -ENOMEM;
		goto out_free;
	}
	memcpy(calls->nr, chosen->nr, sizeof(chosen->nr));
	calls->nr_max = SELECT_MAX_NR;
out_free:
	free(chosen);
	return err;
}

bool call_set_has(const struct call_set *calls, long nr)
{
	return calls->nr && nr >= 0 && (size_t)nr < calls->nr_max && calls->nr[nr];
}

void call_set_free(struct call_set *calls)
{
	free(calls->nr);
	memset(calls, 0, sizeof(*calls));
}
