// SPDX-License-Identifier: GPL-2.0
/*
 * aesni_ctr: module init and exit, tier detection, parameters and the
 * synchronous skcipher ctr(aes); gcm_glue.c has the AEADs.
 *
 * The widest code tier the CPU (and the max_tier parameter) allows, and that
 * passes the load-time self-test, is registered as ctr-aes-aesnictr-<tier>
 * with a priority above every stock ctr(aes) driver.  Requests run the
 * assembly inside kernel_fpu_begin/end, one skcipher walk step (at most a
 * page) at a time; when the FPU is not usable (a softirq that interrupted a
 * task's FPU section, before 6.15) they run the kernel's AES library instead.
 */

#include <asm/cpu_device_id.h>
#include <asm/fpu/api.h>
#include <crypto/internal/skcipher.h>
#include <linux/fips.h>
#include <linux/module.h>
#include "aesni_ctr_glue.h"

#ifndef AESNICTR_VERSION
#define AESNICTR_VERSION "unknown"
#endif

static char *max_tier;
module_param(max_tier, charp, 0444);
MODULE_PARM_DESC(max_tier,
		 "Widest code tier to use: avx (AES-NI+PCLMULQDQ+AVX, 128-bit), vaes2 (+VAES+VPCLMULQDQ+AVX2, 256-bit) or vaes512 (+AVX-512F/BW/VL, 512-bit); default: the widest the CPU supports");

static bool debug_force_nosimd;
module_param(debug_force_nosimd, bool, 0644);
MODULE_PARM_DESC(debug_force_nosimd,
		 "Debugging: run every request on the non-SIMD fallback path, as when the FPU is not usable (slow; for tests)");

enum { TIER_AVX, TIER_VAES2, TIER_VAES512, NR_TIERS };

#define TIER(n)	{ .name = #n, .ctr = aesnictr_ctr_##n,			\
		  .gcm_enc = aesnictr_gcm_enc_update_##n,		\
		  .gcm_dec = aesnictr_gcm_dec_update_##n }

static const struct aesnictr_tier aesnictr_tiers[NR_TIERS] = {
	[TIER_AVX]	= TIER(avx),
#if AESNICTR_AS_VAES
	[TIER_VAES2]	= TIER(vaes2),
	[TIER_VAES512]	= TIER(vaes512),
#endif
};

/* Set once at init, before anything is registered. */
const struct aesnictr_tier *aesnictr_active_tier;

bool aesnictr_simd_usable(void)
{
	return !READ_ONCE(debug_force_nosimd) && crypto_simd_usable();
}

/* Does the CPU (and the OS's XSAVE setup) support this tier? */
static bool aesnictr_cpu_has_tier(int tier)
{
	switch (tier) {
	case TIER_VAES512:
		if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
		    !boot_cpu_has(X86_FEATURE_AVX512BW) ||
		    !boot_cpu_has(X86_FEATURE_AVX512VL) ||
		    !cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				       XFEATURE_MASK_AVX512, NULL))
			return false;
		fallthrough;
	case TIER_VAES2:
		if (!boot_cpu_has(X86_FEATURE_VAES) ||
		    !boot_cpu_has(X86_FEATURE_VPCLMULQDQ) ||
		    !boot_cpu_has(X86_FEATURE_AVX2))
			return false;
		fallthrough;
	case TIER_AVX:
		return aesnictr_tiers[tier].ctr &&
		       boot_cpu_has(X86_FEATURE_AES) &&
		       boot_cpu_has(X86_FEATURE_PCLMULQDQ) &&
		       boot_cpu_has(X86_FEATURE_AVX) &&
		       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
					 NULL);
	}
	return false;
}

/* Add n to the 128-bit big-endian counter block. */
static void ctr_add(u8 ctr[AESNICTR_BLOCK_SIZE], u64 n)
{
	u64 lo = get_unaligned_be64(ctr + 8) + n;

	if (lo < n)
		put_unaligned_be64(get_unaligned_be64(ctr) + 1, ctr);
	put_unaligned_be64(lo, ctr + 8);
}

