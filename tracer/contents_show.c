// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <inttypes.h>
#include <linux/netlink.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>

#include "beauty.h"
#include "compiler.h"
#include "contents_abi.h"
#include "contents_show.h"
#include "ct_fcntl.h"
#include "ct_fs.h"
#include "ct_sockets.h"
#include "ct_sysinfo.h"
#include "ct_tty.h"
#include "format.h"

/* One item of a record: where its bytes are, inside the record. */
struct ct_item {
	struct ct_item_head head;
	const unsigned char *bytes;
};

static uint32_t item_size(uint32_t len)
{
	return sizeof(struct ct_item_head) + ((len + 7) & ~7u);
}

/* Which items of an argument: a message's part (ct_part), or CT_PART_NONE. */
struct item_where {
	int arg;
	unsigned int part;
	unsigned int msg;
};

/* The n-th item of an argument's part, checked against the record's size. */
static bool find_part(const struct ct_blob *b, const struct item_where *at, unsigned int n,
		      struct ct_item *it)
{
	uint32_t off = sizeof(struct ct_record_head);

	while (b->data && off + sizeof(it->head) <= b->size) {
		memcpy(&it->head, b->data + off, sizeof(it->head));
		if (it->head.len > b->size - off - sizeof(it->head))
			return false;
		it->bytes = b->data + off + sizeof(it->head);
		if (it->head.arg == at->arg && it->head.part == at->part &&
		    it->head.msg == at->msg && !n--)
			return true;
		off += item_size(it->head.len);
	}
	return false;
}

/*
 * Whether every item lies inside the record (size bytes at data). One that overruns it would
 * hide itself and all after it: the record is then malformed.
 */
bool ct_record_items_fit(const unsigned char *data, uint32_t size)
{
	uint32_t off = sizeof(struct ct_record_head);
	struct ct_item_head head;

	for (; off + sizeof(head) <= size; off += item_size(head.len)) {
		memcpy(&head, data + off, sizeof(head));
		if (head.len > size - off - sizeof(head))
			return false;
	}
	return true;
}

/* The n-th item of argument arg, of a kind that is not a message. */
static bool find_item(const struct ct_blob *b, int arg, unsigned int n, struct ct_item *it)
{
	const struct item_where at = { .arg = arg, .part = CT_PART_NONE };

	return find_part(b, &at, n, it);
}

/* Its syscall, and whether the record was made at the exit. */
bool ct_blob_nr(const struct ct_blob *b, long *nr, bool *at_exit)
{
	struct ct_record_head head;

	if (!b->data || b->size < sizeof(head))
		return false;
	memcpy(&head, b->data, sizeof(head));
	*nr = head.nr;
	*at_exit = head.at_exit;
	return true;
}

/*
 * Whether the record says some of the argument's memory could not be
 * read: the argument itself, or an element of its array (a string of
 * argv, an iovec's data). The exit then reads it again.
 */
bool ct_blob_unread(const struct ct_blob *b, int arg)
{
	struct ct_item it;
	unsigned int n;

	for (n = 0; find_item(b, arg, n, &it); n++)
		if (it.head.status & CT_ITEM_FAULT)
			return true;
	return false;
}

/* The call's arguments, as the program saw them. */
void ct_blob_args(const struct ct_blob *b, unsigned long *args)
{
	struct ct_record_head head;
	int i;

	memcpy(&head, b->data, sizeof(head));
	for (i = 0; i < CT_MAX_ARGS; i++)
		args[i] = head.args[i];
}

/*
 * Whether the record names the call a socketcall made (CT_RECORD_SUBCALL):
 * its number, and the arguments it read.
 */
bool ct_blob_subcall(const struct ct_blob *b, long *nr, unsigned long *args)
{
	struct ct_record_head head;

	if (!b->data || b->size < sizeof(head))
		return false;
	memcpy(&head, b->data, sizeof(head));
	if (head.at_exit || !(head.flags & CT_RECORD_SUBCALL))
		return false;
	*nr = head.nr;
	ct_blob_args(b, args);
	return true;
}

/* Kinds the kernel fills: shown once the call has returned successfully. */
bool contents_read_at_exit(enum content_kind kind)
{
	return content_kind_at_exit(kind) && !content_kind_in_out(kind) &&
	       !content_kind_paired(kind);
}

/* Kinds a line waits for the exit to show: those, and what it wrote back ([16 => 2]). */
bool contents_wait_exit(enum content_kind kind)
{
	return contents_read_at_exit(kind) || content_kind_paired(kind);
}

static void put_string_item(struct vwriter *w, const struct ct_item *it)
{
	vw_bytes(w, it->bytes, it->head.len, it->head.status & CT_ITEM_CUT);
}

/* An unreadable element: its pointer, as strace shows it, when recorded. */
static void put_fault(struct vwriter *w, const struct ct_item *it)
{
	uint64_t ptr;

	if (it->head.len < sizeof(ptr)) {
		vw_symbol(w, "?");
		return;
	}
	memcpy(&ptr, it->bytes, sizeof(ptr));
	vw_addr(w, ptr);
}

/* execve's argv: each string, "..." where the list went on. */
static void put_argv(struct vwriter *w, const struct ct_blob *rec, int arg)
{
	struct ct_item it;
	unsigned int n;
	bool more = false;

	vw_begin_list(w);
	for (n = 0; !more && find_item(rec, arg, n, &it); n++) {
		if (!it.head.len && (it.head.status & CT_ITEM_CUT))
			more = true;
		else if (it.head.status & CT_ITEM_FAULT)
			put_fault(w, &it);
		else
			put_string_item(w, &it);
	}
	vw_end_list(w, more);
}

/*
 * An iovec array (at address array): each one's data and length; "..."
 * where the list went on past what is read, and as strace, the address
 * of an iovec that could not be read.
 */
static void put_iovecs(struct vwriter *w, const struct ct_blob *rec, const struct item_where *at,
		       uint64_t array)
{
	struct ct_iovec iov;
	struct ct_item it;
	unsigned int n;
	bool more = false;

	vw_begin_list(w);
	for (n = 0; find_part(rec, at, n, &it); n++) {
		if (it.head.len < sizeof(iov) && (it.head.status & CT_ITEM_FAULT)) {
			vw_unreadable(w, array + (uint64_t)it.head.elem * sizeof(iov));
			break;
		}
		if (it.head.len < sizeof(iov)) {
			more = it.head.status & CT_ITEM_CUT;
			break;
		}
		memcpy(&iov, it.bytes, sizeof(iov));
		vw_begin_struct(w);
		vw_key(w, "iov_base");
		if (!iov.base)
			vw_symbol(w, "NULL");
		else if (it.head.status & CT_ITEM_FAULT)
			vw_addr(w, iov.base);
		else
			vw_bytes(w, it.bytes + sizeof(iov), it.head.len - sizeof(iov),
				 it.head.status & CT_ITEM_CUT);
		vw_key(w, "iov_len");
		vw_u64(w, iov.len);
		vw_end_struct(w, false);
	}
	vw_end_list(w, more);
}

