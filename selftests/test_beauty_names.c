// SPDX-License-Identifier: GPL-2.0
/*
 * Every entry of every table of constants' names (beauty.c) against this
 * machine's headers: programs that include them print each name's value
 * as the compiler sees it, and each entry must hold that value. The
 * kernel's uapi headers come first, as the ABI is what a trace shows
 * (glibc's O_LARGEFILE is 0 on 64-bit machines, the kernel's 0100000);
 * the C library's next, for what only it names (AF_*, SOCK_*, SHUT_*).
 * A name that neither has must be listed below, with why. Then the other
 * way round: no name of a family the headers define may be missing from
 * the tables unless left out, with why. (open's and fcntl's arm64
 * tables are test_beauty_uapi's; the other machines' headers are not
 * read here, nor the errno tables: test_beauty_uapi reads them.) It needs a
 * compiler and the headers: on the host only, not in the guests.
 */
#include "kselftest_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beauty.h"

#define CC "/usr/bin/cc"
#define NO_CC "no " CC " here (a guest): the headers are compared on the host only"

/* Names newer than the installed uapi headers (linux-libc-dev 6.1). */
static const struct {
	const char *name;
	const char *why;
} not_in_headers[] = {
	{ "MADV_GUARD_INSTALL", "Linux 6.13" },
	{ "MADV_GUARD_REMOVE", "Linux 6.13" },
	{ "MFD_EXEC", "Linux 6.3" },
	{ "MFD_NOEXEC_SEAL", "Linux 6.3" },
	{ "STATX_DIO_READ_ALIGN", "Linux 6.14" },
	{ "STATX_MNT_ID_UNIQUE", "Linux 6.8" },
	{ "STATX_SUBVOL", "Linux 6.10" },
	{ "STATX_WRITE_ATOMIC", "Linux 6.11" },
};

static const char *const uapi_headers[] = {
	"asm/signal.h", "linux/eventpoll.h", "linux/fcntl.h", "linux/fs.h", "linux/futex.h",
	"linux/inotify.h", "linux/memfd.h", "linux/mman.h", "linux/net.h", "linux/random.h",
	"linux/resource.h", "linux/sched.h", "linux/signalfd.h", "linux/socket.h",
	"linux/stat.h", "linux/time.h", "linux/timerfd.h", "linux/wait.h", "stdio.h",
};

static const char *const libc_headers[] = {
	"fcntl.h", "sched.h", "signal.h", "stdio.h", "time.h", "unistd.h",
	"sys/epoll.h", "sys/eventfd.h", "sys/file.h", "sys/inotify.h", "sys/mman.h",
	"sys/random.h", "sys/resource.h", "sys/signalfd.h", "sys/socket.h", "sys/stat.h",
	"sys/time.h", "sys/timerfd.h", "sys/wait.h", "linux/futex.h",
};

struct entry {
	const char *name;
	unsigned long value;
};

struct entries {
	struct entry *e;
	size_t nr;
};

static void add(struct entries *all, const struct symbol *syms, size_t nr)
{
	size_t i;

	all->e = realloc(all->e, (all->nr + nr) * sizeof(*all->e));
	if (!all->e)
		abort();
	for (i = 0; i < nr; i++)
		all->e[all->nr++] = (struct entry){ syms[i].name, syms[i].value };
}

/* Every table's entries, this machine's: the arm64 variants left out. */
static void collect(struct entries *all)
{
	size_t nr, nr_plain, i, n;
	const struct beauty_table *t = beauty_tables(&nr, &nr_plain);
	const struct symbol *syms;
	bool flags;

	for (i = 0; i < nr; i++)
		if (t[i].kind != ARG_OPEN_FLAGS_ARM64 && t[i].kind != ARG_FD_FLAGS_ARM64 &&
		    t[i].kind != ARG_OPEN_FLAGS_PPC64 && t[i].kind != ARG_FD_FLAGS_PPC64)
			add(all, t[i].syms, t[i].nr);
	for (i = 0; i < nr_plain; i++) {
		syms = beauty_plain_table(i, &n, &flags);
		if (syms)
			add(all, syms, n);
	}
}

