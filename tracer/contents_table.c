// SPDX-License-Identifier: GPL-2.0
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>

#include "compiler.h"
#include "contents_table.h"

/* Which arguments point at contents; sorted by syscall, then argument. */
static const struct content_rule rules[] = {
	{ "accept",		"upeer_sockaddr",	CK_SOCKADDR_OUT,	"upeer_addrlen" },
	{ "accept4",		"upeer_sockaddr",	CK_SOCKADDR_OUT,	"upeer_addrlen" },
	{ "access",		"filename",	CK_PATH,	NULL },
	{ "bind",		"umyaddr",	CK_SOCKADDR_IN,	"addrlen" },
	{ "chdir",		"filename",	CK_PATH,	NULL },
	{ "chmod",		"filename",	CK_PATH,	NULL },
	{ "clock_nanosleep",	"rqtp",		CK_TIMESPEC,	NULL },
	{ "connect",		"uservaddr",	CK_SOCKADDR_IN,	"addrlen" },
	{ "creat",		"pathname",	CK_PATH,	NULL },
	{ "execve",		"argv",		CK_ARGV,	NULL },
	{ "execve",		"envp",		CK_ENVP,	NULL },
	{ "execve",		"filename",	CK_PATH,	NULL },
	{ "execveat",		"argv",		CK_ARGV,	NULL },
	{ "execveat",		"envp",		CK_ENVP,	NULL },
	{ "execveat",		"filename",	CK_PATH,	NULL },
	{ "faccessat",		"filename",	CK_PATH,	NULL },
	{ "faccessat2",		"filename",	CK_PATH,	NULL },
	{ "fchmodat",		"filename",	CK_PATH,	NULL },
	{ "fchownat",		"filename",	CK_PATH,	NULL },
	{ "fstat",		"statbuf",	CK_STAT,	NULL },
	{ "getpeername",	"usockaddr",	CK_SOCKADDR_OUT,	"usockaddr_len" },
	{ "getsockname",	"usockaddr",	CK_SOCKADDR_OUT,	"usockaddr_len" },
	{ "lstat",		"filename",	CK_PATH,	NULL },
	{ "lstat",		"statbuf",	CK_STAT,	NULL },
	{ "mkdir",		"pathname",	CK_PATH,	NULL },
	{ "mkdirat",		"pathname",	CK_PATH,	NULL },
	{ "nanosleep",		"rqtp",		CK_TIMESPEC,	NULL },
	{ "newfstatat",		"filename",	CK_PATH,	NULL },
	{ "newfstatat",		"statbuf",	CK_STAT,	NULL },
	{ "open",		"filename",	CK_PATH,	NULL },
	{ "openat",		"filename",	CK_PATH,	NULL },
	{ "pipe",		"fildes",	CK_FD_PAIR,	NULL },
	{ "pipe2",		"fildes",	CK_FD_PAIR,	NULL },
	{ "poll",		"ufds",		CK_POLLFD,	"nfds" },
	{ "ppoll",		"tsp",		CK_TIMESPEC,	NULL },
	{ "ppoll",		"ufds",		CK_POLLFD,	"nfds" },
	{ "pread64",		"buf",		CK_DATA_OUT,	NULL },
	{ "preadv",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "preadv2",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "pselect6",		"exp",		CK_FD_SET,	"n" },
	{ "pselect6",		"inp",		CK_FD_SET,	"n" },
	{ "pselect6",		"outp",		CK_FD_SET,	"n" },
	{ "pselect6",		"tsp",		CK_TIMESPEC,	NULL },
	{ "pwrite64",		"buf",		CK_DATA_IN,	"count" },
	{ "pwritev",		"vec",		CK_IOV_IN,	"vlen" },
	{ "pwritev2",		"vec",		CK_IOV_IN,	"vlen" },
	{ "read",		"buf",		CK_DATA_OUT,	NULL },
	{ "readlink",		"path",		CK_PATH,	NULL },
	{ "readlinkat",		"pathname",	CK_PATH,	NULL },
	{ "readv",		"vec",		CK_IOV_OUT,	"vlen" },
	{ "recvfrom",		"addr",		CK_SOCKADDR_OUT,	"addr_len" },
	{ "recvfrom",		"ubuf",		CK_DATA_OUT,	NULL },
	{ "rename",		"newname",	CK_PATH,	NULL },
	{ "rename",		"oldname",	CK_PATH,	NULL },
	{ "renameat",		"newname",	CK_PATH,	NULL },
	{ "renameat",		"oldname",	CK_PATH,	NULL },
	{ "renameat2",		"newname",	CK_PATH,	NULL },
	{ "renameat2",		"oldname",	CK_PATH,	NULL },
	{ "rmdir",		"pathname",	CK_PATH,	NULL },
	{ "select",		"exp",		CK_FD_SET,	"n" },
	{ "select",		"inp",		CK_FD_SET,	"n" },
	{ "select",		"outp",		CK_FD_SET,	"n" },
	{ "sendto",		"addr",		CK_SOCKADDR_IN,	"addr_len" },
	{ "sendto",		"buff",		CK_DATA_IN,	"len" },
	{ "stat",		"filename",	CK_PATH,	NULL },
	{ "stat",		"statbuf",	CK_STAT,	NULL },
	{ "statfs",		"pathname",	CK_PATH,	NULL },
	{ "statx",		"buffer",	CK_STATX,	NULL },
	{ "statx",		"filename",	CK_PATH,	NULL },
	{ "symlink",		"newname",	CK_PATH,	NULL },
	{ "symlink",		"oldname",	CK_PATH,	NULL },
	{ "symlinkat",		"newname",	CK_PATH,	NULL },
	{ "symlinkat",		"oldname",	CK_PATH,	NULL },
	{ "truncate",		"path",		CK_PATH,	NULL },
	{ "unlink",		"pathname",	CK_PATH,	NULL },
	{ "unlinkat",		"pathname",	CK_PATH,	NULL },
	{ "wait4",		"stat_addr",	CK_WAIT_STATUS,	NULL },
	{ "write",		"buf",		CK_DATA_IN,	"count" },
	{ "writev",		"vec",		CK_IOV_IN,	"vlen" },
};

