// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc family: authenc(hmac(sha1),cbc(aes)) and
 * authenc(hmac(sha256),cbc(aes)), synchronous AEADs over the stitched
 * AES-NI + SHA-NI assembly of authenc_sha.S (ABI: authenc_asm.h), registered
 * as authenc-hmac-sha1-cbc-aes-aesnictr-<impl> and
 * authenc-hmac-sha256-cbc-aes-aesnictr-<impl>, with portable C (SHA-1 and
 * SHA-256 here, the constant-time AES of aes_ct.c) for when the FPU is
 * unusable.
 *
 * The semantics are the authenc template's (crypto/authenc.c): the key is
 * its rtattr blob, parsed by crypto_authenc_extractkeys(); HMAC keys of any
 * length (longer than a block hashed first); the MAC is HMAC over AAD ||
 * ciphertext, truncated to authsize (1 to the digest size), appended on
 * encryption; encryption of a text that is not a multiple of 16 bytes is
 * -EINVAL; out-of-place encryption copies the AAD to dst; decryption checks
 * the MAC (crypto_memneq) and returns -EBADMSG on mismatch before it could
 * return -EINVAL for a text that is not a multiple of 16 bytes; req->iv ends
 * as the last ciphertext block, as cbc(aes) leaves it.
 *
 * Decryption hashes and decrypts in one pass (that is where its speed comes
 * from), so plaintext reaches dst before the MAC is known: on a mismatch
 * (or any error after the walk started) the whole text region of dst is
 * zeroed before -EBADMSG is returned, so no plaintext of a forged message is
 * released.  The window is the request itself, during which the caller owns
 * dst (for in-place requests, the ciphertext is gone too: the template would
 * leave it; no user of authenc reads a buffer that failed to decrypt).
 *
 * A request absorbs the AAD (copied out of the scatterlist 256 bytes at a
 * time, so dm-crypt's AAD split over two entries costs nothing and nothing
 * is allocated), then en/decrypts and hashes the text one skcipher walk step
 * (at most a page) per FPU section, then finishes the HMAC in the last one.
 * Whether a request uses the FPU is decided once, at its start.  The HMAC
 * inner and outer states (the ipad and opad blocks compressed) are computed
 * at setkey; keys are wiped when the transform is freed.
 */

#include <asm/fpu/api.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/authenc.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/module.h>
#include "family.h"
#include "authenc_internal.h"

#define AUTHENC_CTX_ALIGN	16
#define AUTHENC_ASSOC_CHUNK	256
#define SHA_BLOCK		AESNICTR_SHA_BLOCK_SIZE

static_assert(offsetof(struct aesnictr_authenc_stream, h) ==
	      AESNICTR_AUTHENC_H);
static_assert(offsetof(struct aesnictr_authenc_stream, iv) ==
	      AESNICTR_AUTHENC_IV);
static_assert(offsetof(struct aesnictr_authenc_stream, nfull) ==
	      AESNICTR_AUTHENC_NFULL);
static_assert(offsetof(struct aesnictr_authenc_stream, npart) ==
	      AESNICTR_AUTHENC_NPART);
static_assert(offsetof(struct aesnictr_authenc_stream, full) ==
	      AESNICTR_AUTHENC_FULL);
static_assert(offsetof(struct aesnictr_authenc_stream, part) ==
	      AESNICTR_AUTHENC_PART);
static_assert(sizeof(struct aesnictr_authenc_stream) ==
	      AESNICTR_AUTHENC_STREAM_SIZE);

struct aesnictr_authenc_ctx {
	struct aesnictr_key enc, dec;		/* AES schedules, both paths */
	u32 istate[8], ostate[8];		/* HMAC inner / outer states */
	enum aesnictr_authenc_hash hash;
};

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

/* ---- the two hashes and the two paths ---- */

struct authenc_hash {
	AESNICTR_CBC_SHA((*enc_simd));
	AESNICTR_CBC_SHA((*dec_simd));
	void (*blocks_simd)(u32 *h, const u8 *p, unsigned int nblocks);
	void (*blocks_generic)(u32 *h, const u8 *p, unsigned int nblocks);
	const char *name;
	unsigned int digestsize;
	u32 iv[8];
};