/* envp, getdents' entries: strace's address and count; in JSON the count alone. */
static void put_count(struct vwriter *w, const struct ct_item *it, unsigned long val,
		      const char *what)
{
	bool more = it->head.status & CT_ITEM_CUT;

	if (w->json) {
		vw_begin_struct(w);
		vw_key(w, what);
		vw_u64(w, it->head.elem);
		vw_end_struct(w, false);
		w->cut |= more;
		return;
	}
	vw_addr(w, val);
	outbuf_puts(w->ob, " /* ");
	outbuf_u64(w->ob, it->head.elem);
	outbuf_puts(w->ob, more ? " or more " : " ");
	outbuf_puts(w->ob, what);
	outbuf_puts(w->ob, " */");
}

static void put_field(struct vwriter *w, const char *name, int64_t v)
{
	vw_key(w, name);
	vw_s64(w, v);
}

static void put_timespec(struct vwriter *w, const struct ct_item *it)
{
	struct timespec ts;

	memcpy(&ts, it->bytes, sizeof(ts));
	vw_begin_struct(w);
	put_field(w, "tv_sec", ts.tv_sec);
	put_field(w, "tv_nsec", ts.tv_nsec);
	vw_end_struct(w, false);
}

/* A flag bit and its name; each table sorted by bit. */
struct flag_bit {
	unsigned long bit;
	const char *name;
};

static const struct flag_bit poll_bits[] = {
	{ POLLIN, "POLLIN" }, { POLLPRI, "POLLPRI" }, { POLLOUT, "POLLOUT" },
	{ POLLERR, "POLLERR" }, { POLLHUP, "POLLHUP" }, { POLLNVAL, "POLLNVAL" },
	{ POLLRDNORM, "POLLRDNORM" }, { POLLRDBAND, "POLLRDBAND" },
	{ POLLWRNORM, "POLLWRNORM" }, { POLLWRBAND, "POLLWRBAND" },
	{ POLLMSG, "POLLMSG" }, { POLLREMOVE, "POLLREMOVE" }, { POLLRDHUP, "POLLRDHUP" },
};

static const struct flag_bit epoll_bits[] = {
	{ EPOLLIN, "EPOLLIN" }, { EPOLLPRI, "EPOLLPRI" }, { EPOLLOUT, "EPOLLOUT" },
	{ EPOLLERR, "EPOLLERR" }, { EPOLLHUP, "EPOLLHUP" }, { 0x20, "EPOLLNVAL" },
	{ EPOLLRDNORM, "EPOLLRDNORM" }, { EPOLLRDBAND, "EPOLLRDBAND" },
	{ EPOLLWRNORM, "EPOLLWRNORM" }, { EPOLLWRBAND, "EPOLLWRBAND" },
	{ EPOLLMSG, "EPOLLMSG" }, { EPOLLRDHUP, "EPOLLRDHUP" },
	{ EPOLLEXCLUSIVE, "EPOLLEXCLUSIVE" }, { EPOLLWAKEUP, "EPOLLWAKEUP" },
	{ EPOLLONESHOT, "EPOLLONESHOT" }, { EPOLLET, "EPOLLET" },
};

/*
 * The kernel's sa_flags, the same on x86_64, arm64 and s390x; glibc
 * leaves SA_RESTORER, SA_UNSUPPORTED and SA_EXPOSE_TAGBITS out.
 */
static const struct flag_bit sa_flag_bits[] = {
	{ 0x1, "SA_NOCLDSTOP" }, { 0x2, "SA_NOCLDWAIT" }, { 0x4, "SA_SIGINFO" },
	{ 0x400, "SA_UNSUPPORTED" }, { 0x800, "SA_EXPOSE_TAGBITS" },
	{ 0x04000000, "SA_RESTORER" }, { 0x08000000, "SA_ONSTACK" },
	{ 0x10000000, "SA_RESTART" }, { 0x40000000, "SA_NODEFER" },
	{ 0x80000000, "SA_RESETHAND" },
};

#define ABI_SA_RESTORER 0x04000000

/* A|B|0x40 as strace writes flags; 0 when none is set. */
static void put_bits(struct vwriter *w, const struct flag_bit *bits, size_t nr,
		     unsigned long v)
{
	bool any = false;
	size_t i;

	vw_symbol_begin(w);
	for (i = 0; i < nr; i++) {
		if (!(v & bits[i].bit))
			continue;
		outbuf_puts(w->ob, any ? "|" : "");
		outbuf_puts(w->ob, bits[i].name);
		v &= ~bits[i].bit;
		any = true;
	}
	if (!v && !any)
		outbuf_putc(w->ob, '0');
	else if (v) {
		outbuf_puts(w->ob, any ? "|" : "");
		outbuf_hex(w->ob, v);
	}
	vw_symbol_end(w);
}

/* Array elements shown at most, as strace abbreviates arrays. */
#define ARRAY_SHOWN_MAX 32

/* pollfd entries: events at the enter; at the exit those with revents. */
static void put_pollfds(struct vwriter *w, const struct ct_item *it, bool revents)
{
	size_t i, n = it->head.len / sizeof(struct pollfd);
	bool more = (it->head.status & CT_ITEM_CUT) || n > ARRAY_SHOWN_MAX;
	struct pollfd pfd;

	vw_begin_list(w);
	for (i = 0; i < n && i < ARRAY_SHOWN_MAX; i++) {
		memcpy(&pfd, it->bytes + i * sizeof(pfd), sizeof(pfd));
		if (revents && !pfd.revents)
			continue;
		vw_begin_struct(w);
		put_field(w, "fd", pfd.fd);
		vw_key(w, revents ? "revents" : "events");
		put_bits(w, poll_bits, ARRAY_SIZE(poll_bits),
			 (unsigned short)(revents ? pfd.revents : pfd.events));
		vw_end_struct(w, false);
	}
	vw_end_list(w, more);
}

#define LONG_BITS (8 * sizeof(unsigned long))

/* The fds of an fd_set below nbits; false: none. */
static bool fd_set_next(const struct ct_item *it, size_t nbits, size_t *fd)
{
	size_t bits = it->head.len / sizeof(unsigned long) * LONG_BITS;
	unsigned long word;

	if (nbits < bits)
		bits = nbits;
	for (; *fd < bits; ++*fd) {
		/* Bits in longs, as the kernel keeps them: right on either byte order. */
		memcpy(&word, it->bytes + *fd / LONG_BITS * sizeof(word), sizeof(word));
		if (word >> (*fd % LONG_BITS) & 1)
			return true;
	}
	return false;
}

