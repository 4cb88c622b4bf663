// SPDX-License-Identifier: GPL-2.0
/*
 * rival_xts: a test-only xts(aes) under a driver name the aesni_ctr module
 * was never measured against ("xts-aes-rival"), at priority 2000 by default
 * (module parameter priority=).  It stands for a driver a newer kernel or a
 * piece of hardware might bring: real XTS, which passes the crypto manager's
 * xts(aes) vectors, done by forwarding every request to a synchronous
 * instance of the kernel's xts template over the generic AES cipher,
 * allocated by driver name ("xts(ecb(aes-generic))"; 7.x: "aes-lib").  The
 * rival guest scenario loads it before aesni_ctr, whose xts family must
 * name it in a log line and register just below it.  Never for a real
 * system: it is built only by tools/vm/run.sh.
 */

#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
#define RIVAL_FALLBACK	"xts(ecb(aes-lib))"
#else
#define RIVAL_FALLBACK	"xts(ecb(aes-generic))"
#endif

static int priority = 2000;
module_param(priority, int, 0444);
MODULE_PARM_DESC(priority, "cra_priority of xts-aes-rival (default 2000)");

struct rival_ctx {
	struct crypto_skcipher *fallback;
};

static int rival_init_tfm(struct crypto_skcipher *tfm)
{
	struct rival_ctx *ctx = crypto_skcipher_ctx(tfm);
	struct crypto_skcipher *fb;

	/* a synchronous instance only: requests are forwarded as they come */
	fb = crypto_alloc_skcipher(RIVAL_FALLBACK, 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(fb))
		return PTR_ERR(fb);
	ctx->fallback = fb;
	crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request) +
					 crypto_skcipher_reqsize(fb));
	return 0;
}

static void rival_exit_tfm(struct crypto_skcipher *tfm)
{
	struct rival_ctx *ctx = crypto_skcipher_ctx(tfm);

	crypto_free_skcipher(ctx->fallback);
}

static int rival_setkey(struct crypto_skcipher *tfm, const u8 *key,
			unsigned int len)
{
	struct rival_ctx *ctx = crypto_skcipher_ctx(tfm);

	/* the request flags (FORBID_WEAK_KEYS in FIPS mode) go along */
	crypto_skcipher_clear_flags(ctx->fallback, CRYPTO_TFM_REQ_MASK);
	crypto_skcipher_set_flags(ctx->fallback, crypto_skcipher_get_flags(tfm) &
						 CRYPTO_TFM_REQ_MASK);
	return crypto_skcipher_setkey(ctx->fallback, key, len);
}

static int rival_crypt(struct skcipher_request *req, bool encrypt)
{
	struct rival_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_request *sub = skcipher_request_ctx(req);

	skcipher_request_set_tfm(sub, ctx->fallback);
	skcipher_request_set_callback(sub, req->base.flags &
					   CRYPTO_TFM_REQ_MAY_SLEEP, NULL, NULL);
	skcipher_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
				   req->iv);
	return encrypt ? crypto_skcipher_encrypt(sub) :
			 crypto_skcipher_decrypt(sub);
}

static int rival_encrypt(struct skcipher_request *req)
{
	return rival_crypt(req, true);
}

static int rival_decrypt(struct skcipher_request *req)
{
	return rival_crypt(req, false);
}

static struct skcipher_alg rival_alg = {
	.base.cra_name		= "xts(aes)",
	.base.cra_driver_name	= "xts-aes-rival",
	.base.cra_blocksize	= AES_BLOCK_SIZE,
	.base.cra_ctxsize	= sizeof(struct rival_ctx),
	.base.cra_module	= THIS_MODULE,
	.min_keysize		= 2 * AES_MIN_KEY_SIZE,
	.max_keysize		= 2 * AES_MAX_KEY_SIZE,
	.ivsize			= AES_BLOCK_SIZE,
	.init			= rival_init_tfm,
	.exit			= rival_exit_tfm,
	.setkey			= rival_setkey,
	.encrypt		= rival_encrypt,
	.decrypt		= rival_decrypt,
};

static int __init rival_init(void)
{
	rival_alg.base.cra_priority = priority;
	return crypto_register_skcipher(&rival_alg);
}

static void __exit rival_exit(void)
{
	crypto_unregister_skcipher(&rival_alg);
}

module_init(rival_init);
module_exit(rival_exit);
MODULE_DESCRIPTION("Test only: an xts(aes) named xts-aes-rival (the xts template over generic AES), a driver aesni_ctr was never measured against");
MODULE_LICENSE("GPL");
