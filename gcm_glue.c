// SPDX-License-Identifier: GPL-2.0
/*
 * The gcm family: gcm(aes) and rfc4106(gcm(aes)), synchronous AEADs over the
 * assembly of gcm_ghash.S, gcm_update.S and gcm_vaes512.S, registered as
 * gcm-aes-aesnictr-<impl> and rfc4106-gcm-aes-aesnictr-<impl>, with a
 * constant-time C path (bit-serial GF(2^128) multiplication, the bitsliced
 * AES of aes_ct.c) for when the FPU is unusable.
 *
 * Requests run on the shared AEAD request driver (aead_driver.c: the
 * scatterlists, the FPU sections, the tag), the C path is gcm_generic.c;
 * this file supplies the per-piece steps, the same on either path: each
 * calls the routines of the request's implementation, the assembly's or
 * the C one (gcm_generic.c behind the assembly's signatures), chosen once.
 * A short AAD and the tag share the FPU sections of the first and last
 * walk steps, so an IPsec packet within a page takes one FPU section.
 * Whether a request uses the FPU is decided once, at its start, so the
 * GHASH state never changes form in the middle.
 */

#include <asm/fpu/api.h>
#include <asm/processor.h>
#include <crypto/aes.h>
#include <crypto/gcm.h>
#include <crypto/internal/aead.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/module.h>
#include "calibrate.h"
#include "family.h"
#include "aead_driver.h"
#include "gcm_generic.h"
#include "gcm_internal.h"

#define GCM_CTX_ALIGN		64

struct aesnictr_gcm_ctx {
	struct aesnictr_gcm_key key;		/* round keys for both paths */
	struct aesnictr_ct_sched ct;		/* key.aes prepared, C path */
	struct aesnictr_gcm_h h;		/* H, for the C path */
	u8 salt[4];				/* rfc4106 only */
};

/* One implementation's routines (the C one's have the same signatures). */
struct aesnictr_gcm_impl {
	void (*ghash)(const struct aesnictr_gcm_key *key,
		      u8 ghash_acc[AESNICTR_BLOCK_SIZE], const u8 *data,
		      unsigned int len);
	AESNICTR_GCM_UPDATE((*enc));
	AESNICTR_GCM_UPDATE((*dec));
	void (*final)(const struct aesnictr_gcm_key *key,
		      const u8 ghash_acc[AESNICTR_BLOCK_SIZE], u64 aad_len,
		      u64 data_len, u8 tag[AESNICTR_BLOCK_SIZE]);
};

/*
 * The stock gcm(aes) drivers of 6.1 to 7.3 and which implementations make
 * bench measured faster than each (the README's tables); rfc4106 follows
 * gcm.  The kernels' VAES GCM code (6.12's avx10, 7.3's vaes-avx2/avx512)
 * was faster than ours on the Intel Xeon measured; since the _hregs updates
 * and the exact rest classes (7 December 2026) ours is at 1.01-1.16 there
 * from 1420 bytes, but 0.97-0.99 for AES-256 encryption from 16 KiB, and
 * the default class also covers CPUs not measured, so it stays "none" and
 * the load-time measurement decides on the CPU; on Zen 5 (Turin) vaes512
 * is ahead of all of it.
 */