/* select's n: how many bits of each set count. */
static size_t fd_set_bits(const struct ct_blob *rec)
{
	unsigned long args[CT_MAX_ARGS];
	int n;

	if (!rec->data || rec->size < sizeof(struct ct_record_head))
		return 0;
	ct_blob_args(rec, args);
	n = (int)args[0];
	return n < 0 ? 0 : (size_t)n;
}

/*
 * As strace lists a set: [3 5], "..." past the fds read (FD_SET_BITS_MAX);
 * in JSON an array of the fds.
 */
static void put_fd_set(struct vwriter *w, const struct ct_item *it, size_t nbits)
{
	bool more = it->head.status & CT_ITEM_CUT;
	size_t fd = 0;
	bool any = false;

	if (w->json) {
		vw_begin_list(w);
		for (; fd_set_next(it, nbits, &fd); fd++)
			vw_u64(w, fd);
		vw_end_list(w, more);
		return;
	}
	vw_symbol_begin(w);
	outbuf_putc(w->ob, '[');
	for (; fd_set_next(it, nbits, &fd); fd++) {
		if (any)
			outbuf_putc(w->ob, ' ');
		outbuf_u64(w->ob, fd);
		any = true;
	}
	if (more)
		outbuf_puts(w->ob, any ? " ..." : "...");
	outbuf_putc(w->ob, ']');
	vw_symbol_end(w);
	w->cut |= more;
}

static void put_unix(struct vwriter *w, const struct ct_item *it)
{
	size_t off = offsetof(struct sockaddr_un, sun_path);
	const unsigned char *path = it->bytes + off;
	size_t len = it->head.len - off;

	vw_key(w, "sun_path");
	if (len && !path[0])
		/* Abstract: the name is every byte after the NUL. */
		vw_abstract(w, path + 1, len - 1);
	else
		vw_bytes(w, path, strnlen((const char *)path, len), false);
}

static void put_sockaddr(struct vwriter *w, const struct ct_item *it)
{
	sa_family_t family;

	memcpy(&family, it->bytes, sizeof(family));
	vw_begin_struct(w);
	vw_key(w, "sa_family");
	vw_symbol_begin(w);
	beauty_print(w->ob, ARG_SOCK_FAMILY, family);
	vw_symbol_end(w);
	/* An unnamed socket's address is its family alone: the kernel writes no path. */
	if (family == AF_UNIX && it->head.len > offsetof(struct sockaddr_un, sun_path)) {
		put_unix(w, it);
	} else if (family == AF_INET && it->head.len >= sizeof(struct sockaddr_in)) {
		ct_sockaddr_in(w, it->bytes);
	} else if (family == AF_INET6 && it->head.len >= sizeof(struct sockaddr_in6)) {
		ct_sockaddr_in6(w, it->bytes);
	} else if (family == AF_NETLINK && it->head.len >= sizeof(struct sockaddr_nl)) {
		ct_sockaddr_nl(w, it->bytes, it->head.len);
	} else if (it->head.len > sizeof(family) &&
		   (family == AF_INET || family == AF_INET6 || family == AF_NETLINK)) {
		/* Shorter than its family's struct (a buffer too small): the bytes after it. */
		vw_key(w, "sa_data");
		vw_bytes(w, it->bytes + sizeof(family), it->head.len - sizeof(family), false);
	}
	vw_end_struct(w, false);
}

/* The file systems' structs are ct_fs.c's: shown from the item's bytes. */
static void put_stat(struct vwriter *w, const struct ct_item *it)
{
	ct_fs_stat(w, it->bytes);
}

static void put_statx(struct vwriter *w, const struct ct_item *it)
{
	ct_fs_statx(w, it->bytes);
}

static void put_statfs(struct vwriter *w, const struct ct_item *it)
{
	ct_fs_statfs(w, it->bytes);
}

static void put_fd_pair(struct vwriter *w, const struct ct_item *it)
{
	int fds[2];

	memcpy(fds, it->bytes, sizeof(fds));
	vw_begin_list(w);
	vw_s64(w, fds[0]);
	vw_s64(w, fds[1]);
	vw_end_list(w, false);
}

/* As strace shows a wait status: the macros that hold for it. */
static void wait_status_text(int status, char *text, size_t len)
{
	char sig[SIGNAL_NAME_MAX];

	if (WIFEXITED(status))
		snprintf(text, len, "WIFEXITED(s) && WEXITSTATUS(s) == %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(text, len, "WIFSIGNALED(s) && WTERMSIG(s) == %s%s",
			 signal_name(WTERMSIG(status), sig, sizeof(sig)),
			 WCOREDUMP(status) ? " && WCOREDUMP(s)" : "");
	else if (WIFSTOPPED(status))
		snprintf(text, len, "WIFSTOPPED(s) && WSTOPSIG(s) == %s",
			 signal_name(WSTOPSIG(status), sig, sizeof(sig)));
	else
		snprintf(text, len, "%#x", status);
}

/* strace's [{WIFEXITED(s) && ...}]; in JSON a list of that one string. */
static void put_wait_status(struct vwriter *w, const struct ct_item *it)
{
	char text[96];
	int status;

	memcpy(&status, it->bytes, sizeof(status));
	wait_status_text(status, text, sizeof(text));
	vw_begin_list(w);
	if (w->json) {
		vw_symbol(w, text);
	} else {
		outbuf_putc(w->ob, '{');
		outbuf_puts(w->ob, text);
		outbuf_putc(w->ob, '}');
	}
	vw_end_list(w, false);
}

static void put_time_pair(struct vwriter *w, const char *name, int64_t sec,
			  const char *frac_name, int64_t frac)
{
	if (name)
		vw_key(w, name);
	vw_begin_struct(w);
	put_field(w, "tv_sec", sec);
	put_field(w, frac_name, frac);
	vw_end_struct(w, false);
}

static void put_timeval(struct vwriter *w, const struct ct_item *it)
{
	struct timeval tv;

	memcpy(&tv, it->bytes, sizeof(tv));
	put_time_pair(w, NULL, tv.tv_sec, "tv_usec", tv.tv_usec);
}

static void put_itimerval(struct vwriter *w, const struct ct_item *it)
{
	struct itimerval itv;

	memcpy(&itv, it->bytes, sizeof(itv));
	vw_begin_struct(w);
	put_time_pair(w, "it_interval", itv.it_interval.tv_sec, "tv_usec",
		      itv.it_interval.tv_usec);
	put_time_pair(w, "it_value", itv.it_value.tv_sec, "tv_usec", itv.it_value.tv_usec);
	vw_end_struct(w, false);
}

