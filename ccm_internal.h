/* SPDX-License-Identifier: GPL-2.0 */
/* The ccm family's own interface, between ccm_glue.c and ccm_selftest.c. */
#ifndef AESNICTR_CCM_INTERNAL_H
#define AESNICTR_CCM_INTERNAL_H

#include "shared.h"
#include "ccm_generic.h"

/* The assembly is given &key->aes, and the C path finds key->ct from it. */
static_assert(offsetof(struct aesnictr_ccm_key, aes) == 0);

/* The block operations of implementation impl, NULL if there are none. */
const struct aesnictr_ccm_ops *aesnictr_ccm_impl(enum aesnictr_impl impl);

/* Set a checked AES key on the SIMD path (the FPU must be usable) or not. */
int aesnictr_ccm_set_key(struct aesnictr_ccm_key *key, const u8 *in_key,
			 unsigned int key_len, bool simd);

/*
 * One message in linear buffers, as a request runs it: ops NULL is the C
 * path; iv is the checked 16-byte CCM IV; the AAD is MACed in the request
 * path's pieces, the text in two pieces split at split (a multiple of 16);
 * tag gets all 16 bytes.
 */
void aesnictr_ccm_crypt_buf(const struct aesnictr_ccm_key *key,
			    const struct aesnictr_ccm_ops *ops,
			    const u8 iv[AESNICTR_CCM_IV_SIZE],
			    unsigned int authsize, const u8 *assoc,
			    unsigned int alen, u8 *dst, const u8 *src,
			    unsigned int len, unsigned int split,
			    u8 tag[AESNICTR_BLOCK_SIZE], bool enc);

int aesnictr_ccm_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_CCM_INTERNAL_H */
