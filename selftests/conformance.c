// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoint conformance: every row of workloads/conformance.tbl for this
 * arch, one KTAP result each (conformance.NAME). The workload calls each
 * syscall by number and writes what it passed and got back; here that is
 * compared with:
 *  - sctrace --raw's line for the call: its name, its arguments as numbers
 *    (named and counted as the kernel's syscalls:sys_enter_NAME format
 *    says), its result and errno;
 *  - sctrace's decoded line: the name and the result;
 *  - sctrace's table: the number's name, and the tracepoint it looks for;
 *  - the kernel: raw_syscalls:sys_enter and syscalls:sys_enter_NAME agree
 *    on the number and every argument (tp_agree). A kernel without the
 *    tracepoint must answer ENOSYS.
 * And every syscalls:sys_enter_* tracepoint of the running kernel must be
 * some row's (conformance.every_tracepoint_has_a_row).
 *
 * Environment: SCTRACE (build/sctrace), WORKLOADS (build/workloads),
 * CONF_OUT (build/conformance): where the traces and expected lines go.
 */
#include <dirent.h>
#include <errno.h>
#include <libaudit.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "compiler.h"
#include "conformance.h"
#include "kselftest.h"
#include "syscall_table.h"
#include "sysent.h"
#include "testlib.h"
#include "tp_agree.h"
#include "tracefs.h"

#define MAX_NR 1024
#define AGREE_BATCH 16

struct row {
	const char *name;
	long nr;
	const char *tp;
	const char *expect;
	const char *skip;
};

#define ROW(name, nr, tp, expect, skip, args) { #name, nr, tp, expect, skip },
static const struct row rows[] = {
#include "conformance_rows.h"
};
#undef ROW

#define NR_ROWS ARRAY_SIZE(rows)

/* What the workload said it passed and got (conformance.c's lines). */
struct expected {
	bool called;
	int died;		/* the signal that killed its child, or 0 */
	long ret;
	char err[32];		/* errno name, or "-" */
	unsigned long args[6];
};

/* The kernel's syscalls:sys_enter_NAME format: its arguments. */
struct format {
	bool exists;
	int nargs;
	char names[6][48];
	int bits[6];		/* the C type's width: 16, 32 or 64 */
};

struct verdict {
	struct expected raw_exp, dec_exp;
	char *raw_line, *dec_line;	/* the call's line, [pid N] cut off */
	bool raw_end, dec_end;		/* its after-marker was seen */
	struct format fmt;
	int nr_why;
	char why[4][400];
};

static struct verdict verdicts[NR_ROWS];
static struct tp_nr_result by_nr[MAX_NR];

static void __printf(2, 3) fail(struct verdict *v, const char *fmt, ...)
{
	va_list ap;

	if (v->nr_why == ARRAY_SIZE(v->why))
		return;
	va_start(ap, fmt);
	vsnprintf(v->why[v->nr_why++], sizeof(v->why[0]), fmt, ap);
	va_end(ap);
}

static int row_of(const char *name)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].name, name))
			return i;
	return -1;
}

static void read_expected(const char *path, bool raw)
{
	char *text = read_file(path), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char what[8], name[64], err[32];
		struct expected e = { 0 };
		long nr;
		int i;

		if (sscanf(line, "%7s %63s", what, name) != 2)
			continue;
		i = row_of(name);
		if (i < 0)
			continue;
		if (!strcmp(what, "died")) {
			e.died = atoi(line + strlen("died ") + strlen(name) + 1);
		} else if (sscanf(line, "call %*s %ld %ld %31s %lx %lx %lx %lx %lx %lx",
				  &nr, &e.ret, err, &e.args[0], &e.args[1], &e.args[2],
				  &e.args[3], &e.args[4], &e.args[5]) == 9) {
			e.called = true;
			snprintf(e.err, sizeof(e.err), "%s", err);
		} else {
			continue;
		}
		if (raw)
			verdicts[i].raw_exp = e;
		else
			verdicts[i].dec_exp = e;
	}
	free(text);
}