static const struct authenc_hash authenc_hashes[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.name		= "sha1",
		.digestsize	= SHA1_DIGEST_SIZE,
		.iv		= { SHA1_H0, SHA1_H1, SHA1_H2, SHA1_H3,
				    SHA1_H4 },
		.blocks_generic	= sha1_blocks_generic,
		.blocks_simd	= aesnictr_sha1_blocks,
		.enc_simd	= aesnictr_cbc_sha1_enc,
		.dec_simd	= aesnictr_cbc_sha1_dec,
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.name		= "sha256",
		.digestsize	= SHA256_DIGEST_SIZE,
		.iv		= { SHA256_H0, SHA256_H1, SHA256_H2, SHA256_H3,
				    SHA256_H4, SHA256_H5, SHA256_H6,
				    SHA256_H7 },
		.blocks_generic	= sha256_blocks_generic,
		.blocks_simd	= aesnictr_sha256_blocks,
		.enc_simd	= aesnictr_cbc_sha256_enc,
		.dec_simd	= aesnictr_cbc_sha256_dec,
	},
};

const char *aesnictr_authenc_hash_name(enum aesnictr_authenc_hash hash)
{
	return authenc_hashes[hash].name;
}

unsigned int aesnictr_authenc_digest_size(enum aesnictr_authenc_hash hash)
{
	return authenc_hashes[hash].digestsize;
}

/* The running state of one message. */
struct authenc_state {
	const struct authenc_hash *h;
	bool simd;				/* the path, fixed per request */
	struct aesnictr_authenc_stream s;
};

static void authenc_fpu_begin(const struct authenc_state *st)
{
	if (st->simd)
		kernel_fpu_begin();
}

static void authenc_fpu_end(const struct authenc_state *st)
{
	if (st->simd)
		kernel_fpu_end();
}

/* Compress whole blocks on the request's path (SIMD: inside an FPU section). */
static void authenc_blocks(const struct authenc_state *st, u32 *state,
			   const u8 *p, unsigned int nblocks)
{
	if (st->simd)
		st->h->blocks_simd(state, p, nblocks);
	else
		st->h->blocks_generic(state, p, nblocks);
}

static void authenc_init(struct authenc_state *st,
			 const struct aesnictr_authenc_ctx *ctx, bool simd,
			 const u8 iv[AES_BLOCK_SIZE])
{
	st->h = &authenc_hashes[ctx->hash];
	st->simd = simd;
	memcpy(st->s.h, ctx->istate, sizeof(st->s.h));
	memcpy(st->s.iv, iv, AES_BLOCK_SIZE);
	st->s.nfull = 0;
	st->s.npart = 0;
}

/*
 * Append n bytes to the hash stream, keeping its invariant (authenc_asm.h):
 * the last complete block stays in full[] until more data comes, so that
 * the stitched encryption compresses it beside its first AES blocks.
 */
static void authenc_absorb(struct authenc_state *st, const u8 *p,
			   unsigned int n)
{
	struct aesnictr_authenc_stream *s = &st->s;

	while (n) {
		unsigned int k;

		if (!s->npart && n > SHA_BLOCK) {
			if (s->nfull)
				authenc_blocks(st, s->h, s->full, 1);
			s->nfull = 0;
			k = (n - 1) / SHA_BLOCK;
			authenc_blocks(st, s->h, p, k);
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
				authenc_blocks(st, s->h, s->full, 1);
			memcpy(s->full, s->part, SHA_BLOCK);
			s->nfull = 1;
			s->npart = 0;
		}
	}
}

/* ---- the C path's CBC, with the stream's semantics ---- */

static void cbc_sha_enc_generic(const struct aesnictr_authenc_ctx *ctx,
				struct authenc_state *st, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 *out = dst;
	unsigned int i;

	for (i = 0; i < len; i += AES_BLOCK_SIZE) {
		crypto_xor(st->s.iv, src + i, AES_BLOCK_SIZE);
		aesnictr_ct_encrypt(&ctx->enc, dst + i, st->s.iv, 1);
		memcpy(st->s.iv, dst + i, AES_BLOCK_SIZE);
	}
	authenc_absorb(st, out, len);
}