/* A program printing "NAME VALUE" for each name its headers define. */
static int write_program(const char *path, const struct entries *all,
			 const char *const *headers, size_t nr_headers)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		return -1;
	fprintf(f, "#define _GNU_SOURCE\n");
	for (i = 0; i < nr_headers; i++)
		fprintf(f, "#include <%s>\n", headers[i]);
	fprintf(f, "int main(void)\n{\n");
	for (i = 0; i < all->nr; i++)
		fprintf(f, "#ifdef %s\n\tprintf(\"%s %%lu\\n\", (unsigned long)(%s));\n#endif\n",
			all->e[i].name, all->e[i].name, all->e[i].name);
	fprintf(f, "\treturn 0;\n}\n");
	return fclose(f);
}

static const char *listed(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(not_in_headers); i++)
		if (!strcmp(name, not_in_headers[i].name))
			return not_in_headers[i].why;
	return NULL;
}

/* The headers' value of name, from the program's output; false if undefined. */
static bool header_value(const char *out, const char *name, unsigned long *value)
{
	size_t len = strlen(name);
	const char *at;

	for (at = out; (at = strstr(at, name)); at += len)
		if ((at == out || at[-1] == '\n') && at[len] == ' ') {
			*value = strtoul(at + len + 1, NULL, 10);
			return true;
		}
	return false;
}

/* What the program including headers prints, into out (size bytes); 0 if it ran. */
static int run_program(const struct entries *all, const char *const *headers, size_t nr,
		       char *out, size_t size)
{
	char dir[] = "/tmp/test_beauty_names.XXXXXX", src[64], bin[64], cmd[256];
	size_t len;
	FILE *p;
	int err = -1;

	if (!mkdtemp(dir))
		return -1;
	snprintf(src, sizeof(src), "%s/names.c", dir);
	snprintf(bin, sizeof(bin), "%s/names", dir);
	snprintf(cmd, sizeof(cmd), CC " -w -o %s %s && %s", bin, src, bin);
	if (write_program(src, all, headers, nr))
		goto out_dir;
	p = popen(cmd, "r");
	if (!p)
		goto out_files;
	len = fread(out, 1, size - 1, p);
	out[len] = '\0';
	err = pclose(p);
out_files:
	unlink(bin);
	unlink(src);
out_dir:
	rmdir(dir);
	return err;
}

TEST(every_name_has_its_headers_value)
{
	static char uapi[1 << 16], libc[1 << 16];
	struct entries all = { 0 };
	unsigned long value;
	size_t i;

	if (access(CC, X_OK))
		SKIP(return, NO_CC);
	collect(&all);
	ASSERT_LT(100, all.nr);
	ASSERT_EQ(0, run_program(&all, uapi_headers, ARRAY_SIZE(uapi_headers), uapi, sizeof(uapi)));
	ASSERT_EQ(0, run_program(&all, libc_headers, ARRAY_SIZE(libc_headers), libc, sizeof(libc)));
	for (i = 0; i < all.nr; i++) {
		const char *name = all.e[i].name;

		if (!header_value(uapi, name, &value) && !header_value(libc, name, &value)) {
			EXPECT_NE(NULL, listed(name)) TH_LOG("%s: in no header, and not listed", name);
			continue;
		}
		EXPECT_EQ(NULL, listed(name)) TH_LOG("%s is listed, but the headers have it", name);
		EXPECT_EQ(value, all.e[i].value) TH_LOG("%s: 0x%lx, the headers' 0x%lx", name,
							 all.e[i].value, value);
	}
	free(all.e);
}

/*
 * The families whose every name the headers define must be in a table
 * (or be printed for zero), but for those left out here, with why. A
 * left-out name ending in '_' stands for every name it starts, one
 * starting with '_' for every name it ends.
 */
