// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc family in userspace (authenc_fns.h): the module's HMAC
 * (../../authenc_hmac.c) over the assembly.  The assembly's entry points
 * are referenced strongly: a build without one does not link.
 */
#include <string.h>

#include "authenc_fns.h"

const struct authenc_hash authenc_hashes[NR_HASH] = {
	[H_SHA1] = {
		.name = "sha1", .ds = 20,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA1],
		.blocks = aesnictr_sha1_blocks,
		.enc = aesnictr_cbc_sha1_enc, .dec = aesnictr_cbc_sha1_dec,
		.md = EVP_sha1,
	},
	[H_SHA256] = {
		.name = "sha256", .ds = 32,
		.sha = &aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA256],
		.blocks = aesnictr_sha256_blocks,
		.enc = aesnictr_cbc_sha256_enc, .dec = aesnictr_cbc_sha256_dec,
		.md = EVP_sha256,
	},
};

void authenc_compress_direct(const struct authenc_hash *hd, u32 *state,
			     const u8 *p, unsigned int n)
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

static void via_compress(u32 *state, const u8 *p, unsigned int n)
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
	aesnictr_authenc_hmac_key(hd->sha, blocks_of(hd, c), k->istate,
				  k->ostate, key, (unsigned int)klen);
}

void authenc_absorb(const struct authenc_hash *hd, authenc_compress_t *c,
		    struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		    int lazy)
{
	aesnictr_authenc_absorb(s, blocks_of(hd, c), p, (unsigned int)n);
	if (!lazy && s->nfull) {
		c(hd, s->h, s->full, 1);
		s->nfull = 0;
	}
}

void authenc_finish(const struct authenc_hash *hd, authenc_compress_t *c,
		    const struct authenc_hkey *k,
		    struct aesnictr_authenc_stream *s, uint64_t total, u8 *tag)
{
	aesnictr_authenc_hmac_final(s, blocks_of(hd, c), k->ostate, hd->ds,
				    total, tag);
}

/* ---- SHA-512 / SHA-384 ------------------------------------------------------ */

#define SB512	128

const u64 authenc512_iv512[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};
const u64 authenc512_iv384[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL,
	0x152fecd8f70e5939ULL, 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
	0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
};

static void blocks512(u64 *h, const u8 *p, unsigned int n)
{
	aesnictr_sha512_blocks((union aesnictr_sha_state *)h, p, n);
}

static void be64(u8 *p, u64 v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (u8)v;
}

static void pad512(u64 *h, const u8 *buf, unsigned int n, u64 total)
{
	u8 b[2 * SB512];
	unsigned int nb = n < SB512 - 16 ? 1 : 2;

	memset(b, 0, sizeof(b));
	memcpy(b, buf, n);
	b[n] = 0x80;
	be64(b + nb * SB512 - 16, total >> 61);
	be64(b + nb * SB512 - 8, total << 3);
	blocks512(h, b, nb);
}

static void out512(const u64 *h, unsigned int ds, u8 *out)
{
	unsigned int i;

	for (i = 0; i < ds / 8; i++)
		be64(out + 8 * i, h[i]);
}

void authenc512_setkey(struct authenc512_hkey *k, const u64 *iv,
		       unsigned int ds, const u8 *key, size_t klen)
{
	u8 kb[SB512], pad[SB512];
	unsigned int i;

	memset(kb, 0, sizeof(kb));
	if (klen > SB512) {
		u64 h[8];
		size_t full = klen / SB512 * SB512;

		memcpy(h, iv, sizeof(h));
		blocks512(h, key, (unsigned int)(klen / SB512));
		pad512(h, key + full, (unsigned int)(klen - full), klen);
		out512(h, ds, kb);
	} else if (klen) {
		memcpy(kb, key, klen);
	}
	for (i = 0; i < SB512; i++)
		pad[i] = kb[i] ^ 0x36;
	memcpy(k->istate, iv, sizeof(k->istate));
	blocks512(k->istate, pad, 1);
	for (i = 0; i < SB512; i++)
		pad[i] = kb[i] ^ 0x5c;
	memcpy(k->ostate, iv, sizeof(k->ostate));
	blocks512(k->ostate, pad, 1);
}

void authenc512_absorb(struct aesnictr_authenc_stream *s, const u8 *p,
		       size_t n, int lazy)
{
	while (n) {
		size_t k = SB512 - s->npart;

		if (k > n)
			k = n;
		memcpy(s->part + s->npart, p, k);
		s->npart += (u32)k;
		p += k;
		n -= k;
		if (s->npart == SB512) {
			if (s->nfull)
				blocks512(s->h64, s->full, 1);
			memcpy(s->full, s->part, SB512);
			s->nfull = 1;
			s->npart = 0;
		}
	}
	if (!lazy && s->nfull) {
		blocks512(s->h64, s->full, 1);
		s->nfull = 0;
	}
}

void authenc512_finish(const struct authenc512_hkey *k, unsigned int ds,
		       struct aesnictr_authenc_stream *s, uint64_t total,
		       u8 *tag)
{
	u64 h[8];
	u8 inner[64];

	if (s->nfull)
		blocks512(s->h64, s->full, 1);
	pad512(s->h64, s->part, s->npart, total);
	out512(s->h64, ds, inner);
	memcpy(h, k->ostate, sizeof(h));
	pad512(h, inner, ds, SB512 + ds);
	out512(h, ds, tag);
}