/* Arrays of structs are shown whole up to this many bytes (64 pollfds). */
#define STRUCT_ARRAY_MAX 512
#define SOCKADDR_MAX 128	/* sizeof(struct sockaddr_storage) */
/* select's sets are read up to FD_SETSIZE fds; beyond, the list ends in "...". */
#define FD_SET_BITS_MAX 1024
/* A path is read whole, PATH_MAX with its NUL, and one byte to tell it was cut. */
#define PATH_SHOWN_MAX (CT_MAX_ITEM - 2)

/* Where a kind's count comes from: elem_size bytes times it. */
enum kind_len {
	LEN_ONE,	/* one element */
	LEN_ARG,	/* the rule's len_arg (the caller resolves it) */
	LEN_RET,	/* the call's result, read at the exit */
};

/* How each kind is read. */
struct kind_read {
	enum ct_mode mode;
	unsigned char when;
	unsigned short elem_size;
	enum kind_len len;
	unsigned char flags;	/* CT_LEN_* */
	bool in_out;		/* shown at the enter, and after the result */
	unsigned short max;	/* bytes read at most; 0: the string limit */
};

static const struct kind_read kind_reads[] = {
	[CK_NONE]	 = { CT_MODE_NONE, 0, 0, LEN_ONE, 0, false, 0 },
	[CK_PATH]	 = { CT_MODE_STR, CT_AT_ENTER, 0, LEN_ONE, 0, false, PATH_SHOWN_MAX },
	[CK_ARGV]	 = { CT_MODE_STRV, CT_AT_ENTER, 0, LEN_ONE, 0, false, 0 },
	[CK_ENVP]	 = { CT_MODE_COUNTV, CT_AT_ENTER, 0, LEN_ONE, 0, false, 0 },
	[CK_DATA_IN]	 = { CT_MODE_BYTES, CT_AT_ENTER, 1, LEN_ARG, 0, false, 0 },
	[CK_DATA_OUT]	 = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_RET, 0, false, 0 },
	[CK_TIMESPEC]	 = { CT_MODE_BYTES, CT_AT_ENTER, sizeof(struct timespec), LEN_ONE, 0, false,
			     sizeof(struct timespec) },
	[CK_POLLFD]	 = { CT_MODE_BYTES, CT_AT_ENTER | CT_AT_EXIT, sizeof(struct pollfd), LEN_ARG,
			     0, true, STRUCT_ARRAY_MAX },
	[CK_SOCKADDR_IN] = { CT_MODE_BYTES, CT_AT_ENTER, 1, LEN_ARG, 0, false, SOCKADDR_MAX },
	[CK_STAT]	 = { CT_MODE_BYTES, CT_AT_EXIT, sizeof(struct stat), LEN_ONE, 0, false,
			     sizeof(struct stat) },
	[CK_STATX]	 = { CT_MODE_BYTES, CT_AT_EXIT, sizeof(struct statx), LEN_ONE, 0, false,
			     sizeof(struct statx) },
	[CK_FD_PAIR]	 = { CT_MODE_BYTES, CT_AT_EXIT, 2 * sizeof(int), LEN_ONE, 0, false,
			     2 * sizeof(int) },
	[CK_WAIT_STATUS] = { CT_MODE_BYTES, CT_AT_EXIT, sizeof(int), LEN_ONE, 0, false, sizeof(int) },
	[CK_FD_SET]	 = { CT_MODE_BYTES, CT_AT_ENTER | CT_AT_EXIT, 1, LEN_ARG, CT_LEN_BITS, true,
			     FD_SET_BITS_MAX / 8 },
	/* Each iovec's first string-limit bytes, of the first CT_MAX_IOV. */
	[CK_IOV_IN]	 = { CT_MODE_IOV, CT_AT_ENTER, sizeof(struct iovec), LEN_ARG, 0, false, 0 },
	[CK_IOV_OUT]	 = { CT_MODE_IOV, CT_AT_EXIT, sizeof(struct iovec), LEN_ARG, 0, false, 0 },
	/* As long as the kernel says, and no longer than the buffer was. */
	[CK_SOCKADDR_OUT] = { CT_MODE_BYTES, CT_AT_EXIT, 1, LEN_ARG, CT_LEN_PTR, false,
			      SOCKADDR_MAX },
};

