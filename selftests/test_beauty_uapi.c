// SPDX-License-Identifier: GPL-2.0
/*
 * open's and pipe2's flags, each table entry against the kernel's uapi
 * headers: this machine's ABI as compiled in, and each other machine's
 * ABI (asked for by its libaudit machine) from its cross headers' text.
 * Then every table as each machine's build of beauty.c holds it (compiled
 * by that machine's cross compiler), every errno and signal name, against
 * that machine's uapi headers as its compiler reads them.
 */
#include "kselftest_harness.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/fcntl.h>

#include <libaudit.h>

#include "beauty.h"
#include "syscall_table.h"
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

/* How one flag alone prints: open's with the access mode, O_PATH's too (as strace). */
static void expected_alone(enum arg_kind kind, const char *name, char *buf, size_t len)
{
	bool open = kind == ARG_OPEN_FLAGS || kind == ARG_OPEN_FLAGS_ARM64 ||
		    kind == ARG_OPEN_FLAGS_PPC64;

	snprintf(buf, len, "%s%s", open ? "O_RDONLY|" : "", name);
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

/*
 * Each machine's cross compiler, and the suffix of the tables beauty.c
 * keeps for it where its values differ from the generic ones.
 */
struct machine_build {
	const char *cc;
	const char *suffix;
};

static const struct machine_build machine_builds[] = {
	{ "/usr/bin/x86_64-linux-gnu-gcc", NULL },
	{ "/usr/bin/aarch64-linux-gnu-gcc", "_arm64" },
	{ "/usr/bin/s390x-linux-gnu-gcc", NULL },
	{ "/usr/bin/powerpc64le-linux-gnu-gcc", "_ppc64" },
};

/* The host's, whose headers the other machines' are told apart from. */
#define HOST_BUILD (&machine_builds[0])
#define BEAUTY_SRC SCT_SRC_DIR "/tracer/beauty.c"
#define NO_CROSS "no cross compiler or no tracer/beauty.c here (make deps-qemu installs them)"

/* Where the tables' names are defined for the kernel (AF_*, SOCK_*, SHUT_* are libc's only). */
static const char *const uapi_headers[] = {
	"asm/signal.h", "linux/eventpoll.h", "linux/fcntl.h", "linux/fs.h", "linux/futex.h",
	"linux/inotify.h", "linux/memfd.h", "linux/mman.h", "linux/net.h", "linux/random.h",
	"linux/resource.h", "linux/sched.h", "linux/signalfd.h", "linux/socket.h",
	"linux/stat.h", "linux/time.h", "linux/timerfd.h", "linux/wait.h",
};

/*
 * Names that only some machines' uapi headers define, in a family the
 * tables show, left out of the tables, with why.
 */
static const struct {
	const char *name;
	const char *why;
} machine_only_left_out[] = {
	{ "MAP_RENAME", "ppc64's alias of MAP_ANONYMOUS, which is shown" },
	{ "O_TMPFILE_MASK", "a mask of open's flags, not a flag (newer cross headers than the host's)" },
};

/* All that cmd prints on stdout, NUL-terminated (to be freed); NULL if it failed. */
static char *command_output(const char *cmd)
{
	size_t len = 0, size = 1 << 16, got;
	char *out = malloc(size), *more;
	FILE *p = popen(cmd, "r");

	if (!out || !p)
		goto out_fail;
	while ((got = fread(out + len, 1, size - len - 1, p)) > 0) {
		len += got;
		if (len + 1 < size)
			continue;
		more = realloc(out, size *= 2);
		if (!more)
			goto out_fail;
		out = more;
	}
	out[len] = '\0';
	if (!pclose(p))
		return out;
	p = NULL;
out_fail:
	if (p)
		pclose(p);
	free(out);
	return NULL;
}

/*
 * What cc makes of a C file (text): assembly (-S), or the macros defined
 * (-dM -E). Its includes are the machine's own; libaudit.h, which has no
 * machine's copy, comes from the host by a directory of its own.
 */
static char *compile(const struct machine_build *m, const char *mode, const char *src,
		     const char *text)
{
	char dir[] = "/tmp/test_beauty_uapi.XXXXXX", path[64], audit[64], *cmd;
	char *out = NULL;
	FILE *f;

	if (!mkdtemp(dir))
		return NULL;
	snprintf(path, sizeof(path), "%s/in.c", dir);
	snprintf(audit, sizeof(audit), "%s/libaudit.h", dir);
	if (symlink("/usr/include/libaudit.h", audit))
		goto out_dir;
	f = fopen(path, "w");
	if (!f)
		goto out_audit;
	fputs(text, f);
	if (fclose(f))
		goto out_src;
	/* The tree may be anywhere, however deep: no fixed size for the command. */
	if (asprintf(&cmd, "%s -std=gnu11 -D_GNU_SOURCE -O0 -w %s -o - -I%s -idirafter %s %s",
		     m->cc, mode, SCT_SRC_DIR "/tracer", dir, src ? src : path) < 0)
		goto out_src;
	out = command_output(cmd);
	free(cmd);
out_src:
	unlink(path);
out_audit:
	unlink(audit);
out_dir:
	rmdir(dir);
	return out;
}

/* The lines of text, split in place, into *lines (to be freed). */
static size_t split_lines(char *text, char ***lines)
{
	size_t nr = 0, size = 1024;
	char *save, *line;

	*lines = malloc(size * sizeof(**lines));
	for (line = strtok_r(text, "\n", &save); *lines && line; line = strtok_r(NULL, "\n", &save)) {
		if (nr == size)
			*lines = realloc(*lines, (size *= 2) * sizeof(**lines));
		if (*lines)
			(*lines)[nr++] = line;
	}
	if (!*lines)
		abort();
	return nr;
}

/* The operand of an 8-byte data line (.quad, .xword, .8byte), or NULL. */
static const char *quad_operand(const char *line)
{
	static const char *const dirs[] = { ".quad", ".xword", ".8byte" };
	size_t i, len;

	line += strspn(line, " \t");
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		len = strlen(dirs[i]);
		if (!strncmp(line, dirs[i], len) && (line[len] == ' ' || line[len] == '\t'))
			return line + len + strspn(line + len, " \t");
	}
	return NULL;
}