/* A marker line: getpriority(which: CONF_MARK_WHICH, who: W); its W. */
static bool marker(const char *line, long *who)
{
	char which[32];
	const char *at;

	snprintf(which, sizeof(which), "which: %d, who: ", CONF_MARK_WHICH);
	at = strncmp(line, "getpriority(", 12) ? NULL : strstr(line, which);
	if (!at)
		return false;
	*who = strtol(at + strlen(which), NULL, 10);
	return *who != 0;
}

struct task_state {
	long tid;
	int row;		/* waiting for this row's call line, or -1 */
	char *open;		/* an unfinished line waiting to be resumed */
};

static struct task_state *task_of(struct task_state *tasks, size_t *n, long tid)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (tasks[i].tid == tid)
			return &tasks[i];
	tasks[*n] = (struct task_state){ .tid = tid, .row = -1 };
	return &tasks[(*n)++];
}

/*
 * Joins "name(args <unfinished ...>" with "<... name resumed>REST". Returns
 * the whole line (malloc'd), or NULL while the call is still open.
 */
static char *whole_line(struct task_state *t, const char *line)
{
	static const char unfinished[] = " <unfinished ...>";
	size_t len = strlen(line), cut = strlen(unfinished);
	const char *rest;
	char *joined;

	if (len >= cut && !strcmp(line + len - cut, unfinished)) {
		free(t->open);
		t->open = strndup(line, len - cut);
		return NULL;
	}
	rest = strncmp(line, "<... ", 5) ? NULL : strstr(line, " resumed>");
	if (rest && t->open) {
		rest += strlen(" resumed>");
		if (asprintf(&joined, "%s%s", t->open, rest) < 0)
			joined = NULL;
		free(t->open);
		t->open = NULL;
		return joined;
	}
	return strdup(line);
}

/*
 * A signal handler's return, unless it is the row's own call: s390x's
 * handlers without SA_SIGINFO return through sigreturn, the others
 * through rt_sigreturn.
 */
static bool handler_return(const char *line, const char *row_name)
{
	static const char *const names[] = { "rt_sigreturn", "sigreturn" };
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		len = strlen(names[i]);
		if (!strncmp(line, names[i], len) && line[len] == '(')
			return strcmp(row_name, names[i]) != 0;
	}
	return false;
}

/*
 * Each row's call line: the first line of the task after the row's
 * before-marker. Signal handlers' returns and signal lines between are
 * passed over (the {interrupt} rows).
 */
static void read_trace(const char *path, bool raw)
{
	static struct task_state tasks[4096];
	char *text = read_file(path), *line, *save = NULL;
	size_t nr_tasks = 0, i;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct task_state *t;
		long tid = 0, who;
		char *whole;

		if (!strncmp(line, "[pid ", 5)) {
			tid = strtol(line + 5, &line, 10);
			line += strspn(line, "] ");
		}
		if (nr_tasks == ARRAY_SIZE(tasks))
			break;
		t = task_of(tasks, &nr_tasks, tid);
		if (!strncmp(line, "---", 3) || !strncmp(line, "+++", 3))
			continue;
		whole = whole_line(t, line);
		if (!whole)
			continue;
		if (marker(whole, &who) && who > 0 && who <= (long)NR_ROWS) {
			t->row = who - 1;
		} else if (marker(whole, &who) && who < 0 && -who <= (long)NR_ROWS) {
			if (raw)
				verdicts[-who - 1].raw_end = true;
			else
				verdicts[-who - 1].dec_end = true;
		} else if (t->row >= 0 && !handler_return(whole, rows[t->row].name)) {
			char **slot = raw ? &verdicts[t->row].raw_line : &verdicts[t->row].dec_line;

			free(*slot);
			*slot = whole;
			whole = NULL;
			t->row = -1;
		}
		free(whole);
	}
	for (i = 0; i < nr_tasks; i++)
		free(tasks[i].open);
	free(text);
}

/* The width of an argument's C type, as the kernel declares it. */
static int type_bits(const char *type)
{
	static const char *const bits32[] = {
		"int", "unsigned int", "unsigned", "pid_t", "uid_t", "gid_t",
		"qid_t", "key_serial_t", "key_t", "mqd_t", "clockid_t", "timer_t",
		"rwf_t", "u32", "__u32", "s32", "__s32",
	};
	static const char *const bits16[] = { "umode_t", "unsigned short", "u16", "__u16" };
	size_t i;

	if (strchr(type, '*'))
		return 64;
	while (!strncmp(type, "const ", 6))
		type += 6;
	if (!strncmp(type, "enum ", 5))
		return 32;
	for (i = 0; i < ARRAY_SIZE(bits32); i++)
		if (!strcmp(type, bits32[i]))
			return 32;
	for (i = 0; i < ARRAY_SIZE(bits16); i++)
		if (!strcmp(type, bits16[i]))
			return 16;
	return 64;
}

