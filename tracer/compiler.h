/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_COMPILER_H
#define SCTRACE_COMPILER_H

/* The kernel's spellings, so its checkpatch reads this tree as its own. */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#define __printf(fmt, args) __attribute__((format(printf, fmt, args)))
#define __aligned(n) __attribute__((aligned(n)))
#define __packed __attribute__((packed))

#endif
