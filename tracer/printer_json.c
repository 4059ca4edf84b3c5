// SPDX-License-Identifier: GPL-2.0
/* The printer's --json objects: one per event, fields as in sctrace(1). */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "beauty.h"
#include "contents_show.h"
#include "json.h"
#include "printer_line.h"
#include "printer_sink.h"
#include "sig_events.h"

/* Starts "contents" at its first argument, then the argument's key. */
static void contents_key(struct printer *p, bool *open, const char *name,
			 const char *suffix)
{
	outbuf_puts(p->out, *open ? ",\"" : ",\"contents\":{\"");
	*open = true;
	outbuf_puts(p->out, name);
	outbuf_puts(p->out, suffix);
	outbuf_puts(p->out, "\":");
}

/*
 * ,"contents":{"ARG":value,"ARG_out":value},"contents_cut":["ARG"],
 * "contents_unreadable":["ARG"]: what the call's pointer arguments point
 * to, as the text shows it; _out is what an in-and-out argument came back
 * with (poll's revents); _cut lists those shown in part (a limit), and
 * _unreadable those with an element that could not be read (its address
 * is shown in its place).
 */
static void json_arg_names(struct outbuf *out, const char *key, const char *const *names,
			   size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		outbuf_puts(out, i ? "," : key);
		json_string(out, names[i], strlen(names[i]));
	}
	if (nr)
		outbuf_putc(out, ']');
}

static void json_contents(struct printer *p, const struct thread_state *st,
			  const struct syscall_desc *desc, bool returned, long ret)
{
	const char *cut[SYSCALL_MAX_ARGS], *unreadable[SYSCALL_MAX_ARGS];
	size_t nr_cut = 0, nr_unreadable = 0;
	struct vwriter w, after;
	bool open = false;
	int arg;

	for (arg = 0; arg < desc->nr_args; arg++) {
		enum content_kind kind = desc->args[arg].content;
		struct ct_arg_view v = {
			.index = arg, .val = st->args[arg], .returned = returned, .ret = ret,
		};

		if (kind == CK_NONE || !contents_pick(kind, &st->ct[CT_ENTER],
						      &st->ct[CT_EXIT], &v))
			continue;
		contents_key(p, &open, desc->args[arg].name, "");
		vw_init(&w, p->out, true);
		w.verbose = desc->unabbreviated;
		contents_show(&w, kind, &v);
		v.rec = &st->ct[CT_EXIT];
		if (contents_has_after(kind, &v)) {
			contents_key(p, &open, desc->args[arg].name, "_out");
			vw_init(&after, p->out, true);
			contents_show_after(&after, kind, &v);
			w.cut |= after.cut;
		}
		if (w.cut)
			cut[nr_cut++] = desc->args[arg].name;
		if (w.unreadable)
			unreadable[nr_unreadable++] = desc->args[arg].name;
	}
	if (open)
		outbuf_putc(p->out, '}');
	json_arg_names(p->out, ",\"contents_cut\":[", cut, nr_cut);
	json_arg_names(p->out, ",\"contents_unreadable\":[", unreadable, nr_unreadable);
}

/*
 * -k, --call-graph: ,"stack":[...], the frames' lines as the text has
 * them, each without its " > " and its newline.
 */
static void json_stack(struct printer *p, const char *frames)
{
	const char *line = frames, *end;
	bool first = true;

	outbuf_puts(p->out, ",\"stack\":[");
	while (*line) {
		end = strchrnul(line, '\n');
		if (!strncmp(line, " > ", 3))
			line += 3;
		if (!first)
			outbuf_putc(p->out, ',');
		json_string(p->out, line, (size_t)(end - line));
		first = false;
		line = *end ? end + 1 : end;
	}
	outbuf_putc(p->out, ']');
}

static void json_syscall(struct printer *p, const struct sct_event *ev,
			 const struct thread_state *st, bool paired, bool returned)
{
	struct json_call call = {
		.desc = syscall_cache_get(p->syscalls, paired ? st->nr : ev->nr),
		.nr = paired ? st->nr : ev->nr,
		.args = paired ? st->args : NULL,
		.has_ret = returned,
		.ret = ev->ret,
		.has_duration = returned && paired && ev->time >= st->enter_time,
		.duration_ns = ev->time - st->enter_time,
	};
	struct json_head head;

	pr_json_head(p, &head, "syscall", ev->pid, ev->tid, paired ? st->enter_time : ev->time);
	json_call_fields(p->out, &head, &call);
	/* -i: the caller's address, as a text line starts with it. */
	if (p->cfg.insn_ptr && ev->has_ip) {
		outbuf_puts(p->out, ",\"ip\":");
		json_addr(p->out, ev->ip);
	}
	if (paired && p->cfg.contents && call.desc->nr_args > 0)
		json_contents(p, st, call.desc, returned, ev->ret);
	if (paired && st->frames && *st->frames)
		json_stack(p, st->frames);
	json_end(p->out);
}