static const char *const families[] = {
	"AF_", "CLOCK_", "CLONE_", "EFD_", "EPOLL_CTL_", "F_", "FUTEX_", "GRND_", "ITIMER_",
	"MADV_", "MAP_", "MCL_", "MFD_", "MLOCK_", "MREMAP_", "MSG_", "P_", "PROT_",
	"RENAME_", "RLIMIT_", "SEEK_", "SFD_", "SHUT_", "SOCK_", "STATX_", "TFD_",
};

static const struct {
	const char *name;
	const char *why;
} left_out[] = {
	{ "AF_FILE", "an alias of AF_UNIX, which is shown" },
	{ "AF_LOCAL", "an alias of AF_UNIX, which is shown" },
	{ "AF_ROUTE", "an alias of AF_NETLINK, which is shown" },
	{ "AF_MAX", "a bound, not a family" },
	{ "CLOCK_SGI_CYCLE", "never implemented by Linux (a hole in the numbers)" },
	{ "CLONE_ARGS_SIZE_VER0", "a size of struct clone_args, not a flag" },
	{ "CLONE_ARGS_SIZE_VER1", "a size of struct clone_args, not a flag" },
	{ "CLONE_ARGS_SIZE_VER2", "a size of struct clone_args, not a flag" },
	{ "_PRIVATE", "built as the command and \"_PRIVATE\" (futex_op_print)" },
	{ "FUTEX_PRIVATE_FLAG", "shown as the command's \"_PRIVATE\" (futex_op_print)" },
	{ "FUTEX_CLOCK_REALTIME", "added as \"|FUTEX_CLOCK_REALTIME\" (futex_op_print)" },
	{ "FUTEX_OP_", "FUTEX_WAKE_OP's encoding of val3, not a command" },
	{ "FUTEX_32", "futex_waitv's size flag, not an op" },
	{ "FUTEX_BITSET_MATCH_ANY", "a val3 value, not an op" },
	{ "FUTEX_CMD_MASK", "a mask" },
	{ "FUTEX_OWNER_DIED", "a bit of the futex word, not an op" },
	{ "FUTEX_TID_MASK", "a mask of the futex word" },
	{ "FUTEX_WAITERS", "a bit of the futex word, not an op" },
	{ "FUTEX_WAITV_MAX", "a bound" },
	{ "F_CANCELLK", "not a Linux fcntl command (glibc's placeholder)" },
	{ "F_EXLCK", "flock's l_type values (legacy), not commands" },
	{ "F_SHLCK", "flock's l_type values (legacy), not commands" },
	{ "F_RDLCK", "struct flock's l_type, not a command" },
	{ "F_WRLCK", "struct flock's l_type, not a command" },
	{ "F_UNLCK", "struct flock's l_type, not a command" },
	{ "F_GETLK64", "the same number as F_GETLK on 64-bit machines" },
	{ "F_SETLK64", "the same number as F_SETLK on 64-bit machines" },
	{ "F_SETLKW64", "the same number as F_SETLKW on 64-bit machines" },
	{ "F_GETOWNER_UIDS", "unused by Linux" },
	{ "F_LINUX_SPECIFIC_BASE", "a base number, not a command" },
	{ "F_LOCK", "lockf()'s, a C library call" },
	{ "F_TEST", "lockf()'s, a C library call" },
	{ "F_TLOCK", "lockf()'s, a C library call" },
	{ "F_ULOCK", "lockf()'s, a C library call" },
	{ "F_OWNER_", "struct f_owner_ex's type, not a command" },
	{ "F_SEAL_", "F_ADD_SEALS's argument, not a command" },
	{ "MAP_ANON", "an alias of MAP_ANONYMOUS, which is shown" },
	{ "MAP_FILE", "0" },
	{ "MAP_FAILED", "mmap's error result, not a flag" },
	{ "MAP_HUGE_", "a page size in bits 26-31, not flags" },
	{ "MAP_TYPE", "a mask" },
	{ "MAP_UNINITIALIZED", "no-MMU kernels only" },
	{ "MFD_HUGE_", "a page size in bits 26-31, not flags" },
	{ "MLOCK_LIMIT", "not a flag: glibc's name for RLIMIT_MEMLOCK" },
	{ "MSG_TRYHARD", "an alias of MSG_DONTROUTE, which is shown" },
	{ "PROT_SEM", "a gap: glibc's x86_64 <sys/mman.h> lacks it and the table is built from it" },
	{ "RLIMIT_NLIMITS", "a bound" },
	{ "RLIMIT_OFILE", "an alias of RLIMIT_NOFILE, which is shown" },
	{ "SEEK_MAX", "a bound" },
	{ "SOCK_BUF_LOCK_MASK", "SO_BUF_LOCK's value, not a type" },
	{ "SOCK_RCVBUF_LOCK", "SO_BUF_LOCK's value, not a type" },
	{ "SOCK_SNDBUF_LOCK", "SO_BUF_LOCK's value, not a type" },
	{ "SOCK_TXREHASH_", "SO_TXREHASH's values, not a type" },
	{ "STATX_ATTR_", "stx_attributes' bits in the result, not the request mask" },
	{ "STATX__RESERVED", "reserved" },
	{ "TFD_IOC_SET_TICKS", "an ioctl request, not a flag" },
};

