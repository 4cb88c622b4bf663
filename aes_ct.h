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
 * blocks in ECB from src to dst.  dst may equal src; any alignment.
 */
void aesnictr_ct_encrypt(const struct aesnictr_key *enc, u8 *dst,
			 const u8 *src, unsigned int nblocks);
void aesnictr_ct_decrypt(const struct aesnictr_key *dec, u8 *dst,
			 const u8 *src, unsigned int nblocks);

#endif /* AES_CT_H */
