// SPDX-License-Identifier: GPL-2.0
#include "pidns.h"
#include "printer_pids.h"

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

void pr_pid_arg(struct printer *p, const struct syscall_desc *desc, int i,
		unsigned long val, const struct thread_state *st)
{
	if (st && pidns_is_pid_arg(desc->name, desc->args[i].name, st->args[0]))
		put_host_pid(p, st->tid, (int)val);
}

void pr_pid_result(struct printer *p, const struct syscall_desc *desc,
		   const struct sct_event *ev)
{
	if (pidns_is_pid_result(desc->name))
		put_host_pid(p, ev->tid, ev->ret);
}
