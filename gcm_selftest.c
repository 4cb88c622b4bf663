// SPDX-License-Identifier: GPL-2.0
/*
 * The gcm family's load-time self-test, of one implementation or of the C
 * path:
 *  - known answers (gcm_vectors.h: the GCM specification's cases and
 *    rfc4106 framings), encrypted and decrypted, text and tag, with the key
 *    (and H's powers) set by either path;
 *  - the bulk comparison: random keys, IVs, AAD (hashed in the request
 *    path's 256-byte pieces) and texts long enough for every stitched loop
 *    of the widest implementation, one ending mid-block, split at odd block
 *    counts, encrypted and decrypted against the C path, which has passed
 *    its own known answers first.
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "gcm_internal.h"
#include "selftest.h"
#include "gcm_vectors.h"

#define KAT_MAX_LEN	512
#define BULK_MAX_TEXT	4173
#define BULK_MAX_AAD	333

struct gcm_selftest_buf {
	u8 iv[GCM_AES_IV_SIZE];
	u8 tag[AESNICTR_BLOCK_SIZE];
	u8 tag_ref[AESNICTR_BLOCK_SIZE];
	u8 assoc[BULK_MAX_AAD];
	u8 in[BULK_MAX_TEXT];
	u8 out[BULK_MAX_TEXT];
	u8 ref[BULK_MAX_TEXT];
	/* then the context, aligned to 64 */
};

/*
 * One vector both ways; rfc4106 vectors carry the salt after the key.
 * simd_key says which path sets the key (and H's powers): requests must
 * work with a key set on either.
 */
static int kat_one(struct gcm_selftest_buf *b, struct aesnictr_gcm_ctx *ctx,
		   enum aesnictr_impl impl, bool simd,
		   const struct aesnictr_gcm_vector *v, bool rfc4106,
		   bool simd_key)
{
	const struct aesnictr_gcm_impl *fns = simd ? aesnictr_gcm_impl(impl) :
						      NULL;
	unsigned int klen = v->klen - (rfc4106 ? 4 : 0);
	char what[160];
	int err;

	if (WARN_ON(v->plen > KAT_MAX_LEN))
		return -EINVAL;
	if (rfc4106) {
		memcpy(b->iv, v->key + klen, 4);
		memcpy(b->iv + 4, v->iv, GCM_RFC4106_IV_SIZE);
	} else {
		memcpy(b->iv, v->iv, GCM_AES_IV_SIZE);
	}
	err = aesnictr_gcm_set_key(ctx, v->key, klen, simd_key);
	if (err)
		return err;
	snprintf(what, sizeof(what), "%s, key set by the %s path", v->name,
		 simd_key ? "SIMD" : "non-SIMD");
	aesnictr_gcm_crypt_buf(ctx, fns, b->iv, v->assoc, v->alen, b->out,
			       v->ptext, v->plen, 0, b->tag, true);
	err = aesnictr_selftest_check("gcm", impl, simd, what, b->out,
				      v->ctext, v->plen) ?:
	      aesnictr_selftest_check("gcm", impl, simd, what, b->tag, v->tag,
				      v->taglen);
	if (err)
		return err;
	aesnictr_gcm_crypt_buf(ctx, fns, b->iv, v->assoc, v->alen, b->out,
			       v->ctext, v->plen, 0, b->tag, false);
	return aesnictr_selftest_check("gcm", impl, simd, what, b->out,
				       v->ptext, v->plen) ?:
	       aesnictr_selftest_check("gcm", impl, simd, what, b->tag, v->tag,
				       v->taglen);
}

static int kat_all(struct gcm_selftest_buf *b, struct aesnictr_gcm_ctx *ctx,
		   enum aesnictr_impl impl, bool simd)
{
	int i, err = 0;

