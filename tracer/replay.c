// SPDX-License-Identifier: GPL-2.0
/*
 * sctrace -i FILE: a perf.data file's records through the same ordering
 * and printer as a live run, so the output is the one the run printed.
 */
#include <errno.h>
#include <fcntl.h>
#include <libaudit.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "frames.h"
#include "insn_ptr.h"
#include "kvm_exit.h"
#include "order.h"
#include "perf_reader.h"
#include "printer.h"
#include "replay.h"
#include "sample.h"
#include "sched_events.h"
#include "select.h"
#include "sig_events.h"
#include "strict.h"
#include "syscalls.h"
#include "unwind.h"

#define REPLAY_BUF ((size_t)256 * 1024)
/* Queues per cpu number; a larger cpu number in a file is refused. */
#define REPLAY_MAX_CPUS 8192

struct replay {
	struct perf_file file;
	struct format_source formats;
	struct syscall_cache syscalls;
	struct printer printer;
	struct sample_ids ids;
	struct event_queue *queues;
	size_t nr_queues;
	int32_t first_pid;		/* the traced command, when there was one */
	struct syscall_set selected;	/* -e's calls, by the recording machine's numbers */
	struct tracefs host;		/* formats missing from the file, if same machine */
	bool use_host;
	struct extra_tps extra;		/* the file's other tracepoints */
	struct event_id *event_ids;	/* the file's events told apart by sample id */
	size_t nr_event_ids;
};

/*
 * Formats from the file's tracing data, NUL-terminated copies. perf's own
 * files hold only raw_syscalls': then, on the machine that recorded it,
 * the running kernel's formats name the arguments.
 */
static char *file_format(const void *ctx, const char *sys, const char *name,
			 size_t *len)
{
	const struct replay *rp = ctx;
	const struct td_format *f = tracing_data_find(&rp->file.td, sys, name);
	char *copy;

	if (!f && rp->use_host)
		return tracefs_read_format(&rp->host, sys, name, len);
	if (!f)
		return NULL;
	copy = malloc(f->len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, f->text, f->len);
	copy[f->len] = '\0';
	*len = f->len;
	return copy;
}

/* The task-record rings' event: the dummy that follows the tasks. */
static bool attr_is_task_ring(const struct perf_event_attr *a)
{
	return a->type == PERF_TYPE_SOFTWARE && a->config == PERF_COUNT_SW_DUMMY && a->task;
}

static int find_event_ids(struct replay *rp)
{
	const struct perf_file *f = &rp->file;
	enum event_id_kind kind;
	size_t i, j;

	for (i = 0; i < f->nr_attrs; i++) {
		const struct perf_event_attr *a = &f->attrs[i];

		if (!event_id_kind_of(a->type, a->config, attr_is_task_ring(a), &kind))
			continue;
		for (j = 0; j < f->nr_attr_ids[i]; j++)
			if (event_ids_add(&rp->event_ids, &rp->nr_event_ids, f->attr_ids[i][j],
					  kind))
				return -1;
	}
	event_ids_sort(rp->event_ids, rp->nr_event_ids);
	return 0;
}

/*
 * How a recorded tracepoint prints: the signal ones as strace's lines,
 * the sched ones as --sched's lines if asked.
 */
static enum tp_role role_of(const struct td_format *fmt, bool sched)
{
	unsigned int i;

	if (!strcmp(fmt->system, KVM_EXIT_SYSTEM) && !strcmp(fmt->name, KVM_EXIT_EVENT))
		return TP_KVM_EXIT;
	for (i = 0; !strcmp(fmt->system, "signal") && i < nr_sig_tps; i++)
		if (!strcmp(fmt->name, sig_tps[i].name))
			return sig_tps[i].role;
	if (!sched || strcmp(fmt->system, "sched"))
		return TP_PLAIN;
	for (i = 0; i < nr_sched_tps; i++)
		if (!strcmp(fmt->name, sched_tps[i].name))
			return sched_tps[i].role;
	return TP_PLAIN;
}