/* The non-SIMD path: one block at a time with the kernel's AES library. */
static void ctr_crypt_fallback(const struct aesnictr_ctr_ctx *ctx, u8 *dst,
			       const u8 *src, unsigned int len,
			       u8 iv[AESNICTR_BLOCK_SIZE])
{
	u8 keystream[AESNICTR_BLOCK_SIZE];

	while (len) {
		unsigned int n = min_t(unsigned int, len, AESNICTR_BLOCK_SIZE);

		aes_encrypt(&ctx->fallback, keystream, iv);
		crypto_xor_cpy(dst, src, keystream, n);
		ctr_add(iv, 1);
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(keystream, sizeof(keystream));
}

/*
 * Encrypt (or decrypt) len bytes with the counter in iv and advance iv past
 * the last (partial) block.  The assembly only increments the low 32 bits of
 * the counter, so runs are split where they wrap and the carry is done here.
 * Tier NULL selects the non-SIMD path; otherwise the caller has checked that
 * the FPU is usable.  Called with at most a page of data, which bounds the
 * FPU section.
 */
void aesnictr_ctr_crypt_buf(const struct aesnictr_ctr_ctx *ctx,
			    const struct aesnictr_tier *tier, u8 *dst,
			    const u8 *src, unsigned int len,
			    u8 iv[AESNICTR_BLOCK_SIZE])
{
	if (!tier) {
		ctr_crypt_fallback(ctx, dst, src, len, iv);
		return;
	}
	kernel_fpu_begin();
	while (len) {
		/* blocks left before the low 32 bits wrap, at least 1 */
		u64 room = (u64)U32_MAX - get_unaligned_be32(iv + 12) + 1;
		unsigned int n = len;
		u64 blocks = DIV_ROUND_UP(n, AESNICTR_BLOCK_SIZE);

		if (blocks > room) {
			blocks = room;
			n = room * AESNICTR_BLOCK_SIZE;
		}
		tier->ctr(&ctx->key, dst, src, n, iv);
		ctr_add(iv, blocks);
		dst += n;
		src += n;
		len -= n;
	}
	kernel_fpu_end();
}

int aesnictr_aes_set_key(struct aesnictr_key *key,
			 struct crypto_aes_ctx *fallback, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	unsigned int rk_bytes;

	if (key_len != AES_KEYSIZE_128 && key_len != AES_KEYSIZE_192 &&
	    key_len != AES_KEYSIZE_256)
		return -EINVAL;

	if (simd) {
		kernel_fpu_begin();
		aesnictr_expand_key(key, in_key, key_len);
		kernel_fpu_end();
	} else {
		int err = aes_expandkey(fallback, in_key, key_len);

		if (err)
			return err;
		key->nrounds = 6 + key_len / 4;
		memcpy(key->rk, fallback->key_enc,
		       (key->nrounds + 1) * AESNICTR_BLOCK_SIZE);
	}
	/* The library's layout of round keys is the one AES-NI uses. */
	rk_bytes = (key->nrounds + 1) * AESNICTR_BLOCK_SIZE;
	BUILD_BUG_ON(sizeof(fallback->key_enc) < sizeof(key->rk));
	memcpy(fallback->key_enc, key->rk, rk_bytes);
	fallback->key_length = key_len;
	return 0;
}

/* The tfm context is only CRYPTO_MINALIGN-aligned; round keys want 64. */
#define AESNICTR_CTX_ALIGN	64

static struct aesnictr_ctr_ctx *ctr_ctx(struct crypto_skcipher *tfm)
{
	return PTR_ALIGN(crypto_skcipher_ctx(tfm), AESNICTR_CTX_ALIGN);
}

static int ctr_setkey(struct crypto_skcipher *tfm, const u8 *in_key,
		      unsigned int key_len)
{
	struct aesnictr_ctr_ctx *ctx = ctr_ctx(tfm);

	return aesnictr_aes_set_key(&ctx->key, &ctx->fallback, in_key, key_len,
				    aesnictr_simd_usable());
}

static int ctr_crypt(struct skcipher_request *req)
{
	const struct aesnictr_ctr_ctx *ctx = ctr_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		const struct aesnictr_tier *tier =
			aesnictr_simd_usable() ? aesnictr_active_tier : NULL;
		unsigned int n = walk.nbytes;

		/* only the last step may end in a partial block */
		if (n < walk.total)
			n = round_down(n, AESNICTR_BLOCK_SIZE);
		aesnictr_ctr_crypt_buf(ctx, tier, walk.dst.virt.addr,
				       AESNICTR_WALK_SRC(&walk), n, walk.iv);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	return err;
}

static void ctr_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(ctr_ctx(tfm), sizeof(struct aesnictr_ctr_ctx));
}

