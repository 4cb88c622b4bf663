// SPDX-License-Identifier: GPL-2.0
/*
 * The gcm family: gcm(aes) and rfc4106(gcm(aes)), synchronous AEADs over the
 * assembly of gcm_clmul.S and gcm_vaes512.S, registered as
 * gcm-aes-aesnictr-<impl> and rfc4106-gcm-aes-aesnictr-<impl>, with a
 * constant-time C path (bit-serial GF(2^128) multiplication, the bitsliced
 * AES of aes_ct.c) for when the FPU is unusable.
 *
 * A request hashes the associated data (copied out of the scatterlist 256
 * bytes at a time, so dm-crypt's AAD split over two entries costs nothing
 * and nothing is allocated), then en/decrypts and hashes the text one
 * skcipher walk step (at most a page) per FPU section, then computes the tag.
 * A short AAD and the tag share the sections of the first and last steps, so
 * an IPsec packet within a page takes one FPU section.
 * Whether a request uses the FPU is decided once, at its start, so the GHASH
 * state never changes form in the middle.
 */

#include <asm/fpu/api.h>
#include <crypto/aes.h>
#include <crypto/gcm.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/module.h>
#include "family.h"
#include "gcm_internal.h"

#define GCM_CTX_ALIGN		64
#define GCM_ASSOC_CHUNK		256

struct aesnictr_gcm_ctx {
	struct aesnictr_gcm_key key;		/* round keys for both paths */
	u64 h_hi, h_lo;				/* H = AES(0), for the C path */
	u8 salt[4];				/* rfc4106 only */
};

struct aesnictr_gcm_impl {
	AESNICTR_GCM_UPDATE((*enc));
	AESNICTR_GCM_UPDATE((*dec));
};

/*
 * The stock gcm(aes) drivers of 6.1 to 7.3 and which implementations make
 * bench measured faster than each (the README's tables); rfc4106 follows
 * gcm.  The kernels' VAES GCM code (6.12's avx10, 7.3's vaes-avx2/avx512)
 * was faster than ours on the Intel Xeon measured; on Zen 5 (Turin) vaes512
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
	{}
};

static const struct aesnictr_policy gcm_policy = {
	.cra_name	= "gcm(aes)",
	.type		= CRYPTO_ALG_TYPE_AEAD,
	.stock		= gcm_stock,
};

static const struct aesnictr_gcm_impl gcm_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX] = {
		aesnictr_gcm_enc_update_avx, aesnictr_gcm_dec_update_avx
	},
#if AESNICTR_AS_VAES
	[AESNICTR_VAES2] = {
		aesnictr_gcm_enc_update_vaes2, aesnictr_gcm_dec_update_vaes2
	},
	[AESNICTR_VAES512] = {
		aesnictr_gcm_enc_update_vaes512, aesnictr_gcm_dec_update_vaes512
	},
#endif
};

/* The implementation the registered algorithms use; set before registering. */
static const struct aesnictr_gcm_impl *gcm_active;

const struct aesnictr_gcm_impl *aesnictr_gcm_impl(enum aesnictr_impl impl)
{
	return gcm_impls[impl].enc ? &gcm_impls[impl] : NULL;
}

/* The running state of one message. */
struct gcm_state {
	const struct aesnictr_gcm_impl *impl;	/* NULL: the C path */
	u8 acc[AES_BLOCK_SIZE];			/* GHASH, in the path's own form */
	u8 ctr[AES_BLOCK_SIZE];			/* counter of the next block */
	u8 j0[AES_BLOCK_SIZE];			/* the C path's J0 */
};

/* ---- the C path: constant time, no tables, one block at a time ---- */

/* x = x * (yh, yl) in GF(2^128), GCM bit order (bit 0 = MSB of byte 0). */
static void gf128_mul(u64 *xh, u64 *xl, u64 yh, u64 yl)
{
	u64 zh = 0, zl = 0, vh = yh, vl = yl;
	int i;

	for (i = 0; i < 128; i++) {
		u64 bit = i < 64 ? *xh >> (63 - i) : *xl >> (127 - i);
		u64 take = -(bit & 1), carry = -(vl & 1);

		zh ^= vh & take;
		zl ^= vl & take;
		vl = (vl >> 1) | (vh << 63);
		vh = (vh >> 1) ^ (0xe100000000000000ULL & carry);
	}
	*xh = zh;
	*xl = zl;
}