/*
 * "field:TYPE NAME;\toffset:..." lines after __syscall_nr. Read here,
 * apart from sctrace's own reading of them.
 */
static void read_format(const struct tracefs *tfs, const char *tp, struct format *f)
{
	char event[96], *text, *line, *save = NULL;
	bool after_nr = false;
	size_t len;

	memset(f, 0, sizeof(*f));
	snprintf(event, sizeof(event), "sys_enter_%s", tp);
	text = tracefs_read_format(tfs, "syscalls", event, &len);
	if (!text)
		return;
	f->exists = true;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *decl = strstr(line, "field:"), *end, *name;

		if (!decl)
			continue;
		decl += 6;
		end = strchr(decl, ';');
		if (!end)
			continue;
		*end = '\0';
		name = strrchr(decl, ' ');
		if (!name)
			continue;
		*name++ = '\0';
		if (!strcmp(name, "__syscall_nr")) {
			after_nr = true;
			continue;
		}
		if (!after_nr || f->nargs == 6)
			continue;
		snprintf(f->names[f->nargs], sizeof(f->names[0]), "%s", name);
		f->bits[f->nargs++] = type_bits(decl);
	}
	free(text);
}

struct parsed {
	char name[64];
	int nargs;
	char arg_names[6][48];
	char values[6][64];
	const char *result;	/* after " = " */
};

/* "name(a: 1, b: 0x2) = RESULT" into its parts; false if not that shape. */
static bool parse_line(const char *line, struct parsed *p)
{
	const char *open = strchr(line, '('), *s, *start;
	int depth = 1;

	memset(p, 0, sizeof(*p));
	if (!open || open - line >= (long)sizeof(p->name))
		return false;
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(open - line), line);
	start = s = open + 1;
	for (; *s && depth; s++) {
		bool sep = false;

		if (*s == '(' || *s == '[' || *s == '{')
			depth++;
		else if (*s == ')' || *s == ']' || *s == '}')
			sep = --depth == 0;
		else if (*s == ',' && depth == 1)
			sep = true;
		if (!sep || s == start)
			continue;
		if (p->nargs < 6) {
			const char *colon = memchr(start, ':', s - start);

			if (!colon)
				return false;
			snprintf(p->arg_names[p->nargs], sizeof(p->arg_names[0]), "%.*s",
				 (int)(colon - start), start);
			colon += 1 + (colon[1] == ' ');
			snprintf(p->values[p->nargs], sizeof(p->values[0]), "%.*s",
				 (int)(s - colon), colon);
		}
		p->nargs++;
		start = s + 1 + (s[1] == ' ');
	}
	if (depth || strncmp(s, " = ", 3))
		return false;
	p->result = s + 3;
	return true;
}

static bool parse_number(const char *text, unsigned long *val)
{
	char *end;

	if (!strcmp(text, "NULL")) {
		*val = 0;
		return true;
	}
	errno = 0;
	*val = text[0] == '-' ? (unsigned long)strtol(text, &end, 0) : strtoul(text, &end, 0);
	return !errno && end != text && *end == '\0';
}

static unsigned long masked(unsigned long v, int bits)
{
	return bits == 64 ? v : v & ((1UL << bits) - 1);
}

/* sctrace's result text against what the workload got. */
static bool same_result(const char *result, const struct expected *e, bool noreturn)
{
	char want[48];
	unsigned long val;
	char *end;

	if (noreturn)
		return !strcmp(result, "?");
	if (e->ret == -1) {
		snprintf(want, sizeof(want), "-1 %s (", e->err);
		if (!strncmp(result, want, strlen(want)))
			return true;
		/* The tracepoint sees the restart code a signal turned into EINTR. */
		return !strcmp(e->err, "EINTR") && !strncmp(result, "? ERESTART", 10);
	}
	errno = 0;
	val = strtoul(result, &end, 0);
	return !errno && end != result && (*end == '\0' || *end == ' ') &&
	       val == (unsigned long)e->ret;
}

