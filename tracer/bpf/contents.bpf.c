// SPDX-License-Identifier: GPL-2.0
/*
 * Reads what the traced tasks' pointer arguments point to, in the kernel,
 * at the call, and writes it as a sample into the same per-cpu ring as
 * the syscall records. Tracepoint programs run for every task: others
 * cost a lookup, and every program returns 1 so that no other perf or
 * BPF user of these tracepoints ever loses a sample.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../contents_abi.h"

#define KEEP 1
/*
 * A record is built here; an item starts below HALF, so it always fits,
 * even as the verifier bounds it: offset and size each under 2 * ITEM.
 */
#define HALF (2 * CT_MAX_ITEM)
#define SCRATCH (2 * HALF + 32)

struct enter_ctx {
	__u64 common;
	long id;
	unsigned long args[CT_MAX_ARGS];
};

struct exit_ctx {
	__u64 common;
	long id;
	long ret;
};

/* A call's pointers, kept from its enter for the out-parameters. */
struct pending_call {
	__s32 nr;
	__u32 retry;		/* strings unreadable at the enter: bit per argument */
	__s32 len_in;		/* what a CT_LEN_PTR count was at the enter; -1: none */
	__u64 args[CT_MAX_ARGS];
};

struct scratch {
	unsigned char buf[SCRATCH];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ct_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CT_MAX_NR);
	__type(key, __u32);
	__type(value, struct ct_call_spec);
} specs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, __u32);
	__type(value, __u8);
} traced SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, __u32);
	__type(value, struct pending_call);
} pending SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} out SEC(".maps");

/*
 * An exec by a thread other than the leader, per process: the caller.
 * The kernel ends the old leader (whose exit drops its tid from traced)
 * and gives the caller the leader's tid, which the exec's exit then
 * comes on. LRU: a failed exec's entry needs no cleaning.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} execs SEC(".maps");

static __always_inline const struct ct_config *traced_config(__u32 *tid)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	const struct ct_config *cfg;
	__u32 key = 0;

	*tid = (__u32)pid_tgid;
	cfg = bpf_map_lookup_elem(&config, &key);
	if (!cfg)
		return NULL;
	if (cfg->all)
		return (pid_tgid >> 32) == cfg->self_tgid ? NULL : cfg;
	return bpf_map_lookup_elem(&traced, tid) ? cfg : NULL;
}

/*
 * A size the verifier can bound (an item's bytes stay inside SCRATCH):
 * masked in the register itself, which the compiler cannot fold away.
 */
static __always_inline __u64 bounded(__u64 size)
{
	asm volatile("%0 &= 8191" : "+r"(size));
	return size;
}

static __always_inline struct ct_item_head *item_at(struct scratch *s, __u32 off)
{
	return (struct ct_item_head *)&s->buf[bounded(off)];
}

static __always_inline __u32 item_end(__u32 off, __u32 len)
{
	return off + sizeof(struct ct_item_head) + ((len + 7) & ~7u);
}

/*
 * Where an item goes and what it reads. The item writers are global
 * functions, verified once on their own rather than at every call site
 * (which cost the verifier most of a second), so they take this by pointer:
 * a BPF call has at most five arguments.
 */
struct item_req {
	__u64 ptr;
	__s64 total;	/* put_bytes, put_iov: how many bytes the call hands over */
	__u64 len;	/* put_iov: the iovec's iov_len */
	__u32 off;
	__u32 max;
	__u16 elem;
	__u8 arg;
};

static __always_inline struct ct_item_head *item_start(struct scratch *s,
						       const struct item_req *r)
{
	struct ct_item_head *h = item_at(s, r->off);

	h->arg = r->arg;
	h->elem = r->elem;
	h->status = 0;
	h->len = 0;
	h->pad = 0;
	return h;
}

