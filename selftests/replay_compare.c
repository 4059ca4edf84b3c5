// SPDX-License-Identifier: GPL-2.0
/*
 * replay_compare [--reduced] TRACE GOLDEN: whether a trace (e.g. a guest's
 * recording replayed on the host) matches a golden file after the
 * harness's one normalisation step; --reduced: with contents and
 * addresses reduced to placeholders on both sides (a recording of another
 * machine, whose contents sctrace shows as addresses). Exit 0 if it does;
 * 1 with a unified diff if not.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "normalize.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	size_t cap = 0;

	if (!f)
		return NULL;
	if (getdelim(&text, &cap, '\0', f) < 0) {
		free(text);
		text = strdup("");
	}
	fclose(f);
	return text;
}

static int show_diff(const char *ours, const char *golden_path)
{
	char path[] = "/tmp/replay_compare.XXXXXX";
	int fd = mkstemp(path);
	char cmd[512];

	if (fd < 0 || write(fd, ours, strlen(ours)) < 0) {
		perror("replay_compare");
		return 1;
	}
	close(fd);
	snprintf(cmd, sizeof(cmd), "diff -u '%s' '%s'", golden_path, path);
	if (system(cmd) < 0)
		perror("replay_compare");
	unlink(path);
	return 1;
}

int main(int argc, char **argv)
{
	const char *why = "unreadable";
	char *trace, *golden, *ours = NULL, *want = NULL;
	bool reduced = argc == 4 && !strcmp(argv[1], "--reduced");
	int ret = 1;

	if (argc != 3 && !reduced) {
		fprintf(stderr, "usage: replay_compare [--reduced] TRACE GOLDEN\n");
		return 2;
	}
	argv += reduced;
	trace = slurp(argv[1]);
	golden = slurp(argv[2]);
	if (trace)
		ours = normalize_trace(trace, &why);
	if (golden)
		want = strip_comments(golden);
	if (reduced)
		reduce_both(&ours, &want);
	if (!ours || !want)
		printf("cannot compare %s with %s: %s\n", argv[1], argv[2],
		       ours ? "no golden file" : why);
	else if (strcmp(ours, want))
		ret = show_diff(ours, argv[2]);
	else
		ret = 0;
	free(ours);
	free(want);
	free(trace);
	free(golden);
	return ret;
}
