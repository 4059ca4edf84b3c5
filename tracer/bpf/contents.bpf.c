// SPDX-License-Identifier: GPL-2.0
/*
 * Reads what the traced tasks' pointer arguments point to, in the kernel,
 * at the call, and writes it as a sample into the same per-cpu ring as
 * the syscall records. Tracepoint programs run for every task: others
 * cost a lookup, and every program returns 1 so that no other perf or
 * BPF user of these tracepoints ever loses a sample. Each program but
 * sched_process_exec's comes twice: on the tracepoint's perf event, and
 * as a BTF program on a BPF link (the BPF engine's: a link is released
 * without the RCU grace period that the last close of a tracepoint's
 * perf event waits). sctrace loads one set.
 *
 * The two sets are two objects, built from this file without and with
 * CT_LINKS: the links' CO-RE relocations make libbpf 1.1 read the
 * kernel's BTF for every program of their object, loaded or not, and a
 * kernel without BTF (Debian's s390x 6.1) would refuse the perf set too.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../contents_abi.h"
#include "task_ids.h"
#ifdef CT_LINKS
#include <bpf/bpf_core_read.h>
#include "syscall_regs.h"
#endif

#define KEEP 1
#define AT_FDCWD -100
/*
 * A record is built here; an item starts below HALF, so it always fits,
 * even as the verifier bounds it: offset and size each under 2 * ITEM.
 */
#define HALF (2 * CT_MAX_ITEM)
#define SCRATCH (2 * HALF + 32)

#ifdef CT_LINKS
/* The field read of the kernel's task_struct by the links, placed by CO-RE. */
struct task_struct {
	int pid;
} __attribute__((preserve_access_index));
#endif

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
	__s32 raw_nr;		/* the kernel's number: socketcall's, where nr is the call it made */
	__u32 retry;		/* arguments unreadable at the enter: bit per argument */
	__s32 len_in;		/* what a CT_LEN_PTR count was at the enter; -1: none */
	__u64 args[CT_MAX_ARGS];
};

struct scratch {
	unsigned char buf[SCRATCH];
};

/* struct msghdr as the 64-bit machines lay it out; an mmsghdr's msg_len follows. */
struct user_msg {
	__u64 name;
	__u32 namelen;
	__u32 pad;
	__u64 iov;
	__u64 iovlen;
	__u64 control;
	__u64 controllen;
	__u32 flags;
	__u32 pad2;
};

_Static_assert(sizeof(struct user_msg) == sizeof(struct ct_msghdr), "a header item is read in place");

