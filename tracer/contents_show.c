// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "beauty.h"
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

/* As strace writes strings: C escapes, octal for other non-printables. */
static void put_escaped(struct outbuf *ob, const unsigned char *s, size_t len)
{
	static const char escapes[] = "\"\"\\\\\nn\tt\rr\vv\ff";
	const char *e;
	size_t i;

	outbuf_putc(ob, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		e = c ? memchr(escapes, c, sizeof(escapes) - 1) : NULL;
		if (e && (e - escapes) % 2 == 0) {
			outbuf_putc(ob, '\\');
			outbuf_putc(ob, e[1]);
		} else if (c >= 0x20 && c < 0x7f) {
			outbuf_putc(ob, c);
		} else {
			bool digit_next = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7';

			outbuf_putc(ob, '\\');
			if (digit_next || c >= 0100)
				outbuf_putc(ob, '0' + (c >> 6));
			if (digit_next || c >= 010)
				outbuf_putc(ob, '0' + ((c >> 3) & 7));
			outbuf_putc(ob, '0' + (c & 7));
		}
	}
	outbuf_putc(ob, '"');
}

static void put_string_item(struct outbuf *ob, const struct ct_item *it)
{
	put_escaped(ob, it->bytes, it->head.len);
	if (it->head.status & CT_ITEM_CUT)
		outbuf_puts(ob, "...");
}

/* An unreadable element: its pointer, as strace shows it, when recorded. */
static void put_fault(struct outbuf *ob, const struct ct_item *it)
{
	uint64_t ptr;

	if (it->head.len < sizeof(ptr)) {
		outbuf_puts(ob, "?");
		return;
	}
	memcpy(&ptr, it->bytes, sizeof(ptr));
	outbuf_hex(ob, ptr);
}

/* execve's argv: each string, "..." where the list went on. */
static void put_argv(struct outbuf *ob, const struct ct_blob *rec, int arg)
{
	struct ct_item it;
	unsigned int n;

	outbuf_putc(ob, '[');
	for (n = 0; find_item(rec, arg, n, &it); n++) {
		if (n)
			outbuf_puts(ob, ", ");
		if (!it.head.len && (it.head.status & CT_ITEM_CUT))
			outbuf_puts(ob, "...");
		else if (it.head.status & CT_ITEM_FAULT)
			put_fault(ob, &it);
		else
			put_string_item(ob, &it);
	}
	outbuf_putc(ob, ']');
}

/* An iovec array: each one's data and length; "..." where the list went on. */
static void put_iovecs(struct outbuf *ob, const struct ct_blob *rec, int arg)
{
	struct ct_iovec iov;
	struct ct_item it;
	unsigned int n;

	outbuf_putc(ob, '[');
	for (n = 0; find_item(rec, arg, n, &it); n++) {
		if (it.head.len < sizeof(iov)) {
			if (it.head.status & (CT_ITEM_CUT | CT_ITEM_FAULT))
				outbuf_puts(ob, n ? ", ..." : "...");
			break;
		}
		memcpy(&iov, it.bytes, sizeof(iov));
		outbuf_puts(ob, n ? ", {iov_base: " : "{iov_base: ");
		if (!iov.base || (it.head.status & CT_ITEM_FAULT)) {
			format_arg(ob, ARG_PTR, iov.base);
		} else {
			put_escaped(ob, it.bytes + sizeof(iov), it.head.len - sizeof(iov));
			if (it.head.status & CT_ITEM_CUT)
				outbuf_puts(ob, "...");
		}
		outbuf_puts(ob, ", iov_len: ");
		outbuf_u64(ob, iov.len);
		outbuf_putc(ob, '}');
	}
	outbuf_putc(ob, ']');
}

static void put_envp(struct outbuf *ob, const struct ct_item *it, unsigned long val)
{
	outbuf_hex(ob, val);
	outbuf_puts(ob, " /* ");
	outbuf_u64(ob, it->head.elem);
	outbuf_puts(ob, it->head.status & CT_ITEM_CUT ? " or more vars */" : " vars */");
}

static void put_field(struct outbuf *ob, const char *name, int64_t v, bool last)
{
	outbuf_puts(ob, name);
	outbuf_puts(ob, ": ");
	outbuf_s64(ob, v);
	outbuf_puts(ob, last ? "}" : ", ");
}

