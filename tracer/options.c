// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "decode_fds.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "line_style.h"
#include "path_filter.h"
#include "perf_refused.h"
#include "options.h"
#include "printer.h"
#include "qualifiers.h"
#include "quiet.h"
#include "sig_set.h"
#include "sorted.h"
#include "stats_spec.h"
#include "time_spec.h"
#include "usage.h"

/* Long options without a short letter of their own, past any char. */
enum {
	OPT_NO_INHERIT = 256, OPT_VERSION, OPT_TIME, OPT_DURATION_COLUMN,
	OPT_FAILURE, OPT_DURATION, OPT_MAX_EVENTS, OPT_ERRNO_SUMMARY, OPT_RAW,
	OPT_SCHED, OPT_EVENT, OPT_COMM, OPT_JSON, OPT_STOP_AT_EXIT,
	OPT_STRICT, OPT_NO_CONTENTS, OPT_REALTIME,
	OPT_NO_REALTIME, OPT_LOSSLESS, OPT_ENGINE,
	/* perf trace's long names of letters strace gave other meanings. */
	OPT_ALL_CPUS, OPT_CPU, OPT_INPUT, OPT_PF, OPT_SUMMARY, OPT_TID,
	OPT_UID, OPT_WITH_SUMMARY,
	/* strace's, without a letter. */
	OPT_SECCOMP_BPF, OPT_PIDNS_TRANSLATION, OPT_OUTPUT_SEPARATELY,
	OPT_DECODE_FDS, OPT_CALL_GRAPH, OPT_DECODE_PIDS, OPT_FORMAT,
	OPT_QUALIFIER, OPT_ABSOLUTE_TIMESTAMPS, OPT_RELATIVE_TIMESTAMPS,
	OPT_SYSCALL_TIMES, OPT_STRINGS_IN_HEX, OPT_VERBOSE,
};

/* --max-events: any count a run could reach, short of overflow games. */
#define MAX_EVENTS_MAX (1ul << 48)
/* Bytes of a string or buffer the BPF program reads at most (CT_MAX_ITEM). */
#define STRING_LIMIT_MAX 4096ul
/* SCHED_FIFO's priorities run from 1 to 99. */
#define REALTIME_MAX 99ul
/* strace -I: 1 anywhere, 2 waiting, 3 never, 4 never_tstp. */
#define INTERRUPTIBLE_MAX 4ul
/* -a: wider than any terminal. */
#define COLUMNS_MAX 4096ul

/*
 * Short letters are strace 6.1's; long names are perf trace's where it
 * has one, so perf's letters that strace gave other meanings (-a, -C,
 * -F, -i, -s, -S, -t, -T, -u) stay reachable by their long names.
 */
#define SHORT_OPTIONS "+a:Ab:cCdDe:E:fFG:hiI:km:no:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ"

