// SPDX-License-Identifier: GPL-2.0
/*
 * The cbc and cts families: the synchronous skciphers cbc(aes) (NIST SP
 * 800-38A) and cts(cbc(aes)) (CBC with ciphertext stealing as the kernel's
 * cts template does it: CBC-CS3 of SP 800-38A's addendum, the last two
 * blocks swapped), registered as cbc-aes-aesnictr-<impl> and
 * cts-cbc-aes-aesnictr-<impl>.  Two families, as their priorities are set
 * differently: cbc's is held for the templates over it (priority.h).
 *
 * Encryption is one serial chain, the same AES-NI routine for every
 * implementation; decryption is as wide as the implementation (cbc_asm.h).
 * Requests go through the skcipher driver (skcipher_driver.h): every piece
 * (at most a page, in an FPU section of its own) en/decrypts its blocks,
 * the chaining value carried in the request's IV.  For cts(cbc(aes)) the
 * driver holds back the last two blocks (the second maybe partial) of a
 * message longer than 16 bytes and hands them over as one last piece, done
 * here (cbc_tail: one assembly call).  The IV a request leaves is the one the kernel's
 * templates leave: the last ciphertext block for cbc, the first of the two
 * swapped ones for cts.  When the FPU is not usable, requests run the C
 * implementation (the constant-time AES of aes_ct.c behind the assembly's
 * signatures), chosen once per request.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include <linux/module.h>
#include "cbc_internal.h"
#include "family.h"
#include "skcipher_driver.h"

/* The tfm context is only CRYPTO_MINALIGN-aligned; round keys want 64. */
#define CBC_CTX_ALIGN	64

struct cbc_ctx {
	struct aesnictr_cbc_keys keys;
};

static const struct aesnictr_cbc_impl cbc_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX] = {
		aesnictr_cbc_encrypt_avx, aesnictr_cbc_decrypt_avx,
		aesnictr_cts_encrypt_tail_avx, aesnictr_cts_decrypt_tail_avx
	},
#if AESNICTR_AS_VAES
	[AESNICTR_VAES2] = {
		aesnictr_cbc_encrypt_avx, aesnictr_cbc_decrypt_vaes2,
		aesnictr_cts_encrypt_tail_avx, aesnictr_cts_decrypt_tail_avx
	},
	[AESNICTR_VAES512] = {
		aesnictr_cbc_encrypt_avx, aesnictr_cbc_decrypt_vaes512,
		aesnictr_cts_encrypt_tail_avx, aesnictr_cts_decrypt_tail_avx
	},
#endif
};

/* The implementations the registered algorithms use; set before registering. */
static const struct aesnictr_cbc_impl *cbc_active, *cts_active;

const struct aesnictr_cbc_impl *aesnictr_cbc_impl(enum aesnictr_impl impl)
{
	return cbc_impls[impl].decrypt ? &cbc_impls[impl] : NULL;
}

void aesnictr_cbc_expand(struct aesnictr_cbc_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	aesnictr_aes_expand(&keys->enc, &keys->dec, in_key, key_len, simd);
	aesnictr_ct_prepare(&keys->ct_enc, &keys->enc);
	aesnictr_ct_prepare(&keys->ct_dec, &keys->dec);
}

/* ---- one piece of a message, on either path ---- */

struct cbc_req {
	struct aesnictr_skcipher_req base;
	const struct aesnictr_cbc_keys *keys;
	/* the SIMD implementation, or the C one (use_c_impl) */
	const struct aesnictr_cbc_impl *impl;
};

static void cbc_use_c_impl(struct aesnictr_skcipher_req *r)
{
	container_of(r, struct cbc_req, base)->impl = &aesnictr_cbc_c_impl;
}

/* Whole blocks: the skcipher driver holds the FPU if r->simd. */
static void cbc_piece(struct aesnictr_skcipher_req *r, u8 *dst, const u8 *src,
		      unsigned int len, u8 *iv, bool first)
{
	const struct cbc_req *c = container_of(r, struct cbc_req, base);

	if (r->enc)
		c->impl->encrypt(&c->keys->enc, dst, src, len, iv);
	else
		c->impl->decrypt(&c->keys->dec, dst, src, len, iv);
}

