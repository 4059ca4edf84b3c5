// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl: the requests strace names, the arguments each takes, and an
 * unknown request's number split as _IOC() writes it.
 */
#include <asm/termbits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/ioctl.h>
#include <linux/serial.h>
#include <linux/sockios.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "beauty.h"
#include "compiler.h"
#include "ct_ioctl.h"
#include "sorted.h"

/*
 * Every request by its number, each with how its third argument prints:
 * PTR an address (NULL for 0), XLONG a number in hex, INT a signed int,
 * NONE not at all (the request takes none); TCXONC, TCFLSH their names.
 * Where two subsystems share a number, the name is strace's "A or B".
 */
#define IOCTL_REQUESTS(X) \
	X(FIBMAP, "FIBMAP", XLONG) \
	X(FIGETBSZ, "FIGETBSZ", XLONG) \
	X(BLKROGET, "BLKROGET", PTR) \
	X(BLKRRPART, "BLKRRPART", NONE) \
	X(BLKGETSIZE, "BLKGETSIZE", PTR) \
	X(BLKFLSBUF, "BLKFLSBUF", NONE) \
	X(BLKSSZGET, "BLKSSZGET", PTR) \
	X(BLKDISCARD, "BLKDISCARD", PTR) \
	X(TCGETS, "TCGETS", PTR) \
	X(TCSETS, "SNDCTL_TMR_START or TCSETS", PTR) \
	X(TCSETSW, "SNDCTL_TMR_STOP or TCSETSW", PTR) \
	X(TCSETSF, "SNDCTL_TMR_CONTINUE or TCSETSF", PTR) \
	X(TCGETA, "TCGETA", PTR) \
	X(TCSETA, "TCSETA", PTR) \
	X(TCSETAW, "TCSETAW", PTR) \
	X(TCSETAF, "TCSETAF", PTR) \
	X(TCSBRK, "TCSBRK", INT) \
	X(TCXONC, "TCXONC", TCXONC) \
	X(TCFLSH, "TCFLSH", TCFLSH) \
	X(TIOCEXCL, "TIOCEXCL", NONE) \
	X(TIOCNXCL, "TIOCNXCL", NONE) \
	X(TIOCSCTTY, "TIOCSCTTY", INT) \
	X(TIOCGPGRP, "TIOCGPGRP", PTR) \
	X(TIOCSPGRP, "TIOCSPGRP", PTR) \
	X(TIOCOUTQ, "TIOCOUTQ", PTR) \
	X(TIOCSTI, "TIOCSTI", PTR) \
	X(TIOCGWINSZ, "TIOCGWINSZ", PTR) \
	X(TIOCSWINSZ, "TIOCSWINSZ", PTR) \
	X(TIOCMGET, "TIOCMGET", PTR) \
	X(TIOCMBIS, "TIOCMBIS", PTR) \
	X(TIOCMBIC, "TIOCMBIC", PTR) \
	X(TIOCMSET, "TIOCMSET", PTR) \
	X(TIOCGSOFTCAR, "TIOCGSOFTCAR", PTR) \
	X(TIOCSSOFTCAR, "TIOCSSOFTCAR", PTR) \
	X(FIONREAD, "FIONREAD", PTR) \
	X(TIOCLINUX, "TIOCLINUX", XLONG) \
	X(TIOCCONS, "TIOCCONS", NONE) \
	X(TIOCGSERIAL, "TIOCGSERIAL", XLONG) \
	X(TIOCSSERIAL, "TIOCSSERIAL", NONE) \
	X(TIOCPKT, "TIOCPKT", PTR) \
	X(FIONBIO, "FIONBIO", PTR) \
	X(TIOCNOTTY, "TIOCNOTTY", NONE) \
	X(TIOCSETD, "TIOCSETD", PTR) \
	X(TIOCGETD, "TIOCGETD", PTR) \
	X(TCSBRKP, "TCSBRKP", INT) \
	X(TIOCSBRK, "TIOCSBRK", NONE) \
	X(TIOCCBRK, "TIOCCBRK", NONE) \
	X(TIOCGSID, "TIOCGSID", PTR) \
	X(TIOCGRS485, "TIOCGRS485", XLONG) \
	X(TIOCSRS485, "TIOCSRS485", XLONG) \
	X(TCGETX, "TCGETX", XLONG) \
	X(TCSETX, "TCSETX", XLONG) \
	X(TCSETXF, "TCSETXF", XLONG) \
	X(TCSETXW, "TCSETXW", XLONG) \
	X(TIOCVHANGUP, "TIOCVHANGUP", NONE) \
	X(TIOCGPTPEER, "TIOCGPTPEER", XLONG) \
	X(FIONCLEX, "FIONCLEX", NONE) \
	X(FIOCLEX, "FIOCLEX", NONE) \
	X(FIOASYNC, "FIOASYNC", PTR) \
	X(TIOCSERCONFIG, "TIOCSERCONFIG", XLONG) \
	X(TIOCSERGWILD, "TIOCSERGWILD", XLONG) \
	X(TIOCSERSWILD, "TIOCSERSWILD", XLONG) \
	X(TIOCGLCKTRMIOS, "TIOCGLCKTRMIOS", PTR) \
	X(TIOCSLCKTRMIOS, "TIOCSLCKTRMIOS", PTR) \
	X(TIOCSERGSTRUCT, "TIOCSERGSTRUCT", XLONG) \
	X(TIOCSERGETLSR, "TIOCSERGETLSR", XLONG) \
	X(TIOCSERGETMULTI, "TIOCSERGETMULTI", XLONG) \
	X(TIOCSERSETMULTI, "TIOCSERSETMULTI", XLONG) \
	X(TIOCMIWAIT, "TIOCMIWAIT", XLONG) \
	X(TIOCGICOUNT, "TIOCGICOUNT", XLONG) \
	X(FIOQSIZE, "FIOQSIZE", XLONG) \
	X(FIOSETOWN, "FIOSETOWN", PTR) \
	X(SIOCSPGRP, "SIOCSPGRP", PTR) \
	X(FIOGETOWN, "FIOGETOWN", PTR) \
	X(SIOCGPGRP, "SIOCGPGRP", PTR) \
	X(SIOCATMARK, "SIOCATMARK", PTR) \
	X(SIOCGSTAMP_OLD, "SIOCGSTAMP_OLD", PTR) \
	X(SIOCGIFNAME, "SIOCGIFNAME", PTR) \
	X(SIOCGIFCONF, "SIOCGIFCONF", PTR) \
	X(SIOCGIFFLAGS, "SIOCGIFFLAGS", PTR) \
	X(SIOCSIFFLAGS, "SIOCSIFFLAGS", PTR) \
	X(SIOCGIFADDR, "SIOCGIFADDR", PTR) \
	X(SIOCGIFMTU, "SIOCGIFMTU", PTR) \
	X(SIOCGIFHWADDR, "SIOCGIFHWADDR", PTR) \
	X(SIOCGIFINDEX, "SIOCGIFINDEX", PTR) \
	X(SIOCETHTOOL, "SIOCETHTOOL", PTR) \
	X(TIOCSPTLCK, "TIOCSPTLCK", PTR) \
	X(TIOCSIG, "TIOCSIG", XLONG) \
	X(FICLONE, "BTRFS_IOC_CLONE or FICLONE", INT) \
	X(FS_IOC_SETFLAGS, "FS_IOC_SETFLAGS", PTR) \
	X(FS_IOC_FSSETXATTR, "FS_IOC_FSSETXATTR", PTR) \
	X(FICLONERANGE, "BTRFS_IOC_CLONE_RANGE or FICLONERANGE", PTR) \
	X(TCSETS2, "TCSETS2", PTR) \
	X(TCSETSW2, "TCSETSW2", PTR) \
	X(TCSETSF2, "TCSETSF2", PTR) \
	X(TIOCGPTN, "TIOCGPTN", PTR) \
	X(TIOCGDEV, "TIOCGDEV", PTR) \
	X(TIOCGPKT, "TIOCGPKT", XLONG) \
	X(TIOCGPTLCK, "TIOCGPTLCK", XLONG) \
	X(TIOCGEXCL, "TIOCGEXCL", PTR) \
	X(BLKBSZGET, "BLKBSZGET", PTR) \
	X(BLKGETSIZE64, "BLKGETSIZE64", PTR) \
	X(FS_IOC_GETFLAGS, "FS_IOC_GETFLAGS", PTR) \
	X(FS_IOC_GETVERSION, "FS_IOC_GETVERSION", XLONG) \
	X(FS_IOC_FSGETXATTR, "FS_IOC_FSGETXATTR", PTR) \
	X(TIOCGISO7816, "TIOCGISO7816", XLONG) \
	X(TCGETS2, "TCGETS2", PTR) \
	X(FIFREEZE, "FIFREEZE", NONE) \
	X(FITHAW, "FITHAW", NONE) \
	X(FITRIM, "FITRIM", PTR) \
	X(FIDEDUPERANGE, "BTRFS_IOC_FILE_EXTENT_SAME or FIDEDUPERANGE", PTR) \
	X(FS_IOC_FIEMAP, "FS_IOC_FIEMAP", PTR) \
	X(TIOCSISO7816, "TIOCSISO7816", XLONG) \


