// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc glue's request path in userspace (authenc_fns.h).  The
 * assembly's entry points are referenced strongly: a build without one
 * does not link.
 */
#include <string.h>

#include "authenc_fns.h"

#define SB	AESNICTR_SHA_BLOCK_SIZE

static const u32 sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
};
static const u32 sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

const struct authenc_hash authenc_hashes[NR_HASH] = {
	[H_SHA1] = { "sha1", 20, sha1_iv, aesnictr_sha1_blocks,
		     aesnictr_cbc_sha1_enc, aesnictr_cbc_sha1_dec, EVP_sha1 },
	[H_SHA256] = { "sha256", 32, sha256_iv, aesnictr_sha256_blocks,
		       aesnictr_cbc_sha256_enc, aesnictr_cbc_sha256_dec,
		       EVP_sha256 },
};

void authenc_compress_direct(const struct authenc_hash *hd, u32 *state,
			     const u8 *p, unsigned int n)
{
	hd->blocks(state, p, n);
}

static void put_be32(u8 *p, u32 v)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

void authenc_pad_final(const struct authenc_hash *hd, authenc_compress_t *c,
		       u32 *state, const u8 *last, unsigned int n,
		       uint64_t total, u8 *digest)
{
	u8 buf[2 * SB];
	unsigned int nb = n + 9 > SB ? 2 : 1, i;
	uint64_t bits = total * 8;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, last, n);
	buf[n] = 0x80;
	for (i = 0; i < 8; i++)
		buf[nb * SB - 1 - i] = (u8)(bits >> (8 * i));
	c(hd, state, buf, nb);
	for (i = 0; i < hd->ds / 4; i++)
		put_be32(digest + 4 * i, state[i]);
}

void authenc_sha_digest(const struct authenc_hash *hd, authenc_compress_t *c,
			const u8 *p, size_t n, u8 *digest)
{
	u32 st[8];

	memcpy(st, hd->iv, hd->ds);
	c(hd, st, p, (unsigned int)(n / SB));
	authenc_pad_final(hd, c, st, p + n - n % SB, (unsigned int)(n % SB), n,
			  digest);
}

void authenc_hmac_setkey(const struct authenc_hash *hd, authenc_compress_t *c,
			 struct authenc_hkey *k, const u8 *key, size_t klen)
{
	u8 k0[SB], pad[SB];
	unsigned int i;

	memset(k0, 0, sizeof(k0));
	if (klen > SB)
		authenc_sha_digest(hd, c, key, klen, k0);
	else if (klen)
		memcpy(k0, key, klen);
	for (i = 0; i < SB; i++)
		pad[i] = k0[i] ^ 0x36;
	memcpy(k->istate, hd->iv, hd->ds);
	c(hd, k->istate, pad, 1);
	for (i = 0; i < SB; i++)
		pad[i] = k0[i] ^ 0x5c;
	memcpy(k->ostate, hd->iv, hd->ds);
	c(hd, k->ostate, pad, 1);
}

void authenc_absorb(const struct authenc_hash *hd, authenc_compress_t *c,
		    struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		    int lazy)
{
	while (n) {
		unsigned int k;

		if (!lazy && s->nfull) {
			c(hd, s->h, s->full, 1);
			s->nfull = 0;
		}
		if (!lazy && !s->npart && n >= SB) {
			k = (unsigned int)(n / SB);
			c(hd, s->h, p, k);
			p += (size_t)k * SB;
			n -= (size_t)k * SB;
			continue;
		}
		k = SB - s->npart;
		if (k > n)
			k = (unsigned int)n;
		memcpy(s->part + s->npart, p, k);
		s->npart += k;
		p += k;
		n -= k;
		if (s->npart == SB) {
			if (s->nfull)
				c(hd, s->h, s->full, 1);
			memcpy(s->full, s->part, SB);
			s->nfull = 1;
			s->npart = 0;
		}
	}
}

void authenc_finish(const struct authenc_hash *hd, authenc_compress_t *c,
		    const struct authenc_hkey *k,
		    struct aesnictr_authenc_stream *s, uint64_t total, u8 *tag)
{
	u8 inner[32];
	u32 st[8];

	if (s->nfull)
		c(hd, s->h, s->full, 1);
	authenc_pad_final(hd, c, s->h, s->part, s->npart, total, inner);
	memcpy(st, k->ostate, hd->ds);
	authenc_pad_final(hd, c, st, inner, hd->ds, SB + hd->ds, tag);
}
