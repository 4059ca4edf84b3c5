/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TRACEPOINTS_H
#define SCTRACE_TRACEPOINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "outbuf.h"
#include "tracefs.h"

/* What a tracepoint's records mean to the printer: --sched's, signals', or any. */
enum tp_role {
	TP_PLAIN,		/* --event: its fields, by name */
	TP_FORK,		/* sched:sched_process_fork */
	TP_EXEC,		/* sched:sched_process_exec */
	TP_EXIT,		/* sched:sched_process_exit */
	TP_SWITCH,		/* sched:sched_switch */
	TP_WAKEUP,		/* sched:sched_wakeup */
	TP_SIG_GENERATE,	/* signal:signal_generate: who sent it */
	TP_SIG_DELIVER,		/* signal:signal_deliver: strace's signal line */
	TP_KVM_EXIT,		/* kvm:kvm_userspace_exit: -e kvm=vcpu */
};

struct tep_handle;
struct tep_event;

struct extra_tp {
	int id;			/* the records' common_type */
	enum tp_role role;
	struct tep_event *event;	/* its parsed format, owned by tep */
};

/* Tracepoints beyond raw_syscalls, with their formats (libtraceevent). */
struct extra_tps {
	struct tep_handle *tep;
	struct extra_tp *tps;	/* sorted by id */
	size_t nr;
};

int extra_tps_add(struct extra_tps *x, const struct tracefs *tfs,
		  const char *system, const char *name, enum tp_role role);
int extra_tps_add_format(struct extra_tps *x, const char *system,
			 const char *format, size_t len, enum tp_role role);
int extra_tp_field_offset(const struct tracefs *tfs, const char *system,
			  const char *name, const char *field);
void extra_tps_set_big_endian(struct extra_tps *x, bool big_endian);
const struct extra_tp *extra_tps_find(const struct extra_tps *x, int id);
const char *extra_tp_system(const struct extra_tp *tp);
const char *extra_tp_name(const struct extra_tp *tp);
void extra_tps_free(struct extra_tps *x);

void extra_print(struct outbuf *ob, const struct extra_tps *x,
		 const struct extra_tp *tp, const unsigned char *data,
		 uint32_t size);
void extra_print_json(struct outbuf *ob, const struct extra_tps *x,
		      const struct extra_tp *tp, const unsigned char *data,
		      uint32_t size);
bool extra_number(const struct extra_tps *x, const struct extra_tp *tp,
		  const unsigned char *data, uint32_t size, const char *field,
		  long long *val);
bool extra_string(const struct extra_tp *tp, const unsigned char *data,
		  uint32_t size, const char *field, char *buf, size_t len);

#endif