/* A line that defines a label ("open_flags:", ".LC3:") cut to the label, in place. */
static void cut_label(char *line)
{
	size_t len = strlen(line);

	if (len && line[0] != ' ' && line[0] != '\t' && line[len - 1] == ':')
		line[len - 1] = '\0';
}

/* The string a label names, from its ".string" line; NULL if none. */
static const char *string_at(char **lines, size_t nr, const char *label)
{
	static char text[64];
	const char *dir;
	size_t i;

	for (i = 0; i + 1 < nr; i++) {
		if (strcmp(lines[i], label))
			continue;
		dir = lines[i + 1] + strspn(lines[i + 1], " \t");
		if (sscanf(dir, ".string \"%63[A-Z0-9_]\"", text) == 1)
			return text;
	}
	return NULL;
}

/* An entry of a table as a machine's build of beauty.c holds it. */
struct built_entry {
	char table[64];
	char name[64];
	unsigned long long value;
};

/*
 * Every { value, "NAME" } of beauty.c's tables in a machine's assembly:
 * an 8-byte number, then an 8-byte pointer to a string that is a name,
 * under the table's label.
 */
static size_t built_entries(char *assembly, struct built_entry **out)
{
	char **lines;
	const char *table = "", *value, *ptr, *name;
	size_t nr_lines, i, nr = 0;

	nr_lines = split_lines(assembly, &lines);
	for (i = 0; i < nr_lines; i++)
		cut_label(lines[i]);
	*out = calloc(nr_lines, sizeof(**out));
	if (!*out)
		abort();
	for (i = 0; i + 1 < nr_lines; i++) {
		if (!lines[i][0] || (lines[i][0] != ' ' && lines[i][0] != '\t')) {
			if (lines[i][0] && lines[i][0] != '.')
				table = lines[i];
			continue;
		}
		value = quad_operand(lines[i]);
		ptr = quad_operand(lines[i + 1]);
		if (!value || !ptr || !(isdigit((unsigned char)*value) || *value == '-') || *ptr != '.')
			continue;
		name = string_at(lines, nr_lines, ptr);
		if (!name)
			continue;
		snprintf((*out)[nr].table, sizeof((*out)[nr].table), "%s", table);
		snprintf((*out)[nr].name, sizeof((*out)[nr].name), "%s", name);
		(*out)[nr++].value = strtoull(value, NULL, 0);
		i++;
	}
	free(lines);
	return nr;
}