static const struct option long_options[] = {
	{ "abbrev",	required_argument,	NULL, OPT_QUALIFIER },
	{ "absolute-timestamps", optional_argument, NULL, OPT_ABSOLUTE_TIMESTAMPS },
	{ "all-cpus",	no_argument,		NULL, OPT_ALL_CPUS },
	{ "attach",	required_argument,	NULL, 'p' },
	{ "call-graph",	required_argument,	NULL, OPT_CALL_GRAPH },
	{ "cgroup",	required_argument,	NULL, 'G' },
	{ "columns",	required_argument,	NULL, 'a' },
	{ "comm",	no_argument,		NULL, OPT_COMM },
	{ "const-print-style", required_argument, NULL, 'X' },
	{ "cpu",	required_argument,	NULL, OPT_CPU },
	{ "daemonize",	optional_argument,	NULL, 'D' },
	{ "debug",	no_argument,		NULL, 'd' },
	{ "decode-fds",	optional_argument,	NULL, OPT_DECODE_FDS },
	{ "decode-pids", required_argument,	NULL, OPT_DECODE_PIDS },
	{ "detach-on",	required_argument,	NULL, 'b' },
	{ "duration",	required_argument,	NULL, OPT_DURATION },
	{ "duration-column", no_argument,	NULL, OPT_DURATION_COLUMN },
	{ "engine",	required_argument,	NULL, OPT_ENGINE },
	{ "env",	required_argument,	NULL, 'E' },
	{ "errno-summary", no_argument,		NULL, OPT_ERRNO_SUMMARY },
	{ "event",	required_argument,	NULL, OPT_EVENT },
	{ "expr",	required_argument,	NULL, 'e' },
	{ "failed-only", no_argument,		NULL, 'Z' },
	{ "failure",	no_argument,		NULL, OPT_FAILURE },
	{ "fault",	required_argument,	NULL, OPT_QUALIFIER },
	{ "follow-forks", no_argument,		NULL, 'f' },
	{ "format",	required_argument,	NULL, OPT_FORMAT },
	{ "help",	no_argument,		NULL, 'h' },
	{ "inject",	required_argument,	NULL, OPT_QUALIFIER },
	{ "input",	required_argument,	NULL, OPT_INPUT },
	{ "instruction-pointer", no_argument,	NULL, 'i' },
	{ "interruptible", required_argument,	NULL, 'I' },
	{ "json",	no_argument,		NULL, OPT_JSON },
	{ "kvm",	required_argument,	NULL, OPT_QUALIFIER },
	{ "lossless",	no_argument,		NULL, OPT_LOSSLESS },
	{ "max-events",	required_argument,	NULL, OPT_MAX_EVENTS },
	{ "mmap-pages",	required_argument,	NULL, 'm' },
	{ "no-abbrev",	no_argument,		NULL, 'v' },
	{ "no-contents", no_argument,		NULL, OPT_NO_CONTENTS },
	{ "no-inherit",	no_argument,		NULL, OPT_NO_INHERIT },
	{ "no-realtime", no_argument,		NULL, OPT_NO_REALTIME },
	{ "output",	required_argument,	NULL, 'o' },
	{ "output-append-mode", no_argument,	NULL, 'A' },
	{ "output-separately", no_argument,	NULL, OPT_OUTPUT_SEPARATELY },
	{ "pf",		required_argument,	NULL, OPT_PF },
	{ "pid",	required_argument,	NULL, 'p' },
	{ "pidns-translation", no_argument,	NULL, OPT_PIDNS_TRANSLATION },
	{ "quiet",	required_argument,	NULL, OPT_QUALIFIER },
	{ "raw",	optional_argument,	NULL, OPT_RAW },
	{ "read",	required_argument,	NULL, OPT_QUALIFIER },
	{ "realtime",	required_argument,	NULL, OPT_REALTIME },
	{ "relative-timestamps", optional_argument, NULL, OPT_RELATIVE_TIMESTAMPS },
	{ "sched",	no_argument,		NULL, OPT_SCHED },
	{ "seccomp-bpf", no_argument,		NULL, OPT_SECCOMP_BPF },
	{ "signal",	required_argument,	NULL, OPT_QUALIFIER },
	{ "stack-traces", no_argument,		NULL, 'k' },
	{ "status",	required_argument,	NULL, OPT_QUALIFIER },
	{ "stop-at-exit", no_argument,		NULL, OPT_STOP_AT_EXIT },
	{ "strict",	no_argument,		NULL, OPT_STRICT },
	{ "string-limit", required_argument,	NULL, 's' },
	{ "strings-in-hex", optional_argument,	NULL, OPT_STRINGS_IN_HEX },
	{ "successful-only", no_argument,	NULL, 'z' },
	{ "summary",	no_argument,		NULL, OPT_SUMMARY },
	{ "summary-columns", required_argument,	NULL, 'U' },
	{ "summary-only", no_argument,		NULL, 'c' },
	{ "summary-sort-by", required_argument,	NULL, 'S' },
	{ "summary-syscall-overhead", required_argument, NULL, 'O' },
	{ "summary-wall-clock", no_argument,	NULL, 'w' },
	{ "syscall-number", no_argument,	NULL, 'n' },
	{ "syscall-times", optional_argument,	NULL, OPT_SYSCALL_TIMES },
	{ "tid",	required_argument,	NULL, OPT_TID },
	{ "time",	optional_argument,	NULL, OPT_TIME },
	{ "trace",	required_argument,	NULL, OPT_QUALIFIER },
	{ "trace-path",	required_argument,	NULL, 'P' },
	{ "uid",	required_argument,	NULL, OPT_UID },
	{ "user",	required_argument,	NULL, 'u' },
	{ "verbose",	optional_argument,	NULL, OPT_VERBOSE },
	{ "version",	no_argument,		NULL, OPT_VERSION },
	{ "with-summary", no_argument,		NULL, OPT_WITH_SUMMARY },
	{ "write",	required_argument,	NULL, OPT_QUALIFIER },
	{ NULL, 0, NULL, 0 },
};

/* An option sctrace parses but does not do: what it says, sorted by code. */
struct refusal {
	int code;		/* getopt's */
	const char *why;	/* the whole line after "sctrace: " */
};

/* strace's options sctrace will not do: what it says, sorted by code. */
static const struct refusal refused[] = {
	{ 'D', "-D: refused: sctrace stays the command's parent, to follow what it leaves behind and give its exit status back; it stops no task, so none waits on it" },
	{ 'd', "-d: refused: sctrace has no debug log; --strict says when a trace is not whole, and why" },
};

static int refusal_cmp(const void *a, const void *b)
{
	const struct refusal *x = a, *y = b;

	return (x->code > y->code) - (x->code < y->code);
}

static const struct sorted_table options_tables[] = {
	SORTED_TABLE(refused, refusal_cmp),
};

const struct sorted_table *options_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(options_tables);
	return options_tables;
}

