/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_FS_H
#define SCTRACE_CT_FS_H

#include <stddef.h>

#include "vwriter.h"

/*
 * The file systems' structs the kernel fills, as strace shows them:
 * stat's, statx's, statfs's. Each is handed the whole struct's bytes.
 */
void ct_fs_stat(struct vwriter *w, const unsigned char *bytes);
void ct_fs_statx(struct vwriter *w, const unsigned char *bytes);
void ct_fs_statfs(struct vwriter *w, const unsigned char *bytes);

struct sorted_table;
const struct sorted_table *ct_fs_sorted_tables(size_t *nr);

#endif