static const struct aesnictr_stock_driver gcm_stock[] = {
	/* driver			beaten by, on: default	amd-zen5-turin */
	{ "generic-gcm-aesni",		{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{ "generic-gcm-aesni-avx",	{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{ "generic-gcm-vaes-avx2",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	{ "generic-gcm-vaes-avx10_256",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	{ "generic-gcm-vaes-avx10_512",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	{ "generic-gcm-vaes-avx512",	{ AESNICTR_BY_NONE,	AESNICTR_BY_VAES512 } },
	/*
	 * 7.x's crypto/aes.c: the mode in C over the AES library, which on
	 * x86 does one AES-NI block per call (lib/crypto/x86 has no mode
	 * code; read from 7.3's source, not benched): beaten by every
	 * implementation, as a template instance is.
	 */
	{ "gcm-aes-lib",			{ AESNICTR_BY_ALL,	AESNICTR_BY_ALL } },
	{}
};

static const struct aesnictr_gcm_impl gcm_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX] = {
		aesnictr_ghash_update,
		aesnictr_gcm_enc_update_avx, aesnictr_gcm_dec_update_avx,
		aesnictr_gcm_final
	},
#if AESNICTR_AS_VAES
	[AESNICTR_VAES2] = {
		aesnictr_ghash_update,
		aesnictr_gcm_enc_update_vaes2, aesnictr_gcm_dec_update_vaes2,
		aesnictr_gcm_final
	},
	[AESNICTR_VAES512] = {
		aesnictr_ghash_update,
		aesnictr_gcm_enc_update_vaes512,
		aesnictr_gcm_dec_update_vaes512, aesnictr_gcm_final
	},
#endif
};

#if AESNICTR_AS_VAES
/*
 * vaes512 on Intel: the stitched loop with the powers of H in registers and
 * round keys 2-8 from memory (and decryption's loop to the last whole
 * chunk), which took GCM from 4 KiB on an Intel Xeon (family 6 model 167)
 * from 0.93-0.98 to 0.98-1.05 of the kernel's VAES code.  AMD keeps
 * gcm_impls[AESNICTR_VAES512], measured faster than this form on Zen 5
 * and predicted so by llvm-mca's Zen 4 model (gcm_vaes512.S).
 */
static const struct aesnictr_gcm_impl gcm_vaes512_hregs = {
	aesnictr_ghash_update,
	aesnictr_gcm_enc_update_vaes512_hregs,
	aesnictr_gcm_dec_update_vaes512_hregs, aesnictr_gcm_final
};
#endif

/*
 * ---- the C implementation, for when the FPU is unusable ----
 * gcm_generic.c behind the assembly's signatures and semantics: the key
 * passed is that of struct aesnictr_gcm_ctx, whose prepared schedule and H
 * the C code uses.  As in the assembly, the last update parks in ghash_acc
 * what the final needs besides the lengths: GHASH's last step is a
 * multiplication by H of (acc XOR the lengths block L), which is linear, so
 * the tag AES(J0) ^ (acc ^ L)H = (AES(J0) ^ acc H) ^ L H; the last update
 * leaves AES(J0) ^ acc H, the final adds L H.
 */
static const struct aesnictr_gcm_ctx *
gcm_ctx_of(const struct aesnictr_gcm_key *key)
{
	return container_of(key, struct aesnictr_gcm_ctx, key);
}

static void gcm_ghash_c(const struct aesnictr_gcm_key *key,
			u8 ghash_acc[AESNICTR_BLOCK_SIZE], const u8 *data,
			unsigned int len)
{
	aesnictr_gcm_ghash_generic(&gcm_ctx_of(key)->h, ghash_acc, data, len);
}

static void gcm_update_c(const struct aesnictr_gcm_key *key,
			 const u8 ctr[AESNICTR_BLOCK_SIZE],
			 u8 ghash_acc[AESNICTR_BLOCK_SIZE], u8 *dst,
			 const u8 *src, unsigned int len, bool last, bool enc)
{
	static const u8 zero[AESNICTR_BLOCK_SIZE];
	const struct aesnictr_gcm_ctx *ctx = gcm_ctx_of(key);
	u8 blk[AESNICTR_BLOCK_SIZE];

	memcpy(blk, ctr, sizeof(blk));
	aesnictr_gcm_crypt_generic(&ctx->ct, &ctx->h, ghash_acc, blk, dst, src,
				   len, enc);
	if (last) {
		/* acc H, then AES(J0), J0 = ctr's upper 96 bits || 1 */
		aesnictr_gcm_ghash_generic(&ctx->h, ghash_acc, zero,
					   sizeof(zero));
		memcpy(blk, ctr, GCM_AES_IV_SIZE);
		put_unaligned_be32(1, blk + GCM_AES_IV_SIZE);
		aesnictr_ct_encrypt_sched(&ctx->ct, blk, blk, 1);
		crypto_xor(ghash_acc, blk, sizeof(blk));
	}
	memzero_explicit(blk, sizeof(blk));
}

static void gcm_enc_update_c(const struct aesnictr_gcm_key *key,
			     const u8 ctr[AESNICTR_BLOCK_SIZE],
			     u8 ghash_acc[AESNICTR_BLOCK_SIZE], u8 *dst,
			     const u8 *src, unsigned int len, bool last)
{
	gcm_update_c(key, ctr, ghash_acc, dst, src, len, last, true);
}

static void gcm_dec_update_c(const struct aesnictr_gcm_key *key,
			     const u8 ctr[AESNICTR_BLOCK_SIZE],
			     u8 ghash_acc[AESNICTR_BLOCK_SIZE], u8 *dst,
			     const u8 *src, unsigned int len, bool last)
{
	gcm_update_c(key, ctr, ghash_acc, dst, src, len, last, false);
}

static void gcm_final_c(const struct aesnictr_gcm_key *key,
			const u8 ghash_acc[AESNICTR_BLOCK_SIZE], u64 aad_len,
			u64 data_len, u8 tag[AESNICTR_BLOCK_SIZE])
{
	u8 lengths[AESNICTR_BLOCK_SIZE];
	u8 lh[AESNICTR_BLOCK_SIZE] = {};

	put_unaligned_be64(aad_len * 8, lengths);
	put_unaligned_be64(data_len * 8, lengths + 8);
	aesnictr_gcm_ghash_generic(&gcm_ctx_of(key)->h, lh, lengths,
				   sizeof(lengths));
	crypto_xor_cpy(tag, ghash_acc, lh, AESNICTR_BLOCK_SIZE);
	memzero_explicit(lh, sizeof(lh));
}

static const struct aesnictr_gcm_impl gcm_c_impl = {
	gcm_ghash_c, gcm_enc_update_c, gcm_dec_update_c, gcm_final_c
};

/* The implementation the registered algorithms use; set before registering. */
static const struct aesnictr_gcm_impl *gcm_active;

const struct aesnictr_gcm_impl *aesnictr_gcm_impl(enum aesnictr_impl impl)
{
	if (!gcm_impls[impl].enc)
		return NULL;
#if AESNICTR_AS_VAES
	if (impl == AESNICTR_VAES512 &&
	    boot_cpu_data.x86_vendor == X86_VENDOR_INTEL)
		return &gcm_vaes512_hregs;
#endif
	return &gcm_impls[impl];
}

/*
 * One message on either path: the driver's request and the GCM state, in
 * the path's own form.
 */
struct gcm_msg {
	struct aesnictr_aead_req r;
	const struct aesnictr_gcm_ctx *ctx;
	/* the SIMD implementation, or the C one (use_c_impl) */
	const struct aesnictr_gcm_impl *impl;
	const u8 *iv;				/* GCM_AES_IV_SIZE bytes */
	u8 acc[AES_BLOCK_SIZE];			/* GHASH */
	u8 ctr[AES_BLOCK_SIZE];			/* counter of the next block */
};

static struct gcm_msg *gcm_msg(struct aesnictr_aead_req *r)
{
	return container_of(r, struct gcm_msg, r);
}

static void gcm_use_c_impl(struct aesnictr_aead_req *r)
{
	gcm_msg(r)->impl = &gcm_c_impl;
}

static void gcm_begin(struct aesnictr_aead_req *r)
{
	struct gcm_msg *m = gcm_msg(r);

	memset(m->acc, 0, sizeof(m->acc));
	/*
	 * The counter block from the IV, in the pieces the assembly loads it
	 * in (gcm_asm_macros.h, _load_ctrblk); the last update derives J0
	 * from it.
	 */
	memcpy(m->ctr, m->iv, GCM_AES_IV_SIZE);
	put_unaligned_be32(2, m->ctr + GCM_AES_IV_SIZE);
}

static void gcm_hash(struct aesnictr_aead_req *r, const u8 *data,
		     unsigned int len)
{
	struct gcm_msg *m = gcm_msg(r);

	/* the assembly's one routine called directly (no retpoline) */
	INDIRECT_CALL_1(m->impl->ghash, aesnictr_ghash_update, &m->ctx->key,
			m->acc, data, len);
}

static void gcm_crypt_piece(struct aesnictr_aead_req *r, u8 *dst,
			    const u8 *src, unsigned int len, bool last)
{
	struct gcm_msg *m = gcm_msg(r);

	(r->enc ? m->impl->enc : m->impl->dec)(&m->ctx->key, m->ctr, m->acc,
					       dst, src, len, last);
	aesnictr_gcm_inc32(m->ctr, DIV_ROUND_UP(len, AES_BLOCK_SIZE));
}

static void gcm_finish(struct aesnictr_aead_req *r, u8 *tag)
{
	struct gcm_msg *m = gcm_msg(r);

	INDIRECT_CALL_1(m->impl->final, aesnictr_gcm_final, &m->ctx->key,
			m->acc, r->alen, r->len, tag);
}

static const struct aesnictr_aead_ops gcm_aead_ops = {
	.use_c_impl	= gcm_use_c_impl,
	.begin		= gcm_begin,
	.hash		= gcm_hash,
	.crypt		= gcm_crypt_piece,
	.finish		= gcm_finish,
	.text_align	= 1,
};

void aesnictr_gcm_crypt_buf(const struct aesnictr_gcm_ctx *ctx,
			    const struct aesnictr_gcm_impl *impl,
			    const u8 iv[GCM_AES_IV_SIZE], const u8 *assoc,
			    unsigned int alen, u8 *dst, const u8 *src,
			    unsigned int len, unsigned int split,
			    u8 tag[AES_BLOCK_SIZE], bool enc)
{
	struct gcm_msg m = {
		.r.ops = &gcm_aead_ops, .ctx = ctx, .impl = impl, .iv = iv
	};

	aesnictr_aead_crypt_buf(&m.r, !!impl, enc, assoc, alen, dst, src,
				len, split, tag);
	memzero_explicit(&m, sizeof(m));
}

/* ---- keys ---- */

size_t aesnictr_gcm_ctx_size(void)
{
	return sizeof(struct aesnictr_gcm_ctx);
}

int aesnictr_gcm_set_key(struct aesnictr_gcm_ctx *ctx, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	memzero_explicit(&ctx->key, sizeof(ctx->key));
	aesnictr_aes_expand(&ctx->key.aes, NULL, in_key, key_len, simd);
	/* the C path's schedule and H, whichever path set the key */
	aesnictr_ct_prepare(&ctx->ct, &ctx->key.aes);
	aesnictr_gcm_h_generic(&ctx->h, &ctx->key.aes);
	if (simd) {
		kernel_fpu_begin();
		aesnictr_gcm_precompute(&ctx->key);
		kernel_fpu_end();
	} else {
		aesnictr_gcm_precompute_generic(&ctx->key, &ctx->h);
	}
	return 0;
}

/* ---- the AEAD algorithms ---- */

static struct aesnictr_gcm_ctx *gcm_ctx(struct crypto_aead *tfm)
{
	return PTR_ALIGN(crypto_aead_ctx(tfm), GCM_CTX_ALIGN);
}

static int gcm_setkey(struct crypto_aead *tfm, const u8 *key,
		      unsigned int key_len)
{
	return aesnictr_gcm_set_key(gcm_ctx(tfm), key, key_len,
				    aesnictr_simd_usable());
}

static int rfc4106_setkey(struct crypto_aead *tfm, const u8 *key,
			  unsigned int key_len)
{
	struct aesnictr_gcm_ctx *ctx = gcm_ctx(tfm);

	if (key_len < sizeof(ctx->salt))
		return -EINVAL;
	key_len -= sizeof(ctx->salt);
	memcpy(ctx->salt, key + key_len, sizeof(ctx->salt));
	return aesnictr_gcm_set_key(ctx, key, key_len, aesnictr_simd_usable());
}

static int gcm_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return crypto_gcm_check_authsize(authsize);
}

static int rfc4106_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return crypto_rfc4106_check_authsize(authsize);
}

/*
 * One AEAD request: iv is the 12-byte GCM IV, the first alen bytes of the
 * source are hashed, the text starts at req->assoclen.
 */
static int gcm_crypt(struct aead_request *req, const u8 iv[GCM_AES_IV_SIZE],
		     unsigned int alen, bool enc)
{
	struct gcm_msg m = {
		.r.ops = &gcm_aead_ops, .ctx = gcm_ctx(crypto_aead_reqtfm(req)),
		.impl = gcm_active, .iv = iv
	};
	int err = aesnictr_aead_crypt(&m.r, req, alen, enc);

	memzero_explicit(&m, sizeof(m));
	return err;
}

static int gcm_encrypt(struct aead_request *req)
{
	return gcm_crypt(req, req->iv, req->assoclen, true);
}

static int gcm_decrypt(struct aead_request *req)
{
	return gcm_crypt(req, req->iv, req->assoclen, false);
}

/* ESP: the AAD (SPI, sequence number) is followed by the 8-byte IV. */
static int rfc4106_crypt(struct aead_request *req, bool enc)
{
	const struct aesnictr_gcm_ctx *ctx = gcm_ctx(crypto_aead_reqtfm(req));
	u8 iv[GCM_AES_IV_SIZE];

	if (crypto_ipsec_check_assoclen(req->assoclen))
		return -EINVAL;
	/*
	 * salt || req->iv, its first 8 bytes composed in a register: gcm_init
	 * copies the IV as 8 + 4 bytes, and a load spanning two stores (the
	 * salt's and the IV's) is not forwarded but waits for both to reach
	 * the cache, once per packet.
	 */
	put_unaligned_le64(get_unaligned_le32(ctx->salt) |
			   (u64)get_unaligned_le32(req->iv) << 32, iv);
	memcpy(iv + 8, req->iv + 4, GCM_AES_IV_SIZE - 8);
	return gcm_crypt(req, iv, req->assoclen - GCM_RFC4106_IV_SIZE, enc);
}

static int rfc4106_encrypt(struct aead_request *req)
{
	return rfc4106_crypt(req, true);
}

static int rfc4106_decrypt(struct aead_request *req)
{
	return rfc4106_crypt(req, false);
}

static void gcm_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(gcm_ctx(tfm), sizeof(struct aesnictr_gcm_ctx));
}

#define GCM_ALG_BASE(name)						\
	.cra_name		= name,					\
	.cra_blocksize		= 1,					\
	.cra_ctxsize		= sizeof(struct aesnictr_gcm_ctx) +	\
				  GCM_CTX_ALIGN - CRYPTO_MINALIGN,	\
	.cra_module		= THIS_MODULE

static struct aead_alg gcm_algs[] = {
	{
		.setkey		= gcm_setkey,
		.setauthsize	= gcm_setauthsize,
		.encrypt	= gcm_encrypt,
		.decrypt	= gcm_decrypt,
		.exit		= gcm_exit_tfm,
		.ivsize		= GCM_AES_IV_SIZE,
		.maxauthsize	= AES_BLOCK_SIZE,
		.chunksize	= AES_BLOCK_SIZE,
		.base		= { GCM_ALG_BASE("gcm(aes)") },
	}, {
		.setkey		= rfc4106_setkey,
		.setauthsize	= rfc4106_setauthsize,
		.encrypt	= rfc4106_encrypt,
		.decrypt	= rfc4106_decrypt,
		.exit		= gcm_exit_tfm,
		.ivsize		= GCM_RFC4106_IV_SIZE,
		.maxauthsize	= AES_BLOCK_SIZE,
		.chunksize	= AES_BLOCK_SIZE,
		.base		= { GCM_ALG_BASE("rfc4106(gcm(aes))") },
	},
};

static const char *gcm_cpu_lacks(enum aesnictr_impl impl)
{
	if (!boot_cpu_has(X86_FEATURE_PCLMULQDQ))
		return "PCLMULQDQ";
	if (impl >= AESNICTR_VAES2 && !boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
		return "VPCLMULQDQ";
	return aesnictr_cpu_lacks_impl(impl);
}

static void gcm_use_impl(enum aesnictr_impl impl)
{
	gcm_active = &gcm_impls[impl];
}

/*
 * The load-time timing (calibrate.c) at gcm's users' sizes
 * (priority_rule.h), with 16 bytes of AAD.
 */
static int gcm_calib_setkey(void *ctx, const u8 *key, unsigned int key_len)
{
	return aesnictr_gcm_set_key(ctx, key, key_len, aesnictr_simd_usable());
}

static int gcm_calib_crypt(const void *ctx, enum aesnictr_impl impl,
			   void *req, bool enc)
{
	struct aead_request *areq = req;
	struct gcm_msg m = {
		.r.ops = &gcm_aead_ops, .ctx = ctx,
		.impl = &gcm_impls[impl], .iv = areq->iv
	};
	int err = aesnictr_aead_crypt(&m.r, areq, areq->assoclen, enc);

	memzero_explicit(&m, sizeof(m));
	return err;
}

static const struct aesnictr_calib gcm_calib = {
	.sizes		= aesnictr_calib_sizes[AESNICTR_CALIB_GCM],
	.key_lens	= { AES_KEYSIZE_128, AES_KEYSIZE_256 },
	.both_dirs	= true,
	.assoclen	= 16,
	.ctx_size	= sizeof(struct aesnictr_gcm_ctx),
	.setkey		= gcm_calib_setkey,
	.crypt		= gcm_calib_crypt,
};

static const struct aesnictr_policy gcm_policy = {
	.cra_name	= "gcm(aes)",
	.type		= CRYPTO_ALG_TYPE_AEAD,
	.stock		= gcm_stock,
	.calib		= &gcm_calib,
};

static const char *const gcm_driver_prefixes[ARRAY_SIZE(gcm_algs)] = {
	"gcm-aes", "rfc4106-gcm-aes"
};

const struct aesnictr_family aesnictr_gcm_family = {
	.name		= "gcm",
	.algs		= "gcm(aes), rfc4106(gcm(aes))",
	.cpu_lacks	= gcm_cpu_lacks,
	.selftest	= aesnictr_gcm_selftest,
	.policy		= &gcm_policy,
	.aeads		= gcm_algs,
	.nr_algs	= ARRAY_SIZE(gcm_algs),
	.driver_prefixes = gcm_driver_prefixes,
	.use_impl	= gcm_use_impl,
};