static void put_itimerspec(struct vwriter *w, const struct ct_item *it)
{
	struct itimerspec its;

	memcpy(&its, it->bytes, sizeof(its));
	vw_begin_struct(w);
	put_time_pair(w, "it_interval", its.it_interval.tv_sec, "tv_nsec",
		      its.it_interval.tv_nsec);
	put_time_pair(w, "it_value", its.it_value.tv_sec, "tv_nsec", its.it_value.tv_nsec);
	vw_end_struct(w, false);
}

static void put_epoll_event_at(struct vwriter *w, const unsigned char *bytes)
{
	struct epoll_event ev;

	memcpy(&ev, bytes, sizeof(ev));
	vw_begin_struct(w);
	vw_key(w, "events");
	put_bits(w, epoll_bits, ARRAY_SIZE(epoll_bits), ev.events);
	/* As strace: the union's first 4 bytes, and all 8 (its other members alias them). */
	vw_key(w, "data");
	vw_begin_struct(w);
	vw_key(w, "u32");
	vw_u64(w, ev.data.u32);
	vw_key(w, "u64");
	vw_u64(w, ev.data.u64);
	vw_end_struct(w, false);
	vw_end_struct(w, false);
}

static void put_epoll_event(struct vwriter *w, const struct ct_item *it)
{
	put_epoll_event_at(w, it->bytes);
}

/* The events epoll_wait returned, the first ARRAY_SHOWN_MAX of them. */
static void put_epoll_events(struct vwriter *w, const struct ct_item *it)
{
	size_t i, n = it->head.len / sizeof(struct epoll_event);

	vw_begin_list(w);
	for (i = 0; i < n && i < ARRAY_SHOWN_MAX; i++)
		put_epoll_event_at(w, it->bytes + i * sizeof(struct epoll_event));
	vw_end_list(w, (it->head.status & CT_ITEM_CUT) || n > ARRAY_SHOWN_MAX);
}

/* A signal's name without SIG, as strace lists a mask: INT, RTMIN, RT_1. */
static void put_mask_signal(struct outbuf *ob, int sig)
{
	char name[SIGNAL_NAME_MAX];
	const char *s = signal_name(sig, name, sizeof(name));

	outbuf_puts(ob, strncmp(s, "SIG", 3) ? s : s + 3);
}

#define MASK_SIGNALS 64

/*
 * A 64-signal mask as strace shows it: [INT TERM], or ~[...] with the
 * signals not in it when it holds more than half; in JSON the signals in it.
 */
static void put_sigmask(struct vwriter *w, uint64_t mask)
{
	bool invert = !w->json && __builtin_popcountll(mask) > MASK_SIGNALS / 2;
	bool any = false;
	int sig;

	if (invert)
		mask = ~mask;
	if (w->json)
		vw_begin_list(w);
	else
		vw_symbol_begin(w);
	if (!w->json)
		outbuf_puts(w->ob, invert ? "~[" : "[");
	for (sig = 1; sig <= MASK_SIGNALS; sig++) {
		if (!(mask >> (sig - 1) & 1))
			continue;
		if (w->json) {
			vw_symbol_begin(w);
			put_mask_signal(w->ob, sig);
			vw_symbol_end(w);
			continue;
		}
		if (any)
			outbuf_putc(w->ob, ' ');
		put_mask_signal(w->ob, sig);
		any = true;
	}
	if (w->json) {
		vw_end_list(w, false);
		return;
	}
	outbuf_putc(w->ob, ']');
	vw_symbol_end(w);
}

/* rt_sigaction's struct, the kernel's (contents_table.h). */
static void put_sigaction(struct vwriter *w, const struct ct_item *it)
{
	struct kernel_sigaction sa;

	memcpy(&sa, it->bytes, sizeof(sa));
	vw_begin_struct(w);
	vw_key(w, "sa_handler");
	if (sa.handler == (uintptr_t)SIG_DFL)
		vw_symbol(w, "SIG_DFL");
	else if (sa.handler == (uintptr_t)SIG_IGN)
		vw_symbol(w, "SIG_IGN");
	else
		vw_addr(w, sa.handler);
	vw_key(w, "sa_mask");
	put_sigmask(w, sa.mask);
	vw_key(w, "sa_flags");
	put_bits(w, sa_flag_bits, ARRAY_SIZE(sa_flag_bits), sa.flags);
	if (sa.flags & ABI_SA_RESTORER) {
		vw_key(w, "sa_restorer");
		vw_addr(w, sa.restorer);
	}
	vw_end_struct(w, false);
}

/* A sigset_t argument: the kernel's one 64-bit word (contents_table.c). */
static void put_sigset(struct vwriter *w, const struct ct_item *it)
{
	uint64_t mask;

	memcpy(&mask, it->bytes, sizeof(mask));
	put_sigmask(w, mask);
}

/*
 * A limit; strace's lines write it as strace does: RLIM64_INFINITY, and
 * a multiple of 1024 above it as N*1024 (8192*1024).
 */
static void put_rlim(struct vwriter *w, const char *name, uint64_t v)
{
	char text[32];

	vw_key(w, name);
	if (v == (uint64_t)RLIM64_INFINITY) {
		vw_symbol(w, w->strace ? "RLIM64_INFINITY" : "RLIM_INFINITY");
	} else if (w->strace && v > 1024 && !(v % 1024)) {
		snprintf(text, sizeof(text), "%" PRIu64 "*1024", v / 1024);
		vw_symbol(w, text);
	} else {
		vw_u64(w, v);
	}
}

static void put_rlimit(struct vwriter *w, const struct ct_item *it)
{
	struct rlimit64 rl;

	memcpy(&rl, it->bytes, sizeof(rl));
	vw_begin_struct(w);
	put_rlim(w, "rlim_cur", rl.rlim_cur);
	put_rlim(w, "rlim_max", rl.rlim_max);
	vw_end_struct(w, false);
}

/* A pointer field: NULL, or its address. */
static void put_pointer(struct vwriter *w, const char *name, uint64_t v)
{
	vw_key(w, name);
	if (v)
		vw_addr(w, v);
	else
		vw_symbol(w, "NULL");
}

/* clone3's arguments as strace shows them: the fields its flags use. */
static void put_clone_args(struct vwriter *w, const struct ct_item *it)
{
	struct clone_args ca = { 0 };
	char sig[32];

	memcpy(&ca, it->bytes, CLONE_ARGS_SIZE_VER0);
	vw_begin_struct(w);
	vw_key(w, "flags");
	vw_symbol_begin(w);
	beauty_print(w->ob, ARG_CLONE3_FLAGS, ca.flags);
	vw_symbol_end(w);
	if (ca.flags & CLONE_PIDFD)
		put_pointer(w, "pidfd", ca.pidfd);
	if (ca.flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID))
		put_pointer(w, "child_tid", ca.child_tid);
	if (ca.flags & CLONE_PARENT_SETTID)
		put_pointer(w, "parent_tid", ca.parent_tid);
	vw_key(w, "exit_signal");
	if (ca.exit_signal)
		vw_symbol(w, signal_name(ca.exit_signal, sig, sizeof(sig)));
	else
		vw_u64(w, 0);
	put_pointer(w, "stack", ca.stack);
	vw_key(w, "stack_size");
	if (ca.stack_size)
		vw_hex(w, ca.stack_size);
	else
		vw_u64(w, 0);
	if (ca.flags & CLONE_SETTLS)
		put_pointer(w, "tls", ca.tls);
	vw_end_struct(w, false);
}

