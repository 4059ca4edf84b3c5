/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_REPLAY_H
#define SCTRACE_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "options.h"
#include "outbuf.h"
#include "strict.h"

int replay_file(const struct sct_options *opts);
int replay_buffer(const unsigned char *buf, size_t len,
		  const struct sct_options *opts, struct outbuf *out,
		  bool host_formats, struct trace_gaps *gaps, char *error, size_t error_len);

#endif