/* The row of code in table, or NULL. */
static const struct refusal *find_refusal(const struct refusal *table, size_t nr, int code)
{
	const struct refusal key = { code, NULL };

	return bsearch(&key, table, nr, sizeof(*table), refusal_cmp);
}

/* The refusal's line, exit 64. */
static int refuse(const struct refusal *r)
{
	diag("%s", r->why);
	return SCT_EXIT_USAGE;
}

/* SCTRACE_USAGE: tracer/usage.txt, which the man page is built from too. */
static const char usage_text[] = SCTRACE_USAGE;

static int resolve_user(const char *user, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	struct passwd *pw;
	unsigned long uid;
	char *end;

	errno = 0;
	pw = getpwnam(user);
	if (pw) {
		opts->uid = pw->pw_uid;
		return 0;
	}
	errno = 0;
	uid = strtoul(user, &end, 10);
	if (*user >= '0' && *user <= '9' && *end == '\0' && !errno &&
	    uid < (uid_t)-1) {
		opts->uid = uid;
		return 0;
	}
	diag("unknown user '%s': no such name in the user database and not a uid; give a user name or a numeric uid",
	     escape_str(shown, sizeof(shown), user));
	return SCT_EXIT_BAD_USER;
}

/* -u USER: the command runs as USER, with USER's gid and groups, as strace. */
static int take_run_user(const char *user, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	struct passwd *pw;

	errno = 0;
	pw = getpwnam(user);
	if (!pw) {
		diag("unknown user '%s' (-u): no such name in the user database; give a user name, as strace -u",
		     escape_str(shown, sizeof(shown), user));
		return SCT_EXIT_BAD_USER;
	}
	opts->run_user = user;
	opts->run_uid = pw->pw_uid;
	opts->run_gid = pw->pw_gid;
	return 0;
}

/* -E VAR=VAL or -E VAR, applied in the child in the order given. */
static int take_env(char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	char **more;

	if (!*arg || *arg == '=') {
		diag("bad -E '%s': give VAR=VALUE to set VAR, or VAR to remove it",
		     escape_str(shown, sizeof(shown), arg));
		return SCT_EXIT_USAGE;
	}
	more = realloc(opts->env, (opts->nr_env + 1) * sizeof(*more));
	if (!more)
		return diag_no_memory("-E");
	opts->env = more;
	opts->env[opts->nr_env++] = arg;
	return 0;
}

/* -P PATH: only the calls that touch it; repeated, any of them. */
static int take_path(const char *arg, struct sct_options *opts)
{
	return path_list_add(&opts->print.paths, arg) ? diag_no_memory("-P") : 0;
}

