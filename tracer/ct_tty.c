// SPDX-License-Identifier: GPL-2.0
/* What the terminal ioctls hand over: a window's size. */
#include <string.h>
#include <sys/ioctl.h>

#include "ct_tty.h"

static void put_field(struct vwriter *w, const char *key, unsigned short v)
{
	vw_key(w, key);
	vw_u64(w, v);
}

void ct_tty_put_winsize(struct vwriter *w, const unsigned char *bytes)
{
	struct winsize ws;

	memcpy(&ws, bytes, sizeof(ws));
	vw_begin_struct(w);
	put_field(w, "ws_row", ws.ws_row);
	put_field(w, "ws_col", ws.ws_col);
	put_field(w, "ws_xpixel", ws.ws_xpixel);
	put_field(w, "ws_ypixel", ws.ws_ypixel);
	vw_end_struct(w, false);
}
