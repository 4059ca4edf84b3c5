// SPDX-License-Identifier: GPL-2.0
/*
 * Every entry of every table of constants' names (beauty.c) against this
 * machine's headers: programs that include them print each name's value
 * as the compiler sees it, and each entry must hold that value. The
 * kernel's uapi headers come first, as the ABI is what a trace shows
 * (glibc's O_LARGEFILE is 0 on 64-bit machines, the kernel's 0100000);
 * the C library's next, for what only it names (AF_*, SOCK_*, SHUT_*).
 * A name that neither has must be listed below, with why.
 * (open's and fcntl's arm64 tables are test_beauty_uapi's.)
 */
#include "kselftest_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beauty.h"

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
		if (t[i].kind != ARG_OPEN_FLAGS_ARM64 && t[i].kind != ARG_FD_FLAGS_ARM64)
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
	snprintf(cmd, sizeof(cmd), "cc -w -o %s %s && %s", bin, src, bin);
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

TEST_HARNESS_MAIN