/* Returns the offset after the item. */
__noinline __u32 put_str(struct scratch *s, const struct item_req *r)
{
	struct ct_item_head *h;
	__u32 size;
	long n;

	if (!s || !r)
		return 0;
	h = item_start(s, r);
	size = r->max + 2;
	if (size > CT_MAX_ITEM)
		size = CT_MAX_ITEM;
	n = bpf_probe_read_user_str(h + 1, bounded(size), (const void *)r->ptr);
	if (n <= 0) {
		/* The pointer instead, which is what is shown then. */
		h->status = CT_ITEM_FAULT;
		h->len = sizeof(r->ptr);
		*(__u64 *)(h + 1) = r->ptr;
		return item_end(r->off, sizeof(r->ptr));
	}
	/* Read one byte more than shown, to know whether the string goes on. */
	n--;
	if (n > r->max) {
		n = r->max;
		h->status = CT_ITEM_CUT;
	}
	h->len = n;
	return item_end(r->off, n);
}

__noinline __u32 put_bytes(struct scratch *s, const struct item_req *r)
{
	struct ct_item_head *h;
	__u32 len;

	if (!s || !r)
		return 0;
	len = r->total > r->max ? r->max : r->total;
	if (len > CT_MAX_ITEM)
		len = CT_MAX_ITEM;
	h = item_start(s, r);
	h->status = (__u64)r->total > len ? CT_ITEM_CUT : 0;
	h->len = len;
	if (len && bpf_probe_read_user(h + 1, bounded(len), (const void *)r->ptr)) {
		h->status = CT_ITEM_FAULT;
		h->len = 0;
		return item_end(r->off, 0);
	}
	return item_end(r->off, len);
}

/* One iovec, then the first bytes of its data. */
__noinline __u32 put_iov(struct scratch *s, const struct item_req *r)
{
	struct ct_item_head *h;
	struct ct_iovec *iov;
	__u32 len;

	if (!s || !r)
		return 0;
	len = (__u64)r->total > r->max ? r->max : r->total;
	if (len > CT_MAX_ITEM)
		len = CT_MAX_ITEM;
	h = item_start(s, r);
	iov = (struct ct_iovec *)(h + 1);
	iov->base = r->ptr;
	iov->len = r->len;
	h->status = (__u64)r->total > len ? CT_ITEM_CUT : 0;
	h->len = sizeof(*iov) + len;
	if (len && bpf_probe_read_user(iov + 1, bounded(len), (const void *)r->ptr)) {
		h->status = CT_ITEM_FAULT;
		h->len = sizeof(*iov);
		return item_end(r->off, sizeof(*iov));
	}
	return item_end(r->off, sizeof(*iov) + len);
}

/* What one record's building needs, shared with the bpf_loop callbacks. */
struct emit_state {
	struct scratch *s;
	const struct ct_call_spec *spec;
	const __u64 *args;	/* a copy on the stack or in the pending map */
	long ret;
	__u32 off;
	__u32 retry;		/* at the exit: strings to read again */
	__u32 faulted;		/* at the enter: strings that could not be read */
	__s32 len_in;		/* pending_call's */
	__u8 when;
	__u8 flags;		/* CT_RECORD_* */
	__u8 items;
};

/* One array element: each a loop step, so the verifier walks it once. */
struct vector_state {
	struct emit_state *e;
	__u64 ptr;
	__u64 elem;
	__u32 max;
	__u32 n;		/* elements seen */
	__u8 arg;
	__u8 fault;
};

static long count_element(__u32 i, void *data)
{
	struct vector_state *v = data;

	if (bpf_probe_read_user(&v->elem, sizeof(v->elem), (const void *)(v->ptr + 8 * (__u64)i))) {
		v->fault = 1;
		return 1;
	}
	if (!v->elem)
		return 1;
	v->n = i + 1;
	return 0;
}

