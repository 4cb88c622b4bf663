// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc family in userspace (authenc_fns.h): the module's HMAC
 * (../../authenc_hmac.c) over the assembly.  The assembly's entry points
 * are referenced strongly: a build without one does not link.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/hmac.h>

#include "authenc_fns.h"

const struct authenc_hash authenc_hashes[NR_HASH] = {
	[H_SHA1] = {
		.name = "sha1", .ds = 20,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA1],
		.blocks = aesnictr_sha1_blocks,
		.enc = aesnictr_cbc_sha1_enc, .dec = aesnictr_cbc_sha1_dec,
		.hmac_final = aesnictr_sha1_hmac_final,
		.md = EVP_sha1,
	},
	[H_SHA256] = {
		.name = "sha256", .ds = 32,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA256],
		.blocks = aesnictr_sha256_blocks,
		.enc = aesnictr_cbc_sha256_enc, .dec = aesnictr_cbc_sha256_dec,
		.hmac_final = aesnictr_sha256_hmac_final,
		.md = EVP_sha256,
	},
	/* SHA-384 is SHA-512's code with another state and a shorter digest */
	[H_SHA384] = {
		.name = "sha384", .ds = 48,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA384],
		.blocks = aesnictr_sha512_blocks,
		.enc = aesnictr_cbc_sha512_enc, .dec = aesnictr_cbc_sha512_dec,
		.md = EVP_sha384,
	},
	[H_SHA512] = {
		.name = "sha512", .ds = 64,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA512],
		.blocks = aesnictr_sha512_blocks,
		.enc = aesnictr_cbc_sha512_enc, .dec = aesnictr_cbc_sha512_dec,
		.md = EVP_sha512,
	},
};

void authenc_compress_direct(const struct authenc_hash *hd,
			     union aesnictr_sha_state *state, const u8 *p,
			     unsigned int n)
{
	hd->blocks(state, p, n);
}

/*
 * The module's code takes a plain blocks function; a compress function
 * other than the direct one is reached through this trampoline (the tests
 * are single-threaded).
 */
static const struct authenc_hash *via_hd;
static authenc_compress_t *via_c;

static void via_compress(union aesnictr_sha_state *state, const u8 *p,
			 unsigned int n)
{
	via_c(via_hd, state, p, n);
}

static aesnictr_sha_blocks_t *blocks_of(const struct authenc_hash *hd,
					authenc_compress_t *c)
{
	if (c == authenc_compress_direct)
		return hd->blocks;
	via_hd = hd;
	via_c = c;
	return via_compress;
}

void authenc_hmac_setkey(const struct authenc_hash *hd, authenc_compress_t *c,
			 struct authenc_hkey *k, const u8 *key, size_t klen)
{
	aesnictr_authenc_hmac_key(hd->sha, blocks_of(hd, c), &k->istate,
				  &k->ostate, key, (unsigned int)klen);
}

void authenc_absorb(const struct authenc_hash *hd, authenc_compress_t *c,
		    struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		    int lazy)
{
	aesnictr_authenc_absorb(s, hd->sha, blocks_of(hd, c), p,
				(unsigned int)n);
	if (!lazy && s->nfull) {
		c(hd, &s->h, s->full, 1);
		s->nfull = 0;
	}
}

void authenc_finish(const struct authenc_hash *hd, authenc_compress_t *c,
		    const struct authenc_hkey *k,
		    struct aesnictr_authenc_stream *s, uint64_t total, u8 *tag)
{
	aesnictr_authenc_hmac_final(s, hd->sha, blocks_of(hd, c), &k->ostate,
				    total, tag);
}

const EVP_CIPHER *authenc_cbc_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_cbc() : klen == 24 ?
	       EVP_aes_192_cbc() : EVP_aes_256_cbc();
}

void authenc_ossl_cbc(EVP_CIPHER_CTX *c, unsigned int klen, const u8 *key,
		      const u8 *iv, const u8 *in, u8 *out, size_t len, int enc)
{
	int n;

	if (!EVP_CipherInit_ex(c, authenc_cbc_cipher(klen), NULL, key, iv,
			       enc) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    !EVP_CipherUpdate(c, out, &n, in, (int)len)) {
		fprintf(stderr, "OpenSSL CBC failed\n");
		exit(2);
	}
}

void authenc_ossl_hmac(const EVP_MD *md, u8 *scratch, const u8 *key,
		       size_t klen, const u8 *aad, size_t alen, const u8 *c,
		       size_t clen, u8 *tag)
{
	static const u8 nokey[1];
	unsigned int n;

	memcpy(scratch, aad, alen);
	memcpy(scratch + alen, c, clen);
	if (!HMAC(md, klen ? key : nokey, (int)klen, scratch, alen + clen,
		  tag, &n)) {
		fprintf(stderr, "OpenSSL HMAC failed\n");
		exit(2);
	}
}
