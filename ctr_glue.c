// SPDX-License-Identifier: GPL-2.0
/*
 * The ctr family: the synchronous skcipher ctr(aes), registered as
 * ctr-aes-aesnictr-<impl>.
 *
 * Requests go through the skcipher driver (skcipher_driver.h), which runs
 * each piece (at most a page) inside kernel_fpu_begin/end with the assembly
 * of one implementation, or, when the FPU is not usable (a softirq that
 * interrupted a task's FPU section, before 6.15), with the C implementation
 * (the constant-time AES of aes_ct.c behind the assembly's signature),
 * chosen once per request.  The assembly only increments the low 32 bits of
 * the counter, so runs are split where they wrap and the carry into the
 * upper 96 bits is done here.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include <linux/module.h>
#include "calibrate.h"
#include "family.h"
#include "ctr_internal.h"
#include "skcipher_driver.h"

/* The tfm context is only CRYPTO_MINALIGN-aligned; round keys want 64. */
#define CTR_CTX_ALIGN	64

struct ctr_ctx {
	struct aesnictr_ctr_keys keys;
};

/*
 * The stock ctr(aes) drivers of 6.1 to 7.3 and which implementations make
 * bench measured faster than each (the README's tables): 6.1/6.12's by8 AVX
 * code, 7.3's AVX and VAES code where ours is as wide or wider.
 */
static const struct aesnictr_stock_driver ctr_stock[] = {
	/* driver		 beaten by, on: default	  amd-zen5-turin */
	{ "ctr-aes-aesni",	 { AESNICTR_BY_ALL,	  AESNICTR_BY_ALL } },
	{ "ctr-aes-aesni-avx",	 { AESNICTR_BY_VAES,	  AESNICTR_BY_VAES } },
	{ "ctr-aes-vaes-avx2",	 { AESNICTR_BY_VAES512,	  AESNICTR_BY_VAES512 } },
	{ "ctr-aes-vaes-avx512", { AESNICTR_BY_VAES512,	  AESNICTR_BY_VAES512 } },
	/*
	 * 7.x's crypto/aes.c: the mode in C over the AES library, which on
	 * x86 does one AES-NI block per call (lib/crypto/x86 has no mode
	 * code; read from 7.3's source, not benched): beaten by every
	 * implementation, as a template instance is.
	 */
	{ "ctr-aes-lib",	 { AESNICTR_BY_ALL,	  AESNICTR_BY_ALL } },
	{}
};

static const struct aesnictr_ctr_impl ctr_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX]		= { aesnictr_ctr_avx },
#if AESNICTR_AS_VAES
	[AESNICTR_VAES2]	= { aesnictr_ctr_vaes2 },
	[AESNICTR_VAES512]	= { aesnictr_ctr_vaes512 },
#endif
};

/* The implementation the registered algorithm uses; set before registering. */
static const struct aesnictr_ctr_impl *ctr_active;

const struct aesnictr_ctr_impl *aesnictr_ctr_impl(enum aesnictr_impl impl)
{
	return ctr_impls[impl].crypt ? &ctr_impls[impl] : NULL;
}

/* Add n to the 128-bit big-endian counter block. */
static void ctr_add(u8 ctr[AESNICTR_BLOCK_SIZE], u64 n)
{
	u64 lo = get_unaligned_be64(ctr + 8) + n;

	if (lo < n)
		put_unaligned_be64(get_unaligned_be64(ctr) + 1, ctr);
	put_unaligned_be64(lo, ctr + 8);
}

#define CTR_C_BLOCKS	8

/*
 * The C implementation, for when the FPU is unusable: the assembly's
 * signature and semantics (ctr is the first block's counter, left as it
 * is; the caller splits runs where its low 32 bits wrap), the counter
 * blocks of a batch encrypted by aes_ct.c with the prepared schedule (two
 * bitsliced passes per batch).
 */