#define ALL3 7u			/* fd, request, argument */
#define TAKES_ARG(code, k, bits_) \
	{ .op = (unsigned int)(code), .shown = ALL3, .args = { { .pos = 3, .kind = (k), .bits = (bits_) } } }
#define OP_PTR(code) TAKES_ARG(code, ARG_PTR, 0)
#define OP_XLONG(code) TAKES_ARG(code, ARG_XLONG, 0)
#define OP_INT(code) TAKES_ARG(code, ARG_S32, 32)
#define OP_TCXONC(code) TAKES_ARG(code, ARG_TC_XONC, 32)
#define OP_TCFLSH(code) TAKES_ARG(code, ARG_TC_FLUSH, 32)
#define OP_NONE(code) { .op = (unsigned int)(code), .shown = 3u }

#define AS_OP(code, name, how) OP_##how(code),
#define AS_NAME(code, name, how) { (unsigned int)(code), name },

static const struct sysent_op ioctl_ops[] = { IOCTL_REQUESTS(AS_OP) };
static const struct symbol ioctl_names[] = { IOCTL_REQUESTS(AS_NAME) };

/* strace prints an unknown request's argument as a number in hex. */
const struct sysent_ops ioctl_arity = {
	.arg = "cmd", .mask = ~0u, .ops = ioctl_ops, .nr = ARRAY_SIZE(ioctl_ops),
	.other = OP_XLONG(0),
};