/* The file's tracepoints besides raw_syscalls' (--event, --sched at record time). */
static int find_extra(struct replay *rp, bool sched)
{
	const struct perf_file *f = &rp->file;
	size_t i, j;

	extra_tps_set_big_endian(&rp->extra, f->td.big_endian);
	for (i = 0; i < f->nr_attrs; i++) {
		const struct perf_event_attr *a = &f->attrs[i];

		/* Several attrs of one tracepoint (a crafted file) parse it once. */
		if (a->type != PERF_TYPE_TRACEPOINT || (int)a->config == rp->ids.enter ||
		    (int)a->config == rp->ids.exit || a->config > INT_MAX ||
		    extra_tps_find(&rp->extra, (int)a->config))
			continue;
		for (j = 0; j < f->td.nr; j++) {
			const struct td_format *fmt = &f->td.formats[j];
			char id[32];

			snprintf(id, sizeof(id), "\nID: %llu\n", (unsigned long long)a->config);
			if (!memmem(fmt->text, fmt->len, id, strlen(id)))
				continue;
			if (extra_tps_add_format(&rp->extra, fmt->system, fmt->text,
						 fmt->len, role_of(fmt, sched)) == -ENOMEM)
				return -1;
			break;
		}
	}
	return 0;
}

/* Whether the recording holds contents records (sctrace's BPF output). */
static bool file_holds_contents(const struct perf_file *f)
{
	size_t i;

	for (i = 0; i < f->nr_attrs; i++)
		if (f->attrs[i].type == PERF_TYPE_SOFTWARE &&
		    f->attrs[i].config == PERF_COUNT_SW_BPF_OUTPUT)
			return true;
	return false;
}

/*
 * Contents records are in the recording machine's layouts and byte order:
 * shown when the file comes from this kind of machine; else the pointers
 * print as addresses, and one notice says so, as a live run without BPF.
 */
static bool file_shows_contents(const struct perf_file *f, int machine,
				const struct sct_options *opts)
{
	char arch[ESCAPE_MSG_SIZE];

	if (!file_holds_contents(f))
		return false;
	if (!f->swap && machine == audit_detect_machine())
		return true;
	if (!opts->no_contents && !opts->raw) {
		escape_str(arch, sizeof(arch), *f->arch ? f->arch : "another machine");
		diag("notice: pointer arguments are shown as addresses: this recording's contents were read on %s%s, in layouts this sctrace does not read (--no-contents hides this notice)",
		     arch, f->swap ? " (the other byte order)" : "");
	}
	return false;
}

static int machine_of(const char *arch)
{
	int machine = *arch ? audit_name_to_machine(arch) : -1;

	return machine >= 0 ? machine : audit_detect_machine();
}

/*
 * -i: the registers' bit of the instruction pointer, if the file holds it
 * (recorded with -i, or with -k on this kind of machine); -1 if not.
 */
static int take_insn_ptr(struct replay *rp, int machine, char *error, size_t error_len)
{
	uint64_t bit = insn_ptr_reg_bit();

	if (rp->file.swap || machine != audit_detect_machine()) {
		snprintf(error, error_len, "-i: the recording comes from another kind of machine, whose registers this sctrace does not read; replay it there");
		return -1;
	}
	if (!(rp->ids.regs_user & bit)) {
		snprintf(error, error_len, "-i: the recording holds no instruction pointers: record with 'sctrace record -i'");
		return -1;
	}
	rp->ids.ip_bit = bit;
	return 0;
}

