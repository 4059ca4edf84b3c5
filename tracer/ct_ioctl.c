// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl: the requests strace names, the arguments each takes, and an
 * unknown request's number split as _IOC() writes it.
 */
#include <asm/termbits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/ioctl.h>
#include <linux/kvm.h>
#include <linux/serial.h>
#include <linux/sockios.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "compiler.h"
#include "ct_ioctl.h"
#include "sorted.h"
#include "xlat.h"

#define SYM(x) { (unsigned int)(x), #x }

#define ALL3 7u			/* fd, request, argument */
#define TAKES_ARG(code, k, bits_) \
	{ .op = (unsigned int)(code), .shown = ALL3, \
	  .args = { { .pos = 3, .kind = (k), .bits = (bits_) } } }
/* The argument: an address (NULL for 0); a number in hex; a signed int; a name. */
#define OP_PTR(code) TAKES_ARG(code, ARG_PTR, 0)
#define OP_XLONG(code) TAKES_ARG(code, ARG_XLONG, 0)
#define OP_INT(code) TAKES_ARG(code, ARG_S32, 32)
#define OP_TCXONC(code) TAKES_ARG(code, ARG_TC_XONC, 32)
#define OP_TCFLSH(code) TAKES_ARG(code, ARG_TC_FLUSH, 32)
/* The request's arg shown as the contents of kind ck (IOCTL_ARG_CMDS: read). */
#define OP_CT(code, ck) \
	{ .op = (unsigned int)(code), .shown = ALL3, \
	  .args = { { .pos = 3, .kind = ARG_PTR, .content = (ck) } } }
/* A request that takes no argument: fd and request alone. */
#define OP_NONE(code) { .op = (unsigned int)(code), .shown = 3u }

