/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_TP_FORMATS_H
#define SCTRACE_TP_FORMATS_H

/* Every trace entry's common fields, as a tracefs format file lists them. */
#define COMMON_FIELDS \
	"format:\n" \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

#endif