/* Whether name is left out, by itself or by a prefix of it. */
static bool is_left_out(const char *name)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(left_out); i++) {
		const char *out = left_out[i].name;
		size_t name_len = strlen(name);

		len = strlen(out);
		if (out[0] == '_' ? name_len > len && !strcmp(name + name_len - len, out) :
		    out[len - 1] == '_' ? !strncmp(name, out, len) : !strcmp(name, out))
			return true;
	}
	return false;
}

static bool in_tables(const struct entries *all, const char *name)
{
	size_t i;

	for (i = 0; i < all->nr; i++)
		if (!strcmp(all->e[i].name, name))
			return true;
	return false;
}

/* What each kind prints for 0, if a name (PROT_NONE, F_OK). */
static void add_zero_names(struct entries *all, struct outbuf *ob, char names[][32], size_t nr)
{
	size_t kind, len;

	for (kind = 0; kind < nr; kind++) {
		ob->len = 0;
		beauty_print(ob, kind, 0);
		len = ob->len < 31 ? ob->len : 31;
		memcpy(names[kind], ob->buf, len);
		names[kind][len] = '\0';
		if (len && names[kind][0] >= 'A' && names[kind][0] <= 'Z') {
			struct symbol zero = { 0, names[kind] };

			add(all, &zero, 1);
		}
	}
}

/* Every object-like macro the headers define, "#define NAME ..." lines, into out. */
static int header_macros(const char *const *headers, size_t nr, char *out, size_t size)
{
	char path[] = "/tmp/test_beauty_names.XXXXXX.h", cmd[128];
	size_t i, len;
	FILE *f, *p;
	int fd = mkstemps(path, 2);

	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	if (!f)
		return -1;
	fprintf(f, "#define _GNU_SOURCE\n");
	for (i = 0; i < nr; i++)
		fprintf(f, "#include <%s>\n", headers[i]);
	fclose(f);
	snprintf(cmd, sizeof(cmd), CC " -w -dM -E %s", path);
	p = popen(cmd, "r");
	if (!p) {
		unlink(path);
		return -1;
	}
	len = fread(out, 1, size - 1, p);
	out[len] = '\0';
	unlink(path);
	return pclose(p);
}

