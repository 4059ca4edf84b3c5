/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CT_TTY_H
#define SCTRACE_CT_TTY_H

#include "vwriter.h"

/* A terminal's struct winsize, from the bytes read at the call (TIOCGWINSZ's). */
void ct_tty_put_winsize(struct vwriter *w, const unsigned char *bytes);

#endif
