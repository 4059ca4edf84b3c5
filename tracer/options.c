// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "options.h"
#include "printer.h"
#include "usage.h"

enum {
	OPT_NO_INHERIT = 256, OPT_VERSION, OPT_TIME, OPT_DURATION_COLUMN,
	OPT_FAILURE, OPT_DURATION, OPT_MAX_EVENTS, OPT_ERRNO_SUMMARY, OPT_RAW,
	OPT_SCHED, OPT_EVENT, OPT_COMM, OPT_JSON, OPT_STOP_AT_EXIT,
	OPT_STRICT, OPT_NO_CONTENTS, OPT_STRING_LIMIT, OPT_REALTIME,
	OPT_NO_REALTIME, OPT_LOSSLESS,
};

/* --max-events: any count a run could reach, short of overflow games. */
#define MAX_EVENTS_MAX (1ul << 48)
/* Bytes of a string or buffer the BPF program reads at most (CT_MAX_ITEM). */
#define STRING_LIMIT_MAX 4096ul
/* SCHED_FIFO's priorities run from 1 to 99. */
#define REALTIME_MAX 99ul

static const struct option long_options[] = {
	{ "all-cpus",	no_argument,		NULL, 'a' },
	{ "comm",	no_argument,		NULL, OPT_COMM },
	{ "cpu",	required_argument,	NULL, 'C' },
	{ "decode-fds",	no_argument,		NULL, 'y' },
	{ "duration",	required_argument,	NULL, OPT_DURATION },
	{ "duration-column", no_argument,	NULL, OPT_DURATION_COLUMN },
	{ "errno-summary", no_argument,		NULL, OPT_ERRNO_SUMMARY },
	{ "event",	required_argument,	NULL, OPT_EVENT },
	{ "expr",	required_argument,	NULL, 'e' },
	{ "failure",	no_argument,		NULL, OPT_FAILURE },
	{ "help",	no_argument,		NULL, 'h' },
	{ "input",	required_argument,	NULL, 'i' },
	{ "json",	no_argument,		NULL, OPT_JSON },
	{ "lossless",	no_argument,		NULL, OPT_LOSSLESS },
	{ "max-events",	required_argument,	NULL, OPT_MAX_EVENTS },
	{ "mmap-pages",	required_argument,	NULL, 'm' },
	{ "no-contents", no_argument,		NULL, OPT_NO_CONTENTS },
	{ "no-inherit",	no_argument,		NULL, OPT_NO_INHERIT },
	{ "no-realtime", no_argument,		NULL, OPT_NO_REALTIME },
	{ "output",	required_argument,	NULL, 'o' },
	{ "pf",		required_argument,	NULL, 'F' },
	{ "pid",	required_argument,	NULL, 'p' },
	{ "raw",	no_argument,		NULL, OPT_RAW },
	{ "realtime",	required_argument,	NULL, OPT_REALTIME },
	{ "sched",	no_argument,		NULL, OPT_SCHED },
	{ "stop-at-exit", no_argument,		NULL, OPT_STOP_AT_EXIT },
	{ "strict",	no_argument,		NULL, OPT_STRICT },
	{ "string-limit", required_argument,	NULL, OPT_STRING_LIMIT },
	{ "summary",	no_argument,		NULL, 's' },
	{ "tid",	required_argument,	NULL, 't' },
	{ "time",	optional_argument,	NULL, OPT_TIME },
	{ "uid",	required_argument,	NULL, 'u' },
	{ "version",	no_argument,		NULL, OPT_VERSION },
	{ "with-summary", no_argument,		NULL, 'S' },
	{ NULL, 0, NULL, 0 },
};

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
	char shown[ESCAPE_MSG_SIZE];

	escape_str(shown, sizeof(shown), given);
	/* A long option's optopt is its value, which may be past 255. */
	if (optopt && given[1] == '-' && strchr(given, '='))
		diag("option '%s' takes no value; see 'sctrace --help'", shown);
	else if (optopt && (given[1] == '-' || strchr("CeFimoptu", optopt)))
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