static bool put_timespec(struct outbuf *ob, const struct ct_item *it)
{
	struct timespec ts;

	if (it->head.len < sizeof(ts))
		return false;
	memcpy(&ts, it->bytes, sizeof(ts));
	outbuf_putc(ob, '{');
	put_field(ob, "tv_sec", ts.tv_sec, false);
	put_field(ob, "tv_nsec", ts.tv_nsec, true);
	return true;
}

/* Sorted by bit. */
static const struct { short bit; const char *name; } poll_bits[] = {
	{ POLLIN, "POLLIN" }, { POLLPRI, "POLLPRI" }, { POLLOUT, "POLLOUT" },
	{ POLLERR, "POLLERR" }, { POLLHUP, "POLLHUP" }, { POLLNVAL, "POLLNVAL" },
	{ POLLRDNORM, "POLLRDNORM" }, { POLLRDBAND, "POLLRDBAND" },
	{ POLLWRNORM, "POLLWRNORM" }, { POLLWRBAND, "POLLWRBAND" },
	{ POLLMSG, "POLLMSG" }, { POLLREMOVE, "POLLREMOVE" }, { POLLRDHUP, "POLLRDHUP" },
};

static void put_poll_bits(struct outbuf *ob, unsigned short v)
{
	bool any = false;
	size_t i;

	for (i = 0; i < sizeof(poll_bits) / sizeof(poll_bits[0]); i++) {
		if (!(v & poll_bits[i].bit))
			continue;
		outbuf_puts(ob, any ? "|" : "");
		outbuf_puts(ob, poll_bits[i].name);
		v &= ~poll_bits[i].bit;
		any = true;
	}
	if (!v && !any)
		outbuf_putc(ob, '0');
	else if (v) {
		outbuf_puts(ob, any ? "|" : "");
		outbuf_hex(ob, v);
	}
}

/* Array elements shown at most, as strace abbreviates arrays. */
#define ARRAY_SHOWN_MAX 32