static void ghash_generic(const struct aesnictr_gcm_ctx *ctx, u8 acc[16],
			  const u8 *data, unsigned int len)
{
	u64 xh = get_unaligned_be64(acc), xl = get_unaligned_be64(acc + 8);

	while (len) {
		u8 block[AES_BLOCK_SIZE] = {};
		unsigned int n = min_t(unsigned int, len, AES_BLOCK_SIZE);

		memcpy(block, data, n);
		xh ^= get_unaligned_be64(block);
		xl ^= get_unaligned_be64(block + 8);
		gf128_mul(&xh, &xl, ctx->h_hi, ctx->h_lo);
		data += n;
		len -= n;
	}
	put_unaligned_be64(xh, acc);
	put_unaligned_be64(xl, acc + 8);
}

static void gcm_inc32(u8 ctr[AES_BLOCK_SIZE], u32 n)
{
	put_unaligned_be32(get_unaligned_be32(ctr + 12) + n, ctr + 12);
}

static void gcm_update_generic(const struct aesnictr_gcm_ctx *ctx,
			       struct gcm_state *st, u8 *dst, const u8 *src,
			       unsigned int len, bool enc)
{
	u8 ks[AES_BLOCK_SIZE];

	while (len) {
		unsigned int n = min_t(unsigned int, len, AES_BLOCK_SIZE);

		if (!enc)
			ghash_generic(ctx, st->acc, src, n);
		aesnictr_ct_encrypt(&ctx->key.aes, ks, st->ctr, 1);
		gcm_inc32(st->ctr, 1);
		crypto_xor_cpy(dst, src, ks, n);
		if (enc)
			ghash_generic(ctx, st->acc, dst, n);
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(ks, sizeof(ks));
}

static void gcm_final_generic(const struct aesnictr_gcm_ctx *ctx,
			      struct gcm_state *st, u64 alen, u64 len,
			      u8 tag[AES_BLOCK_SIZE])
{
	u8 lengths[AES_BLOCK_SIZE];

	put_unaligned_be64(alen * 8, lengths);
	put_unaligned_be64(len * 8, lengths + 8);
	ghash_generic(ctx, st->acc, lengths, sizeof(lengths));
	aesnictr_ct_encrypt(&ctx->key.aes, tag, st->j0, 1);
	crypto_xor(tag, st->acc, AES_BLOCK_SIZE);
}

/*
 * The assembly's key powers K_i = r(H^i) x mod G, computed in C: K_16..K_1
 * and their xored halves, then K_32..K_17 and K_33 (the key was zeroed).
 */
static void gcm_precompute_generic(struct aesnictr_gcm_ctx *ctx)
{
	const int n = AESNICTR_GCM_NPOWERS;
	u64 ph = ctx->h_hi, pl = ctx->h_lo;
	int i;

	for (i = 1; i <= 2 * n + 1; i++) {
		/* r(P) is (ph, pl) read as one 128-bit integer; times x: */
		u64 reduce = -(ph >> 63);
		u64 kh = (ph << 1 | pl >> 63) ^ (0xc200000000000000ULL & reduce);
		u64 kl = (pl << 1) ^ (1 & reduce);
		u8 *k = i <= n ? ctx->key.h_powers[n - i] :
			i <= 2 * n ? ctx->key.h_powers_hi[2 * n - i] :
				     ctx->key.h_powers_top[3];

		put_unaligned_le64(kl, k);
		put_unaligned_le64(kh, k + 8);
		if (i <= n) {
			k = ctx->key.h_powers_xored[n - i];
			put_unaligned_le64(kl ^ kh, k);
			put_unaligned_le64(kl ^ kh, k + 8);
		}
		gf128_mul(&ph, &pl, ctx->h_hi, ctx->h_lo);
	}
}

/* ---- one message, on either path ---- */

static void gcm_init(struct gcm_state *st,
		     const struct aesnictr_gcm_impl *impl,
		     const u8 iv[GCM_AES_IV_SIZE])
{
	st->impl = impl;
	memset(st->acc, 0, sizeof(st->acc));
	/*
	 * The counter block from the IV, in the pieces the assembly loads it
	 * in (gcm_asm_macros.h, _load_ctrblk); the assembly derives J0 from it,
	 * the C path takes it from the IV too (not copied from ctr: a read of
	 * stores still in flight).
	 */
	memcpy(st->ctr, iv, GCM_AES_IV_SIZE);
	put_unaligned_be32(2, st->ctr + GCM_AES_IV_SIZE);
	if (!impl) {
		memcpy(st->j0, iv, GCM_AES_IV_SIZE);
		put_unaligned_be32(1, st->j0 + GCM_AES_IV_SIZE);
	}
}

/*
 * The steps of a message on either path.  On the SIMD path the caller holds
 * the FPU (gcm_fpu_begin/end) around them, for at most 4 KiB of data.
 */
static void gcm_fpu_begin(const struct gcm_state *st)
{
	if (st->impl)
		kernel_fpu_begin();
}

static void gcm_fpu_end(const struct gcm_state *st)
{
	if (st->impl)
		kernel_fpu_end();
}

static void gcm_ghash(const struct aesnictr_gcm_ctx *ctx, struct gcm_state *st,
		      const u8 *data, unsigned int len)
{
	if (st->impl)
		aesnictr_ghash_update(&ctx->key, st->acc, data, len);
	else
		ghash_generic(ctx, st->acc, data, len);
}

/*
 * len is a multiple of 16 but for a message's last piece; at most a page.
 * A message's last update (last, len possibly 0) comes before gcm_final.
 */
static void gcm_update(const struct aesnictr_gcm_ctx *ctx, struct gcm_state *st,
		       u8 *dst, const u8 *src, unsigned int len, bool enc,
		       bool last)
{
	if (!st->impl) {
		gcm_update_generic(ctx, st, dst, src, len, enc);
		return;
	}
	(enc ? st->impl->enc : st->impl->dec)(&ctx->key, st->ctr, st->acc,
					      dst, src, len, last);
#ifdef AESNICTR_SELFTEST_FAULT
	/* test builds only: a fault only the bulk self-test can see */
	if (len > 1024)
		dst[1000] ^= 1;
#endif
	gcm_inc32(st->ctr, DIV_ROUND_UP(len, AES_BLOCK_SIZE));
}

static void gcm_final(const struct aesnictr_gcm_ctx *ctx, struct gcm_state *st,
		      unsigned int alen, unsigned int len, u8 tag[AES_BLOCK_SIZE])
{
	if (st->impl)
		aesnictr_gcm_final(&ctx->key, st->acc, alen, len, tag);
	else
		gcm_final_generic(ctx, st, alen, len, tag);
}

void aesnictr_gcm_crypt_buf(const struct aesnictr_gcm_ctx *ctx,
			    const struct aesnictr_gcm_impl *impl,
			    const u8 iv[GCM_AES_IV_SIZE], const u8 *assoc,
			    unsigned int alen, u8 *dst, const u8 *src,
			    unsigned int len, unsigned int split,
			    u8 tag[AES_BLOCK_SIZE], bool enc)
{
	struct gcm_state st;
	unsigned int off, n;

	gcm_init(&st, impl, iv);
	gcm_fpu_begin(&st);
	for (off = 0; off < alen; off += n) {
		n = min_t(unsigned int, alen - off, GCM_ASSOC_CHUNK);
		gcm_ghash(ctx, &st, assoc + off, n);
	}
	gcm_update(ctx, &st, dst, src, split, enc, false);
	gcm_update(ctx, &st, dst + split, src + split, len - split, enc, true);
	gcm_final(ctx, &st, alen, len, tag);
	gcm_fpu_end(&st);
	memzero_explicit(&st, sizeof(st));
}

/* ---- keys ---- */

size_t aesnictr_gcm_ctx_size(void)
{
	return sizeof(struct aesnictr_gcm_ctx);
}

int aesnictr_gcm_set_key(struct aesnictr_gcm_ctx *ctx, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	static const u8 zero[AES_BLOCK_SIZE];
	u8 h[AES_BLOCK_SIZE];
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	memzero_explicit(&ctx->key, sizeof(ctx->key));
	aesnictr_aes_expand(&ctx->key.aes, NULL, in_key, key_len, simd);
	/* H for the C path, by the C AES whichever path set the key */
	aesnictr_ct_encrypt(&ctx->key.aes, h, zero, 1);
	ctx->h_hi = get_unaligned_be64(h);
	ctx->h_lo = get_unaligned_be64(h + 8);
	memzero_explicit(h, sizeof(h));
	if (simd) {
		kernel_fpu_begin();
		aesnictr_gcm_precompute(&ctx->key);
		kernel_fpu_end();
	} else {
		gcm_precompute_generic(ctx);
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
 * GHASH the first alen bytes of sg, a stack chunk at a time, inside the
 * caller's FPU section, which is renewed after every 4 KiB.
 */
static void gcm_hash_assoc(const struct aesnictr_gcm_ctx *ctx,
			   struct gcm_state *st, struct scatterlist *sg,
			   unsigned int alen)
{
	u8 buf[GCM_ASSOC_CHUNK];
	unsigned int off, n;

	for (off = 0; off < alen; off += n) {
		if (off && off % 4096 == 0) {
			gcm_fpu_end(st);
			gcm_fpu_begin(st);
		}
		n = min_t(unsigned int, alen - off, sizeof(buf));
		scatterwalk_map_and_copy(buf, sg, off, n, 0);
		gcm_ghash(ctx, st, buf, n);
	}
}

/*
 * One AEAD request: iv is the 12-byte GCM IV, the first alen bytes of the
 * source are hashed, the text starts at req->assoclen.
 */
static int gcm_crypt(struct aead_request *req, const u8 iv[GCM_AES_IV_SIZE],
		     unsigned int alen, bool enc)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	const struct aesnictr_gcm_ctx *ctx = gcm_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int len = req->cryptlen - (enc ? 0 : authsize);
	u8 tag[AES_BLOCK_SIZE], expect[AES_BLOCK_SIZE];
	struct skcipher_walk walk;
	struct gcm_state st;
	int err;

	gcm_init(&st, aesnictr_simd_usable() ? gcm_active : NULL, iv);
	err = enc ? skcipher_walk_aead_encrypt(&walk, req, false) :
		    skcipher_walk_aead_decrypt(&walk, req, false);

	/*
	 * FPU sections: the AAD with the first walk step, then one per step,
	 * the tag computed in the last; skcipher_walk_done() runs outside them
	 * (it may sleep or free memory, which PREEMPT_RT forbids inside).
	 */
	gcm_fpu_begin(&st);
	gcm_hash_assoc(ctx, &st, req->src, alen);
	if (alen > GCM_ASSOC_CHUNK && walk.nbytes) {
		gcm_fpu_end(&st);		/* a long AAD gets its own section */
		gcm_fpu_begin(&st);
	}
	if (!walk.nbytes) {			/* no text, or the walk failed */
		if (!err) {
			gcm_update(ctx, &st, NULL, NULL, 0, enc, true);
			gcm_final(ctx, &st, alen, len, tag);
		}
		gcm_fpu_end(&st);
	}
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		if (n < walk.total)
			n = round_down(n, AES_BLOCK_SIZE);
		gcm_update(ctx, &st, walk.dst.virt.addr,
			   AESNICTR_WALK_SRC(&walk), n, enc, n == walk.total);
		if (n == walk.total)
			gcm_final(ctx, &st, alen, len, tag);
		gcm_fpu_end(&st);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
		if (walk.nbytes)
			gcm_fpu_begin(&st);
	}
	if (err)
		goto out;

	if (enc) {
		scatterwalk_map_and_copy(tag, req->dst, req->assoclen + len,
					 authsize, 1);
	} else {
		scatterwalk_map_and_copy(expect, req->src, req->assoclen + len,
					 authsize, 0);
		if (crypto_memneq(tag, expect, authsize))
			err = -EBADMSG;
	}
out:
	memzero_explicit(&st, sizeof(st));
	memzero_explicit(tag, sizeof(tag));
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
	if (!gcm_impls[impl].enc)
		return "an assembler that knew VAES at build time";
	if (!boot_cpu_has(X86_FEATURE_PCLMULQDQ))
		return "PCLMULQDQ";
	if (impl >= AESNICTR_VAES2 && !boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
		return "VPCLMULQDQ";
	return aesnictr_cpu_lacks_width(impl);
}

static int gcm_register(enum aesnictr_impl impl, int priority)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(gcm_algs); i++)
		gcm_algs[i].base.cra_priority = priority;
	gcm_active = &gcm_impls[impl];
	snprintf(gcm_algs[0].base.cra_driver_name, CRYPTO_MAX_ALG_NAME,
		 "gcm-aes-aesnictr-%s", aesnictr_impl_names[impl]);
	snprintf(gcm_algs[1].base.cra_driver_name, CRYPTO_MAX_ALG_NAME,
		 "rfc4106-gcm-aes-aesnictr-%s", aesnictr_impl_names[impl]);
	return crypto_register_aeads(gcm_algs, ARRAY_SIZE(gcm_algs));
}

static void gcm_unregister(void)
{
	crypto_unregister_aeads(gcm_algs, ARRAY_SIZE(gcm_algs));
}

const struct aesnictr_family aesnictr_gcm_family = {
	.name		= "gcm",
	.algs		= "gcm(aes), rfc4106(gcm(aes))",
	.cpu_lacks	= gcm_cpu_lacks,
	.selftest	= aesnictr_gcm_selftest,
	.policy		= &gcm_policy,
	.register_algs	= gcm_register,
	.unregister_algs = gcm_unregister,
};
