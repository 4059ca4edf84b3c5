/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TIME_SPEC_H
#define SCTRACE_TIME_SPEC_H

/*
 * strace's long timestamp options: --absolute-timestamps=[[format:]FORMAT
 * [,[precision:]PRECISION]], --relative-timestamps[=PRECISION] and
 * --syscall-times[=PRECISION].
 */
enum time_precision {
	PREC_DEFAULT,	/* the option's own: -t seconds, the others microseconds */
	PREC_S,
	PREC_MS,
	PREC_US,
	PREC_NS,
};

enum stamp_format {
	STAMP_TIME,	/* the time of day, as -t */
	STAMP_UNIX,	/* seconds since the epoch, as -ttt */
	STAMP_NONE,	/* none */
};

/* Digits after the point: PREC_DEFAULT gives fallback. */
unsigned int time_precision_digits(enum time_precision prec, unsigned int fallback);
/* 0, or -1 after saying what was wrong: PRECISION is s, ms, us or ns. */
int time_spec_precision(const char *option, const char *arg, enum time_precision *prec);
/* 0, or -1 after saying what was wrong; a NULL arg is "time". */
int time_spec_absolute(const char *arg, enum stamp_format *format, enum time_precision *prec);

#endif