static void cbc_sha_dec_generic(const struct aesnictr_authenc_ctx *ctx,
				struct authenc_state *st, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 c[8 * AES_BLOCK_SIZE];
	unsigned int n;

	authenc_absorb(st, src, len);		/* before an in-place overwrite */
	while (len) {
		n = min_t(unsigned int, len, sizeof(c));
		memcpy(c, src, n);
		aesnictr_ct_decrypt(&ctx->dec, dst, c, n / AES_BLOCK_SIZE);
		crypto_xor(dst, st->s.iv, AES_BLOCK_SIZE);
		crypto_xor(dst + AES_BLOCK_SIZE, c, n - AES_BLOCK_SIZE);
		memcpy(st->s.iv, c + n - AES_BLOCK_SIZE, AES_BLOCK_SIZE);
		src += n;
		dst += n;
		len -= n;
	}
}

/* len: a multiple of 16, at most a page on the SIMD path (in its section). */
static void authenc_update(const struct aesnictr_authenc_ctx *ctx,
			   struct authenc_state *st, u8 *dst, const u8 *src,
			   unsigned int len, bool enc)
{
	if (!st->simd) {
		if (enc)
			cbc_sha_enc_generic(ctx, st, dst, src, len);
		else
			cbc_sha_dec_generic(ctx, st, dst, src, len);
		return;
	}
	if (enc)
		st->h->enc_simd(&ctx->enc, &st->s, dst, src, len);
	else
		st->h->dec_simd(&ctx->dec, &st->s, dst, src, len);
#ifdef AESNICTR_SELFTEST_FAULT
	/* test builds only: a fault only the bulk self-test can see */
	if (len > 1024)
		dst[1000] ^= 1;
#endif
}

/*
 * The HMAC of a message of total hashed bytes (64 for the ipad block + AAD +
 * text): pad the inner hash in part[] (128 bytes, room for two blocks), then
 * the outer hash over the inner digest.  digest: the full digest size.
 */
static void authenc_final(const struct aesnictr_authenc_ctx *ctx,
			  struct authenc_state *st, u64 total, u8 *digest)
{
	struct aesnictr_authenc_stream *s = &st->s;
	unsigned int ds = st->h->digestsize, n = s->npart, nb, i;

	if (s->nfull)
		authenc_blocks(st, s->h, s->full, 1);
	nb = n + 9 > SHA_BLOCK ? 2 : 1;
	s->part[n] = 0x80;
	memset(s->part + n + 1, 0, nb * SHA_BLOCK - n - 9);
	put_unaligned_be64(total * 8, s->part + nb * SHA_BLOCK - 8);
	authenc_blocks(st, s->h, s->part, nb);

	for (i = 0; i < ds / 4; i++)
		put_unaligned_be32(s->h[i], s->part + 4 * i);
	s->part[ds] = 0x80;
	memset(s->part + ds + 1, 0, SHA_BLOCK - ds - 9);
	put_unaligned_be64((SHA_BLOCK + ds) * 8, s->part + SHA_BLOCK - 8);
	memcpy(s->h, ctx->ostate, sizeof(s->h));
	authenc_blocks(st, s->h, s->part, 1);
	for (i = 0; i < ds / 4; i++)
		put_unaligned_be32(s->h[i], digest + 4 * i);
}

void aesnictr_authenc_crypt_buf(const struct aesnictr_authenc_ctx *ctx,
				bool simd, u8 iv[AESNICTR_BLOCK_SIZE],
				const u8 *assoc, unsigned int alen, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int split, u8 *tag, bool enc)
{
	struct authenc_state st;
	unsigned int off, n;

	authenc_init(&st, ctx, simd, iv);
	authenc_fpu_begin(&st);
	for (off = 0; off < alen; off += n) {
		n = min_t(unsigned int, alen - off, AUTHENC_ASSOC_CHUNK);
		authenc_absorb(&st, assoc + off, n);
	}
	authenc_update(ctx, &st, dst, src, split, enc);
	authenc_update(ctx, &st, dst + split, src + split, len - split, enc);
	authenc_final(ctx, &st, (u64)SHA_BLOCK + alen + len, tag);
	authenc_fpu_end(&st);
	memcpy(iv, st.s.iv, AES_BLOCK_SIZE);
	memzero_explicit(&st, sizeof(st));
}

/* ---- keys ---- */

size_t aesnictr_authenc_ctx_size(void)
{
	return sizeof(struct aesnictr_authenc_ctx);
}

