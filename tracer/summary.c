// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hash.h"
#include "summary.h"
#include "syscall_table.h"

static size_t slot_of(const struct call_stats *slots, size_t cap, int32_t tid,
		      long nr)
{
	size_t i = (hash_slot(tid, cap) ^ (size_t)((uint32_t)nr * 40503u)) & (cap - 1);

	while (slots[i].used && (slots[i].tid != tid || slots[i].nr != nr))
		i = (i + 1) & (cap - 1);
	return i;
}

static int grow(struct summary *sum)
{
	size_t cap = sum->cap ? sum->cap * 2 : 256;
	struct call_stats *slots = calloc(cap, sizeof(*slots));
	size_t i;

	if (!slots)
		return -1;
	for (i = 0; i < sum->cap; i++) {
		const struct call_stats *cs = &sum->slots[i];

		if (cs->used)
			slots[slot_of(slots, cap, cs->tid, cs->nr)] = *cs;
	}
	free(sum->slots);
	sum->slots = slots;
	sum->cap = cap;
	return 0;
}

static struct call_stats *stats_of(struct summary *sum, int32_t tid, long nr)
{
	struct call_stats *cs;

	if ((sum->used + 1) * 2 > sum->cap && grow(sum))
		return NULL;
	cs = &sum->slots[slot_of(sum->slots, sum->cap, tid, nr)];
	if (!cs->used) {
		cs->used = true;
		cs->tid = tid;
		cs->nr = nr;
		cs->min_ns = UINT64_MAX;
		sum->used++;
	}
	return cs;
}

static int count_errno(struct call_stats *cs, int err, uint64_t count)
{
	struct errno_count *more;
	size_t i;

	for (i = 0; i < cs->nr_errnos; i++) {
		if (cs->errnos[i].err == err) {
			cs->errnos[i].count += count;
			return 0;
		}
	}
	more = realloc(cs->errnos, (cs->nr_errnos + 1) * sizeof(*more));
	if (!more)
		return -1;
	cs->errnos = more;
	cs->errnos[cs->nr_errnos++] = (struct errno_count){ err, count };
	return 0;
}

/* One finished call: its thread, number, result and duration. */
void summary_add(struct summary *sum, int32_t tid, long nr, long ret,
		 uint64_t duration_ns)
{
	struct call_stats *cs = stats_of(sum, tid, nr);
	double delta;

	if (!cs) {
		sum->failed = true;
		return;
	}
	duration_ns = duration_ns > sum->overhead_ns ? duration_ns - sum->overhead_ns : 0;
	cs->calls++;
	cs->total_ns += duration_ns;
	if (duration_ns < cs->min_ns)
		cs->min_ns = duration_ns;
	if (duration_ns > cs->max_ns)
		cs->max_ns = duration_ns;
	delta = duration_ns - cs->mean_ns;
	cs->mean_ns += delta / cs->calls;
	cs->m2 += delta * (duration_ns - cs->mean_ns);
	if (!result_is_error(ret))
		return;
	cs->errors++;
	if (sum->errnos && count_errno(cs, -ret, 1))
		sum->failed = true;
}

/* Adds b into a (Chan et al.'s pairwise update for the mean and m2). */
static int merge_stats(struct call_stats *a, const struct call_stats *b)
{
	uint64_t n = a->calls + b->calls;
	double delta = b->mean_ns - a->mean_ns;
	size_t i;

	a->m2 += b->m2 + delta * delta * a->calls * b->calls / n;
	a->mean_ns += delta * b->calls / n;
	a->calls = n;
	a->errors += b->errors;
	a->total_ns += b->total_ns;
	if (b->min_ns < a->min_ns)
		a->min_ns = b->min_ns;
	if (b->max_ns > a->max_ns)
		a->max_ns = b->max_ns;
	for (i = 0; i < b->nr_errnos; i++)
		if (count_errno(a, b->errnos[i].err, b->errnos[i].count))
			return -1;
	return 0;
}

/* A row counted elsewhere (in the kernel), added to its thread's row. */
void summary_merge(struct summary *sum, const struct call_stats *row)
{
	struct call_stats *cs = stats_of(sum, row->tid, row->nr);

	if (!cs || merge_stats(cs, row))
		sum->failed = true;
}

/* Another count of tid's calls of nr that ended with err; their row is there already. */
void summary_add_errno(struct summary *sum, int32_t tid, long nr, int err,
		       uint64_t count)
{
	struct call_stats *cs = sum->cap ? &sum->slots[slot_of(sum->slots, sum->cap, tid, nr)] :
					   NULL;

	if (!cs || !cs->used || count_errno(cs, err, count))
		sum->failed = true;
}

static int tid_cmp(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return (x > y) - (x < y);
}

static int row_tid_cmp(const void *a, const void *b)
{
	return tid_cmp(&((const struct call_stats *)a)->tid,
		       &((const struct call_stats *)b)->tid);
}

