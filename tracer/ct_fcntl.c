// SPDX-License-Identifier: GPL-2.0
/* fcntl's structs: what a lock command hands to the kernel or gets back. */
#include <fcntl.h>
#include <string.h>

#include "beauty.h"
#include "ct_fcntl.h"

static void put_symbol(struct vwriter *w, const char *key, enum arg_kind kind, long v)
{
	vw_key(w, key);
	vw_symbol_begin(w);
	beauty_print(w->ob, kind, (unsigned long)v);
	vw_symbol_end(w);
}

void ct_fcntl_put_flock(struct vwriter *w, const unsigned char *bytes, bool out)
{
	struct flock fl;

	memcpy(&fl, bytes, sizeof(fl));
	vw_begin_struct(w);
	put_symbol(w, "l_type", ARG_FCNTL_LEASE, fl.l_type);
	put_symbol(w, "l_whence", ARG_SEEK_WHENCE, fl.l_whence);
	vw_key(w, "l_start");
	vw_s64(w, fl.l_start);
	vw_key(w, "l_len");
	vw_s64(w, fl.l_len);
	/* The kernel fills l_pid; what the caller left there means nothing to it. */
	if (out) {
		vw_key(w, "l_pid");
		vw_s64(w, fl.l_pid);
	}
	vw_end_struct(w, false);
}
