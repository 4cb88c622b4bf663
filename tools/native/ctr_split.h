/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The caller's side of the CTR assembly ABI, shared by the test and the
 * bench: the table of tier entry points and ctr_crypt_split(), which splits
 * a run where the low 32 bits of the counter wrap, as the kernel glue does.
 */
#ifndef NATIVE_CTR_SPLIT_H
#define NATIVE_CTR_SPLIT_H

#include <stddef.h>

#include "aesni_ctr_user.h"
#include "cpu.h"

typedef void ctr_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, const u8 ctr[AESNICTR_BLOCK_SIZE]);

/* Entry point of each tier; call only if cpu_tier_usable(). */
extern ctr_fn_t *const tier_fns[NR_TIERS];

/* Add n to the 128-bit big-endian counter ctr (mod 2^128). */
void be128_add(u8 ctr[AESNICTR_BLOCK_SIZE], unsigned long long n);

/*
 * dst = src XOR keystream for len bytes with a full 128-bit big-endian
 * counter: calls fn on runs that never wrap the low 32 bits of the counter.
 * On return ctr is the next counter (ctr + DIV_ROUND_UP(len, 16)).
 */
void ctr_crypt_split(ctr_fn_t *fn, const struct aesnictr_key *key, u8 *dst,
		     const u8 *src, size_t len, u8 ctr[AESNICTR_BLOCK_SIZE]);

#endif /* NATIVE_CTR_SPLIT_H */