/* The held-back last two blocks of a cts(cbc(aes)) message. */
static void cbc_tail(struct aesnictr_skcipher_req *r, u8 *dst, const u8 *src,
		     unsigned int len, u8 *iv, bool first)
{
	const struct cbc_req *c = container_of(r, struct cbc_req, base);

	aesnictr_cts_tail(c->keys, c->impl, dst, src, len, iv, r->enc);
}

static const struct aesnictr_skcipher_ops cbc_ops = {
	.use_c_impl	= cbc_use_c_impl,
	.crypt		= cbc_piece,
};

static const struct aesnictr_skcipher_ops cts_ops = {
	.use_c_impl	= cbc_use_c_impl,
	.crypt		= cbc_piece,
	.crypt_tail	= cbc_tail,
	.min_len	= AES_BLOCK_SIZE,
	.cts		= true,
	.cts_whole_blocks = true,
};

void aesnictr_cbc_crypt_buf(const struct aesnictr_cbc_keys *keys,
			    const struct aesnictr_cbc_impl *impl, bool cts,
			    u8 *dst, const u8 *src, unsigned int len,
			    unsigned int split, u8 iv[AESNICTR_BLOCK_SIZE],
			    bool enc)
{
	struct cbc_req c = { { cts ? &cts_ops : &cbc_ops }, keys, impl };

	aesnictr_skcipher_crypt_buf(&c.base, !!impl, enc, dst, src, len, split,
				    iv);
}

/* ---- the skciphers ---- */

static struct cbc_ctx *cbc_ctx(struct crypto_skcipher *tfm)
{
	return PTR_ALIGN(crypto_skcipher_ctx(tfm), CBC_CTX_ALIGN);
}

static int cbc_setkey(struct crypto_skcipher *tfm, const u8 *in_key,
		      unsigned int key_len)
{
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	aesnictr_cbc_expand(&cbc_ctx(tfm)->keys, in_key, key_len,
			    aesnictr_simd_usable());
	return 0;
}

static int cbc_crypt(struct skcipher_request *req,
		     const struct aesnictr_skcipher_ops *ops, bool enc)
{
	const struct cbc_ctx *ctx = cbc_ctx(crypto_skcipher_reqtfm(req));
	struct cbc_req c = { { ops }, &ctx->keys,
			     ops->cts ? cts_active : cbc_active };

	/* cbc(aes) takes whole blocks only */
	if (!ops->cts && req->cryptlen % AES_BLOCK_SIZE)
		return -EINVAL;
	return aesnictr_skcipher_crypt(&c.base, req, enc);
}

static int cbc_encrypt(struct skcipher_request *req)
{
	return cbc_crypt(req, &cbc_ops, true);
}

static int cbc_decrypt(struct skcipher_request *req)
{
	return cbc_crypt(req, &cbc_ops, false);
}

static int cts_encrypt(struct skcipher_request *req)
{
	return cbc_crypt(req, &cts_ops, true);
}

static int cts_decrypt(struct skcipher_request *req)
{
	return cbc_crypt(req, &cts_ops, false);
}

static void cbc_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(cbc_ctx(tfm), sizeof(struct cbc_ctx));
}

#define CBC_ALG(name, enc, dec)				\
	{								\
		.base = {						\
			.cra_name	= name,				\
			/* cra_driver_name, cra_priority: the core */	\
			.cra_blocksize	= AES_BLOCK_SIZE,		\
			.cra_ctxsize	= sizeof(struct cbc_ctx) +	\
					  CBC_CTX_ALIGN - CRYPTO_MINALIGN, \
			.cra_module	= THIS_MODULE,			\
		},							\
		.min_keysize	= AES_MIN_KEY_SIZE,			\
		.max_keysize	= AES_MAX_KEY_SIZE,			\
		.ivsize		= AES_BLOCK_SIZE,			\
		.setkey		= cbc_setkey,				\
		.encrypt	= enc,					\
		.decrypt	= dec,					\
		.exit		= cbc_exit_tfm,				\
	}

/*
 * Both with the block size 16, as the kernel's own drivers and templates
 * (the crypto manager compares it with theirs); cts(cbc(aes)) takes any
 * length from 16 on all the same.
 */
static struct skcipher_alg cbc_alg =
	CBC_ALG("cbc(aes)", cbc_encrypt, cbc_decrypt);
static struct skcipher_alg cts_alg =
	CBC_ALG("cts(cbc(aes))", cts_encrypt, cts_decrypt);

