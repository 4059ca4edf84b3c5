// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "exit_codes.h"
#include "kvm_exit.h"
#include "sched_events.h"
#include "sig_events.h"
#include "sources.h"
#include "tp_find.h"

int tp_find_tracefs(struct tracefs *tfs)
{
	switch (tracefs_open(tfs)) {
	case TRACEFS_OK:
		return 0;
	case TRACEFS_NOT_MOUNTED:
		diag("tracefs is not mounted and only root may mount it; run as root, or have root run: mount -t tracefs nodev /sys/kernel/tracing");
		return SCT_EXIT_NO_TRACEFS;
	case TRACEFS_MOUNT_FAILED:
		diag("cannot mount tracefs on /sys/kernel/tracing: %s; the kernel needs CONFIG_TRACING",
		     strerror(errno));
		return SCT_EXIT_NO_TRACEFS;
	case TRACEFS_NO_ACCESS:
	default:
		diag("cannot read the tracepoints under tracefs: permission denied; run sctrace as root");
		return SCT_EXIT_NO_PERM;
	}
}

int tp_find_raw(const struct tracefs *tfs, struct sample_ids *ids)
{
	char root[ESCAPE_PATH_SIZE];

	ids->enter = tracefs_event_id(tfs, "raw_syscalls", "sys_enter");
	ids->exit = tracefs_event_id(tfs, "raw_syscalls", "sys_exit");
	if (ids->enter >= 0 && ids->exit >= 0)
		return 0;
	diag("the kernel has no raw_syscalls:sys_%s tracepoint under %s/events; it needs CONFIG_FTRACE_SYSCALLS",
	     ids->enter < 0 ? "enter" : "exit", escape_str(root, sizeof(root), tfs->root));
	return SCT_EXIT_NO_EVENTS;
}

static int add_extra(struct extra_tps *extra, const struct tracefs *tfs, const char *system,
		     const char *name, enum tp_role role)
{
	int err = extra_tps_add(extra, tfs, system, name, role);
	char given[512], shown[ESCAPE_MSG_SIZE], root[ESCAPE_PATH_SIZE];

	if (!err)
		return 0;
	snprintf(given, sizeof(given), "%s:%s", system, name);
	escape_str(shown, sizeof(shown), given);
	escape_str(root, sizeof(root), tfs->root);
	if (err == -ENOENT)
		diag("no tracepoint %s under %s/events; pick one listed there, like sched:sched_switch",
		     shown, root);
	else if (err == -ENODATA)
		diag("%s under %s/events has no id, and perf opens only events with one (ftrace's own records have none); pick a tracepoint, like sched:sched_switch",
		     shown, root);
	else if (err == -EINVAL)
		diag("cannot parse the format of tracepoint %s; libtraceevent rejected it", shown);
	else
		diag("out of memory for tracepoint %s", shown);
	return err == -ENOMEM ? SCT_EXIT_NO_MEMORY : SCT_EXIT_USAGE;
}

/* -e kvm=vcpu: the tracepoint is the kvm module's, so it may be absent. */
static int add_kvm(struct extra_tps *extra, const struct tracefs *tfs)
{
	if (tracefs_event_id(tfs, KVM_EXIT_SYSTEM, KVM_EXIT_EVENT) < 0) {
		diag("-e kvm=vcpu needs the kernel's %s:%s tracepoint, which comes with the kvm module: load it (modprobe kvm_intel, kvm_amd or kvm) or drop -e kvm=",
		     KVM_EXIT_SYSTEM, KVM_EXIT_EVENT);
		return SCT_EXIT_NO_EVENTS;
	}
	return add_extra(extra, tfs, KVM_EXIT_SYSTEM, KVM_EXIT_EVENT, TP_KVM_EXIT);
}

/*
 * --event's, --sched's, the signal lines' and -e kvm='s tracepoints, each found with
 * its format. --event's come first: one also named there shows its fields.
 */
int tp_find_extra(struct extra_tps *extra, const struct tracefs *tfs,
		  const char *const *events, size_t nr_events, bool sched, bool signals,
		  bool kvm)
{
	size_t i;
	int ret = 0;

	if (nr_events + (sched ? nr_sched_tps : 0) + (signals ? nr_sig_tps : 0) + kvm >
	    SOURCES_MAX_EXTRA) {
		diag("too many --event options: at most %d",
		     SOURCES_MAX_EXTRA - (int)(nr_sched_tps + nr_sig_tps));
		return SCT_EXIT_USAGE;
	}
	for (i = 0; !ret && sched && i < nr_sched_tps; i++)
		ret = add_extra(extra, tfs, "sched", sched_tps[i].name, sched_tps[i].role);
	for (i = 0; !ret && i < nr_events; i++) {
		char system[128];
		const char *event = events[i];
		size_t len = strchr(event, ':') - event;

		snprintf(system, sizeof(system), "%.*s", (int)len, event);
		ret = add_extra(extra, tfs, system, event + len + 1, TP_PLAIN);
	}
	/* A kernel without them (or a fake tracefs) shows no signal lines. */
	for (i = 0; !ret && signals && i < nr_sig_tps; i++)
		if (tracefs_event_id(tfs, "signal", sig_tps[i].name) >= 0)
			ret = add_extra(extra, tfs, "signal", sig_tps[i].name, sig_tps[i].role);
	if (!ret && kvm)
		ret = add_kvm(extra, tfs);
	return ret;
}