/* A tid the kernel wrote: [1234], as strace shows it. */
static void put_tid(struct vwriter *w, const struct ct_item *it)
{
	int tid;

	memcpy(&tid, it->bytes, sizeof(tid));
	vw_begin_list(w);
	vw_s64(w, tid);
	vw_end_list(w, false);
}

/* What clone3 wrote at parent_tid: {parent_tid: [1234]}, as strace shows it after "=>". */
static void put_parent_tid(struct vwriter *w, const struct ct_item *it)
{
	vw_begin_struct(w);
	vw_key(w, "parent_tid");
	put_tid(w, it);
	vw_end_struct(w, false);
}

/* si_code's names: the kernel's for any signal, then SIGCHLD's. */
static const char *const si_codes[] = {
	[0] = "SI_USER", [1] = "SI_QUEUE", [2] = "SI_TIMER", [3] = "SI_MESGQ",
	[4] = "SI_ASYNCIO", [5] = "SI_SIGIO", [6] = "SI_TKILL", [7] = "SI_DETHREAD",
};
static const char *const cld_codes[] = {
	[1] = "CLD_EXITED", [2] = "CLD_KILLED", [3] = "CLD_DUMPED",
	[4] = "CLD_TRAPPED", [5] = "CLD_STOPPED", [6] = "CLD_CONTINUED",
};

/* SIGCHLD's code names a child's change; the others, who sent it (<= 0). */
static const char *si_code_name(const struct siginfo_head *si)
{
	if (si->code == 0x80)
		return "SI_KERNEL";
	if (si->signo == SIGCHLD && si->code > 0 && si->code < (int)ARRAY_SIZE(cld_codes))
		return cld_codes[si->code];
	if (si->code <= 0 && -si->code < (int)ARRAY_SIZE(si_codes))
		return si_codes[-si->code];
	return NULL;
}

static void put_signal_field(struct vwriter *w, const char *name, int sig)
{
	char text[32];

	vw_key(w, name);
	vw_symbol(w, signal_name(sig, text, sizeof(text)));
}

/*
 * siginfo_t as strace shows it: the signal and its code, then the sender
 * of a kill or a queued signal, or SIGCHLD's child; other codes' fields
 * are left out ("..."). An empty one (waitid with WNOHANG and no child
 * ready) is {}.
 */
static void put_siginfo(struct vwriter *w, const struct ct_item *it)
{
	const char *code_name;
	struct siginfo_head si;
	bool child, sender;

	memcpy(&si, it->bytes, sizeof(si));
	vw_begin_struct(w);
	if (!si.signo) {
		vw_end_struct(w, false);
		return;
	}
	code_name = si_code_name(&si);
	child = si.signo == SIGCHLD && si.code > 0 && si.code <= CLD_CONTINUED;
	sender = si.code == SI_USER || si.code == SI_TKILL || si.code == SI_QUEUE;
	put_signal_field(w, "si_signo", si.signo);
	vw_key(w, "si_code");
	if (code_name)
		vw_symbol(w, code_name);
	else
		vw_s64(w, si.code);
	if (si.err)
		put_field(w, "si_errno", si.err);
	if (child || sender) {
		put_field(w, "si_pid", si.pid);
		put_field(w, "si_uid", si.uid);
	}
	if (child) {
		if (si.code == CLD_EXITED)
			put_field(w, "si_status", si.status);
		else
			put_signal_field(w, "si_status", si.status);
		put_field(w, "si_utime", si.utime);
		put_field(w, "si_stime", si.stime);
	}
	vw_end_struct(w, !child && (!sender || si.code == SI_QUEUE));
}

/* SCM_RIGHTS's fds, as strace lists them. */
static void put_rights(struct vwriter *w, const unsigned char *data, size_t len)
{
	size_t i;
	int fd;

	vw_begin_list(w);
	for (i = 0; i + sizeof(fd) <= len; i += sizeof(fd)) {
		memcpy(&fd, data + i, sizeof(fd));
		vw_s64(w, fd);
	}
	vw_end_list(w, false);
}

static void put_creds(struct vwriter *w, const unsigned char *data)
{
	struct ucred cr;

	memcpy(&cr, data, sizeof(cr));
	vw_begin_struct(w);
	put_field(w, "pid", cr.pid);
	put_field(w, "uid", cr.uid);
	put_field(w, "gid", cr.gid);
	vw_end_struct(w, false);
}

/*
 * One control message: its length, level and type, and the data of
 * SCM_RIGHTS and SCM_CREDENTIALS; other data is left out ("...").
 */
static void put_cmsg(struct vwriter *w, const struct cmsghdr *c, const unsigned char *data,
		     size_t len)
{
	bool sol_socket = c->cmsg_level == SOL_SOCKET;
	bool shown = sol_socket && (c->cmsg_type == SCM_RIGHTS ||
				    (c->cmsg_type == SCM_CREDENTIALS && len >= sizeof(struct ucred)));

	vw_begin_struct(w);
	vw_key(w, "cmsg_len");
	vw_u64(w, c->cmsg_len);
	vw_key(w, "cmsg_level");
	if (sol_socket)
		vw_symbol(w, "SOL_SOCKET");
	else
		vw_s64(w, c->cmsg_level);
	vw_key(w, "cmsg_type");
	if (sol_socket && c->cmsg_type == SCM_RIGHTS)
		vw_symbol(w, "SCM_RIGHTS");
	else if (sol_socket && c->cmsg_type == SCM_CREDENTIALS)
		vw_symbol(w, "SCM_CREDENTIALS");
	else
		vw_s64(w, c->cmsg_type);
	if (shown) {
		vw_key(w, "cmsg_data");
		if (c->cmsg_type == SCM_RIGHTS)
			put_rights(w, data, len);
		else
			put_creds(w, data);
	}
	vw_end_struct(w, !shown && len);
}

/*
 * The next control message of the bytes read, and its data's bytes
 * among them; false past the last whole header. A length too short for
 * its header, or reaching past the bytes read, ends the list after it.
 */