/* The table's EXPECT: alternatives of -ENAME, a number, >=0 or ?. */
static bool expected_outcome(const char *expect, const struct expected *e)
{
	char buf[128], *alt, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", expect);
	for (alt = strtok_r(buf, "|", &save); alt; alt = strtok_r(NULL, "|", &save)) {
		if (!strcmp(alt, "?") ||
		    (!strcmp(alt, ">=0") && e->ret >= 0) ||
		    (alt[0] == '-' && alt[1] == 'E' && e->ret == -1 && !strcmp(alt + 1, e->err)) ||
		    (alt[0] != '-' && alt[0] != '>' && e->ret == strtol(alt, NULL, 10)) ||
		    (alt[0] == '-' && alt[1] != 'E' && e->ret == strtol(alt, NULL, 10)))
			return true;
	}
	return false;
}

static void outcome_text(const struct expected *e, char *buf, size_t len)
{
	if (e->ret == -1)
		snprintf(buf, len, "-%s", e->err);
	else
		snprintf(buf, len, "%ld", e->ret);
}

/* sctrace's own table: the number's name, and the tracepoint it reads. */
static void judge_table(size_t i, int machine)
{
	const struct row *r = &rows[i];
	struct verdict *v = &verdicts[i];
	const char *ours = syscall_name(machine, r->nr);

	if (!ours || strcmp(ours, r->name))
		fail(v, "sctrace's table names %ld '%s', the kernel's table '%s'",
		     r->nr, ours ?: "(nothing)", r->name);
	else if (strcmp(syscall_tracepoint_name(machine, ours), r->tp))
		fail(v, "sctrace reads syscalls:sys_enter_%s for %s, the kernel's tracepoint is sys_enter_%s",
		     syscall_tracepoint_name(machine, ours), r->name, r->tp);
}

/*
 * ppc64's kernel fires no raw_syscalls:sys_enter for a number past its
 * table (do_syscall_trace_enter skips it), only the exit: such a call,
 * without a tracepoint, must show as exactly this lone exit, ENOSYS.
 */
static bool lone_exit_past_table(const struct row *r, const struct verdict *v,
				 int machine, const char *line)
{
	char want[128];

	snprintf(want, sizeof(want), "<... %s resumed>) = -1 ENOSYS", r->name);
	return machine == MACH_PPC64LE && !v->fmt.exists && line &&
	       !strncmp(line, want, strlen(want));
}

static void judge_raw(size_t i, int machine)
{
	const struct row *r = &rows[i];
	struct verdict *v = &verdicts[i];
	const struct expected *e = &v->raw_exp;
	bool noreturn = !strcmp(r->expect, "?");
	struct parsed p;
	char got[48];
	int a;

	outcome_text(e, got, sizeof(got));
	judge_table(i, machine);
	if (!v->fmt.exists && !(e->ret == -1 && !strcmp(e->err, "ENOSYS")))
		fail(v, "no syscalls:sys_enter_%s, yet the kernel answered %s, not ENOSYS: a call without its tracepoint, or the table's TP is wrong",
		     r->tp, got);
	if (v->fmt.exists && !expected_outcome(r->expect, e))
		fail(v, "the kernel answered %s where the table expects %s", got, r->expect);
	if (!v->raw_line) {
		fail(v, "sctrace --raw shows no call after the row's marker");
		return;
	}
	if (!noreturn && !v->raw_end)
		fail(v, "sctrace --raw shows no marker after the call");
	if (lone_exit_past_table(r, v, machine, v->raw_line)) {
		printf("# conformance.%s: no raw_syscalls:sys_enter for %ld, past ppc64's table: its exit alone, ENOSYS\n",
		       r->name, r->nr);
		return;
	}
	if (!parse_line(v->raw_line, &p)) {
		fail(v, "sctrace --raw's line does not parse: %s", v->raw_line);
		return;
	}
	if (strcmp(p.name, r->name))
		fail(v, "sctrace --raw names the call '%s', not '%s'", p.name, r->name);
	if (!same_result(p.result, e, noreturn))
		fail(v, "sctrace --raw says '= %s', the call returned %s", p.result, got);
	if (!v->fmt.exists)
		return;
	if (p.nargs != v->fmt.nargs) {
		fail(v, "sctrace --raw shows %d arguments, syscalls:sys_enter_%s has %d",
		     p.nargs, r->tp, v->fmt.nargs);
		return;
	}
	for (a = 0; a < p.nargs; a++) {
		unsigned long val;
		int bits = v->fmt.bits[a];

		if (strcmp(p.arg_names[a], v->fmt.names[a]))
			fail(v, "argument %d is '%s' in sctrace --raw, '%s' in the format",
			     a, p.arg_names[a], v->fmt.names[a]);
		else if (!parse_number(p.values[a], &val))
			fail(v, "argument %d (%s) is not a number in sctrace --raw: '%s'",
			     a, p.arg_names[a], p.values[a]);
		else if (masked(val, bits) != masked(e->args[a], bits))
			fail(v, "argument %d (%s) is %s in sctrace --raw, %#lx was passed (%d bits)",
			     a, p.arg_names[a], p.values[a], e->args[a], bits);
	}
}

