// SPDX-License-Identifier: GPL-2.0
/*
 * The ccm family: ccm(aes) and rfc4309(ccm(aes)), synchronous AEADs over
 * the one-pass CBC-MAC + CTR assembly of ccm_aes.S, registered as
 * ccm-aes-aesnictr-<impl> and rfc4309-ccm-aes-aesnictr-<impl>, with the
 * constant-time C path of ccm_generic.c (the bitsliced AES of aes_ct.c) for
 * when the FPU is unusable.
 *
 * Requests run on the shared AEAD request driver (aead_driver.c: the
 * scatterlists, the FPU sections, the tag, wiping the text of a message
 * that fails to verify); the message layer (B0, the AAD's length prefix,
 * padding, the tag) is ccm_generic.c, the same on both paths.  The checks
 * and error codes are those of the kernel's templates (crypto/ccm.c): the
 * IV's first byte L - 1 in 1..7 (-EINVAL), a text that fits the L-byte
 * length field (-EOVERFLOW), tags of 4, 6, ..., 16 bytes; rfc4309: key ||
 * 3-byte salt, 8-byte IV, AAD (SPI, sequence number[, high half], IV) of
 * 16 or 20 bytes, tags of 8, 12 or 16.
 *
 * The kernel has no x86 CCM code: ccm(aes) is otherwise the template
 * ccm_base(ctr(aes), cbcmac(aes)), whose priority is the mean of its
 * parts'; priority.c's template rule places ours above it.
 */

#include <asm/fpu/api.h>
#include <crypto/aes.h>
#include <crypto/internal/aead.h>
#include <linux/module.h>
#include "family.h"
#include "aead_driver.h"
#include "ccm_internal.h"

#define CCM_CTX_ALIGN		16

struct aesnictr_ccm_ctx {
	struct aesnictr_ccm_key key;
	u8 salt[AESNICTR_RFC4309_SALT_SIZE];	/* rfc4309 only */
};

/* The template composition is all there is to beat (priority.h). */
static const struct aesnictr_stock_driver ccm_stock[] = {
	{}
};

static const struct aesnictr_policy ccm_policy = {
	.cra_name		= "ccm(aes)",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= ccm_stock,
	.stock_is_template	= true,
};

static const struct aesnictr_ccm_ops ccm_avx_ops = {
	.mac	= aesnictr_ccm_mac_avx,
	.start	= aesnictr_ccm_start_avx,
	.block	= aesnictr_ccm_block_avx,
	.enc	= aesnictr_ccm_enc_avx,
	.dec	= aesnictr_ccm_dec_avx,
};

static const struct aesnictr_ccm_ops *const ccm_impls[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX]	= &ccm_avx_ops,
};

/* The implementation the registered algorithms use; set before registering. */
static const struct aesnictr_ccm_ops *ccm_active;

const struct aesnictr_ccm_ops *aesnictr_ccm_impl(enum aesnictr_impl impl)
{
	return ccm_impls[impl];
}

/* One message on either path: the driver's request and the CCM state. */
struct ccm_msg {
	struct aesnictr_aead_req r;
	const struct aesnictr_ccm_key *key;
	const struct aesnictr_ccm_ops *ops;	/* the SIMD ones, or the C ones */
	const u8 *iv;				/* 16 bytes, checked */
	unsigned int authsize;
	struct aesnictr_ccm_state s;
};

static struct ccm_msg *ccm_msg(struct aesnictr_aead_req *r)
{
	return container_of(r, struct ccm_msg, r);
}

static void ccm_use_c_impl(struct aesnictr_aead_req *r)
{
	ccm_msg(r)->ops = &aesnictr_ccm_c_ops;
}

static void ccm_begin(struct aesnictr_aead_req *r)
{
	struct ccm_msg *m = ccm_msg(r);

	aesnictr_ccm_begin(&m->s, m->iv, r->alen, r->len, m->authsize);
}

static void ccm_hash(struct aesnictr_aead_req *r, const u8 *data,
		     unsigned int len)
{
	struct ccm_msg *m = ccm_msg(r);

	aesnictr_ccm_hash(m->ops, m->key, &m->s, data, len);
}