/* A NULL-terminated array: only how many it holds (envp). */
static __always_inline void put_count(struct emit_state *e, __u8 arg, __u64 ptr)
{
	struct vector_state v = { .e = e, .ptr = ptr, .elem = 1 };
	struct ct_item_head *h;

	bpf_loop(CT_MAX_ENVP, count_element, &v, 0);
	h = item_at(e->s, e->off);
	h->arg = arg;
	h->len = 0;
	h->pad = 0;
	h->elem = v.n;
	h->status = v.fault ? CT_ITEM_FAULT : v.elem ? CT_ITEM_CUT : 0;
	e->items++;
	e->off = item_end(e->off, 0);
}

static long string_element(__u32 i, void *data)
{
	struct vector_state *v = data;
	struct emit_state *e = v->e;
	struct item_req r = { .off = e->off, .max = v->max, .elem = i, .arg = v->arg };

	if (e->off >= HALF) {
		e->flags |= CT_RECORD_FULL;
		return 1;
	}
	if (bpf_probe_read_user(&v->elem, sizeof(v->elem), (const void *)(v->ptr + 8 * (__u64)i))) {
		v->fault = 1;
		return 1;
	}
	if (!v->elem)
		return 1;
	r.ptr = v->elem;
	e->off = put_str(e->s, &r);
	e->items++;
	v->n = i + 1;
	return 0;
}

/*
 * Each string of the array an item, then an empty one if it went on
 * (CUT) or could not be read (FAULT); no room left marks the record full.
 */
static __always_inline void put_vector(struct emit_state *e, __u8 arg, __u64 ptr, __u32 max)
{
	struct vector_state v = { .e = e, .ptr = ptr, .elem = 1, .max = max, .arg = arg };
	struct ct_item_head *h;

	bpf_loop(CT_MAX_ARGV, string_element, &v, 0);
	if (!v.elem || (e->flags & CT_RECORD_FULL))
		return;
	if (e->off >= HALF) {
		e->flags |= CT_RECORD_FULL;
		return;
	}
	h = item_at(e->s, e->off);
	h->arg = arg;
	h->elem = v.n;
	h->len = 0;
	h->pad = 0;
	h->status = v.fault ? CT_ITEM_FAULT : CT_ITEM_CUT;
	e->items++;
	e->off = item_end(e->off, 0);
}

/* An iovec array's reading: put_iovs's, and its loop's. */
struct iovs_req {
	__u64 ptr;
	__s64 count;		/* iovecs the call has */
	__s64 budget;		/* at the exit: the bytes the call filled, not yet shown */
	__u32 off;		/* in: where the items go; out: after them */
	__u32 max;
	__u32 done;		/* iovecs read */
	__u8 arg;
	__u8 fault;
	__u8 full;
	__u8 items;
};

struct iov_loop {
	struct scratch *s;
	struct iovs_req *r;
};

static long iov_element(__u32 i, void *data)
{
	struct iov_loop *l = data;
	struct iovs_req *v = l->r;
	struct item_req r = { .off = v->off, .max = v->max, .elem = i, .arg = v->arg };
	struct ct_iovec iov;

	if (i >= v->count)
		return 1;
	if (v->off >= HALF) {
		v->full = 1;
		return 1;
	}
	if (bpf_probe_read_user(&iov, sizeof(iov), (const void *)(v->ptr + sizeof(iov) * (__u64)i))) {
		v->fault = 1;
		return 1;
	}
	r.ptr = iov.base;
	r.len = iov.len;
	/* More than any item holds: as good as unbounded, and never negative. */
	r.total = iov.len > CT_MAX_ITEM ? CT_MAX_ITEM + 1 : iov.len;
	if (v->budget >= 0) {
		if (r.total > v->budget)
			r.total = v->budget;
		v->budget -= r.total;
	}
	v->off = put_iov(l->s, &r);
	v->items++;
	v->done = i + 1;
	return 0;
}

/*
 * Each iovec an item; then one saying the rest is missing, or that there
 * were none. A global function: verified once, whatever the caller's state.
 */
