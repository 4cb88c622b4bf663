// SPDX-License-Identifier: GPL-2.0
/*
 * ctr_crypt_split(): the assembly increments only the low 32 bits of the
 * counter, so a run is cut where they wrap and the carry into the upper
 * 96 bits is done here, in C, between the pieces.
 */
#include <limits.h>

#include "ctr_split.h"

ctr_fn_t *const tier_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_ctr_avx,
	[TIER_VAES2]	= aesnictr_ctr_vaes2,
	[TIER_VAES512]	= aesnictr_ctr_vaes512,
};

void be128_add(u8 ctr[AESNICTR_BLOCK_SIZE], unsigned long long n)
{
	int i;

	for (i = AESNICTR_BLOCK_SIZE - 1; i >= 0 && n; i--) {
		n += ctr[i];
		ctr[i] = (u8)n;
		n >>= 8;
	}
}

/* Largest piece handed to the assembly: its len is an unsigned int. */
#define MAX_PIECE	(UINT_MAX & ~(AESNICTR_BLOCK_SIZE - 1u))

void ctr_crypt_split(ctr_fn_t *fn, const struct aesnictr_key *key, u8 *dst,
		     const u8 *src, size_t len, u8 ctr[AESNICTR_BLOCK_SIZE])
{
	while (len) {
		unsigned long long low = (unsigned long long)ctr[12] << 24 |
					 ctr[13] << 16 | ctr[14] << 8 | ctr[15];
		/* Blocks until the low word wraps, this block included. */
		unsigned long long left = (1ull << 32) - low;
		size_t piece = len;

		if (piece > left * AESNICTR_BLOCK_SIZE)
			piece = left * AESNICTR_BLOCK_SIZE;
		if (piece > MAX_PIECE)
			piece = MAX_PIECE;
		fn(key, dst, src, (unsigned int)piece, ctr);
		be128_add(ctr, (piece + AESNICTR_BLOCK_SIZE - 1) /
			       AESNICTR_BLOCK_SIZE);
		dst += piece;
		src += piece;
		len -= piece;
	}
}