static void judge_decoded(size_t i, int machine)
{
	const struct row *r = &rows[i];
	struct verdict *v = &verdicts[i];
	struct parsed p;
	char got[48];

	outcome_text(&v->dec_exp, got, sizeof(got));
	if (!v->dec_exp.called) {
		fail(v, "the decoded run's workload made no call");
	} else if (lone_exit_past_table(r, v, machine, v->dec_line)) {
		return;
	} else if (!v->dec_line || !parse_line(v->dec_line, &p)) {
		fail(v, "sctrace's decoded trace has no call line after the marker");
	} else {
		if (strcmp(p.name, r->name))
			fail(v, "sctrace names the call '%s', not '%s'", p.name, r->name);
		if (!same_result(p.result, &v->dec_exp, !strcmp(r->expect, "?")))
			fail(v, "sctrace says '= %s', the call returned %s", p.result, got);
	}
}

static void judge_tracepoints(size_t i, const char *tp_why)
{
	const struct row *r = &rows[i];
	struct verdict *v = &verdicts[i];

	if (!v->fmt.exists)
		return;
	if (tp_why) {
		fail(v, "tracepoint agreement not run: %s", tp_why);
	} else if (r->nr < 0 || r->nr >= MAX_NR) {
		fail(v, "number %ld out of the agreement's range", r->nr);
	} else if (by_nr[r->nr].mismatches) {
		fail(v, "raw_syscalls:sys_enter and syscalls:sys_enter_%s disagree: %s",
		     r->tp, by_nr[r->nr].first);
	} else if (!by_nr[r->nr].pairs) {
		fail(v, "no raw_syscalls:sys_enter record with nr %ld paired with a syscalls:sys_enter_%s one",
		     r->nr, r->tp);
	}
}

static void judge_called(size_t i, int machine, const char *raw_why,
			 const char *dec_why, const char *tp_why)
{
	struct verdict *v = &verdicts[i];

	if (raw_why)
		fail(v, "%s", raw_why);
	else if (v->raw_exp.died)
		fail(v, "the call's child died of signal %d", v->raw_exp.died);
	else if (!v->raw_exp.called)
		fail(v, "the workload wrote no line for the call");
	else
		judge_raw(i, machine);
	if (dec_why)
		fail(v, "%s", dec_why);
	else if (!v->raw_exp.died)
		judge_decoded(i, machine);
	judge_tracepoints(i, tp_why);
}

/* The expected line, as the workload wrote it, for the failure's report. */
static void show_expected(const struct row *r, const struct expected *e, const struct format *f)
{
	int a, n = f->exists ? f->nargs : 6;

	printf("# conformance.%s: the workload passed %s(", r->name, r->name);
	for (a = 0; a < n; a++)
		printf("%s%#lx", a ? ", " : "", e->args[a]);
	printf(") and got %ld %s\n", e->ret, e->ret == -1 ? e->err : "");
}