/* pollfd entries: events at the enter; at the exit those with revents. */
static void put_pollfds(struct outbuf *ob, const struct ct_item *it, bool revents)
{
	size_t i, shown = 0, n = it->head.len / sizeof(struct pollfd);
	bool more = (it->head.status & CT_ITEM_CUT) || n > ARRAY_SHOWN_MAX;
	struct pollfd pfd;

	outbuf_putc(ob, '[');
	for (i = 0; i < n && i < ARRAY_SHOWN_MAX; i++) {
		memcpy(&pfd, it->bytes + i * sizeof(pfd), sizeof(pfd));
		if (revents && !pfd.revents)
			continue;
		outbuf_puts(ob, shown++ ? ", {fd: " : "{fd: ");
		outbuf_s64(ob, pfd.fd);
		outbuf_puts(ob, revents ? ", revents: " : ", events: ");
		put_poll_bits(ob, revents ? pfd.revents : pfd.events);
		outbuf_putc(ob, '}');
	}
	if (more)
		outbuf_puts(ob, shown ? ", ..." : "...");
	outbuf_putc(ob, ']');
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

/* As strace lists a set: [3 5], and "..." past the fds read (FD_SET_BITS_MAX). */
static void put_fd_set(struct outbuf *ob, const struct ct_item *it, size_t nbits)
{
	size_t fd = 0;
	bool any = false;

	outbuf_putc(ob, '[');
	for (; fd_set_next(it, nbits, &fd); fd++) {
		if (any)
			outbuf_putc(ob, ' ');
		outbuf_u64(ob, fd);
		any = true;
	}
	if (it->head.status & CT_ITEM_CUT)
		outbuf_puts(ob, any ? " ..." : "...");
	outbuf_putc(ob, ']');
}

/*
 * select's and pselect6's sets are their arguments 1 to 3: after the
 * result, those with ready fds, as one list: " (inp: [3], outp: [4])".
 */
#define FD_SET_FIRST 1
#define FD_SET_LAST 3
static const char *const fd_set_names[] = { NULL, "inp", "outp", "exp" };

static bool fd_set_ready(const struct ct_blob *rec, int arg, size_t nbits, struct ct_item *it)
{
	size_t fd = 0;

	return find_item(rec, arg, 0, it) && !(it->head.status & CT_ITEM_FAULT) &&
	       fd_set_next(it, nbits, &fd);
}

static void put_fd_set_after(struct outbuf *ob, const struct ct_arg_view *v)
{
	size_t nbits = fd_set_bits(v->rec);
	struct ct_item it, other;
	bool first = true, last = true;
	int j;

	if (v->index < FD_SET_FIRST || v->index > FD_SET_LAST ||
	    !fd_set_ready(v->rec, v->index, nbits, &it))
		return;
	for (j = FD_SET_FIRST; j <= FD_SET_LAST; j++) {
		if (j == v->index || !fd_set_ready(v->rec, j, nbits, &other))
			continue;
		if (j < v->index)
			first = false;
		else
			last = false;
	}
	outbuf_puts(ob, first ? " (" : ", ");
	outbuf_puts(ob, fd_set_names[v->index]);
	outbuf_puts(ob, ": ");
	put_fd_set(ob, &it, nbits);
	if (last)
		outbuf_putc(ob, ')');
}

static void put_inet(struct outbuf *ob, int family, const void *addr, const unsigned char *port)
{
	char text[INET6_ADDRSTRLEN];

	outbuf_puts(ob, family == AF_INET ? ", sin_port: " : ", sin6_port: ");
	outbuf_u64(ob, (unsigned int)port[0] << 8 | port[1]);
	outbuf_puts(ob, family == AF_INET ? ", sin_addr: " : ", sin6_addr: ");
	outbuf_puts(ob, inet_ntop(family, addr, text, sizeof(text)) ? text : "?");
}

static void put_unix(struct outbuf *ob, const struct ct_item *it)
{
	size_t off = offsetof(struct sockaddr_un, sun_path);
	const unsigned char *path = it->bytes + off;
	size_t len = it->head.len - off;

	outbuf_puts(ob, ", sun_path: ");
	if (len && !path[0]) {
		/* Abstract: the name is every byte after the NUL. */
		outbuf_putc(ob, '@');
		put_escaped(ob, path + 1, len - 1);
		return;
	}
	put_escaped(ob, path, strnlen((const char *)path, len));
}

static bool put_sockaddr(struct outbuf *ob, const struct ct_item *it)
{
	sa_family_t family;

	if (it->head.len < sizeof(family))
		return false;
	memcpy(&family, it->bytes, sizeof(family));
	outbuf_puts(ob, "{sa_family: ");
	beauty_print(ob, ARG_SOCK_FAMILY, family);
	if (family == AF_UNIX) {
		put_unix(ob, it);
	} else if (family == AF_INET && it->head.len >= sizeof(struct sockaddr_in)) {
		put_inet(ob, AF_INET, it->bytes + offsetof(struct sockaddr_in, sin_addr),
			 it->bytes + offsetof(struct sockaddr_in, sin_port));
	} else if (family == AF_INET6 && it->head.len >= sizeof(struct sockaddr_in6)) {
		put_inet(ob, AF_INET6, it->bytes + offsetof(struct sockaddr_in6, sin6_addr),
			 it->bytes + offsetof(struct sockaddr_in6, sin6_port));
	}
	outbuf_putc(ob, '}');
	return true;
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

static void put_mode(struct outbuf *ob, const char *name, unsigned int mode)
{
	struct file_type key = { .type = mode & S_IFMT };
	const struct file_type *found = bsearch(&key, file_types,
						sizeof(file_types) / sizeof(file_types[0]),
						sizeof(file_types[0]), file_type_cmp);

	outbuf_puts(ob, name);
	outbuf_puts(ob, ": ");
	if (found) {
		outbuf_puts(ob, found->name);
		outbuf_putc(ob, '|');
	}
	outbuf_oct(ob, mode & 07777);
}

static bool put_stat(struct outbuf *ob, const struct ct_item *it)
{
	struct stat st;

	if (it->head.len < sizeof(st))
		return false;
	memcpy(&st, it->bytes, sizeof(st));
	outbuf_putc(ob, '{');
	put_mode(ob, "st_mode", st.st_mode);
	outbuf_puts(ob, ", st_size: ");
	outbuf_s64(ob, st.st_size);
	outbuf_puts(ob, ", ...}");
	return true;
}

static bool put_statx(struct outbuf *ob, const struct ct_item *it)
{
	struct statx stx;

	if (it->head.len < sizeof(stx))
		return false;
	memcpy(&stx, it->bytes, sizeof(stx));
	outbuf_putc(ob, '{');
	put_mode(ob, "stx_mode", stx.stx_mode);
	outbuf_puts(ob, ", stx_size: ");
	outbuf_u64(ob, stx.stx_size);
	outbuf_puts(ob, ", ...}");
	return true;
}

static bool put_fd_pair(struct outbuf *ob, const struct ct_item *it)
{
	int fds[2];

	if (it->head.len < sizeof(fds))
		return false;
	memcpy(fds, it->bytes, sizeof(fds));
	outbuf_putc(ob, '[');
	outbuf_s64(ob, fds[0]);
	outbuf_puts(ob, ", ");
	outbuf_s64(ob, fds[1]);
	outbuf_putc(ob, ']');
	return true;
}

static void put_signal_test(struct outbuf *ob, const char *test, int sig)
{
	char name[SIGNAL_NAME_MAX];

	outbuf_puts(ob, test);
	outbuf_puts(ob, signal_name(sig, name, sizeof(name)));
}

/* As strace shows a wait status: the macros that hold for it. */
static bool put_wait_status(struct outbuf *ob, const struct ct_item *it)
{
	int status;

	if (it->head.len < sizeof(status))
		return false;
	memcpy(&status, it->bytes, sizeof(status));
	outbuf_puts(ob, "[{");
	if (WIFEXITED(status)) {
		outbuf_puts(ob, "WIFEXITED(s) && WEXITSTATUS(s) == ");
		outbuf_s64(ob, WEXITSTATUS(status));
	} else if (WIFSIGNALED(status)) {
		put_signal_test(ob, "WIFSIGNALED(s) && WTERMSIG(s) == ", WTERMSIG(status));
		if (WCOREDUMP(status))
			outbuf_puts(ob, " && WCOREDUMP(s)");
	} else if (WIFSTOPPED(status)) {
		put_signal_test(ob, "WIFSTOPPED(s) && WSTOPSIG(s) == ", WSTOPSIG(status));
	} else {
		outbuf_hex(ob, status);
	}
	outbuf_puts(ob, "}]");
	return true;
}

/* The structs' renderers, by kind; false: the item is too short. */
static bool put_struct(struct outbuf *ob, enum content_kind kind, const struct ct_item *it)
{
	switch (kind) {
	case CK_TIMESPEC:
		return put_timespec(ob, it);
	case CK_SOCKADDR_IN:
	case CK_SOCKADDR_OUT:
		return put_sockaddr(ob, it);
	case CK_STAT:
		return put_stat(ob, it);
	case CK_STATX:
		return put_statx(ob, it);
	case CK_FD_PAIR:
		return put_fd_pair(ob, it);
	case CK_WAIT_STATUS:
		return put_wait_status(ob, it);
	default:
		return false;
	}
}

/*
 * Shows what the argument points to, if the record holds it; false: the
 * caller prints the pointer (unreadable memory, a failed call, no record).
 */
bool contents_show(struct outbuf *ob, enum content_kind kind, const struct ct_arg_view *v)
{
	struct ct_item it;

	if (!v->val || !v->rec || !find_item(v->rec, v->index, 0, &it))
		return false;
	if (contents_read_at_exit(kind) && (!v->returned || result_is_error(v->ret)))
		return false;
	if (kind == CK_ARGV) {
		put_argv(ob, v->rec, v->index);
		return true;
	}
	if (kind == CK_IOV_IN || kind == CK_IOV_OUT) {
		/* The array itself unreadable: its address. */
		if (it.head.len < sizeof(struct ct_iovec) && (it.head.status & CT_ITEM_FAULT))
			return false;
		put_iovecs(ob, v->rec, v->index);
		return true;
	}
	if (it.head.status & CT_ITEM_FAULT)
		return false;
	switch (kind) {
	case CK_PATH:
	case CK_DATA_IN:
	case CK_DATA_OUT:
		put_string_item(ob, &it);
		return true;
	case CK_ENVP:
		put_envp(ob, &it, v->val);
		return true;
	case CK_POLLFD:
		put_pollfds(ob, &it, false);
		return true;
	case CK_FD_SET:
		put_fd_set(ob, &it, fd_set_bits(v->rec));
		return true;
	default:
		return put_struct(ob, kind, &it);
	}
}

/* After the result: what an in-and-out argument came back with (poll, select). */
void contents_show_after(struct outbuf *ob, enum content_kind kind,
			 const struct ct_arg_view *v)
{
	struct ct_item it;

	if (!content_kind_in_out(kind) || !v->rec || !v->returned || v->ret <= 0)
		return;
	if (kind == CK_FD_SET) {
		put_fd_set_after(ob, v);
		return;
	}
	if (!find_item(v->rec, v->index, 0, &it) || (it.head.status & CT_ITEM_FAULT))
		return;
	outbuf_puts(ob, " (");
	put_pollfds(ob, &it, true);
	outbuf_putc(ob, ')');
}
