// SPDX-License-Identifier: GPL-2.0
/*
 * The cbc and cts families' load-time self-tests, of one implementation or
 * of the non-SIMD path:
 *  - known answers (cbc_vectors.h: NIST SP 800-38A's CBC vectors for
 *    cbc(aes), RFC 3962's for cts(cbc(aes))), encrypted and decrypted, split
 *    at every block boundary (a later call continues from the IV an earlier
 *    one left), with the key expanded by either path, the IV left by the
 *    message checked too;
 *  - the bulk comparison: random messages with AES-128, -192 and -256 keys,
 *    long enough for every loop and tail of the widest implementation,
 *    through cbc(aes) and cts(cbc(aes)) (ending in whole blocks and
 *    mid-block), encrypted and decrypted in pieces split at odd block
 *    counts, against the non-SIMD path, which has passed its own known
 *    answers first.
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "cbc_internal.h"
#include "cbc_vectors.h"
#include "selftest.h"

#define KAT_MAX_LEN	64
#define BULK_MAX_LEN	5120

struct cbc_selftest_buf {
	struct aesnictr_cbc_keys keys;
	u8 iv[AESNICTR_BLOCK_SIZE];
	u8 iv_ref[AESNICTR_BLOCK_SIZE];
	u8 in[BULK_MAX_LEN];
	u8 out[BULK_MAX_LEN];
	u8 ref[BULK_MAX_LEN];
};

/*
 * The last split point of a message: cts holds back the last two blocks
 * (the second maybe partial) of a message longer than 16 bytes.
 */
static unsigned int max_split(unsigned int len, bool cts)
{
	if (!cts)
		return len;
	if (len <= AESNICTR_BLOCK_SIZE)
		return 0;
	return round_down(len - 1, AESNICTR_BLOCK_SIZE) - AESNICTR_BLOCK_SIZE;
}

/* The family whose self-test this is, for the log lines. */
static const char *family(bool cts)
{
	return cts ? "cts" : "cbc";
}

/*
 * The IV a message leaves, as the kernel's templates leave it: the last
 * ciphertext block (cbc), the first of the two cts swaps (the block at the
 * last split point), the only one of a one-block message.
 */
static const u8 *iv_out(const struct aesnictr_cbc_vector *v, bool cts)
{
	return v->ctext + (cts ? max_split(v->len, true) :
			   v->len - AESNICTR_BLOCK_SIZE);
}

/* One vector one way, the first split bytes in a call of their own. */
static int kat_one(struct cbc_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd, const struct aesnictr_cbc_vector *v, bool cts,
		   unsigned int split, bool enc)
{
	const struct aesnictr_cbc_impl *fns = simd ? aesnictr_cbc_impl(impl) :
						      NULL;
	const u8 *want = enc ? v->ctext : v->ptext;
	char what[128];

	memcpy(b->iv, v->iv, AESNICTR_BLOCK_SIZE);
	aesnictr_cbc_crypt_buf(&b->keys, fns, cts, b->out,
			       enc ? v->ptext : v->ctext, v->len, split, b->iv,
			       enc);
	snprintf(what, sizeof(what), "%s, %s, split at %u", v->name,
		 enc ? "encrypt" : "decrypt", split);
	return aesnictr_selftest_check(family(cts), impl, simd, what, b->out,
				       want, v->len) ?:
	       aesnictr_selftest_check(family(cts), impl, simd, what, b->iv,
				       iv_out(v, cts), AESNICTR_BLOCK_SIZE);
}

static int kat_list(struct cbc_selftest_buf *b, enum aesnictr_impl impl,
		    bool simd, const struct aesnictr_cbc_vector *vs,
		    unsigned int n, bool cts)
{
	unsigned int i, split;
	int pass, err = 0;

	for (i = 0; i < n && !err; i++) {
		const struct aesnictr_cbc_vector *v = &vs[i];

		if (WARN_ON(v->len > KAT_MAX_LEN))
			return -EINVAL;
		/* an implementation must work with a key set on either path */
		for (pass = simd ? 0 : 1; pass < 2 && !err; pass++) {
			aesnictr_cbc_expand(&b->keys, v->key, v->klen,
					    pass == 0);
			for (split = 0; split <= max_split(v->len, cts) && !err;
			     split += AESNICTR_BLOCK_SIZE)
				err = kat_one(b, impl, simd, v, cts, split,
					      true) ?:
				      kat_one(b, impl, simd, v, cts, split,
					      false);
		}
	}
	return err;
}