__noinline int put_iovs(struct scratch *s, struct iovs_req *r)
{
	struct iov_loop l = { .s = s, .r = r };
	struct ct_item_head *h;
	__s64 count;

	if (!s || !r)
		return 0;
	count = r->count;
	bpf_loop(CT_MAX_IOV, iov_element, &l, 0);
	if (r->full || (!r->fault && count > 0 && count <= CT_MAX_IOV))
		return 0;
	if (r->off >= HALF) {
		r->full = 1;
		return 0;
	}
	h = item_at(s, r->off);
	h->arg = r->arg;
	h->elem = r->done;
	h->len = 0;
	h->pad = 0;
	h->status = r->fault ? CT_ITEM_FAULT : count > CT_MAX_IOV ? CT_ITEM_CUT : 0;
	r->items++;
	r->off = item_end(r->off, 0);
	return 0;
}

/* The six arguments, as one object: what a global function may be handed. */
struct call_args {
	__u64 v[CT_MAX_ARGS];
};

/*
 * How many elements the argument holds; negative: none to read. A global
 * function: the caller's verification sees one unknown result, not a path
 * per way of counting.
 */
__noinline long count_of(const struct ct_arg_spec *a, const struct call_args *args, long ret,
			 int len_in)
{
	__u32 i;
	int n;

	if (!a || !args)
		return -1;
	i = a->len_arg;
	if (i >= CT_MAX_ARGS)
		return 1;
	if (a->flags & CT_LEN_UPTO_RET)
		/* Read at the exit only, of a call that did not fail: ret >= 0. */
		return (__u64)ret < args->v[i] ? ret : (long)args->v[i];
	if (a->flags & CT_LEN_PTR) {
		if (bpf_probe_read_user(&n, sizeof(n), (const void *)args->v[i]))
			return -1;
		/* What the kernel wrote back, but no more than the buffer held. */
		return len_in >= 0 && n > len_in ? len_in : n;
	}
	if (a->flags & CT_LEN_BITS) {
		/* As the kernel reads an fd_set: whole longs, the bits in each. */
		n = (int)args->v[i];
		return n < 0 ? -1 : (((__u32)n + 63) / 64) * 8;
	}
	return (long)args->v[i];
}

/* Whether the argument's condition holds for the value of its cond_arg. */
static __always_inline bool applies(const struct ct_arg_spec *a, __u64 cond)
{
	__u64 v = cond & a->cond_mask;

	return v < 32 && (a->cond_values >> v & 1);
}

static long put_arg(__u32 i, void *data)
{
	struct emit_state *e = data;
	const struct ct_arg_spec *a;
	struct ct_item_head *h;
	struct item_req r = { .arg = i };
	struct iovs_req iovs = { 0 };
	long count;
	__u64 ptr;

	if (i >= CT_MAX_ARGS)
		return 1;
	a = &e->spec->args[i];
	ptr = e->args[i];
	if (!((a->when & e->when) || (e->retry & (1u << i))) || a->mode == CT_MODE_NONE || !ptr)
		return 0;
	if (a->cond_arg < CT_MAX_ARGS && !applies(a, e->args[a->cond_arg]))
		return 0;
	if (e->off >= HALF) {
		e->flags |= CT_RECORD_FULL;
		return 0;
	}
	switch (a->mode) {
	case CT_MODE_STR:
		e->items++;
		h = item_at(e->s, e->off);
		r.ptr = ptr;
		r.off = e->off;
		r.max = a->max;
		e->off = put_str(e->s, &r);
		if (h->status & CT_ITEM_FAULT)
			e->faulted |= 1u << i;
		break;
	case CT_MODE_BYTES:
		count = count_of(a, (const struct call_args *)e->args, e->ret, e->len_in);
		if (count < 0)
			break;
		e->items++;
		r.ptr = ptr;
		r.total = count * a->elem_size;
		r.off = e->off;
		r.max = a->max;
		e->off = put_bytes(e->s, &r);
		break;
	case CT_MODE_STRV:
		put_vector(e, i, ptr, a->max);
		break;
	case CT_MODE_IOV:
		count = count_of(a, (const struct call_args *)e->args, e->ret, e->len_in);
		if (count < 0)
			break;
		iovs.ptr = ptr;
		iovs.count = count;
		iovs.budget = e->when == CT_AT_EXIT ? e->ret : -1;
		iovs.off = e->off;
		iovs.max = a->max;
		iovs.arg = i;
		put_iovs(e->s, &iovs);
		e->off = iovs.off;
		e->items += iovs.items;
		if (iovs.full)
			e->flags |= CT_RECORD_FULL;
		break;
	case CT_MODE_COUNTV:
		put_count(e, i, ptr);
		break;
	}
	return 0;
}

