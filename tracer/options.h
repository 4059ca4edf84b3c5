/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_OPTIONS_H
#define SCTRACE_OPTIONS_H

#include <stddef.h>

#include "sct_options.h"
#include "sorted.h"

/* Parsed, or an exit status: SCT_EXIT_OK after --help, else an error. */
#define OPTIONS_PARSED (-1)

int options_engine(const char *arg, struct sct_options *opts);
int options_parse(int argc, char **argv, struct sct_options *opts);
int options_parse_record(int argc, char **argv, struct sct_options *opts);
void options_free(struct sct_options *opts);
const struct sorted_table *options_sorted_tables(size_t *nr);

#endif
