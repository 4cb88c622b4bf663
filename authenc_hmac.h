/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The authenc family's HMAC in portable C (authenc_hmac.c): SHA-1 and
 * SHA-256 compression (FIPS 180-4) for the path without the FPU, the HMAC
 * key states, the hash stream of authenc_asm.h (absorbing bytes beside the
 * assembly, finishing the HMAC).  Every compression goes through the blocks
 * function the caller passes: the assembly's, the C one, or (in the native
 * test) one that checks the assembly's ABI.  The same file builds in the
 * module and natively in tools/native.
 */
#ifndef AESNICTR_AUTHENC_HMAC_H
#define AESNICTR_AUTHENC_HMAC_H

#include "portable.h"
#include "aes_asm.h"
#include "authenc_asm.h"

enum aesnictr_authenc_hash {
	AESNICTR_AUTHENC_SHA1,
	AESNICTR_AUTHENC_SHA256,
	AESNICTR_AUTHENC_NR_HASHES
};

/* Compress nblocks 64-byte blocks of data into state (FIPS 180-4 order). */
typedef void aesnictr_sha_blocks_t(u32 *state, const u8 *data,
				   unsigned int nblocks);

/* A hash: its name, digest size, initial state and portable compression. */
struct aesnictr_authenc_sha {
	const char *name;
	unsigned int digestsize;
	u32 iv[8];
	aesnictr_sha_blocks_t *blocks_generic;
};

extern const struct aesnictr_authenc_sha
	aesnictr_authenc_shas[AESNICTR_AUTHENC_NR_HASHES];

/*
 * The HMAC states of key (any length; longer than a block: hashed first):
 * the initial state with the ipad and the opad block compressed.
 */
void aesnictr_authenc_hmac_key(const struct aesnictr_authenc_sha *sha,
			       aesnictr_sha_blocks_t *blocks, u32 istate[8],
			       u32 ostate[8], const u8 *key,
			       unsigned int keylen);

/*
 * Append n bytes to the stream s, keeping its invariant (authenc_asm.h):
 * the last complete block stays in full[] until more data comes, so that
 * the stitched encryption compresses it beside its first AES blocks.
 */
void aesnictr_authenc_absorb(struct aesnictr_authenc_stream *s,
			     aesnictr_sha_blocks_t *blocks, const u8 *p,
			     unsigned int n);

/*
 * The HMAC of the message in s, total hashed bytes (64 for the ipad block
 * + AAD + text): the inner hash padded in part[], then the outer hash (from
 * ostate) over the inner digest.  digest gets digestsize bytes.
 */
void aesnictr_authenc_hmac_final(struct aesnictr_authenc_stream *s,
				 aesnictr_sha_blocks_t *blocks,
				 const u32 ostate[8], unsigned int digestsize,
				 u64 total, u8 *digest);

#endif /* AESNICTR_AUTHENC_HMAC_H */