static void ccm_crypt_piece(struct aesnictr_aead_req *r, u8 *dst,
			    const u8 *src, unsigned int len, bool last)
{
	struct ccm_msg *m = ccm_msg(r);

	aesnictr_ccm_crypt(m->ops, m->key, &m->s, dst, src, len, r->enc);
}

static void ccm_finish(struct aesnictr_aead_req *r, u8 *tag)
{
	struct ccm_msg *m = ccm_msg(r);

	aesnictr_ccm_final(m->ops, m->key, &m->s, tag);
}

static const struct aesnictr_aead_ops ccm_aead_ops = {
	.use_c_impl	= ccm_use_c_impl,
	.begin		= ccm_begin,
	.hash		= ccm_hash,
	.crypt		= ccm_crypt_piece,
	.finish		= ccm_finish,
	.text_align	= 1,
	.wipe_on_fail	= true,
};

void aesnictr_ccm_crypt_buf(const struct aesnictr_ccm_key *key,
			    const struct aesnictr_ccm_ops *ops,
			    const u8 iv[AESNICTR_CCM_IV_SIZE],
			    unsigned int authsize, const u8 *assoc,
			    unsigned int alen, u8 *dst, const u8 *src,
			    unsigned int len, unsigned int split,
			    u8 tag[AESNICTR_BLOCK_SIZE], bool enc)
{
	struct ccm_msg m = {
		.r.ops = &ccm_aead_ops, .key = key, .ops = ops, .iv = iv,
		.authsize = authsize
	};

	aesnictr_aead_crypt_buf(&m.r, !!ops, enc, assoc, alen, dst, src,
				len, split, tag);
	memzero_explicit(&m, sizeof(m));
}

/* ---- keys ---- */

int aesnictr_ccm_set_key(struct aesnictr_ccm_key *key, const u8 *in_key,
			 unsigned int key_len, bool simd)
{
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	aesnictr_aes_expand(&key->aes, NULL, in_key, key_len, simd);
	aesnictr_ct_prepare(&key->ct, &key->aes);
	return 0;
}

/* ---- the AEAD algorithms ---- */

static struct aesnictr_ccm_ctx *ccm_ctx(struct crypto_aead *tfm)
{
	return PTR_ALIGN(crypto_aead_ctx(tfm), CCM_CTX_ALIGN);
}

static int ccm_setkey(struct crypto_aead *tfm, const u8 *key,
		      unsigned int key_len)
{
	return aesnictr_ccm_set_key(&ccm_ctx(tfm)->key, key, key_len,
				    aesnictr_simd_usable());
}

static int rfc4309_setkey(struct crypto_aead *tfm, const u8 *key,
			  unsigned int key_len)
{
	struct aesnictr_ccm_ctx *ctx = ccm_ctx(tfm);

	if (key_len < sizeof(ctx->salt))
		return -EINVAL;
	key_len -= sizeof(ctx->salt);
	memcpy(ctx->salt, key + key_len, sizeof(ctx->salt));
	return aesnictr_ccm_set_key(&ctx->key, key, key_len,
				    aesnictr_simd_usable());
}

static int ccm_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	if (authsize < 4 || authsize > 16 || authsize % 2)
		return -EINVAL;
	return 0;
}

static int rfc4309_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	if (authsize != 8 && authsize != 12 && authsize != 16)
		return -EINVAL;
	return 0;
}

/*
 * One AEAD request: iv is the 16-byte CCM IV, the first alen bytes of the
 * source are the AAD, the text starts at req->assoclen.
 */
static int ccm_crypt(struct aead_request *req, const u8 *iv,
		     unsigned int alen, bool enc)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	unsigned int authsize = crypto_aead_authsize(tfm);
	struct ccm_msg m = {
		.r.ops = &ccm_aead_ops, .key = &ccm_ctx(tfm)->key,
		.ops = ccm_active, .iv = iv, .authsize = authsize
	};
	int err;

	/* the template's checks, before anything is written */
	err = aesnictr_ccm_check(iv, req->cryptlen - (enc ? 0 : authsize));
	if (err)
		return err;
	err = aesnictr_aead_crypt(&m.r, req, alen, enc);
	memzero_explicit(&m, sizeof(m));
	return err;
}

