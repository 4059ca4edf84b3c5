// SPDX-License-Identifier: GPL-2.0
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

#include "beauty.h"
#include "compiler.h"
#include "ct_fs.h"
#include "sorted.h"
#include "stat_show.h"

#define SYM(x) { (unsigned long)(x), #x }

/* Sorted by type bits. */
static const struct symbol file_types[] = {
	SYM(S_IFIFO), SYM(S_IFCHR), SYM(S_IFDIR), SYM(S_IFBLK), SYM(S_IFREG), SYM(S_IFLNK),
	SYM(S_IFSOCK),
};

/* statx's attributes, by bit. */
static const struct symbol statx_attrs[] = {
	SYM(STATX_ATTR_COMPRESSED), SYM(STATX_ATTR_IMMUTABLE), SYM(STATX_ATTR_APPEND),
	SYM(STATX_ATTR_NODUMP), SYM(STATX_ATTR_ENCRYPTED), SYM(STATX_ATTR_AUTOMOUNT),
	SYM(STATX_ATTR_MOUNT_ROOT), SYM(STATX_ATTR_VERITY), SYM(STATX_ATTR_DAX),
	{ 0x400000, "STATX_ATTR_WRITE_ATOMIC" },
};

/*
 * The mount flags statfs reports (the kernel's ST_*), in strace's order:
 * ST_VALID, which says f_flags is set, first.
 */
static const struct symbol statfs_flags[] = {
	{ 0x20, "ST_VALID" }, SYM(ST_RDONLY), SYM(ST_NOSUID), SYM(ST_NODEV), SYM(ST_NOEXEC),
	SYM(ST_SYNCHRONOUS), SYM(ST_MANDLOCK), SYM(ST_NOATIME), SYM(ST_NODIRATIME),
	SYM(ST_RELATIME), { 0x2000, "ST_NOSYMFOLLOW" },
};

/* The file systems' magics, by value; ext2, 3 and 4 share EXT2's as strace names it. */
static const struct symbol fs_magics[] = {
	SYM(AUTOFS_SUPER_MAGIC), SYM(DEVPTS_SUPER_MAGIC), SYM(MSDOS_SUPER_MAGIC),
	SYM(NFS_SUPER_MAGIC), SYM(ISOFS_SUPER_MAGIC), SYM(PROC_SUPER_MAGIC),
	SYM(EXT2_SUPER_MAGIC), SYM(CGROUP_SUPER_MAGIC), SYM(TMPFS_MAGIC), SYM(V9FS_MAGIC),
	SYM(ANON_INODE_FS_MAGIC), { 0x19800202, "MQUEUE_MAGIC" }, SYM(PIPEFS_MAGIC),
	SYM(SOCKFS_MAGIC), SYM(XFS_SUPER_MAGIC), SYM(PSTOREFS_MAGIC),
	{ 0x62656570, "CONFIGFS_MAGIC" }, SYM(SYSFS_MAGIC), SYM(CGROUP2_SUPER_MAGIC),
	SYM(DEBUGFS_MAGIC), SYM(FUSE_SUPER_MAGIC), SYM(NSFS_MAGIC), SYM(SECURITYFS_MAGIC),
	SYM(SQUASHFS_MAGIC), SYM(TRACEFS_MAGIC), SYM(OVERLAYFS_SUPER_MAGIC), SYM(RAMFS_MAGIC),
	SYM(BTRFS_SUPER_MAGIC), SYM(HUGETLBFS_MAGIC), SYM(BPF_FS_MAGIC), SYM(EFIVARFS_MAGIC),
	SYM(F2FS_SUPER_MAGIC),
};

static int symbol_order(const void *key, const void *elem)
{
	const struct symbol *a = key, *b = elem;

	return (a->value > b->value) - (a->value < b->value);
}

static const struct symbol *find_symbol(const struct symbol *table, size_t nr,
					unsigned long v)
{
	const struct symbol key = { .value = v };

	return bsearch(&key, table, nr, sizeof(*table), symbol_order);
}

/* "A|B|0x40": each flag set, then what none explains in hex; 0 alone. */
static void put_flags(struct vwriter *w, const char *name, const struct symbol *table,
		      size_t nr, unsigned long v)
{
	vw_key(w, name);
	vw_flags(w, table, nr, v);
}

/*
 * strace's: the set-id and sticky bits by name, the permissions in at
 * least three octal digits (S_IFREG|S_ISVTX|007, S_IFREG|000); an
 * unknown type makes the whole mode octal.
 */