/* -I 1..4 or its name; accepted, since no traced task is ever stopped. */
static int take_interruptible(const char *arg, struct sct_options *opts)
{
	static const char *const names[] = { "anywhere", "waiting", "never", "never_tstp" };
	char shown[ESCAPE_MSG_SIZE];
	unsigned long n;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcmp(arg, names[i])) {
			opts->interruptible = i + 1;
			return 0;
		}
	}
	if (!count_parse(arg, INTERRUPTIBLE_MAX, &n)) {
		opts->interruptible = n;
		return 0;
	}
	diag("bad -I '%s': give 1 to 4 (anywhere, waiting, never, never_tstp), as strace -I",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

/* -b: strace knows only execve. */
static int take_detach(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!strcmp(arg, "execve")) {
		opts->print.detach_on_exec = true;
		return 0;
	}
	diag("bad -b '%s': only -b execve is known, as with strace",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

static int take_ids(const char *arg, const char *what, struct id_list *list)
{
	char shown[ESCAPE_MSG_SIZE];
	int err = id_list_parse(arg, list);

	if (!err)
		return 0;
	if (err == -ENOMEM)
		return diag_no_memory("the task list");
	diag("bad %s list '%s': expected positive numbers separated by commas, like 1234,5678",
	     what, escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_BAD_PID;
}

static int take_cpus(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	int err;

	cpu_list_free(&opts->cpus);
	err = cpu_list_parse(arg, &opts->cpus);
	if (!err) {
		opts->has_cpus = true;
		return 0;
	}
	if (err == -ENOMEM)
		return diag_no_memory("the cpu list");
	diag("bad cpu list '%s': expected cpu numbers and ranges up to %d, like 0,2-3",
	     escape_str(shown, sizeof(shown), arg), CPU_LIST_MAX);
	return SCT_EXIT_BAD_CPU;
}

static int take_mmap_pages(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!mmap_pages_parse(arg, &opts->mmap_pages))
		return 0;
	diag("bad --mmap-pages '%s': must be a power of two from 1 to %u, like 256",
	     escape_str(shown, sizeof(shown), arg), MMAP_PAGES_MAX);
	return SCT_EXIT_BAD_MMAP;
}

/* getopt reported '?': optopt names a short option, or one needing a value. */
static int bad_option(char *const *argv)
{
	const char *given = argv[optind - 1];
	const char *why = optopt ? NULL : perf_refused_why(given);
	char shown[ESCAPE_MSG_SIZE];

	escape_str(shown, sizeof(shown), given);
	if (why) {
		diag("--%.*s: refused: %s", (int)strcspn(shown + 2, "="), shown + 2, why);
		return SCT_EXIT_USAGE;
	}
	/* A long option's optopt is its value, which may be past 255. */
	if (optopt && given[1] == '-' && strchr(given, '='))
		diag("option '%s' takes no value; see 'sctrace --help'", shown);
	else if (optopt && (given[1] == '-' || strchr("abeEGImoOpPsSuUX", optopt)))
		diag("option '%s' needs a value; see 'sctrace --help'", shown);
	else if (optopt)
		diag("unknown option '-%s'; see 'sctrace --help'",
		     escape_str(shown, sizeof(shown), (char[]){ optopt, '\0' }));
	else
		diag("unknown option '%s'; see 'sctrace --help'", shown);
	return SCT_EXIT_USAGE;
}

static int take_time(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!arg || !strcmp(arg, "rel")) {
		opts->print.time_mode = TIME_RELATIVE;
		return 0;
	}
	if (!strcmp(arg, "abs")) {
		opts->print.time_mode = TIME_ABSOLUTE;
		return 0;
	}
	diag("bad --time '%s': give --time (seconds since the start) or --time=abs (wall time)",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

static int take_duration(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!millis_parse(arg, &opts->print.min_duration_ns))
		return 0;
	diag("bad --duration '%s': expected milliseconds from 0 to %lu, like 10 or 0.5",
	     escape_str(shown, sizeof(shown), arg), MILLIS_MAX);
	return SCT_EXIT_USAGE;
}

static int take_max_events(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	unsigned long n;

	if (!count_parse(arg, MAX_EVENTS_MAX, &n)) {
		opts->print.max_events = n;
		return 0;
	}
	diag("bad --max-events '%s': expected a count from 1 to %lu, like 100",
	     escape_str(shown, sizeof(shown), arg), MAX_EVENTS_MAX);
	return SCT_EXIT_USAGE;
}

static int take_string_limit(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	unsigned long n;

	if (!count_parse(arg, STRING_LIMIT_MAX, &n)) {
		opts->string_limit = n;
		return 0;
	}
	diag("bad --string-limit '%s': expected a count of bytes from 1 to %lu, like 64",
	     escape_str(shown, sizeof(shown), arg), STRING_LIMIT_MAX);
	return SCT_EXIT_USAGE;
}

static int take_realtime(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	unsigned long n;

	if (!count_parse(arg, REALTIME_MAX, &n)) {
		opts->realtime = n;
		opts->realtime_asked = true;
		return 0;
	}
	diag("bad --realtime '%s': expected a SCHED_FIFO priority from 1 to %lu, like 1 (or --no-realtime)",
	     escape_str(shown, sizeof(shown), arg), REALTIME_MAX);
	return SCT_EXIT_USAGE;
}

/* --engine, or SCTRACE_ENGINE (arg NULL: unset), sets opts->engine. */
int options_engine(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!arg || !strcmp(arg, "perf"))
		opts->engine = SCT_ENGINE_PERF;
	else if (!strcmp(arg, "bpf"))
		opts->engine = SCT_ENGINE_BPF;
	else {
		diag("bad --engine '%s': expected bpf or perf", escape_str(shown, sizeof(shown), arg));
		return SCT_EXIT_USAGE;
	}
	return 0;
}

/* Options that only change what is shown. */
static int take_view_option(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case OPT_TIME:
		return take_time(arg, opts);
	case 'T':
	case OPT_DURATION_COLUMN:
		opts->print.durations = true;
		return 0;
	case 'Z':
	case OPT_FAILURE:
		opts->print.failures_only = true;
		return 0;
	case 'z':
		opts->print.successes_only = true;
		return 0;
	case OPT_DURATION:
		return take_duration(arg, opts);
	case OPT_MAX_EVENTS:
		return take_max_events(arg, opts);
	case 'c':
	case OPT_SUMMARY:
		opts->print.summary_only = true;
		opts->print.stats.shown |= c == 'c';
		opts->print.perf_summary |= c == OPT_SUMMARY;
		return 0;
	case 'C':
	case OPT_WITH_SUMMARY:
		opts->print.with_summary = true;
		opts->print.stats.shown |= c == 'C';
		opts->print.perf_summary |= c == OPT_WITH_SUMMARY;
		return 0;
	case OPT_ERRNO_SUMMARY:
		opts->print.errno_summary = true;
		opts->print.perf_summary = true;
		return 0;
	case OPT_RAW:
		/* strace's --raw=SET is its -e raw=SET; alone, sctrace's own. */
		if (arg)
			return qualifier_long("raw", arg, opts);
		opts->raw = true;
		return 0;
	case 's':
		return take_string_limit(arg, opts);
	default:
		return -1;
	}
}