/*
 * The arguments read at this side of the call (and at the exit, strings
 * to retry: the kernel has faulted their pages in by then), written as
 * one record; returns the strings the enter could not read.
 */
static __always_inline __u32 emit(void *ctx, const struct ct_call_spec *spec, int nr,
				  const __u64 *args, long ret, __u8 when, __u32 retry,
				  __s32 len_in, bool at_exit)
{
	struct emit_state e = {
		.spec = spec, .args = args, .ret = ret, .retry = retry, .len_in = len_in,
		.off = sizeof(struct ct_record_head), .when = when,
	};
	struct ct_record_head *head;
	__u32 key = 0, size;

	e.s = bpf_map_lookup_elem(&scratch, &key);
	if (!e.s)
		return 0;
	bpf_loop(CT_MAX_ARGS, put_arg, &e, 0);
	if (!e.items && !e.flags)
		return 0;
	head = (struct ct_record_head *)e.s->buf;
	head->common_type = CT_RECORD_TYPE;
	head->at_exit = at_exit;
	head->flags = e.flags;
	head->nr = nr;
	head->args[0] = args[0];
	head->args[1] = args[1];
	head->args[2] = args[2];
	head->args[3] = args[3];
	head->args[4] = args[4];
	head->args[5] = args[5];
	size = e.off;
	if (size > SCRATCH)
		return e.faulted;
	/* A full ring counts the record lost, as the kernel counts any. */
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, e.s->buf, size);
	return e.faulted;
}

/* The call's spec; whether it reads at the exit; which argument is a CT_LEN_PTR count. */
static __always_inline const struct ct_call_spec *spec_of(long nr, bool *at_exit,
							  __u32 *len_ptr)
{
	const struct ct_call_spec *spec;
	bool any = false;
	__u32 key = nr;
	int i;

	if (nr < 0 || nr >= CT_MAX_NR)
		return NULL;
	spec = bpf_map_lookup_elem(&specs, &key);
	if (!spec)
		return NULL;
	*at_exit = false;
	*len_ptr = CT_MAX_ARGS;
	for (i = 0; i < CT_MAX_ARGS; i++) {
		if (spec->args[i].mode != CT_MODE_NONE)
			any = true;
		if (spec->args[i].when & CT_AT_EXIT)
			*at_exit = true;
		if (spec->args[i].flags & CT_LEN_PTR)
			*len_ptr = spec->args[i].len_arg;
	}
	/* The array holds every number: a call with nothing to read stops here. */
	return any ? spec : NULL;
}

/* Whether the call takes an argv: an exec. */
static __always_inline bool is_exec(const struct ct_call_spec *spec)
{
	int i;

	for (i = 0; i < CT_MAX_ARGS; i++)
		if (spec->args[i].mode == CT_MODE_STRV)
			return true;
	return false;
}

/* A traced thread other than the leader starts an exec: note the caller. */
static __always_inline void note_exec(const struct ct_call_spec *spec, __u32 tid)
{
	__u32 tgid = bpf_get_current_pid_tgid() >> 32;

	if (tid != tgid && is_exec(spec))
		bpf_map_update_elem(&execs, &tgid, &tid, BPF_ANY);
}

