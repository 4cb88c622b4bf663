// SPDX-License-Identifier: GPL-2.0
/*
 * The algorithms of the two authenc families (authenc_families.c):
 * authenc(hmac(sha1|sha256|sha384|sha512),cbc(aes)) and their authencesn
 * forms, synchronous AEADs, registered as
 * authenc[esn]-hmac-<hash>-cbc-aes-aesnictr-<impl>: the requests, the keys
 * and the algorithm table.  The code a request runs is authenc_impls.c's:
 * the stitched assembly (ABI: authenc_asm.h), or the C implementation (the
 * HMAC of authenc_hmac.c, the constant-time AES of aes_ct.c) when the FPU
 * is unusable, chosen once per request.
 *
 * The semantics are the authenc template's (crypto/authenc.c): the key is
 * its rtattr blob, parsed by crypto_authenc_extractkeys(); HMAC keys of any
 * length (longer than a block hashed first); the MAC is HMAC over AAD ||
 * ciphertext, truncated to authsize (0 to the digest size; 0 means no
 * tag at all, as the template allows), appended on
 * encryption; encryption of a text that is not a multiple of 16 bytes is
 * -EINVAL; out-of-place encryption copies the AAD to dst; decryption checks
 * the MAC (crypto_memneq) and returns -EBADMSG on mismatch before it could
 * return -EINVAL for a text that is not a multiple of 16 bytes; req->iv ends
 * as the last ciphertext block, as cbc(aes) leaves it.  Under fips_enabled,
 * HMAC keys shorter than 112 bits are refused (-EINVAL), as hmac's setkey
 * does.
 *
 * authencesn (crypto/authencesn.c, RFC 4303 extended sequence numbers):
 * the AAD is SPI || seq_hi || seq_lo [|| IV], at least 8 bytes (-EINVAL
 * otherwise); the MAC covers SPI || seq_lo [|| IV] || ciphertext || seq_hi,
 * the high half hashed behind the text; authsize is 0 or at least 4; out of
 * place, decryption copies the AAD to dst as the template does.  The
 * template rearranges the AAD in dst (and, before CVE-2026-31431's fix, used
 * the 4 bytes behind the output as scratch); here seq_hi is set aside on
 * the stack as the AAD is hashed, so dst is only ever written within
 * dst[0 .. assoclen + cryptlen + authsize) on encryption (the tag behind
 * the ciphertext) and dst[0 .. assoclen + cryptlen - authsize) on
 * decryption (cryptlen counts the tag there), and src is only read.
 *
 * Decryption hashes and decrypts in one pass (that is where its speed comes
 * from), so plaintext reaches dst before the MAC is known: on a mismatch
 * (or any error after the walk started) the whole text region of dst is
 * zeroed before -EBADMSG is returned, so no plaintext of a forged message is
 * released.  The window is the request itself, during which the caller owns
 * dst (for in-place requests, the ciphertext is gone too: the template would
 * leave it; no user of authenc reads a buffer that failed to decrypt).
 *
 * Requests run on the shared AEAD request driver (aead_driver.c: the
 * scatterlists, the FPU sections, the MAC check and the wipe); this file
 * supplies the per-piece steps, the same on either path.  The HMAC inner
 * and outer states (the ipad and opad blocks compressed) are computed at
 * setkey; keys are wiped when the transform is freed.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/authenc.h>
#include <crypto/internal/aead.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/fips.h>
#include <linux/module.h>
#include "aead_driver.h"
#include "authenc_internal.h"

#define AUTHENC_CTX_ALIGN	16
#define ESN_MIN_ASSOC		8	/* SPI and seq_hi */
#define ESN_MIN_AUTHSIZE	4

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

const char *aesnictr_authenc_hash_name(enum aesnictr_authenc_hash hash)
{
	return aesnictr_authenc_shas[hash].name;
}

unsigned int aesnictr_authenc_digest_size(enum aesnictr_authenc_hash hash)
{
	return aesnictr_authenc_shas[hash].digestsize;
}

