// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc family's HMAC in portable C (authenc_hmac.h): no tables
 * indexed by data, no branches on data.
 */
#include "authenc_hmac.h"

#define SHA_BLOCK	AESNICTR_SHA_BLOCK_SIZE

/* ---- portable SHA-1 and SHA-256 (FIPS 180-4): no tables, no branches on data */

static void sha1_blocks_generic(u32 *h, const u8 *p, unsigned int nblocks)
{
	u32 w[16], a, b, c, d, e, f, k, t;
	int i;

	while (nblocks--) {
		for (i = 0; i < 16; i++)
			w[i] = get_unaligned_be32(p + 4 * i);
		a = h[0];
		b = h[1];
		c = h[2];
		d = h[3];
		e = h[4];
		for (i = 0; i < 80; i++) {
			if (i >= 16) {
				t = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^
				    w[(i - 14) & 15] ^ w[i & 15];
				w[i & 15] = rol32(t, 1);
			}
			if (i < 20) {
				f = (b & c) | (~b & d);
				k = 0x5a827999;
			} else if (i < 40) {
				f = b ^ c ^ d;
				k = 0x6ed9eba1;
			} else if (i < 60) {
				f = (b & c) | (b & d) | (c & d);
				k = 0x8f1bbcdc;
			} else {
				f = b ^ c ^ d;
				k = 0xca62c1d6;
			}
			t = rol32(a, 5) + f + e + k + w[i & 15];
			e = d;
			d = c;
			c = rol32(b, 30);
			b = a;
			a = t;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		p += SHA_BLOCK;
	}
	memzero_explicit(w, sizeof(w));
}

static const u32 sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static void sha256_blocks_generic(u32 *h, const u8 *p, unsigned int nblocks)
{
	u32 w[16], s[8], t1, t2;
	int i;

	while (nblocks--) {
		for (i = 0; i < 16; i++)
			w[i] = get_unaligned_be32(p + 4 * i);
		memcpy(s, h, sizeof(s));
		for (i = 0; i < 64; i++) {
			if (i >= 16) {
				u32 x = w[(i - 15) & 15], y = w[(i - 2) & 15];

				w[i & 15] += (ror32(y, 17) ^ ror32(y, 19) ^
					      (y >> 10)) + w[(i - 7) & 15] +
					     (ror32(x, 7) ^ ror32(x, 18) ^
					      (x >> 3));
			}
			t1 = s[7] + (ror32(s[4], 6) ^ ror32(s[4], 11) ^
				     ror32(s[4], 25)) +
			     ((s[4] & s[5]) ^ (~s[4] & s[6])) + sha256_k[i] +
			     w[i & 15];
			t2 = (ror32(s[0], 2) ^ ror32(s[0], 13) ^
			      ror32(s[0], 22)) +
			     ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
			s[7] = s[6];
			s[6] = s[5];
			s[5] = s[4];
			s[4] = s[3] + t1;
			s[3] = s[2];
			s[2] = s[1];
			s[1] = s[0];
			s[0] = t1 + t2;
		}
		for (i = 0; i < 8; i++)
			h[i] += s[i];
		p += SHA_BLOCK;
	}
	memzero_explicit(w, sizeof(w));
	memzero_explicit(s, sizeof(s));
}

const struct aesnictr_authenc_sha aesnictr_authenc_shas[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.name		= "sha1",
		.digestsize	= 20,
		.iv		= { 0x67452301, 0xefcdab89, 0x98badcfe,
				    0x10325476, 0xc3d2e1f0 },
		.blocks_generic	= sha1_blocks_generic,
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.name		= "sha256",
		.digestsize	= 32,
		.iv		= { 0x6a09e667, 0xbb67ae85, 0x3c6ef372,
				    0xa54ff53a, 0x510e527f, 0x9b05688c,
				    0x1f83d9ab, 0x5be0cd19 },
		.blocks_generic	= sha256_blocks_generic,
	},
};

