// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: sctrace's command line. The input, NUL-split, is an
 * argv for options_parse(); whole, it is a value for each list parser
 * and for -e's selection.
 * Run it with -close_fd_mask=3: the parsers' usage and error lines would
 * flood the fuzzer's output.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libaudit.h>

#include "lists.h"
#include "options.h"
#include "select.h"

#define MAX_ARGS 32

static void parse_lists(const char *text)
{
	static struct syscall_set set;
	struct id_list ids = { 0 };
	struct select_error bad;
	struct cpu_list cpus;
	unsigned int pages;
	char filter[4096];

	if (!select_parse(text, MACH_86_64, &set, &bad))
		select_filter(&set, filter, sizeof(filter));
	id_list_parse(text, &ids);
	id_list_unique(&ids);
	id_list_free(&ids);
	if (!cpu_list_parse(text, &cpus))
		cpu_list_free(&cpus);
	mmap_pages_parse(text, &pages);
}

static void parse_argv(char *buf, size_t size)
{
	char *argv[MAX_ARGS + 2] = { "sctrace" };
	struct sct_options opts;
	int argc = 1;
	size_t at = 0;

	while (at <= size && argc <= MAX_ARGS) {
		argv[argc++] = buf + at;
		at += strlen(buf + at) + 1;
	}
	argv[argc] = NULL;
	optind = 0;	/* GNU getopt: start afresh */
	options_parse(argc, argv, &opts);
	options_free(&opts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	parse_lists(buf);
	parse_argv(buf, size);
	free(buf);
	return 0;
}