/*
 * An untraced leader's tid at an exit: the caller of a noted exec that
 * took it over. It is traced from now on, under its new tid.
 */
static __always_inline bool exec_takeover(void)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid, tgid = pid_tgid >> 32;
	__u32 *caller;
	__u8 one = 1;

	if (tid != tgid)
		return false;
	caller = bpf_map_lookup_elem(&execs, &tgid);
	if (!caller)
		return false;
	bpf_map_delete_elem(&traced, caller);
	bpf_map_delete_elem(&execs, &tgid);
	return !bpf_map_update_elem(&traced, &tid, &one, BPF_ANY);
}

SEC("tracepoint/raw_syscalls/sys_enter")
int contents_enter(struct enter_ctx *ctx)
{
	const struct ct_call_spec *spec;
	struct pending_call call;
	__u32 tid, len_ptr;
	bool at_exit;
	int i;

	if (!traced_config(&tid))
		return KEEP;
	spec = spec_of(ctx->id, &at_exit, &len_ptr);
	if (!spec)
		return KEEP;
	note_exec(spec, tid);
	call.nr = ctx->id;
	for (i = 0; i < CT_MAX_ARGS; i++)
		call.args[i] = ctx->args[i];
	call.retry = emit(ctx, spec, call.nr, call.args, 0, CT_AT_ENTER, 0, -1, false);
	/* The size of the buffer the kernel fills (accept's *addrlen). */
	call.len_in = -1;
	if (len_ptr < CT_MAX_ARGS &&
	    bpf_probe_read_user(&call.len_in, sizeof(call.len_in), (const void *)call.args[len_ptr]))
		call.len_in = -1;
	if (at_exit || call.retry)
		bpf_map_update_elem(&pending, &tid, &call, BPF_ANY);
	return KEEP;
}

SEC("tracepoint/raw_syscalls/sys_exit")
int contents_exit(struct exit_ctx *ctx)
{
	const struct ct_call_spec *spec;
	struct pending_call *call;
	__u32 tid, len_ptr;
	bool at_exit;

	if (!traced_config(&tid) && !exec_takeover())
		return KEEP;
	call = bpf_map_lookup_elem(&pending, &tid);
	if (!call)
		return KEEP;
	/* -1 after sigreturn: the call it would pair with is not this one. */
	spec = call->nr == (int)ctx->id ? spec_of(call->nr, &at_exit, &len_ptr) : NULL;
	/*
	 * A failed call's out-parameters are never shown: then only the
	 * strings to retry are read.
	 */
	if (spec && (ctx->ret >= 0 || call->retry))
		emit(ctx, spec, call->nr, call->args, ctx->ret, ctx->ret < 0 ? 0 : CT_AT_EXIT,
		     call->retry, call->len_in, true);
	bpf_map_delete_elem(&pending, &tid);
	return KEEP;
}

/* Children of traced tasks are traced: the parent runs this. */
SEC("tracepoint/sched/sched_process_fork")
int contents_fork(void *ctx)
{
	const struct ct_config *cfg;
	__u32 tid, child;
	__u8 one = 1;

	cfg = traced_config(&tid);
	if (!cfg || cfg->all || !cfg->follow_forks)
		return KEEP;
	if (bpf_probe_read_kernel(&child, sizeof(child),
				  (const char *)ctx + (cfg->fork_child_offset & 0xff)))
		return KEEP;
	bpf_map_update_elem(&traced, &child, &one, BPF_ANY);
	return KEEP;
}

SEC("tracepoint/sched/sched_process_exit")
int contents_task_exit(void *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();

	bpf_map_delete_elem(&traced, &tid);
	bpf_map_delete_elem(&pending, &tid);
	return KEEP;
}

char LICENSE[] SEC("license") = "GPL";