static int rule_cmp(const void *key, const void *elem)
{
	const struct content_rule *a = key, *b = elem;
	int c = strcmp(a->syscall, b->syscall);

	return c ? c : strcmp(a->arg, b->arg);
}

const struct content_rule *content_rule_find(const char *syscall, const char *arg)
{
	struct content_rule key = { .syscall = syscall, .arg = arg };

	return bsearch(&key, rules, ARRAY_SIZE(rules),
		       sizeof(rules[0]), rule_cmp);
}

static int rule_syscall_cmp(const void *key, const void *elem)
{
	const struct content_rule *b = elem;

	return strcmp(key, b->syscall);
}

/* Whether any argument of the syscall so named has contents. */
bool content_syscall_has_rules(const char *syscall)
{
	return bsearch(syscall, rules, ARRAY_SIZE(rules),
		       sizeof(rules[0]), rule_syscall_cmp);
}

/* The table, for the test that it is sorted. */
const struct content_rule *content_rules(size_t *nr)
{
	*nr = ARRAY_SIZE(rules);
	return rules;
}

/* Whether the line waits for the exit: something is read there. */
bool content_kind_at_exit(enum content_kind kind)
{
	return kind_reads[kind].when & CT_AT_EXIT;
}

/* Whether it is shown at the enter, and what came back after the result. */
bool content_kind_in_out(enum content_kind kind)
{
	return kind_reads[kind].in_out;
}

/* How the BPF program reads a kind; len_arg is the caller's to fill. */
void content_arg_spec(enum content_kind kind, unsigned int string_limit,
		      struct ct_arg_spec *spec)
{
	const struct kind_read *r = &kind_reads[kind];

	memset(spec, 0, sizeof(*spec));
	spec->mode = r->mode;
	spec->when = r->when;
	spec->len_arg = r->len == LEN_RET ? CT_LEN_RET : CT_LEN_NONE;
	spec->flags = r->flags;
	spec->elem_size = r->elem_size;
	spec->max = r->max ? r->max : string_limit;
}

/* Whether the length argument counts elements: the caller resolves it. */
bool content_kind_counted(enum content_kind kind)
{
	return kind_reads[kind].len == LEN_ARG;
}

/* How many kinds there are, for the tests. */
size_t content_kind_count(void)
{
	return ARRAY_SIZE(kind_reads);
}
