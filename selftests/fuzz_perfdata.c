// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the perf.data reader behind sctrace --input. The input is
 * a whole file; it is replayed into memory, as text, as JSON and as
 * --sched's lines (with --comm, so task names are printed too). Any
 * crash, hang, leak or sanitizer report is a failure; a refusal is not.
 */
#include <stdint.h>
#include <string.h>

#include "options.h"
#include "outbuf.h"
#include "replay.h"

static void replay_as(const uint8_t *data, size_t size, bool json, bool sched)
{
	struct sct_options opts;
	struct trace_gaps gaps;
	struct outbuf out;
	char error[256];

	memset(&opts, 0, sizeof(opts));
	opts.print.json = json;
	opts.sched = sched;
	opts.print.comm = sched;
	if (outbuf_init(&out, -1, 4096))
		return;
	replay_buffer(data, size, &opts, &out, false, &gaps, error, sizeof(error));
	outbuf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	replay_as(data, size, false, false);
	replay_as(data, size, true, false);
	replay_as(data, size, false, true);
	return 0;
}
