/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_SYSINFO_H
#define SCTRACE_CT_SYSINFO_H

#include <stddef.h>

#include "vwriter.h"

/*
 * What the process calls' pointers hold, from the bytes read at the call
 * (len of them), as strace shows it: uname's, sysinfo's, getgroups',
 * sched_getaffinity's and sigaltstack's.
 */
void ct_sysinfo_put_utsname(struct vwriter *w, const unsigned char *bytes);
void ct_sysinfo_put_sysinfo(struct vwriter *w, const unsigned char *bytes);
void ct_sysinfo_put_gids(struct vwriter *w, const unsigned char *bytes, size_t len);
void ct_sysinfo_put_cpuset(struct vwriter *w, const unsigned char *bytes, size_t len);
void ct_sysinfo_put_stack(struct vwriter *w, const unsigned char *bytes);

#endif
