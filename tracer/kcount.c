// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "kcount.h"

/*
 * tid ended: its table stays its own while it is one of the last
 * THREADS_RETIRED_KEPT ended; the oldest beyond them is handed to the
 * summary, which may fold its rows.
 */
void kcount_ended_add(struct kcount_ended *e, struct summary *sum, int32_t tid)
{
	const size_t cap = THREADS_RETIRED_KEPT;

	if (e->nr == cap) {
		summary_thread_gone(sum, e->tids[e->oldest]);
		e->oldest = (e->oldest + 1) % cap;
		e->nr--;
	}
	e->tids[(e->oldest + e->nr) % cap] = tid;
	e->nr++;
}

/* tid lives on (an exec by another thread took it over): not ended after all. */
void kcount_ended_revive(struct kcount_ended *e, int32_t tid)
{
	const size_t cap = THREADS_RETIRED_KEPT;
	size_t i, j;

	for (i = e->nr; i-- > 0;) {
		if (e->tids[(e->oldest + i) % cap] != tid)
			continue;
		for (j = i; j + 1 < e->nr; j++)
			e->tids[(e->oldest + j) % cap] = e->tids[(e->oldest + j + 1) % cap];
		e->nr--;
		return;
	}
}

/*
 * The sum of squares of the durations less what their mean accounts
 * for, exactly: with total = q * calls + r, it is
 * sq - q * total - q * r - r * r / calls, the integer part in 128 bits.
 */
static double sum_sq_dev(const struct kc_stats *v)
{
	unsigned __int128 sq = (unsigned __int128)v->sq_hi << 64 | v->sq_lo;
	uint64_t q = v->total_ns / v->calls, r = v->total_ns % v->calls;

	sq -= (unsigned __int128)q * v->total_ns + (unsigned __int128)q * r;
	return (double)sq - (double)r * r / v->calls;
}

/* A map row as the summary keeps one; false for a row without calls. */
bool kcount_row(const struct kc_key *key, const struct kc_stats *v,
		struct call_stats *row)
{
	if (!v->calls)
		return false;
	memset(row, 0, sizeof(*row));
	row->tid = key->tid;
	row->nr = key->nr;
	row->calls = v->calls;
	row->errors = v->errors;
	row->total_ns = v->total_ns;
	row->min_ns = v->min_ns;
	row->max_ns = v->max_ns;
	row->mean_ns = (double)v->total_ns / v->calls;
	row->m2 = sum_sq_dev(v);
	return true;
}