/* Each name of the families in macros that no table has nor is left out. */
static size_t missing(struct __test_metadata *_metadata, const struct entries *all,
		      const char *macros)
{
	const char *at = macros;
	char name[64];
	size_t i, n = 0;

	while ((at = strstr(at, "#define "))) {
		at += 8;
		/* Constants only: P_tmpdir is no waitid type. */
		if (sscanf(at, "%63[A-Z0-9_]", name) != 1 || at[strlen(name)] != ' ')
			continue;
		for (i = 0; i < ARRAY_SIZE(families); i++) {
			if (strncmp(name, families[i], strlen(families[i])))
				continue;
			if (!in_tables(all, name) && !is_left_out(name)) {
				TH_LOG("%s: in the headers, in no table, not left out", name);
				n++;
			}
			break;
		}
	}
	return n;
}

TEST(no_name_of_a_family_is_missing)
{
	static char macros[1 << 20];
	static char zero_names[ARG_KIND_COUNT][32];
	struct entries all = { 0 };
	struct outbuf ob;

	if (access(CC, X_OK))
		SKIP(return, NO_CC);
	ASSERT_EQ(0, outbuf_init(&ob, -1, 64));
	collect(&all);
	add_zero_names(&all, &ob, zero_names, ARG_KIND_COUNT);
	outbuf_free(&ob);
	ASSERT_EQ(0, header_macros(uapi_headers, ARRAY_SIZE(uapi_headers), macros, sizeof(macros)));
	EXPECT_EQ(0, missing(_metadata, &all, macros));
	ASSERT_EQ(0, header_macros(libc_headers, ARRAY_SIZE(libc_headers), macros, sizeof(macros)));
	EXPECT_EQ(0, missing(_metadata, &all, macros));
	free(all.e);
}

/*
 * Signals 1-31 as signal_name prints them, against the kernel's
 * <asm/signal.h>: each printed name must be that number there, and each
 * name there must be the one printed for its number, or an alias.
 */
static const char *const signal_aliases[] = {
	"SIGIOT",	/* SIGABRT's other name */
	"SIGPOLL",	/* SIGIO's, as strace and the kernel's headers spell it */
	"SIGUNUSED",	/* SIGSYS's old name */
};

TEST(signal_names_are_the_kernels)
{
	static const char *const asm_signal[] = { "asm/signal.h" };
	static char names[32][SIGNAL_NAME_MAX], out[1 << 14], macros[1 << 18];
	struct symbol syms[32];
	struct entries all = { 0 };
	unsigned long value;
	const char *at;
	char name[64];
	size_t i;
	int sig;

	if (access(CC, X_OK))
		SKIP(return, NO_CC);
	for (sig = 1; sig < 32; sig++) {
		signal_name(sig, names[sig], sizeof(names[sig]));
		syms[sig] = (struct symbol){ sig, names[sig] };
	}
	add(&all, syms + 1, 31);
	ASSERT_EQ(0, run_program(&all, asm_signal, 1, out, sizeof(out)));
	for (sig = 1; sig < 32; sig++) {
		ASSERT_TRUE(header_value(out, names[sig], &value)) TH_LOG("%d: %s", sig, names[sig]);
		EXPECT_EQ((unsigned long)sig, value) TH_LOG("%s", names[sig]);
	}
	ASSERT_EQ(0, header_macros(asm_signal, 1, macros, sizeof(macros)));
	for (at = macros; (at = strstr(at, "#define SIG")); ) {
		at += 8;
		/* SIGxxx, not SIG_BLOCK and the like. */
		if (sscanf(at, "SIG%59[A-Z0-9] %d", name + 3, &sig) != 2 || sig < 1 || sig > 31)
			continue;
		memcpy(name, "SIG", 3);
		for (i = 0; i < ARRAY_SIZE(signal_aliases); i++)
			if (!strcmp(name, signal_aliases[i]))
				break;
		if (i == ARRAY_SIZE(signal_aliases))
			EXPECT_STREQ(name, names[sig]) TH_LOG("signal %d", sig);
	}
	free(all.e);
}

TEST_HARNESS_MAIN