/* The rows of the sorted tids, moved out of the hash into *out. */
static int take_threads(struct summary *sum, const int32_t *tids, size_t nr_tids,
			struct call_stats **out, size_t *nr_out)
{
	struct call_stats *kept = calloc(sum->cap, sizeof(*kept));
	struct call_stats *taken = calloc(sum->used ?: 1, sizeof(*taken));
	size_t i, n = 0;

	if (!kept || !taken) {
		free(kept);
		free(taken);
		return -1;
	}
	for (i = 0; i < sum->cap; i++) {
		const struct call_stats *cs = &sum->slots[i];

		if (!cs->used)
			continue;
		if (bsearch(&cs->tid, tids, nr_tids, sizeof(*tids), tid_cmp))
			taken[n++] = *cs;
		else
			kept[slot_of(kept, sum->cap, cs->tid, cs->nr)] = *cs;
	}
	free(sum->slots);
	sum->slots = kept;
	sum->used -= n;
	*out = taken;
	*nr_out = n;
	return 0;
}

/* The rows of nr_tids exited threads (sorted here) go into the folded table. */
static void fold_threads(struct summary *sum, int32_t *tids, size_t nr_tids)
{
	struct call_stats *rows;
	size_t i, nr;

	qsort(tids, nr_tids, sizeof(*tids), tid_cmp);
	if (take_threads(sum, tids, nr_tids, &rows, &nr))
		return;
	qsort(rows, nr, sizeof(*rows), row_tid_cmp);
	for (i = 0; i < nr; i++) {
		struct call_stats *t = stats_of(sum, SUMMARY_FOLDED_TID, rows[i].nr);

		sum->nr_folded += !i || rows[i].tid != rows[i - 1].tid;
		if (!t || merge_stats(t, &rows[i]))
			sum->failed = true;
		free(rows[i].errnos);
	}
	free(rows);
}

/*
 * tid has exited: its table is shown while it is one of the latest
 * exited, so that a long system-wide run keeps rows for live threads
 * and a bounded number of others. Without memory to track it, it stays.
 */
void summary_thread_gone(struct summary *sum, int32_t tid)
{
	const size_t batch = SUMMARY_EXITED_SHOWN;

	if (!sum->exited) {
		sum->exited = malloc(2 * batch * sizeof(*sum->exited));
		if (!sum->exited)
			return;
	}
	sum->exited[sum->nr_exited++] = tid;
	if (sum->nr_exited < 2 * batch)
		return;
	fold_threads(sum, sum->exited, batch);
	memmove(sum->exited, sum->exited + batch, batch * sizeof(*sum->exited));
	sum->nr_exited = batch;
}

