// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "call_status.h"
#include "decode_fds.h"
#include "decode_pids.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "iodump.h"
#include "qualifiers.h"
#include "quiet.h"
#include "sig_set.h"

/* strace's -e QUALIFIER= (and --QUALIFIER=): what sctrace does with each, sorted by name. */
struct qualifier {
	const char *name;	/* with its '=' */
	const char *canon;	/* the name sctrace knows it by: strace's aliases */
	const char *why;	/* NULL: taken; else the refusal's tail */
};

#define TAMPER "refused: a tracepoint only watches calls and cannot change them; strace can tamper"

static const struct qualifier qualifiers[] = {
	{ "a=", "abbrev=", NULL },
	{ "abbrev=", "abbrev=", NULL },
	{ "decode-fd=", "decode-fds=", NULL },
	{ "decode-fds=", "decode-fds=", NULL },
	{ "decode-pid=", "decode-pids=", NULL },
	{ "decode-pids=", "decode-pids=", NULL },
	{ "delay=", "delay=", TAMPER },
	{ "fault=", "fault=", TAMPER },
	{ "inject=", "inject=", TAMPER },
	{ "kvm=", "kvm=", NULL },
	{ "poke=", "poke=", TAMPER },
	{ "q=", "quiet=", NULL },
	{ "quiet=", "quiet=", NULL },
	{ "r=", "read=", NULL },
	{ "raw=", "raw=", NULL },
	{ "read=", "read=", NULL },
	{ "reads=", "read=", NULL },
	{ "s=", "signal=", NULL },
	{ "signal=", "signal=", NULL },
	{ "signals=", "signal=", NULL },
	{ "silence=", "quiet=", NULL },
	{ "silent=", "quiet=", NULL },
	{ "status=", "status=", NULL },
	{ "t=", "trace=", NULL },
	{ "trace=", "trace=", NULL },
	{ "v=", "verbose=", NULL },
	{ "verbose=", "verbose=", NULL },
	{ "w=", "write=", NULL },
	{ "write=", "write=", NULL },
	{ "writes=", "write=", NULL },
	{ "x=", "raw=", NULL },
};

/* Keys are "name=..." (the argument), "name" or a row: all compare up to '='. */
static int qualifier_cmp(const void *a, const void *b)
{
	const struct qualifier *x = a, *y = b;

	return sorted_name_cmp(x->name, y->name);
}

static const struct sorted_table qualifiers_tables[] = {
	SORTED_TABLE(qualifiers, qualifier_cmp),
};

const struct sorted_table *qualifiers_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(qualifiers_tables);
	return qualifiers_tables;
}

static const struct qualifier *find_qualifier(const char *name)
{
	const struct qualifier key = { name, NULL, NULL };

	return bsearch(&key, qualifiers, ARRAY_SIZE(qualifiers), sizeof(*qualifiers),
		       qualifier_cmp);
}

/* -e signal=SET: which signals' lines are shown (sig_set.h). */
static int take_signals(const char *set, struct sct_options *opts)
{
	char bad[ESCAPE_MSG_SIZE], shown[ESCAPE_MSG_SIZE];

	if (!sig_set_parse(set, &opts->print.signals, bad, sizeof(bad)))
		return 0;
	diag("-e signal=: no signal '%s'; name one as SIGUSR1 or USR1, or give its number (1 to 64), all or none",
	     escape_str(shown, sizeof(shown), bad));
	return SCT_EXIT_USAGE;
}

/* --decode-fds[=SET], -e decode-fds=SET: alone, as -y. */
static int take_decode_fds(const char *set, struct sct_options *opts)
{
	unsigned int show = FD_SHOW_PATH;

	if (set && decode_fds_parse(set, &show))
		return SCT_EXIT_USAGE;
	opts->print.fd_show = show;
	opts->print.fds = show != 0;
	return 0;
}

/* --decode-pids=SET, -e decode-pids=SET: -Y and --pidns-translation by name. */
static int take_decode_pids(const char *set, struct sct_options *opts)
{
	unsigned int show;

	if (decode_pids_parse(set, &show))
		return SCT_EXIT_USAGE;
	opts->print.decode_pids = show & PID_SHOW_COMM;
	opts->print.pidns_translation = show & PID_SHOW_PIDNS;
	return 0;
}

