// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <libaudit.h>
#include <linux/futex.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include "beauty.h"

struct symbol {
	unsigned long value;
	const char *name;
};

#define SYM(x) { (unsigned long)(x), #x }

/* Which arguments are symbolic; sorted by syscall, then argument ("*": any). */
struct arg_rule {
	const char *syscall;
	const char *arg;
	enum arg_kind kind;
};

static const struct arg_rule arg_rules[] = {
	{ "*",			"dfd",		ARG_DIRFD },
	{ "*",			"newdfd",	ARG_DIRFD },
	{ "*",			"olddfd",	ARG_DIRFD },
	{ "clone",		"clone_flags",	ARG_CLONE_FLAGS },
	{ "dup3",		"flags",	ARG_FD_FLAGS },
	{ "futex",		"op",		ARG_FUTEX_OP },
	{ "kill",		"sig",		ARG_SIGNAL },
	{ "mmap",		"flags",	ARG_MMAP_FLAGS },
	{ "mmap",		"prot",		ARG_MMAP_PROT },
	{ "mprotect",		"prot",		ARG_MMAP_PROT },
	{ "open",		"flags",	ARG_OPEN_FLAGS },
	{ "open",		"mode",		ARG_OPEN_MODE },
	{ "openat",		"flags",	ARG_OPEN_FLAGS },
	{ "openat",		"mode",		ARG_OPEN_MODE },
	{ "pidfd_send_signal",	"sig",		ARG_SIGNAL },
	{ "pipe2",		"flags",	ARG_FD_FLAGS },
	{ "pkey_mprotect",	"prot",		ARG_MMAP_PROT },
	{ "rt_sigaction",	"sig",		ARG_SIGNAL },
	{ "rt_sigprocmask",	"how",		ARG_SIGMASK_HOW },
	{ "rt_sigqueueinfo",	"sig",		ARG_SIGNAL },
	{ "rt_tgsigqueueinfo",	"sig",		ARG_SIGNAL },
	{ "socket",		"family",	ARG_SOCK_FAMILY },
	{ "socket",		"type",		ARG_SOCK_TYPE },
	{ "socketpair",		"family",	ARG_SOCK_FAMILY },
	{ "socketpair",		"type",		ARG_SOCK_TYPE },
	{ "tgkill",		"sig",		ARG_SIGNAL },
	{ "tkill",		"sig",		ARG_SIGNAL },
};

/*
 * Flags, each printed when all its bits are set, in this order. open's
 * are the kernel ABIs' values (octal, as in the uapi fcntl headers):
 * generic for x86_64 and s390x, arm64's differ in four bits. O_SYNC and
 * O_TMPFILE contain O_DSYNC's and O_DIRECTORY's bits, so they come first.
 */
