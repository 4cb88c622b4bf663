// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc families, synchronous AEADs over stitched assembly (ABI:
 * authenc_asm.h) with portable C (the HMAC of authenc_hmac.c, the
 * constant-time AES of aes_ct.c) for when the FPU is unusable:
 *  - "authenc": authenc(hmac(sha1|sha256),cbc(aes)) and their authencesn
 *    forms on AES-NI + SHA-NI (authenc_sha.S);
 *  - "authenc-sha512": authenc(hmac(sha384|sha512),cbc(aes)) and their
 *    authencesn forms on AES-NI + AVX2 (authenc_sha512.S);
 * registered as authenc[esn]-hmac-<hash>-cbc-aes-aesnictr-<impl>.
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
#include <linux/fips.h>
#include <linux/module.h>
#include <asm/fpu/api.h>
#include "family.h"
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

struct aesnictr_authenc_ctx {
	struct aesnictr_key enc, dec;		/* AES schedules, both paths */
	struct aesnictr_ct_sched ct_enc, ct_dec; /* bitsliced: the C path */
	union aesnictr_sha_state istate, ostate; /* HMAC inner / outer */
	const struct authenc_hash *simd;	/* the implementation's code */
	enum aesnictr_authenc_hash hash;
	bool esn;				/* authencesn */
};

/*
 * The assembly of a hash (the SIMD path); the C path is authenc_hmac.c.
 * authenc_hashes[] has the avx implementation of each; the authenc-sha512
 * family's vaes512 slot is authenc_sha512_avx512.
 */
struct authenc_hash {
	AESNICTR_CBC_SHA((*enc_simd));
	AESNICTR_CBC_SHA((*dec_simd));
	aesnictr_sha_blocks_t *blocks_simd;
};

static const struct authenc_hash authenc_hashes[AESNICTR_AUTHENC_NR_HASHES] = {
	[AESNICTR_AUTHENC_SHA1] = {
		.blocks_simd	= aesnictr_sha1_blocks,
		.enc_simd	= aesnictr_cbc_sha1_enc,
		.dec_simd	= aesnictr_cbc_sha1_dec,
	},
	[AESNICTR_AUTHENC_SHA256] = {
		.blocks_simd	= aesnictr_sha256_blocks,
		.enc_simd	= aesnictr_cbc_sha256_enc,
		.dec_simd	= aesnictr_cbc_sha256_dec,
	},
	/* SHA-384 is SHA-512 with another initial state, truncated */
	[AESNICTR_AUTHENC_SHA384] = {
		.blocks_simd	= aesnictr_sha512_blocks,
		.enc_simd	= aesnictr_cbc_sha512_enc,
		.dec_simd	= aesnictr_cbc_sha512_dec,
	},
	[AESNICTR_AUTHENC_SHA512] = {
		.blocks_simd	= aesnictr_sha512_blocks,
		.enc_simd	= aesnictr_cbc_sha512_enc,
		.dec_simd	= aesnictr_cbc_sha512_dec,
	},
};

#if AESNICTR_AS_VAES
/*
 * SHA-512's message schedule in AVX-512VL (on ymm registers: the rotates
 * and three-input logic; no VAES, no zmm), the authenc-sha512 family's
 * vaes512 slot, which max_tier caps as the other AVX-512 code.
 */
static const struct authenc_hash authenc_sha512_avx512 = {
	.blocks_simd	= aesnictr_sha512_blocks_avx512,
	.enc_simd	= aesnictr_cbc_sha512_enc_avx512,
	.dec_simd	= aesnictr_cbc_sha512_dec_avx512,
};
#endif

/* The code of hash on implementation impl. */
static const struct authenc_hash *authenc_simd(enum aesnictr_authenc_hash hash,
					       enum aesnictr_impl impl)
{
#if AESNICTR_AS_VAES
	if (impl == AESNICTR_VAES512 && hash >= AESNICTR_AUTHENC_SHA384)
		return &authenc_sha512_avx512;
#endif
	return &authenc_hashes[hash];
}

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
	const u8 *iv;				/* the CBC IV */
	aesnictr_sha_blocks_t *blocks;		/* the path's compression */
	unsigned int hashed;			/* bytes given to hash() */
	u8 seq_hi[4];				/* authencesn: set aside */
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

	m->sha = &aesnictr_authenc_shas[hash];
	m->blocks = r->simd ? m->ctx->simd->blocks_simd :
			      m->sha->blocks_generic;
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

	if (m->ctx->esn)
		aesnictr_authenc_absorb_esn_aad(&m->s, m->sha, m->blocks, data,
						len, m->hashed, m->seq_hi);
	else
		aesnictr_authenc_absorb(&m->s, m->sha, m->blocks, data, len);
	m->hashed += len;
}