int aesnictr_authenc_set_key(struct aesnictr_authenc_ctx *ctx,
			     enum aesnictr_authenc_hash hash, const u8 *key,
			     unsigned int keylen, bool simd)
{
	const struct authenc_hash *h = &authenc_hashes[hash];
	struct crypto_authenc_keys keys;
	u8 k0[SHA_BLOCK], pad[SHA_BLOCK];
	unsigned int i;
	int err;

	err = crypto_authenc_extractkeys(&keys, key, keylen) ?:
	      aesnictr_aes_check_key_len(keys.enckeylen);
	if (err)
		return err;
	ctx->hash = hash;
	aesnictr_aes_expand(&ctx->enc, &ctx->dec, keys.enckey, keys.enckeylen,
			    simd);

	/* HMAC: K0 = the key, or its digest if longer than a block */
	memset(k0, 0, sizeof(k0));
	if (keys.authkeylen > SHA_BLOCK) {
		u32 st[8];
		u8 last[2 * SHA_BLOCK];
		unsigned int full = keys.authkeylen / SHA_BLOCK;
		unsigned int n = keys.authkeylen % SHA_BLOCK;
		unsigned int nb = n + 9 > SHA_BLOCK ? 2 : 1;

		memcpy(st, h->iv, sizeof(st));
		h->blocks_generic(st, keys.authkey, full);
		memset(last, 0, sizeof(last));
		memcpy(last, keys.authkey + full * SHA_BLOCK, n);
		last[n] = 0x80;
		put_unaligned_be64((u64)keys.authkeylen * 8,
				   last + nb * SHA_BLOCK - 8);
		h->blocks_generic(st, last, nb);
		for (i = 0; i < h->digestsize / 4; i++)
			put_unaligned_be32(st[i], k0 + 4 * i);
		memzero_explicit(st, sizeof(st));
		memzero_explicit(last, sizeof(last));
	} else {
		memcpy(k0, keys.authkey, keys.authkeylen);
	}
	for (i = 0; i < SHA_BLOCK; i++)
		pad[i] = k0[i] ^ 0x36;
	memcpy(ctx->istate, h->iv, sizeof(ctx->istate));
	h->blocks_generic(ctx->istate, pad, 1);
	for (i = 0; i < SHA_BLOCK; i++)
		pad[i] = k0[i] ^ 0x5c;
	memcpy(ctx->ostate, h->iv, sizeof(ctx->ostate));
	h->blocks_generic(ctx->ostate, pad, 1);
	memzero_explicit(k0, sizeof(k0));
	memzero_explicit(pad, sizeof(pad));
	return 0;
}

/* ---- the AEAD algorithms ---- */

static struct aead_alg authenc_algs[AESNICTR_AUTHENC_NR_HASHES];

static struct aesnictr_authenc_ctx *authenc_ctx(struct crypto_aead *tfm)
{
	return PTR_ALIGN(crypto_aead_ctx(tfm), AUTHENC_CTX_ALIGN);
}

static enum aesnictr_authenc_hash authenc_tfm_hash(struct crypto_aead *tfm)
{
	return crypto_aead_alg(tfm) == &authenc_algs[AESNICTR_AUTHENC_SHA1] ?
	       AESNICTR_AUTHENC_SHA1 : AESNICTR_AUTHENC_SHA256;
}

static int authenc_setkey(struct crypto_aead *tfm, const u8 *key,
			  unsigned int keylen)
{
	return aesnictr_authenc_set_key(authenc_ctx(tfm), authenc_tfm_hash(tfm),
					key, keylen, aesnictr_simd_usable());
}

/*
 * Absorb len bytes of sg from off, a stack chunk at a time, inside the
 * caller's FPU section, which is renewed after every 4 KiB; with copy_to,
 * copy them to the same place of copy_to as well.
 */
static void authenc_hash_sg(struct authenc_state *st, struct scatterlist *sg,
			    unsigned int off, unsigned int len,
			    struct scatterlist *copy_to)
{
	u8 buf[AUTHENC_ASSOC_CHUNK];
	unsigned int done, n;

	for (done = 0; done < len; done += n) {
		if (done && done % 4096 == 0) {
			authenc_fpu_end(st);
			authenc_fpu_begin(st);
		}
		n = min_t(unsigned int, len - done, sizeof(buf));
		scatterwalk_map_and_copy(buf, sg, off + done, n, 0);
		if (copy_to)
			scatterwalk_map_and_copy(buf, copy_to, off + done, n, 1);
		authenc_absorb(st, buf, n);
	}
}