/* Sorted by value. */
static const struct symbol tc_xonc_actions[] = {
	{ TCOOFF, "TCOOFF" }, { TCOON, "TCOON" }, { TCIOFF, "TCIOFF" }, { TCION, "TCION" },
};

static const struct symbol tc_flush_queues[] = {
	{ TCIFLUSH, "TCIFLUSH" }, { TCOFLUSH, "TCOFLUSH" }, { TCIOFLUSH, "TCIOFLUSH" },
};

/* A number as C's %#x writes it. */
static void put_xint(struct outbuf *ob, unsigned long v)
{
	if (v)
		outbuf_hex(ob, v);
	else
		outbuf_putc(ob, '0');
}

/* An unknown request: _IOC(_IOC_READ|_IOC_WRITE, 0x78, 0x3, 0x8), as strace. */
static void print_ioc(struct outbuf *ob, unsigned int code)
{
	static const char *const dirs[] = {
		[_IOC_NONE] = "_IOC_NONE", [_IOC_READ] = "_IOC_READ",
		[_IOC_WRITE] = "_IOC_WRITE", [_IOC_READ | _IOC_WRITE] = "_IOC_READ|_IOC_WRITE",
	};

	outbuf_puts(ob, "_IOC(");
	outbuf_puts(ob, dirs[_IOC_DIR(code) & (_IOC_READ | _IOC_WRITE)]);
	outbuf_puts(ob, ", ");
	put_xint(ob, _IOC_TYPE(code));
	outbuf_puts(ob, ", ");
	put_xint(ob, _IOC_NR(code));
	outbuf_puts(ob, ", ");
	put_xint(ob, _IOC_SIZE(code));
	outbuf_putc(ob, ')');
}

void ct_ioctl_print(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	const char *name;

	switch (kind) {
	case ARG_IOCTL_CMD:
		name = beauty_symbol_name((unsigned int)val, ioctl_names, ARRAY_SIZE(ioctl_names));
		if (name)
			outbuf_puts(ob, name);
		else
			print_ioc(ob, (unsigned int)val);
		break;
	case ARG_TC_XONC:
		beauty_print_xlat(ob, (unsigned int)val, tc_xonc_actions,
				  ARRAY_SIZE(tc_xonc_actions), "TC???");
		break;
	default:
		beauty_print_xlat(ob, (unsigned int)val, tc_flush_queues,
				  ARRAY_SIZE(tc_flush_queues), "TC???");
		break;
	}
}

static int op_cmp(const void *key, const void *elem)
{
	const struct sysent_op *a = key, *b = elem;

	return (a->op > b->op) - (a->op < b->op);
}

static int symbol_cmp(const void *key, const void *elem)
{
	const struct symbol *a = key, *b = elem;

	return (a->value > b->value) - (a->value < b->value);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(ioctl_ops, op_cmp),
	SORTED_TABLE(ioctl_names, symbol_cmp),
	SORTED_TABLE(tc_xonc_actions, symbol_cmp),
	SORTED_TABLE(tc_flush_queues, symbol_cmp),
};

const struct sorted_table *ct_ioctl_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}