/* By thread, then most time first (as perf trace -s), then by number. */
static int by_thread_then_time(const void *a, const void *b)
{
	const struct call_stats *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

static void put_number(struct outbuf *out, uint64_t v, size_t width)
{
	char text[24];
	size_t i = sizeof(text) - 1;

	text[i] = '\0';
	do {
		text[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	outbuf_padded(out, text + i, width, false);
}

/* Milliseconds with three decimals, right-aligned: "   12.345". */
static void put_msec(struct outbuf *out, double ns, size_t width)
{
	uint64_t us = (uint64_t)(ns / 1000.0 + 0.5);
	char text[32];
	size_t i = sizeof(text) - 1;
	int digits = 0;

	text[i] = '\0';
	do {
		text[--i] = '0' + us % 10;
		us /= 10;
		if (++digits == 3)
			text[--i] = '.';
	} while (us || digits < 4);
	outbuf_padded(out, text + i, width, false);
}

static void print_errnos(struct outbuf *out, const struct call_stats *cs)
{
	struct errno_desc desc;
	size_t i;

	for (i = 0; i < cs->nr_errnos; i++) {
		errno_describe(cs->errnos[i].err, &desc);
		outbuf_puts(out, "                       ");
		outbuf_puts(out, desc.name);
		outbuf_puts(out, ": ");
		outbuf_u64(out, cs->errnos[i].count);
		outbuf_putc(out, '\n');
	}
}

static void print_row(struct outbuf *out, const struct call_stats *cs,
		      struct syscall_cache *syscalls)
{
	double var = cs->calls > 1 ? cs->m2 / (cs->calls - 1) : 0;

	outbuf_puts(out, "   ");
	outbuf_padded(out, syscall_cache_get(syscalls, cs->nr)->name, 22, true);
	put_number(out, cs->calls, 8);
	put_number(out, cs->errors, 8);
	put_msec(out, cs->total_ns, 12);
	put_msec(out, cs->min_ns, 10);
	put_msec(out, cs->mean_ns, 10);
	put_msec(out, cs->max_ns, 10);
	put_msec(out, sqrt(var), 12);
	outbuf_putc(out, '\n');
}

static void print_table(struct outbuf *out, const struct call_stats *rows,
			size_t nr, struct syscall_cache *syscalls)
{
	uint64_t calls = 0, errors = 0;
	size_t i;

	for (i = 0; i < nr; i++) {
		calls += rows[i].calls;
		errors += rows[i].errors;
	}
	outbuf_puts(out, "calls: ");
	outbuf_u64(out, calls);
	outbuf_puts(out, ", errors: ");
	outbuf_u64(out, errors);
	outbuf_puts(out, "\n\n   syscall                  calls  errors   total(ms)   min(ms)   avg(ms)   max(ms)  stddev(ms)\n"
			 "   --------------------- ------- ------- ----------- --------- --------- --------- -----------\n");
	for (i = 0; i < nr; i++) {
		print_row(out, &rows[i], syscalls);
		print_errnos(out, &rows[i]);
	}
	outbuf_putc(out, '\n');
}

void summary_rows_free(struct call_stats *rows, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(rows[i].errnos);
	free(rows);
}

/* The used slots of sum, moved out into a sorted array of *nr rows. */
static struct call_stats *take_rows(struct summary *sum, size_t *nr)
{
	struct call_stats *rows = calloc(sum->used ?: 1, sizeof(*rows));
	size_t i, n = 0;

	if (!rows)
		return NULL;
	for (i = 0; i < sum->cap; i++)
		if (sum->slots[i].used)
			rows[n++] = sum->slots[i];
	free(sum->slots);
	sum->slots = NULL;
	sum->cap = sum->used = 0;
	qsort(rows, n, sizeof(*rows), by_thread_then_time);
	*nr = n;
	return rows;
}

/* Every syscall's rows of all threads folded into one row each. */
static struct call_stats *merge_threads(const struct call_stats *rows, size_t nr,
					size_t *nr_totals, bool *failed)
{
	struct summary all = { 0 };
	struct call_stats *totals;
	size_t i;

	for (i = 0; i < nr; i++) {
		struct call_stats *t = stats_of(&all, 0, rows[i].nr);

		if (!t || merge_stats(t, &rows[i]))
			*failed = true;
	}
	totals = take_rows(&all, nr_totals);
	if (!totals) {
		*failed = true;
		summary_free(&all);
	}
	return totals;
}

/*
 * Every syscall's rows of all threads folded into one row each, sorted by
 * time; sum is left as it is. NULL (and *failed) without memory.
 */
struct call_stats *summary_totals(const struct summary *sum, size_t *nr, bool *failed)
{
	struct summary all = { 0 };
	struct call_stats *totals;
	size_t i;

	for (i = 0; i < sum->cap; i++) {
		struct call_stats *t;

		if (!sum->slots[i].used)
			continue;
		t = stats_of(&all, 0, sum->slots[i].nr);
		if (!t || merge_stats(t, &sum->slots[i]))
			*failed = true;
	}
	totals = take_rows(&all, nr);
	if (!totals) {
		*failed = true;
		summary_free(&all);
	}
	return totals;
}

/* Each thread's table; the folded one, keyed above any tid, comes last. */
static void print_thread_tables(struct outbuf *out, const struct call_stats *rows,
				size_t nr, struct syscall_cache *syscalls,
				uint64_t nr_folded)
{
	size_t first, last;

	for (first = 0; first < nr; first = last) {
		for (last = first; last < nr && rows[last].tid == rows[first].tid; last++)
			;
		if (rows[first].tid == SUMMARY_FOLDED_TID) {
			outbuf_putc(out, ' ');
			outbuf_u64(out, nr_folded);
			outbuf_puts(out, " threads that exited earlier, together, ");
		} else {
			outbuf_puts(out, " thread ");
			outbuf_s64(out, rows[first].tid);
			outbuf_puts(out, ", ");
		}
		print_table(out, rows + first, last - first, syscalls);
	}
}

/* What a table leaves out: events the kernel lost, rows memory could not hold. */
void summary_print_notes(struct outbuf *out, uint64_t lost, bool failed)
{
	if (lost) {
		outbuf_puts(out, " LOST ");
		outbuf_u64(out, lost);
		outbuf_puts(out, " events: these counts are incomplete\n");
	}
	if (failed)
		outbuf_puts(out, " out of memory: these counts are incomplete\n");
}

/*
 * The tables, as perf trace -s: each thread's, then all threads together.
 * The statistics are consumed; the summary is empty afterwards.
 */
void summary_print(struct summary *sum, struct outbuf *out,
		   struct syscall_cache *syscalls, uint64_t lost)
{
	struct call_stats *rows, *totals = NULL;
	size_t nr = 0, nr_totals = 0;
	bool failed = sum->failed;

	rows = take_rows(sum, &nr);
	if (rows)
		totals = merge_threads(rows, nr, &nr_totals, &failed);
	outbuf_puts(out, "\n Summary of syscalls:\n\n");
	if (rows)
		print_thread_tables(out, rows, nr, syscalls, sum->nr_folded);
	outbuf_puts(out, " all threads, ");
	print_table(out, totals, nr_totals, syscalls);
	summary_print_notes(out, lost, failed || !rows);
	summary_rows_free(rows, nr);
	summary_rows_free(totals, nr_totals);
}

void summary_free(struct summary *sum)
{
	size_t i;

	for (i = 0; i < sum->cap; i++)
		free(sum->slots[i].errnos);
	free(sum->slots);
	sum->slots = NULL;
	sum->cap = sum->used = 0;
	free(sum->exited);
	sum->exited = NULL;
	sum->nr_exited = 0;
}
