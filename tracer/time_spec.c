// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "compiler.h"
#include "diag.h"
#include "escape.h"
#include "time_spec.h"

/* Indexed by enum time_precision, past PREC_DEFAULT. */
static const char *const precision_names[] = { "", "s", "ms", "us", "ns" };
static const char *const format_names[] = { "time", "unix", "none" };

unsigned int time_precision_digits(enum time_precision prec, unsigned int fallback)
{
	return prec == PREC_DEFAULT ? fallback : 3 * (prec - PREC_S);
}

static int index_of(const char *const *names, size_t nr, const char *word, size_t len)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (strlen(names[i]) == len && !strncmp(names[i], word, len))
			return i;
	return -1;
}

static int precision_of(const char *word, size_t len)
{
	int i = index_of(precision_names, ARRAY_SIZE(precision_names), word, len);

	return i > PREC_DEFAULT ? i : -1;
}

int time_spec_precision(const char *option, const char *arg, enum time_precision *prec)
{
	char shown[ESCAPE_MSG_SIZE];
	int i;

	if (!arg) {
		*prec = PREC_DEFAULT;
		return 0;
	}
	i = precision_of(arg, strlen(arg));
	if (i < 0) {
		diag("bad %s '%s': give a precision, s, ms, us or ns, as strace",
		     option, escape_str(shown, sizeof(shown), arg));
		return -1;
	}
	*prec = i;
	return 0;
}

/* One item of the list: "format:F", "precision:P", or F or P alone. */
static int take_stamp_item(const char *item, size_t len, enum stamp_format *format,
			   enum time_precision *prec)
{
	static const char format_key[] = "format:", precision_key[] = "precision:";
	size_t fk = strlen(format_key), pk = strlen(precision_key);
	int i;

	if (len > fk && !strncmp(item, format_key, fk)) {
		i = index_of(format_names, ARRAY_SIZE(format_names), item + fk, len - fk);
		return i < 0 ? -1 : (*format = i, 0);
	}
	if (len > pk && !strncmp(item, precision_key, pk)) {
		i = precision_of(item + pk, len - pk);
		return i < 0 ? -1 : (*prec = i, 0);
	}
	i = index_of(format_names, ARRAY_SIZE(format_names), item, len);
	if (i >= 0) {
		*format = i;
		return 0;
	}
	i = precision_of(item, len);
	return i < 0 ? -1 : (*prec = i, 0);
}

int time_spec_absolute(const char *arg, enum stamp_format *format, enum time_precision *prec)
{
	char shown[ESCAPE_MSG_SIZE];
	const char *p = arg;

	*format = STAMP_TIME;
	*prec = PREC_DEFAULT;
	while (p && *p) {
		size_t len = strcspn(p, ",");

		if (take_stamp_item(p, len, format, prec))
			goto out_bad;
		p += len + (p[len] == ',');
	}
	if (!arg || *arg)
		return 0;
out_bad:
	diag("bad --absolute-timestamps '%s': give [format:]none, time or unix and [precision:]s, ms, us or ns, comma-separated, as strace",
	     escape_str(shown, sizeof(shown), arg));
	return -1;
}