static int setup(struct replay *rp, const struct sct_options *opts,
		 bool host_formats, char *error, size_t error_len)
{
	int machine, err;

	rp->ids = rp->file.ids;
	if (rp->ids.enter < 0 || rp->ids.exit < 0) {
		snprintf(error, error_len, "no raw_syscalls:sys_enter/sys_exit format in its tracing data: not a syscall recording");
		return -1;
	}
	machine = machine_of(rp->file.arch);
	/* As live, where the kernel drops what -e leaves out. */
	if (opts->expr && select_explained(opts->expr, machine, &rp->selected, error, error_len))
		return -EINVAL;
	if (opts->print.insn_ptr && take_insn_ptr(rp, machine, error, error_len))
		return -1;
	rp->use_host = host_formats && machine == audit_detect_machine() &&
		       !tracing_data_find(&rp->file.td, "syscalls", "sys_enter_read") &&
		       tracefs_open(&rp->host) == TRACEFS_OK;
	rp->formats = (struct format_source){ file_format, rp };
	if (syscall_cache_init(&rp->syscalls, &rp->formats, machine)) {
		snprintf(error, error_len, "out of memory");
		return -ENOMEM;
	}
	rp->syscalls.raw = opts->raw;
	/* record takes no -v: what its contents program read of envp is a count. */
	rp->syscalls.envp_counted = true;
	err = syscall_cache_sets(&rp->syscalls, &opts->call_sets, error, error_len);
	if (err == -ENOMEM)
		snprintf(error, error_len, "out of memory");
	if (err)
		return err == -ENOMEM ? err : -1;
	if (find_event_ids(rp) || find_extra(rp, opts->sched)) {
		snprintf(error, error_len, "out of memory");
		return -ENOMEM;
	}
	rp->ids.event_ids = rp->event_ids;
	rp->ids.nr_event_ids = rp->nr_event_ids;
	rp->ids.other_tracepoints = rp->extra.nr > 0;
	rp->ids.contents = file_shows_contents(&rp->file, machine, opts);
	/* As the stack copies: a foreign machine's chains are not named here. */
	rp->ids.callchains = (rp->ids.sample_type & SCT_SAMPLE_CHAIN) && !rp->file.swap &&
			     machine == audit_detect_machine() && !frames_unavailable();
	rp->first_pid = -1;
	return 0;
}

/* Whether ev came from a cpu's task-record ring (or, in older files, was one). */
static bool from_task_ring(const struct sct_event *ev)
{
	return ev->kind == EV_COMM || ev->kind == EV_FORK ||
	       (ev->kind == EV_LOST && ev->lost.task_records);
}

/* Two queues per cpu, for its two rings: the file holds them one after the other. */
static struct event_queue *queue_of(struct replay *rp, const struct sct_event *ev)
{
	size_t idx = 2 * (size_t)ev->cpu + from_task_ring(ev);
	struct event_queue *more;

	if (ev->cpu >= REPLAY_MAX_CPUS)
		return NULL;
	if (idx >= rp->nr_queues) {
		more = realloc(rp->queues, (idx + 1) * sizeof(*more));
		if (!more)
			return NULL;
		memset(more + rp->nr_queues, 0, (idx + 1 - rp->nr_queues) * sizeof(*more));
		rp->queues = more;
		rp->nr_queues = idx + 1;
	}
	return &rp->queues[idx];
}

/* Every record, parsed and queued by ring: each ring was in time order. */
static int load_events(struct replay *rp, uint64_t *malformed, char *error,
		       size_t error_len)
{
	const struct perf_event_header *hdr;
	struct sct_event ev;
	struct event_queue *q;
	struct sct_event *slot;
	uint64_t pos = 0;

	while ((hdr = perf_file_next(&rp->file, &pos))) {
		enum sample_status st = sample_parse(&rp->ids, hdr, &ev);

		if (st == SAMPLE_MALFORMED)
			(*malformed)++;
		if (st != SAMPLE_OK)
			continue;
		if (rp->first_pid < 0 && ev.kind == EV_ENTER)
			rp->first_pid = ev.pid;
		q = queue_of(rp, &ev);
		slot = q ? queue_slot(q) : NULL;
		if (!slot) {
			event_release(&ev);
			snprintf(error, error_len, "at offset %llu: cpu %u is out of range, or memory ran out",
				 (unsigned long long)(rp->file.hdr.data.offset + pos - hdr->size), ev.cpu);
			return ev.cpu < REPLAY_MAX_CPUS ? -ENOMEM : -1;
		}
		*slot = ev;
		queue_commit(q);
	}
	if (rp->file.error[0]) {
		snprintf(error, error_len, "%s", rp->file.error);
		return -1;
	}
	return 0;
}