/* Every request strace names, by number, with what it takes. */
static const struct sysent_op ioctl_ops[] = {
	OP_XLONG(FIBMAP),
	OP_XLONG(FIGETBSZ),
	OP_PTR(BLKROGET),
	OP_NONE(BLKRRPART),
	OP_PTR(BLKGETSIZE),
	OP_NONE(BLKFLSBUF),
	OP_PTR(BLKSSZGET),
	OP_PTR(BLKDISCARD),
	OP_PTR(TCGETS),
	OP_PTR(TCSETS),
	OP_PTR(TCSETSW),
	OP_PTR(TCSETSF),
	OP_PTR(TCGETA),
	OP_PTR(TCSETA),
	OP_PTR(TCSETAW),
	OP_PTR(TCSETAF),
	OP_INT(TCSBRK),
	OP_TCXONC(TCXONC),
	OP_TCFLSH(TCFLSH),
	OP_NONE(TIOCEXCL),
	OP_NONE(TIOCNXCL),
	OP_INT(TIOCSCTTY),
	OP_CT(TIOCGPGRP, CK_INT_OUT),
	OP_CT(TIOCSPGRP, CK_INT_IN),
	OP_CT(TIOCOUTQ, CK_INT_OUT),
	OP_PTR(TIOCSTI),
	OP_CT(TIOCGWINSZ, CK_WINSIZE_OUT),
	OP_CT(TIOCSWINSZ, CK_WINSIZE_IN),
	OP_PTR(TIOCMGET),
	OP_PTR(TIOCMBIS),
	OP_PTR(TIOCMBIC),
	OP_PTR(TIOCMSET),
	OP_PTR(TIOCGSOFTCAR),
	OP_PTR(TIOCSSOFTCAR),
	OP_CT(FIONREAD, CK_INT_OUT),
	OP_XLONG(TIOCLINUX),
	OP_NONE(TIOCCONS),
	OP_XLONG(TIOCGSERIAL),
	OP_NONE(TIOCSSERIAL),
	OP_PTR(TIOCPKT),
	OP_CT(FIONBIO, CK_INT_IN),
	OP_NONE(TIOCNOTTY),
	OP_PTR(TIOCSETD),
	OP_PTR(TIOCGETD),
	OP_INT(TCSBRKP),
	OP_NONE(TIOCSBRK),
	OP_NONE(TIOCCBRK),
	OP_PTR(TIOCGSID),
	OP_XLONG(TIOCGRS485),
	OP_XLONG(TIOCSRS485),
#ifdef TCGETX	/* nor the termiox ones */
	OP_XLONG(TCGETX),
	OP_XLONG(TCSETX),
	OP_XLONG(TCSETXF),
	OP_XLONG(TCSETXW),
#endif
	OP_NONE(TIOCVHANGUP),
	OP_XLONG(TIOCGPTPEER),
	OP_NONE(FIONCLEX),
	OP_NONE(FIOCLEX),
	OP_PTR(FIOASYNC),
	OP_XLONG(TIOCSERCONFIG),
	OP_XLONG(TIOCSERGWILD),
	OP_XLONG(TIOCSERSWILD),
	OP_PTR(TIOCGLCKTRMIOS),
	OP_PTR(TIOCSLCKTRMIOS),
	OP_XLONG(TIOCSERGSTRUCT),
	OP_XLONG(TIOCSERGETLSR),
	OP_XLONG(TIOCSERGETMULTI),
	OP_XLONG(TIOCSERSETMULTI),
	OP_XLONG(TIOCMIWAIT),
	OP_XLONG(TIOCGICOUNT),
	OP_XLONG(FIOQSIZE),
	OP_PTR(FIOSETOWN),
	OP_PTR(SIOCSPGRP),
	OP_PTR(FIOGETOWN),
	OP_PTR(SIOCGPGRP),
	OP_PTR(SIOCATMARK),
	OP_PTR(SIOCGSTAMP_OLD),
	OP_PTR(SIOCGIFNAME),
	OP_PTR(SIOCGIFCONF),
	OP_PTR(SIOCGIFFLAGS),
	OP_PTR(SIOCSIFFLAGS),
	OP_PTR(SIOCGIFADDR),
	OP_PTR(SIOCGIFMTU),
	OP_PTR(SIOCGIFHWADDR),
	OP_PTR(SIOCGIFINDEX),
	OP_PTR(SIOCETHTOOL),
	OP_INT(KVM_GET_API_VERSION),
	OP_INT(KVM_CREATE_VM),
	OP_INT(KVM_CHECK_EXTENSION),
	OP_INT(KVM_GET_VCPU_MMAP_SIZE),
	OP_INT(KVM_CREATE_VCPU),
	OP_INT(KVM_RUN),
	OP_CT(TIOCSPTLCK, CK_INT_IN),
	OP_XLONG(TIOCSIG),
	OP_INT(FICLONE),
	OP_PTR(FS_IOC_SETFLAGS),
	OP_PTR(FS_IOC_FSSETXATTR),
	OP_PTR(FICLONERANGE),
#ifdef TCGETS2	/* powerpc has no termios2 ioctls */
	OP_PTR(TCSETS2),
	OP_PTR(TCSETSW2),
	OP_PTR(TCSETSF2),
#endif
	OP_CT(TIOCGPTN, CK_INT_OUT),
	OP_PTR(TIOCGDEV),
	OP_XLONG(TIOCGPKT),
	OP_XLONG(TIOCGPTLCK),
	OP_PTR(TIOCGEXCL),
	OP_PTR(BLKBSZGET),
	OP_PTR(BLKGETSIZE64),
	OP_PTR(FS_IOC_GETFLAGS),
	OP_XLONG(FS_IOC_GETVERSION),
	OP_PTR(FS_IOC_FSGETXATTR),
	OP_XLONG(TIOCGISO7816),
#ifdef TCGETS2
	OP_PTR(TCGETS2),
#endif
	OP_NONE(FIFREEZE),
	OP_NONE(FITHAW),
	OP_PTR(FITRIM),
	OP_PTR(FIDEDUPERANGE),
	OP_PTR(FS_IOC_FIEMAP),
	OP_XLONG(TIOCSISO7816),
};