static bool cmsg_next(const struct ct_item *it, size_t *off, struct cmsghdr *c,
		      const unsigned char **data, size_t *len)
{
	size_t left;

	if (*off > it->head.len || it->head.len - *off < sizeof(*c))
		return false;
	memcpy(c, it->bytes + *off, sizeof(*c));
	left = it->head.len - *off;
	*data = it->bytes + *off + CMSG_LEN(0);
	*len = c->cmsg_len < CMSG_LEN(0) ? 0 :
	       (c->cmsg_len < left ? c->cmsg_len : left) - CMSG_LEN(0);
	if (c->cmsg_len < sizeof(*c) || c->cmsg_len >= left)
		*off = (size_t)it->head.len + 1;
	else
		*off += CMSG_ALIGN(c->cmsg_len);
	return true;
}

static void put_cmsgs(struct vwriter *w, const struct ct_item *it)
{
	const unsigned char *data;
	struct cmsghdr c;
	size_t off = 0, len;

	vw_begin_list(w);
	while (cmsg_next(it, &off, &c, &data, &len))
		put_cmsg(w, &c, data, len);
	vw_end_list(w, it->head.status & CT_ITEM_CUT);
}

/* A message's part, if it was read: its item. */
static bool msg_part(const struct ct_blob *rec, int arg, unsigned int msg, enum ct_part part,
		     struct ct_item *it)
{
	const struct item_where at = { .arg = arg, .part = part, .msg = msg };

	return find_part(rec, &at, 0, it) && !(it->head.status & CT_ITEM_FAULT);
}

/* strace's "110 => 16": the buffer's size, then what the kernel wrote back. */
static void put_namelen(struct vwriter *w, const struct ct_msghdr *m)
{
	vw_key(w, "msg_namelen");
	if (m->namelen == m->namelen_in) {
		vw_u64(w, m->namelen);
		return;
	}
	if (w->json) {
		vw_u64(w, m->namelen);
		vw_key(w, "msg_namelen_in");
		vw_u64(w, m->namelen_in);
		return;
	}
	vw_symbol_begin(w);
	outbuf_u64(w->ob, m->namelen_in);
	outbuf_puts(w->ob, " => ");
	outbuf_u64(w->ob, m->namelen);
	vw_symbol_end(w);
}

static void put_msg_name(struct vwriter *w, const struct ct_blob *rec, int arg,
			 unsigned int msg, const struct ct_msghdr *m)
{
	struct ct_item it;

	vw_key(w, "msg_name");
	if (!m->name)
		vw_symbol(w, "NULL");
	else if (msg_part(rec, arg, msg, CT_PART_NAME, &it) && it.head.len >= sizeof(sa_family_t))
		put_sockaddr(w, &it);
	else
		vw_addr(w, m->name);
	put_namelen(w, m);
}

static void put_msg_iov(struct vwriter *w, const struct ct_blob *rec, int arg,
			unsigned int msg, const struct ct_msghdr *m)
{
	const struct item_where at = { .arg = arg, .part = CT_PART_IOV, .msg = msg };
	struct ct_item it;

	vw_key(w, "msg_iov");
	if (!m->iov)
		vw_symbol(w, "NULL");
	else if (find_part(rec, &at, 0, &it) &&
		 (it.head.len >= sizeof(struct ct_iovec) || !(it.head.status & CT_ITEM_FAULT)))
		put_iovecs(w, rec, &at, m->iov);
	else
		vw_addr(w, m->iov);
	vw_key(w, "msg_iovlen");
	vw_u64(w, m->iovlen);
}

/* As strace, msg_control only when there is some. */
static void put_msg_control(struct vwriter *w, const struct ct_blob *rec, int arg,
			    unsigned int msg, const struct ct_msghdr *m)
{
	struct ct_item it;

	if (m->controllen) {
		vw_key(w, "msg_control");
		if (!m->control)
			vw_symbol(w, "NULL");
		else if (msg_part(rec, arg, msg, CT_PART_CONTROL, &it))
			put_cmsgs(w, &it);
		else
			vw_addr(w, m->control);
	}
	vw_key(w, "msg_controllen");
	vw_u64(w, m->controllen);
}

/* One struct msghdr, from its header item. */
static void put_msghdr(struct vwriter *w, const struct ct_blob *rec, int arg, unsigned int msg,
		       const struct ct_item *hdr)
{
	struct ct_msghdr m;

	memcpy(&m, hdr->bytes, sizeof(m));
	vw_begin_struct(w);
	put_msg_name(w, rec, arg, msg, &m);
	put_msg_iov(w, rec, arg, msg, &m);
	put_msg_control(w, rec, arg, msg, &m);
	vw_key(w, "msg_flags");
	vw_symbol_begin(w);
	beauty_print(w->ob, ARG_MSG_FLAGS, m.flags);
	vw_symbol_end(w);
	vw_end_struct(w, false);
}

/*
 * sendmmsg's and recvmmsg's messages, as many as the call returned:
 * each {msg_hdr: {...}, msg_len: N}; "..." past those read.
 */
static void put_mmsghdrs(struct vwriter *w, const struct ct_arg_view *v)
{
	struct item_where at = { .arg = v->index, .part = CT_PART_HDR };
	struct ct_msghdr m;
	struct ct_item it;

	vw_begin_list(w);
	for (; find_part(v->rec, &at, 0, &it); at.msg++) {
		if ((it.head.status & CT_ITEM_FAULT) || it.head.len < sizeof(m)) {
			put_fault(w, &it);
			at.msg++;
			break;
		}
		memcpy(&m, it.bytes, sizeof(m));
		vw_begin_struct(w);
		vw_key(w, "msg_hdr");
		put_msghdr(w, v->rec, v->index, at.msg, &it);
		vw_key(w, "msg_len");
		vw_u64(w, m.msg_len);
		vw_end_struct(w, false);
	}
	vw_end_list(w, v->ret > (long)at.msg);
}

/*
 * The fds SCM_RIGHTS brought in a recvmsg's or recvmmsg's messages, those
 * of the control bytes read; at most max of them.
 */
size_t contents_received_fds(const struct ct_blob *rec, int arg, int *fds, size_t max)
{
	const unsigned char *data;
	struct cmsghdr c;
	struct ct_item it;
	size_t n = 0, off, len, i;
	unsigned int msg;

	for (msg = 0; msg < CT_MAX_MSG; msg++) {
		if (!msg_part(rec, arg, msg, CT_PART_CONTROL, &it))
			continue;
		for (off = 0; cmsg_next(&it, &off, &c, &data, &len); ) {
			if (c.cmsg_level != SOL_SOCKET || c.cmsg_type != SCM_RIGHTS)
				continue;
			for (i = 0; i + sizeof(int) <= len && n < max; i += sizeof(int))
				memcpy(&fds[n++], data + i, sizeof(int));
		}
	}
	return n;
}

static void put_flock_in(struct vwriter *w, const struct ct_item *it)
{
	ct_fcntl_put_flock(w, it->bytes, false);
}

