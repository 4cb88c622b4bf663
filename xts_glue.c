// SPDX-License-Identifier: GPL-2.0
/*
 * The xts family: the synchronous skcipher xts(aes) (IEEE 1619-2007, as
 * dm-crypt's aes-xts-plain64 uses it), registered as
 * xts-aes-aesnictr-<impl>, for 32-, 48- and 64-byte keys (Key1 || Key2).
 *
 * Requests go through the skcipher driver (skcipher_driver.h): every
 * piece (at most a page, in an FPU section of its own) en/decrypts its
 * blocks in one call, the first piece's call computing the tweak
 * AES(Key2, IV) first, the tweak carried from piece to piece.  When the
 * length is not a multiple of 16, the driver holds back the last full
 * block and the partial one and hands them over as one last piece, done
 * here with ciphertext stealing.  When the FPU is not usable (a softirq
 * that interrupted a task's FPU section, before 6.15), requests run the C
 * implementation (the constant-time AES of aes_ct.c, the tweak doubled in
 * C, behind the assembly's signatures), chosen once per request.
 */

#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include <crypto/xts.h>
#include <linux/module.h>
#include "calibrate.h"
#include "family.h"
#include "skcipher_driver.h"
#include "xts_internal.h"

/* The tfm context is only CRYPTO_MINALIGN-aligned; round keys want 64. */
#define XTS_CTX_ALIGN	64

struct xts_ctx {
	struct aesnictr_xts_keys keys;
};

static const struct aesnictr_xts_impl xts_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX] = {
		aesnictr_xts_encrypt_avx, aesnictr_xts_decrypt_avx
	},
#if AESNICTR_AS_VAES
	[AESNICTR_VAES2] = {
		aesnictr_xts_encrypt_vaes2, aesnictr_xts_decrypt_vaes2
	},
	[AESNICTR_VAES512] = {
		aesnictr_xts_encrypt_vaes512, aesnictr_xts_decrypt_vaes512
	},
#endif
};

#if AESNICTR_AS_VAES
/*
 * vaes2 on a CPU with VPCLMULQDQ (every real one with VAES): the same
 * width with its tweaks advanced by carry-less multiplications, which leave
 * the VAESENC ports free; xts_impls[AESNICTR_VAES2] stays for CPUs without
 * it (QEMU's emulated ones).
 */
static const struct aesnictr_xts_impl xts_vaes2_clmul = {
	aesnictr_xts_encrypt_vaes2_clmul, aesnictr_xts_decrypt_vaes2_clmul
};
#endif

/* The implementation the registered algorithm uses; set before registering. */
static const struct aesnictr_xts_impl *xts_active;

/*
 * The routines implementation impl runs on this CPU: the self-test tests
 * them and xts_register() registers them.
 */