/* ,"NAME":"0xaddr"[,"NAME_map":"path","NAME_offset":off] */
static void json_where(struct printer *p, const char *name, int32_t pid,
		       uint64_t addr)
{
	const struct mapping *m = maps_find(&p->maps, pid, addr);
	const char *path;

	outbuf_puts(p->out, ",\"");
	outbuf_puts(p->out, name);
	outbuf_puts(p->out, "\":");
	json_addr(p->out, addr);
	if (!m)
		return;
	outbuf_puts(p->out, ",\"");
	outbuf_puts(p->out, name);
	outbuf_puts(p->out, "_map\":");
	path = maps_anonymous(m) ? "[anon]" : m->path;
	json_string(p->out, path, strlen(path));
	outbuf_puts(p->out, ",\"");
	outbuf_puts(p->out, name);
	outbuf_puts(p->out, "_offset\":");
	outbuf_u64(p->out, maps_offset(m, addr));
}

static void json_fault(struct printer *p, const struct sct_event *ev)
{
	struct json_head head;

	pr_json_head(p, &head, "fault", ev->pid, ev->tid, ev->time);
	json_begin(p->out, &head);
	outbuf_puts(p->out, ev->fault.major ? ",\"major\":true" : ",\"major\":false");
	json_where(p, "addr", ev->pid, ev->fault.addr);
	json_where(p, "ip", ev->pid, ev->fault.ip);
	json_end(p->out);
}

static void json_exit_status(struct printer *p, int32_t pid, int status)
{
	char name[SIGNAL_NAME_MAX];
	struct json_head head;

	pr_json_head(p, &head, "exit", pid, pid, p->last_time);
	json_begin(p->out, &head);
	if (WIFSIGNALED(status)) {
		signal_name(WTERMSIG(status), name, sizeof(name));
		outbuf_puts(p->out, ",\"signal\":\"");
		outbuf_puts(p->out, name);
		outbuf_puts(p->out, WCOREDUMP(status) ? "\",\"core_dumped\":true" :
							"\",\"core_dumped\":false");
	} else {
		outbuf_puts(p->out, ",\"code\":");
		outbuf_s64(p->out, WEXITSTATUS(status));
	}
	json_end(p->out);
}

static void json_abi(struct printer *p, int32_t tid, int bits, uint64_t time)
{
	const struct thread_state *st = thread_find(&p->threads, tid);
	struct json_head head;

	pr_json_head(p, &head, "abi", st ? st->pid : tid, tid, time);
	json_begin(p->out, &head);
	outbuf_puts(p->out, ",\"bits\":");
	outbuf_s64(p->out, bits);
	json_end(p->out);
}

static void json_untraced(struct printer *p, int32_t pid, int sig, size_t nr)
{
	char name[SIGNAL_NAME_MAX];
	struct json_head head;

	pr_json_head(p, &head, "untraced", pid, pid, p->last_time);
	json_begin(p->out, &head);
	if (sig) {
		outbuf_puts(p->out, ",\"signal\":\"");
		outbuf_puts(p->out, signal_name(sig, name, sizeof(name)));
		outbuf_putc(p->out, '"');
	} else {
		outbuf_puts(p->out, ",\"signal\":null");
	}
	outbuf_puts(p->out, ",\"processes\":");
	outbuf_u64(p->out, nr);
	json_end(p->out);
}

static void json_lost(struct printer *p, const struct sct_event *ev)
{
	struct json_head head;

	pr_json_head(p, &head, "lost", 0, 0, ev->time);
	json_begin(p->out, &head);
	outbuf_puts(p->out, ",\"cpu\":");
	outbuf_u64(p->out, ev->cpu);
	outbuf_puts(p->out, ",\"count\":");
	outbuf_u64(p->out, ev->lost.count);
	outbuf_puts(p->out, ",\"what\":\"");
	outbuf_puts(p->out, event_lost_what(ev));
	outbuf_putc(p->out, '"');
	json_end(p->out);
}

static bool json_tracepoint(struct printer *p, const struct sct_event *ev,
			   const struct extra_tp *tp)
{
	struct json_head head;

	pr_json_head(p, &head, "tracepoint", ev->pid, ev->tid, ev->time);
	json_begin(p->out, &head);
	extra_print_json(p->out, p->extra, tp, ev->tp.data, ev->tp.size);
	json_end(p->out);
	return true;
}

static void json_signal(struct printer *p, const struct sct_event *ev,
			const struct sig_line *line)
{
	struct json_head head;

	pr_json_head(p, &head, "signal", ev->pid, ev->tid, ev->time);
	json_begin(p->out, &head);
	sig_print_json(p->out, line);
	json_end(p->out);
}

/*
 * Each call whole, at its exit; every object is written whole. A leader
 * superseded by an exec has no object of its own: its pending call is
 * shown, with a null result.
 */
const struct printer_sink printer_json_sink = {
	.call = json_syscall,
	.lost = json_lost,
	.fault = json_fault,
	.tracepoint = json_tracepoint,
	.signal = json_signal,
	.abi = json_abi,
	.exit_status = json_exit_status,
	.untraced = json_untraced,
};