/* A random message of len bytes with a random key of klen bytes. */
static int bulk_one(struct cbc_selftest_buf *b, enum aesnictr_impl impl,
		    unsigned int klen, unsigned int len, bool cts)
{
	static const unsigned int splits[] = { 0, 16 * 37, 16 * 101 };
	const struct aesnictr_cbc_impl *fns = aesnictr_cbc_impl(impl);
	u8 rawkey[AES_MAX_KEY_SIZE], iv[AESNICTR_BLOCK_SIZE];
	char what[112];
	int i, dir, err = 0;

	get_random_bytes(rawkey, klen);
	get_random_bytes(iv, AESNICTR_BLOCK_SIZE);
	get_random_bytes(b->in, len);
	aesnictr_cbc_expand(&b->keys, rawkey, klen, true);
	memzero_explicit(rawkey, sizeof(rawkey));

	for (dir = 0; dir < 2 && !err; dir++) {
		bool enc = dir == 0;

		memcpy(b->iv_ref, iv, AESNICTR_BLOCK_SIZE);
		aesnictr_cbc_crypt_buf(&b->keys, NULL, cts, b->ref, b->in, len,
				       0, b->iv_ref, enc);
		for (i = 0; i < ARRAY_SIZE(splits) && !err; i++) {
			if (splits[i] > max_split(len, cts))
				continue;
			memcpy(b->iv, iv, AESNICTR_BLOCK_SIZE);
			aesnictr_cbc_crypt_buf(&b->keys, fns, cts, b->out,
					       b->in, len, splits[i], b->iv,
					       enc);
			snprintf(what, sizeof(what),
				 "bulk comparison, AES-%u, %u bytes, %s, split at %u",
				 klen * 8, len, enc ? "encrypt" : "decrypt",
				 splits[i]);
			err = aesnictr_selftest_check(family(cts), impl, true,
						      what, b->out, b->ref,
						      len) ?:
			      aesnictr_selftest_check(family(cts), impl, true,
						      what, b->iv, b->iv_ref,
						      AESNICTR_BLOCK_SIZE);
		}
	}
	return err;
}

static int bulk_all(struct cbc_selftest_buf *b, enum aesnictr_impl impl,
		    bool cts)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	/*
	 * 4096: whole batches only; 5088 (318 blocks) and 1776 (111 = 3
	 * batches of 32, 3 of 4, 3 single): every tail at every width; with
	 * cts also 4867 and 5109, ending mid-block, and 16, one block.
	 */
	static const struct {
		unsigned int len;
		bool cts;
	} msgs[] = {
		{ 4096, false }, { 5088, false }, { 1776, false },
		{ 5088, true }, { 4867, true }, { 5109, true }, { 16, true },
	};
	int i, j, err = 0;

	BUILD_BUG_ON(BULK_MAX_LEN < 5109);
	for (i = 0; i < ARRAY_SIZE(klens) && !err; i++)
		for (j = 0; j < ARRAY_SIZE(msgs) && !err; j++)
			if (msgs[j].cts == cts)
				err = bulk_one(b, impl, klens[i], msgs[j].len,
					       cts);
	return err;
}

static int selftest(enum aesnictr_impl impl, bool simd, bool cts)
{
	struct cbc_selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int err;

	if (!b)
		return -ENOMEM;
	if (cts)
		err = kat_list(b, impl, simd, aesnictr_cts_vectors,
			       ARRAY_SIZE(aesnictr_cts_vectors), true);
	else
		err = kat_list(b, impl, simd, aesnictr_cbc_vectors,
			       ARRAY_SIZE(aesnictr_cbc_vectors), false);
	if (!err && simd)
		err = bulk_all(b, impl, cts);
	kfree_sensitive(b);
	return err;
}

int aesnictr_cbc_selftest(enum aesnictr_impl impl, bool simd)
{
	return selftest(impl, simd, false);
}

int aesnictr_cts_selftest(enum aesnictr_impl impl, bool simd)
{
	return selftest(impl, simd, true);
}
