// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time known-answer tests over testmgr_vectors.h, on one tier or, with
 * tier NULL, on the non-SIMD path.  CTR vectors are encrypted and decrypted
 * in one call and split at every block boundary the vector allows (so a later
 * call continues from the IV an earlier one returned); GCM and rfc4106
 * vectors are encrypted and decrypted, checking text and tag.
 */

#include <crypto/algapi.h>
#include <crypto/gcm.h>
#include <linux/slab.h>
#include "aesni_ctr_glue.h"
#include "testmgr_vectors.h"

#define SELFTEST_MAX_LEN	512

struct selftest_buf {
	struct aesnictr_ctr_ctx ctx;
	u8 out[SELFTEST_MAX_LEN];
	u8 iv[AESNICTR_BLOCK_SIZE];
};

/* Run one vector, processing the first split bytes in a call of their own. */
static int selftest_one(struct selftest_buf *b, const struct aesnictr_tier *tier,
			const struct aesnictr_ctr_vector *v, bool decrypt,
			unsigned int split)
{
	const u8 *in = decrypt ? v->ctext : v->ptext;
	const u8 *expect = decrypt ? v->ptext : v->ctext;

	memcpy(b->iv, v->iv, AESNICTR_BLOCK_SIZE);
	aesnictr_ctr_crypt_buf(&b->ctx, tier, b->out, in, split, b->iv);
	aesnictr_ctr_crypt_buf(&b->ctx, tier, b->out + split, in + split,
			       v->len - split, b->iv);
	if (memcmp(b->out, expect, v->len) ||
	    memcmp(b->iv, v->iv_out, AESNICTR_BLOCK_SIZE)) {
		pr_err("self-test failed: %s, %s, %s, split at %u\n",
		       tier ? tier->name : "non-SIMD path", v->name,
		       decrypt ? "decrypt" : "encrypt", split);
		return -EBADMSG;
	}
	return 0;
}

int aesnictr_selftest_ctr(const struct aesnictr_tier *tier)
{
	struct selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int i, err = 0;

	if (!b)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(aesnictr_ctr_vectors) && !err; i++) {
		const struct aesnictr_ctr_vector *v = &aesnictr_ctr_vectors[i];
		unsigned int split;
		bool simd_key;

		if (WARN_ON(v->len > SELFTEST_MAX_LEN)) {
			err = -EINVAL;
			break;
		}
		/* a tier must also work with a key expanded by the library */
		for (simd_key = tier != NULL; !err; simd_key = false) {
			err = aesnictr_aes_set_key(&b->ctx.key, &b->ctx.fallback,
						   v->key, v->klen, simd_key);
			for (split = 0; split <= v->len && !err;
			     split += AESNICTR_BLOCK_SIZE) {
				err = selftest_one(b, tier, v, false, split) ?:
				      selftest_one(b, tier, v, true, split);
			}
			if (!simd_key)
				break;
		}
	}
	kfree_sensitive(b);
	return err;
}

/*
 * One GCM vector both ways; rfc4106 vectors carry the salt after the key.
 * simd_key says which code expands the key (and H's powers): a tier's
 * requests must work with a key set on either path.
 */
static int selftest_gcm_one(struct aesnictr_gcm_ctx *ctx, u8 *out,
			    const struct aesnictr_tier *tier,
			    const struct aesnictr_gcm_vector *v, bool rfc4106,
			    bool simd_key)
{
	unsigned int klen = v->klen - (rfc4106 ? 4 : 0);
	u8 iv[GCM_AES_IV_SIZE], tag[AESNICTR_BLOCK_SIZE];
	int err;

	if (WARN_ON(v->plen > SELFTEST_MAX_LEN))
		return -EINVAL;
	if (rfc4106) {
		memcpy(iv, v->key + klen, 4);
		memcpy(iv + 4, v->iv, GCM_RFC4106_IV_SIZE);
	} else {
		memcpy(iv, v->iv, GCM_AES_IV_SIZE);
	}
	err = aesnictr_gcm_set_key(ctx, v->key, klen, simd_key);
	if (err)
		return err;
	aesnictr_gcm_crypt_buf(ctx, tier, iv, v->assoc, v->alen, out, v->ptext,
			       v->plen, tag, true);
	if (memcmp(out, v->ctext, v->plen) || memcmp(tag, v->tag, v->taglen))
		goto fail;
	aesnictr_gcm_crypt_buf(ctx, tier, iv, v->assoc, v->alen, out, v->ctext,
			       v->plen, tag, false);
	if (memcmp(out, v->ptext, v->plen) || memcmp(tag, v->tag, v->taglen))
		goto fail;
	return 0;
fail:
	pr_err("self-test failed: %s, %s, key set by the %s path\n",
	       tier ? tier->name : "non-SIMD path", v->name,
	       simd_key ? "SIMD" : "non-SIMD");
	return -EBADMSG;
}

int aesnictr_selftest_gcm(const struct aesnictr_tier *tier)
{
	size_t size = aesnictr_gcm_ctx_size() + 63;
	u8 *mem = kzalloc(size + SELFTEST_MAX_LEN, GFP_KERNEL);
	struct aesnictr_gcm_ctx *ctx;
	u8 *out;
	int i, err = 0;

	if (!mem)
		return -ENOMEM;
	ctx = PTR_ALIGN((void *)mem, 64);
	out = mem + size;
	for (i = 0; i < ARRAY_SIZE(aesnictr_gcm_vectors) && !err; i++)
		err = selftest_gcm_one(ctx, out, tier, &aesnictr_gcm_vectors[i],
				       false, tier != NULL) ?:
		      selftest_gcm_one(ctx, out, tier, &aesnictr_gcm_vectors[i],
				       false, false);
	for (i = 0; i < ARRAY_SIZE(aesnictr_rfc4106_vectors) && !err; i++)
		err = selftest_gcm_one(ctx, out, tier,
				       &aesnictr_rfc4106_vectors[i], true,
				       tier != NULL);
	kfree_sensitive(mem);
	return err;
}
