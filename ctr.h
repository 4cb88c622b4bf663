/* SPDX-License-Identifier: GPL-2.0 */
/* The ctr family's own interface, between ctr_glue.c and ctr_selftest.c. */
#ifndef AESNICTR_CTR_H
#define AESNICTR_CTR_H

#include "aesnictr_shared.h"

typedef AESNICTR_CTR_CRYPT((*aesnictr_ctr_fn));

/* The routine of implementation impl, NULL if this build lacks it. */
aesnictr_ctr_fn aesnictr_ctr_impl(enum aesnictr_impl impl);

/*
 * Encrypt (or decrypt) len bytes with the 128-bit big-endian counter in iv
 * and advance iv past the last (partial) block: with fn inside one FPU
 * section, or on the non-SIMD path when fn is NULL.  At most a page of data
 * per call bounds the FPU section.
 */
void aesnictr_ctr_crypt_buf(const struct aesnictr_key *key, aesnictr_ctr_fn fn,
			    u8 *dst, const u8 *src, unsigned int len,
			    u8 iv[AESNICTR_BLOCK_SIZE]);

int aesnictr_ctr_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_CTR_H */