static struct skcipher_alg aesnictr_ctr_alg = {
	.base = {
		.cra_name		= "ctr(aes)",
		/* cra_driver_name is set at init from the tier */
		.cra_priority		= AESNICTR_PRIORITY,
		.cra_blocksize		= 1,
		.cra_ctxsize		= sizeof(struct aesnictr_ctr_ctx) +
					  AESNICTR_CTX_ALIGN - CRYPTO_MINALIGN,
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

/* udev loads the module at boot on CPUs with AES-NI, as it does aesni_intel. */
static const struct x86_cpu_id aesnictr_cpu_ids[] = {
	X86_MATCH_FEATURE(X86_FEATURE_AES, NULL),
	{}
};
MODULE_DEVICE_TABLE(x86cpu, aesnictr_cpu_ids);

/* The index of the tier named by max_tier, or NR_TIERS - 1 without it. */
static int aesnictr_max_tier(void)
{
	int i;

	if (!max_tier || !*max_tier)
		return NR_TIERS - 1;
	for (i = 0; i < NR_TIERS; i++)
		if (aesnictr_tiers[i].name &&
		    sysfs_streq(max_tier, aesnictr_tiers[i].name))
			return i;
	return -EINVAL;
}

static int __init aesnictr_init(void)
{
	int top = aesnictr_max_tier();
	int tier, err;

	if (top < 0) {
		pr_err("unknown max_tier=%s (known: avx, vaes2, vaes512)\n",
		       max_tier);
		return -EINVAL;
	}
	if (!x86_match_cpu(aesnictr_cpu_ids) || !aesnictr_cpu_has_tier(TIER_AVX)) {
		pr_err("CPU lacks AES-NI, PCLMULQDQ or AVX (or the OS has not enabled AVX state); not loading\n");
		return -ENODEV;
	}
	/*
	 * In FIPS mode the crypto API panics when an unsigned module registers
	 * an algorithm (crypto_check_module_sig): refuse cleanly instead.
	 */
	if (fips_enabled && !module_sig_ok(THIS_MODULE)) {
		pr_err("FIPS mode requires a signed module; not loading\n");
		return -EKEYREJECTED;
	}

	/* Self-test every tier the CPU has; use the widest that passes. */
	err = aesnictr_selftest_ctr(NULL) ?: aesnictr_selftest_gcm(NULL);
	if (err) {
		pr_err("self-test of the non-SIMD path failed; not loading\n");
		return err;
	}
	for (tier = NR_TIERS - 1; tier >= 0; tier--) {
		if (!aesnictr_cpu_has_tier(tier))
			continue;
		if (aesnictr_selftest_ctr(&aesnictr_tiers[tier]) ||
		    aesnictr_selftest_gcm(&aesnictr_tiers[tier])) {
			pr_err("self-test of tier %s failed\n",
			       aesnictr_tiers[tier].name);
			if (fips_enabled)
				return -EBADMSG;
			continue;
		}
		if (tier <= top && !aesnictr_active_tier)
			aesnictr_active_tier = &aesnictr_tiers[tier];
	}
	if (!aesnictr_active_tier) {
		pr_err("no usable tier passed its self-test; not loading\n");
		return -ENODEV;
	}

	snprintf(aesnictr_ctr_alg.base.cra_driver_name, CRYPTO_MAX_ALG_NAME,
		 "ctr-aes-aesnictr-%s", aesnictr_active_tier->name);
	err = crypto_register_skcipher(&aesnictr_ctr_alg);
	if (err) {
		pr_err("registering %s failed: %d\n",
		       aesnictr_ctr_alg.base.cra_driver_name, err);
		return err;
	}
	err = aesnictr_gcm_register(aesnictr_active_tier->name);
	if (err) {
		pr_err("registering gcm(aes), rfc4106(gcm(aes)) failed: %d\n", err);
		crypto_unregister_skcipher(&aesnictr_ctr_alg);
		return err;
	}
	pr_info("version %s: tier %s: ctr(aes), gcm(aes), rfc4106(gcm(aes)) registered as *-aesnictr-%s (priority %d)\n",
		AESNICTR_VERSION, aesnictr_active_tier->name,
		aesnictr_active_tier->name, AESNICTR_PRIORITY);
	return 0;
}

static void __exit aesnictr_exit(void)
{
	aesnictr_gcm_unregister();
	crypto_unregister_skcipher(&aesnictr_ctr_alg);
}

module_init(aesnictr_init);
module_exit(aesnictr_exit);

MODULE_DESCRIPTION("AES-CTR and AES-GCM with AES-NI/AVX and VAES (Gueron-Krasnov counters)");
MODULE_LICENSE("GPL");
MODULE_VERSION(AESNICTR_VERSION);
MODULE_ALIAS_CRYPTO("ctr(aes)");
MODULE_ALIAS_CRYPTO("gcm(aes)");
MODULE_ALIAS_CRYPTO("rfc4106(gcm(aes))");
