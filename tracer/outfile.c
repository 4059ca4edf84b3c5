// SPDX-License-Identifier: GPL-2.0
/*
 * Opening what sctrace writes, so that nothing a user gave is destroyed:
 * not a file it reads, not what a symlink planted by someone else in
 * /tmp points to. The file is truncated only once it passed every check.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "outfile.h"

/*
 * The kernel's protected_symlinks rule, which may be off: in a sticky,
 * world-writable directory a link is followed only if it is the
 * follower's or the directory owner's. *follow says whether to.
 */
static int check_link(const char *path, bool *follow, char *why, size_t why_len)
{
	char dir[PATH_MAX], shown[ESCAPE_PATH_SIZE];
	struct stat link, parent;

	*follow = true;
	snprintf(dir, sizeof(dir), "%s", path);
	/* Sticky and writable by others (0002), as /tmp is. */
	if (stat(dirname(dir), &parent) || !(parent.st_mode & S_ISVTX) ||
	    !(parent.st_mode & 0002))
		return 0;
	if (lstat(path, &link) || !S_ISLNK(link.st_mode)) {
		/* Nothing there yet, or a file: a link planted now is not followed. */
		*follow = false;
		return 0;
	}
	if (link.st_uid == geteuid() || link.st_uid == parent.st_uid)
		return 0;
	snprintf(why, why_len,
		 "it is a symbolic link of another user (uid %u) in the shared directory '%s', and it could point anywhere; remove it or write elsewhere",
		 (unsigned int)link.st_uid, escape_str(shown, sizeof(shown), dir));
	return -1;
}

/* The checks on the opened file, before anything in it is touched. */
static int check_opened(int fd, const struct outfile_rules *rules, char *why,
			size_t why_len)
{
	struct stat sb;
	size_t i;

	if (fstat(fd, &sb)) {
		snprintf(why, why_len, "%s", strerror(errno));
		return -1;
	}
	for (i = 0; i < rules->nr_keep; i++) {
		if (sb.st_dev == rules->keep[i].sb.st_dev &&
		    sb.st_ino == rules->keep[i].sb.st_ino) {
			snprintf(why, why_len, "it is %s, which writing would destroy; write to another file",
				 rules->keep[i].what);
			return -1;
		}
	}
	if (rules->seekable && lseek(fd, 0, SEEK_CUR) < 0) {
		snprintf(why, why_len, "a perf.data file needs a seekable file, not a pipe or terminal; give a file name");
		return -1;
	}
	if (!S_ISREG(sb.st_mode))
		return 0;
	/* Before truncating: its old readers must not see the new contents. */
	if (rules->mode_always && fchmod(fd, rules->mode)) {
		snprintf(why, why_len, "cannot make it mode %04o: %s",
			 (unsigned int)rules->mode, strerror(errno));
		return -1;
	}
	if (!rules->append && ftruncate(fd, 0)) {
		snprintf(why, why_len, "cannot truncate it: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* The output's fd, or -1 with why saying what is wrong and what to do. */
int outfile_open(const char *path, const struct outfile_rules *rules,
		 char *why, size_t why_len)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (rules->append ? O_APPEND : 0);
	bool follow;
	int fd;

	if (check_link(path, &follow, why, why_len))
		return -1;
	fd = open(path, flags | (follow ? 0 : O_NOFOLLOW), rules->mode);
	if (fd < 0) {
		if (errno == ELOOP && !follow)
			snprintf(why, why_len, "a symbolic link appeared there in a shared directory; remove it or write elsewhere");
		else
			snprintf(why, why_len, "%s; check the path and its permissions", strerror(errno));
		return -1;
	}
	if (check_opened(fd, rules, why, why_len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * 0, 1 and 2 open, on /dev/null where they were closed: started with
 * stderr closed, sctrace took fd 2 for its output, and its messages
 * went into the trace or the perf.data.
 */
void outfile_std_fds(void)
{
	int fd;

	for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDWR) < 0)
			return;
}