/* A call's messages as its enter saw them: what the kernel will fill. */
struct saved_msgs {
	struct user_msg m[CT_MAX_MSG];
	__u32 n;
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

/* recvmsg's and the like's messages, kept from the enter; only those calls pay. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct saved_msgs);
} pending_msgs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct saved_msgs);
} msgs_scratch SEC(".maps");

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

/*
 * In a pid namespace: a traced task's children, by their global tids,
 * from the fork to their first event. LRU: a child that never ran in
 * sctrace's namespace needs no cleaning.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u8);
} forked SEC(".maps");

static __always_inline const struct ct_config *get_config(void)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&config, &key);
}

/* The current task's ids in sctrace's pid namespace (task_ids.h). */
static __always_inline bool current_ids(const struct ct_config *cfg, __u64 *pid_tgid)
{
	return task_ids_current(cfg->pid_ns, cfg->pid_ns_dev, cfg->pid_ns_ino, pid_tgid);
}

/*
 * In a pid namespace, a traced task's child at its first event (its
 * fork's exit): the fork knew only its global tid. It is traced from
 * now on, under its tid in the namespace.
 */
static __always_inline bool adopt_forked(__u32 tid)
{
	__u32 global = (__u32)bpf_get_current_pid_tgid();
	__u8 one = 1;

	if (bpf_map_delete_elem(&forked, &global))
		return false;
	return !bpf_map_update_elem(&traced, &tid, &one, BPF_ANY);
}

static __always_inline const struct ct_config *traced_config(__u32 *tid)
{
	const struct ct_config *cfg = get_config();
	__u64 pid_tgid;

	*tid = 0;
	if (!cfg || !current_ids(cfg, &pid_tgid))
		return NULL;
	*tid = (__u32)pid_tgid;
	if (cfg->all)
		return (pid_tgid >> 32) == cfg->self_tgid ? NULL : cfg;
	if (bpf_map_lookup_elem(&traced, tid))
		return cfg;
	return cfg->pid_ns && adopt_forked(*tid) ? cfg : NULL;
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
	__u8 part;	/* enum ct_part */
	__u8 msg;
	__u8 kernel;	/* put_str: ptr is the kernel's memory */
};

static __always_inline struct ct_item_head *item_start(struct scratch *s,
						       const struct item_req *r)
{
	struct ct_item_head *h = item_at(s, r->off);

	h->arg = r->arg;
	h->elem = r->elem;
	h->status = 0;
	h->len = 0;
	h->part = r->part;
	h->msg = r->msg;
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
	/* The bytes shown, one more to tell the string goes on, and the NUL. */
	size = r->max + 2;
	if (size > CT_MAX_ITEM + 1)
		size = CT_MAX_ITEM + 1;
	if (r->kernel)
		n = bpf_probe_read_kernel_str(h + 1, bounded(size), (const void *)r->ptr);
	else
		n = bpf_probe_read_user_str(h + 1, bounded(size), (const void *)r->ptr);
	if (n < 0) {
		/* The pointer instead, which is what is shown then. */
		h->status = CT_ITEM_FAULT;
		h->len = sizeof(r->ptr);
		*(__u64 *)(h + 1) = r->ptr;
		return item_end(r->off, sizeof(r->ptr));
	}
	/*
	 * The length with its NUL; but 6.1 (the guests' kernel) returns 0
	 * for "", which is a string all the same (AT_EMPTY_PATH's). Read one
	 * byte more than shown, to know whether the string goes on.
	 */
	if (n > 0)
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

/* A NULL-terminated array's reading: put_vector's and put_count's. */
struct vector_req {
	__u64 ptr;
	__u32 off;		/* in: where the items go; out: after them */
	__u32 max;		/* bytes of each string */
	__u8 arg;
	__u8 items;		/* out: items written */
	__u8 full;		/* out: no room for them all */
	__u8 faulted;		/* out: an element or a string could not be read */
};

/* The array's element i; false: unreadable. */
static __always_inline bool vector_element(const struct vector_req *v, __u32 i, __u64 *elem)
{
	return !bpf_probe_read_user(elem, sizeof(*elem), (const void *)(v->ptr + 8 * (__u64)i));
}

/* An empty item ending an array's items: status says why, elem where. */
static __always_inline __u32 put_end(struct scratch *s, __u32 off, __u8 arg, __u16 elem,
				     __u8 status)
{
	struct ct_item_head *h = item_at(s, off);

	h->arg = arg;
	h->elem = elem;
	h->len = 0;
	h->part = 0;
	h->msg = 0;
	h->status = status;
	return item_end(off, 0);
}

/*
 * envp is counted a block of elements per call: the verifier walks a
 * bounded loop once per iteration, and CT_MAX_ENVP of them would cost
 * it most of the program's verification (seconds in an emulated guest).
 */
#define BLOCK 32
#define BLOCK_END 0x100		/* a NULL ended the array in the block */
#define BLOCK_FAULT 0x200	/* an element could not be read */

/* How many of the block's elements, from first on, are set; and why it stopped. */
__noinline long count_block(const struct vector_req *v, __u32 first)
{
	__u64 elem;
	long i;

	if (!v)
		return BLOCK_FAULT;
	for (i = 0; i < BLOCK; i++) {
		if (!vector_element(v, first + i, &elem))
			return i | BLOCK_FAULT;
		if (!elem)
			return i | BLOCK_END;
	}
	return BLOCK;
}

/* A NULL-terminated array: only how many it holds (envp), one item. */
__noinline int put_count(struct scratch *s, struct vector_req *v)
{
	long got = BLOCK;
	__u32 i, n = 0;

	if (!s || !v)
		return 0;
	for (i = 0; i < CT_MAX_ENVP / BLOCK; i++) {
		got = count_block(v, i * BLOCK);
		n += got & (2 * BLOCK - 1);
		if (got & (BLOCK_END | BLOCK_FAULT))
			break;
	}
	v->off = put_end(s, v->off, v->arg, n,
			 got & BLOCK_FAULT ? CT_ITEM_FAULT : got & BLOCK_END ? 0 : CT_ITEM_CUT);
	v->items = 1;
	return 0;
}

/* A getdents buffer's walk: put_dirents's. */
struct dirents_req {
	__u64 ptr;
	__u64 bytes;		/* what the kernel filled */
	__u64 off;		/* the next entry's */
	__u32 n;		/* entries counted */
	__u8 fault;		/* an entry's length could not be read, or was 0 */
};

/* d_reclen's offset, in struct linux_dirent and linux_dirent64 alike. */
#define DIRENT_RECLEN 16

/* Counts the block's entries from r->off on; 0 once the buffer ends. */
__noinline int count_dirent_block(struct dirents_req *r)
{
	__u16 reclen;
	int i;

	if (!r)
		return 0;
	for (i = 0; i < BLOCK; i++) {
		if (r->off >= r->bytes)
			return 0;
		if (bpf_probe_read_user(&reclen, sizeof(reclen),
					(const void *)(r->ptr + r->off + DIRENT_RECLEN)) || !reclen) {
			r->fault = 1;
			return 0;
		}
		r->off += reclen;
		r->n++;
	}
	return 1;
}

/*
 * How many entries the kernel filled (getdents, getdents64), a block per
 * call as envp's count: one empty item, FAULT if they could not be
 * walked, CUT past CT_MAX_DIRENTS. Returns the offset after it.
 */
__noinline __u32 put_dirents(struct scratch *s, __u32 off, __u8 arg, __u64 ptr, __u64 bytes)
{
	struct dirents_req r = { .ptr = ptr, .bytes = bytes };
	__u32 i;

	if (!s)
		return 0;
	for (i = 0; i < CT_MAX_DIRENTS / BLOCK; i++)
		if (!count_dirent_block(&r))
			break;
	return put_end(s, off, arg, r.n,
		       r.fault ? CT_ITEM_FAULT : r.off < r.bytes ? CT_ITEM_CUT : 0);
}

/*
 * Each string of the array an item, then an empty one if it went on
 * (CUT) or could not be read (FAULT); no room left: full. An array not
 * readable at all has no item: its address is shown.
 */
__noinline int put_vector(struct scratch *s, struct vector_req *v)
{
	struct item_req r = { 0 };
	__u64 elem = 1;
	bool fault = false;
	__u32 i, n = 0;

	if (!s || !v)
		return 0;
	r.max = v->max;
	r.arg = v->arg;
	for (i = 0; i < CT_MAX_ARGV; i++) {
		if (v->off >= HALF) {
			v->full = 1;
			return 0;
		}
		if (!vector_element(v, i, &elem)) {
			fault = true;
			break;
		}
		if (!elem)
			return 0;
		r.ptr = elem;
		r.off = v->off;
		r.elem = i;
		v->off = put_str(s, &r);
		if (item_at(s, r.off)->status & CT_ITEM_FAULT)
			v->faulted = 1;
		v->items++;
		n = i + 1;
	}
	/* Exactly CT_MAX_ARGV strings: whole, not cut, if the next is the NULL. */
	if (!fault && vector_element(v, CT_MAX_ARGV, &elem) && !elem)
		return 0;
	if (fault)
		v->faulted = 1;
	if (fault && !n)
		return 0;
	if (v->off >= HALF) {
		v->full = 1;
		return 0;
	}
	v->off = put_end(s, v->off, v->arg, n, fault ? CT_ITEM_FAULT : CT_ITEM_CUT);
	v->items++;
	return 0;
}

/* An iovec array's reading: put_iovs's. */
struct iovs_req {
	__u64 ptr;
	__s64 count;		/* iovecs the call has */
	__s64 budget;		/* at the exit: the bytes the call filled, not yet shown */
	__u32 off;		/* in: where the items go; out: after them */
	__u32 max;
	__u8 arg;
	__u8 full;		/* out: no room for them all */
	__u8 items;		/* out: items written */
	__u8 part;		/* enum ct_part: a message's iovecs */
	__u8 msg;		/* the message's index */
	__u8 faulted;		/* out: the array or an iovec's data could not be read */
};

/*
 * Each iovec an item; then one saying the rest is missing, or that there
 * were none.
 */
__noinline int put_iovs(struct scratch *s, struct iovs_req *v)
{
	struct item_req r = { 0 };
	struct ct_item_head *h;
	struct ct_iovec iov;
	bool fault = false;
	__u32 i, done = 0;

	if (!s || !v)
		return 0;
	r.max = v->max;
	r.arg = v->arg;
	r.part = v->part;
	r.msg = v->msg;
	for (i = 0; i < CT_MAX_IOV && i < v->count; i++) {
		if (v->off >= HALF) {
			v->full = 1;
			return 0;
		}
		if (bpf_probe_read_user(&iov, sizeof(iov),
					(const void *)(v->ptr + sizeof(iov) * (__u64)i))) {
			fault = true;
			break;
		}
		r.ptr = iov.base;
		r.len = iov.len;
		r.off = v->off;
		r.elem = i;
		/* More than any item holds: as good as unbounded, and never negative. */
		r.total = iov.len > CT_MAX_ITEM ? CT_MAX_ITEM + 1 : iov.len;
		if (v->budget >= 0) {
			if (r.total > v->budget)
				r.total = v->budget;
			v->budget -= r.total;
		}
		v->off = put_iov(s, &r);
		if (item_at(s, r.off)->status & CT_ITEM_FAULT)
			v->faulted = 1;
		v->items++;
		done = i + 1;
	}
	if (fault)
		v->faulted = 1;
	if (!fault && v->count > 0 && v->count <= CT_MAX_IOV)
		return 0;
	if (v->off >= HALF) {
		v->full = 1;
		return 0;
	}
	h = item_at(s, v->off);
	v->off = put_end(s, v->off, v->arg, done,
			 fault ? CT_ITEM_FAULT : v->count > CT_MAX_IOV ? CT_ITEM_CUT : 0);
	v->items++;
	h->part = v->part;
	h->msg = v->msg;
	return 0;
}

/* A message array's reading: put_msgs's. */
struct msgs_req {
	__u64 ptr;		/* the msghdr, or the mmsghdr array */
	__s64 count;		/* messages to read */
	__s64 ret;		/* at the exit: the call's result */
	__u32 off;		/* in: where the items go; out: after them */
	__u32 max;		/* each iovec's bytes */
	__u32 stride;		/* a msghdr's size, or an mmsghdr's */
	__u8 arg;
	__u8 at_exit;
	__u8 full;
	__u8 items;
	/* The message's iovecs, when put_msg found some (ptr not 0). */
	struct iovs_req iovs;
};

/* An item of the message's bytes at ptr, total of them, max at most. */
static __always_inline void put_msg_part(struct scratch *s, struct msgs_req *r, __u32 i,
					 __u8 part, __u64 ptr, __u64 total, __u32 max)
{
	struct item_req b = { .ptr = ptr, .total = total, .off = r->off, .max = max,
			      .arg = r->arg, .part = part, .msg = i };

	if (!ptr || !total)
		return;
	if (r->off >= HALF) {
		r->full = 1;
		return;
	}
	r->off = put_bytes(s, &b);
	r->items++;
}

/*
 * The message's header, read in place into its item; at the exit the
 * pointers and sizes are the enter's, the lengths the kernel's but no
 * more than those sizes. NULL: it could not be read (the item says so).
 */
static __always_inline struct ct_msghdr *put_msg_header(struct scratch *s, struct msgs_req *r,
							const struct saved_msgs *saved,
							__u32 i)
{
	const struct user_msg *in = NULL;
	struct ct_item_head *h = item_at(s, r->off);
	struct ct_msghdr *m = (struct ct_msghdr *)(h + 1);
	__u64 at = r->ptr + (__u64)r->stride * i;

	h->arg = r->arg;
	h->status = 0;
	h->len = sizeof(*m);
	h->elem = 0;
	h->part = CT_PART_HDR;
	h->msg = i;
	r->items++;
	if (r->at_exit && saved && i < saved->n)
		in = &saved->m[i & (CT_MAX_MSG - 1)];
	if ((r->at_exit && !in) || bpf_probe_read_user(m, sizeof(*m), (const void *)at)) {
		h->status = CT_ITEM_FAULT;
		h->len = sizeof(at);
		*(__u64 *)m = at;
		r->off = item_end(r->off, sizeof(at));
		return NULL;
	}
	r->off = item_end(r->off, sizeof(*m));
	m->namelen_in = in ? in->namelen : m->namelen;
	m->msg_len = 0;
	if (r->stride > sizeof(*m) &&
	    bpf_probe_read_user(&m->msg_len, sizeof(m->msg_len), (const void *)(at + sizeof(*m))))
		m->msg_len = 0;
	if (in) {
		m->name = in->name;
		m->iov = in->iov;
		m->iovlen = in->iovlen;
		m->control = in->control;
		if (m->controllen > in->controllen)
			m->controllen = in->controllen;
	}
	return m;
}

/*
 * Message i: its header, address and control, and in r->iovs how to
 * read its iovecs. 1: the list ends here. A global function: the loop
 * that calls it is verified as one call, however many ways a message
 * can be. put_iovs is called by put_msgs, not here: a 6.1 verifier
 * rounds each frame up to 32 bytes and refuses a chain over 512
 * (ci/bpf-stack.sh).
 */
__noinline int put_msg(struct scratch *s, struct msgs_req *r, const struct saved_msgs *saved,
		       __u32 i)
{
	struct iovs_req *iovs;
	struct ct_msghdr *m;
	__u32 namelen;

	if (!s || !r)
		return 1;
	iovs = &r->iovs;
	iovs->ptr = 0;
	if (i >= r->count)
		return 1;
	if (r->off >= HALF) {
		r->full = 1;
		return 1;
	}
	m = put_msg_header(s, r, saved, i);
	if (!m)
		return 1;
	namelen = m->namelen < m->namelen_in ? m->namelen : m->namelen_in;
	put_msg_part(s, r, i, CT_PART_NAME, m->name, namelen, CT_MAX_NAME);
	put_msg_part(s, r, i, CT_PART_CONTROL, m->control, m->controllen, CT_MAX_CONTROL);
	if (!m->iov || r->full)
		return 0;
	iovs->ptr = m->iov;
	/* A count as put_iovs takes it: past CT_MAX_IOV, only "more" matters. */
	iovs->count = m->iovlen > CT_MAX_IOV ? CT_MAX_IOV + 1 : m->iovlen;
	/* At the exit, the bytes received: an mmsghdr's msg_len, or the result. */
	iovs->budget = -1;
	if (r->at_exit)
		iovs->budget = r->stride > sizeof(*m) ? m->msg_len : r->ret;
	iovs->off = r->off;
	iovs->max = r->max;
	iovs->arg = r->arg;
	iovs->part = CT_PART_IOV;
	iovs->msg = i;
	iovs->items = 0;
	iovs->full = 0;
	return 0;
}

/* Message i's iovecs, as put_msg found them. */
static __always_inline void put_msg_iovs(struct scratch *s, struct msgs_req *r)
{
	if (!r->iovs.ptr)
		return;
	put_iovs(s, &r->iovs);
	r->off = r->iovs.off;
	r->items += r->iovs.items;
	if (r->iovs.full)
		r->full = 1;
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

/*
 * One argument's reading: what put_arg is handed, and what it did; and
 * put_msgs's, its spec unused. A global function is handed no pointers
 * it keeps (the verifier forgets what their memory held).
 */
struct arg_req {
	struct ct_arg_spec spec;
	struct call_args args;
	__s64 ret;
	__s32 len_in;		/* pending_call's */
	__u32 off;		/* in: where its items go; out: after them */
	__u8 arg;
	__u8 when;		/* the side read: CT_AT_*, or 0 (the exit of a failed call) */
	__u8 retry;		/* an argument the enter could not read: read it again */
	__u8 items;		/* out: items written */
	__u8 full;		/* out: no room for them all */
	__u8 faulted;		/* out: a string or bytes that could not be read */
};

/*
 * The messages of the call's CT_MODE_MSG argument read at this side, if
 * it has one: each message its items (ct_part). Called once per record,
 * after put_arg's loop, and global: verified once, the loop's
 * verification untouched by what the messages hold.
 */
__noinline int put_msgs(struct scratch *s, const struct saved_msgs *saved,
			struct arg_req *q, const struct ct_call_spec *spec)
{
	struct msgs_req r = { 0 };
	const struct ct_arg_spec *a = NULL;
	long count;
	int i;

	if (!s || !q || !spec)
		return 0;
	for (i = 0; i < CT_MAX_ARGS; i++) {
		if (spec->args[i].mode == CT_MODE_MSG && (spec->args[i].when & q->when) &&
		    q->args.v[i]) {
			a = &spec->args[i];
			r.ptr = q->args.v[i];
			r.arg = i;
		}
	}
	if (!a)
		return 0;
	count = count_of(a, &q->args, q->ret, q->len_in);
	if (count < 0)
		return 0;
	r.count = count;
	r.ret = q->ret;
	r.off = q->off;
	r.max = a->max;
	r.stride = a->elem_size;
	r.at_exit = q->when == CT_AT_EXIT;
	for (i = 0; i < CT_MAX_MSG; i++) {
		if (put_msg(s, &r, saved, i))
			break;
		put_msg_iovs(s, &r);
	}
	q->off = r.off;
	q->items = r.items;
	q->full = r.full;
	return 0;
}

/* Whether the argument's condition holds for the value of its cond_arg. */
static __always_inline bool applies(const struct ct_arg_spec *a, __u64 cond)
{
	__u64 v = cond >> (a->cond_shift & 63) & a->cond_mask;

	return v < 32 && (a->cond_values >> v & 1);
}


/*
 * At the exit, what a pointer in the argument's struct points to, if
 * its flag is set: what the kernel wrote there (clone3's parent_tid).
 */
__noinline int put_pointed(struct scratch *s, struct arg_req *q)
{
	struct item_req r = { .part = CT_PART_POINTED };
	__u64 base, flags, at;

	if (!s || !q || q->arg >= CT_MAX_ARGS || !q->spec.ptr_at || q->spec.ptr_if_bit > 63)
		return 0;
	base = q->args.v[q->arg];
	if (bpf_probe_read_user(&flags, sizeof(flags), (const void *)base) ||
	    !(flags >> q->spec.ptr_if_bit & 1) ||
	    bpf_probe_read_user(&at, sizeof(at), (const void *)(base + q->spec.ptr_at - 1)) ||
	    !at)
		return 0;
	if (q->off >= HALF) {
		q->full = 1;
		return 0;
	}
	r.arg = q->arg;
	r.ptr = at;
	r.off = q->off;
	r.total = q->spec.ptr_size;
	r.max = q->spec.ptr_size;
	q->items = 1;
	q->off = put_bytes(s, &r);
	return 0;
}

/*
 * Reads one argument. A global function, verified once: the loops that
 * call it and that it calls are plain bounded loops, not bpf_loop, whose
 * callbacks a kernel without a BPF JIT (s390x's) refuses.
 */
__noinline int put_arg(struct scratch *s, struct arg_req *q)
{
	struct item_req r = { 0 };
	struct vector_req v = { 0 };
	struct iovs_req iovs = { 0 };
	const struct ct_arg_spec *a;
	long count;
	__u64 ptr;

	if (!s || !q || q->arg >= CT_MAX_ARGS)
		return 0;
	a = &q->spec;
	ptr = q->args.v[q->arg];
	if (a->ptr_at && q->when == CT_AT_EXIT && q->ret > 0 && ptr)
		return put_pointed(s, q);
	if (!((a->when & q->when) || q->retry) || a->mode == CT_MODE_NONE || !ptr)
		return 0;
	if (a->cond_arg < CT_MAX_ARGS && !applies(a, q->args.v[a->cond_arg]))
		return 0;
	if (q->off >= HALF) {
		q->full = 1;
		return 0;
	}
	r.arg = q->arg;
	r.ptr = ptr;
	r.off = q->off;
	r.max = a->max;
	v.arg = q->arg;
	v.ptr = ptr;
	v.off = q->off;
	v.max = a->max;
	switch (a->mode) {
	case CT_MODE_STR:
		q->items = 1;
		q->off = put_str(s, &r);
		if (item_at(s, r.off)->status & CT_ITEM_FAULT)
			q->faulted = 1;
		break;
	case CT_MODE_BYTES:
		count = count_of(a, &q->args, q->ret, q->len_in);
		if (count < 0)
			break;
		q->items = 1;
		r.total = count * a->elem_size;
		q->off = put_bytes(s, &r);
		if (item_at(s, r.off)->status & CT_ITEM_FAULT)
			q->faulted = 1;
		break;
	case CT_MODE_STRV:
		put_vector(s, &v);
		q->off = v.off;
		q->items = v.items;
		q->full = v.full;
		q->faulted = v.faulted;
		break;
	case CT_MODE_IOV:
		count = count_of(a, &q->args, q->ret, q->len_in);
		if (count < 0)
			break;
		iovs.ptr = ptr;
		iovs.count = count;
		/* An out-array shows what the call filled; a retried in-array all of it. */
		iovs.budget = a->when == CT_AT_EXIT && q->when == CT_AT_EXIT ? q->ret : -1;
		iovs.off = q->off;
		iovs.max = a->max;
		iovs.arg = q->arg;
		put_iovs(s, &iovs);
		q->off = iovs.off;
		q->items = iovs.items;
		q->full = iovs.full;
		q->faulted = iovs.faulted;
		break;
	case CT_MODE_COUNTV:
		put_count(s, &v);
		q->off = v.off;
		q->items = v.items;
		break;
	case CT_MODE_DIRENTS:
		count = count_of(a, &q->args, q->ret, q->len_in);
		if (count < 0)
			break;
		q->items = 1;
		q->off = put_dirents(s, q->off, q->arg, ptr, count);
		break;
	}
	return 0;
}

/* Heads the items built in s with the call, and writes the record out. */
static __always_inline void output_record(void *ctx, struct scratch *s, int nr,
					  const __u64 *args, bool at_exit, __u8 flags,
					  __u32 size)
{
	struct ct_record_head *head = (struct ct_record_head *)s->buf;

	head->common_type = CT_RECORD_TYPE;
	head->at_exit = at_exit;
	head->flags = flags;
	head->nr = nr;
	head->args[0] = args[0];
	head->args[1] = args[1];
	head->args[2] = args[2];
	head->args[3] = args[3];
	head->args[4] = args[4];
	head->args[5] = args[5];
	/* A full ring counts the record lost, as the kernel counts any. */
	if (size <= SCRATCH)
		bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, s->buf, size);
}

/* What put_items reads, and what it tells emit. */
struct items_req {
	struct arg_req q;
	__u32 off;		/* in: after the record's head; out: after its items */
	__u32 retry;		/* in: the arguments to read again, one bit each */
	__u32 faulted;		/* out: the arguments that could not be read */
	__u8 items;		/* out: items written */
	__u8 full;		/* out: some did not fit */
};

/*
 * Every argument's items and the messages', after the record's head.
 * Global, so verified once: inlined, its loop was verified again for
 * every state its callers reached it in (282,449 instructions processed
 * for contents_enter on Debian's 6.1, 3 s of each start in a TCG guest).
 */
__noinline int put_items(struct scratch *s, const struct ct_call_spec *spec,
			 const struct saved_msgs *msgs, struct items_req *r)
{
	int i;

	if (!s || !spec || !r)
		return 0;
	for (i = 0; i < CT_MAX_ARGS; i++) {
		if (spec->args[i].mode == CT_MODE_NONE)
			continue;
		r->q.spec = spec->args[i];
		r->q.arg = i;
		r->q.retry = r->retry >> i & 1;
		r->q.off = r->off;
		r->q.items = 0;
		r->q.full = 0;
		r->q.faulted = 0;
		put_arg(s, &r->q);
		r->off = r->q.off;
		r->items += r->q.items;
		r->full |= r->q.full;
		if (r->q.faulted)
			r->faulted |= 1u << i;
	}
	r->q.off = r->off;
	r->q.items = 0;
	r->q.full = 0;
	put_msgs(s, msgs, &r->q, spec);
	r->off = r->q.off;
	r->items += r->q.items;
	r->full |= r->q.full;
	return 0;
}

/*
 * The arguments read at this side of the call (and at the exit, those to
 * retry: the kernel has faulted their pages in by then), written as one
 * record; returns the arguments the enter could not read. A page not
 * mapped yet (libc's read-only data: glibc's all-signals set) made a
 * flake: the address shown in one run, the set in the next.
 */
static __always_inline __u32 emit(void *ctx, const struct ct_call_spec *spec, int nr,
				  const __u64 *args, long ret, __u8 when, __u32 retry,
				  __s32 len_in, const struct saved_msgs *msgs, bool at_exit,
				  __u8 flags)
{
	struct items_req r = {
		.q = { .ret = ret, .len_in = len_in, .when = when },
		.off = sizeof(struct ct_record_head),
		.retry = retry,
	};
	struct scratch *s;
	__u32 key = 0;
	int i;

	s = bpf_map_lookup_elem(&scratch, &key);
	if (!s)
		return 0;
	for (i = 0; i < CT_MAX_ARGS; i++)
		r.q.args.v[i] = args[i];
	put_items(s, spec, msgs, &r);
	if (r.full)
		flags |= CT_RECORD_FULL;
	if (!r.items && !flags)
		return 0;
	output_record(ctx, s, nr, args, at_exit, flags, r.off);
	return r.faulted;
}

/* A record of the call alone, no item: a socketcall's call with nothing to read. */
static __always_inline void emit_subcall(void *ctx, int nr, const __u64 *args)
{
	struct scratch *s;
	__u32 key = 0;

	s = bpf_map_lookup_elem(&scratch, &key);
	if (s)
		output_record(ctx, s, nr, args, false, CT_RECORD_SUBCALL,
			      sizeof(struct ct_record_head));
}

/*
 * socketcall(call, args), on machines that have it: the call it makes,
 * and the arguments it reads from args, in place of its own. Whether it
 * was one, and args could be read.
 */
static __always_inline bool unpack_socketcall(const struct ct_config *cfg, long *nr,
					      __u64 *args)
{
	__u64 sub[CT_MAX_ARGS] = { 0 };
	__u32 call = (__u32)args[0];	/* an int to the kernel: a negative one is past the end */
	__u32 n;
	int i;

	if (cfg->socketcall_nr < 0 || *nr != cfg->socketcall_nr || call >= CT_SOCKETCALL_CALLS)
		return false;
	n = cfg->socketcall_nargs[call];
	if (cfg->socketcall_to[call] < 0 || n == 0 || n > CT_MAX_ARGS)
		return false;
	if (bpf_probe_read_user(sub, n * sizeof(__u64), (const void *)args[1]))
		return false;
	*nr = cfg->socketcall_to[call];
	for (i = 0; i < CT_MAX_ARGS; i++)
		args[i] = sub[i];
	return true;
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
		if ((spec->args[i].when & CT_AT_EXIT) || spec->args[i].ptr_at)
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
static __always_inline void note_exec(const struct ct_config *cfg,
				      const struct ct_call_spec *spec, __u32 tid)
{
	__u64 pid_tgid;
	__u32 tgid;

	if (!current_ids(cfg, &pid_tgid))
		return;
	tgid = pid_tgid >> 32;
	if (tid != tgid && is_exec(spec))
		bpf_map_update_elem(&execs, &tgid, &tid, BPF_ANY);
}

/*
 * An untraced leader's tid at an exit: the caller of a noted exec that
 * took it over. It is traced from now on, under its new tid.
 */
static __always_inline bool exec_takeover(void)
{
	const struct ct_config *cfg = get_config();
	__u32 tid, tgid, *caller;
	__u64 pid_tgid;
	__u8 one = 1;

	if (!cfg || !current_ids(cfg, &pid_tgid))
		return false;
	tid = (__u32)pid_tgid;
	tgid = pid_tgid >> 32;
	if (tid != tgid)
		return false;
	caller = bpf_map_lookup_elem(&execs, &tgid);
	if (!caller)
		return false;
	bpf_map_delete_elem(&traced, caller);
	/* The caller's tid is gone without an exit: its call too. */
	bpf_map_delete_elem(&pending, caller);
	bpf_map_delete_elem(&pending_msgs, caller);
	bpf_map_delete_elem(&execs, &tgid);
	return !bpf_map_update_elem(&traced, &tid, &one, BPF_ANY);
}

/*
 * The headers of the messages the kernel will fill, as they are now:
 * the exit reads where they pointed, never past the sizes they gave.
 * Whether there are any. A global function: which argument it is stays
 * out of the caller's verification.
 */
__noinline int save_msgs(const struct ct_call_spec *spec, const struct call_args *args,
			 struct saved_msgs *saved)
{
	const struct ct_arg_spec *a = NULL;
	__u64 count = 1, ptr = 0;
	int i;

	if (!spec || !args || !saved)
		return 0;
	for (i = 0; i < CT_MAX_ARGS; i++) {
		if (spec->args[i].mode == CT_MODE_MSG && (spec->args[i].when & CT_AT_EXIT)) {
			a = &spec->args[i];
			ptr = args->v[i];
		}
	}
	if (!a || !ptr)
		return 0;
	if (a->len_arg < CT_MAX_ARGS)
		count = args->v[a->len_arg];
	saved->n = 0;
	for (i = 0; i < CT_MAX_MSG && i < count; i++) {
		if (bpf_probe_read_user(&saved->m[i], sizeof(saved->m[i]),
					(const void *)(ptr + (__u64)a->elem_size * i)))
			break;
		saved->n = i + 1;
	}
	return 1;
}

/*
 * A traced task's call enter: its number, and its arguments in call as
 * raw_syscalls' record has them (the caller's frame: one copy of them
 * on the stack, made only for the traced tasks).
 */
static __always_inline void on_enter(void *ctx, const struct ct_config *cfg, __u32 tid,
				     long id, struct pending_call *call)
{
	const struct ct_call_spec *spec;
	struct saved_msgs *msgs;
	__u32 len_ptr, key = 0;
	long nr = id;
	bool at_exit, subcall;

	subcall = unpack_socketcall(cfg, &nr, call->args);
	spec = spec_of(nr, &at_exit, &len_ptr);
	if (!spec) {
		if (subcall)
			emit_subcall(ctx, nr, call->args);
		return;
	}
	note_exec(cfg, spec, tid);
	call->nr = nr;
	call->raw_nr = id;
	call->retry = emit(ctx, spec, call->nr, call->args, 0, CT_AT_ENTER, 0, -1, NULL, false,
			   subcall ? CT_RECORD_SUBCALL : 0);
	msgs = at_exit ? bpf_map_lookup_elem(&msgs_scratch, &key) : NULL;
	if (msgs && save_msgs(spec, (const struct call_args *)call->args, msgs))
		bpf_map_update_elem(&pending_msgs, &tid, msgs, BPF_ANY);
	/* The size of the buffer the kernel fills (accept's *addrlen). */
	call->len_in = -1;
	if (len_ptr < CT_MAX_ARGS &&
	    bpf_probe_read_user(&call->len_in, sizeof(call->len_in),
				(const void *)call->args[len_ptr]))
		call->len_in = -1;
	if (at_exit || call->retry)
		bpf_map_update_elem(&pending, &tid, call, BPF_ANY);
}

#ifndef CT_LINKS
SEC("tracepoint/raw_syscalls/sys_enter")
int contents_enter(struct enter_ctx *ctx)
{
	const struct ct_config *cfg;
	struct pending_call call;
	__u32 tid;
	int i;

	cfg = traced_config(&tid);
	if (!cfg)
		return KEEP;
	for (i = 0; i < CT_MAX_ARGS; i++)
		call.args[i] = ctx->args[i];
	on_enter(ctx, cfg, tid, ctx->id, &call);
	return KEEP;
}
#else
/* The same, on the BPF engine's link: no perf event to close at the end. */
SEC("tp_btf/sys_enter")
int BPF_PROG(contents_enter_link, struct pt_regs *regs, long id)
{
	const struct ct_config *cfg;
	struct pending_call call;
	__u32 tid;

	cfg = traced_config(&tid);
	if (!cfg)
		return 0;
	syscall_args(regs, call.args);
	on_enter(ctx, cfg, tid, id, &call);
	return 0;
}
#endif

static __always_inline void on_exit(void *ctx, long id, long ret)
{
	const struct ct_call_spec *spec;
	const struct saved_msgs *msgs;
	struct pending_call *call;
	__u32 tid, len_ptr;
	bool at_exit;

	if (!traced_config(&tid) && !exec_takeover())
		return;
	call = bpf_map_lookup_elem(&pending, &tid);
	if (!call)
		return;
	/* -1 after sigreturn: the call it would pair with is not this one. */
	spec = call->raw_nr == (int)id ? spec_of(call->nr, &at_exit, &len_ptr) : NULL;
	msgs = bpf_map_lookup_elem(&pending_msgs, &tid);
	/*
	 * A failed call's out-parameters are never shown: then only the
	 * arguments to retry are read. After an exec, the pointers are the
	 * old program's: the new one's memory at them is not what was passed.
	 */
	if (spec && !(ret == 0 && is_exec(spec)) && (ret >= 0 || call->retry))
		emit(ctx, spec, call->nr, call->args, ret, ret < 0 ? 0 : CT_AT_EXIT,
		     call->retry, call->len_in, msgs, true, 0);
	if (msgs)
		bpf_map_delete_elem(&pending_msgs, &tid);
	bpf_map_delete_elem(&pending, &tid);
}

#ifndef CT_LINKS
SEC("tracepoint/raw_syscalls/sys_exit")
int contents_exit(struct exit_ctx *ctx)
{
	on_exit(ctx, ctx->id, ctx->ret);
	return KEEP;
}
#else
SEC("tp_btf/sys_exit")
int BPF_PROG(contents_exit_link, struct pt_regs *regs, long ret)
{
	on_exit(ctx, SYSCALL_NR(regs), ret);
	return 0;
}
#endif

/* Children of traced tasks are traced: the parent runs this. */
static __always_inline const struct ct_config *follows_forks(void)
{
	const struct ct_config *cfg;
	__u32 tid;

	cfg = traced_config(&tid);
	return cfg && !cfg->all && cfg->follow_forks ? cfg : NULL;
}

/* child is the global pid: in a namespace, its first event knows both. */
static __always_inline void adopt_child(const struct ct_config *cfg, __u32 child)
{
	__u8 one = 1;

	if (cfg->pid_ns)
		bpf_map_update_elem(&forked, &child, &one, BPF_ANY);
	else
		bpf_map_update_elem(&traced, &child, &one, BPF_ANY);
}

#ifndef CT_LINKS
SEC("tracepoint/sched/sched_process_fork")
int contents_fork(void *ctx)
{
	const struct ct_config *cfg = follows_forks();
	__u32 child;

	if (cfg && !bpf_probe_read_kernel(&child, sizeof(child),
					  (const char *)ctx + (cfg->fork_child_offset & 0xff)))
		adopt_child(cfg, child);
	return KEEP;
}
#else
SEC("tp_btf/sched_process_fork")
int BPF_PROG(contents_fork_link, struct task_struct *parent, struct task_struct *child)
{
	const struct ct_config *cfg = follows_forks();

	if (cfg)
		adopt_child(cfg, BPF_CORE_READ(child, pid));
	return 0;
}
#endif

static __always_inline void on_task_exit(void)
{
	const struct ct_config *cfg = get_config();
	__u64 pid_tgid;
	__u32 tid;

	if (!cfg)
		return;
	if (cfg->pid_ns) {
		/* A child that ended before its first event. */
		tid = (__u32)bpf_get_current_pid_tgid();
		bpf_map_delete_elem(&forked, &tid);
	}
	if (!current_ids(cfg, &pid_tgid))
		return;
	tid = (__u32)pid_tgid;
	bpf_map_delete_elem(&traced, &tid);
	bpf_map_delete_elem(&pending, &tid);
	bpf_map_delete_elem(&pending_msgs, &tid);
}

#ifndef CT_LINKS
SEC("tracepoint/sched/sched_process_exit")
int contents_task_exit(void *ctx)
{
	on_task_exit();
	return KEEP;
}
#else
SEC("tp_btf/sched_process_exit")
int contents_task_exit_link(void *ctx)
{
	on_task_exit();
	return 0;
}
#endif

/*
 * An exec past its point of no return, still in the old program: the
 * kernel has copied its path and arguments, faulting their pages in (a
 * fresh child's, untouched since the fork), so what the enter could not
 * read is read now, as the call's exit record. At the exit the old
 * memory is gone. The printer keeps one exit record per call: neither
 * sched_process_exec's program nor a failing exit writes another.
 * Kernels since 6.10 have this tracepoint; sctrace loads this program
 * only where it exists.
 */
static __always_inline void on_prepare_exec(void *ctx)
{
	const struct ct_call_spec *spec;
	struct pending_call *call;
	__u32 tid, len_ptr;
	bool at_exit;

	if (!traced_config(&tid))
		return;
	call = bpf_map_lookup_elem(&pending, &tid);
	spec = call ? spec_of(call->nr, &at_exit, &len_ptr) : NULL;
	if (!spec || !is_exec(spec) || !call->retry)
		return;
	emit(ctx, spec, call->nr, call->args, 0, 0, call->retry, -1, NULL, true, 0);
	call->retry = 0;
}

#ifndef CT_LINKS
SEC("tracepoint/sched/sched_prepare_exec")
int contents_prepare_exec(void *ctx)
{
	on_prepare_exec(ctx);
	return KEEP;
}
#else
/* The links need this tracepoint: without it, the perf events' programs run. */
SEC("tp_btf/sched_prepare_exec")
int contents_prepare_exec_link(void *ctx)
{
	on_prepare_exec(ctx);
	return 0;
}
#endif

#ifndef CT_LINKS
/*
 * The exec's path argument if its enter could not read it and the
 * kernel's copy is the same string: execve's, execveat's relative to
 * AT_FDCWD (else the kernel names it /dev/fd/N/path); -1: none.
 */
static __always_inline int exec_path_arg(const struct ct_call_spec *spec,
					 const struct pending_call *call)
{
	int i;

	for (i = 0; i < CT_MAX_ARGS; i++) {
		if (spec->args[i].mode != CT_MODE_STR)
			continue;
		if (!(call->retry >> i & 1) || (i > 0 && (int)call->args[0] != AT_FDCWD))
			return -1;
		return i;
	}
	return -1;
}

/*
 * An exec past its point of no return, whose path the enter could not
 * read, on a kernel without sched_prepare_exec (before 6.10): the
 * kernel's copy, in this tracepoint's record, is written as the call's
 * exit record. At the exit the old program's memory is gone.
 */
SEC("tracepoint/sched/sched_process_exec")
int contents_exec(void *ctx)
{
	struct item_req r = { .kernel = 1, .off = sizeof(struct ct_record_head) };
	const struct ct_call_spec *spec;
	const struct ct_config *cfg;
	struct pending_call *call;
	__u32 tid, loc, len_ptr, key = 0;
	struct scratch *s;
	bool at_exit;
	int arg;

	cfg = traced_config(&tid);
	if (!cfg || !cfg->exec_filename_offset)
		return KEEP;
	call = bpf_map_lookup_elem(&pending, &tid);
	spec = call ? spec_of(call->nr, &at_exit, &len_ptr) : NULL;
	if (!spec || !is_exec(spec))
		return KEEP;
	arg = exec_path_arg(spec, call);
	s = bpf_map_lookup_elem(&scratch, &key);
	if (arg < 0 || arg >= CT_MAX_ARGS || !s ||
	    bpf_probe_read_kernel(&loc, sizeof(loc),
				  (const char *)ctx + (cfg->exec_filename_offset & 0xff)))
		return KEEP;
	r.ptr = (__u64)ctx + (loc & 0xffff);
	r.max = spec->args[arg].max;
	r.arg = arg;
	output_record(ctx, s, call->nr, call->args, true, 0, put_str(s, &r));
	return KEEP;
}
#endif

char LICENSE[] SEC("license") = "GPL";