static void put_flock_out(struct vwriter *w, const struct ct_item *it)
{
	ct_fcntl_put_flock(w, it->bytes, true);
}

static void put_utsname(struct vwriter *w, const struct ct_item *it)
{
	ct_sysinfo_put_utsname(w, it->bytes);
}

static void put_sysinfo(struct vwriter *w, const struct ct_item *it)
{
	ct_sysinfo_put_sysinfo(w, it->bytes);
}

static void put_gids(struct vwriter *w, const struct ct_item *it)
{
	ct_sysinfo_put_gids(w, it->bytes, it->head.len);
}

static void put_cpuset(struct vwriter *w, const struct ct_item *it)
{
	ct_sysinfo_put_cpuset(w, it->bytes, it->head.len);
}

static void put_winsize(struct vwriter *w, const struct ct_item *it)
{
	ct_tty_put_winsize(w, it->bytes);
}

static void put_stack(struct vwriter *w, const struct ct_item *it)
{
	ct_sysinfo_put_stack(w, it->bytes);
}

/*
 * A length the kernel reads and writes back: the size at the enter, and
 * what the exit of a call that did not fail found there, if it differs.
 */
static void put_socklen(struct vwriter *w, const struct ct_item *in,
			const struct ct_arg_view *v)
{
	const struct item_where at = { .arg = v->index };
	struct ct_item out;
	int before, after;

	memcpy(&before, in->bytes, sizeof(before));
	after = before;
	if (v->returned && !result_is_error(v->ret) && v->exit &&
	    find_part(v->exit, &at, 0, &out) && !(out.head.status & CT_ITEM_FAULT) &&
	    out.head.len >= sizeof(after))
		memcpy(&after, out.bytes, sizeof(after));
	vw_in_out(w, before, after);
}

/*
 * A socket option's value, by the call's level and option: setsockopt's
 * optlen, getsockopt's length the kernel wrote back (no more than the
 * buffer's, as the item holds it).
 */
static enum sockopt_show sockopt_how(enum content_kind kind, const struct ct_blob *rec,
				     const struct ct_item *it)
{
	unsigned long args[CT_MAX_ARGS];
	bool set = kind == CK_SOCKOPT_IN;
	long len = it->head.len;

	ct_blob_args(rec, args);
	if (set)
		len = (int)args[4];
	return ct_sockopt_show(set, (int)args[1], (int)args[2], len, it->head.len);
}

/* A kind shown from one item: at least size bytes of it, by put. */
struct item_show {
	size_t size;
	void (*put)(struct vwriter *w, const struct ct_item *it);
};

static const struct item_show item_shows[CK_KIND_COUNT] = {
	[CK_TIMESPEC] = { sizeof(struct timespec), put_timespec },
	[CK_SOCKADDR_IN] = { sizeof(sa_family_t), put_sockaddr },
	[CK_SOCKADDR_OUT] = { sizeof(sa_family_t), put_sockaddr },
	[CK_STAT] = { sizeof(struct stat), put_stat },
	[CK_STATX] = { sizeof(struct statx), put_statx },
	[CK_FD_PAIR] = { sizeof(int[2]), put_fd_pair },
	[CK_WAIT_STATUS] = { sizeof(int), put_wait_status },
	[CK_TIMEVAL] = { sizeof(struct timeval), put_timeval },
	[CK_ITIMERVAL_IN] = { sizeof(struct itimerval), put_itimerval },
	[CK_ITIMERVAL_OUT] = { sizeof(struct itimerval), put_itimerval },
	[CK_ITIMERSPEC_IN] = { sizeof(struct itimerspec), put_itimerspec },
	[CK_ITIMERSPEC_OUT] = { sizeof(struct itimerspec), put_itimerspec },
	[CK_EPOLL_EVENT] = { sizeof(struct epoll_event), put_epoll_event },
	[CK_EPOLL_EVENTS_OUT] = { 0, put_epoll_events },
	[CK_SIGACTION_IN] = { sizeof(struct kernel_sigaction), put_sigaction },
	[CK_SIGACTION_OUT] = { sizeof(struct kernel_sigaction), put_sigaction },
	[CK_RLIMIT_IN] = { sizeof(struct rlimit64), put_rlimit },
	[CK_RLIMIT_OUT] = { sizeof(struct rlimit64), put_rlimit },
	[CK_STATFS] = { sizeof(struct statfs), put_statfs },
	[CK_SIGSET_IN] = { sizeof(uint64_t), put_sigset },
	[CK_SIGSET_OUT] = { sizeof(uint64_t), put_sigset },
	[CK_CLONE_ARGS] = { CLONE_ARGS_SIZE_VER0, put_clone_args },
	[CK_SIGINFO_IN] = { sizeof(struct siginfo_head), put_siginfo },
	[CK_SIGINFO_OUT] = { sizeof(struct siginfo_head), put_siginfo },
	[CK_TID_OUT] = { sizeof(int), put_tid },
	[CK_FLOCK_IN] = { sizeof(struct flock), put_flock_in },
	[CK_FLOCK_OUT] = { sizeof(struct flock), put_flock_out },
	[CK_UTSNAME] = { sizeof(struct utsname), put_utsname },
	[CK_SYSINFO] = { sizeof(struct sysinfo), put_sysinfo },
	[CK_GIDS_OUT] = { 0, put_gids },
	[CK_CPUSET_OUT] = { 0, put_cpuset },
	[CK_STACK_IN] = { sizeof(stack_t), put_stack },
	[CK_STACK_OUT] = { sizeof(stack_t), put_stack },
	[CK_INT_IN] = { sizeof(int), put_tid },
	[CK_INT_OUT] = { sizeof(int), put_tid },
	[CK_WINSIZE_IN] = { sizeof(struct winsize), put_winsize },
	[CK_WINSIZE_OUT] = { sizeof(struct winsize), put_winsize },
};

/*
 * The item to show for the argument, if the record holds one that can be
 * shown; false: the caller prints the pointer (unreadable memory, a
 * failed call, no record, an item too short for its struct).
 */
static bool shown_item(enum content_kind kind, const struct ct_arg_view *v,
		       struct ct_item *it)
{
	bool msgs = kind == CK_MSGHDR_IN || kind == CK_MSGHDR_OUT || kind == CK_MMSGHDR;
	const struct item_where at = {
		.arg = v->index, .part = msgs ? CT_PART_HDR : CT_PART_NONE,
	};

