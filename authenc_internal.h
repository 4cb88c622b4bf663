/* SPDX-License-Identifier: GPL-2.0 */
/* The authenc family's own interface, between authenc_glue.c and authenc_selftest.c. */
#ifndef AESNICTR_AUTHENC_INTERNAL_H
#define AESNICTR_AUTHENC_INTERNAL_H

#include "shared.h"
#include "authenc_hmac.h"

/* The (largest) digest size, and the SHA block size, in bytes. */
#define AESNICTR_AUTHENC_MAX_DIGEST	32

struct aesnictr_authenc_ctx;

size_t aesnictr_authenc_ctx_size(void);

/* "sha1" / "sha256", and the digest size (the largest authsize). */
const char *aesnictr_authenc_hash_name(enum aesnictr_authenc_hash hash);
unsigned int aesnictr_authenc_digest_size(enum aesnictr_authenc_hash hash);

/*
 * Set the authenc key blob (crypto_authenc_extractkeys' format) for hash:
 * the AES schedules by AES-NI (simd: the FPU must be usable) or the C code,
 * the HMAC inner and outer states in C.  -EINVAL for a bad blob or AES key
 * length, as the authenc template.
 */
int aesnictr_authenc_set_key(struct aesnictr_authenc_ctx *ctx,
			     enum aesnictr_authenc_hash hash, const u8 *key,
			     unsigned int keylen, bool simd);

/*
 * One message in linear buffers, as a request runs it, on the SIMD path
 * (simd) or the C path: the AAD absorbed in the request path's 256-byte
 * pieces, the text (a multiple of 16 bytes) in two steps split at split (a
 * multiple of 16), the whole HMAC into tag (the digest size), iv updated.
 */
void aesnictr_authenc_crypt_buf(const struct aesnictr_authenc_ctx *ctx,
				bool simd, u8 iv[AESNICTR_BLOCK_SIZE],
				const u8 *assoc, unsigned int alen, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int split, u8 *tag, bool enc);

int aesnictr_authenc_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_AUTHENC_INTERNAL_H */