	for (i = 0; i < ARRAY_SIZE(aesnictr_gcm_vectors) && !err; i++) {
		const struct aesnictr_gcm_vector *v = &aesnictr_gcm_vectors[i];

		err = kat_one(b, ctx, impl, simd, v, false, simd) ?:
		      kat_one(b, ctx, impl, simd, v, false, false);
	}
	for (i = 0; i < ARRAY_SIZE(aesnictr_rfc4106_vectors) && !err; i++)
		err = kat_one(b, ctx, impl, simd, &aesnictr_rfc4106_vectors[i],
			      true, simd);
	return err;
}

/*
 * A random message of len bytes with alen bytes of AAD, both directions; the
 * key set by the SIMD path (key_simd) or by the C path (its hash key powers
 * computed in C, every one of which the widest code uses from 1 KiB).
 */
static int bulk_one(struct gcm_selftest_buf *b, struct aesnictr_gcm_ctx *ctx,
		    enum aesnictr_impl impl, unsigned int klen,
		    unsigned int alen, unsigned int len, bool key_simd)
{
	static const unsigned int splits[] = { 0, 16 * 13, 16 * 67 };
	const struct aesnictr_gcm_impl *fns = aesnictr_gcm_impl(impl);
	u8 rawkey[AES_MAX_KEY_SIZE];
	char what[112];
	int i, err = 0;

	get_random_bytes(rawkey, klen);
	get_random_bytes(b->iv, sizeof(b->iv));
	get_random_bytes(b->assoc, alen);
	get_random_bytes(b->in, len);
	err = aesnictr_gcm_set_key(ctx, rawkey, klen, key_simd);
	memzero_explicit(rawkey, sizeof(rawkey));
	if (err)
		return err;
	aesnictr_gcm_crypt_buf(ctx, NULL, b->iv, b->assoc, alen, b->ref, b->in,
			       len, 0, b->tag_ref, true);
	for (i = 0; i < ARRAY_SIZE(splits) && !err; i++) {
		unsigned int split = splits[i];

		snprintf(what, sizeof(what),
			 "bulk comparison, AES-%u (key set by the %s path), AAD %u, text %u, split at %u",
			 klen * 8, key_simd ? "SIMD" : "C", alen, len, split);
		aesnictr_gcm_crypt_buf(ctx, fns, b->iv, b->assoc, alen, b->out,
				       b->in, len, split, b->tag, true);
		err = aesnictr_selftest_check("gcm", impl, true, what, b->out,
					      b->ref, len) ?:
		      aesnictr_selftest_check("gcm", impl, true, what, b->tag,
					      b->tag_ref, AESNICTR_BLOCK_SIZE);
		if (err)
			break;
		aesnictr_gcm_crypt_buf(ctx, fns, b->iv, b->assoc, alen, b->out,
				       b->ref, len, split, b->tag, false);
		err = aesnictr_selftest_check("gcm", impl, true, what, b->out,
					      b->in, len) ?:
		      aesnictr_selftest_check("gcm", impl, true, what, b->tag,
					      b->tag_ref, AESNICTR_BLOCK_SIZE);
	}
	return err;
}

static int bulk_all(struct gcm_selftest_buf *b, struct aesnictr_gcm_ctx *ctx,
		    enum aesnictr_impl impl)
{
	return bulk_one(b, ctx, impl, 16, BULK_MAX_AAD, BULK_MAX_TEXT, true) ?:
	       bulk_one(b, ctx, impl, 24, 20, 1909, false) ?:
	       bulk_one(b, ctx, impl, 32, 301, 1200, true);
}

int aesnictr_gcm_selftest(enum aesnictr_impl impl, bool simd)
{
	size_t size = sizeof(struct gcm_selftest_buf) + 63 +
		      aesnictr_gcm_ctx_size();
	struct gcm_selftest_buf *b = kzalloc(size, GFP_KERNEL);
	struct aesnictr_gcm_ctx *ctx;
	int err;

	if (!b)
		return -ENOMEM;
	ctx = PTR_ALIGN((void *)(b + 1), 64);
	err = kat_all(b, ctx, impl, simd);
	if (!err && simd)
		err = bulk_all(b, ctx, impl);
	kfree_sensitive(b);
	return err;
}
