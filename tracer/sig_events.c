// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "beauty.h"
#include "compiler.h"
#include "json.h"
#include "sig_events.h"

const struct sig_tp sig_tps[] = {
	{ "signal_generate",	TP_SIG_GENERATE },
	{ "signal_deliver",	TP_SIG_DELIVER },
};

const unsigned int nr_sig_tps = ARRAY_SIZE(sig_tps);

/* signal_generate's result: queued, or queued without its siginfo. */
#define GENERATE_DELIVERED 0
#define GENERATE_LOSE_INFO 4

/* The si_codes any signal may carry (the kernel's siginfo.h). */
#define CODE_SI_USER 0
#define CODE_SI_QUEUE (-1)
#define CODE_SI_TKILL (-6)

/* A name for si_code, for any signal (sig 0) or for one. */
struct code_name {
	int sig;
	int code;
	const char *name;
};

/* Sorted by sig, then code: bsearch'd. */
static const struct code_name code_names[] = {
	{ 0, -60, "SI_ASYNCNL" },
	{ 0, -7, "SI_DETHREAD" },
	{ 0, -6, "SI_TKILL" },
	{ 0, -5, "SI_SIGIO" },
	{ 0, -4, "SI_ASYNCIO" },
	{ 0, -3, "SI_MESGQ" },
	{ 0, -2, "SI_TIMER" },
	{ 0, -1, "SI_QUEUE" },
	{ 0, 0, "SI_USER" },
	{ 0, 0x80, "SI_KERNEL" },
	{ SIGILL, 1, "ILL_ILLOPC" },
	{ SIGILL, 2, "ILL_ILLOPN" },
	{ SIGILL, 3, "ILL_ILLADR" },
	{ SIGILL, 4, "ILL_ILLTRP" },
	{ SIGILL, 5, "ILL_PRVOPC" },
	{ SIGILL, 6, "ILL_PRVREG" },
	{ SIGILL, 7, "ILL_COPROC" },
	{ SIGILL, 8, "ILL_BADSTK" },
	{ SIGILL, 9, "ILL_BADIADDR" },
	{ SIGTRAP, 1, "TRAP_BRKPT" },
	{ SIGTRAP, 2, "TRAP_TRACE" },
	{ SIGTRAP, 3, "TRAP_BRANCH" },
	{ SIGTRAP, 4, "TRAP_HWBKPT" },
	{ SIGTRAP, 5, "TRAP_UNK" },
	{ SIGTRAP, 6, "TRAP_PERF" },
	{ SIGBUS, 1, "BUS_ADRALN" },
	{ SIGBUS, 2, "BUS_ADRERR" },
	{ SIGBUS, 3, "BUS_OBJERR" },
	{ SIGBUS, 4, "BUS_MCEERR_AR" },
	{ SIGBUS, 5, "BUS_MCEERR_AO" },
	{ SIGFPE, 1, "FPE_INTDIV" },
	{ SIGFPE, 2, "FPE_INTOVF" },
	{ SIGFPE, 3, "FPE_FLTDIV" },
	{ SIGFPE, 4, "FPE_FLTOVF" },
	{ SIGFPE, 5, "FPE_FLTUND" },
	{ SIGFPE, 6, "FPE_FLTRES" },
	{ SIGFPE, 7, "FPE_FLTINV" },
	{ SIGFPE, 8, "FPE_FLTSUB" },
	{ SIGFPE, 14, "FPE_FLTUNK" },
	{ SIGFPE, 15, "FPE_CONDTRAP" },
	{ SIGSEGV, 1, "SEGV_MAPERR" },
	{ SIGSEGV, 2, "SEGV_ACCERR" },
	{ SIGSEGV, 3, "SEGV_BNDERR" },
	{ SIGSEGV, 4, "SEGV_PKUERR" },
	{ SIGSEGV, 5, "SEGV_ACCADI" },
	{ SIGSEGV, 6, "SEGV_ADIDERR" },
	{ SIGSEGV, 7, "SEGV_ADIPERR" },
	{ SIGSEGV, 8, "SEGV_MTEAERR" },
	{ SIGSEGV, 9, "SEGV_MTESERR" },
	{ SIGSEGV, 10, "SEGV_CPERR" },
	{ SIGCHLD, 1, "CLD_EXITED" },
	{ SIGCHLD, 2, "CLD_KILLED" },
	{ SIGCHLD, 3, "CLD_DUMPED" },
	{ SIGCHLD, 4, "CLD_TRAPPED" },
	{ SIGCHLD, 5, "CLD_STOPPED" },
	{ SIGCHLD, 6, "CLD_CONTINUED" },
	{ SIGIO, 1, "POLL_IN" },
	{ SIGIO, 2, "POLL_OUT" },
	{ SIGIO, 3, "POLL_MSG" },
	{ SIGIO, 4, "POLL_ERR" },
	{ SIGIO, 5, "POLL_PRI" },
	{ SIGIO, 6, "POLL_HUP" },
	{ SIGSYS, 1, "SYS_SECCOMP" },
	{ SIGSYS, 2, "SYS_USER_DISPATCH" },
};

