/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_HASH_H
#define SCTRACE_HASH_H

#include <stddef.h>
#include <stdint.h>

/*
 * The first slot of key in an open-addressing table of cap slots, cap a
 * power of two: Knuth's multiplicative hash, so that consecutive tids spread.
 */
static inline size_t hash_slot(uint32_t key, size_t cap)
{
	return (size_t)(key * 2654435761u) & (cap - 1);
}

#endif