static void put_strace_mode(struct outbuf *ob, const struct symbol *type, unsigned int mode)
{
	char text[64];

	if (!type && (mode & S_IFMT)) {
		snprintf(text, sizeof(text), "%#o", mode);
		outbuf_puts(ob, text);
		return;
	}
	snprintf(text, sizeof(text), "%s%s%s%s%s%#03o", type ? type->name : "", type ? "|" : "",
		 mode & S_ISUID ? "S_ISUID|" : "", mode & S_ISGID ? "S_ISGID|" : "",
		 mode & S_ISVTX ? "S_ISVTX|" : "", mode & 0777);
	outbuf_puts(ob, text);
}

static void put_mode(struct vwriter *w, const char *name, unsigned int mode)
{
	const struct symbol *type = find_symbol(file_types, ARRAY_SIZE(file_types),
						mode & S_IFMT);

	vw_key(w, name);
	vw_symbol_begin(w);
	if (w->strace) {
		put_strace_mode(w->ob, type, mode);
	} else {
		if (type) {
			outbuf_puts(w->ob, type->name);
			outbuf_putc(w->ob, '|');
		}
		outbuf_oct(w->ob, mode & 07777);
	}
	vw_symbol_end(w);
}

/* strace's short form: the mode, then a device's number or a file's size. */
void ct_fs_stat(struct vwriter *w, const unsigned char *bytes)
{
	struct stat st;

	memcpy(&st, bytes, sizeof(st));
	vw_begin_struct(w);
	if (w->verbose)
		stat_show_ids(w, &st);
	put_mode(w, "st_mode", st.st_mode);
	if (w->verbose) {
		stat_show_rest(w, &st);
		vw_end_struct(w, false);
		return;
	}
	stat_show_size(w, &st);
	vw_end_struct(w, true);
}

/* strace's short form: what the kernel filled (stx_mask) and the attributes first. */
void ct_fs_statx(struct vwriter *w, const unsigned char *bytes)
{
	struct statx stx;

	memcpy(&stx, bytes, sizeof(stx));
	vw_begin_struct(w);
	vw_key(w, "stx_mask");
	vw_symbol_begin(w);
	beauty_print(w->ob, ARG_STATX_MASK, stx.stx_mask);
	vw_symbol_end(w);
	put_flags(w, "stx_attributes", statx_attrs, ARRAY_SIZE(statx_attrs),
		  stx.stx_attributes);
	put_mode(w, "stx_mode", stx.stx_mode);
	vw_key(w, "stx_size");
	vw_u64(w, stx.stx_size);
	vw_end_struct(w, true);
}

static void put_u64(struct vwriter *w, const char *name, uint64_t v)
{
	vw_key(w, name);
	vw_u64(w, v);
}

/* The file system's id: two words, 0 as strace writes it. */
static void put_fsid(struct vwriter *w, const fsid_t *fsid)
{
	int i;

	vw_key(w, "f_fsid");
	vw_begin_struct(w);
	vw_key(w, "val");
	vw_begin_list(w);
	for (i = 0; i < 2; i++) {
		if (fsid->__val[i])
			vw_hex(w, (unsigned int)fsid->__val[i]);
		else
			vw_u64(w, 0);
	}
	vw_end_list(w, false);
	vw_end_struct(w, false);
}

/* The whole struct, as strace shows it; the type by its magic's name. */
void ct_fs_statfs(struct vwriter *w, const unsigned char *bytes)
{
	struct statfs sf;
	const struct symbol *magic;

	memcpy(&sf, bytes, sizeof(sf));
	magic = find_symbol(fs_magics, ARRAY_SIZE(fs_magics), (unsigned long)sf.f_type);
	vw_begin_struct(w);
	vw_key(w, "f_type");
	if (magic)
		vw_symbol(w, magic->name);
	else
		vw_hex(w, (unsigned long)sf.f_type);
	put_u64(w, "f_bsize", sf.f_bsize);
	put_u64(w, "f_blocks", sf.f_blocks);
	put_u64(w, "f_bfree", sf.f_bfree);
	put_u64(w, "f_bavail", sf.f_bavail);
	put_u64(w, "f_files", sf.f_files);
	put_u64(w, "f_ffree", sf.f_ffree);
	put_fsid(w, &sf.f_fsid);
	put_u64(w, "f_namelen", sf.f_namelen);
	put_u64(w, "f_frsize", sf.f_frsize);
	put_flags(w, "f_flags", statfs_flags, ARRAY_SIZE(statfs_flags), sf.f_flags);
	vw_end_struct(w, false);
}

static const struct sorted_table sorted_tables[] = {
	SORTED_TABLE(file_types, symbol_order),
	SORTED_TABLE(fs_magics, symbol_order),
};

const struct sorted_table *ct_fs_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(sorted_tables);
	return sorted_tables;
}