/* A name's value as a machine's uapi headers define it. */
struct uapi_value {
	bool defined;
	unsigned long long value;
};

/* A C file that defines sct_v_N as the Nth name's value, for each name the headers define. */
static char *values_program(const struct built_entry *e, size_t nr)
{
	size_t size = 4096 + nr * 160, len = 0, i;
	char *text = malloc(size);

	if (!text)
		abort();
	for (i = 0; i < ARRAY_SIZE(uapi_headers); i++)
		len += snprintf(text + len, size - len, "#include <%s>\n", uapi_headers[i]);
	for (i = 0; i < nr; i++)
		len += snprintf(text + len, size - len,
				"#ifdef %s\nconst unsigned long long sct_v_%zu = (unsigned long long)(%s);\n#endif\n",
				e[i].name, i, e[i].name);
	return text;
}

/* Each entry's name as the machine's uapi headers define it, into values[]; -1 if cc failed. */
static int uapi_values(const struct machine_build *m, const struct built_entry *e, size_t nr,
		       struct uapi_value *values)
{
	char *program = values_program(e, nr), *assembly, **lines;
	const char *op;
	size_t nr_lines, i, idx;

	assembly = compile(m, "-S", NULL, program);
	free(program);
	if (!assembly)
		return -1;
	nr_lines = split_lines(assembly, &lines);
	for (i = 0; i + 1 < nr_lines; i++) {
		if (sscanf(lines[i], "sct_v_%zu:", &idx) != 1 || idx >= nr)
			continue;
		op = quad_operand(lines[i + 1]);
		values[idx].defined = true;
		/* A zero may come as ".zero 8". */
		values[idx].value = op ? strtoull(op, NULL, 0) : 0;
	}
	free(lines);
	free(assembly);
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t len = strlen(s), slen = strlen(suffix);

	return len >= slen && !strcmp(s + len - slen, suffix);
}

/*
 * Whether a machine's build prints from table: not if it is another
 * machine's variant, nor if this machine has a variant of its own of it.
 */
static bool table_applies(const struct machine_build *m, const char *table,
			  const struct built_entry *e, size_t nr)
{
	char own[80];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(machine_builds); i++)
		if (machine_builds[i].suffix && &machine_builds[i] != m &&
		    ends_with(table, machine_builds[i].suffix))
			return false;
	if (!m->suffix)
		return true;
	snprintf(own, sizeof(own), "%s%s", table, m->suffix);
	for (i = 0; i < nr; i++)
		if (!strcmp(e[i].table, own))
			return false;
	return true;
}

/* A machine's build of beauty.c: its tables' entries, *nr of them; NULL if cc failed. */
static struct built_entry *machine_tables(const struct machine_build *m, size_t *nr)
{
	struct built_entry *e = NULL;
	char *assembly = compile(m, "-S", BEAUTY_SRC, "");

	if (!assembly)
		return NULL;
	*nr = built_entries(assembly, &e);
	free(assembly);
	return e;
}

/*
 * Every entry of every table a machine's build prints from, against the
 * machine's uapi headers: where they define the name, the same value.
 * Returns how many were compared.
 */
static size_t check_machine_tables(struct __test_metadata *_metadata,
				   const struct machine_build *m,
				   const struct built_entry *e, size_t nr)
{
	struct uapi_value *values = calloc(nr, sizeof(*values));
	size_t i, compared = 0;

	if (!values)
		abort();
	if (uapi_values(m, e, nr, values)) {
		free(values);
		return 0;
	}
	for (i = 0; i < nr; i++) {
		if (!values[i].defined || !table_applies(m, e[i].table, e, nr))
			continue;
		EXPECT_EQ(values[i].value, e[i].value)
			TH_LOG("%s: %s's %s is %#llx, its uapi headers say %#llx", m->cc,
			       e[i].table, e[i].name, e[i].value, values[i].value);
		compared++;
	}
	free(values);
	return compared;
}

/*
 * A -dM listing, a "#define NAME BODY" a line. Looked up line by line:
 * strstr over the whole text, once per name, is quadratic under ASan,
 * whose strstr measures the text at each call.
 */
struct macro_list {
	char *text;
	char **lines;
	size_t nr;
};

