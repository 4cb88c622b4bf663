// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time known-answer tests: every vector of testmgr_vectors.h, encrypted
 * and decrypted, in one call and split at every block boundary the vector
 * allows (so a later call continues from the IV an earlier one returned), on
 * one tier or, with tier NULL, on the non-SIMD path.
 */

#include <crypto/algapi.h>
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

		if (WARN_ON(v->len > SELFTEST_MAX_LEN)) {
			err = -EINVAL;
			break;
		}
		err = aesnictr_ctr_set_key(&b->ctx, v->key, v->klen,
					   tier != NULL);
		for (split = 0; split <= v->len && !err;
		     split += AESNICTR_BLOCK_SIZE) {
			err = selftest_one(b, tier, v, false, split) ?:
			      selftest_one(b, tier, v, true, split);
		}
	}
	kfree_sensitive(b);
	return err;
}
