// SPDX-License-Identifier: GPL-2.0
/*
 * open's and pipe2's flags, each table entry against the kernel's uapi
 * headers: this machine's ABI as compiled in, and each other machine's
 * ABI (asked for by its libaudit machine) from its cross headers' text.
 */
#include "kselftest_harness.h"

#include <linux/fcntl.h>

#include <libaudit.h>

#include "beauty.h"
#include "syscalls.h"
#include "sysent.h"

FIXTURE(uapi) {
	struct outbuf ob;
	char str[256];
};

FIXTURE_SETUP(uapi)
{
	ASSERT_EQ(0, outbuf_init(&self->ob, -1, 64));
}

FIXTURE_TEARDOWN(uapi)
{
	outbuf_free(&self->ob);
}

static const char *shown(FIXTURE_DATA(uapi) *self, enum arg_kind kind,
			 unsigned long val)
{
	size_t len;

	self->ob.len = 0;
	beauty_print(&self->ob, kind, val);
	len = self->ob.len < sizeof(self->str) - 1 ? self->ob.len : sizeof(self->str) - 1;
	memcpy(self->str, self->ob.buf, len);
	self->str[len] = '\0';
	return self->str;
}

/* A flag as sctrace names it, and as the uapi headers do (O_ASYNC is FASYNC). */
struct uapi_flag {
	const char *name;
	const char *uapi;
	unsigned long value;	/* this machine's, compiled in */
};

#define F(x) { #x, #x, x }

static const struct uapi_flag open_uapi[] = {
	F(O_CREAT), F(O_EXCL), F(O_NOCTTY), F(O_TRUNC), F(O_APPEND), F(O_NONBLOCK),
	F(O_SYNC), F(O_DSYNC), { "O_ASYNC", "FASYNC", FASYNC }, F(O_DIRECT),
	F(O_LARGEFILE), F(O_TMPFILE), F(O_DIRECTORY), F(O_NOFOLLOW), F(O_NOATIME),
	F(O_CLOEXEC), F(O_PATH),
};

static const struct uapi_flag fd_uapi[] = { F(O_NONBLOCK), F(O_DIRECT), F(O_CLOEXEC) };

/* A machine's two fcntl headers: its own, then the generic one it includes. */
struct abi_headers {
	int machine;
	const char *arch;
	const char *generic;
};

static const struct abi_headers cross_headers[] = {
	{ MACH_AARCH64, "/usr/aarch64-linux-gnu/include/asm/fcntl.h",
	  "/usr/aarch64-linux-gnu/include/asm-generic/fcntl.h" },
	{ MACH_S390X, "/usr/s390x-linux-gnu/include/asm/fcntl.h",
	  "/usr/s390x-linux-gnu/include/asm-generic/fcntl.h" },
	{ MACH_PPC64LE, "/usr/powerpc64le-linux-gnu/include/asm/fcntl.h",
	  "/usr/powerpc64le-linux-gnu/include/asm-generic/fcntl.h" },
	{ MACH_86_64, "/usr/include/x86_64-linux-gnu/asm/fcntl.h",
	  "/usr/include/asm-generic/fcntl.h" },
};

/* The body of "#define name body" in path, comments cut off; NULL if none. */
static char *define_of(const char *path, const char *name, char *body, size_t len)
{
	size_t nlen = strlen(name);
	char line[256], *p, *found = NULL;
	FILE *f = fopen(path, "re");

	if (!f)
		return NULL;
	while (!found && fgets(line, sizeof(line), f)) {
		p = line + strspn(line, " \t");
		if (strncmp(p, "#define", 7))
			continue;
		p += 7 + strspn(p + 7, " \t");
		if (strncmp(p, name, nlen) || !strchr(" \t", p[nlen]))
			continue;
		snprintf(body, len, "%s", p + nlen);
		body[strcspn(body, "/\n")] = '\0';
		found = body;
	}
	fclose(f);
	return found;
}

/* A name's value as the headers define it: a number, or "(A | B)" of names. */
static int uapi_value(const struct abi_headers *h, const char *name,
		      unsigned long *value, int depth)
{
	char body[200], *tok, *save, *end;
	unsigned long v;

	if (depth > 4)
		return -1;
	if (!define_of(h->arch, name, body, sizeof(body)) &&
	    !define_of(h->generic, name, body, sizeof(body)))
		return -1;
	*value = 0;
	for (tok = strtok_r(body, "()| \t", &save); tok; tok = strtok_r(NULL, "()| \t", &save)) {
		v = strtoul(tok, &end, 0);
		if (*end && uapi_value(h, tok, &v, depth + 1))
			return -1;
		*value |= v;
	}
	return 0;
}

/* How one flag alone prints: open's with the access mode, O_PATH without. */
static void expected_alone(enum arg_kind kind, const char *name, char *buf, size_t len)
{
	bool open = kind == ARG_OPEN_FLAGS || kind == ARG_OPEN_FLAGS_ARM64 ||
		    kind == ARG_OPEN_FLAGS_PPC64;

	snprintf(buf, len, "%s%s", open && strcmp(name, "O_PATH") ? "O_RDONLY|" : "", name);
}