/*
 * Pad the last n (< 64) bytes of a message of total bytes, which are at
 * buf (room for two blocks), compress into h, and write the ds-byte digest
 * to out (which may be buf).
 */
static void sha_pad_final(aesnictr_sha_blocks_t *blocks, u32 *h, u8 *buf,
			  unsigned int n, u64 total, unsigned int ds, u8 *out)
{
	unsigned int nb = n + 9 > SHA_BLOCK ? 2 : 1, i;

	buf[n] = 0x80;
	memset(buf + n + 1, 0, nb * SHA_BLOCK - n - 9);
	put_unaligned_be64(total * 8, buf + nb * SHA_BLOCK - 8);
	blocks(h, buf, nb);
	for (i = 0; i < ds / 4; i++)
		put_unaligned_be32(h[i], out + 4 * i);
}

void aesnictr_authenc_hmac_key(const struct aesnictr_authenc_sha *sha,
			       aesnictr_sha_blocks_t *blocks, u32 istate[8],
			       u32 ostate[8], const u8 *key,
			       unsigned int keylen)
{
	u8 k0[SHA_BLOCK], pad[2 * SHA_BLOCK];
	unsigned int i;

	/* K0 = the key, or its digest if longer than a block */
	memset(k0, 0, sizeof(k0));
	if (keylen > SHA_BLOCK) {
		unsigned int full = keylen / SHA_BLOCK, n = keylen % SHA_BLOCK;

		memcpy(istate, sha->iv, sizeof(sha->iv));
		blocks(istate, key, full);
		memcpy(pad, key + full * SHA_BLOCK, n);
		sha_pad_final(blocks, istate, pad, n, keylen, sha->digestsize,
			      k0);
	} else if (keylen) {
		memcpy(k0, key, keylen);
	}
	for (i = 0; i < SHA_BLOCK; i++)
		pad[i] = k0[i] ^ 0x36;
	memcpy(istate, sha->iv, sizeof(sha->iv));
	blocks(istate, pad, 1);
	for (i = 0; i < SHA_BLOCK; i++)
		pad[i] = k0[i] ^ 0x5c;
	memcpy(ostate, sha->iv, sizeof(sha->iv));
	blocks(ostate, pad, 1);
	memzero_explicit(k0, sizeof(k0));
	memzero_explicit(pad, sizeof(pad));
}

void aesnictr_authenc_absorb(struct aesnictr_authenc_stream *s,
			     aesnictr_sha_blocks_t *blocks, const u8 *p,
			     unsigned int n)
{
	while (n) {
		unsigned int k;

		if (!s->npart && n > SHA_BLOCK) {
			if (s->nfull)
				blocks(s->h, s->full, 1);
			s->nfull = 0;
			k = (n - 1) / SHA_BLOCK;
			blocks(s->h, p, k);
			p += k * SHA_BLOCK;
			n -= k * SHA_BLOCK;
		}
		k = min_t(unsigned int, n, SHA_BLOCK - s->npart);
		memcpy(s->part + s->npart, p, k);
		s->npart += k;
		p += k;
		n -= k;
		if (s->npart == SHA_BLOCK) {
			if (s->nfull)
				blocks(s->h, s->full, 1);
			memcpy(s->full, s->part, SHA_BLOCK);
			s->nfull = 1;
			s->npart = 0;
		}
	}
}

void aesnictr_authenc_hmac_final(struct aesnictr_authenc_stream *s,
				 aesnictr_sha_blocks_t *blocks,
				 const u32 ostate[8], unsigned int digestsize,
				 u64 total, u8 *digest)
{
	if (s->nfull)
		blocks(s->h, s->full, 1);
	s->nfull = 0;
	/* the inner digest replaces the inner hash's last block in part[] */
	sha_pad_final(blocks, s->h, s->part, s->npart, total, digestsize,
		      s->part);
	memcpy(s->h, ostate, sizeof(s->h));
	sha_pad_final(blocks, s->h, s->part, digestsize,
		      SHA_BLOCK + digestsize, digestsize, digest);
}