static int code_cmp(const void *a, const void *b)
{
	const struct code_name *x = a, *y = b;

	if (x->sig != y->sig)
		return (x->sig > y->sig) - (x->sig < y->sig);
	return (x->code > y->code) - (x->code < y->code);
}

/* Codes above 0 but SI_KERNEL are the signal's own; the others anyone's. */
static const char *code_name(int sig, int code)
{
	struct code_name key = { code > 0 && code != 0x80 ? sig : 0, code, NULL };
	const struct code_name *found;

	found = bsearch(&key, code_names, ARRAY_SIZE(code_names),
			sizeof(*code_names), code_cmp);
	return found ? found->name : NULL;
}

/*
 * The signals whose default action ends the process without a core
 * dump. Sent to a task that keeps that default, the kernel ends the
 * process at once: each thread takes a SIGKILL in its place.
 */
static bool ends_without_core(int sig)
{
	static const int dumping_or_not_ending[] = {
		SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGXCPU,
		SIGXFSZ, SIGSYS, SIGCHLD, SIGCONT, SIGURG, SIGWINCH, SIGSTOP,
		SIGTSTP, SIGTTIN, SIGTTOU, SIGKILL,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dumping_or_not_ending); i++)
		if (sig == dumping_or_not_ending[i])
			return false;
	return sig >= 1 && sig <= SIG_NR_MAX;
}

int sig_read(const struct extra_tps *x, const struct extra_tp *tp,
	     const unsigned char *data, uint32_t size, struct sig_record *rec)
{
	long long sig, code, target = 0, group = 0, result = GENERATE_DELIVERED;

	memset(rec, 0, sizeof(*rec));
	if (!extra_number(x, tp, data, size, "sig", &sig) ||
	    !extra_number(x, tp, data, size, "code", &code))
		return -1;
	if (tp->role == TP_SIG_GENERATE &&
	    (!extra_number(x, tp, data, size, "pid", &target) ||
	     !extra_number(x, tp, data, size, "group", &group) ||
	     !extra_number(x, tp, data, size, "result", &result)))
		return -1;
	rec->sig = sig;
	rec->code = code;
	rec->target = target;
	rec->group = group;
	rec->queued = result == GENERATE_DELIVERED || result == GENERATE_LOSE_INFO;
	return 0;
}

/* A signal a traced task sent: kept until its delivery says where it went. */
void sig_note_sent(struct sig_pending *pd, const struct sig_record *rec,
		   int32_t target_pid, int32_t sender)
{
	struct sig_sent *s;

	if (!rec->queued)
		return;
	if (pd->nr == SIG_PENDING_MAX)
		memmove(pd->sent, pd->sent + 1, --pd->nr * sizeof(*pd->sent));
	s = &pd->sent[pd->nr++];
	*s = (struct sig_sent){
		.target = rec->group ? target_pid : rec->target, .sender = sender,
		.sig = rec->sig, .code = rec->code, .group = rec->group,
	};
}

static bool sent_to(const struct sig_sent *s, int32_t tid, int32_t pid)
{
	return s->group ? s->target == pid : s->target == tid;
}

