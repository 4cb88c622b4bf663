// SPDX-License-Identifier: GPL-2.0
/*
 * The gcm family's C path (gcm_generic.h): constant time, no tables, one
 * block at a time.  Secrets only go through AND, XOR and shifts by constant
 * amounts; loop bounds depend on lengths alone.
 */
#include "gcm_generic.h"

#define GCM_BLOCK	AESNICTR_BLOCK_SIZE

/* x = x * (yh, yl) in GF(2^128), GCM bit order (bit 0 = MSB of byte 0). */
static void gf128_mul(u64 *xh, u64 *xl, u64 yh, u64 yl)
{
	u64 zh = 0, zl = 0, vh = yh, vl = yl;
	int i;

	for (i = 0; i < 128; i++) {
		u64 bit = i < 64 ? *xh >> (63 - i) : *xl >> (127 - i);
		u64 take = -(bit & 1), carry = -(vl & 1);

		zh ^= vh & take;
		zl ^= vl & take;
		vl = (vl >> 1) | (vh << 63);
		vh = (vh >> 1) ^ (0xe100000000000000ULL & carry);
	}
	*xh = zh;
	*xl = zl;
}

void aesnictr_gcm_h_generic(struct aesnictr_gcm_h *h,
			    const struct aesnictr_key *aes)
{
	static const u8 zero[GCM_BLOCK];
	u8 b[GCM_BLOCK];

	aesnictr_ct_encrypt(aes, b, zero, 1);
	h->hi = get_unaligned_be64(b);
	h->lo = get_unaligned_be64(b + 8);
	memzero_explicit(b, sizeof(b));
}

/*
 * K_i = r(H^i) x mod G: K_16..K_1 and their xored halves, then K_32..K_17
 * and K_33 (gcm_asm.h has the layout).
 */
void aesnictr_gcm_precompute_generic(struct aesnictr_gcm_key *key,
				     const struct aesnictr_gcm_h *h)
{
	const int n = AESNICTR_GCM_NPOWERS;
	u64 ph = h->hi, pl = h->lo;
	int i;

	for (i = 1; i <= 2 * n + 1; i++) {
		/* r(P) is (ph, pl) read as one 128-bit integer; times x: */
		u64 reduce = -(ph >> 63);
		u64 kh = (ph << 1 | pl >> 63) ^ (0xc200000000000000ULL & reduce);
		u64 kl = (pl << 1) ^ (1 & reduce);
		u8 *k = i <= n ? key->h_powers[n - i] :
			i <= 2 * n ? key->h_powers_hi[2 * n - i] :
				     key->h_powers_top[3];

		put_unaligned_le64(kl, k);
		put_unaligned_le64(kh, k + 8);
		if (i <= n) {
			k = key->h_powers_xored[n - i];
			put_unaligned_le64(kl ^ kh, k);
			put_unaligned_le64(kl ^ kh, k + 8);
		}
		gf128_mul(&ph, &pl, h->hi, h->lo);
	}
}

void aesnictr_gcm_ghash_generic(const struct aesnictr_gcm_h *h, u8 acc[16],
				const u8 *data, unsigned int len)
{
	u64 xh = get_unaligned_be64(acc), xl = get_unaligned_be64(acc + 8);

	while (len) {
		u8 block[GCM_BLOCK] = { 0 };
		unsigned int n = min_t(unsigned int, len, GCM_BLOCK);

		memcpy(block, data, n);
		xh ^= get_unaligned_be64(block);
		xl ^= get_unaligned_be64(block + 8);
		gf128_mul(&xh, &xl, h->hi, h->lo);
		data += n;
		len -= n;
	}
	put_unaligned_be64(xh, acc);
	put_unaligned_be64(xl, acc + 8);
}

/* Counter blocks per call of the AES: one bitsliced pass. */
#define GCM_CT_BLOCKS	AESNICTR_CT_BATCH

void aesnictr_gcm_crypt_generic(const struct aesnictr_ct_sched *ct,
				const struct aesnictr_gcm_h *h, u8 acc[16],
				u8 ctr[16], u8 *dst, const u8 *src,
				unsigned int len, bool enc)
{
	u8 ks[GCM_CT_BLOCKS * GCM_BLOCK];

	while (len) {
		unsigned int n = min_t(unsigned int, len, sizeof(ks));
		unsigned int i, blocks = (n + GCM_BLOCK - 1) / GCM_BLOCK;

		for (i = 0; i < blocks; i++) {
			memcpy(ks + i * GCM_BLOCK, ctr, GCM_BLOCK);
			aesnictr_gcm_inc32(ctr, 1);
		}
		aesnictr_ct_encrypt_sched(ct, ks, ks, blocks);
		/* the ciphertext: src before an in-place overwrite */
		if (!enc)
			aesnictr_gcm_ghash_generic(h, acc, src, n);
		crypto_xor_cpy(dst, src, ks, n);
		if (enc)
			aesnictr_gcm_ghash_generic(h, acc, dst, n);
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(ks, sizeof(ks));
}

void aesnictr_gcm_final_generic(const struct aesnictr_ct_sched *ct,
				const struct aesnictr_gcm_h *h, u8 acc[16],
				const u8 j0[16], u64 alen, u64 len,
				u8 tag[16])
{
	u8 lengths[GCM_BLOCK];

	put_unaligned_be64(alen * 8, lengths);
	put_unaligned_be64(len * 8, lengths + 8);
	aesnictr_gcm_ghash_generic(h, acc, lengths, sizeof(lengths));
	aesnictr_ct_encrypt_sched(ct, tag, j0, 1);
	crypto_xor(tag, acc, GCM_BLOCK);
}