/* The macros cc defines after the includes of program; false if cc failed. */
static bool macro_list_read(struct macro_list *l, const struct machine_build *m,
			    const char *program)
{
	l->text = compile(m, "-dM -E", NULL, program);
	if (!l->text)
		return false;
	l->nr = split_lines(l->text, &l->lines);
	return true;
}

static void macro_list_free(struct macro_list *l)
{
	free(l->lines);
	free(l->text);
}

/* The BODY of "#define NAME BODY" (a function-like macro's too); NULL if none. */
static const char *macro_body(const struct macro_list *l, const char *name)
{
	size_t len = strlen(name), i;
	const char *after;

	for (i = 0; i < l->nr; i++) {
		if (strncmp(l->lines[i], "#define ", 8) || strncmp(l->lines[i] + 8, name, len))
			continue;
		after = l->lines[i] + 8 + len;
		if (*after == ' ' || *after == '(')
			return after;
	}
	return NULL;
}

static bool machine_only_is_left_out(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(machine_only_left_out); i++)
		if (!strcmp(name, machine_only_left_out[i].name))
			return true;
	return false;
}

/* Whether name belongs to a family (its part up to the first '_') of an entry's name. */
static bool in_a_family(const char *name, const struct built_entry *e, size_t nr)
{
	const char *bar = strchr(name, '_');
	size_t i;

	/* The compiler's and the headers' own (__, _ASM_...) are no family. */
	if (!bar || bar == name)
		return false;
	for (i = 0; i < nr; i++)
		if (!strncmp(e[i].name, name, bar - name + 1))
			return true;
	return false;
}

static bool is_entry(const char *name, const struct built_entry *e, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(e[i].name, name))
			return true;
	return false;
}

/* The uapi headers' macros as a machine's compiler sees them; false if cc failed. */
static bool uapi_macros(struct macro_list *l, const struct machine_build *m)
{
	char text[1024];
	size_t len = 0, i;

	for (i = 0; i < ARRAY_SIZE(uapi_headers); i++)
		len += snprintf(text + len, sizeof(text) - len, "#include <%s>\n", uapi_headers[i]);
	return macro_list_read(l, m, text);
}

/*
 * The names only this machine's uapi headers define (not the host's), of
 * a family the tables show, must be in its build's tables or left out.
 * Returns how many are missing.
 */
static size_t machine_only_missing(struct __test_metadata *_metadata,
				   const struct machine_build *m, const struct built_entry *e,
				   size_t nr, const struct macro_list *host)
{
	struct macro_list macros;
	const char *at;
	char name[64];
	size_t missing = 0, i;

	if (!uapi_macros(&macros, m))
		return 1;
	for (i = 0; i < macros.nr; i++) {
		at = macros.lines[i] + 8;
		if (strncmp(macros.lines[i], "#define ", 8) ||
		    sscanf(at, "%63[A-Z0-9_]", name) != 1 || at[strlen(name)] != ' ')
			continue;
		if (!in_a_family(name, e, nr) || is_entry(name, e, nr) ||
		    machine_only_is_left_out(name) || macro_body(host, name))
			continue;
		TH_LOG("%s: %s, only this machine's, is in no table and not left out", m->cc, name);
		missing++;
	}
	macro_list_free(&macros);
	return missing;
}

TEST(each_machines_build_of_every_table_is_its_uapi_headers)
{
	struct macro_list host;
	struct built_entry *e;
	size_t i, nr, compared, checked = 0;

	if (access(HOST_BUILD->cc, X_OK) || access(BEAUTY_SRC, R_OK))
		SKIP(return, NO_CROSS);
	ASSERT_TRUE(uapi_macros(&host, HOST_BUILD));
	for (i = 0; i < ARRAY_SIZE(machine_builds); i++) {
		const struct machine_build *m = &machine_builds[i];

		if (access(m->cc, X_OK)) {
			TH_LOG("%s is not here: that machine's build is not read", m->cc);
			continue;
		}
		e = machine_tables(m, &nr);
		ASSERT_NE(NULL, e) TH_LOG("%s could not compile %s", m->cc, BEAUTY_SRC);
		compared = check_machine_tables(_metadata, m, e, nr);
		TH_LOG("%s: %zu entries of %zu compared", m->cc, compared, nr);
		/* Nearly every entry is the uapi's: fewer means the reading broke. */
		EXPECT_LT(200, compared);
		EXPECT_EQ(0, machine_only_missing(_metadata, m, e, nr, &host));
		free(e);
		checked++;
	}
	macro_list_free(&host);
	TH_LOG("%zu machines' builds read", checked);
}