/* The oldest one sent to the task that matches sig (0: any that ends it). */
static ssize_t find_sent(const struct sig_pending *pd, int sig, int32_t tid, int32_t pid)
{
	size_t i;

	for (i = 0; i < pd->nr; i++) {
		const struct sig_sent *s = &pd->sent[i];

		if (sent_to(s, tid, pid) && (sig ? s->sig == sig : ends_without_core(s->sig)))
			return i;
	}
	return -1;
}

static void forget(struct sig_pending *pd, size_t i)
{
	memmove(pd->sent + i, pd->sent + i + 1, (--pd->nr - i) * sizeof(*pd->sent));
}

/* The process ends: what was sent to it and its thread goes too. */
static void forget_task(struct sig_pending *pd, int32_t tid, int32_t pid)
{
	size_t i = 0;

	while (i < pd->nr)
		if (sent_to(&pd->sent[i], tid, pid))
			forget(pd, i);
		else
			i++;
}

/* The sender is si_pid only for the codes of kill, tgkill and sigqueue. */
static void take_sender(struct sig_line *line, const struct sig_sent *s)
{
	line->has_sender = s->code == line->code &&
			   (s->code == CODE_SI_USER || s->code == CODE_SI_TKILL ||
			    s->code == CODE_SI_QUEUE);
	line->sender = s->sender;
}

/*
 * A delivery to thread tid of process pid: false if it has no line. A
 * SIGKILL is never shown (strace has none); one that stands for a signal
 * the process was sent, whose default ends it, is shown as that signal.
 */
bool sig_take_delivered(struct sig_pending *pd, const struct sig_record *rec,
			int32_t tid, int32_t pid, struct sig_line *line)
{
	ssize_t i;

	memset(line, 0, sizeof(*line));
	if (rec->sig == SIGKILL) {
		i = find_sent(pd, SIGKILL, tid, pid) < 0 ? find_sent(pd, 0, tid, pid) : -1;
		if (i >= 0) {
			line->sig = pd->sent[i].sig;
			line->code = pd->sent[i].code;
			take_sender(line, &pd->sent[i]);
		}
		forget_task(pd, tid, pid);
		return i >= 0;
	}
	line->sig = rec->sig;
	line->code = rec->code;
	i = find_sent(pd, rec->sig, tid, pid);
	if (i >= 0) {
		take_sender(line, &pd->sent[i]);
		forget(pd, i);
	}
	return true;
}

static void print_code(struct outbuf *ob, const struct sig_line *line)
{
	const char *name = code_name(line->sig, line->code);

	if (name)
		outbuf_puts(ob, name);
	else
		outbuf_s64(ob, line->code);
}

/* strace's line: --- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=N} --- */
void sig_print(struct outbuf *ob, const struct sig_line *line)
{
	char name[SIGNAL_NAME_MAX];

	signal_name(line->sig, name, sizeof(name));
	outbuf_puts(ob, "--- ");
	outbuf_puts(ob, name);
	outbuf_puts(ob, " {si_signo=");
	outbuf_puts(ob, name);
	outbuf_puts(ob, ", si_code=");
	print_code(ob, line);
	if (line->has_sender) {
		outbuf_puts(ob, ", si_pid=");
		outbuf_s64(ob, line->sender);
	}
	outbuf_puts(ob, "} ---");
}

/* For --json: ,"signal":"SIGUSR1","si_code":"SI_USER"[,"si_pid":N] */
void sig_print_json(struct outbuf *ob, const struct sig_line *line)
{
	char name[SIGNAL_NAME_MAX];
	const char *code = code_name(line->sig, line->code);

	signal_name(line->sig, name, sizeof(name));
	outbuf_puts(ob, ",\"signal\":");
	json_string(ob, name, strlen(name));
	outbuf_puts(ob, ",\"si_code\":");
	if (code)
		json_string(ob, code, strlen(code));
	else
		outbuf_s64(ob, line->code);
	if (line->has_sender) {
		outbuf_puts(ob, ",\"si_pid\":");
		outbuf_s64(ob, line->sender);
	}
}
