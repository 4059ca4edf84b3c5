// SPDX-License-Identifier: GPL-2.0
/*
 * -y: fd arguments and results followed by <their path>, from what
 * fdpaths.c learns of the trace: a call's exit works out its change
 * first, its line shows the fds as they were and its new fd as it is,
 * then the change is done.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "contents_abi.h"
#include "contents_show.h"
#include "decode_fds.h"
#include "fdpaths.h"
#include "printer_fds.h"
#include "sockdiag.h"

/* Whether /proc may be asked about pid: live, and its end not seen. */
static bool proc_knows(struct printer *p, int32_t pid)
{
	struct thread_state *leader;

	if (p->from_file)
		return false;
	leader = thread_find(&p->threads, pid);
	return !leader || !leader->retired;
}

/* The inode of "socket:[INODE]", /proc's name for a socket. */
static bool socket_inode(const char *path, unsigned long *inode)
{
	static const char prefix[] = "socket:[";
	const char *digits = path + sizeof(prefix) - 1;
	char *end;

	if (strncmp(path, prefix, sizeof(prefix) - 1) || *digits < '0' || *digits > '9')
		return false;
	errno = 0;
	*inode = strtoul(digits, &end, 10);
	return !errno && !strcmp(end, "]");
}

/* "<desc>": what the kernel said, escaped and quoted already. */
static void put_said(struct printer *p, const char *desc)
{
	outbuf_putc(p->out, '<');
	outbuf_puts(p->out, desc);
	outbuf_putc(p->out, '>');
}

/*
 * What fd (of pid) is, as --decode-fds asks (-y: its path, -yy: all):
 * "<path>" escaped as names are, its closing '>' too; live, what the
 * kernel says now of a socket, a pidfd or a device, as strace asks it.
 */
static void put_path(struct printer *p, const char *path, int32_t pid, int fd)
{
	unsigned int show = p->cfg.fd_show;
	bool live = proc_knows(p, pid);
	char desc[SOCKDIAG_DESC_MAX];
	unsigned long inode;
	bool dev;

	if (live && (show & FD_SHOW_SOCKET) && socket_inode(path, &inode) &&
	    sockdiag_describe(&p->sockdiag, pid, fd, inode, desc, sizeof(desc)))
		return put_said(p, desc);
	if (live && (show & FD_SHOW_PIDFD) && !strcmp(path, "anon_inode:[pidfd]") &&
	    sockdiag_pidfd(pid, fd, desc, sizeof(desc)))
		return put_said(p, desc);
	dev = live && (show & FD_SHOW_DEV) && path[0] == '/' &&
	      sockdiag_device(pid, fd, path, desc, sizeof(desc));
	if (!dev && !(show & FD_SHOW_PATH))
		return;
	outbuf_putc(p->out, '<');
	outbuf_escaped(p->out, path, strlen(path), '>');
	if (dev)
		put_said(p, desc);
	outbuf_putc(p->out, '>');
}

/* What argument i of a call is as an fd (buf may hold it), or NULL if not an fd or unknown. */
const char *pr_fd_path(struct printer *p, const struct syscall_desc *desc, int i,
		       unsigned long val, const struct thread_state *st, char *buf, size_t size)
{
	if (!st || desc->args[i].kind == ARG_PTR ||
	    !fdpaths_is_fd_arg(desc->name, desc->args[i].name))
		return NULL;
	return fdpaths_get(&p->fds, st->pid, (int)val, proc_knows(p, st->pid), buf, size);
}

void pr_fd_arg(struct printer *p, const struct syscall_desc *desc, int i,
	       unsigned long val, const struct thread_state *st)
{
	char buf[FDPATHS_PATH_MAX];
	const char *path = pr_fd_path(p, desc, i, val, st, buf, sizeof(buf));

	if (path)
		put_path(p, path, st->pid, (int)val);
}