static int ccm_encrypt(struct aead_request *req)
{
	return ccm_crypt(req, req->iv, req->assoclen, true);
}

static int ccm_decrypt(struct aead_request *req)
{
	return ccm_crypt(req, req->iv, req->assoclen, false);
}

/*
 * ESP: the AAD (SPI, sequence number) is followed by the 8-byte IV; the
 * CCM IV is L - 1 = 3, the salt, the IV, a 4-byte counter.
 */
static int rfc4309_crypt(struct aead_request *req, bool enc)
{
	const struct aesnictr_ccm_ctx *ctx = ccm_ctx(crypto_aead_reqtfm(req));
	u8 iv[AESNICTR_CCM_IV_SIZE] = { 3 };

	if (req->assoclen != 16 && req->assoclen != 20)
		return -EINVAL;
	memcpy(iv + 1, ctx->salt, sizeof(ctx->salt));
	memcpy(iv + 4, req->iv, AESNICTR_RFC4309_IV_SIZE);
	return ccm_crypt(req, iv, req->assoclen - AESNICTR_RFC4309_IV_SIZE,
			 enc);
}

static int rfc4309_encrypt(struct aead_request *req)
{
	return rfc4309_crypt(req, true);
}

static int rfc4309_decrypt(struct aead_request *req)
{
	return rfc4309_crypt(req, false);
}

static void ccm_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(ccm_ctx(tfm), sizeof(struct aesnictr_ccm_ctx));
}

#define CCM_ALG_BASE(name)						\
	.cra_name		= name,					\
	.cra_blocksize		= 1,					\
	.cra_ctxsize		= sizeof(struct aesnictr_ccm_ctx) +	\
				  CCM_CTX_ALIGN - CRYPTO_MINALIGN,	\
	.cra_module		= THIS_MODULE

static struct aead_alg ccm_algs[] = {
	{
		.setkey		= ccm_setkey,
		.setauthsize	= ccm_setauthsize,
		.encrypt	= ccm_encrypt,
		.decrypt	= ccm_decrypt,
		.exit		= ccm_exit_tfm,
		.ivsize		= AESNICTR_CCM_IV_SIZE,
		.maxauthsize	= AES_BLOCK_SIZE,
		.chunksize	= AES_BLOCK_SIZE,
		.base		= { CCM_ALG_BASE("ccm(aes)") },
	}, {
		.setkey		= rfc4309_setkey,
		.setauthsize	= rfc4309_setauthsize,
		.encrypt	= rfc4309_encrypt,
		.decrypt	= rfc4309_decrypt,
		.exit		= ccm_exit_tfm,
		.ivsize		= AESNICTR_RFC4309_IV_SIZE,
		.maxauthsize	= AES_BLOCK_SIZE,
		.chunksize	= AES_BLOCK_SIZE,
		.base		= { CCM_ALG_BASE("rfc4309(ccm(aes))") },
	},
};

static const char *ccm_cpu_lacks(enum aesnictr_impl impl)
{
	if (!ccm_impls[impl])
		return "a ccm implementation at this width (only avx exists)";
	return aesnictr_cpu_lacks_impl(impl);
}

static void ccm_use_impl(enum aesnictr_impl impl)
{
	ccm_active = ccm_impls[impl];
}

static const char *const ccm_driver_prefixes[ARRAY_SIZE(ccm_algs)] = {
	"ccm-aes", "rfc4309-ccm-aes"
};

const struct aesnictr_family aesnictr_ccm_family = {
	.name		= "ccm",
	.algs		= "ccm(aes), rfc4309(ccm(aes))",
	.cpu_lacks	= ccm_cpu_lacks,
	.selftest	= aesnictr_ccm_selftest,
	.policy		= &ccm_policy,
	.aeads		= ccm_algs,
	.nr_algs	= ARRAY_SIZE(ccm_algs),
	.driver_prefixes = ccm_driver_prefixes,
	.use_impl	= ccm_use_impl,
};