/* strace's -t, -tt, -ttt: the time of day, to the microsecond, since the epoch. */
static const enum time_mode clock_modes[] = { TIME_SECONDS, TIME_ABSOLUTE, TIME_EPOCH };

/* strace's letters that may be repeated or only say how lines look. */
static int take_strace_view(int c, struct sct_options *opts)
{
	switch (c) {
	case 't':
		opts->clock_ticks += opts->clock_ticks < ARRAY_SIZE(clock_modes);
		opts->print.time_mode = clock_modes[opts->clock_ticks - 1];
		return 0;
	case 'r':
		opts->print.time_mode = TIME_DELTA;
		return 0;
	case 'q':
		opts->print.quiet = quiet_of_level(++opts->quiet);
		return 0;
	case 'y':
		/* -y: the paths; -yy: all there is. */
		opts->print.fd_show = opts->print.fd_show & FD_SHOW_PATH ? FD_SHOW_ALL :
				      FD_SHOW_PATH;
		opts->print.fds = true;
		return 0;
	case 'x':
		/* -x, then -xx; more x's are -xx, as in strace. */
		opts->print.hex += opts->print.hex < HEX_ALL;
		return 0;
	case 'v':
		/* As strace: -v is abbrev=none, and the last of them counts. */
		opts->call_sets.abbrev = "none";
		return 0;
	case 'Y':
		opts->print.decode_pids = true;
		return 0;
	case 'i':
		opts->print.insn_ptr = true;
		return 0;
	case 'k':
		opts->stack_user = CALLGRAPH_DEFAULT_SIZE;
		opts->callchain = false;
		return 0;
	case 'n':
		opts->print.syscall_number = true;
		return 0;
	default:
		return -1;
	}
}

/* --absolute-timestamps[=FORMAT,PRECISION]: -t's long form (not beside it: options_parse). */
static int take_absolute(const char *arg, struct sct_options *opts)
{
	static const enum time_mode modes[] = {
		[STAMP_TIME] = TIME_SECONDS, [STAMP_UNIX] = TIME_EPOCH, [STAMP_NONE] = TIME_NONE,
	};
	enum stamp_format format;

	if (time_spec_absolute(arg, &format, &opts->print.stamp_precision))
		return SCT_EXIT_USAGE;
	/* strace's default here is seconds, whatever the format (-ttt's is us). */
	if (opts->print.stamp_precision == PREC_DEFAULT)
		opts->print.stamp_precision = PREC_S;
	opts->absolute_given = true;
	opts->print.time_mode = modes[format];
	return 0;
}

/* --strings-in-hex[=all|non-ascii|none]: -xx, -x, neither. */
static int take_strings_in_hex(const char *arg, struct sct_options *opts)
{
	static const struct {
		const char *name;
		enum hex_strings mode;
	} modes[] = { { "all", HEX_ALL }, { "non-ascii", HEX_NON_ASCII }, { "none", HEX_NONE } };
	char shown[ESCAPE_MSG_SIZE];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (!arg || !strcmp(arg, modes[i].name)) {
			opts->print.hex = modes[i].mode;
			return 0;
		}
	}
	if (!strcmp(arg, "non-ascii-chars"))
		diag("--strings-in-hex=non-ascii-chars: refused: sctrace writes a string's escapes in octal, or the whole string in hex (non-ascii, all)");
	else
		diag("bad --strings-in-hex '%s': give all, non-ascii or none, as strace",
		     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

/* strace's long names of -t, -r, -T and -x, with what their letters lack. */
static int take_strace_long(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case OPT_ABSOLUTE_TIMESTAMPS:
		return take_absolute(arg, opts);
	case OPT_RELATIVE_TIMESTAMPS:
		opts->print.time_mode = TIME_DELTA;
		return time_spec_precision("--relative-timestamps", arg,
					   &opts->print.stamp_precision) ? SCT_EXIT_USAGE : 0;
	case OPT_SYSCALL_TIMES:
		opts->print.durations = true;
		return time_spec_precision("--syscall-times", arg,
					   &opts->print.duration_precision) ? SCT_EXIT_USAGE : 0;
	case OPT_STRINGS_IN_HEX:
		return take_strings_in_hex(arg, opts);
	case OPT_VERBOSE:
		/* strace's --verbose=SET; alone, perf's debug output, which has no use here. */
		if (arg)
			return qualifier_long("verbose", arg, opts);
		diag("--verbose: refused: perf's debug messages; sctrace has none (--strict says when a trace is not whole); strace's --verbose=SET is taken");
		return SCT_EXIT_USAGE;
	default:
		return -1;
	}
}