/* Argument arg's item in a contents record, if it was read whole. */
static const unsigned char *item_of(const struct ct_blob *b, int arg, size_t *len)
{
	uint32_t off = sizeof(struct ct_record_head);
	struct ct_item_head head;

	while (b->data && off + sizeof(head) <= b->size) {
		memcpy(&head, b->data + off, sizeof(head));
		if (head.len > b->size - off - sizeof(head))
			return NULL;
		if (head.arg == arg) {
			*len = head.len;
			return head.status & (CT_ITEM_FAULT | CT_ITEM_CUT) ? NULL :
			       b->data + off + sizeof(head);
		}
		off += sizeof(head) + ((head.len + 7) & ~7u);
	}
	return NULL;
}

/* From the enter's record, or the exit's (a string read again, what the kernel filled). */
const unsigned char *pr_fd_contents(const struct thread_state *st, int arg, size_t *len)
{
	const unsigned char *bytes = item_of(&st->ct[CT_ENTER], arg, len);

	return bytes ? bytes : item_of(&st->ct[CT_EXIT], arg, len);
}

/* fds a recvmsg is known to have brought at most; the others stay unknown. */
#define RECEIVED_MAX 256

/*
 * The path a call opens, the fds a pipe made and those messages brought,
 * from its contents; received holds the last.
 */
static void take_contents(struct fd_call *c, const struct syscall_desc *desc,
			  const struct thread_state *st, int *received)
{
	const unsigned char *bytes;
	size_t len;
	int i;

	for (i = 0; i < desc->nr_args; i++) {
		enum content_kind kind = desc->args[i].content;

		if (kind == CK_MSGHDR_OUT || kind == CK_MMSGHDR) {
			c->received = received;
			c->nr_received = contents_received_fds(&st->ct[CT_EXIT], i, received,
							       RECEIVED_MAX);
		}
		if (kind != CK_PATH && kind != CK_FD_PAIR)
			continue;
		bytes = pr_fd_contents(st, i, &len);
		if (!bytes)
			continue;
		if (kind == CK_PATH && !c->path) {
			c->path = (const char *)bytes;
			c->path_len = len;
		} else if (kind == CK_FD_PAIR && len >= sizeof(c->pair)) {
			memcpy(c->pair, bytes, sizeof(c->pair));
			c->has_pair = true;
		}
	}
}

/* At an exit, before its line: what the call does to fds. */
void pr_fd_exit(struct printer *p, const struct thread_state *st, bool paired,
		const struct sct_event *ev)
{
	struct fd_change *ch = &p->fd_change;
	const struct syscall_desc *desc;
	int received[RECEIVED_MAX];

	fdpaths_commit(&p->fds, ch);
	if (!paired && ev->nr < 0)
		return;
	desc = syscall_cache_get(p->syscalls, paired ? st->nr : ev->nr);
	memset(&ch->call, 0, sizeof(ch->call));
	ch->call.pid = ev->pid;
	ch->call.syscall = desc->name;
	ch->call.ret = ev->ret;
	ch->call.exit_time = ev->time;
	ch->call.proc = proc_knows(p, ev->pid);
	if (paired) {
		ch->call.has_args = true;
		ch->call.enter_time = st->enter_time;
		memcpy(ch->call.args, st->args, sizeof(ch->call.args));
		take_contents(&ch->call, desc, st, received);
	}
	fdpaths_prepare(&p->fds, ch);
}

/* After the result: the path of the fd it is, if the call made one. */
void pr_fd_result(struct printer *p)
{
	const struct fd_change *ch = &p->fd_change;
	const char *path = fdpaths_result(ch);

	if (path)
		put_path(p, path, ch->call.pid, (int)ch->call.ret);
}

/* After the exit's line (or none): the change is done. */
void pr_fd_commit(struct printer *p)
{
	fdpaths_commit(&p->fds, &p->fd_change);
}

/* A new process starts with a copy of its parent's fds; a thread shares them. */
void pr_fd_fork(struct printer *p, const struct sct_event *ev)
{
	if (ev->pid != ev->task.ppid)
		fdpaths_fork(&p->fds, ev->task.ppid, ev->pid);
}