#define OPEN_FLAGS_COMMON(dir, nofollow, direct, largefile) \
	{ 0100, "O_CREAT" }, { 0200, "O_EXCL" }, { 0400, "O_NOCTTY" },	\
	{ 01000, "O_TRUNC" }, { 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" }, \
	{ 04010000, "O_SYNC" }, { 010000, "O_DSYNC" }, { 020000, "O_ASYNC" }, \
	{ direct, "O_DIRECT" }, { largefile, "O_LARGEFILE" },		\
	{ O_TMPFILE_BIT | dir, "O_TMPFILE" }, { dir, "O_DIRECTORY" },	\
	{ nofollow, "O_NOFOLLOW" }, { 01000000, "O_NOATIME" },		\
	{ 02000000, "O_CLOEXEC" }, { 010000000, "O_PATH" }

#define O_DIRECTORY_GENERIC 0200000
#define O_DIRECTORY_ARM64 040000
#define O_TMPFILE_BIT 020000000		/* with O_DIRECTORY, it is O_TMPFILE */

static const struct symbol open_flags[] = {
	OPEN_FLAGS_COMMON(O_DIRECTORY_GENERIC, 0400000, 040000, 0100000),
};

static const struct symbol open_flags_arm64[] = {
	OPEN_FLAGS_COMMON(O_DIRECTORY_ARM64, 0100000, 0200000, 0400000),
};

#define O_ACCMODE_ABI 03
#define O_CREAT_ABI 0100
#define O_PATH_ABI 010000000

static const struct symbol fd_flags[] = {
	{ 04000, "O_NONBLOCK" }, { 040000, "O_DIRECT" }, { 02000000, "O_CLOEXEC" },
};

static const struct symbol fd_flags_arm64[] = {
	{ 04000, "O_NONBLOCK" }, { 0200000, "O_DIRECT" }, { 02000000, "O_CLOEXEC" },
};

static const struct symbol prot_flags[] = {
	SYM(PROT_READ), SYM(PROT_WRITE), SYM(PROT_EXEC),
#ifdef PROT_SEM
	SYM(PROT_SEM),
#endif
#ifdef PROT_BTI
	SYM(PROT_BTI),
#endif
#ifdef PROT_MTE
	SYM(PROT_MTE),
#endif
	SYM(PROT_GROWSDOWN), SYM(PROT_GROWSUP),
};

static const struct symbol map_flags[] = {
	SYM(MAP_FIXED), SYM(MAP_ANONYMOUS),
#ifdef MAP_32BIT
	SYM(MAP_32BIT),
#endif
	SYM(MAP_GROWSDOWN), SYM(MAP_DENYWRITE), SYM(MAP_EXECUTABLE),
	SYM(MAP_LOCKED), SYM(MAP_NORESERVE), SYM(MAP_POPULATE),
	SYM(MAP_NONBLOCK), SYM(MAP_STACK), SYM(MAP_HUGETLB), SYM(MAP_SYNC),
	SYM(MAP_FIXED_NOREPLACE),
};

/* The low byte of clone's flags is the exit signal, printed last. */
static const struct symbol clone_flags[] = {
	SYM(CLONE_VM), SYM(CLONE_FS), SYM(CLONE_FILES), SYM(CLONE_SIGHAND),
	SYM(CLONE_PIDFD), SYM(CLONE_PTRACE), SYM(CLONE_VFORK),
	SYM(CLONE_PARENT), SYM(CLONE_THREAD), SYM(CLONE_NEWNS),
	SYM(CLONE_SYSVSEM), SYM(CLONE_SETTLS), SYM(CLONE_PARENT_SETTID),
	SYM(CLONE_CHILD_CLEARTID), SYM(CLONE_DETACHED), SYM(CLONE_UNTRACED),
	SYM(CLONE_CHILD_SETTID), SYM(CLONE_NEWCGROUP), SYM(CLONE_NEWUTS),
	SYM(CLONE_NEWIPC), SYM(CLONE_NEWUSER), SYM(CLONE_NEWPID),
	SYM(CLONE_NEWNET), SYM(CLONE_IO),
};

static const struct symbol sock_type_flags[] = {
	SYM(SOCK_NONBLOCK), SYM(SOCK_CLOEXEC),
};

/* Enumerations, sorted by value for bsearch. */
static const struct symbol map_types[] = {
	SYM(MAP_SHARED), SYM(MAP_PRIVATE), SYM(MAP_SHARED_VALIDATE),
};

static const struct symbol futex_cmds[] = {
	SYM(FUTEX_WAIT), SYM(FUTEX_WAKE), SYM(FUTEX_FD), SYM(FUTEX_REQUEUE),
	SYM(FUTEX_CMP_REQUEUE), SYM(FUTEX_WAKE_OP), SYM(FUTEX_LOCK_PI),
	SYM(FUTEX_UNLOCK_PI), SYM(FUTEX_TRYLOCK_PI), SYM(FUTEX_WAIT_BITSET),
	SYM(FUTEX_WAKE_BITSET), SYM(FUTEX_WAIT_REQUEUE_PI),
	SYM(FUTEX_CMP_REQUEUE_PI), SYM(FUTEX_LOCK_PI2),
};

static const struct symbol sigmask_hows[] = {
	SYM(SIG_BLOCK), SYM(SIG_UNBLOCK), SYM(SIG_SETMASK),
};

static const struct symbol sock_families[] = {
	SYM(AF_UNSPEC), SYM(AF_UNIX), SYM(AF_INET), SYM(AF_AX25), SYM(AF_IPX),
	SYM(AF_APPLETALK), SYM(AF_NETROM), SYM(AF_BRIDGE), SYM(AF_ATMPVC),
	SYM(AF_X25), SYM(AF_INET6), SYM(AF_ROSE), SYM(AF_DECnet),
	SYM(AF_NETBEUI), SYM(AF_SECURITY), SYM(AF_KEY), SYM(AF_NETLINK),
	SYM(AF_PACKET), SYM(AF_ASH), SYM(AF_ECONET), SYM(AF_ATMSVC),
	SYM(AF_RDS), SYM(AF_SNA), SYM(AF_IRDA), SYM(AF_PPPOX),
	SYM(AF_WANPIPE), SYM(AF_LLC), SYM(AF_IB), SYM(AF_MPLS), SYM(AF_CAN),
	SYM(AF_TIPC), SYM(AF_BLUETOOTH), SYM(AF_IUCV), SYM(AF_RXRPC),
	SYM(AF_ISDN), SYM(AF_PHONET), SYM(AF_IEEE802154), SYM(AF_CAIF),
	SYM(AF_ALG), SYM(AF_NFC), SYM(AF_VSOCK), SYM(AF_KCM), SYM(AF_QIPCRTR),
	SYM(AF_SMC), SYM(AF_XDP), SYM(AF_MCTP),
};

static const struct symbol sock_types[] = {
	SYM(SOCK_STREAM), SYM(SOCK_DGRAM), SYM(SOCK_RAW), SYM(SOCK_RDM),
	SYM(SOCK_SEQPACKET), SYM(SOCK_DCCP), SYM(SOCK_PACKET),
};

#define TABLE(t) t, sizeof(t) / sizeof(t[0])

static int rule_cmp(const void *key, const void *elem)
{
	const struct arg_rule *a = key, *b = elem;
	int c = strcmp(a->syscall, b->syscall);

	return c ? c : strcmp(a->arg, b->arg);
}

/* The symbolic kind of an argument, or plain when it has none. */
enum arg_kind beauty_kind(const char *syscall, const char *arg,
			  enum arg_kind plain, int machine)
{
	struct arg_rule key = { syscall, arg, plain };
	const struct arg_rule *rule;

	if (plain == ARG_PTR)
		return plain;
	rule = bsearch(&key, TABLE(arg_rules), sizeof(arg_rules[0]), rule_cmp);
	if (!rule) {
		key.syscall = "*";
		rule = bsearch(&key, TABLE(arg_rules), sizeof(arg_rules[0]), rule_cmp);
	}
	if (!rule)
		return plain;
	if (machine == MACH_AARCH64 && rule->kind == ARG_OPEN_FLAGS)
		return ARG_OPEN_FLAGS_ARM64;
	if (machine == MACH_AARCH64 && rule->kind == ARG_FD_FLAGS)
		return ARG_FD_FLAGS_ARM64;
	return rule->kind;
}

static int symbol_cmp(const void *key, const void *elem)
{
	unsigned long v = *(const unsigned long *)key;
	const struct symbol *s = elem;

	return (v > s->value) - (v < s->value);
}

static const char *symbol_name(unsigned long v, const struct symbol *table,
			       size_t nr)
{
	const struct symbol *s = bsearch(&v, table, nr, sizeof(*table), symbol_cmp);

	return s ? s->name : NULL;
}

/*
 * "A|B|0x40": each flag whose bits are all in val, then what no flag
 * explains in hex; sep says whether something was printed before.
 */
static void print_flags(struct outbuf *ob, unsigned long val, bool sep,
			const struct symbol *table, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if ((val & table[i].value) != table[i].value)
			continue;
		if (sep)
			outbuf_putc(ob, '|');
		outbuf_puts(ob, table[i].name);
		val &= ~table[i].value;
		sep = true;
	}
	if (val || !sep) {
		if (sep)
			outbuf_putc(ob, '|');
		outbuf_hex(ob, val);
	}
}

