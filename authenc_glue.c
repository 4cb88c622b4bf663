// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc family: authenc(hmac(sha1),cbc(aes)) and
 * authenc(hmac(sha256),cbc(aes)), synchronous AEADs over the stitched
 * AES-NI + SHA-NI assembly of authenc_sha.S (ABI: authenc_asm.h), registered
 * as authenc-hmac-sha1-cbc-aes-aesnictr-<impl> and
 * authenc-hmac-sha256-cbc-aes-aesnictr-<impl>, with portable C (the HMAC
 * of authenc_hmac.c, the constant-time AES of aes_ct.c) for when the FPU is
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
 * Requests run on the shared AEAD request driver (aead_driver.c: the
 * scatterlists, the FPU sections, the MAC check and the wipe); this file
 * supplies the per-piece steps of either path.  The HMAC inner and outer
 * states (the ipad and opad blocks compressed) are computed at setkey; keys
 * are wiped when the transform is freed.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/authenc.h>
#include <crypto/internal/aead.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/module.h>
#include "family.h"
#include "aead_driver.h"
#include "authenc_internal.h"

#define AUTHENC_CTX_ALIGN	16
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

/* The assembly of each hash (the SIMD path); the C path is authenc_hmac.c. */
struct authenc_hash {
	AESNICTR_CBC_SHA((*enc_simd));
	AESNICTR_CBC_SHA((*dec_simd));
	aesnictr_sha_blocks_t *blocks_simd;
	const char *name;
};

static const struct authenc_hash authenc_hashes[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.name		= "sha1",
		.blocks_simd	= aesnictr_sha1_blocks,
		.enc_simd	= aesnictr_cbc_sha1_enc,
		.dec_simd	= aesnictr_cbc_sha1_dec,
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.name		= "sha256",
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
	return aesnictr_authenc_shas[hash].digestsize;
}

/* One message on either path: the driver's request and the hash stream. */
struct authenc_msg {
	struct aesnictr_aead_req r;
	const struct aesnictr_authenc_ctx *ctx;
	const u8 *iv;				/* the CBC IV */
	aesnictr_sha_blocks_t *blocks;		/* the path's compression */
	struct aesnictr_authenc_stream s;
};

static struct authenc_msg *authenc_msg(struct aesnictr_aead_req *r)
{
	return container_of(r, struct authenc_msg, r);
}

static void authenc_begin(struct aesnictr_aead_req *r)
{
	struct authenc_msg *m = authenc_msg(r);
	enum aesnictr_authenc_hash hash = m->ctx->hash;

	m->blocks = r->simd ? authenc_hashes[hash].blocks_simd :
			      aesnictr_authenc_shas[hash].blocks_generic;
	memcpy(m->s.h, m->ctx->istate, sizeof(m->s.h));
	memcpy(m->s.iv, m->iv, AES_BLOCK_SIZE);
	m->s.nfull = 0;
	m->s.npart = 0;
}

static void authenc_hash(struct aesnictr_aead_req *r, const u8 *data,
			 unsigned int len)
{
	struct authenc_msg *m = authenc_msg(r);

	aesnictr_authenc_absorb(&m->s, m->blocks, data, len);
}

/* ---- the C path's CBC, with the stream's semantics ---- */

static void cbc_sha_enc_generic(struct authenc_msg *m, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 *out = dst;
	unsigned int i;

	for (i = 0; i < len; i += AES_BLOCK_SIZE) {
		crypto_xor(m->s.iv, src + i, AES_BLOCK_SIZE);
		aesnictr_ct_encrypt(&m->ctx->enc, dst + i, m->s.iv, 1);
		memcpy(m->s.iv, dst + i, AES_BLOCK_SIZE);
	}
	aesnictr_authenc_absorb(&m->s, m->blocks, out, len);
}