/*
 * Their names, in the same order (test_ct_ioctl holds the two tables
 * alike). Where two subsystems share a number, strace's "A or B".
 */
static const struct symbol ioctl_names[] = {
	SYM(FIBMAP),
	SYM(FIGETBSZ),
	SYM(BLKROGET),
	SYM(BLKRRPART),
	SYM(BLKGETSIZE),
	SYM(BLKFLSBUF),
	SYM(BLKSSZGET),
	SYM(BLKDISCARD),
	SYM(TCGETS),
	{ TCSETS, "SNDCTL_TMR_START or TCSETS" },
	{ TCSETSW, "SNDCTL_TMR_STOP or TCSETSW" },
	{ TCSETSF, "SNDCTL_TMR_CONTINUE or TCSETSF" },
	SYM(TCGETA),
	SYM(TCSETA),
	SYM(TCSETAW),
	SYM(TCSETAF),
	SYM(TCSBRK),
	SYM(TCXONC),
	SYM(TCFLSH),
	SYM(TIOCEXCL),
	SYM(TIOCNXCL),
	SYM(TIOCSCTTY),
	SYM(TIOCGPGRP),
	SYM(TIOCSPGRP),
	SYM(TIOCOUTQ),
	SYM(TIOCSTI),
	SYM(TIOCGWINSZ),
	SYM(TIOCSWINSZ),
	SYM(TIOCMGET),
	SYM(TIOCMBIS),
	SYM(TIOCMBIC),
	SYM(TIOCMSET),
	SYM(TIOCGSOFTCAR),
	SYM(TIOCSSOFTCAR),
	SYM(FIONREAD),
	SYM(TIOCLINUX),
	SYM(TIOCCONS),
	SYM(TIOCGSERIAL),
	SYM(TIOCSSERIAL),
	SYM(TIOCPKT),
	SYM(FIONBIO),
	SYM(TIOCNOTTY),
	SYM(TIOCSETD),
	SYM(TIOCGETD),
	SYM(TCSBRKP),
	SYM(TIOCSBRK),
	SYM(TIOCCBRK),
	SYM(TIOCGSID),
	SYM(TIOCGRS485),
	SYM(TIOCSRS485),
#ifdef TCGETX
	SYM(TCGETX),
	SYM(TCSETX),
	SYM(TCSETXF),
	SYM(TCSETXW),
#endif
	SYM(TIOCVHANGUP),
	SYM(TIOCGPTPEER),
	SYM(FIONCLEX),
	SYM(FIOCLEX),
	SYM(FIOASYNC),
	SYM(TIOCSERCONFIG),
	SYM(TIOCSERGWILD),
	SYM(TIOCSERSWILD),
	SYM(TIOCGLCKTRMIOS),
	SYM(TIOCSLCKTRMIOS),
	SYM(TIOCSERGSTRUCT),
	SYM(TIOCSERGETLSR),
	SYM(TIOCSERGETMULTI),
	SYM(TIOCSERSETMULTI),
	SYM(TIOCMIWAIT),
	SYM(TIOCGICOUNT),
	SYM(FIOQSIZE),
	SYM(FIOSETOWN),
	SYM(SIOCSPGRP),
	SYM(FIOGETOWN),
	SYM(SIOCGPGRP),
	SYM(SIOCATMARK),
	SYM(SIOCGSTAMP_OLD),
	SYM(SIOCGIFNAME),
	SYM(SIOCGIFCONF),
	SYM(SIOCGIFFLAGS),
	SYM(SIOCSIFFLAGS),
	SYM(SIOCGIFADDR),
	SYM(SIOCGIFMTU),
	SYM(SIOCGIFHWADDR),
	SYM(SIOCGIFINDEX),
	SYM(SIOCETHTOOL),
	SYM(KVM_GET_API_VERSION),
	SYM(KVM_CREATE_VM),
	SYM(KVM_CHECK_EXTENSION),
	SYM(KVM_GET_VCPU_MMAP_SIZE),
	SYM(KVM_CREATE_VCPU),
	SYM(KVM_RUN),
	SYM(TIOCSPTLCK),
	SYM(TIOCSIG),
	{ FICLONE, "BTRFS_IOC_CLONE or FICLONE" },
	SYM(FS_IOC_SETFLAGS),
	SYM(FS_IOC_FSSETXATTR),
	{ FICLONERANGE, "BTRFS_IOC_CLONE_RANGE or FICLONERANGE" },
#ifdef TCGETS2
	SYM(TCSETS2),
	SYM(TCSETSW2),
	SYM(TCSETSF2),
#endif
	SYM(TIOCGPTN),
	SYM(TIOCGDEV),
	SYM(TIOCGPKT),
	SYM(TIOCGPTLCK),
	SYM(TIOCGEXCL),
	SYM(BLKBSZGET),
	SYM(BLKGETSIZE64),
	SYM(FS_IOC_GETFLAGS),
	SYM(FS_IOC_GETVERSION),
	SYM(FS_IOC_FSGETXATTR),
	SYM(TIOCGISO7816),
#ifdef TCGETS2
	SYM(TCGETS2),
#endif
	SYM(FIFREEZE),
	SYM(FITHAW),
	SYM(FITRIM),
	{ FIDEDUPERANGE, "BTRFS_IOC_FILE_EXTENT_SAME or FIDEDUPERANGE" },
	SYM(FS_IOC_FIEMAP),
	SYM(TIOCSISO7816),
};