/* A named value, else the number as it would print raw. */
static void print_enum(struct outbuf *ob, unsigned long val,
		       const struct symbol *table, size_t nr)
{
	const char *name = symbol_name(val, table, nr);

	if (name)
		outbuf_puts(ob, name);
	else
		outbuf_s64(ob, (int)val);
}

/*
 * The kernel's real-time signals are 32..64; glibc keeps the first ones
 * for itself and moves its SIGRTMIN up, so the kernel's numbers are used.
 */
#define KERNEL_SIGRTMIN 32
#define KERNEL_SIGRTMAX 64

/* strace's name for a signal, in the kernel's numbering; else its number. */
const char *signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = sig > 0 && sig < KERNEL_SIGRTMIN ? sigabbrev_np(sig) : NULL;

	/* glibc spells 29 POLL first; strace, and the kernel's headers, IO. */
	if (sig == SIGIO)
		abbrev = "IO";
	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else if (sig == KERNEL_SIGRTMIN)
		snprintf(buf, len, "SIGRTMIN");
	else if (sig > KERNEL_SIGRTMIN && sig <= KERNEL_SIGRTMAX)
		snprintf(buf, len, "SIGRT_%d", sig - KERNEL_SIGRTMIN);
	else
		snprintf(buf, len, "%d", sig);
	return buf;
}

static void print_signal(struct outbuf *ob, unsigned long val)
{
	char name[SIGNAL_NAME_MAX];

	signal_name((int)val, name, sizeof(name));
	outbuf_puts(ob, name);
}

