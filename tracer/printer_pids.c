// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pidns.h"
#include "printer_pids.h"
#include "printer_tasks.h"

/* Asked of /proc when the line is printed: live only. */
static void put_host_pid(struct printer *p, int32_t tid, long pid)
{
	int32_t host = p->from_file ? 0 : pidns_translate(&p->pidns, tid, pid);

	if (!host)
		return;
	outbuf_puts(p->out, " /* ");
	outbuf_s64(p->out, host);
	outbuf_puts(p->out, " in sctrace's PID NS */");
}

/* An untraced task's name, from /proc (live only); false if it has none. */
static bool proc_comm(long pid, char *name, size_t size)
{
	char path[48];
	ssize_t len;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	len = read(fd, name, size - 1);
	close(fd);
	if (len > 0 && name[len - 1] == '\n')
		len--;
	if (len <= 0)
		return false;
	name[len] = '\0';
	return true;
}

/*
 * -Y: "<comm>" after pid, as strace -Y: a traced task's name as the trace
 * has it at this line (so a child is its parent's name until it execs);
 * in an argument or a result none for a task that ended, as strace finds
 * none in /proc then, but always for the task a line is about.
 */
void pr_put_comm(struct printer *p, long pid, bool of_line)
{
	const struct thread_state *st;
	char name[COMM_LEN + 1];
	const char *comm = name;

	if (pid <= 0 || pid > INT32_MAX)
		return;
	st = thread_find(&p->threads, (int32_t)pid);
	if (st && st->retired && !of_line)
		return;
	if (st)
		comm = pr_comm_of(p, (int32_t)pid);
	else if (p->from_file || !proc_comm(pid, name, sizeof(name)))
		return;
	outbuf_putc(p->out, '<');
	outbuf_escaped(p->out, comm, strlen(comm), 0);
	outbuf_putc(p->out, '>');
}

void pr_pid_arg(struct printer *p, const struct syscall_desc *desc, int i,
		unsigned long val, const struct thread_state *st)
{
	if (!st || !pidns_is_pid_arg(desc->name, desc->args[i].name, st->args[0]))
		return;
	if (p->cfg.decode_pids)
		pr_put_comm(p, (int)val, false);
	if (p->cfg.pidns_translation)
		put_host_pid(p, st->tid, (int)val);
}

void pr_pid_result(struct printer *p, const struct syscall_desc *desc,
		   const struct sct_event *ev)
{
	if (!pidns_is_pid_result(desc->name))
		return;
	if (p->cfg.decode_pids)
		pr_put_comm(p, ev->ret, false);
	if (p->cfg.pidns_translation)
		put_host_pid(p, ev->tid, ev->ret);
}