/* Times count from the file's first event; contents show if this machine reads them. */
static int open_printer(struct replay *rp, const struct sct_options *opts,
			struct outbuf *out)
{
	struct printer_config print = opts->print;
	uint64_t first_time = 0;
	size_t i;

	for (i = 0; i < rp->nr_queues; i++)
		if (rp->queues[i].len && (!first_time || rp->queues[i].ev[0].time < first_time))
			first_time = rp->queues[i].ev[0].time;
	print.contents = rp->ids.contents && !opts->raw;
	return printer_open(&rp->printer, &(struct printer_setup){
		.out = out, .syscalls = &rp->syscalls, .cfg = &print,
		.start_ns = first_time, .extra = &rp->extra, .from_file = true,
		.command = rp->first_pid > 0 ? rp->first_pid : 0,
		.selected = opts->expr ? rp->selected.nr : NULL,
		/* A recording made with -k shows its stacks, as perf script does. */
		.stacks = (rp->ids.sample_type & SCT_SAMPLE_STACK) && rp->ids.regs_user &&
			  !unwind_unavailable(),
		.chains = rp->ids.callchains,
	});
}

/* The file has no wait status: the command's own exit_group says it. */
static void print_command_exit(struct replay *rp)
{
	struct thread_state *st;

	if (rp->first_pid < 0)
		return;
	st = thread_find(&rp->printer.threads, rp->first_pid);
	if (st && st->has_exit_code)
		printer_exit_status(&rp->printer, rp->first_pid, W_EXITCODE(st->exit_code, 0));
}

static void replay_free(struct replay *rp)
{
	size_t i;

	for (i = 0; i < rp->nr_queues; i++)
		queue_free(&rp->queues[i]);
	free(rp->queues);
	printer_free(&rp->printer);
	syscall_cache_free(&rp->syscalls);
	extra_tps_free(&rp->extra);
	free(rp->event_ids);
	perf_file_close(&rp->file);
}

/*
 * Replays a file already in memory into out, and counts in gaps what the
 * trace is missing; on failure (-ENOMEM when memory ran out, else -1),
 * error says why. host_formats: formats the file lacks may come from the
 * running kernel.
 */