const struct aesnictr_xts_impl *aesnictr_xts_impl(enum aesnictr_impl impl)
{
	if (!xts_impls[impl].encrypt)
		return NULL;
#if AESNICTR_AS_VAES
	if (impl == AESNICTR_VAES2 && boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
		return &xts_vaes2_clmul;
#endif
	return &xts_impls[impl];
}

void aesnictr_xts_expand(struct aesnictr_xts_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	aesnictr_aes_expand(&keys->enc, &keys->dec, in_key, key_len / 2, simd);
	aesnictr_aes_expand(&keys->tweak, NULL, in_key + key_len / 2,
			    key_len / 2, simd);
	aesnictr_ct_prepare(&keys->ct_enc, &keys->enc);
	aesnictr_ct_prepare(&keys->ct_dec, &keys->dec);
}

/*
 * ---- the C implementation, for when the FPU is unusable ----
 * The assembly's signatures and semantics: the round keys passed are those
 * in struct aesnictr_xts_keys, whose prepared forms the C AES uses.
 */

/* t *= x in GF(2^128), XTS's little-endian order, without branches. */
static void xts_mul_x(u8 t[AES_BLOCK_SIZE])
{
	u64 lo = get_unaligned_le64(t), hi = get_unaligned_le64(t + 8);
	u64 reduce = -(hi >> 63) & 0x87;

	put_unaligned_le64(lo << 1 ^ reduce, t);
	put_unaligned_le64(hi << 1 | lo >> 63, t + 8);
}

#define XTS_C_BLOCKS	8

static void xts_ecb_c(const struct aesnictr_xts_keys *keys, u8 *dst,
		      const u8 *src, unsigned int nblocks, bool enc)
{
	if (enc)
		aesnictr_ct_encrypt_sched(&keys->ct_enc, dst, src, nblocks);
	else
		aesnictr_ct_decrypt_sched(&keys->ct_dec, dst, src, nblocks);
}

/* One block: dst = E(src ^ t) ^ t (or D); dst may be src. */
static void xts_block_c(const struct aesnictr_xts_keys *keys, u8 *dst,
			const u8 *src, const u8 *t, bool enc)
{
	crypto_xor_cpy(dst, src, t, AES_BLOCK_SIZE);
	xts_ecb_c(keys, dst, dst, 1, enc);
	crypto_xor(dst, t, AES_BLOCK_SIZE);
}

static void xts_crypt_c(const struct aesnictr_xts_keys *keys, u8 *dst,
			const u8 *src, unsigned int len,
			u8 tweak[AES_BLOCK_SIZE],
			const struct aesnictr_key *tweak_key, bool enc)
{
	u8 buf[XTS_C_BLOCKS * AES_BLOCK_SIZE];
	u8 tws[XTS_C_BLOCKS * AES_BLOCK_SIZE];
	unsigned int tail = len % AES_BLOCK_SIZE;
	unsigned int bulk;

	/* T_0 = AES(Key2, IV): one block, the per-call API */
	if (tweak_key)
		aesnictr_ct_encrypt(tweak_key, tweak, tweak, 1);
	if (len < AES_BLOCK_SIZE)
		return;
	bulk = len - tail - (tail ? AES_BLOCK_SIZE : 0);
	while (bulk) {
		unsigned int n = min_t(unsigned int, bulk, sizeof(buf));
		unsigned int i;

		for (i = 0; i < n; i += AES_BLOCK_SIZE) {
			memcpy(tws + i, tweak, AES_BLOCK_SIZE);
			xts_mul_x(tweak);
		}
		crypto_xor_cpy(buf, src, tws, n);
		xts_ecb_c(keys, buf, buf, n / AES_BLOCK_SIZE, enc);
		crypto_xor_cpy(dst, buf, tws, n);
		dst += n;
		src += n;
		bulk -= n;
	}
	if (tail) {
		/*
		 * Ciphertext stealing over the last full block and the tail:
		 * tws holds T_m-1 then T_m; encryption takes them in that
		 * order, decryption the other way round.
		 */
		const u8 *first = enc ? tws : tws + AES_BLOCK_SIZE;
		const u8 *second = enc ? tws + AES_BLOCK_SIZE : tws;

		memcpy(tws, tweak, AES_BLOCK_SIZE);
		xts_mul_x(tweak);
		memcpy(tws + AES_BLOCK_SIZE, tweak, AES_BLOCK_SIZE);
		xts_mul_x(tweak);
		xts_block_c(keys, buf, src, first, enc);
		memcpy(buf + AES_BLOCK_SIZE, src + AES_BLOCK_SIZE, tail);
		memcpy(dst + AES_BLOCK_SIZE, buf, tail);
		memcpy(buf, buf + AES_BLOCK_SIZE, tail);
		xts_block_c(keys, dst, buf, second, enc);
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(tws, sizeof(tws));
}

static void xts_encrypt_c(const struct aesnictr_key *key, u8 *dst,
			  const u8 *src, unsigned int len,
			  u8 tweak[AES_BLOCK_SIZE],
			  const struct aesnictr_key *tweak_key)
{
	xts_crypt_c(container_of(key, struct aesnictr_xts_keys, enc), dst, src,
		    len, tweak, tweak_key, true);
}

static void xts_decrypt_c(const struct aesnictr_key *key, u8 *dst,
			  const u8 *src, unsigned int len,
			  u8 tweak[AES_BLOCK_SIZE],
			  const struct aesnictr_key *tweak_key)
{
	xts_crypt_c(container_of(key, struct aesnictr_xts_keys, dec), dst, src,
		    len, tweak, tweak_key, false);
}

static const struct aesnictr_xts_impl xts_c_impl = {
	xts_encrypt_c, xts_decrypt_c
};

/* ---- one piece of a message, on either path ---- */

struct xts_req {
	struct aesnictr_skcipher_req base;
	const struct aesnictr_xts_keys *keys;
	/* the SIMD implementation, or the C one (use_c_impl) */
	const struct aesnictr_xts_impl *impl;
	u8 *tweak;	/* carried from piece to piece */
};

static void xts_use_c_impl(struct aesnictr_skcipher_req *r)
{
	container_of(r, struct xts_req, base)->impl = &xts_c_impl;
}

/* A piece of the message: the skcipher driver holds the FPU if r->simd. */
static void xts_piece(struct aesnictr_skcipher_req *r, u8 *dst, const u8 *src,
		      unsigned int len, u8 *iv, bool first)
{
	const struct xts_req *x = container_of(r, struct xts_req, base);
	const struct aesnictr_xts_keys *keys = x->keys;
	const struct aesnictr_key *tweak_key = NULL;

	/* the first piece makes T_0 = AES(Key2, IV) in the same call */
	if (first) {
		memcpy(x->tweak, iv, AES_BLOCK_SIZE);
		tweak_key = &keys->tweak;
	}
	if (r->enc)
		x->impl->encrypt(&keys->enc, dst, src, len, x->tweak,
				 tweak_key);
	else
		x->impl->decrypt(&keys->dec, dst, src, len, x->tweak,
				 tweak_key);
}

static const struct aesnictr_skcipher_ops xts_ops = {
	.use_c_impl	= xts_use_c_impl,
	.crypt		= xts_piece,
	.min_len	= AES_BLOCK_SIZE,
	.cts		= true,
};

void aesnictr_xts_crypt_buf(const struct aesnictr_xts_keys *keys,
			    const struct aesnictr_xts_impl *impl, u8 *dst,
			    const u8 *src, unsigned int len, unsigned int split,
			    u8 tweak[AESNICTR_BLOCK_SIZE], u8 *iv, bool enc)
{
	struct xts_req x = { { &xts_ops }, keys, impl, tweak };

	aesnictr_skcipher_crypt_buf(&x.base, !!impl, enc, dst, src, len, split,
				    iv);
}

/* ---- the skcipher ---- */

static struct xts_ctx *xts_ctx(struct crypto_skcipher *tfm)
{
	return PTR_ALIGN(crypto_skcipher_ctx(tfm), XTS_CTX_ALIGN);
}

static int xts_setkey(struct crypto_skcipher *tfm, const u8 *in_key,
		      unsigned int key_len)
{
	struct xts_ctx *ctx = xts_ctx(tfm);
	int err = xts_verify_key(tfm, in_key, key_len);

	if (err)
		return err;
	err = aesnictr_aes_check_key_len(key_len / 2);
	if (err)
		return err;
	aesnictr_xts_expand(&ctx->keys, in_key, key_len,
			    aesnictr_simd_usable());
	return 0;
}

static int xts_crypt(struct skcipher_request *req, bool enc)
{
	const struct xts_ctx *ctx = xts_ctx(crypto_skcipher_reqtfm(req));
	u8 tweak[AES_BLOCK_SIZE];
	struct xts_req x = { { &xts_ops }, &ctx->keys, xts_active, tweak };
	int err = aesnictr_skcipher_crypt(&x.base, req, enc);

	memzero_explicit(tweak, sizeof(tweak));
	return err;
}

static int xts_encrypt(struct skcipher_request *req)
{
	return xts_crypt(req, true);
}

static int xts_decrypt(struct skcipher_request *req)
{
	return xts_crypt(req, false);
}

static void xts_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(xts_ctx(tfm), sizeof(struct xts_ctx));
}

static struct skcipher_alg xts_alg = {
	.base = {
		.cra_name		= "xts(aes)",
		/* cra_driver_name, cra_priority: set by the module core */
		.cra_blocksize		= AES_BLOCK_SIZE,
		.cra_ctxsize		= sizeof(struct xts_ctx) +
					  XTS_CTX_ALIGN - CRYPTO_MINALIGN,
		.cra_module		= THIS_MODULE,
	},
	.min_keysize	= 2 * AES_MIN_KEY_SIZE,
	.max_keysize	= 2 * AES_MAX_KEY_SIZE,
	.ivsize		= AES_BLOCK_SIZE,
	.setkey		= xts_setkey,
	.encrypt	= xts_encrypt,
	.decrypt	= xts_decrypt,
	.exit		= xts_exit_tfm,
};

static const char *xts_cpu_lacks(enum aesnictr_impl impl)
{
	const char *why = aesnictr_cpu_lacks_impl(impl);

	if (why)
		return why;
	/*
	 * vaes512 makes its tweaks with VPCLMULQDQ; vaes2 does where the CPU
	 * has it (aesnictr_xts_impl()) and runs without it too
	 */
	if (impl == AESNICTR_VAES512 &&
	    !boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
		return "VPCLMULQDQ";
	return NULL;
}

/*
 * The stock xts(aes) drivers of 6.1 to 7.3 and which implementations make
 * bench measured faster than each (the README's tables): 6.1's AES-NI XTS,
 * and stock code narrower than ours.  At the same width ours is level with
 * 6.12's and 7.3's AVX and VAES XTS on the Intel Xeon measured, not ahead,
 * so there ours stays just below theirs; on Zen 5 (Turin) vaes512 is ahead
 * of all of it, and vaes2 of vaes-avx2 (1.03-1.08x, docs/performance.md).
 */
static const struct aesnictr_stock_driver xts_stock[] = {
	/* driver			beaten by, on: default	amd-zen5-turin */
	{ "xts-aes-aesni",		{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{ "xts-aes-aesni-avx",		{ AESNICTR_BY_VAES,	AESNICTR_BY_VAES } },
	{ "xts-aes-vaes-avx2",		{ AESNICTR_BY_VAES512,	AESNICTR_BY_VAES } },
	{ "xts-aes-vaes-avx10_256",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	{ "xts-aes-vaes-avx10_512",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	{ "xts-aes-vaes-avx512",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	/*
	 * 7.x's crypto/aes.c: the mode in C over the AES library, which on
	 * x86 does one AES-NI block per call (lib/crypto/x86 has no mode
	 * code; read from 7.3's source, not benched): beaten by every
	 * implementation, as a template instance is.
	 */
	{ "xts-aes-lib",			{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{}
};

/*
 * The load-time timing (calibrate.c) at dm-crypt's sector sizes
 * (priority_rule.h), both directions.
 */
static int xts_calib_setkey(void *ctx, const u8 *key, unsigned int key_len)
{
	aesnictr_xts_expand(ctx, key, key_len, aesnictr_simd_usable());
	return 0;
}

static int xts_calib_crypt(const void *ctx, enum aesnictr_impl impl,
			   void *req, bool enc)
{
	u8 tweak[AES_BLOCK_SIZE];
	struct xts_req x = { { &xts_ops }, ctx, aesnictr_xts_impl(impl), tweak };

	return aesnictr_skcipher_crypt(&x.base, req, enc);
}

static const struct aesnictr_calib xts_calib = {
	.sizes		= aesnictr_calib_sizes[AESNICTR_CALIB_XTS],
	.key_lens	= { 2 * AES_KEYSIZE_128, 2 * AES_KEYSIZE_256 },
	.both_dirs	= true,
	.ctx_size	= sizeof(struct aesnictr_xts_keys),
	.setkey		= xts_calib_setkey,
	.crypt		= xts_calib_crypt,
};

static const struct aesnictr_policy xts_policy = {
	.cra_name	= "xts(aes)",
	.type		= CRYPTO_ALG_TYPE_SKCIPHER,
	.stock		= xts_stock,
	.calib		= &xts_calib,
};

static void xts_use_impl(enum aesnictr_impl impl)
{
	xts_active = aesnictr_xts_impl(impl);
}

static const char *const xts_driver_prefixes[1] = { "xts-aes" };

const struct aesnictr_family aesnictr_xts_family = {
	.name		= "xts",
	.algs		= "xts(aes)",
	.cpu_lacks	= xts_cpu_lacks,
	.selftest	= aesnictr_xts_selftest,
	.policy		= &xts_policy,
	.skciphers	= &xts_alg,
	.nr_algs	= ARRAY_SIZE(xts_driver_prefixes),
	.driver_prefixes = xts_driver_prefixes,
	.use_impl	= xts_use_impl,
};
