// SPDX-License-Identifier: GPL-2.0
/*
 * The xts family's load-time self-test, of one implementation or of the
 * non-SIMD path:
 *  - known answers (xts_vectors.h: IEEE 1619-2007, the ciphertext-stealing
 *    vectors included), encrypted and decrypted, split at every block
 *    boundary (a later call continues from the tweak an earlier one left),
 *    with the key expanded by either path;
 *  - the bulk comparison: random messages with AES-128, -192 and -256 keys,
 *    long enough for every loop and tail of the widest implementation (4 KiB,
 *    and two lengths ending mid-block that leave different numbers of
 *    single blocks before the stealing), encrypted and decrypted in pieces
 *    split at odd block counts, against the non-SIMD path, which has passed
 *    its own known answers first.
 * The routines tested are those aesnictr_xts_impl() gives, the ones the
 * family registers (vaes2: the _clmul pair on a CPU with VPCLMULQDQ).
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "selftest.h"
#include "xts_internal.h"
#include "xts_vectors.h"

#define KAT_MAX_LEN	512
#define BULK_MAX_LEN	5120

struct xts_selftest_buf {
	struct aesnictr_xts_keys keys;
	u8 iv[AESNICTR_BLOCK_SIZE];
	u8 tweak[AESNICTR_BLOCK_SIZE];
	u8 tweak_ref[AESNICTR_BLOCK_SIZE];
	u8 in[BULK_MAX_LEN];
	u8 out[BULK_MAX_LEN];
	u8 ref[BULK_MAX_LEN];
};

/*
 * in -> out, len bytes in two pieces, the first of split bytes (0: one piece);
 * split is a multiple of 16 leaving at least 16 bytes for the second piece.
 */
static void crypt_split(struct xts_selftest_buf *b,
			const struct aesnictr_xts_impl *fns, u8 *out,
			const u8 *in, unsigned int len, unsigned int split,
			bool enc)
{
	aesnictr_xts_crypt_buf(&b->keys, fns, out, in, len, split, b->tweak,
			       b->iv, enc);
}

/* The last split point: the second call keeps the last full block. */
static unsigned int max_split(unsigned int len)
{
	return round_down(len, AESNICTR_BLOCK_SIZE) - AESNICTR_BLOCK_SIZE;
}

/* One vector one way, the first split bytes in a call of their own. */
static int kat_one(struct xts_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd, const struct aesnictr_xts_vector *v,
		   unsigned int split, bool enc)
{
	const struct aesnictr_xts_impl *fns = simd ? aesnictr_xts_impl(impl) :
						      NULL;
	char what[128];

	crypt_split(b, fns, b->out, enc ? v->ptext : v->ctext, v->len, split,
		    enc);
	snprintf(what, sizeof(what), "%s, %s, split at %u", v->name,
		 enc ? "encrypt" : "decrypt", split);
	return aesnictr_selftest_check("xts", impl, simd, what, b->out,
				       enc ? v->ctext : v->ptext, v->len);
}

static int kat_all(struct xts_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd)
{
	int i, err = 0;

	for (i = 0; i < ARRAY_SIZE(aesnictr_xts_vectors) && !err; i++) {
		const struct aesnictr_xts_vector *v = &aesnictr_xts_vectors[i];
		unsigned int split;
		int pass;

		if (WARN_ON(v->len > KAT_MAX_LEN))
			return -EINVAL;
		memcpy(b->iv, v->iv, AESNICTR_BLOCK_SIZE);
		/* an implementation must work with a key set on either path */
		for (pass = simd ? 0 : 1; pass < 2 && !err; pass++) {
			aesnictr_xts_expand(&b->keys, v->key, v->klen,
					    pass == 0);
			for (split = 0; split <= max_split(v->len) && !err;
			     split += AESNICTR_BLOCK_SIZE)
				err = kat_one(b, impl, simd, v, split, true) ?:
				      kat_one(b, impl, simd, v, split, false);
		}
	}
	return err;
}

/* A random message of len bytes with a random key of klen bytes per half. */
static int bulk_one(struct xts_selftest_buf *b, enum aesnictr_impl impl,
		    unsigned int klen, unsigned int len)
{
	static const unsigned int splits[] = { 0, 16 * 37, 16 * 101 };
	const struct aesnictr_xts_impl *fns = aesnictr_xts_impl(impl);
	u8 rawkey[2 * AES_MAX_KEY_SIZE];
	char what[96];
	int i, dir, err = 0;

	get_random_bytes(rawkey, 2 * klen);
	get_random_bytes(b->iv, AESNICTR_BLOCK_SIZE);
	get_random_bytes(b->in, len);
	aesnictr_xts_expand(&b->keys, rawkey, 2 * klen, true);
	memzero_explicit(rawkey, sizeof(rawkey));

	for (dir = 0; dir < 2 && !err; dir++) {
		bool enc = dir == 0;

		aesnictr_xts_crypt_buf(&b->keys, NULL, b->ref, b->in, len, 0,
				       b->tweak_ref, b->iv, enc);
		for (i = 0; i < ARRAY_SIZE(splits) && !err; i++) {
			crypt_split(b, fns, b->out, b->in, len, splits[i], enc);
			snprintf(what, sizeof(what),
				 "bulk comparison, AES-%u, %u bytes, %s, split at %u",
				 klen * 8, len, enc ? "encrypt" : "decrypt",
				 splits[i]);
			err = aesnictr_selftest_check("xts", impl, true, what,
						      b->out, b->ref, len) ?:
			      aesnictr_selftest_check("xts", impl, true, what,
						      b->tweak, b->tweak_ref,
						      AESNICTR_BLOCK_SIZE);
		}
	}
	return err;
}

static int bulk_all(struct xts_selftest_buf *b, enum aesnictr_impl impl)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	/*
	 * 4096: whole batches only; 4867 (303 full blocks before the
	 * stealing) and 5109 (318): every tail batch and single blocks at
	 * every width.
	 */
	static const unsigned int lens[] = { 4096, 4867, 5109 };
	int i, j, err = 0;

	BUILD_BUG_ON(BULK_MAX_LEN < 5109);
	for (i = 0; i < ARRAY_SIZE(klens) && !err; i++)
		for (j = 0; j < ARRAY_SIZE(lens) && !err; j++)
			err = bulk_one(b, impl, klens[i], lens[j]);
	return err;
}

int aesnictr_xts_selftest(enum aesnictr_impl impl, bool simd)
{
	struct xts_selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int err;

	if (!b)
		return -ENOMEM;
	err = kat_all(b, impl, simd);
	if (!err && simd)
		err = bulk_all(b, impl);
	kfree_sensitive(b);
	return err;
}