/* Zero len bytes of sg from off. */
static void authenc_wipe(struct scatterlist *sg, unsigned int off,
			 unsigned int len)
{
	u8 zeros[AUTHENC_ASSOC_CHUNK] = {};
	unsigned int done, n;

	for (done = 0; done < len; done += n) {
		n = min_t(unsigned int, len - done, sizeof(zeros));
		scatterwalk_map_and_copy(zeros, sg, off + done, n, 1);
	}
}

/*
 * One request.  Encryption: len = cryptlen; decryption: len = cryptlen -
 * authsize, a multiple of 16.  The MAC of the request goes to digest.
 */
static int authenc_crypt(struct aead_request *req, struct authenc_state *st,
			 unsigned int len, u8 *digest, bool enc)
{
	const struct aesnictr_authenc_ctx *ctx =
		authenc_ctx(crypto_aead_reqtfm(req));
	unsigned int alen = req->assoclen;
	struct skcipher_walk walk;
	int err;

	err = enc ? skcipher_walk_aead_encrypt(&walk, req, false) :
		    skcipher_walk_aead_decrypt(&walk, req, false);

	/*
	 * FPU sections: the AAD with the first walk step, then one per step,
	 * the MAC finished in the last; skcipher_walk_done() runs outside
	 * them (it may sleep or free memory, which PREEMPT_RT forbids inside).
	 */
	authenc_fpu_begin(st);
	authenc_hash_sg(st, req->src, 0, alen,
			enc && req->src != req->dst ? req->dst : NULL);
	if (alen > AUTHENC_ASSOC_CHUNK && walk.nbytes) {
		authenc_fpu_end(st);		/* a long AAD gets its own section */
		authenc_fpu_begin(st);
	}
	if (!walk.nbytes) {			/* no text, or the walk failed */
		if (!err)
			authenc_final(ctx, st, (u64)SHA_BLOCK + alen + len,
				      digest);
		authenc_fpu_end(st);
	}
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		if (n < walk.total)
			n = round_down(n, AES_BLOCK_SIZE);
		authenc_update(ctx, st, walk.dst.virt.addr,
			       AESNICTR_WALK_SRC(&walk), n, enc);
		if (n == walk.total)
			authenc_final(ctx, st, (u64)SHA_BLOCK + alen + len,
				      digest);
		authenc_fpu_end(st);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
		if (walk.nbytes)
			authenc_fpu_begin(st);
	}
	return err;
}

static int authenc_encrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct aesnictr_authenc_ctx *ctx = authenc_ctx(tfm);
	u8 digest[AESNICTR_AUTHENC_MAX_DIGEST];
	struct authenc_state st;
	int err;

	if (req->cryptlen % AES_BLOCK_SIZE)
		return -EINVAL;			/* cbc(aes) */
	authenc_init(&st, ctx, aesnictr_simd_usable(), req->iv);
	err = authenc_crypt(req, &st, req->cryptlen, digest, true);
	if (!err) {
		scatterwalk_map_and_copy(digest, req->dst,
					 req->assoclen + req->cryptlen,
					 crypto_aead_authsize(tfm), 1);
		memcpy(req->iv, st.s.iv, AES_BLOCK_SIZE);
	}
	memzero_explicit(&st, sizeof(st));
	memzero_explicit(digest, sizeof(digest));
	return err;
}

