/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cbc and cts families' own interface, between cbc_glue.c and
 * cbc_selftest.c.
 */
#ifndef AESNICTR_CBC_INTERNAL_H
#define AESNICTR_CBC_INTERNAL_H

#include "cbc_generic.h"
#include "shared.h"

/* Implementation impl, NULL if this build lacks it. */
const struct aesnictr_cbc_impl *aesnictr_cbc_impl(enum aesnictr_impl impl);

/*
 * Expand a checked AES key with AES-NI when simd (the FPU must be usable),
 * else with the C code; prepare ct_enc and ct_dec either way.
 */
void aesnictr_cbc_expand(struct aesnictr_cbc_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd);

/*
 * For the self-tests: en/decrypt a message of len bytes from src to dst
 * (src == dst allowed) as a request of cbc(aes) (cts false: len a multiple
 * of 16) or of cts(cbc(aes)) (cts true: len >= 16) does, in two pieces
 * split at split (a multiple of 16 before the blocks cts holds back; 0:
 * one piece): with impl, each piece in an FPU section of its own, or on
 * the non-SIMD path when impl is NULL.  iv is left as the request leaves
 * it.
 */
void aesnictr_cbc_crypt_buf(const struct aesnictr_cbc_keys *keys,
			    const struct aesnictr_cbc_impl *impl, bool cts,
			    u8 *dst, const u8 *src, unsigned int len,
			    unsigned int split, u8 iv[AESNICTR_BLOCK_SIZE],
			    bool enc);

int aesnictr_cbc_selftest(enum aesnictr_impl impl, bool simd);
int aesnictr_cts_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_CBC_INTERNAL_H */
