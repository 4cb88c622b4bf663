/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gcm family's C path (gcm_generic.c): GCM when the FPU is unusable,
 * constant time, no tables (bit-serial GF(2^128) multiplication, the
 * bitsliced AES of aes_ct.c, its round keys prepared once per key).
 * Portable C: the same file builds in the module and natively in
 * tools/native, whose test checks it against OpenSSL.
 */
#ifndef AESNICTR_GCM_GENERIC_H
#define AESNICTR_GCM_GENERIC_H

#include "portable.h"
#include "aes_ct.h"
#include "gcm_asm.h"

/* The hash key H = AES_K(0^128), as two big-endian halves. */
struct aesnictr_gcm_h {
	u64 hi, lo;
};

/* H from the encryption schedule aes (by the C AES). */
void aesnictr_gcm_h_generic(struct aesnictr_gcm_h *h,
			    const struct aesnictr_key *aes);

/*
 * The assembly's hash key powers in key (zeroed before), computed in C from
 * h: what aesnictr_gcm_precompute() writes, for a key set without the FPU.
 */
void aesnictr_gcm_precompute_generic(struct aesnictr_gcm_key *key,
				     const struct aesnictr_gcm_h *h);

/* GHASH len bytes into acc (the last block zero-padded). */
void aesnictr_gcm_ghash_generic(const struct aesnictr_gcm_h *h, u8 acc[16],
				const u8 *data, unsigned int len);

/*
 * En/decrypt len bytes from src to dst (may be equal) with the counter ctr
 * (advanced), hashing the ciphertext into acc; len is a multiple of 16 but
 * for a message's last piece.  ct: the encryption schedule, prepared
 * (aesnictr_ct_prepare()); the keystream is made AESNICTR_CT_BATCH blocks
 * per pass.
 */
void aesnictr_gcm_crypt_generic(const struct aesnictr_ct_sched *ct,
				const struct aesnictr_gcm_h *h, u8 acc[16],
				u8 ctr[16], u8 *dst, const u8 *src,
				unsigned int len, bool enc);

/*
 * The full tag of a message of alen AAD and len text bytes; j0 = IV || 1,
 * encrypted with the prepared schedule ct.
 */
void aesnictr_gcm_final_generic(const struct aesnictr_ct_sched *ct,
				const struct aesnictr_gcm_h *h, u8 acc[16],
				const u8 j0[16], u64 alen, u64 len,
				u8 tag[16]);

/* Advance the 32-bit big-endian counter at the end of ctr by n. */
static inline void aesnictr_gcm_inc32(u8 ctr[16], u32 n)
{
	put_unaligned_be32(get_unaligned_be32(ctr + 12) + n, ctr + 12);
}

#endif /* AESNICTR_GCM_GENERIC_H */
