/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Constant-time AES in portable C (aes_ct.c): the module's non-SIMD path.
 * Round keys use the AES-NI layout of struct aesnictr_key (aes_asm.h), so
 * a key expanded here works with the assembly and the other way round.  The
 * same file builds in the kernel and natively in tools/native (with the
 * shim's aesni_ctr_user.h for the types).
 */
#ifndef AES_CT_H
#define AES_CT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/string.h>

/* Clear secrets in a way the compiler cannot drop as a dead store. */
#define aes_ct_wipe(p, n)	memzero_explicit(p, n)
#else
#include <stddef.h>
#include <string.h>
#include "aesni_ctr_user.h"

static inline void aes_ct_wipe(void *p, size_t n)
{
	memset(p, 0, n);
	/* The memory is "used" after the memset, so it must happen. */
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
#endif

#include "aes_asm.h"

/* Expand a 16-, 24- or 32-byte key (key_len is checked by the caller). */
void aesnictr_ct_expand_key(struct aesnictr_key *enc, const u8 *in_key,
			    unsigned int key_len);

/*
 * Decryption round keys for the equivalent inverse cipher, as AESDEC uses
 * them: dec->rk[0] = enc->rk[n], dec->rk[i] = InvMixColumns(enc->rk[n - i])
 * for 0 < i < n, dec->rk[n] = enc->rk[0], dec->nrounds = n.  dec may be enc.
 */
void aesnictr_ct_invert_key(struct aesnictr_key *dec,
			    const struct aesnictr_key *enc);

/*
 * Encrypt (decrypt, with a key from aesnictr_ct_invert_key) nblocks 16-byte
 * blocks in ECB from src to dst.  dst may equal src; any alignment.  Every
 * call converts the round keys to the bitsliced form again, one round key at
 * a time, for every AESNICTR_CT_BATCH blocks: for one-off blocks (GCM's H,
 * XTS's tweak).  Data under a key used more than once goes through a
 * struct aesnictr_ct_sched.
 */
void aesnictr_ct_encrypt(const struct aesnictr_key *enc, u8 *dst,
			 const u8 *src, unsigned int nblocks);
void aesnictr_ct_decrypt(const struct aesnictr_key *dec, u8 *dst,
			 const u8 *src, unsigned int nblocks);

/*
 * Blocks per bitsliced pass: a call costs the same for 1..4 blocks, so
 * callers that can should pass multiples of it.
 */
#define AESNICTR_CT_BATCH	4

/*
 * A key schedule prepared for aes_ct.c: round key i as the eight 64-bit bit
 * planes the cipher XORs into the state (in each of the batch's four block
 * lanes), so that the _sched calls below do no key conversion at all.  Made
 * once per key by aesnictr_ct_prepare() (at setkey, kept in the tfm
 * context), from either an encryption or a decryption struct aesnictr_key;
 * secret like the key: wipe it with memzero_explicit().  Round keys past
 * nrounds are zero.  Aligned like struct aesnictr_key, so it fits any
 * context aligned for that; 976 bytes: not for the stack.
 */
struct aesnictr_ct_sched {
	u64 kq[AESNICTR_MAX_ROUNDS + 1][8];
	u32 nrounds;
} __aligned(16);

/*
 * Prepare bs from key: an encryption schedule (aesnictr_ct_expand_key() or
 * the assembly's aesnictr_expand_key(), same layout) for
 * aesnictr_ct_encrypt_sched(), a decryption schedule
 * (aesnictr_ct_invert_key() or aesnictr_invert_key()) for
 * aesnictr_ct_decrypt_sched().  Constant time; any context.
 */
void aesnictr_ct_prepare(struct aesnictr_ct_sched *bs,
			 const struct aesnictr_key *key);

/*
 * As aesnictr_ct_encrypt()/aesnictr_ct_decrypt(), with a prepared schedule:
 * nblocks blocks in ECB from src to dst, dst may equal src, any alignment,
 * nblocks 0 does nothing.  Serial modes call them one block at a time (CBC
 * encryption: 1 block, the cost of a whole batch); parallel ones with
 * several batches (CBC decryption, CTR's or XTS's blocks: 8 at a time is
 * two batches).  The stack frame stays a few hundred bytes.
 */
void aesnictr_ct_encrypt_sched(const struct aesnictr_ct_sched *enc, u8 *dst,
			       const u8 *src, unsigned int nblocks);
void aesnictr_ct_decrypt_sched(const struct aesnictr_ct_sched *dec, u8 *dst,
			       const u8 *src, unsigned int nblocks);

#endif /* AES_CT_H */