/* One message on either path: the driver's request and the hash stream. */
struct authenc_msg {
	struct aesnictr_aead_req r;
	const struct aesnictr_authenc_ctx *ctx;
	const struct aesnictr_authenc_sha *sha;
	/* the SIMD implementation, or the C one (use_c_impl) */
	const struct aesnictr_authenc_impl *impl;
	const u8 *iv;				/* the CBC IV */
	unsigned int hashed;			/* bytes given to hash() */
	u8 seq_hi[4];				/* authencesn: set aside */
	struct aesnictr_authenc_stream s;
};

static struct authenc_msg *authenc_msg(struct aesnictr_aead_req *r)
{
	return container_of(r, struct authenc_msg, r);
}

static void authenc_use_c_impl(struct aesnictr_aead_req *r)
{
	struct authenc_msg *m = authenc_msg(r);

	m->impl = aesnictr_authenc_c_impl(m->ctx->hash);
}

static void authenc_begin(struct aesnictr_aead_req *r)
{
	struct authenc_msg *m = authenc_msg(r);

	m->sha = &aesnictr_authenc_shas[m->ctx->hash];
	m->hashed = 0;
	m->s.h = m->ctx->istate;
	memcpy(m->s.iv, m->iv, AES_BLOCK_SIZE);
	m->s.nfull = 0;
	m->s.npart = 0;
}

/* The AAD (then, for a text the cipher refuses, the text too), in order. */
static void authenc_hash(struct aesnictr_aead_req *r, const u8 *data,
			 unsigned int len)
{
	struct authenc_msg *m = authenc_msg(r);
	aesnictr_sha_blocks_t *blocks = m->impl->blocks;

	if (m->ctx->esn)
		aesnictr_authenc_absorb_esn_aad(&m->s, m->sha, blocks, data,
						len, m->hashed, m->seq_hi);
	else
		aesnictr_authenc_absorb(&m->s, m->sha, blocks, data, len);
	m->hashed += len;
}

/* len: a multiple of 16, at most a page on the SIMD path (in its section). */
static void authenc_crypt_piece(struct aesnictr_aead_req *r, u8 *dst,
				const u8 *src, unsigned int len, bool last)
{
	struct authenc_msg *m = authenc_msg(r);

	if (r->enc)
		m->impl->enc(&m->ctx->enc, &m->s, dst, src, len);
	else if (m->impl->cbc_dec && r->len <= m->impl->hash_first_max)
		aesnictr_authenc_dec_hash_first(&m->s, m->sha, m->impl->blocks,
						m->impl->cbc_dec, &m->ctx->dec,
						dst, src, len);
	else
		m->impl->dec(&m->ctx->dec, &m->s, dst, src, len);
}

/*
 * The whole HMAC (the digest size) of a block (the ipad) + AAD + text;
 * authencesn's seq_hi goes behind the text.
 */
static void authenc_finish(struct aesnictr_aead_req *r, u8 *digest)
{
	struct authenc_msg *m = authenc_msg(r);
	aesnictr_sha_blocks_t *blocks = m->impl->blocks;
	u64 total = (u64)m->sha->blocksize + r->alen + r->len;

	if (m->ctx->esn)
		aesnictr_authenc_absorb(&m->s, m->sha, blocks, m->seq_hi,
					sizeof(m->seq_hi));
	if (m->impl->hmac_final)
		m->impl->hmac_final(&m->s, &m->ctx->ostate, total, digest);
	else
		aesnictr_authenc_hmac_final(&m->s, m->sha, blocks,
					    &m->ctx->ostate, total, digest);
}

static const struct aesnictr_aead_ops authenc_aead_ops = {
	.use_c_impl	= authenc_use_c_impl,
	.begin		= authenc_begin,
	.hash		= authenc_hash,
	.crypt		= authenc_crypt_piece,
	.finish		= authenc_finish,
	.text_align	= AES_BLOCK_SIZE,	/* cbc(aes): -EINVAL */
	.copy_assoc	= true,
	.wipe_on_fail	= true,
};

