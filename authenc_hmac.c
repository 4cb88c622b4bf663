// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc families' HMAC in portable C (authenc_hmac.h): no tables
 * indexed by data, no branches on data.
 */
#include "authenc_hmac.h"

#define SHA_BLOCK	AESNICTR_SHA_BLOCK_SIZE
#define SHA512_BLOCK	AESNICTR_SHA512_BLOCK_SIZE
#define MAX_BLOCK	AESNICTR_SHA_MAX_BLOCK_SIZE

/* ---- portable SHA-1 and SHA-256 (FIPS 180-4): no tables, no branches on data */

void aesnictr_sha1_blocks_generic(union aesnictr_sha_state *st, const u8 *p,
				  unsigned int nblocks)
{
	u32 *h = st->w32, w[16], a, b, c, d, e, f, k, t;
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

void aesnictr_sha256_blocks_generic(union aesnictr_sha_state *st,
				    const u8 *p, unsigned int nblocks)
{
	u32 *h = st->w32, w[16], s[8], t1, t2;
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

static const u64 sha512_k[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL,
	0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
	0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL,
	0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
	0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
	0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL, 0x2de92c6f592b0275ULL,
	0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL,
	0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
	0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL,
	0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL,
	0x92722c851482353bULL, 0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
	0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
	0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL,
	0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
	0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL,
	0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL,
	0xc67178f2e372532bULL, 0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
	0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL,
	0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
	0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
	0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* SHA-512 (and SHA-384, another initial state): 80 rounds on 64-bit words. */
void aesnictr_sha512_blocks_generic(union aesnictr_sha_state *st,
				    const u8 *p, unsigned int nblocks)
{
	u64 *h = st->w64, w[16], s[8], t1, t2;
	int i;

	while (nblocks--) {
		for (i = 0; i < 16; i++)
			w[i] = get_unaligned_be64(p + 8 * i);
		memcpy(s, h, sizeof(s));
		for (i = 0; i < 80; i++) {
			if (i >= 16) {
				u64 x = w[(i - 15) & 15], y = w[(i - 2) & 15];

				w[i & 15] += (ror64(y, 19) ^ ror64(y, 61) ^
					      (y >> 6)) + w[(i - 7) & 15] +
					     (ror64(x, 1) ^ ror64(x, 8) ^
					      (x >> 7));
			}
			t1 = s[7] + (ror64(s[4], 14) ^ ror64(s[4], 18) ^
				     ror64(s[4], 41)) +
			     ((s[4] & s[5]) ^ (~s[4] & s[6])) + sha512_k[i] +
			     w[i & 15];
			t2 = (ror64(s[0], 28) ^ ror64(s[0], 34) ^
			      ror64(s[0], 39)) +
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
		p += SHA512_BLOCK;
	}
	memzero_explicit(w, sizeof(w));
	memzero_explicit(s, sizeof(s));
}

const struct aesnictr_authenc_sha aesnictr_authenc_shas[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.name		= "sha1",
		.digestsize	= 20,
		.blocksize	= SHA_BLOCK,
		.iv.w32		= { 0x67452301, 0xefcdab89, 0x98badcfe,
				    0x10325476, 0xc3d2e1f0 },
		.blocks_generic	= aesnictr_sha1_blocks_generic,
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.name		= "sha256",
		.digestsize	= 32,
		.blocksize	= SHA_BLOCK,
		.iv.w32		= { 0x6a09e667, 0xbb67ae85, 0x3c6ef372,
				    0xa54ff53a, 0x510e527f, 0x9b05688c,
				    0x1f83d9ab, 0x5be0cd19 },
		.blocks_generic	= aesnictr_sha256_blocks_generic,
	},
	[AESNICTR_AUTHENC_SHA384] = {
		.name		= "sha384",
		.digestsize	= 48,
		.blocksize	= SHA512_BLOCK,
		.iv.w64		= { 0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
				    0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
				    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
				    0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL },
		.blocks_generic	= aesnictr_sha512_blocks_generic,
	},
	[AESNICTR_AUTHENC_SHA512] = {
		.name		= "sha512",
		.digestsize	= 64,
		.blocksize	= SHA512_BLOCK,
		.iv.w64		= { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
				    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
				    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
				    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL },
		.blocks_generic	= aesnictr_sha512_blocks_generic,
	},
};

/*
 * Pad the last n (less than a block) bytes of a message of total bytes,
 * which are at buf (room for two blocks), compress into h, and write the
 * digest to out (which may be buf).  The length field is 8 bytes for
 * 64-byte blocks, 16 for 128-byte ones (its upper half is 0 here).
 */
static void sha_pad_final(const struct aesnictr_authenc_sha *sha,
			  aesnictr_sha_blocks_t *blocks,
			  union aesnictr_sha_state *h, u8 *buf, unsigned int n,
			  u64 total, u8 *out)
{
	unsigned int bs = sha->blocksize, lenfield = bs / 8, i;
	unsigned int nb = n + 1 + lenfield > bs ? 2 : 1;

	buf[n] = 0x80;
	memset(buf + n + 1, 0, nb * bs - n - 1 - 8);
	put_unaligned_be64(total * 8, buf + nb * bs - 8);
	blocks(h, buf, nb);
	if (bs == SHA512_BLOCK) {
		for (i = 0; i < sha->digestsize / 8; i++)
			put_unaligned_be64(h->w64[i], out + 8 * i);
	} else {
		for (i = 0; i < sha->digestsize / 4; i++)
			put_unaligned_be32(h->w32[i], out + 4 * i);
	}
}

void aesnictr_authenc_hmac_key(const struct aesnictr_authenc_sha *sha,
			       aesnictr_sha_blocks_t *blocks,
			       union aesnictr_sha_state *istate,
			       union aesnictr_sha_state *ostate, const u8 *key,
			       unsigned int keylen)
{
	unsigned int bs = sha->blocksize, i;
	u8 k0[MAX_BLOCK], pad[2 * MAX_BLOCK];

	/* K0 = the key, or its digest if longer than a block */
	memset(k0, 0, sizeof(k0));
	if (keylen > bs) {
		unsigned int full = keylen / bs, n = keylen % bs;

		*istate = sha->iv;
		blocks(istate, key, full);
		memcpy(pad, key + full * bs, n);
		sha_pad_final(sha, blocks, istate, pad, n, keylen, k0);
	} else if (keylen) {
		memcpy(k0, key, keylen);
	}
	for (i = 0; i < bs; i++)
		pad[i] = k0[i] ^ 0x36;
	*istate = sha->iv;
	blocks(istate, pad, 1);
	for (i = 0; i < bs; i++)
		pad[i] = k0[i] ^ 0x5c;
	*ostate = sha->iv;
	blocks(ostate, pad, 1);
	memzero_explicit(k0, sizeof(k0));
	memzero_explicit(pad, sizeof(pad));
}

void aesnictr_authenc_absorb(struct aesnictr_authenc_stream *s,
			     const struct aesnictr_authenc_sha *sha,
			     aesnictr_sha_blocks_t *blocks, const u8 *p,
			     unsigned int n)
{
	unsigned int bs = sha->blocksize;

	while (n) {
		unsigned int k;

		if (!s->npart && n > bs) {
			if (s->nfull)
				blocks(&s->h, s->full, 1);
			s->nfull = 0;
			k = (n - 1) / bs;
			blocks(&s->h, p, k);
			p += k * bs;
			n -= k * bs;
		}
		k = min_t(unsigned int, n, bs - s->npart);
		memcpy(s->part + s->npart, p, k);
		s->npart += k;
		p += k;
		n -= k;
		if (s->npart == bs) {
			if (s->nfull)
				blocks(&s->h, s->full, 1);
			memcpy(s->full, s->part, bs);
			s->nfull = 1;
			s->npart = 0;
		}
	}
}

void aesnictr_authenc_dec_hash_first(struct aesnictr_authenc_stream *s,
				     const struct aesnictr_authenc_sha *sha,
				     aesnictr_sha_blocks_t *blocks,
				     AESNICTR_CBC_CRYPT((*cbc_dec)),
				     const struct aesnictr_key *key, u8 *dst,
				     const u8 *src, unsigned int len)
{
	aesnictr_authenc_absorb(s, sha, blocks, src, len);
	cbc_dec(key, dst, src, len, s->iv);
}

/* seq_hi's place in authencesn's AAD */
#define ESN_HI_START	4
#define ESN_HI_END	8

void aesnictr_authenc_absorb_esn_aad(struct aesnictr_authenc_stream *s,
				     const struct aesnictr_authenc_sha *sha,
				     aesnictr_sha_blocks_t *blocks,
				     const u8 *p, unsigned int n,
				     unsigned int off, u8 seq_hi[4])
{
	unsigned int k;

	/* the SPI, and anything before seq_hi */
	k = off < ESN_HI_START ? min_t(unsigned int, n, ESN_HI_START - off) : 0;
	aesnictr_authenc_absorb(s, sha, blocks, p, k);
	p += k;
	off += k;
	n -= k;
	/* seq_hi, set aside: its offset is public, so is this branch */
	k = off < ESN_HI_END ? min_t(unsigned int, n, ESN_HI_END - off) : 0;
	if (k)
		memcpy(seq_hi + off - ESN_HI_START, p, k);
	/* seq_lo and the rest */
	aesnictr_authenc_absorb(s, sha, blocks, p + k, n - k);
}

void aesnictr_authenc_hmac_final(struct aesnictr_authenc_stream *s,
				 const struct aesnictr_authenc_sha *sha,
				 aesnictr_sha_blocks_t *blocks,
				 const union aesnictr_sha_state *ostate,
				 u64 total, u8 *digest)
{
	if (s->nfull)
		blocks(&s->h, s->full, 1);
	s->nfull = 0;
	/* the inner digest replaces the inner hash's last block in part[] */
	sha_pad_final(sha, blocks, &s->h, s->part, s->npart, total, s->part);
	s->h = *ostate;
	sha_pad_final(sha, blocks, &s->h, s->part, sha->digestsize,
		      sha->blocksize + sha->digestsize, digest);
}
