// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "beauty.h"
#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "outcome.h"
#include "strict.h"
#include "target.h"

/* How the command ended, for a message the trace itself could not hold. */
static void command_end(const struct session *s, char *buf, size_t len)
{
	char name[SIGNAL_NAME_MAX];

	if (!s->child)
		snprintf(buf, len, "no command was traced");
	else if (!s->child_done)
		snprintf(buf, len, "the command (pid %d) was still running", (int)s->child);
	else if (WIFSIGNALED(s->child_status))
		snprintf(buf, len, "the command was traced to its end: killed by %s",
			 signal_name(WTERMSIG(s->child_status), name, sizeof(name)));
	else
		snprintf(buf, len, "the command was traced to its end: exited with %d",
			 WEXITSTATUS(s->child_status));
}

/*
 * The output failed (a full disk, a closed pipe): tracing went on, and
 * what could not be written is counted. Exit 74 says the trace is cut.
 */
static int output_failed(const struct outcome *o, const char *what, int error)
{
	char end[128], shown[ESCAPE_PATH_SIZE], why[128], name[SIGNAL_NAME_MAX];
	const char *where = o->output ?: "stderr";

	if (!strcmp(where, "-"))
		where = "stdout";
	command_end(o->session, end, sizeof(end));
	/* ECANCELED: given up, blocked (nobody read it) when a signal came. */
	if (error == ECANCELED)
		snprintf(why, sizeof(why), "it blocked (nobody read it) when %s came, so sctrace gave it up",
			 signal_name(o->session->stop_signal, name, sizeof(name)));
	else
		snprintf(why, sizeof(why), "%s", strerror(error));
	diag("cannot write the %s to '%s': %s; the %s is incomplete: at least %llu later events not written (%s)",
	     what, escape_str(shown, sizeof(shown), where), why, what,
	     (unsigned long long)o->session->unwritten, end);
	return sct_exit_status(-error, SCT_EXIT_IO);
}

/* The trace ends while processes of the command run on: never silently. */
static void say_untraced(const struct session *s, size_t left)
{
	char name[SIGNAL_NAME_MAX];

	if (s->stop_signal)
		diag("stopped by %s, forwarded to the command (pid %d): %zu of its processes outlived it and run on, no longer traced",
		     signal_name(s->stop_signal, name, sizeof(name)), (int)s->child, left);
	else
		diag("the command (pid %d) exited, and --stop-at-exit ended the trace: %zu %s it started %s on, no longer traced",
		     (int)s->child, left, left == 1 ? "process" : "processes",
		     left == 1 ? "runs" : "run");
}

/* --lossless lost events: a process it could not hold back is named. */
static void say_escaped(const struct session *s)
{
	char shown[ESCAPE_MSG_SIZE];

	if (!s->hold || !s->hold->escaped)
		return;
	diag("--lossless could not hold back '%s' (pid %d): it moved itself out of the cgroup that holds the command back, and what it did while sctrace fell behind was lost; leave the command's processes in their cgroup",
	     escape_str(shown, sizeof(shown), s->hold->escaped_comm), (int)s->hold->escaped);
}

/* --strict: a gate gets a non-zero status for a trace that is not whole. */
static int strict_status(const struct outcome *o, size_t left, int status)
{
	const struct session *s = o->session;
	const struct trace_gaps gaps = {
		.lost = o->printer->lost, .lost_task_records = o->printer->lost_task_records,
		.unfinished = s->unfinished, .untraced = left, .malformed = s->malformed,
	};
	char end[128];

	if (!o->strict)
		return status;
	command_end(s, end, sizeof(end));
	return strict_verdict(&gaps, end, status);
}

static int command_status(const struct session *s)
{
	/* A command that outlived the signal: report the signal, like a shell. */
	if (s->child && !s->child_done)
		return 128 + s->stop_signal;
	if (!s->child_done)
		return SCT_EXIT_OK;
	if (WIFSIGNALED(s->child_status))
		return 128 + WTERMSIG(s->child_status);
	return WEXITSTATUS(s->child_status);
}

/* err: why the session stopped tracing, or 0. */
int outcome_status(const struct outcome *o, int err)
{
	const struct session *s = o->session;
	size_t left;
	int ret;

	if (err)
		diag("tracing stopped: %s", strerror(-err));
	if (s->child_done)
		printer_exit_status(o->printer, s->child, s->child_status);
	/* Once sctrace, their subreaper, has no child, none can be left. */
	left = s->child && !s->tree_gone ? descendants_alive(getpid(), s->hold ? s->hold->guard_pid : 0) : 0;
	if (left)
		printer_untraced(o->printer, s->child, s->stop_signal, left);
	printer_summary(o->printer);
	if (o->rec && o->rec->writer.out.error)
		return output_failed(o, "recording", o->rec->writer.out.error);
	ret = o->rec && !err ? recording_finish(o->rec, o->events, o->spec) : 0;
	if (ret)
		return ret;
	printer_flush(o->printer);
	printer_tell_lost(o->printer);
	if (o->printer->lost)
		say_escaped(s);
	if (s->malformed)
		diag("skipped %llu malformed records", (unsigned long long)s->malformed);
	if (o->out->error)
		return output_failed(o, "trace", o->out->error);
	if (err)
		return sct_exit_status(err, SCT_EXIT_PERF);
	if (left)
		say_untraced(s, left);
	return strict_status(o, left, command_status(s));
}