/* Every per-syscall tracepoint of this kernel belongs to a row. */
static bool every_tracepoint_has_a_row(const struct tracefs *tfs)
{
	char path[512];
	struct dirent *d;
	bool ok = true;
	size_t i;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events/syscalls", tfs->root);
	dir = opendir(path);
	if (!dir) {
		printf("# cannot read %s\n", path);
		return false;
	}
	while ((d = readdir(dir))) {
		const char *tp = d->d_name + strlen("sys_enter_");

		if (strncmp(d->d_name, "sys_enter_", 10))
			continue;
		for (i = 0; i < NR_ROWS && strcmp(rows[i].tp, tp); i++)
			;
		if (i == NR_ROWS) {
			printf("# syscalls:%s has no row in workloads/conformance.tbl\n", d->d_name);
			ok = false;
		}
	}
	closedir(dir);
	return ok;
}

/*
 * raw_syscalls:sys_enter beside each row's syscalls:sys_enter_NAME, a few
 * rows a run: each fork of the workload copies every inherited event, so
 * all ~360 at once would cost the workload that many per call. NULL, or
 * why the agreement could not be checked.
 */
static const char *agree(const struct tracefs *tfs, const char *workload)
{
	static struct tp_report rep;
	static struct tp_nr_result batch_by_nr[MAX_NR];
	char *tps[AGREE_BATCH], range[32];
	long nrs[AGREE_BATCH];
	size_t first, i, n;
	const char *why;
	long nr;

	for (first = 0; first < NR_ROWS; first += AGREE_BATCH) {
		for (n = 0, i = first; i < first + AGREE_BATCH && i < NR_ROWS; i++) {
			if (rows[i].skip)
				continue;
			nrs[n] = rows[i].nr;
			tps[n++] = (char *)rows[i].tp;
		}
		snprintf(range, sizeof(range), "%zu,%d", first, AGREE_BATCH);
		setenv("CONF_RANGE", range, 1);
		if (tp_agree_run_nrs(tfs, workload, nrs, tps, n, &rep, batch_by_nr,
				     MAX_NR, &why))
			return why;
		for (nr = 0; nr < MAX_NR; nr++) {
			if (batch_by_nr[nr].mismatches && !by_nr[nr].mismatches)
				memcpy(by_nr[nr].first, batch_by_nr[nr].first, sizeof(by_nr[nr].first));
			by_nr[nr].pairs += batch_by_nr[nr].pairs;
			by_nr[nr].mismatches += batch_by_nr[nr].mismatches;
		}
	}
	unsetenv("CONF_RANGE");
	return NULL;
}

static void skip_all(const char *why)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		printf("ok %zu conformance.%s # SKIP %s\n", i + 1, rows[i].name, why);
	printf("ok %zu conformance.every_tracepoint_has_a_row # SKIP %s\n", NR_ROWS + 1, why);
	exit(KSFT_SKIP);
}

/*
 * Traces the workload with sctrace (--raw or not) and reads what it wrote
 * and what the workload expected; NULL, or why that failed (in why).
 */
static const char *run_sctrace(const char *dir, const char *workload, bool raw,
			 char *why, size_t len)
{
	const char *kind = raw ? "raw" : "decoded";
	char out[512], expected[512], errors[512];
	char *argv[8], *text;
	int status, n = 0;

	snprintf(out, sizeof(out), "%s/%s.trace", dir, kind);
	snprintf(expected, sizeof(expected), "%s/%s.expected", dir, kind);
	snprintf(errors, sizeof(errors), "%s/%s.stderr", dir, kind);
	argv[n++] = (char *)env_or("SCTRACE", "build/sctrace");
	if (raw)
		argv[n++] = "--raw";
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n++] = "--";
	argv[n++] = (char *)workload;
	argv[n] = NULL;
	status = run_command(argv, "CONF_EXPECTED", expected, errors);
	text = read_file(errors);
	if (cannot_trace(status)) {
		snprintf(why, len, "sctrace cannot trace here: %.400s", text ? text : "");
		why[strcspn(why, "\n")] = '\0';
		skip_all(why);
	}
	why[0] = '\0';
	if (status)
		snprintf(why, len, "sctrace (%s) exited %d: %.300s", kind, status, text ? text : "");
	else if (text && strstr(text, "LOST"))
		snprintf(why, len, "sctrace (%s) lost events: a partial trace never passes", kind);
	free(text);
	if (why[0])
		return why;
	read_expected(expected, raw);
	read_trace(out, raw);
	return NULL;
}

