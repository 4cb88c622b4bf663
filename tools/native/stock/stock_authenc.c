// SPDX-License-Identifier: GPL-2.0
/*
 * authenc(hmac(sha1|sha256|sha512),cbc(aes)) of a stock kernel (sha512:
 * the kernel's AVX2 sha512_transform_rorx; hmac(sha384) is the same code), composed as crypto/authenc.c composes its two parts, each part
 * being what that kernel's x86 code does (stock.h):
 *
 *   setkey: the AES key into the cbc(aes) driver's crypto_aes_ctx
 *     (aesni_set_key); hmac(shaN)'s setkey: K0 = the HMAC key (the bench's
 *     keys are shorter than a block), the ipad and opad blocks compressed
 *     once with the kernel's SHA block function, the two states kept.
 *   encrypt: cbc(aes) of the text, src -> dst (aesni_cbc_enc, one walk step:
 *     the bench's message is one segment), then hmac(shaN) over AAD ||
 *     ciphertext: the inner state, the AAD and the ciphertext appended as
 *     sha*_base_do_update does (a partial block buffered, whole blocks
 *     hashed straight from the data), sha*_base_finalize's padding, the
 *     outer state over the inner digest; the full digest is the tag.
 *   decrypt: the HMAC over AAD || ciphertext first, compared with the tag
 *     (crypto_memneq), then cbc(aes) decryption (aesni_cbc_dec).
 */
#include <string.h>

#include "stock.h"

#define SHA_BLK		64

