// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time timing of ours against the stock driver (calibrate.h).
 *
 * The stock side is the driver the kernel would use, through the crypto
 * API by its driver name: on 7.x the synchronous driver itself; on 6.1 and
 * 6.12, where the driver found is an asynchronous SIMD wrapper, the
 * internal "__<driver>" it hands work to when the FPU is usable (allocated
 * with CRYPTO_ALG_INTERNAL, as the wrapper does), so no cryptd instance is
 * made.  A driver name has no template in it: the crypto manager builds
 * nothing, and CRYPTO_NOLOAD loads no module.  Our side runs the same
 * request (on the stock transform: the same walk, the same sizes) through
 * the family's implementation with its own key state.
 *
 * Each deciding point (a size, a key length, a direction) is timed as
 * pairs, stock then ours, then ours then stock, AESNICTR_CALIB_ROUNDS
 * times after one warm-up pair; the minimum of each side counts (the
 * least disturbed run).  Every request is one message of at most 16 KiB,
 * so an FPU section stays as short as the stock driver's own.
 */

#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "calibrate.h"

#define AESNICTR_CALIB_ROUNDS	8
#define AESNICTR_CALIB_MAX_LEN	16384
#define AESNICTR_CALIB_TAG	16

static bool calibrate = true;
module_param(calibrate, bool, 0444);
MODULE_PARM_DESC(calibrate,
		 "Time ours against the stock ctr, gcm and xts driver at load and register above it only where ours measured faster (default 1); 0: the measured tables alone decide");

static uint calibrate_debug_pct;
module_param(calibrate_debug_pct, uint, 0444);
MODULE_PARM_DESC(calibrate_debug_pct,
		 "Testing only: take our time as the stock time * 100 / N (N = 150: ours 1.5 times as fast), so that a guest with meaningless timings gets a known verdict; 0 (default): off");

/* all the timing of this load, for the version line */
static u64 calibrate_total_ns;

bool aesnictr_calibrate_enabled(void)
{
	return calibrate;
}

u64 aesnictr_calibrate_total_us(void)
{
	return div_u64(calibrate_total_ns, 1000);
}

/* One side of the comparison, on the stock transform's request. */
struct calib_bench {
	const struct aesnictr_calib *c;
	enum aesnictr_impl impl;
	bool aead;
	struct crypto_skcipher *sk;
	struct crypto_aead *ae;
	void *req;		/* skcipher_request or aead_request */
	void *ctx_mem;
	void *ctx;		/* our key state, 64-byte aligned in ctx_mem */
	u8 *buf;
	struct scatterlist sg;
	u8 iv[16];
};

/* The time of one request of len bytes: ours or stock. */
static int time_one(struct calib_bench *b, bool ours, unsigned int len,
		    bool enc, u64 *ns)
{
	unsigned int alen = b->c->assoclen;
	u64 t0;
	int err;

	memset(b->iv, 0x5c, sizeof(b->iv));
	if (b->aead) {
		unsigned int n = alen + len + AESNICTR_CALIB_TAG;

		sg_init_one(&b->sg, b->buf, n);
		aead_request_set_crypt(b->req, &b->sg, &b->sg,
				       enc ? len : len + AESNICTR_CALIB_TAG,
				       b->iv);
		aead_request_set_ad(b->req, alen);
	} else {
		sg_init_one(&b->sg, b->buf, len);
		skcipher_request_set_crypt(b->req, &b->sg, &b->sg, len, b->iv);
	}
	t0 = ktime_get_ns();
	if (ours)
		err = b->c->crypt(b->ctx, b->impl, b->req, enc);
	else if (b->aead)
		err = enc ? crypto_aead_encrypt(b->req) :
			    crypto_aead_decrypt(b->req);
	else
		err = enc ? crypto_skcipher_encrypt(b->req) :
			    crypto_skcipher_decrypt(b->req);
	*ns = ktime_get_ns() - t0;
	/* decrypting what is not a message: the whole text, then the tag */
	return err == -EBADMSG && b->aead && !enc ? 0 : err;
}

/* One deciding point: the Q16 ratio of the two sides' minimum times. */
static int time_point(struct calib_bench *b, unsigned int len, bool enc,
		      u32 *ratio)
{
	u64 best[2] = { U64_MAX, U64_MAX }, t;
	int round, side, err;

	for (round = -1; round < AESNICTR_CALIB_ROUNDS; round++) {
		for (side = 0; side < 2; side++) {
			bool ours = side ^ (round & 1);

			err = time_one(b, ours, len, enc, &t);
			if (err)
				return err;
			if (round >= 0 && t < best[ours])
				best[ours] = t;
			cond_resched();
		}
	}
	if (calibrate_debug_pct)
		best[1] = div_u64(best[0] * 100, calibrate_debug_pct) ?: 1;
	*ratio = aesnictr_ratio(best[0], best[1]);
	return 0;
}

