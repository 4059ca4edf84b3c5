// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "beauty.h"
#include "compiler.h"
#include "contents_abi.h"
#include "contents_show.h"
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

/* The n-th item of argument arg, checked against the record's size. */
static bool find_item(const struct ct_blob *b, int arg, unsigned int n, struct ct_item *it)
{
	uint32_t off = sizeof(struct ct_record_head);

	while (b->data && off + sizeof(it->head) <= b->size) {
		memcpy(&it->head, b->data + off, sizeof(it->head));
		if (it->head.len > b->size - off - sizeof(it->head))
			return false;
		it->bytes = b->data + off + sizeof(it->head);
		if (it->head.arg == arg && !n--)
			return true;
		off += item_size(it->head.len);
	}
	return false;
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

/* Whether the record says the argument's memory could not be read. */
bool ct_blob_unread(const struct ct_blob *b, int arg)
{
	struct ct_item it;

	return find_item(b, arg, 0, &it) && (it.head.status & CT_ITEM_FAULT);
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

/* Kinds the kernel fills: shown once the call has returned successfully. */
bool contents_read_at_exit(enum content_kind kind)
{
	return content_kind_at_exit(kind) && !content_kind_in_out(kind);
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

/* An iovec array: each one's data and length; "..." where the list went on. */
static void put_iovecs(struct vwriter *w, const struct ct_blob *rec, int arg)
{
	struct ct_iovec iov;
	struct ct_item it;
	unsigned int n;
	bool more = false;

	vw_begin_list(w);
	for (n = 0; find_item(rec, arg, n, &it); n++) {
		if (it.head.len < sizeof(iov)) {
			more = it.head.status & (CT_ITEM_CUT | CT_ITEM_FAULT);
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

/* envp: strace's address and count; in JSON the count alone. */
static void put_envp(struct vwriter *w, const struct ct_item *it, unsigned long val)
{
	bool more = it->head.status & CT_ITEM_CUT;

	if (w->json) {
		vw_begin_struct(w);
		vw_key(w, "vars");
		vw_u64(w, it->head.elem);
		vw_end_struct(w, false);
		w->cut |= more;
		return;
	}
	vw_addr(w, val);
	outbuf_puts(w->ob, " /* ");
	outbuf_u64(w->ob, it->head.elem);
	outbuf_puts(w->ob, more ? " or more vars */" : " vars */");
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

/* Sorted by bit. */
static const struct { short bit; const char *name; } poll_bits[] = {
	{ POLLIN, "POLLIN" }, { POLLPRI, "POLLPRI" }, { POLLOUT, "POLLOUT" },
	{ POLLERR, "POLLERR" }, { POLLHUP, "POLLHUP" }, { POLLNVAL, "POLLNVAL" },
	{ POLLRDNORM, "POLLRDNORM" }, { POLLRDBAND, "POLLRDBAND" },
	{ POLLWRNORM, "POLLWRNORM" }, { POLLWRBAND, "POLLWRBAND" },
	{ POLLMSG, "POLLMSG" }, { POLLREMOVE, "POLLREMOVE" }, { POLLRDHUP, "POLLRDHUP" },
};

static void put_poll_bits(struct vwriter *w, unsigned short v)
{
	bool any = false;
	size_t i;

	vw_symbol_begin(w);
	for (i = 0; i < ARRAY_SIZE(poll_bits); i++) {
		if (!(v & poll_bits[i].bit))
			continue;
		outbuf_puts(w->ob, any ? "|" : "");
		outbuf_puts(w->ob, poll_bits[i].name);
		v &= ~poll_bits[i].bit;
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
		put_poll_bits(w, revents ? pfd.revents : pfd.events);
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

static void put_inet(struct vwriter *w, int family, const void *addr, const unsigned char *port)
{
	char text[INET6_ADDRSTRLEN];

	vw_key(w, family == AF_INET ? "sin_port" : "sin6_port");
	vw_u64(w, (unsigned int)port[0] << 8 | port[1]);
	vw_key(w, family == AF_INET ? "sin_addr" : "sin6_addr");
	vw_symbol(w, inet_ntop(family, addr, text, sizeof(text)) ? text : "?");
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
	if (family == AF_UNIX) {
		put_unix(w, it);
	} else if (family == AF_INET && it->head.len >= sizeof(struct sockaddr_in)) {
		put_inet(w, AF_INET, it->bytes + offsetof(struct sockaddr_in, sin_addr),
			 it->bytes + offsetof(struct sockaddr_in, sin_port));
	} else if (family == AF_INET6 && it->head.len >= sizeof(struct sockaddr_in6)) {
		put_inet(w, AF_INET6, it->bytes + offsetof(struct sockaddr_in6, sin6_addr),
			 it->bytes + offsetof(struct sockaddr_in6, sin6_port));
	}
	vw_end_struct(w, false);
}

/* Sorted by type bits. */
struct file_type {
	unsigned int type;
	const char *name;
};

static const struct file_type file_types[] = {
	{ S_IFIFO, "S_IFIFO" }, { S_IFCHR, "S_IFCHR" }, { S_IFDIR, "S_IFDIR" },
	{ S_IFBLK, "S_IFBLK" }, { S_IFREG, "S_IFREG" }, { S_IFLNK, "S_IFLNK" },
	{ S_IFSOCK, "S_IFSOCK" },
};

static int file_type_cmp(const void *key, const void *elem)
{
	const struct file_type *a = key, *b = elem;

	return (a->type > b->type) - (a->type < b->type);
}

static void put_mode(struct vwriter *w, const char *name, unsigned int mode)
{
	struct file_type key = { .type = mode & S_IFMT };
	const struct file_type *found = bsearch(&key, file_types,
						ARRAY_SIZE(file_types),
						sizeof(file_types[0]), file_type_cmp);

	vw_key(w, name);
	vw_symbol_begin(w);
	if (found) {
		outbuf_puts(w->ob, found->name);
		outbuf_putc(w->ob, '|');
	}
	outbuf_oct(w->ob, mode & 07777);
	vw_symbol_end(w);
}

static void put_stat(struct vwriter *w, const struct ct_item *it)
{
	struct stat st;

	memcpy(&st, it->bytes, sizeof(st));
	vw_begin_struct(w);
	put_mode(w, "st_mode", st.st_mode);
	put_field(w, "st_size", st.st_size);
	vw_end_struct(w, true);
}

static void put_statx(struct vwriter *w, const struct ct_item *it)
{
	struct statx stx;

	memcpy(&stx, it->bytes, sizeof(stx));
	vw_begin_struct(w);
	put_mode(w, "stx_mode", stx.stx_mode);
	vw_key(w, "stx_size");
	vw_u64(w, stx.stx_size);
	vw_end_struct(w, true);
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

/* The bytes a struct kind's renderer reads; 0 for the other kinds. */
static size_t struct_size(enum content_kind kind)
{
	switch (kind) {
	case CK_TIMESPEC:
		return sizeof(struct timespec);
	case CK_SOCKADDR_IN:
	case CK_SOCKADDR_OUT:
		return sizeof(sa_family_t);
	case CK_STAT:
		return sizeof(struct stat);
	case CK_STATX:
		return sizeof(struct statx);
	case CK_FD_PAIR:
		return sizeof(int[2]);
	case CK_WAIT_STATUS:
		return sizeof(int);
	default:
		return 0;
	}
}

static void put_struct(struct vwriter *w, enum content_kind kind, const struct ct_item *it)
{
	switch (kind) {
	case CK_TIMESPEC:
		put_timespec(w, it);
		break;
	case CK_SOCKADDR_IN:
	case CK_SOCKADDR_OUT:
		put_sockaddr(w, it);
		break;
	case CK_STAT:
		put_stat(w, it);
		break;
	case CK_STATX:
		put_statx(w, it);
		break;
	case CK_FD_PAIR:
		put_fd_pair(w, it);
		break;
	case CK_WAIT_STATUS:
		put_wait_status(w, it);
		break;
	default:
		break;
	}
}

/*
 * The item to show for the argument, if the record holds one that can be
 * shown; false: the caller prints the pointer (unreadable memory, a
 * failed call, no record, an item too short for its struct).
 */
static bool shown_item(enum content_kind kind, const struct ct_arg_view *v,
		       struct ct_item *it)
{
	if (!v->val || !v->rec || !find_item(v->rec, v->index, 0, it))
		return false;
	if (contents_read_at_exit(kind) && (!v->returned || result_is_error(v->ret)))
		return false;
	if (kind == CK_ARGV)
		return true;
	/* An iovec array itself unreadable: its address. */
	if (kind == CK_IOV_IN || kind == CK_IOV_OUT)
		return it->head.len >= sizeof(struct ct_iovec) ||
		       !(it->head.status & CT_ITEM_FAULT);
	if (it->head.status & CT_ITEM_FAULT)
		return false;
	switch (kind) {
	case CK_FD_SET:
	case CK_PATH:
	case CK_DATA_IN:
	case CK_DATA_OUT:
	case CK_ENVP:
	case CK_POLLFD:
		return true;
	default:
		return struct_size(kind) && it->head.len >= struct_size(kind);
	}
}

bool contents_shown(enum content_kind kind, const struct ct_arg_view *v)
{
	struct ct_item it;

	return shown_item(kind, v, &it);
}

/*
 * The record an argument shows from: its kind's side, else, for a
 * string the enter could not read, the exit's second try. false: none.
 */
bool contents_pick(enum content_kind kind, const struct ct_blob *enter,
		   const struct ct_blob *exit, struct ct_arg_view *v)
{
	v->rec = contents_read_at_exit(kind) ? exit : enter;
	if (contents_shown(kind, v))
		return true;
	v->rec = exit;
	return v->returned && contents_shown(kind, v);
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
	case CK_DATA_IN:
	case CK_DATA_OUT:
		put_string_item(w, &it);
		break;
	case CK_ENVP:
		put_envp(w, &it, v->val);
		break;
	case CK_POLLFD:
		put_pollfds(w, &it, false);
		break;
	case CK_IOV_IN:
	case CK_IOV_OUT:
		put_iovecs(w, v->rec, v->index);
		break;
	case CK_FD_SET:
		put_fd_set(w, &it, fd_set_bits(v->rec));
		break;
	default:
		put_struct(w, kind, &it);
		break;
	}
	return true;
}

/*
 * Whether an in-and-out argument came back with something: poll's
 * revents, select's sets with a ready fd.
 */
static bool after_item(enum content_kind kind, const struct ct_arg_view *v,
		       struct ct_item *it)
{
	size_t fd = 0;

	if (!content_kind_in_out(kind) || !v->rec || !v->returned || v->ret <= 0 ||
	    !find_item(v->rec, v->index, 0, it) || (it->head.status & CT_ITEM_FAULT))
		return false;
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
	return kind == CK_FD_SET;
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
	else
		put_pollfds(w, &it, true);
}
