/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The authenc families' HMAC in portable C (authenc_hmac.c): SHA-1, SHA-256
 * and SHA-512 compression (FIPS 180-4) for the path without the FPU, the
 * HMAC key states, the hash stream of authenc_asm.h (absorbing bytes beside
 * the assembly, authencesn's rearranged AAD, finishing the HMAC).  Every
 * compression goes through the blocks function the caller passes: the
 * assembly's, the C one, or (in the native test) one that checks the
 * assembly's ABI.  The same file builds in the module and natively in
 * tools/native.
 */
#ifndef AESNICTR_AUTHENC_HMAC_H
#define AESNICTR_AUTHENC_HMAC_H

#include "portable.h"
#include "aes_asm.h"
#include "authenc_asm.h"
#include "cbc_asm.h"

enum aesnictr_authenc_hash {
	AESNICTR_AUTHENC_SHA1,
	AESNICTR_AUTHENC_SHA256,
	AESNICTR_AUTHENC_SHA384,
	AESNICTR_AUTHENC_SHA512,
	AESNICTR_AUTHENC_NR_HASHES
};

/* The largest digest (SHA-512's). */
#define AESNICTR_AUTHENC_MAX_DIGEST	64

/* Compress nblocks blocks of data into state (FIPS 180-4 order). */
typedef void aesnictr_sha_blocks_t(union aesnictr_sha_state *state,
				   const u8 *data, unsigned int nblocks);

/* The portable compressions (SHA-384 runs SHA-512's). */
aesnictr_sha_blocks_t aesnictr_sha1_blocks_generic;
aesnictr_sha_blocks_t aesnictr_sha256_blocks_generic;
aesnictr_sha_blocks_t aesnictr_sha512_blocks_generic;

/*
 * A hash: its name, digest and block size (64, or 128 for the SHA-512
 * kind, whose state and length field are twice as wide), initial state and
 * portable compression.
 */
struct aesnictr_authenc_sha {
	const char *name;
	unsigned int digestsize;
	unsigned int blocksize;
	union aesnictr_sha_state iv;
	aesnictr_sha_blocks_t *blocks_generic;
};

extern const struct aesnictr_authenc_sha
	aesnictr_authenc_shas[AESNICTR_AUTHENC_NR_HASHES];

/*
 * The HMAC states of key (any length; longer than a block: hashed first):
 * the initial state with the ipad and the opad block compressed.
 */
void aesnictr_authenc_hmac_key(const struct aesnictr_authenc_sha *sha,
			       aesnictr_sha_blocks_t *blocks,
			       union aesnictr_sha_state *istate,
			       union aesnictr_sha_state *ostate, const u8 *key,
			       unsigned int keylen);

/*
 * Append n bytes to the stream s of hash sha, keeping its invariant
 * (authenc_asm.h): the last complete block stays in full[] until more data
 * comes, so that the stitched encryption compresses it beside its first
 * AES blocks.
 */
void aesnictr_authenc_absorb(struct aesnictr_authenc_stream *s,
			     const struct aesnictr_authenc_sha *sha,
			     aesnictr_sha_blocks_t *blocks, const u8 *p,
			     unsigned int n);

/*
 * authencesn's AAD (RFC 4303, crypto/authencesn.c): SPI (bytes 0..3),
 * seq_hi (4..7), seq_lo and the rest, which the MAC covers as SPI ||
 * seq_lo || the rest || ciphertext || seq_hi.  Append the AAD bytes
 * [off, off + n) to s, setting seq_hi's bytes aside in seq_hi, to be
 * appended behind the text.
 */
void aesnictr_authenc_absorb_esn_aad(struct aesnictr_authenc_stream *s,
				     const struct aesnictr_authenc_sha *sha,
				     aesnictr_sha_blocks_t *blocks,
				     const u8 *p, unsigned int n,
				     unsigned int off, u8 seq_hi[4]);

/*
 * The HMAC of the message in s, total hashed bytes (a block for the ipad
 * + AAD + text): the inner hash padded in part[], then the outer hash (from
 * ostate) over the inner digest.  digest gets the digest size.
 */
void aesnictr_authenc_hmac_final(struct aesnictr_authenc_stream *s,
				 const struct aesnictr_authenc_sha *sha,
				 aesnictr_sha_blocks_t *blocks,
				 const union aesnictr_sha_state *ostate,
				 u64 total, u8 *digest);

/*
 * A decryption piece hashed first: the ciphertext src appended to the
 * stream as by aesnictr_authenc_absorb() (so a complete last block may stay
 * in full[]), then CBC-decrypted to dst by cbc_dec (cbc_asm.h) with the
 * decryption schedule key and s->iv.  Hashing before decrypting lets dst be
 * src.  authenc-sha512 decrypts a short message so in place of the
 * stitched routine: beside SHA-512's scalar rounds the stitched AES rounds
 * slow the hash down by more than the separate CBC pass costs.
 */
void aesnictr_authenc_dec_hash_first(struct aesnictr_authenc_stream *s,
				     const struct aesnictr_authenc_sha *sha,
				     aesnictr_sha_blocks_t *blocks,
				     AESNICTR_CBC_CRYPT((*cbc_dec)),
				     const struct aesnictr_key *key, u8 *dst,
				     const u8 *src, unsigned int len);

/*
 * The longest text (bytes) authenc-sha512 decrypts hashed first: with the
 * CBC decryption of 8 blocks in flight (AES-NI) and of 32 (VAES on zmm);
 * longer messages run the stitched routine.  Measured on AMD Zen 5
 * (docs/performance.md, "authenc-sha512 decryption").
 */
#define AESNICTR_AUTHENC_SHA512_HASH_FIRST_AVX		1536
#define AESNICTR_AUTHENC_SHA512_HASH_FIRST_VAES512	4096

#endif /* AESNICTR_AUTHENC_HMAC_H */