/*
 * The stock transform of driver drv: the internal "__<drv>" behind an
 * asynchronous wrapper, else drv itself; never a module load.
 */
static int stock_alloc(struct calib_bench *b, const char *drv, u32 flags)
{
	char name[CRYPTO_MAX_ALG_NAME];
	u32 type = 0, mask = CRYPTO_ALG_ASYNC | CRYPTO_NOLOAD;

	if (flags & CRYPTO_ALG_ASYNC) {
		if (snprintf(name, sizeof(name), "__%s", drv) >= sizeof(name))
			return -ENAMETOOLONG;
		type = CRYPTO_ALG_INTERNAL;
		mask |= CRYPTO_ALG_INTERNAL;
	} else {
		strscpy(name, drv, sizeof(name));
	}
	if (b->aead) {
		b->ae = crypto_alloc_aead(name, type, mask);
		if (IS_ERR(b->ae))
			return PTR_ERR(b->ae);
		b->req = aead_request_alloc(b->ae, GFP_KERNEL);
	} else {
		b->sk = crypto_alloc_skcipher(name, type, mask);
		if (IS_ERR(b->sk))
			return PTR_ERR(b->sk);
		b->req = skcipher_request_alloc(b->sk, GFP_KERNEL);
	}
	return b->req ? 0 : -ENOMEM;
}

static void stock_free(struct calib_bench *b)
{
	if (b->aead && !IS_ERR_OR_NULL(b->ae)) {
		aead_request_free(b->req);
		crypto_free_aead(b->ae);
	} else if (!b->aead && !IS_ERR_OR_NULL(b->sk)) {
		skcipher_request_free(b->req);
		crypto_free_skcipher(b->sk);
	}
}

static int set_keys(struct calib_bench *b, const u8 *key, unsigned int klen)
{
	int err;

	if (b->aead) {
		err = crypto_aead_setkey(b->ae, key, klen);
		if (!err)
			err = crypto_aead_setauthsize(b->ae, AESNICTR_CALIB_TAG);
	} else {
		err = crypto_skcipher_setkey(b->sk, key, klen);
	}
	return err ?: b->c->setkey(b->ctx, key, klen);
}

int aesnictr_calibrate(const struct aesnictr_calib *c,
		       enum aesnictr_impl impl, const char *drv, u32 type,
		       u32 flags, struct aesnictr_calib_result *res)
{
	struct calib_bench b = {
		.c = c, .impl = impl,
		.aead = type == CRYPTO_ALG_TYPE_AEAD,
	};
	u64 t0 = ktime_get_ns();
	unsigned int k, s, d;
	u8 key[64];
	int err;

	res->n = 0;
	for (s = 0; c->sizes[s]; s++)
		if (c->sizes[s] > AESNICTR_CALIB_MAX_LEN)
			return -EINVAL;
	if (s * ARRAY_SIZE(c->key_lens) * (c->both_dirs + 1) >
	    AESNICTR_CALIB_MAX_POINTS)
		return -EINVAL;
	b.ctx_mem = kzalloc(c->ctx_size + 63, GFP_KERNEL);
	b.ctx = b.ctx_mem ? PTR_ALIGN(b.ctx_mem, 64) : NULL;
	b.buf = kzalloc(AESNICTR_CALIB_MAX_LEN + c->assoclen +
			AESNICTR_CALIB_TAG, GFP_KERNEL);
	err = b.ctx && b.buf ? stock_alloc(&b, drv, flags) : -ENOMEM;
	/* a fixed key: the timing is independent of its value */
	for (k = 0; !err && k < sizeof(key); k++)
		key[k] = 0x11 * k + 7;
	for (k = 0; !err && k < ARRAY_SIZE(c->key_lens); k++) {
		err = set_keys(&b, key, c->key_lens[k]);
		for (s = 0; !err && c->sizes[s]; s++)
			for (d = 0; !err && d <= c->both_dirs; d++)
				err = time_point(&b, c->sizes[s], !d,
						 &res->ratio[res->n++]);
	}
	stock_free(&b);
	kfree_sensitive(b.ctx_mem);
	kfree(b.buf);
	memzero_explicit(key, sizeof(key));
	res->ns = ktime_get_ns() - t0;
	calibrate_total_ns += res->ns;
	return err;
}
