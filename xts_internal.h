/* SPDX-License-Identifier: GPL-2.0 */
/* The xts family's own interface, between xts_glue.c and xts_selftest.c. */
#ifndef AESNICTR_XTS_INTERNAL_H
#define AESNICTR_XTS_INTERNAL_H

#include "shared.h"
#include "xts_asm.h"

/*
 * The key schedules of an XTS key Key1 || Key2, and the non-SIMD path's
 * prepared forms of Key1's (aes_ct.h); Key2 encrypts one block per message,
 * which the non-SIMD path does from tweak directly.
 */
struct aesnictr_xts_keys {
	struct aesnictr_key enc;	/* Key1, to encrypt */
	struct aesnictr_key dec;	/* Key1, to decrypt (AESDEC's schedule) */
	struct aesnictr_key tweak;	/* Key2, to encrypt the tweak */
	struct aesnictr_ct_sched ct_enc;	/* enc, prepared */
	struct aesnictr_ct_sched ct_dec;	/* dec, prepared */
};

/* One implementation's XTS routines (the C one's have the same signatures). */
struct aesnictr_xts_impl {
	AESNICTR_XTS_CRYPT((*encrypt));
	AESNICTR_XTS_CRYPT((*decrypt));
};

/* Implementation impl, NULL if this build lacks it. */
const struct aesnictr_xts_impl *aesnictr_xts_impl(enum aesnictr_impl impl);

/*
 * Expand Key1 || Key2 (key_len bytes in all, checked by the caller) with
 * AES-NI when simd (the FPU must be usable), else with the C code; prepare
 * ct_enc and ct_dec either way (requests may take the non-SIMD path
 * whichever path set the key).
 */
void aesnictr_xts_expand(struct aesnictr_xts_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd);

/*
 * For the self-tests: en/decrypt a message of len >= 16 bytes from src to
 * dst (src == dst allowed) as a request does, in two pieces split at split
 * (a multiple of 16 leaving at least 16 bytes for the second; 0: one
 * piece): with impl, each piece in an FPU section of its own, or on the
 * non-SIMD path when impl is NULL.  tweak is set to AES(Key2, iv) first and
 * left as the message leaves it; the last piece does the ciphertext
 * stealing, as in the assembly ABI (xts_asm.h).
 */
void aesnictr_xts_crypt_buf(const struct aesnictr_xts_keys *keys,
			    const struct aesnictr_xts_impl *impl, u8 *dst,
			    const u8 *src, unsigned int len, unsigned int split,
			    u8 tweak[AESNICTR_BLOCK_SIZE], u8 *iv, bool enc);

int aesnictr_xts_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_XTS_INTERNAL_H */