/*
 * The stock cbc(aes) drivers of 6.1 to 7.3 and which implementations make
 * bench measured faster than each (docs/performance.md): every kernel's
 * cbc-aes-aesni is aesni-intel_asm.S's (priority 400; on 6.1 and 6.12 an
 * asynchronous SIMD wrapper, which synchronous callers cannot use: they
 * get the cbc template over aes-aesni, a template instance, which never
 * counts); 7.3's crypto/aes.c adds cbc-aes-lib (110), one AES library call
 * per block.  Measured on Zen 5; on the default class (Intel) a prediction
 * (llvm-mca, docs/performance.md): encryption 1.03-1.04x (the chain less
 * one XOR per block), decryption 1.00-1.10x with AES-NI alone (both at the
 * AES units' throughput) and the VAES widths far ahead.
 */
static const struct aesnictr_stock_driver cbc_stock[] = {
	/* driver		beaten by, on: default	amd-zen5-turin */
	{ "cbc-aes-aesni",	{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{ "cbc-aes-lib",	{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{}
};

/*
 * The authenc and krb5enc templates built over cbc(aes) take ten times its
 * priority: the policy keeps ours low enough that our stitched authenc
 * families stay above them (priority.h).
 */
static const struct aesnictr_policy cbc_policy = {
	.cra_name	= "cbc(aes)",
	.type		= CRYPTO_ALG_TYPE_SKCIPHER,
	.stock		= cbc_stock,
	.template_base	= true,
};

/*
 * The stock cts(cbc(aes)) drivers: every kernel's cts-cbc-aes-aesni (400):
 * the CBC routines over all but the last two blocks, then one assembly
 * call for those, as ours (aesnictr_cts_<en|de>crypt_tail_avx).  make bench
 * measured ours 1.00-1.18x at 17 to 64 bytes (fscrypt's file names,
 * Kerberos tokens) and 1.05-4.2x from 255 on Zen 5 (median of 3; one
 * 0.98 at AES-256 64 B encryption, the routine every tier shares, whose
 * other rows there are 1.00).  On the default class (Intel) a prediction:
 * the same tail (two blocks' rounds in one call), the encryption chain
 * less one XOR per block, decryption at least twice as wide.  7.3's
 * cts-cbc-aes-lib (110): the AES library one block per call.
 */
static const struct aesnictr_stock_driver cts_stock[] = {
	/* driver		beaten by, on: default	amd-zen5-turin */
	{ "cts-cbc-aes-aesni",	{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{ "cts-cbc-aes-lib",	{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{}
};

static const struct aesnictr_policy cts_policy = {
	.cra_name	= "cts(cbc(aes))",
	.type		= CRYPTO_ALG_TYPE_SKCIPHER,
	.stock		= cts_stock,
};

static const char *cbc_cpu_lacks(enum aesnictr_impl impl)
{
	return aesnictr_cpu_lacks_impl(impl);
}

static void cbc_use_impl(enum aesnictr_impl impl)
{
	cbc_active = aesnictr_cbc_impl(impl);
}

static void cts_use_impl(enum aesnictr_impl impl)
{
	cts_active = aesnictr_cbc_impl(impl);
}

static const char *const cbc_driver_prefixes[1] = { "cbc-aes" };
static const char *const cts_driver_prefixes[1] = { "cts-cbc-aes" };

const struct aesnictr_family aesnictr_cbc_family = {
	.name		= "cbc",
	.algs		= "cbc(aes)",
	.cpu_lacks	= cbc_cpu_lacks,
	.selftest	= aesnictr_cbc_selftest,
	.policy		= &cbc_policy,
	.skciphers	= &cbc_alg,
	.nr_algs	= ARRAY_SIZE(cbc_driver_prefixes),
	.driver_prefixes = cbc_driver_prefixes,
	.use_impl	= cbc_use_impl,
};

const struct aesnictr_family aesnictr_cts_family = {
	.name		= "cts",
	.algs		= "cts(cbc(aes))",
	.cpu_lacks	= cbc_cpu_lacks,
	.selftest	= aesnictr_cts_selftest,
	.policy		= &cts_policy,
	.skciphers	= &cts_alg,
	.nr_algs	= ARRAY_SIZE(cts_driver_prefixes),
	.driver_prefixes = cts_driver_prefixes,
	.use_impl	= cts_use_impl,
};