/* A macro's value: a number, or another macro's; false if neither. */
static bool macro_value(const struct macro_list *l, const char *name, long *value, int depth)
{
	const char *at = macro_body(l, name);
	char body[80], *end;

	if (!at || *at != ' ' || depth > 3 || sscanf(at, "%79s", body) != 1)
		return false;
	*value = strtol(body, &end, 0);
	return !*end || macro_value(l, body, value, depth + 1);
}

/*
 * Errnos this build cannot name for a machine, with why: errno_describe
 * knows no machine, and libaudit's table is this machine's.
 */
static const struct {
	const char *cc;
	long err;
	const char *why;
} unnamed_errnos[] = {
	{ "/usr/bin/powerpc64le-linux-gnu-gcc", 58,
	  "EDEADLOCK, powerpc's own number: named by a ppc64le build, not in a replay elsewhere" },
};

static bool unnamed_errno(const struct machine_build *m, long err)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(unnamed_errnos); i++)
		if (!strcmp(unnamed_errnos[i].cc, m->cc) && unnamed_errnos[i].err == err)
			return true;
	return false;
}

/*
 * Every errno a machine's headers number gets a name that is that
 * number there (EAGAIN or EWOULDBLOCK alike), not ERRNO_N: the names come
 * from this build, whichever machine the trace was made on. Returns how
 * many were compared.
 */
static size_t check_errnos(struct __test_metadata *_metadata, const struct machine_build *m,
			   const struct macro_list *macros)
{
	struct errno_desc desc;
	const char *at;
	char name[64];
	size_t compared = 0, i;
	long err, named;

	for (i = 0; i < macros->nr; i++) {
		at = macros->lines[i] + 8;
		if (strncmp(macros->lines[i], "#define E", 9) ||
		    sscanf(at, "%63[A-Z0-9]", name) != 1 || at[strlen(name)] != ' ' ||
		    !macro_value(macros, name, &err, 0) || err < 1 || err > 4095)
			continue;
		errno_describe(err, &desc);
		if (unnamed_errno(m, err)) {
			EXPECT_FALSE(desc.known) TH_LOG("%s: %ld is named now: drop it from unnamed_errnos",
							m->cc, err);
			continue;
		}
		EXPECT_TRUE(macro_value(macros, desc.name, &named, 0) && named == err)
			TH_LOG("%s: %s is %ld, shown as %s", m->cc, name, err, desc.name);
		compared++;
	}
	return compared;
}

/* Signals 1-32 as signal_name shows them: each the name of that number there. */
static void check_signals(struct __test_metadata *_metadata, const struct machine_build *m,
			  const struct macro_list *macros)
{
	char name[SIGNAL_NAME_MAX];
	long value;
	int sig;

	for (sig = 1; sig <= 32; sig++) {
		signal_name(sig, name, sizeof(name));
		EXPECT_TRUE(macro_value(macros, name, &value, 0) && value == sig)
			TH_LOG("%s: signal %d shown as %s", m->cc, sig, name);
	}
}

TEST(each_machines_errnos_and_signals_are_named_as_its_uapi_headers)
{
	size_t i, compared, checked = 0;
	struct macro_list macros;

	for (i = 0; i < ARRAY_SIZE(machine_builds); i++) {
		const struct machine_build *m = &machine_builds[i];

		if (access(m->cc, X_OK))
			continue;
		ASSERT_TRUE(macro_list_read(&macros, m, "#include <asm/errno.h>\n#include <asm/signal.h>\n"))
			TH_LOG("%s could not read its uapi headers", m->cc);
		compared = check_errnos(_metadata, m, &macros);
		/* Linux has 133 errnos and more: fewer means the reading broke. */
		EXPECT_LT(130, compared) TH_LOG("%s", m->cc);
		check_signals(_metadata, m, &macros);
		macro_list_free(&macros);
		checked++;
	}
	if (!checked)
		SKIP(return, NO_CROSS);
	TH_LOG("%zu machines' errnos and signals read", checked);
}

TEST_HARNESS_MAIN
