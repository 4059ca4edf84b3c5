/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_FCNTL_H
#define SCTRACE_CT_FCNTL_H

#include <stdbool.h>

#include "vwriter.h"

/*
 * fcntl's struct flock, from the bytes read at the call: with l_pid where
 * the kernel filled it (out: F_GETLK's), as strace shows it.
 */
void ct_fcntl_put_flock(struct vwriter *w, const unsigned char *bytes, bool out);

#endif