int main(void)
{
	const char *raw_why, *dec_why, *tp_why = NULL;
	static char raw_buf[600], dec_buf[600];
	size_t i, called = 0, agreeing = 0, no_tp = 0, skipped = 0, failed = 0;
	char dir[512], workload[512], expected[600];
	struct tracefs tfs;
	struct utsname uts;
	struct rlimit nofile;
	int machine = audit_detect_machine();
	struct timespec t0, t1;
	bool covered;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	setvbuf(stdout, NULL, _IOLBF, 0);
	uname(&uts);
	printf("TAP version 13\n1..%zu\n", NR_ROWS + 1);
	printf("# conformance: %zu rows of workloads/conformance.tbl for %s, kernel %s\n",
	       NR_ROWS, uts.machine, uts.release);
	if (geteuid())
		skip_all("needs root to open perf tracepoints");
	if (tracefs_open(&tfs) != TRACEFS_OK)
		skip_all("tracefs is not available");
	/* One perf event per tracepoint per cpu, all open at once. */
	if (!getrlimit(RLIMIT_NOFILE, &nofile)) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	snprintf(dir, sizeof(dir), "%s", env_or("CONF_OUT", "build/conformance"));
	mkdir(dir, 0755);
	snprintf(workload, sizeof(workload), "%s/conformance", env_or("WORKLOADS", "build/workloads"));
	if (access(workload, X_OK))
		skip_all("no conformance workload: make workloads");

	raw_why = run_sctrace(dir, workload, true, raw_buf, sizeof(raw_buf));
	dec_why = run_sctrace(dir, workload, false, dec_buf, sizeof(dec_buf));
	for (i = 0; i < NR_ROWS; i++)
		if (!rows[i].skip)
			read_format(&tfs, rows[i].tp, &verdicts[i].fmt);
	snprintf(expected, sizeof(expected), "%s/agree.expected", dir);
	setenv("CONF_EXPECTED", expected, 1);
	tp_why = agree(&tfs, workload);

	for (i = 0; i < NR_ROWS; i++) {
		const struct row *r = &rows[i];
		struct verdict *v = &verdicts[i];
		int w;

		if (r->skip) {
			/* Not called, but sctrace's table must still know it. */
			judge_table(i, machine);
			if (!v->nr_why) {
				printf("ok %zu conformance.%s # SKIP %s\n", i + 1, r->name, r->skip);
				skipped++;
				continue;
			}
		} else {
			called++;
			judge_called(i, machine, raw_why, dec_why, tp_why);
			if (!v->nr_why && !v->fmt.exists) {
				printf("# conformance.%s: no syscalls:sys_enter_%s here, and the kernel says ENOSYS\n",
				       r->name, r->tp);
				no_tp++;
			}
			if (!v->nr_why) {
				agreeing += v->fmt.exists;
				printf("ok %zu conformance.%s\n", i + 1, r->name);
				continue;
			}
		}
		failed++;
		for (w = 0; w < v->nr_why; w++)
			printf("# conformance.%s: %s\n", r->name, v->why[w]);
		if (v->raw_exp.called)
			show_expected(r, &v->raw_exp, &v->fmt);
		if (v->raw_line)
			printf("# conformance.%s: sctrace --raw: %s\n", r->name, v->raw_line);
		if (v->dec_line)
			printf("# conformance.%s: sctrace: %s\n", r->name, v->dec_line);
		printf("not ok %zu conformance.%s\n", i + 1, r->name);
	}
	covered = every_tracepoint_has_a_row(&tfs);
	printf("%s %zu conformance.every_tracepoint_has_a_row\n", covered ? "ok" : "not ok",
	       NR_ROWS + 1);
	printf("# conformance: %zu rows: %zu called (%zu agreeing on both tracepoints, %zu without a tracepoint, answering ENOSYS), %zu skipped, %zu failed\n",
	       NR_ROWS, called, agreeing, no_tp, skipped, failed);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# conformance: %.1f s\n", t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	return failed || !covered ? KSFT_FAIL : 0;
}
