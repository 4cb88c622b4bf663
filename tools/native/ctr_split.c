// SPDX-License-Identifier: GPL-2.0
/*
 * ctr_crypt_split(): the assembly increments only the low 32 bits of the
 * counter, so a run is cut where they wrap and the carry into the upper
 * 96 bits is done here, in C, between the pieces.
 */
#include <limits.h>
#include <string.h>

#include "ctr_split.h"

ctr_fn_t *const tier_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_ctr_avx,
	[TIER_VAES2]	= aesnictr_ctr_vaes2,
	[TIER_VAES512]	= aesnictr_ctr_vaes512,
};

static unsigned long long load_be64(const u8 *p)
{
	unsigned long long v;

	memcpy(&v, p, sizeof(v));
	return __builtin_bswap64(v);
}

static void store_be64(u8 *p, unsigned long long v)
{
	v = __builtin_bswap64(v);
	memcpy(p, &v, sizeof(v));
}

/* As the kernel glue's ctr_add: two 64-bit halves, the carry by compare. */
void be128_add(u8 ctr[AESNICTR_BLOCK_SIZE], unsigned long long n)
{
	unsigned long long lo = load_be64(ctr + 8) + n;

	if (lo < n)
		store_be64(ctr, load_be64(ctr) + 1);
	store_be64(ctr + 8, lo);
}

/* Largest piece handed to the assembly: its len is an unsigned int. */
#define MAX_PIECE	(UINT_MAX & ~(AESNICTR_BLOCK_SIZE - 1u))

/* As aesnictr_ctr_crypt_buf (ctr_glue.c), but len may exceed 4 GiB. */
void ctr_crypt_split(ctr_fn_t *fn, const struct aesnictr_key *key, u8 *dst,
		     const u8 *src, size_t len, u8 ctr[AESNICTR_BLOCK_SIZE])
{
	while (len) {
		unsigned int low;
		/* Blocks until the low word wraps, this block included. */
		unsigned long long left;
		size_t piece = len;

		memcpy(&low, ctr + 12, sizeof(low));
		left = (1ull << 32) - __builtin_bswap32(low);
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
