/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_OUTFILE_H
#define SCTRACE_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* A file sctrace reads, which its output must never be. */
struct outfile_keep {
	struct stat sb;
	const char *what;	/* "the input file", for the message */
};

struct outfile_rules {
	mode_t mode;			/* of a new file (before the umask) */
	bool mode_always;		/* an existing file gets mode too */
	bool seekable;			/* refuse pipes and terminals */
	bool append;			/* -A: keep what is there, write after it */
	const struct outfile_keep *keep;
	size_t nr_keep;
};

int outfile_open(const char *path, const struct outfile_rules *rules,
		 char *why, size_t why_len);
void outfile_std_fds(void);

#endif
