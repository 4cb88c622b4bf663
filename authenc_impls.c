// SPDX-License-Identifier: GPL-2.0
/*
 * The code an authenc request runs, per hash: the stitched assembly of each
 * implementation (authenc_sha.S: SHA-1 and SHA-256 on SHA-NI;
 * authenc_sha512.S: SHA-384/512 with the message schedule in AVX2, or in
 * AVX-512VL for the vaes512 slot), and the C implementation for when the
 * FPU is unusable: CBC by the constant-time AES of aes_ct.c, the HMAC of
 * authenc_hmac.c, behind the assembly's signatures and stream semantics.
 * SHA-384/512 decrypt short messages hashed first, then by the widest CBC
 * decryption the slot allows (cbc_asm.h): AES-NI's, or with VAES in the
 * vaes512 slot (whose max_tier cap allows zmm) the 32-block one.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <linux/kernel.h>
#include "authenc_internal.h"

static const struct aesnictr_authenc_impl
authenc_asm_impls[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.enc = aesnictr_cbc_sha1_enc, .dec = aesnictr_cbc_sha1_dec,
		.blocks = aesnictr_sha1_blocks,
		.hmac_final = aesnictr_sha1_hmac_final
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.enc = aesnictr_cbc_sha256_enc, .dec = aesnictr_cbc_sha256_dec,
		.blocks = aesnictr_sha256_blocks,
		.hmac_final = aesnictr_sha256_hmac_final
	},
	/* SHA-384 is SHA-512 with another initial state, truncated */
	[AESNICTR_AUTHENC_SHA384] = {
		.enc = aesnictr_cbc_sha512_enc, .dec = aesnictr_cbc_sha512_dec,
		.cbc_dec = aesnictr_cbc_decrypt_avx,
		.blocks = aesnictr_sha512_blocks,
		.hash_first_max = AESNICTR_AUTHENC_SHA512_HASH_FIRST_AVX
	},
	[AESNICTR_AUTHENC_SHA512] = {
		.enc = aesnictr_cbc_sha512_enc, .dec = aesnictr_cbc_sha512_dec,
		.cbc_dec = aesnictr_cbc_decrypt_avx,
		.blocks = aesnictr_sha512_blocks,
		.hash_first_max = AESNICTR_AUTHENC_SHA512_HASH_FIRST_AVX
	},
};

#if AESNICTR_AS_VAES
/*
 * SHA-512's message schedule in AVX-512VL (on ymm registers: the rotates
 * and three-input logic; no VAES, no zmm), the authenc-sha512 family's
 * vaes512 slot, which max_tier caps as the other AVX-512 code.
 */
static const struct aesnictr_authenc_impl authenc_sha512_avx512 = {
	.enc = aesnictr_cbc_sha512_enc_avx512,
	.dec = aesnictr_cbc_sha512_dec_avx512,
	.cbc_dec = aesnictr_cbc_decrypt_avx,
	.blocks = aesnictr_sha512_blocks_avx512,
	.hash_first_max = AESNICTR_AUTHENC_SHA512_HASH_FIRST_AVX
};

/* The same where the CPU also has VAES (the slot does not need it). */
static const struct aesnictr_authenc_impl authenc_sha512_avx512_vaes = {
	.enc = aesnictr_cbc_sha512_enc_avx512,
	.dec = aesnictr_cbc_sha512_dec_avx512,
	.cbc_dec = aesnictr_cbc_decrypt_vaes512,
	.blocks = aesnictr_sha512_blocks_avx512,
	.hash_first_max = AESNICTR_AUTHENC_SHA512_HASH_FIRST_VAES512
};
#endif

