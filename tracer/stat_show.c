// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "stat_show.h"

/* A device as strace shows it: makedev(0xfe, 0x1), 0 for a zero part. */
static void put_dev(struct vwriter *w, const char *name, dev_t dev)
{
	char text[64];

	snprintf(text, sizeof(text), "makedev(%#x, %#x)", major(dev), minor(dev));
	vw_key(w, name);
	vw_symbol(w, text);
}

static void put_u64(struct vwriter *w, const char *name, uint64_t v)
{
	vw_key(w, name);
	vw_u64(w, v);
}

/* "2026-12-06T08:32:30.098869031+0000": local time, as strace's comment. */
static void put_time_comment(struct vwriter *w, time_t sec, long nsec)
{
	char date[64], zone[16], frac[16] = "";
	struct tm tm;

	if (w->json || !localtime_r(&sec, &tm))
		return;
	strftime(date, sizeof(date), "%FT%T", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	if (nsec)
		snprintf(frac, sizeof(frac), ".%09ld", nsec);
	outbuf_puts(w->ob, " /* ");
	outbuf_puts(w->ob, date);
	outbuf_puts(w->ob, frac);
	outbuf_puts(w->ob, zone);
	outbuf_puts(w->ob, " */");
}

/* st_atime=N /\* when *\/, st_atime_nsec=N: the seconds, then the rest. */
static void put_time(struct vwriter *w, const char *name, const char *nsec_name,
		     const struct timespec *ts)
{
	vw_key(w, name);
	vw_s64(w, ts->tv_sec);
	put_time_comment(w, ts->tv_sec, ts->tv_nsec);
	put_u64(w, nsec_name, ts->tv_nsec);
}

/* A device's number instead of a size, as strace shows it, -v or not. */
void stat_show_size(struct vwriter *w, const struct stat *st)
{
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		put_dev(w, "st_rdev", st->st_rdev);
	else
		put_u64(w, "st_size", st->st_size);
}

void stat_show_ids(struct vwriter *w, const struct stat *st)
{
	put_dev(w, "st_dev", st->st_dev);
	put_u64(w, "st_ino", st->st_ino);
}

void stat_show_rest(struct vwriter *w, const struct stat *st)
{
	put_u64(w, "st_nlink", st->st_nlink);
	put_u64(w, "st_uid", st->st_uid);
	put_u64(w, "st_gid", st->st_gid);
	put_u64(w, "st_blksize", st->st_blksize);
	put_u64(w, "st_blocks", st->st_blocks);
	stat_show_size(w, st);
	put_time(w, "st_atime", "st_atime_nsec", &st->st_atim);
	put_time(w, "st_mtime", "st_mtime_nsec", &st->st_mtim);
	put_time(w, "st_ctime", "st_ctime_nsec", &st->st_ctim);
}