/* Whether open's flags may create a file: O_CREAT, or O_TMPFILE whole. */
bool open_flags_create(enum arg_kind kind, unsigned long flags)
{
	unsigned long tmpfile = O_TMPFILE_BIT | (kind == ARG_OPEN_FLAGS_ARM64 ?
						 O_DIRECTORY_ARM64 : O_DIRECTORY_GENERIC);

	return (flags & O_CREAT_ABI) || (flags & tmpfile) == tmpfile;
}

static void print_open_flags(struct outbuf *ob, unsigned long val,
			     const struct symbol *table, size_t nr)
{
	static const char *const access[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "0x3" };

	/* O_PATH ignores the access mode; strace leaves O_RDONLY out there too. */
	if ((val & O_PATH_ABI) && !(val & O_ACCMODE_ABI)) {
		print_flags(ob, val, false, table, nr);
		return;
	}
	outbuf_puts(ob, access[val & O_ACCMODE_ABI]);
	print_flags(ob, val & ~(unsigned long)O_ACCMODE_ABI, true, table, nr);
}

static void print_fd_flags(struct outbuf *ob, unsigned long val,
			   const struct symbol *table, size_t nr)
{
	if (val)
		print_flags(ob, val, false, table, nr);
	else
		outbuf_putc(ob, '0');
}

/* The command, "_PRIVATE" if private, "|FUTEX_CLOCK_REALTIME" if so. */
static void print_futex_op(struct outbuf *ob, unsigned long val)
{
	unsigned long cmd = val & FUTEX_CMD_MASK;
	const char *name = symbol_name(cmd, TABLE(futex_cmds));

	if (!name) {
		outbuf_s64(ob, (int)val);
		return;
	}
	outbuf_puts(ob, name);
	if (val & FUTEX_PRIVATE_FLAG)
		outbuf_puts(ob, "_PRIVATE");
	if (val & FUTEX_CLOCK_REALTIME)
		outbuf_puts(ob, "|FUTEX_CLOCK_REALTIME");
}

static void print_mmap_flags(struct outbuf *ob, unsigned long val)
{
	const char *type = symbol_name(val & MAP_TYPE, TABLE(map_types));

	if (type)
		outbuf_puts(ob, type);
	print_flags(ob, type ? val & ~(unsigned long)MAP_TYPE : val, type != NULL,
		    TABLE(map_flags));
}

static void print_clone_flags(struct outbuf *ob, unsigned long val)
{
	unsigned long flags = val & ~(unsigned long)CSIGNAL, sig = val & CSIGNAL;

	if (flags)
		print_flags(ob, flags, false, TABLE(clone_flags));
	if (sig || !flags) {
		if (flags)
			outbuf_putc(ob, '|');
		print_signal(ob, sig);
	}
}

static void print_sock_type(struct outbuf *ob, unsigned long val)
{
	unsigned long type = val & 0xf;

	print_enum(ob, type, TABLE(sock_types));
	if (val & ~type)
		print_flags(ob, val & ~type, true, TABLE(sock_type_flags));
}

void beauty_print(struct outbuf *ob, enum arg_kind kind, unsigned long val)
{
	switch (kind) {
	case ARG_DIRFD:
		if ((int)val == AT_FDCWD)
			outbuf_puts(ob, "AT_FDCWD");
		else
			outbuf_s64(ob, (int)val);
		break;
	case ARG_OPEN_FLAGS:
		print_open_flags(ob, val, TABLE(open_flags));
		break;
	case ARG_OPEN_FLAGS_ARM64:
		print_open_flags(ob, val, TABLE(open_flags_arm64));
		break;
	case ARG_FD_FLAGS:
		print_fd_flags(ob, val, TABLE(fd_flags));
		break;
	case ARG_FD_FLAGS_ARM64:
		print_fd_flags(ob, val, TABLE(fd_flags_arm64));
		break;
	case ARG_OPEN_MODE:
		outbuf_oct(ob, val);
		break;
	case ARG_MMAP_PROT:
		if (val)
			print_flags(ob, val, false, TABLE(prot_flags));
		else
			outbuf_puts(ob, "PROT_NONE");
		break;
	case ARG_MMAP_FLAGS:
		print_mmap_flags(ob, val);
		break;
	case ARG_FUTEX_OP:
		print_futex_op(ob, val);
		break;
	case ARG_SIGNAL:
		print_signal(ob, val);
		break;
	case ARG_SIGMASK_HOW:
		print_enum(ob, val, TABLE(sigmask_hows));
		break;
	case ARG_CLONE_FLAGS:
		print_clone_flags(ob, val);
		break;
	case ARG_SOCK_FAMILY:
		print_enum(ob, val, TABLE(sock_families));
		break;
	case ARG_SOCK_TYPE:
		print_sock_type(ob, val);
		break;
	default:
		outbuf_u64(ob, val);
		break;
	}
}
