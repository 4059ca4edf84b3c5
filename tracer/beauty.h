/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_BEAUTY_H
#define SCTRACE_BEAUTY_H

#include <stdbool.h>
#include <stddef.h>

#include "arg_kind.h"
#include "outbuf.h"
#include "xlat.h"

/*
 * Arguments whose meaning is a symbol: how they print (which ones they
 * are is sysent.c's). The constants are the C library's, so each
 * architecture's build gets its own values, except open's flags, which
 * differ between the machines a file may come from: those are the ABIs'
 * own values, picked by machine (libaudit MACH_*).
 */
/* A table a kind prints from; an enum's is sorted by value (bsearch). */
struct beauty_table {
	const struct symbol *syms;
	size_t nr;
	enum arg_kind kind;
	bool sorted;
};

enum arg_kind beauty_machine_kind(enum arg_kind kind, int machine);
void beauty_print(struct outbuf *ob, enum arg_kind kind, unsigned long val);
/* The tables themselves, so tests can check every entry. */
const struct beauty_table *beauty_tables(size_t *nr, size_t *nr_plain);
const struct symbol *beauty_plain_table(enum arg_kind kind, size_t *nr, bool *flags);

struct sorted_table;
const struct sorted_table *beauty_sorted_tables(size_t *nr);
bool open_flags_create(enum arg_kind kind, unsigned long flags);

/* "SIGRT_32", or a number of 11 characters, and its NUL. */
#define SIGNAL_NAME_MAX 16
const char *signal_name(int sig, char *buf, size_t len);

#endif
