// SPDX-License-Identifier: GPL-2.0
/*
 * The ctr family's load-time self-test, of one implementation or of the
 * non-SIMD path:
 *  - known answers (ctr_vectors.h), encrypted and decrypted, split at
 *    every block boundary (a later call continues from the IV an earlier one
 *    returned), with the key expanded by either path;
 *  - the bulk comparison: random messages long enough for every loop of the
 *    widest implementation (4 KiB and more, one ending mid-block, one
 *    crossing a 2^32 wrap of the counter's low word), processed in pieces
 *    split at odd block counts, against the non-SIMD path, which has passed
 *    its own known answers first.
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "ctr_internal.h"
#include "selftest.h"
#include "ctr_vectors.h"

#define KAT_MAX_LEN	512
#define BULK_MAX_LEN	5120

struct ctr_selftest_buf {
	struct aesnictr_ctr_keys keys;
	u8 iv[AESNICTR_BLOCK_SIZE];
	u8 iv_ref[AESNICTR_BLOCK_SIZE];
	u8 in[BULK_MAX_LEN];
	u8 out[BULK_MAX_LEN];
	u8 ref[BULK_MAX_LEN];
};

/* One vector one way, the first split bytes in a call of their own. */
static int kat_one(struct ctr_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd, const struct aesnictr_ctr_vector *v, bool decrypt,
		   unsigned int split)
{
	const struct aesnictr_ctr_impl *fns = simd ? aesnictr_ctr_impl(impl) :
						      NULL;
	const u8 *in = decrypt ? v->ctext : v->ptext;
	const u8 *expect = decrypt ? v->ptext : v->ctext;
	char what[128];

	memcpy(b->iv, v->iv, AESNICTR_BLOCK_SIZE);
	aesnictr_ctr_crypt_buf(&b->keys, fns, b->out, in, v->len, split, b->iv);
	snprintf(what, sizeof(what), "%s, %s, split at %u", v->name,
		 decrypt ? "decrypt" : "encrypt", split);
	return aesnictr_selftest_check("ctr", impl, simd, what, b->out, expect,
				       v->len) ?:
	       aesnictr_selftest_check("ctr", impl, simd, what, b->iv,
				       v->iv_out, AESNICTR_BLOCK_SIZE);
}

static int kat_all(struct ctr_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd)
{
	int i, err = 0;

	for (i = 0; i < ARRAY_SIZE(aesnictr_ctr_vectors) && !err; i++) {
		const struct aesnictr_ctr_vector *v = &aesnictr_ctr_vectors[i];
		unsigned int split;
		int pass;

		if (WARN_ON(v->len > KAT_MAX_LEN))
			return -EINVAL;
		/* an implementation must work with a key set on either path */
		for (pass = simd ? 0 : 1; pass < 2 && !err; pass++) {
			aesnictr_ctr_expand(&b->keys, v->key, v->klen,
					    pass == 0);
			for (split = 0; split <= v->len && !err;
			     split += AESNICTR_BLOCK_SIZE)
				err = kat_one(b, impl, simd, v, false, split) ?:
				      kat_one(b, impl, simd, v, true, split);
		}
	}
	return err;
}

/* Random message len bytes with the counter's low word at low32. */
static int bulk_one(struct ctr_selftest_buf *b, enum aesnictr_impl impl,
		    unsigned int klen, unsigned int len, u32 low32)
{
	static const unsigned int splits[] = { 0, 16 * 37, 16 * 101 };
	const struct aesnictr_ctr_impl *fns = aesnictr_ctr_impl(impl);
	u8 rawkey[AES_MAX_KEY_SIZE];
	char what[96];
	int i, err = 0;

	get_random_bytes(rawkey, klen);
	get_random_bytes(b->iv_ref, AESNICTR_BLOCK_SIZE);
	put_unaligned_be32(low32, b->iv_ref + 12);
	get_random_bytes(b->in, len);
	aesnictr_ctr_expand(&b->keys, rawkey, klen, true);
	memzero_explicit(rawkey, sizeof(rawkey));

	memcpy(b->iv, b->iv_ref, AESNICTR_BLOCK_SIZE);
	aesnictr_ctr_crypt_buf(&b->keys, NULL, b->ref, b->in, len, len,
			       b->iv_ref);
	for (i = 0; i < ARRAY_SIZE(splits) && !err; i++) {
		unsigned int split = splits[i];
		u8 iv[AESNICTR_BLOCK_SIZE];

		memcpy(iv, b->iv, AESNICTR_BLOCK_SIZE);
		aesnictr_ctr_crypt_buf(&b->keys, fns, b->out, b->in, len, split,
				       iv);
		snprintf(what, sizeof(what),
			 "bulk comparison, AES-%u, %u bytes, split at %u",
			 klen * 8, len, split);
		err = aesnictr_selftest_check("ctr", impl, true, what, b->out,
					      b->ref, len) ?:
		      aesnictr_selftest_check("ctr", impl, true, what, iv,
					      b->iv_ref, AESNICTR_BLOCK_SIZE);
	}
	return err;
}

static int bulk_all(struct ctr_selftest_buf *b, enum aesnictr_impl impl)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	int i, err = 0;

	BUILD_BUG_ON(BULK_MAX_LEN < 5109);
	for (i = 0; i < ARRAY_SIZE(klens) && !err; i++)
		err = bulk_one(b, impl, klens[i], 4096, get_random_u32() >> 1) ?:
		      bulk_one(b, impl, klens[i], 5109, U32_MAX - 150);
	return err;
}

int aesnictr_ctr_selftest(enum aesnictr_impl impl, bool simd)
{
	struct ctr_selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int err;

	if (!b)
		return -ENOMEM;
	err = kat_all(b, impl, simd);
	if (!err && simd)
		err = bulk_all(b, impl);
	kfree_sensitive(b);
	return err;
}