static int take_faults(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	bool all = !strcmp(arg, "all");

	opts->faults_major = all || !strcmp(arg, "maj");
	opts->faults_minor = all || !strcmp(arg, "min");
	if (opts->faults_major || opts->faults_minor)
		return 0;
	diag("bad --pf '%s': give all, maj or min",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

/* SYSTEM:NAME, both parts non-empty; whether it exists is checked later. */
static int take_event(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	const char *colon = strchr(arg, ':');
	const char **more;

	if (!colon || colon == arg || !colon[1] || strchr(colon + 1, ':') ||
	    strchr(arg, '/')) {
		diag("bad --event '%s': give SYSTEM:NAME, like sched:sched_switch (see /sys/kernel/tracing/events)",
		     escape_str(shown, sizeof(shown), arg));
		return SCT_EXIT_USAGE;
	}
	more = realloc(opts->events, (opts->nr_events + 1) * sizeof(*more));
	if (!more)
		return diag_no_memory("--event");
	opts->events = more;
	opts->events[opts->nr_events++] = arg;
	return 0;
}

/* Options that add events to the trace. */
static int take_event_option(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case OPT_PF:
		return take_faults(arg, opts);
	case OPT_SCHED:
		opts->sched = true;
		return 0;
	case OPT_EVENT:
		return take_event(arg, opts);
	case OPT_COMM:
		opts->print.comm = true;
		return 0;
	case OPT_ENGINE:
		opts->engine_set = true;
		return options_engine(arg, opts);
	case OPT_JSON:
		opts->print.json = true;
		return 0;
	case OPT_FORMAT:
		return line_style_parse(arg, &opts->print.style);
	case OPT_CALL_GRAPH:
		return callgraph_parse(arg, &opts->stack_user, &opts->callchain);
	default:
		return -1;
	}
}

/* Which tasks, and how the command starts. */
static int take_target_option(int c, char *arg, struct sct_options *opts)
{
	switch (c) {
	case OPT_ALL_CPUS:
		opts->all_cpus = true;
		return 0;
	case OPT_CPU:
		return take_cpus(arg, opts);
	case 'p':
		return take_ids(arg, "pid", &opts->pids);
	case OPT_TID:
		return take_ids(arg, "tid", &opts->tids);
	case OPT_UID:
		opts->user = arg;
		opts->has_uid = true;
		return resolve_user(arg, opts);
	case 'u':
		return take_run_user(arg, opts);
	case 'E':
		return take_env(arg, opts);
	case 'f':
	case 'F':
		opts->follow_forks++;
		return 0;
	case OPT_OUTPUT_SEPARATELY:
		opts->pending.output_separately = true;
		return 0;
	case 'b':
		return take_detach(arg, opts);
	case 'I':
		return take_interruptible(arg, opts);
	case 'G':
		opts->cgroup = arg;
		return 0;
	case OPT_PIDNS_TRANSLATION:
		opts->print.pidns_translation = true;
		return 0;
	case OPT_DECODE_FDS:
		return qualifier_long("decode-fds", arg, opts);
	case OPT_DECODE_PIDS:
		return qualifier_long("decode-pids", arg, opts);
	case OPT_SECCOMP_BPF:
		return 0;
	default:
		return -1;
	}
}

/* strace -a COLUMN: where " = " goes. */
static int take_columns(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];
	unsigned long n;

	if (!count_parse(arg, COLUMNS_MAX, &n)) {
		opts->print.columns = n;
		return 0;
	}
	diag("bad -a '%s': expected a column from 1 to %lu, like 40",
	     escape_str(shown, sizeof(shown), arg), COLUMNS_MAX);
	return SCT_EXIT_USAGE;
}

/* strace -X raw|abbrev|verbose. */
static int take_const_style(const char *arg, struct sct_options *opts)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!constfmt_parse(arg, &opts->print.consts))
		return 0;
	diag("bad -X '%s': give raw, abbrev or verbose, as strace -X",
	     escape_str(shown, sizeof(shown), arg));
	return SCT_EXIT_USAGE;
}

/* strace's options that only wait for their behaviour, and -w. */
static int take_summary_option(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case 'a':
		return take_columns(arg, opts);
	case 'X':
		return take_const_style(arg, opts);
	case 'P':
		return take_path(arg, opts);
	case 'w':
		/* Durations are always enter to exit: wall-clock latency. */
		return 0;
	default:
		return -1;
	}
}