/* strace prints an unknown request's argument as a number in hex. */
const struct sysent_ops ioctl_arity = {
	.arg = "cmd", .mask = ~0u, .ops = ioctl_ops, .nr = ARRAY_SIZE(ioctl_ops),
	.other = OP_XLONG(0),
};

/* Sorted by value. */
static const struct symbol tc_xonc_actions[] = {
	SYM(TCOOFF), SYM(TCOON), SYM(TCIOFF), SYM(TCION),
};

static const struct symbol tc_flush_queues[] = {
	SYM(TCIFLUSH), SYM(TCOFLUSH), SYM(TCIOFLUSH),
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
	/* Each is an unsigned int or an int: the register's upper half is no part of it. */
	unsigned int v = (unsigned int)val;
	const char *name;

	switch (kind) {
	case ARG_IOCTL_CMD:
		name = xlat_name(v, ioctl_names, ARRAY_SIZE(ioctl_names));
		if (name)
			outbuf_puts(ob, name);
		else
			print_ioc(ob, v);
		break;
	case ARG_TC_XONC:
		xlat_print(ob, v, tc_xonc_actions, ARRAY_SIZE(tc_xonc_actions), "TC???");
		break;
	default:
		xlat_print(ob, v, tc_flush_queues, ARRAY_SIZE(tc_flush_queues), "TC???");
		break;
	}
}

const struct symbol *ct_ioctl_names(size_t *nr)
{
	*nr = ARRAY_SIZE(ioctl_names);
	return ioctl_names;
}

static int op_cmp(const void *key, const void *elem)
{
	const struct sysent_op *a = key, *b = elem;

	return (a->op > b->op) - (a->op < b->op);
}

static const struct sorted_table tables[] = {
	SORTED_TABLE(ioctl_ops, op_cmp),
	SORTED_TABLE(ioctl_names, xlat_cmp),
	SORTED_TABLE(tc_xonc_actions, xlat_cmp),
	SORTED_TABLE(tc_flush_queues, xlat_cmp),
};

const struct sorted_table *ct_ioctl_sorted_tables(size_t *nr)
{
	*nr = ARRAY_SIZE(tables);
	return tables;
}
