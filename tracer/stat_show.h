/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_STAT_SHOW_H
#define SCTRACE_STAT_SHOW_H

#include <sys/stat.h>

#include "vwriter.h"

/*
 * The fields of struct stat strace shows: with -v all of them, around
 * st_mode (which contents_show.c writes between them); without, the size.
 */
void stat_show_ids(struct vwriter *w, const struct stat *st);
void stat_show_size(struct vwriter *w, const struct stat *st);
void stat_show_rest(struct vwriter *w, const struct stat *st);

#endif