static const u32 sha1_h0[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
};
static const u32 sha256_h0[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

/* A shash descriptor: the state, a partial block and the byte count. */
struct sha_desc {
	u32 h[8];
	u64 count;
	u8 buf[SHA_BLK];
};

static void sha_update(stock_blocks_t *blocks, struct sha_desc *d,
		       const u8 *p, unsigned int len)
{
	unsigned int partial = (unsigned int)(d->count % SHA_BLK), n;

	d->count += len;
	if (partial + len >= SHA_BLK) {
		if (partial) {
			n = SHA_BLK - partial;
			memcpy(d->buf + partial, p, n);
			p += n;
			len -= n;
			blocks(d->h, d->buf, 1);
		}
		n = len / SHA_BLK;
		if (n)
			blocks(d->h, p, n);
		p += n * SHA_BLK;
		len %= SHA_BLK;
		partial = 0;
	}
	memcpy(d->buf + partial, p, len);
}

static void put_be32(u8 *p, u32 v)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

/* Pad, compress and write the digest (ds bytes). */
static void sha_final(stock_blocks_t *blocks, struct sha_desc *d,
		      unsigned int ds, u8 *out)
{
	unsigned int partial = (unsigned int)(d->count % SHA_BLK), i;
	u64 bits = d->count * 8;

	d->buf[partial++] = 0x80;
	if (partial > SHA_BLK - 8) {
		memset(d->buf + partial, 0, SHA_BLK - partial);
		blocks(d->h, d->buf, 1);
		partial = 0;
	}
	memset(d->buf + partial, 0, SHA_BLK - 8 - partial);
	stock_put_be64(d->buf + SHA_BLK - 8, bits);
	blocks(d->h, d->buf, 1);
	for (i = 0; i < ds / 4; i++)
		put_be32(out + 4 * i, d->h[i]);
}

/* ---- SHA-512 (hmac(sha512) / hmac(sha384): 128-byte blocks, u64 state) ---- */

#define SHA512_BLK	128

static const u64 sha512_h0[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

struct sha512_desc {
	u64 h[8];
	u64 count;
	u8 buf[SHA512_BLK];
};

/* As sha512_base_do_update: a partial block buffered, whole blocks direct. */
static void sha512_update(stock_blocks512_t *blocks, struct sha512_desc *d,
			  const u8 *p, unsigned int len)
{
	unsigned int partial = (unsigned int)(d->count % SHA512_BLK), n;

	d->count += len;
	if (partial + len >= SHA512_BLK) {
		if (partial) {
			n = SHA512_BLK - partial;
			memcpy(d->buf + partial, p, n);
			p += n;
			len -= n;
			blocks(d->h, d->buf, 1);
		}
		n = len / SHA512_BLK;
		if (n)
			blocks(d->h, p, n);
		p += n * SHA512_BLK;
		len %= SHA512_BLK;
		partial = 0;
	}
	memcpy(d->buf + partial, p, len);
}

static void sha512_final(stock_blocks512_t *blocks, struct sha512_desc *d,
			 unsigned int ds, u8 *out)
{
	unsigned int partial = (unsigned int)(d->count % SHA512_BLK), i;

	d->buf[partial++] = 0x80;
	if (partial > SHA512_BLK - 16) {
		memset(d->buf + partial, 0, SHA512_BLK - partial);
		blocks(d->h, d->buf, 1);
		partial = 0;
	}
	memset(d->buf + partial, 0, SHA512_BLK - 8 - partial);
	stock_put_be64(d->buf + SHA512_BLK - 8, d->count * 8);
	blocks(d->h, d->buf, 1);
	for (i = 0; i < ds / 8; i++)
		stock_put_be64(out + 8 * i, d->h[i]);
}

static void sha512_setkey(struct stock_authenc_ctx *ctx, const u8 *hmac_key,
			  unsigned int hmac_len)
{
	stock_blocks512_t *blocks = ctx->ops->blocks512;
	u8 k0[SHA512_BLK], pad[SHA512_BLK];
	unsigned int i;

	memset(k0, 0, sizeof(k0));
	if (hmac_len > SHA512_BLK) {
		struct sha512_desc d;

		memcpy(d.h, sha512_h0, sizeof(d.h));
		d.count = 0;
		sha512_update(blocks, &d, hmac_key, hmac_len);
		sha512_final(blocks, &d, 64, k0);
	} else {
		memcpy(k0, hmac_key, hmac_len);
	}
	for (i = 0; i < SHA512_BLK; i++)
		pad[i] = k0[i] ^ 0x36;
	memcpy(ctx->istate512, sha512_h0, sizeof(sha512_h0));
	blocks(ctx->istate512, pad, 1);
	for (i = 0; i < SHA512_BLK; i++)
		pad[i] = k0[i] ^ 0x5c;
	memcpy(ctx->ostate512, sha512_h0, sizeof(sha512_h0));
	blocks(ctx->ostate512, pad, 1);
}

static void sha512_hmac(const struct stock_authenc_ctx *ctx, const u8 *aad,
			unsigned int aad_len, const u8 *text, unsigned int len,
			u8 *digest)
{
	stock_blocks512_t *blocks = ctx->ops->blocks512;
	struct sha512_desc d;
	u8 inner[64];

	memcpy(d.h, ctx->istate512, sizeof(d.h));
	d.count = SHA512_BLK;
	sha512_update(blocks, &d, aad, aad_len);
	sha512_update(blocks, &d, text, len);
	sha512_final(blocks, &d, 64, inner);
	memcpy(d.h, ctx->ostate512, sizeof(d.h));
	d.count = SHA512_BLK;
	sha512_update(blocks, &d, inner, 64);
	sha512_final(blocks, &d, 64, digest);
}

void stock_authenc_setkey(void *c, const struct stock_authenc_ops *ops,
			  int sha256, const u8 *aes_key, unsigned int aes_len,
			  const u8 *hmac_key, unsigned int hmac_len)
{
	struct stock_authenc_ctx *ctx = c;
	stock_blocks_t *blocks = ops->blocks[!!sha256];
	unsigned int ds = sha256 ? 32 : 20, i;
	u8 k0[SHA_BLK], pad[SHA_BLK];

	memset(ctx, 0, sizeof(*ctx));
	ctx->ops = ops;
	ctx->sha256 = sha256 == 2 ? 2 : !!sha256;
	ops->set_key(&ctx->aes, aes_key, aes_len);
	if (sha256 == 2) {
		sha512_setkey(ctx, hmac_key, hmac_len);
		return;
	}
	memset(k0, 0, sizeof(k0));
	if (hmac_len > SHA_BLK) {	/* K0 = H(key) */
		struct sha_desc d;

		memcpy(d.h, sha256 ? sha256_h0 : sha1_h0, ds);
		d.count = 0;
		sha_update(blocks, &d, hmac_key, hmac_len);
		sha_final(blocks, &d, ds, k0);
	} else {
		memcpy(k0, hmac_key, hmac_len);
	}
	for (i = 0; i < SHA_BLK; i++)
		pad[i] = k0[i] ^ 0x36;
	memcpy(ctx->istate, sha256 ? sha256_h0 : sha1_h0, ds);
	blocks(ctx->istate, pad, 1);
	for (i = 0; i < SHA_BLK; i++)
		pad[i] = k0[i] ^ 0x5c;
	memcpy(ctx->ostate, sha256 ? sha256_h0 : sha1_h0, ds);
	blocks(ctx->ostate, pad, 1);
}

/* hmac(shaN) over aad || text with the precomputed states: the full digest. */
static void authenc_hmac(const struct stock_authenc_ctx *ctx, const u8 *aad,
			 unsigned int aad_len, const u8 *text,
			 unsigned int len, u8 *digest)
{
	stock_blocks_t *blocks = ctx->ops->blocks[ctx->sha256 & 1];
	unsigned int ds = ctx->sha256 ? 32 : 20;
	struct sha_desc d;
	u8 inner[32];

	if (ctx->sha256 == 2) {
		sha512_hmac(ctx, aad, aad_len, text, len, digest);
		return;
	}

	memcpy(d.h, ctx->istate, sizeof(d.h));
	d.count = SHA_BLK;
	sha_update(blocks, &d, aad, aad_len);
	sha_update(blocks, &d, text, len);
	sha_final(blocks, &d, ds, inner);
	memcpy(d.h, ctx->ostate, sizeof(d.h));
	d.count = SHA_BLK;
	sha_update(blocks, &d, inner, ds);
	sha_final(blocks, &d, ds, digest);
}

void stock_authenc_enc(const void *c, const u8 iv[16], const u8 *aad,
		       unsigned int aad_len, const u8 *src, u8 *dst,
		       unsigned int len, u8 *tag)
{
	const struct stock_authenc_ctx *ctx = c;
	u8 v[16] __attribute__((aligned(16)));

	memcpy(v, iv, 16);
	if (len)
		ctx->ops->cbc_enc(&ctx->aes, dst, src, len, v);
	authenc_hmac(ctx, aad, aad_len, dst, len, tag);
}

int stock_authenc_dec(const void *c, const u8 iv[16], const u8 *aad,
		      unsigned int aad_len, const u8 *src, u8 *dst,
		      unsigned int len, const u8 *tag)
{
	const struct stock_authenc_ctx *ctx = c;
	u8 v[16] __attribute__((aligned(16))), t[64];

	authenc_hmac(ctx, aad, aad_len, src, len, t);
	if (stock_memneq(t, tag, ctx->sha256 == 2 ? 64 : ctx->sha256 ? 32 : 20))
		return 0;
	memcpy(v, iv, 16);
	if (len)
		ctx->ops->cbc_dec(&ctx->aes, dst, src, len, v);
	return 1;
}