/* How sctrace itself runs, and where its output goes. */
static int take_run_option(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case 'm':
		return take_mmap_pages(arg, opts);
	case OPT_NO_INHERIT:
		opts->inherit = false;
		return 0;
	case OPT_STOP_AT_EXIT:
		opts->stop_at_exit = true;
		return 0;
	case OPT_NO_CONTENTS:
		opts->no_contents = true;
		return 0;
	case OPT_REALTIME:
		return take_realtime(arg, opts);
	case OPT_NO_REALTIME:
		opts->realtime = 0;
		opts->realtime_asked = false;
		return 0;
	case OPT_STRICT:
		opts->strict = true;
		return 0;
	case OPT_LOSSLESS:
		opts->lossless = true;
		return 0;
	case 'o':
		opts->output = arg;
		return 0;
	case 'A':
		opts->append = true;
		return 0;
	case OPT_INPUT:
		opts->input = arg;
		return 0;
	default:
		return -1;
	}
}

static int take_option(int c, char *arg, char *const *argv,
		       struct sct_options *opts)
{
	const struct refusal *no = find_refusal(refused, ARRAY_SIZE(refused), c);
	int ret;

	if (no)
		return refuse(no);
	ret = take_view_option(c, arg, opts);
	if (ret < 0)
		ret = take_strace_view(c, opts);
	if (ret < 0)
		ret = take_strace_long(c, arg, opts);
	if (ret < 0)
		ret = take_event_option(c, arg, opts);
	if (ret < 0)
		ret = take_target_option(c, arg, opts);
	if (ret < 0)
		ret = stats_spec_option(c, arg, &opts->print.stats);
	if (ret < 0)
		ret = take_summary_option(c, arg, opts);
	if (ret < 0)
		ret = take_run_option(c, arg, opts);
	if (ret >= 0)
		return ret;
	switch (c) {
	case 'e':
		return qualifier_expr(arg, opts);
	case 'h':
		fputs(usage_text, stdout);
		return SCT_EXIT_OK;
	case 'V':
	case OPT_VERSION:
		puts("sctrace " SCTRACE_VERSION);
		return SCT_EXIT_OK;
	default:
		return bad_option(argv);
	}
}