/* authencesn copies the AAD on decryption too */
static const struct aesnictr_aead_ops authencesn_aead_ops = {
	.use_c_impl	= authenc_use_c_impl,
	.begin		= authenc_begin,
	.hash		= authenc_hash,
	.crypt		= authenc_crypt_piece,
	.finish		= authenc_finish,
	.text_align	= AES_BLOCK_SIZE,
	.copy_assoc	= true,
	.copy_assoc_dec	= true,
	.wipe_on_fail	= true,
};

static const struct aesnictr_aead_ops *
authenc_ops(const struct aesnictr_authenc_ctx *ctx)
{
	return ctx->esn ? &authencesn_aead_ops : &authenc_aead_ops;
}

void aesnictr_authenc_crypt_buf(const struct aesnictr_authenc_ctx *ctx,
				bool simd, u8 iv[AESNICTR_BLOCK_SIZE],
				const u8 *assoc, unsigned int alen, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int split, u8 *tag, bool enc)
{
	struct authenc_msg m = {
		.r.ops = authenc_ops(ctx), .ctx = ctx, .impl = ctx->impl,
		.iv = iv
	};

	aesnictr_aead_crypt_buf(&m.r, simd, enc, assoc, alen, dst, src, len,
				split, tag);
	memcpy(iv, m.s.iv, AES_BLOCK_SIZE);
	memzero_explicit(&m, sizeof(m));
}

/* ---- keys ---- */

size_t aesnictr_authenc_ctx_size(void)
{
	return sizeof(struct aesnictr_authenc_ctx);
}

void aesnictr_authenc_init_ctx(struct aesnictr_authenc_ctx *ctx,
			       enum aesnictr_authenc_hash hash, bool esn,
			       enum aesnictr_impl impl)
{
	ctx->impl = aesnictr_authenc_simd_impl(hash, impl);
	ctx->hash = hash;
	ctx->esn = esn;
}

int aesnictr_authenc_set_key(struct aesnictr_authenc_ctx *ctx, const u8 *key,
			     unsigned int keylen, bool simd)
{
	const struct aesnictr_authenc_sha *sha =
		&aesnictr_authenc_shas[ctx->hash];
	struct crypto_authenc_keys keys;
	int err;

	err = crypto_authenc_extractkeys(&keys, key, keylen);
	/* hmac's setkey under FIPS: at least 112 bits of key */
	if (!err && fips_enabled && keys.authkeylen < 112 / 8)
		err = -EINVAL;
	err = err ?: aesnictr_aes_check_key_len(keys.enckeylen);
	if (!err) {
		aesnictr_aes_expand(&ctx->enc, &ctx->dec, keys.enckey,
				    keys.enckeylen, simd);
		/* a key set with the FPU may still meet a softirq request */
		aesnictr_ct_prepare(&ctx->ct_enc, &ctx->enc);
		aesnictr_ct_prepare(&ctx->ct_dec, &ctx->dec);
		aesnictr_authenc_hmac_key(sha, sha->blocks_generic,
					  &ctx->istate, &ctx->ostate,
					  keys.authkey, keys.authkeylen);
	}
	memzero_explicit(&keys, sizeof(keys));
	return err;
}

/* ---- the AEAD algorithms ---- */

static struct aesnictr_authenc_ctx *authenc_ctx(struct crypto_aead *tfm)
{
	return PTR_ALIGN(crypto_aead_ctx(tfm), AUTHENC_CTX_ALIGN);
}

/* The implementation each hash's algorithms run (their family's). */
static enum aesnictr_impl authenc_impl[AESNICTR_AUTHENC_NR_HASHES];

void aesnictr_authenc_use_impl(enum aesnictr_authenc_hash first,
			       enum aesnictr_impl impl)
{
	authenc_impl[first] = impl;
	authenc_impl[first + 1] = impl;
}

static int authenc_init_tfm(struct crypto_aead *tfm)
{
	unsigned int i = crypto_aead_alg(tfm) - &aesnictr_authenc_algs[0][0];
	enum aesnictr_authenc_hash hash = i / 2;

	aesnictr_authenc_init_ctx(authenc_ctx(tfm), hash, i % 2,
				  authenc_impl[hash]);
	return 0;
}

