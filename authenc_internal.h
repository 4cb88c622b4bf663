/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The authenc families' own interface, between authenc_glue.c (the
 * algorithms: requests, keys), authenc_impls.c (the code a request runs),
 * authenc_families.c (the two families) and authenc_selftest.c.
 */
#ifndef AESNICTR_AUTHENC_INTERNAL_H
#define AESNICTR_AUTHENC_INTERNAL_H

#include <crypto/aead.h>
#include "shared.h"
#include "authenc_asm.h"
#include "authenc_hmac.h"

/*
 * One implementation of a hash: the stitched CBC + HMAC routines and the
 * compression the AAD and the finish use.  The assembly's
 * (authenc_asm.h) and the C one (the same signatures) alike.  A message
 * of at most hash_first_max bytes of text is decrypted hashed first, by
 * aesnictr_authenc_dec_hash_first() with cbc_dec, in place of dec
 * (cbc_dec NULL: never).
 */
struct aesnictr_authenc_impl {
	AESNICTR_CBC_SHA((*enc));
	AESNICTR_CBC_SHA((*dec));
	AESNICTR_CBC_CRYPT((*cbc_dec));
	AESNICTR_SHA_HMAC_FINAL((*hmac_final));	/* NULL: authenc_hmac.c's */
	aesnictr_sha_blocks_t *blocks;
	unsigned int hash_first_max;
};

/* A transform's keys and what it is. */
struct aesnictr_authenc_ctx {
	struct aesnictr_key enc, dec;		/* AES schedules, both paths */
	struct aesnictr_ct_sched ct_enc, ct_dec; /* bitsliced: the C path */
	union aesnictr_sha_state istate, ostate; /* HMAC inner / outer */
	const struct aesnictr_authenc_impl *impl; /* its SIMD code */
	enum aesnictr_authenc_hash hash;
	bool esn;				/* authencesn */
};

/* The SIMD implementation impl of hash, and the C one (authenc_impls.c). */
const struct aesnictr_authenc_impl *
aesnictr_authenc_simd_impl(enum aesnictr_authenc_hash hash,
			   enum aesnictr_impl impl);
const struct aesnictr_authenc_impl *
aesnictr_authenc_c_impl(enum aesnictr_authenc_hash hash);

size_t aesnictr_authenc_ctx_size(void);

/*
 * The algorithms, [hash][0] authenc and [hash][1] authencesn (a family's
 * two hashes adjoin), and the implementation the family of hashes first
 * and first + 1 registers them with (set before registering).
 */
extern struct aead_alg aesnictr_authenc_algs[AESNICTR_AUTHENC_NR_HASHES][2];
void aesnictr_authenc_use_impl(enum aesnictr_authenc_hash first,
			       enum aesnictr_impl impl);

/* "sha1" ... "sha512", and the digest size (the largest authsize). */
const char *aesnictr_authenc_hash_name(enum aesnictr_authenc_hash hash);
unsigned int aesnictr_authenc_digest_size(enum aesnictr_authenc_hash hash);

/*
 * Make ctx one of hash, authenc (!esn) or authencesn (esn), on
 * implementation impl's SIMD code.
 */
void aesnictr_authenc_init_ctx(struct aesnictr_authenc_ctx *ctx,
			       enum aesnictr_authenc_hash hash, bool esn,
			       enum aesnictr_impl impl);

/*
 * Set the authenc key blob (crypto_authenc_extractkeys' format): the AES
 * schedules by AES-NI (simd: the FPU must be usable) or the C code, the
 * HMAC inner and outer states in C.  -EINVAL for a bad blob, AES key length
 * or (under fips_enabled) an HMAC key shorter than 112 bits, as the
 * template.
 */
int aesnictr_authenc_set_key(struct aesnictr_authenc_ctx *ctx, const u8 *key,
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

/*
 * The self-test of one family: hashes first and first + 1 (SHA-1 and
 * SHA-256, or SHA-384 and SHA-512), authenc and authencesn.
 */
int aesnictr_authenc_selftest(enum aesnictr_authenc_hash first,
			      enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_AUTHENC_INTERNAL_H */