static int authenc_decrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct aesnictr_authenc_ctx *ctx = authenc_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int len = req->cryptlen - authsize;	/* the API checked */
	u8 digest[AESNICTR_AUTHENC_MAX_DIGEST];
	u8 expect[AESNICTR_AUTHENC_MAX_DIGEST];
	struct authenc_state st;
	int err;

	authenc_init(&st, ctx, aesnictr_simd_usable(), req->iv);
	if (len % AES_BLOCK_SIZE) {
		/*
		 * The template checks the MAC first: -EBADMSG if it is wrong,
		 * else cbc(aes) refuses the length.  Hash only, then.
		 */
		authenc_fpu_begin(&st);
		authenc_hash_sg(&st, req->src, 0, req->assoclen + len, NULL);
		authenc_final(ctx, &st, (u64)SHA_BLOCK + req->assoclen + len,
			      digest);
		authenc_fpu_end(&st);
		scatterwalk_map_and_copy(expect, req->src, req->assoclen + len,
					 authsize, 0);
		err = crypto_memneq(digest, expect, authsize) ? -EBADMSG :
								-EINVAL;
		goto out;
	}
	err = authenc_crypt(req, &st, len, digest, false);
	if (!err) {
		scatterwalk_map_and_copy(expect, req->src, req->assoclen + len,
					 authsize, 0);
		if (crypto_memneq(digest, expect, authsize))
			err = -EBADMSG;
	}
	if (err)
		authenc_wipe(req->dst, req->assoclen, len);	/* no plaintext */
	else
		memcpy(req->iv, st.s.iv, AES_BLOCK_SIZE);
out:
	memzero_explicit(&st, sizeof(st));
	memzero_explicit(digest, sizeof(digest));
	return err;
}

static void authenc_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(authenc_ctx(tfm), sizeof(struct aesnictr_authenc_ctx));
}

#define AUTHENC_ALG(hashname, digest)					\
	{								\
		.setkey		= authenc_setkey,			\
		.encrypt	= authenc_encrypt,			\
		.decrypt	= authenc_decrypt,			\
		.exit		= authenc_exit_tfm,			\
		.ivsize		= AES_BLOCK_SIZE,			\
		.maxauthsize	= digest,				\
		.chunksize	= AES_BLOCK_SIZE,			\
		.base		= {					\
			.cra_name	 = "authenc(hmac(" hashname "),cbc(aes))", \
			.cra_blocksize	 = AES_BLOCK_SIZE,		\
			.cra_ctxsize	 = sizeof(struct aesnictr_authenc_ctx) + \
					   AUTHENC_CTX_ALIGN - CRYPTO_MINALIGN, \
			.cra_module	 = THIS_MODULE,			\
		},							\
	}

static struct aead_alg authenc_algs[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = AUTHENC_ALG("sha1", SHA1_DIGEST_SIZE),
	[AESNICTR_AUTHENC_SHA256] = AUTHENC_ALG("sha256", SHA256_DIGEST_SIZE),
};

/* One implementation: AES-NI and SHA-NI on 128-bit vectors (the avx slot). */
static const char *authenc_cpu_lacks(enum aesnictr_impl impl)
{
	if (impl != AESNICTR_AVX)
		return "a wider implementation (authenc has only avx)";
	if (!boot_cpu_has(X86_FEATURE_SHA_NI))
		return "SHA-NI";
	return aesnictr_cpu_lacks_width(impl);
}

/* The stock code is the authenc template over the stock CBC and hashes. */
static const struct aesnictr_stock_driver authenc_stock[] = {
	{}
};

static const struct aesnictr_policy authenc_policy = {
	.cra_name		= "authenc(hmac(sha1),cbc(aes))",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= authenc_stock,
	.stock_is_template	= true,
};

static int authenc_register(enum aesnictr_impl impl, int priority)
{
	int i;

	for (i = 0; i < AESNICTR_AUTHENC_NR_HASHES; i++) {
		struct crypto_alg *base = &authenc_algs[i].base;

		snprintf(base->cra_driver_name, CRYPTO_MAX_ALG_NAME,
			 "authenc-hmac-%s-cbc-aes-aesnictr-%s",
			 authenc_hashes[i].name, aesnictr_impl_names[impl]);
		base->cra_priority = priority;
	}
	return crypto_register_aeads(authenc_algs, ARRAY_SIZE(authenc_algs));
}

static void authenc_unregister(void)
{
	crypto_unregister_aeads(authenc_algs, ARRAY_SIZE(authenc_algs));
}

const struct aesnictr_family aesnictr_authenc_family = {
	.name		= "authenc",
	.algs		= "authenc(hmac(sha1),cbc(aes)), authenc(hmac(sha256),cbc(aes))",
	.cpu_lacks	= authenc_cpu_lacks,
	.selftest	= aesnictr_authenc_selftest,
	.policy		= &authenc_policy,
	.register_algs	= authenc_register,
	.unregister_algs = authenc_unregister,
};

MODULE_ALIAS_CRYPTO("authenc(hmac(sha1),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha256),cbc(aes))");
