// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "beauty.h"
#include "sig_set.h"

static int parse_one(const char *name, size_t n)
{
	char buf[SIGNAL_NAME_MAX], want[SIGNAL_NAME_MAX + 3];
	char *end;
	long v;
	int sig;

	if (!n || n >= sizeof(buf))
		return -1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	v = strtol(buf, &end, 10);
	if (!*end)
		return v >= 1 && v <= SIG_NR_MAX ? (int)v : -1;
	snprintf(want, sizeof(want), "%s%s", strncasecmp(buf, "SIG", 3) ? "SIG" : "", buf);
	for (sig = 1; sig <= SIG_NR_MAX; sig++)
		if (!strcasecmp(want, signal_name(sig, buf, sizeof(buf))))
			return sig;
	return -1;
}

/*
 * strace's -e signal=SET: all, none, names (SIGUSR1 or USR1, any case)
 * and numbers, comma separated; a leading ! shows all but those. -EINVAL
 * names the word that is none of these in bad.
 */
int sig_set_parse(const char *list, uint64_t *set, char *bad, size_t len)
{
	bool negate = *list == '!';
	const char *p = list + negate;
	uint64_t bits = 0;
	size_t n;
	int sig;

	for (; *p; p += n + (p[n] == ',')) {
		n = strcspn(p, ",");
		if ((n == 3 && !strncmp(p, "all", 3)) || (n == 4 && !strncmp(p, "none", 4))) {
			bits |= *p == 'a' ? SIG_SET_ALL : 0;
			continue;
		}
		sig = parse_one(p, n);
		if (sig < 1) {
			snprintf(bad, len, "%.*s", (int)n, p);
			return -EINVAL;
		}
		bits |= 1ULL << (sig - 1);
	}
	*set = negate ? ~bits : bits;
	return 0;
}