static int authenc_setkey(struct crypto_aead *tfm, const u8 *key,
			  unsigned int keylen)
{
	return aesnictr_authenc_set_key(authenc_ctx(tfm), key, keylen,
					aesnictr_simd_usable());
}

/* authencesn: a tag of 1 to 3 bytes is refused, as the template does. */
static int authencesn_setauthsize(struct crypto_aead *tfm,
				  unsigned int authsize)
{
	return authsize && authsize < ESN_MIN_AUTHSIZE ? -EINVAL : 0;
}

/* One request; req->iv ends as the last ciphertext block on success. */
static int authenc_crypt(struct aead_request *req, bool enc)
{
	const struct aesnictr_authenc_ctx *ctx =
		authenc_ctx(crypto_aead_reqtfm(req));
	struct authenc_msg m = {
		.r.ops = authenc_ops(ctx), .ctx = ctx, .impl = ctx->impl,
		.iv = req->iv
	};
	int err;

	if (ctx->esn && req->assoclen < ESN_MIN_ASSOC)
		return -EINVAL;
	err = aesnictr_aead_crypt(&m.r, req, req->assoclen, enc);
	if (!err)
		memcpy(req->iv, m.s.iv, AES_BLOCK_SIZE);
	memzero_explicit(&m, sizeof(m));
	return err;
}

static int authenc_encrypt(struct aead_request *req)
{
	return authenc_crypt(req, true);
}

static int authenc_decrypt(struct aead_request *req)
{
	return authenc_crypt(req, false);
}

static void authenc_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(authenc_ctx(tfm), sizeof(struct aesnictr_authenc_ctx));
}

#define AUTHENC_ALG(tmpl, hashname, digest, set_authsize)		\
	{								\
		.init		= authenc_init_tfm,			\
		.setkey		= authenc_setkey,			\
		.setauthsize	= set_authsize,				\
		.encrypt	= authenc_encrypt,			\
		.decrypt	= authenc_decrypt,			\
		.exit		= authenc_exit_tfm,			\
		.ivsize		= AES_BLOCK_SIZE,			\
		.maxauthsize	= digest,				\
		.chunksize	= AES_BLOCK_SIZE,			\
		.base		= {					\
			.cra_name	 = tmpl "(hmac(" hashname "),cbc(aes))", \
			.cra_blocksize	 = AES_BLOCK_SIZE,		\
			.cra_ctxsize	 = sizeof(struct aesnictr_authenc_ctx) + \
					   AUTHENC_CTX_ALIGN - CRYPTO_MINALIGN, \
			.cra_module	 = THIS_MODULE,			\
		},							\
	}

#define PLAIN_ALG(hashname, digest)					\
	AUTHENC_ALG("authenc", hashname, digest, NULL)
#define ESN_ALG(hashname, digest)					\
	AUTHENC_ALG("authencesn", hashname, digest, authencesn_setauthsize)

/* [hash][0]: authenc, [hash][1]: authencesn; one family's hashes adjoin. */
struct aead_alg aesnictr_authenc_algs[AESNICTR_AUTHENC_NR_HASHES][2] = {
	[AESNICTR_AUTHENC_SHA1] = {
		PLAIN_ALG("sha1", SHA1_DIGEST_SIZE),
		ESN_ALG("sha1", SHA1_DIGEST_SIZE),
	},
	[AESNICTR_AUTHENC_SHA256] = {
		PLAIN_ALG("sha256", SHA256_DIGEST_SIZE),
		ESN_ALG("sha256", SHA256_DIGEST_SIZE),
	},
	[AESNICTR_AUTHENC_SHA384] = {
		PLAIN_ALG("sha384", SHA384_DIGEST_SIZE),
		ESN_ALG("sha384", SHA384_DIGEST_SIZE),
	},
	[AESNICTR_AUTHENC_SHA512] = {
		PLAIN_ALG("sha512", SHA512_DIGEST_SIZE),
		ESN_ALG("sha512", SHA512_DIGEST_SIZE),
	},
};