/* Options that only change what is shown. */
static int take_view_option(int c, const char *arg, struct sct_options *opts)
{
	switch (c) {
	case OPT_TIME:
		return take_time(arg, opts);
	case OPT_DURATION_COLUMN:
		opts->print.durations = true;
		return 0;
	case OPT_FAILURE:
		opts->print.failures_only = true;
		return 0;
	case OPT_DURATION:
		return take_duration(arg, opts);
	case OPT_MAX_EVENTS:
		return take_max_events(arg, opts);
	case 's':
		opts->print.summary_only = true;
		return 0;
	case 'S':
		opts->print.with_summary = true;
		return 0;
	case OPT_ERRNO_SUMMARY:
		opts->print.errno_summary = true;
		return 0;
	case OPT_RAW:
		opts->raw = true;
		return 0;
	case 'y':
		opts->print.fds = true;
		return 0;
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
	diag("bad -F/--pf '%s': give all, maj or min",
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
	case 'F':
		return take_faults(arg, opts);
	case OPT_SCHED:
		opts->sched = true;
		return 0;
	case OPT_EVENT:
		return take_event(arg, opts);
	case OPT_COMM:
		opts->print.comm = true;
		return 0;
	case OPT_JSON:
		opts->print.json = true;
		return 0;
	default:
		return -1;
	}
}

static int take_option(int c, const char *arg, char *const *argv,
		       struct sct_options *opts)
{
	int ret = take_view_option(c, arg, opts);

	if (ret < 0)
		ret = take_event_option(c, arg, opts);
	if (ret >= 0)
		return ret;
	switch (c) {
	case 'a':
		opts->all_cpus = true;
		return 0;
	case 'C':
		return take_cpus(arg, opts);
	case 'e':
		opts->expr = arg;
		return 0;
	case 'h':
		fputs(usage_text, stdout);
		return SCT_EXIT_OK;
	case 'i':
		opts->input = arg;
		return 0;
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
	case OPT_STRING_LIMIT:
		return take_string_limit(arg, opts);
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
	case 'p':
		return take_ids(arg, "pid", &opts->pids);
	case 't':
		return take_ids(arg, "tid", &opts->tids);
	case 'u':
		opts->user = arg;
		opts->has_uid = true;
		return resolve_user(arg, opts);
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
		diag("-a traces every task, so -p, -t and -u make no sense with it; drop one of them");
		return SCT_EXIT_USAGE;
	}
	if (opts->command && tasks) {
		diag("give either a command or existing tasks (-p, -t, -u), not both");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.json && (opts->print.summary_only || opts->print.with_summary)) {
		diag("--json writes events, not tables: drop -s, -S or --errno-summary, or --json");
		return SCT_EXIT_USAGE;
	}
	if (opts->input && (opts->command || tasks || opts->all_cpus || opts->has_cpus)) {
		diag("-i replays a file: it takes no command, -p, -t, -u, -a or -C");
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
	if (opts->input)
		return OPTIONS_PARSED;
	if (!opts->command && !tasks && !opts->all_cpus && !opts->has_cpus) {
		diag("nothing to trace: give a command after '--', or -p, -t, -u, -a or -C; see 'sctrace --help'");
		return SCT_EXIT_USAGE;
	}
	return OPTIONS_PARSED;
}

int options_parse(int argc, char **argv, struct sct_options *opts)
{
	int c;

	memset(opts, 0, sizeof(*opts));
	opts->mmap_pages = MMAP_PAGES_DEFAULT;
	opts->string_limit = STRING_LIMIT_DEFAULT;
	opts->inherit = true;
	opts->realtime = REALTIME_DEFAULT;
	opterr = 0;
	/* '+': the first non-option starts the command, as with strace. */
	while ((c = getopt_long(argc, argv, "+aC:e:F:hi:m:o:p:sSt:u:y", long_options, NULL)) != -1) {
		int ret = take_option(c, optarg, argv, opts);

		if (ret != 0 || c == 'h' || c == OPT_VERSION)
			return ret;
	}
	if (optind < argc)
		opts->command = argv + optind;
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
		diag("record writes a file and -i reads one: use 'sctrace -i FILE' to replay");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.json || opts->print.summary_only || opts->print.with_summary) {
		diag("record prints nothing: give --json, -s or -S when replaying with 'sctrace -i FILE'");
		return SCT_EXIT_USAGE;
	}
	if (opts->print.fds) {
		diag("record prints nothing: give -y when replaying with 'sctrace -i FILE' (the paths come from the recorded calls)");
		return SCT_EXIT_USAGE;
	}
	/* They choose what is shown, not what is recorded: a file has it all. */
	if (opts->print.failures_only || opts->print.min_duration_ns ||
	    opts->print.max_events) {
		diag("record keeps every event: give --failure, --duration or --max-events when replaying with 'sctrace -i FILE'");
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
}