static int check_targets(const struct sct_options *opts)
{
	bool tasks = opts->pids.nr || opts->tids.nr || opts->has_uid;

	if (opts->all_cpus && tasks) {
		diag("--all-cpus traces every task, so -p, --tid and --uid make no sense with it; drop one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->command && tasks) {
		diag("give either a command or existing tasks (-p, --tid, --uid), not both");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.json && opts->print.style == LINE_STYLE_STRACE) {
		diag("--format=strace shapes text lines, and --json writes JSON: drop one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.json && (opts->print.summary_only || opts->print.with_summary)) {
		diag("--json writes events, not tables: drop -c, -C or --errno-summary, or --json");
		return SCT_EXIT_USAGE;
	}
	if (opts->input && (opts->command || tasks || opts->all_cpus || opts->has_cpus)) {
		diag("--input replays a file: it takes no command, -p, --tid, --uid, --all-cpus or --cpu");
		return SCT_EXIT_USAGE;
	}
	if ((opts->run_user || opts->nr_env) && !opts->command) {
		diag("%s sets up a command sctrace starts, and there is none: give one after '--'",
		     opts->run_user ? "-u" : "-E");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.paths.nr && opts->no_contents) {
		diag("-P reads the paths calls name, and --no-contents reads none: drop one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.dumps && opts->no_contents) {
		diag("-e read= and -e write= dump the data calls move, and --no-contents reads none: drop one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.paths.nr && (opts->print.summary_only || opts->print.with_summary)) {
		diag("-P chooses the calls shown, and the summary counts every call: drop -c/-C or -P");
		return SCT_EXIT_USAGE;
	}
	if (opts->separate && (opts->print.json || opts->print.summary_only ||
			       opts->print.with_summary || opts->input)) {
		diag("-ff writes each task's lines to FILE.TID: it takes no --json, -c, -C or --input; drop -ff or them");
		return SCT_EXIT_USAGE;
	}
	if (opts->append && !opts->output) {
		diag("-A appends to the file -o names, and there is none: give -o FILE");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.failures_only && opts->print.successes_only) {
		diag("-z shows only calls that succeeded, -Z (--failure) only those that failed: give one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->lossless && !opts->command) {
		diag("--lossless holds back a command sctrace starts, and there is none: give one after '--', or drop --lossless");
		return SCT_EXIT_USAGE;
	}
	if (opts->lossless && opts->mmap_pages < LOSSLESS_MIN_PAGES) {
		diag("--lossless needs rings of at least %u pages, and -m gave %u: a smaller ring fills in the time it takes to hold the command back; give -m %u or more, or drop --lossless",
		     LOSSLESS_MIN_PAGES, opts->mmap_pages, LOSSLESS_MIN_PAGES);
		return SCT_EXIT_BAD_MMAP;
	}
	if (opts->cgroup && (opts->command || tasks || opts->input)) {
		diag("--cgroup traces the tasks of a cgroup, system-wide, live: it takes no command, -p, --tid, --uid or --input");
		return SCT_EXIT_USAGE;
	}
	if (opts->input)
		return OPTIONS_PARSED;
	if (!opts->command && !tasks && !opts->all_cpus && !opts->has_cpus && !opts->cgroup) {
		diag("nothing to trace: give a command after '--', or -p, --tid, --uid, --all-cpus or --cpu; see 'sctrace --help'");
		return SCT_EXIT_USAGE;
	}
	return OPTIONS_PARSED;
}

int options_parse(int argc, char **argv, struct sct_options *opts)
{
	int c, index;

	memset(opts, 0, sizeof(*opts));
	opts->mmap_pages = MMAP_PAGES_DEFAULT;
	opts->string_limit = STRING_LIMIT_DEFAULT;
	opts->print.signals = SIG_SET_ALL;
	opts->inherit = true;
	opts->realtime = REALTIME_DEFAULT;
	opterr = 0;
	/* '+': the first non-option starts the command, as with strace. */
	while ((c = getopt_long(argc, argv, SHORT_OPTIONS, long_options, &index)) != -1) {
		/* strace's --QUALIFIER=SET, as its -e QUALIFIER=SET. */
		int ret = c == OPT_QUALIFIER ? qualifier_long(long_options[index].name, optarg, opts) :
			  take_option(c, optarg, argv, opts);

		if (ret != 0 || c == 'h' || c == 'V' || c == OPT_VERSION)
			return ret;
	}
	if (opts->quiet && opts->quiet_set) {
		diag("-q and -e quiet= both say which messages to hide: give one of them, as strace does");
		return SCT_EXIT_USAGE;
	}
	if (opts->clock_ticks && opts->absolute_given) {
		diag("-t and --absolute-timestamps both say how times look: give one of them, as strace does");
		return SCT_EXIT_USAGE;
	}
	stats_spec_check(&opts->print.stats);
	/* As strace: -ff alone is -f; --output-separately alone says so. */
	opts->separate = opts->output && (opts->follow_forks >= 2 || opts->pending.output_separately);
	if (opts->pending.output_separately && !opts->output)
		diag("--output-separately has no effect without -o FILE, as with strace");
	if (optind < argc)
		opts->command = argv + optind;
	if (opts->print.style == LINE_STYLE_STRACE) {
		if (!opts->print.columns)
			opts->print.columns = LINE_STYLE_STRACE_COLUMNS;
		opts->print.pid_column = opts->output && opts->follow_forks && !opts->separate;
	}
	/* -P tells a call's fds as -y does: it follows them. */
	if (opts->print.paths.nr) {
		opts->print.fds_unshown = !opts->print.fds;
		opts->print.fds = true;
	}
	/* As perf trace: the errno counts are part of a summary. */
	if (opts->print.errno_summary && !opts->print.with_summary)
		opts->print.summary_only = true;
	return check_targets(opts);
}

/*
 * "sctrace record ...": the same options, -o names the perf.data file
 * (perf.data by default); what only shapes printed lines has no place.
 */
int options_parse_record(int argc, char **argv, struct sct_options *opts)
{
	int ret = options_parse(argc, argv, opts);

	if (ret != OPTIONS_PARSED)
		return ret;
	if (opts->input) {
		diag("record writes a file and --input reads one: use 'sctrace --input FILE' to replay");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.json || opts->print.summary_only || opts->print.with_summary) {
		diag("record prints nothing: give --json, -c or -C when replaying with 'sctrace --input FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.paths.nr) {
		diag("record keeps every event: give -P when replaying with 'sctrace --input FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->call_sets.raw || opts->call_sets.abbrev || opts->call_sets.verbose) {
		diag("record reads every call as a replay expects it: give -v, -e raw=, abbrev= or verbose= when replaying with 'sctrace --input FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.dumps) {
		diag("record prints nothing: give -e read= or -e write= when replaying with 'sctrace --input FILE' (the data is in the recording)");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.fds) {
		diag("record prints nothing: give -y when replaying with 'sctrace --input FILE' (the paths come from the recorded calls)");
		return SCT_EXIT_USAGE;
	}
	/* They choose what is shown, not what is recorded: a file has it all. */
	if (opts->print.failures_only || opts->print.successes_only ||
	    opts->print.min_duration_ns || opts->print.max_events) {
		diag("record keeps every event: give --failure, -z, --duration or --max-events when replaying with 'sctrace --input FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.hidden_status) {
		diag("record keeps every event: give -e status= when replaying with 'sctrace --input FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->separate) {
		diag("record writes one perf.data file, not one per task: drop -ff");
		return SCT_EXIT_USAGE;
	}
	opts->record = true;
	opts->output = opts->output ?: "perf.data";
	return OPTIONS_PARSED;
}

void options_free(struct sct_options *opts)
{
	id_list_free(&opts->pids);
	id_list_free(&opts->tids);
	cpu_list_free(&opts->cpus);
	free(opts->events);
	opts->events = NULL;
	free(opts->env);
	opts->env = NULL;
	path_list_free(&opts->print.paths);
}