	if (!v->val || !v->rec || !find_part(v->rec, &at, 0, it))
		return false;
	if (contents_read_at_exit(kind) && (!v->returned || result_is_error(v->ret) ||
					    !content_kind_written(kind, v->ret)))
		return false;
	if (kind == CK_ARGV)
		return true;
	/* An iovec array itself unreadable: its address. */
	if (kind == CK_IOV_IN || kind == CK_IOV_OUT)
		return it->head.len >= sizeof(struct ct_iovec) ||
		       !(it->head.status & CT_ITEM_FAULT);
	if (it->head.status & CT_ITEM_FAULT)
		return false;
	if (msgs)
		return it->head.len >= sizeof(struct ct_msghdr);
	switch (kind) {
	case CK_FD_SET:
	case CK_PATH:
	case CK_PATH_OUT:
	case CK_DATA_IN:
	case CK_DATA_OUT:
	case CK_RANDOM_OUT:
	case CK_ENVP:
	case CK_DIRENTS:
	case CK_POLLFD:
		return true;
	case CK_SOCKLEN:
		return it->head.len >= sizeof(int);
	case CK_SOCKOPT_IN:
	case CK_SOCKOPT_OUT:
		return sockopt_how(kind, v->rec, it) != SOCKOPT_ADDR;
	default:
		return item_shows[kind].put && it->head.len >= item_shows[kind].size;
	}
}

bool contents_shown(enum content_kind kind, const struct ct_arg_view *v)
{
	struct ct_item it;

	return shown_item(kind, v, &it);
}

/*
 * The record an argument shows from: its kind's side, else, for one
 * the enter could not read whole, the exit's second try if it has one.
 * false: none.
 */
bool contents_pick(enum content_kind kind, const struct ct_blob *enter,
		   const struct ct_blob *exit, struct ct_arg_view *v)
{
	const struct ct_blob *side = contents_read_at_exit(kind) ? exit : enter;
	bool shown;

	v->exit = exit;
	v->rec = side;
	shown = contents_shown(kind, v);
	/* What it was at the enter is known only there. */
	if (content_kind_paired(kind))
		return shown;
	if (shown && (side == exit || !ct_blob_unread(enter, v->index)))
		return true;
	v->rec = exit;
	if (side != exit && v->returned && contents_shown(kind, v))
		return true;
	v->rec = side;
	return shown;
}

/* Shows what the argument points to; false (nothing written): see above. */
bool contents_show(struct vwriter *w, enum content_kind kind, const struct ct_arg_view *v)
{
	struct ct_item it;

	if (!shown_item(kind, v, &it))
		return false;
	switch (kind) {
	case CK_ARGV:
		put_argv(w, v->rec, v->index);
		break;
	case CK_PATH:
	case CK_PATH_OUT:
	case CK_DATA_IN:
	case CK_DATA_OUT:
		put_string_item(w, &it);
		break;
	case CK_RANDOM_OUT:
		/* Random bytes are no text: every one in hex, as -xx writes them. */
		w->hex = HEX_ALL;
		put_string_item(w, &it);
		break;
	case CK_ENVP:
		put_count(w, &it, v->val, "vars");
		break;
	case CK_DIRENTS:
		put_count(w, &it, v->val, "entries");
		break;
	case CK_POLLFD:
		put_pollfds(w, &it, false);
		break;
	case CK_IOV_IN:
	case CK_IOV_OUT:
		put_iovecs(w, v->rec, &(const struct item_where){ .arg = v->index }, v->val);
		break;
	case CK_MSGHDR_IN:
	case CK_MSGHDR_OUT:
		put_msghdr(w, v->rec, v->index, 0, &it);
		break;
	case CK_MMSGHDR:
		put_mmsghdrs(w, v);
		break;
	case CK_FD_SET:
		put_fd_set(w, &it, fd_set_bits(v->rec));
		break;
	case CK_SOCKLEN:
		put_socklen(w, &it, v);
		break;
	case CK_SOCKOPT_IN:
	case CK_SOCKOPT_OUT:
		ct_sockopt_put(w, sockopt_how(kind, v->rec, &it), it.bytes, it.head.len,
			       it.head.status & CT_ITEM_CUT);
		break;
	default:
		item_shows[kind].put(w, &it);
		break;
	}
	return true;
}

/*
 * Whether an in-and-out argument came back with something: poll's
 * revents, select's sets with a ready fd, the tid clone3 wrote at
 * parent_tid.
 */
static bool after_item(enum content_kind kind, const struct ct_arg_view *v,
		       struct ct_item *it)
{
	const struct item_where at = {
		.arg = v->index,
		.part = kind == CK_CLONE_ARGS ? CT_PART_POINTED : CT_PART_NONE,
	};
	size_t fd = 0;

	if (!content_kind_in_out(kind) || !v->rec || !v->returned || v->ret <= 0 ||
	    !find_part(v->rec, &at, 0, it) || (it->head.status & CT_ITEM_FAULT))
		return false;
	if (kind == CK_CLONE_ARGS)
		return it->head.len == sizeof(int);
	return kind != CK_FD_SET || fd_set_next(it, fd_set_bits(v->rec), &fd);
}

bool contents_has_after(enum content_kind kind, const struct ct_arg_view *v)
{
	struct ct_item it;

	return after_item(kind, v, &it);
}

/* Whether the text names the argument before it: select's "inp: [3]". */
bool contents_after_named(enum content_kind kind)
{
	return kind == CK_FD_SET || kind == CK_CLONE_ARGS;
}

/* What it came back with: the text shows it after the result. */
void contents_show_after(struct vwriter *w, enum content_kind kind,
			 const struct ct_arg_view *v)
{
	struct ct_item it;

	if (!after_item(kind, v, &it))
		return;
	if (kind == CK_FD_SET)
		put_fd_set(w, &it, fd_set_bits(v->rec));
	else if (kind == CK_CLONE_ARGS)
		put_parent_tid(w, &it);
	else
		put_pollfds(w, &it, true);
}

/*
 * The n-th buffer of data an argument of kind CK_DATA_* or CK_IOV_*
 * carried, as the record holds it (for -e read=/write=); false: no more,
 * or it could not be read.
 */
bool contents_data_chunk(enum content_kind kind, const struct ct_blob *rec, int arg,
			 unsigned int n, struct ct_chunk *c)
{
	const struct item_where at = { .arg = arg };
	bool iov = kind == CK_IOV_IN || kind == CK_IOV_OUT;
	struct ct_iovec vec;
	struct ct_item it;

	if ((!iov && n) || !find_part(rec, &at, n, &it))
		return false;
	c->bytes = it.bytes;
	c->len = it.head.len;
	c->cut = it.head.status & CT_ITEM_CUT;
	c->whole = 0;
	if (!iov)
		return !(it.head.status & CT_ITEM_FAULT);
	if (it.head.len < sizeof(vec))
		return false;
	memcpy(&vec, it.bytes, sizeof(vec));
	c->bytes += sizeof(vec);
	c->len -= sizeof(vec);
	c->whole = vec.len;
	/* Unreadable data is dumped as empty, its length still said. */
	if (it.head.status & CT_ITEM_FAULT)
		c->len = 0;
	return true;
}