/* ---- the C path's CBC, with the stream's semantics ---- */

static void cbc_sha_enc_generic(struct authenc_msg *m, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 *out = dst;
	unsigned int i;

	for (i = 0; i < len; i += AES_BLOCK_SIZE) {
		crypto_xor(m->s.iv, src + i, AES_BLOCK_SIZE);
		aesnictr_ct_encrypt_sched(&m->ctx->ct_enc, dst + i, m->s.iv, 1);
		memcpy(m->s.iv, dst + i, AES_BLOCK_SIZE);
	}
	aesnictr_authenc_absorb(&m->s, m->sha, m->blocks, out, len);
}

static void cbc_sha_dec_generic(struct authenc_msg *m, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 c[8 * AES_BLOCK_SIZE];
	unsigned int n;

	/* before an in-place overwrite */
	aesnictr_authenc_absorb(&m->s, m->sha, m->blocks, src, len);
	while (len) {
		n = min_t(unsigned int, len, sizeof(c));
		memcpy(c, src, n);
		aesnictr_ct_decrypt_sched(&m->ctx->ct_dec, dst, c,
					  n / AES_BLOCK_SIZE);
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
	const struct authenc_hash *h = m->ctx->simd;

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

/*
 * The whole HMAC (the digest size) of a block (the ipad) + AAD + text;
 * authencesn's seq_hi goes behind the text.
 */
static void authenc_finish(struct aesnictr_aead_req *r, u8 *digest)
{
	struct authenc_msg *m = authenc_msg(r);

	if (m->ctx->esn)
		aesnictr_authenc_absorb(&m->s, m->sha, m->blocks, m->seq_hi,
					sizeof(m->seq_hi));
	aesnictr_authenc_hmac_final(&m->s, m->sha, m->blocks, &m->ctx->ostate,
				    (u64)m->sha->blocksize + r->alen + r->len,
				    digest);
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

/* authencesn copies the AAD on decryption too */
static const struct aesnictr_aead_ops authencesn_aead_ops = {
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
		.r.ops = authenc_ops(ctx), .ctx = ctx, .iv = iv
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
	ctx->simd = authenc_simd(hash, impl);
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

/* [hash][0]: authenc, [hash][1]: authencesn; one family's hashes adjoin. */
static struct aead_alg authenc_algs[AESNICTR_AUTHENC_NR_HASHES][2];

static struct aesnictr_authenc_ctx *authenc_ctx(struct crypto_aead *tfm)
{
	return PTR_ALIGN(crypto_aead_ctx(tfm), AUTHENC_CTX_ALIGN);
}

/* The implementation each family registered (its only one, or two). */
static enum aesnictr_impl authenc_impl = AESNICTR_AVX;
static enum aesnictr_impl authenc512_impl = AESNICTR_AVX;

static int authenc_init_tfm(struct crypto_aead *tfm)
{
	unsigned int i = crypto_aead_alg(tfm) - &authenc_algs[0][0];
	enum aesnictr_authenc_hash hash = i / 2;

	aesnictr_authenc_init_ctx(authenc_ctx(tfm), hash, i % 2,
				  hash >= AESNICTR_AUTHENC_SHA384 ?
				  authenc512_impl : authenc_impl);
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
		.r.ops = authenc_ops(ctx), .ctx = ctx, .iv = req->iv
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

static struct aead_alg authenc_algs[AESNICTR_AUTHENC_NR_HASHES][2] = {
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

/* The stock code is the authenc template over the stock CBC and hashes. */
static const struct aesnictr_stock_driver authenc_stock[] = {
	{}
};

/* ---- the authenc family: SHA-1 and SHA-256 on SHA-NI ---- */

/* One implementation: AES-NI and SHA-NI on 128-bit vectors (the avx slot). */
static const char *authenc_cpu_lacks(enum aesnictr_impl impl)
{
	if (impl != AESNICTR_AVX)
		return "a wider implementation (authenc has only avx)";
	if (!boot_cpu_has(X86_FEATURE_SHA_NI))
		return "SHA-NI";
	return aesnictr_cpu_lacks_width(impl);
}

static const struct aesnictr_policy authenc_policy = {
	.cra_name		= "authenc(hmac(sha1),cbc(aes))",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= authenc_stock,
	.stock_is_template	= true,
};

static int authenc_selftest(enum aesnictr_impl impl, bool simd)
{
	return aesnictr_authenc_selftest(AESNICTR_AUTHENC_SHA1, impl, simd);
}

static void authenc_use_impl(enum aesnictr_impl impl)
{
	authenc_impl = impl;
}

/* authenc_algs[SHA1][0..1], then [SHA256][0..1] */
static const char *const authenc_driver_prefixes[] = {
	"authenc-hmac-sha1-cbc-aes", "authencesn-hmac-sha1-cbc-aes",
	"authenc-hmac-sha256-cbc-aes", "authencesn-hmac-sha256-cbc-aes"
};

const struct aesnictr_family aesnictr_authenc_family = {
	.name		= "authenc",
	.algs		= "authenc[esn](hmac(sha1|sha256),cbc(aes))",
	.cpu_lacks	= authenc_cpu_lacks,
	.selftest	= authenc_selftest,
	.policy		= &authenc_policy,
	.aeads		= authenc_algs[AESNICTR_AUTHENC_SHA1],
	.nr_algs	= 4,
	.driver_prefixes = authenc_driver_prefixes,
	.use_impl	= authenc_use_impl,
};

/* ---- the authenc-sha512 family: SHA-384 and SHA-512 on AVX2 ---- */

/*
 * Two implementations: avx, AES-NI with the SHA-512 schedule in AVX2 and
 * the rounds in BMI1 (ANDN) and BMI2 (RORX); vaes512, the same with the
 * schedule in AVX-512VL (ymm registers only: no VAES, no zmm, so it needs
 * AVX-512F/VL and the OS saving the AVX-512 state, not what the vaes512
 * slot needs elsewhere).
 */
static const char *authenc512_cpu_lacks(enum aesnictr_impl impl)
{
	if (impl == AESNICTR_VAES2)
		return "a vaes2 implementation (authenc-sha512 has avx and vaes512)";
	if (!boot_cpu_has(X86_FEATURE_AVX2))
		return "AVX2";
	if (!boot_cpu_has(X86_FEATURE_BMI1))
		return "BMI1";
	if (!boot_cpu_has(X86_FEATURE_BMI2))
		return "BMI2";
	if (impl == AESNICTR_AVX)
		return aesnictr_cpu_lacks_width(impl);
	if (!AESNICTR_AS_VAES)
		return "an assembler with AVX-512 (this build)";
	if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VL) ||
	    !cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			       XFEATURE_MASK_AVX512, NULL))
		return "AVX-512F/VL";
	return NULL;
}

static const struct aesnictr_policy authenc512_policy = {
	.cra_name		= "authenc(hmac(sha512),cbc(aes))",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= authenc_stock,
	.stock_is_template	= true,
};

static int authenc512_selftest(enum aesnictr_impl impl, bool simd)
{
	return aesnictr_authenc_selftest(AESNICTR_AUTHENC_SHA384, impl, simd);
}

static void authenc512_use_impl(enum aesnictr_impl impl)
{
	authenc512_impl = impl;
}

/* authenc_algs[SHA384][0..1], then [SHA512][0..1] */
static const char *const authenc512_driver_prefixes[] = {
	"authenc-hmac-sha384-cbc-aes", "authencesn-hmac-sha384-cbc-aes",
	"authenc-hmac-sha512-cbc-aes", "authencesn-hmac-sha512-cbc-aes"
};

const struct aesnictr_family aesnictr_authenc512_family = {
	.name		= "authenc-sha512",
	.algs		= "authenc[esn](hmac(sha384|sha512),cbc(aes))",
	.cpu_lacks	= authenc512_cpu_lacks,
	.selftest	= authenc512_selftest,
	.policy		= &authenc512_policy,
	.aeads		= authenc_algs[AESNICTR_AUTHENC_SHA384],
	.nr_algs	= 4,
	.driver_prefixes = authenc512_driver_prefixes,
	.use_impl	= authenc512_use_impl,
};

MODULE_ALIAS_CRYPTO("authenc(hmac(sha1),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha256),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha384),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha512),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha1),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha256),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha384),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha512),cbc(aes))");