static void cbc_sha_dec_generic(struct authenc_msg *m, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 c[8 * AES_BLOCK_SIZE];
	unsigned int n;

	/* before an in-place overwrite */
	aesnictr_authenc_absorb(&m->s, m->blocks, src, len);
	while (len) {
		n = min_t(unsigned int, len, sizeof(c));
		memcpy(c, src, n);
		aesnictr_ct_decrypt(&m->ctx->dec, dst, c, n / AES_BLOCK_SIZE);
		crypto_xor(dst, m->s.iv, AES_BLOCK_SIZE);
		crypto_xor(dst + AES_BLOCK_SIZE, c, n - AES_BLOCK_SIZE);
		memcpy(m->s.iv, c + n - AES_BLOCK_SIZE, AES_BLOCK_SIZE);
		src += n;
		dst += n;
		len -= n;
	}
}

/* len: a multiple of 16, at most a page on the SIMD path (in its section). */
static void authenc_crypt_piece(struct aesnictr_aead_req *r, u8 *dst,
				const u8 *src, unsigned int len, bool last)
{
	struct authenc_msg *m = authenc_msg(r);
	const struct authenc_hash *h = &authenc_hashes[m->ctx->hash];

	if (!r->simd) {
		if (r->enc)
			cbc_sha_enc_generic(m, dst, src, len);
		else
			cbc_sha_dec_generic(m, dst, src, len);
	} else if (r->enc) {
		h->enc_simd(&m->ctx->enc, &m->s, dst, src, len);
	} else {
		h->dec_simd(&m->ctx->dec, &m->s, dst, src, len);
	}
}

/* The whole HMAC (the digest size) of 64 (the ipad block) + AAD + text. */
static void authenc_finish(struct aesnictr_aead_req *r, u8 *digest)
{
	struct authenc_msg *m = authenc_msg(r);

	aesnictr_authenc_hmac_final(&m->s, m->blocks, m->ctx->ostate,
				    aesnictr_authenc_digest_size(m->ctx->hash),
				    (u64)SHA_BLOCK + r->alen + r->len, digest);
}

static const struct aesnictr_aead_ops authenc_aead_ops = {
	.begin		= authenc_begin,
	.hash		= authenc_hash,
	.crypt		= authenc_crypt_piece,
	.finish		= authenc_finish,
	.text_align	= AES_BLOCK_SIZE,	/* cbc(aes): -EINVAL */
	.copy_assoc	= true,
	.wipe_on_fail	= true,
};

void aesnictr_authenc_crypt_buf(const struct aesnictr_authenc_ctx *ctx,
				bool simd, u8 iv[AESNICTR_BLOCK_SIZE],
				const u8 *assoc, unsigned int alen, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int split, u8 *tag, bool enc)
{
	struct authenc_msg m = {
		.r.ops = &authenc_aead_ops, .ctx = ctx, .iv = iv
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

int aesnictr_authenc_set_key(struct aesnictr_authenc_ctx *ctx,
			     enum aesnictr_authenc_hash hash, const u8 *key,
			     unsigned int keylen, bool simd)
{
	const struct aesnictr_authenc_sha *sha = &aesnictr_authenc_shas[hash];
	struct crypto_authenc_keys keys;
	int err;

	err = crypto_authenc_extractkeys(&keys, key, keylen) ?:
	      aesnictr_aes_check_key_len(keys.enckeylen);
	if (err)
		return err;
	ctx->hash = hash;
	aesnictr_aes_expand(&ctx->enc, &ctx->dec, keys.enckey, keys.enckeylen,
			    simd);
	aesnictr_authenc_hmac_key(sha, sha->blocks_generic, ctx->istate,
				  ctx->ostate, keys.authkey, keys.authkeylen);
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

/* One request; req->iv ends as the last ciphertext block on success. */
static int authenc_crypt(struct aead_request *req, bool enc)
{
	struct authenc_msg m = {
		.r.ops = &authenc_aead_ops,
		.ctx = authenc_ctx(crypto_aead_reqtfm(req)), .iv = req->iv
	};
	int err = aesnictr_aead_crypt(&m.r, req, req->assoclen, enc);

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