static void ctr_crypt_c(const struct aesnictr_key *key, u8 *dst,
			const u8 *src, unsigned int len,
			const u8 ctr[AESNICTR_BLOCK_SIZE])
{
	const struct aesnictr_ctr_keys *keys =
		container_of(key, struct aesnictr_ctr_keys, key);
	u8 ks[CTR_C_BLOCKS * AESNICTR_BLOCK_SIZE];
	u8 iv[AESNICTR_BLOCK_SIZE];

	memcpy(iv, ctr, sizeof(iv));
	while (len) {
		unsigned int n = min_t(unsigned int, len, sizeof(ks));
		unsigned int i, blocks = DIV_ROUND_UP(n, AESNICTR_BLOCK_SIZE);

		for (i = 0; i < blocks; i++) {
			memcpy(ks + i * AESNICTR_BLOCK_SIZE, iv,
			       AESNICTR_BLOCK_SIZE);
			ctr_add(iv, 1);
		}
		aesnictr_ct_encrypt_sched(&keys->ct, ks, ks, blocks);
		crypto_xor_cpy(dst, src, ks, n);
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(ks, sizeof(ks));
	memzero_explicit(iv, sizeof(iv));
}

static const struct aesnictr_ctr_impl ctr_c_impl = { ctr_crypt_c };

void aesnictr_ctr_expand(struct aesnictr_ctr_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	aesnictr_aes_expand(&keys->key, NULL, in_key, key_len, simd);
	aesnictr_ct_prepare(&keys->ct, &keys->key);
}

/* One message being en/decrypted (they are the same). */
struct ctr_req {
	struct aesnictr_skcipher_req base;
	const struct aesnictr_ctr_keys *keys;
	/* the SIMD implementation, or the C one (use_c_impl) */
	const struct aesnictr_ctr_impl *impl;
};

static void ctr_use_c_impl(struct aesnictr_skcipher_req *r)
{
	container_of(r, struct ctr_req, base)->impl = &ctr_c_impl;
}

/* A piece of the message: the skcipher driver holds the FPU if r->simd. */
static void ctr_piece(struct aesnictr_skcipher_req *r, u8 *dst, const u8 *src,
		      unsigned int len, u8 *iv, bool first)
{
	const struct ctr_req *c = container_of(r, struct ctr_req, base);

	while (len) {
		/* blocks left before the low 32 bits wrap, at least 1 */
		u64 room = (u64)U32_MAX - get_unaligned_be32(iv + 12) + 1;
		unsigned int n = len;
		u64 blocks = DIV_ROUND_UP(n, AESNICTR_BLOCK_SIZE);

		if (blocks > room) {
			blocks = room;
			n = room * AESNICTR_BLOCK_SIZE;
		}
		c->impl->crypt(&c->keys->key, dst, src, n, iv);
		ctr_add(iv, blocks);
		dst += n;
		src += n;
		len -= n;
	}
}

static const struct aesnictr_skcipher_ops ctr_ops = {
	.use_c_impl	= ctr_use_c_impl,
	.crypt		= ctr_piece,
};

void aesnictr_ctr_crypt_buf(const struct aesnictr_ctr_keys *keys,
			    const struct aesnictr_ctr_impl *impl, u8 *dst,
			    const u8 *src, unsigned int len,
			    unsigned int split, u8 iv[AESNICTR_BLOCK_SIZE])
{
	struct ctr_req c = { { &ctr_ops }, keys, impl };

	aesnictr_skcipher_crypt_buf(&c.base, !!impl, true, dst, src, len, split,
				    iv);
}

static struct ctr_ctx *ctr_ctx(struct crypto_skcipher *tfm)
{
	return PTR_ALIGN(crypto_skcipher_ctx(tfm), CTR_CTX_ALIGN);
}

static int ctr_setkey(struct crypto_skcipher *tfm, const u8 *in_key,
		      unsigned int key_len)
{
	struct ctr_ctx *ctx = ctr_ctx(tfm);
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	aesnictr_ctr_expand(&ctx->keys, in_key, key_len,
			    aesnictr_simd_usable());
	return 0;
}

static int ctr_crypt(struct skcipher_request *req)
{
	const struct ctr_ctx *ctx = ctr_ctx(crypto_skcipher_reqtfm(req));
	struct ctr_req c = { { &ctr_ops }, &ctx->keys, ctr_active };

	return aesnictr_skcipher_crypt(&c.base, req, true);
}

static void ctr_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(ctr_ctx(tfm), sizeof(struct ctr_ctx));
}

static struct skcipher_alg ctr_alg = {
	.base = {
		.cra_name		= "ctr(aes)",
		/* cra_driver_name, cra_priority: set by the module core */
		.cra_blocksize		= 1,
		.cra_ctxsize		= sizeof(struct ctr_ctx) +
					  CTR_CTX_ALIGN - CRYPTO_MINALIGN,
		.cra_module		= THIS_MODULE,
	},
	.min_keysize	= AES_MIN_KEY_SIZE,
	.max_keysize	= AES_MAX_KEY_SIZE,
	.ivsize		= AES_BLOCK_SIZE,
	.chunksize	= AES_BLOCK_SIZE,
	.setkey		= ctr_setkey,
	.encrypt	= ctr_crypt,
	.decrypt	= ctr_crypt,
	.exit		= ctr_exit_tfm,
};

static void ctr_use_impl(enum aesnictr_impl impl)
{
	ctr_active = &ctr_impls[impl];
}

/*
 * The load-time timing (calibrate.c) at ctr's users' sizes
 * (priority_rule.h).
 */
static int ctr_calib_setkey(void *ctx, const u8 *key, unsigned int key_len)
{
	aesnictr_ctr_expand(ctx, key, key_len, aesnictr_simd_usable());
	return 0;
}

static int ctr_calib_crypt(const void *ctx, enum aesnictr_impl impl,
			   void *req, bool enc)
{
	struct ctr_req c = { { &ctr_ops }, ctx, &ctr_impls[impl] };

	return aesnictr_skcipher_crypt(&c.base, req, true);
}

static const struct aesnictr_calib ctr_calib = {
	.sizes		= aesnictr_calib_sizes[AESNICTR_CALIB_CTR],
	.key_lens	= { AES_KEYSIZE_128, AES_KEYSIZE_256 },
	.ctx_size	= sizeof(struct aesnictr_ctr_keys),
	.setkey		= ctr_calib_setkey,
	.crypt		= ctr_calib_crypt,
};

static const struct aesnictr_policy ctr_policy = {
	.cra_name	= "ctr(aes)",
	.type		= CRYPTO_ALG_TYPE_SKCIPHER,
	.stock		= ctr_stock,
	.calib		= &ctr_calib,
};

static const char *const ctr_driver_prefixes[1] = { "ctr-aes" };

const struct aesnictr_family aesnictr_ctr_family = {
	.name		= "ctr",
	.algs		= "ctr(aes)",
	.cpu_lacks	= aesnictr_cpu_lacks_impl,
	.selftest	= aesnictr_ctr_selftest,
	.policy		= &ctr_policy,
	.skciphers	= &ctr_alg,
	.nr_algs	= ARRAY_SIZE(ctr_driver_prefixes),
	.driver_prefixes = ctr_driver_prefixes,
	.use_impl	= ctr_use_impl,
};