/* Where -e raw=, abbrev= or verbose= (the last one) keeps its set. */
static const char **call_set_slot(const char *name, struct call_sets *sets)
{
	if (!strcmp(name, "raw="))
		return &sets->raw;
	if (!strcmp(name, "abbrev="))
		return &sets->abbrev;
	return &sets->verbose;
}

/* -e read=FDS, -e write=FDS: those fds' data dumped in hex (iodump.h). */
static int take_dump(const char *name, const char *fds, struct sct_options *opts)
{
	struct iodump_fds *set = *name == 'r' ? &opts->print.dump_read : &opts->print.dump_write;
	char bad[ESCAPE_MSG_SIZE], shown[ESCAPE_MSG_SIZE];

	if (iodump_parse(fds, set, bad, sizeof(bad))) {
		diag("-e %s: bad fd '%s'; give fd numbers from 0 to %d separated by commas, all or none, as strace",
		     name, escape_str(shown, sizeof(shown), bad), IODUMP_FD_MAX - 1);
		return SCT_EXIT_USAGE;
	}
	opts->print.dumps = iodump_any(&opts->print.dump_read) ||
			    iodump_any(&opts->print.dump_write);
	return 0;
}

/* -e kvm=vcpu: each KVM_RUN's exit reason after its result (kvm_exit.h). */
static int take_kvm(const char *what, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(what, "vcpu")) {
		opts->print.kvm_exits = true;
		return 0;
	}
	diag("-e kvm=: unknown '%s'; strace knows only vcpu (each KVM_RUN's exit reason)",
	     escape_str(shown, sizeof(shown), what));
	return SCT_EXIT_USAGE;
}

/* A qualifier of the table with its value (NULL: none given). */
static int take_qualifier(const struct qualifier *q, const char *value,
			  struct sct_options *opts)
{
	const char *name = q->canon;
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(name, "decode-fds="))
		return take_decode_fds(value, opts);
	if (q->why) {
		diag("-e %s: %s", escape_str(shown, sizeof(shown), name), q->why);
		return SCT_EXIT_USAGE;
	}
	if (!value) {
		diag("--%.*s needs a value, as strace's -e %s", (int)strcspn(name, "="), name, name);
		return SCT_EXIT_USAGE;
	}
	if (!strcmp(name, "decode-pids="))
		return take_decode_pids(value, opts);
	if (!strcmp(name, "signal="))
		return take_signals(value, opts);
	if (!strcmp(name, "status="))
		return call_status_parse(value, &opts->print.hidden_status);
	if (!strcmp(name, "kvm="))
		return take_kvm(value, opts);
	if (!strcmp(name, "quiet=")) {
		opts->quiet_set = true;
		return quiet_parse(value, &opts->print.quiet);
	}
	if (!strcmp(name, "read=") || !strcmp(name, "write="))
		return take_dump(name, value, opts);
	if (!strcmp(name, "trace=")) {
		opts->expr = value;
		return 0;
	}
	/* raw=, abbrev=, verbose=: resolved once the machine is known (syscall_cache_sets). */
	*call_set_slot(name, &opts->call_sets) = value;
	return 0;
}

/*
 * -e LIST, strace's -e trace=LIST, or -e QUALIFIER=VALUE for the other
 * qualifiers of the table; those refused say why.
 */
int qualifier_expr(const char *arg, struct sct_options *opts)
{
	const struct qualifier *q = strchr(arg, '=') ? find_qualifier(arg) : NULL;

	if (!q) {
		opts->expr = arg;
		return 0;
	}
	return take_qualifier(q, arg + strlen(q->name), opts);
}

/* strace's --QUALIFIER[=VALUE]: as -e QUALIFIER=VALUE. */
int qualifier_long(const char *name, const char *value, struct sct_options *opts)
{
	const struct qualifier *q = find_qualifier(name);

	if (!q)
		return -1;
	return take_qualifier(q, value, opts);
}