/*
 * Each entry of kind's table has the value want[] gives its name, prints
 * alone as its name, and every flag of want[] is in the table.
 */
static void check_abi_table(struct __test_metadata *_metadata, FIXTURE_DATA(uapi) *self,
			    enum arg_kind kind, const struct uapi_flag *flags,
			    const unsigned long *want, size_t nr)
{
	const struct beauty_table *tables;
	size_t nr_tables, nr_plain, i, j, seen = 0;
	char alone[64];

	tables = beauty_tables(&nr_tables, &nr_plain);
	for (i = 0; i < nr_tables; i++) {
		for (j = 0; tables[i].kind == kind && j < tables[i].nr; j++) {
			const struct symbol *sym = &tables[i].syms[j];
			size_t k;

			for (k = 0; k < nr && strcmp(flags[k].name, sym->name); k++)
				;
			ASSERT_LT(k, nr) TH_LOG("kind %d: %s is no uapi flag", kind, sym->name);
			EXPECT_EQ(want[k], sym->value)
				TH_LOG("kind %d: %s is %#lo, the uapi says %#lo", kind,
				       sym->name, sym->value, want[k]);
			expected_alone(kind, sym->name, alone, sizeof(alone));
			EXPECT_STREQ(alone, shown(self, kind, want[k]));
			seen++;
		}
	}
	EXPECT_EQ(nr, seen);
}

/* The kinds a machine's open and pipe2 flags print as, by every row. */
static void kinds_of(struct __test_metadata *_metadata, int machine,
		     enum arg_kind *open_kind, enum arg_kind *fd_kind)
{
	size_t nr, i, j;
	const struct sysent *rows = sysent_rows(&nr);

	*open_kind = syscall_arg_kind("openat", "flags", ARG_S32, machine);
	*fd_kind = syscall_arg_kind("pipe2", "flags", ARG_S32, machine);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < SYSENT_ARGS && rows[i].args[j].name; j++) {
			const struct sysent_arg *a = &rows[i].args[j];
			enum arg_kind k = syscall_arg_kind(rows[i].name, a->name, ARG_S32, machine);

			if (a->symbolic && a->kind == ARG_OPEN_FLAGS)
				EXPECT_EQ(*open_kind, k) TH_LOG("%s %s", rows[i].name, a->name);
			if (a->symbolic && a->kind == ARG_FD_FLAGS)
				EXPECT_EQ(*fd_kind, k) TH_LOG("%s %s", rows[i].name, a->name);
		}
	}
}

TEST_F(uapi, this_machines_open_flags_are_its_headers)
{
	unsigned long open_want[ARRAY_SIZE(open_uapi)], fd_want[ARRAY_SIZE(fd_uapi)];
	enum arg_kind open_kind, fd_kind;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(open_uapi); i++)
		open_want[i] = open_uapi[i].value;
	for (i = 0; i < ARRAY_SIZE(fd_uapi); i++)
		fd_want[i] = fd_uapi[i].value;
	kinds_of(_metadata, audit_detect_machine(), &open_kind, &fd_kind);
	check_abi_table(_metadata, self, open_kind, open_uapi, open_want, ARRAY_SIZE(open_uapi));
	check_abi_table(_metadata, self, fd_kind, fd_uapi, fd_want, ARRAY_SIZE(fd_uapi));
}

/* One machine's tables against the text of its uapi headers. */
static void check_machine(struct __test_metadata *_metadata, FIXTURE_DATA(uapi) *self,
			  const struct abi_headers *h)
{
	unsigned long open_want[ARRAY_SIZE(open_uapi)], fd_want[ARRAY_SIZE(fd_uapi)];
	enum arg_kind open_kind, fd_kind;
	int missing = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(open_uapi); i++)
		missing |= uapi_value(h, open_uapi[i].uapi, &open_want[i], 0);
	for (i = 0; i < ARRAY_SIZE(fd_uapi); i++)
		missing |= uapi_value(h, fd_uapi[i].uapi, &fd_want[i], 0);
	ASSERT_EQ(0, missing) TH_LOG("a flag is not defined in %s", h->arch);
	kinds_of(_metadata, h->machine, &open_kind, &fd_kind);
	check_abi_table(_metadata, self, open_kind, open_uapi, open_want, ARRAY_SIZE(open_uapi));
	check_abi_table(_metadata, self, fd_kind, fd_uapi, fd_want, ARRAY_SIZE(fd_uapi));
}

/* The cross headers are libc6-dev-{arm64,s390x,ppc64el}-cross (make deps-qemu). */
TEST_F(uapi, each_machines_open_flags_are_its_uapi_headers)
{
	size_t i, checked = 0;

	for (i = 0; i < ARRAY_SIZE(cross_headers); i++) {
		if (access(cross_headers[i].arch, R_OK) || access(cross_headers[i].generic, R_OK))
			continue;
		check_machine(_metadata, self, &cross_headers[i]);
		checked++;
	}
	if (!checked)
		SKIP(return, "no uapi fcntl.h headers of any machine here (make deps-qemu installs them)");
	TH_LOG("%zu machines' headers read", checked);
}

TEST_HARNESS_MAIN