int replay_buffer(const unsigned char *buf, size_t len,
		  const struct sct_options *opts, struct outbuf *out,
		  bool host_formats, struct trace_gaps *gaps, char *error, size_t error_len)
{
	struct replay rp = { 0 };
	struct sct_event *ev;
	uint64_t malformed = 0;
	int ret = -1;

	*gaps = (struct trace_gaps){ 0 };

	if (perf_file_open(&rp.file, buf, len)) {
		snprintf(error, error_len, "%s", rp.file.error);
		ret = rp.file.no_memory ? -ENOMEM : -1;
		goto out;
	}
	ret = setup(&rp, opts, host_formats, error, error_len);
	if (!ret)
		ret = load_events(&rp, &malformed, error, error_len);
	if (ret)
		goto out;
	if (open_printer(&rp, opts, out)) {
		snprintf(error, error_len, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	while ((ev = merge_next(rp.queues, rp.nr_queues, UINT64_MAX))) {
		printer_event(&rp.printer, ev);
		event_release(ev);
	}
	*gaps = (struct trace_gaps){
		.lost = rp.printer.lost, .lost_task_records = rp.printer.lost_task_records,
		.unfinished = printer_unfinished(&rp.printer), .malformed = malformed,
	};
	printer_finish(&rp.printer);
	print_command_exit(&rp);
	printer_summary(&rp.printer);
	printer_tell_lost(&rp.printer);
	if (malformed)
		diag("skipped %llu malformed records", (unsigned long long)malformed);
	ret = 0;
out:
	replay_free(&rp);
	return ret;
}

/*
 * Replays buf into the trace's destination, which must not be the input
 * (input: what buf was read from); name says what buf came from.
 */
static int replay_to_output(const unsigned char *buf, size_t len,
			    const struct sct_options *opts, const char *name,
			    const struct stat *input)
{
	struct outfile_keep keep = { *input, "the input file (--input)" };
	const struct trace_dest dest = { opts->output, opts->append, &keep, 1 };
	struct trace_gaps gaps;
	struct outbuf out;
	char error[256], end[ESCAPE_PATH_SIZE + 32];
	int ret = outbuf_open_trace(&out, &dest, REPLAY_BUF);

	if (ret)
		return ret;
	ret = replay_buffer(buf, len, opts, &out, true, &gaps, error, sizeof(error));
	outbuf_flush(&out);
	if (ret)
		diag("cannot replay %s: %s", name, error);
	if (ret)
		ret = ret == -EINVAL ? SCT_EXIT_USAGE : sct_exit_status(ret, SCT_EXIT_BAD_FILE);
	else
		ret = out.error ? sct_exit_status(-out.error, SCT_EXIT_IO) : SCT_EXIT_OK;
	/* As live: what the recording misses fails --strict. */
	if (!ret && opts->strict) {
		snprintf(end, sizeof(end), "replayed from %s", name);
		ret = strict_verdict(&gaps, end, ret);
	}
	outbuf_close_trace(&out);
	return ret;
}

/* -i -: a pipe cannot be mapped; it is read whole first. */
static unsigned char *read_stdin(size_t *len)
{
	unsigned char *buf = NULL, *more;
	size_t cap = 0;
	ssize_t n;

	*len = 0;
	for (;;) {
		if (*len == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			more = realloc(buf, cap);
			if (!more)
				goto out_free;
			buf = more;
		}
		n = read(STDIN_FILENO, buf + *len, cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out_free;
		if (!n)
			return buf;
		*len += n;
	}
out_free:
	free(buf);
	return NULL;
}

static int replay_stdin(const struct sct_options *opts)
{
	struct stat input = { 0 };
	size_t len;
	unsigned char *buf = read_stdin(&len);
	int ret = buf ? 0 : -errno;

	if (!buf || !len) {
		diag("cannot read a perf.data stream from stdin: %s",
		     buf ? "it is empty" : strerror(-ret));
		free(buf);
		return sct_exit_status(ret, SCT_EXIT_BAD_FILE);
	}
	if (fstat(STDIN_FILENO, &input))
		memset(&input, 0, sizeof(input));
	ret = replay_to_output(buf, len, opts, "stdin", &input);
	free(buf);
	return ret;
}

/* sctrace -i FILE: mapped, not read, so a large file costs no memory up front. */
int replay_file(const struct sct_options *opts)
{
	char shown[ESCAPE_PATH_SIZE], name[ESCAPE_PATH_SIZE + 2];
	struct stat sb;
	void *map = NULL;
	int fd, ret;

	if (!strcmp(opts->input, "-"))
		return replay_stdin(opts);
	escape_str(shown, sizeof(shown), opts->input);
	fd = open(opts->input, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb)) {
		diag("cannot open '%s': %s; give a perf.data file", shown, strerror(errno));
		if (fd >= 0)
			close(fd);
		return SCT_EXIT_BAD_FILE;
	}
	if (sb.st_size > 0)
		map = mmap(NULL, sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED || !sb.st_size) {
		ret = map == MAP_FAILED ? -errno : 0;
		diag("cannot read '%s': %s", shown, ret ? strerror(-ret) : "the file is empty");
		return sct_exit_status(ret, SCT_EXIT_BAD_FILE);
	}
	snprintf(name, sizeof(name), "'%s'", shown);
	ret = replay_to_output(map, sb.st_size, opts, name, &sb);
	munmap(map, sb.st_size);
	return ret;
}