const struct aesnictr_authenc_impl *
aesnictr_authenc_simd_impl(enum aesnictr_authenc_hash hash,
			   enum aesnictr_impl impl)
{
#if AESNICTR_AS_VAES
	if (impl == AESNICTR_VAES512 && hash >= AESNICTR_AUTHENC_SHA384)
		return aesnictr_cpu_lacks_impl(AESNICTR_VAES512) ?
		       &authenc_sha512_avx512 : &authenc_sha512_avx512_vaes;
#endif
	return &authenc_asm_impls[hash];
}

/* ---- the C implementation ---- */

static const struct aesnictr_authenc_ctx *
authenc_ctx_of_enc(const struct aesnictr_key *key)
{
	return container_of(key, struct aesnictr_authenc_ctx, enc);
}

static const struct aesnictr_authenc_ctx *
authenc_ctx_of_dec(const struct aesnictr_key *key)
{
	return container_of(key, struct aesnictr_authenc_ctx, dec);
}

/* CBC-encrypt, then hash the ciphertext; s->iv carries the chain. */
static void cbc_sha_enc_c(const struct aesnictr_key *key,
			  struct aesnictr_authenc_stream *s, u8 *dst,
			  const u8 *src, unsigned int len)
{
	const struct aesnictr_authenc_ctx *ctx = authenc_ctx_of_enc(key);
	const struct aesnictr_authenc_sha *sha =
		&aesnictr_authenc_shas[ctx->hash];
	unsigned int i;

	for (i = 0; i < len; i += AES_BLOCK_SIZE) {
		crypto_xor(s->iv, src + i, AES_BLOCK_SIZE);
		aesnictr_ct_encrypt_sched(&ctx->ct_enc, dst + i, s->iv, 1);
		memcpy(s->iv, dst + i, AES_BLOCK_SIZE);
	}
	aesnictr_authenc_absorb(s, sha, sha->blocks_generic, dst, len);
}

/* Hash the ciphertext (before an in-place overwrite), then CBC-decrypt. */
static void cbc_sha_dec_c(const struct aesnictr_key *key,
			  struct aesnictr_authenc_stream *s, u8 *dst,
			  const u8 *src, unsigned int len)
{
	const struct aesnictr_authenc_ctx *ctx = authenc_ctx_of_dec(key);
	const struct aesnictr_authenc_sha *sha =
		&aesnictr_authenc_shas[ctx->hash];
	u8 c[8 * AES_BLOCK_SIZE];
	unsigned int n;

	aesnictr_authenc_absorb(s, sha, sha->blocks_generic, src, len);
	while (len) {
		n = min_t(unsigned int, len, sizeof(c));
		memcpy(c, src, n);
		aesnictr_ct_decrypt_sched(&ctx->ct_dec, dst, c,
					  n / AES_BLOCK_SIZE);
		crypto_xor(dst, s->iv, AES_BLOCK_SIZE);
		crypto_xor(dst + AES_BLOCK_SIZE, c, n - AES_BLOCK_SIZE);
		memcpy(s->iv, c + n - AES_BLOCK_SIZE, AES_BLOCK_SIZE);
		src += n;
		dst += n;
		len -= n;
	}
}

static const struct aesnictr_authenc_impl
authenc_c_impls[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.enc = cbc_sha_enc_c, .dec = cbc_sha_dec_c,
		.blocks = aesnictr_sha1_blocks_generic
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.enc = cbc_sha_enc_c, .dec = cbc_sha_dec_c,
		.blocks = aesnictr_sha256_blocks_generic
	},
	[AESNICTR_AUTHENC_SHA384] = {
		.enc = cbc_sha_enc_c, .dec = cbc_sha_dec_c,
		.blocks = aesnictr_sha512_blocks_generic
	},
	[AESNICTR_AUTHENC_SHA512] = {
		.enc = cbc_sha_enc_c, .dec = cbc_sha_dec_c,
		.blocks = aesnictr_sha512_blocks_generic
	},
};

const struct aesnictr_authenc_impl *
aesnictr_authenc_c_impl(enum aesnictr_authenc_hash hash)
{
	return &authenc_c_impls[hash];
}
