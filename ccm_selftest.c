// SPDX-License-Identifier: GPL-2.0
/*
 * The ccm family's load-time self-test, of one implementation or of the C
 * path:
 *  - known answers (ccm_vectors.h: NIST SP 800-38C C.1-C.3, the cases the
 *    kernel's testmgr runs on ccm(aes) and rfc4309(ccm(aes)), RFC 3610
 *    packets among them), encrypted and decrypted, text and tag, the key
 *    set by either path; the vectors that must not verify do not;
 *  - the bulk comparison: random keys, nonces of every L, tags, AAD (MACed
 *    in the request path's 256-byte pieces) and texts long enough for many
 *    loop iterations, one ending mid-block, split at odd block counts,
 *    encrypted and decrypted against the C path, which has passed its own
 *    known answers first.
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "ccm_internal.h"
#include "selftest.h"
#include "ccm_vectors.h"

#define KAT_MAX_LEN	256
#define BULK_MAX_TEXT	4173
#define BULK_MAX_AAD	333

struct ccm_selftest_buf {
	struct aesnictr_ccm_key key;
	u8 iv[AESNICTR_CCM_IV_SIZE];
	u8 tag[AESNICTR_BLOCK_SIZE];
	u8 tag_ref[AESNICTR_BLOCK_SIZE];
	u8 assoc[BULK_MAX_AAD];
	u8 in[BULK_MAX_TEXT];
	u8 out[BULK_MAX_TEXT];
	u8 ref[BULK_MAX_TEXT];
};

/*
 * One vector both ways; rfc4309 vectors carry the salt after the key and
 * the IV after the AAD.  simd_key says which path sets the key.
 */
static int kat_one(struct ccm_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd, const struct aesnictr_ccm_vector *v,
		   bool rfc4309, bool simd_key)
{
	const struct aesnictr_ccm_ops *ops = simd ? aesnictr_ccm_impl(impl) :
						     NULL;
	unsigned int klen = v->klen -
			    (rfc4309 ? AESNICTR_RFC4309_SALT_SIZE : 0);
	unsigned int alen = v->alen - (rfc4309 ? AESNICTR_RFC4309_IV_SIZE : 0);
	unsigned int authsize = v->clen - v->plen;
	char what[160];
	int err;

	if (WARN_ON(v->plen > KAT_MAX_LEN))
		return -EINVAL;
	memset(b->iv, 0, sizeof(b->iv));
	if (rfc4309) {
		b->iv[0] = 3;
		memcpy(b->iv + 1, v->key + klen, AESNICTR_RFC4309_SALT_SIZE);
		memcpy(b->iv + 4, v->iv, AESNICTR_RFC4309_IV_SIZE);
	} else {
		memcpy(b->iv, v->iv, AESNICTR_CCM_IV_SIZE);
	}
	err = aesnictr_ccm_check(b->iv, v->plen) ?:
	      aesnictr_ccm_set_key(&b->key, v->key, klen, simd_key);
	if (err)
		return err;
	snprintf(what, sizeof(what), "%s, key set by the %s path", v->name,
		 simd_key ? "SIMD" : "non-SIMD");
	if (v->novrfy) {
		aesnictr_ccm_crypt_buf(&b->key, ops, b->iv, authsize, v->assoc,
				       alen, b->out, v->ctext, v->plen, 0,
				       b->tag, false);
		if (!crypto_memneq(b->tag, v->ctext + v->plen, authsize)) {
			pr_err("ccm: self-test of %s failed: %s verified, and must not\n",
			       aesnictr_selftest_path(impl, simd), what);
			return -EBADMSG;
		}
		return 0;
	}
	aesnictr_ccm_crypt_buf(&b->key, ops, b->iv, authsize, v->assoc, alen,
			       b->out, v->ptext, v->plen, 0, b->tag, true);
	err = aesnictr_selftest_check("ccm", impl, simd, what, b->out,
				      v->ctext, v->plen) ?:
	      aesnictr_selftest_check("ccm", impl, simd, what, b->tag,
				      v->ctext + v->plen, authsize);
	if (err)
		return err;
	aesnictr_ccm_crypt_buf(&b->key, ops, b->iv, authsize, v->assoc, alen,
			       b->out, v->ctext, v->plen, 0, b->tag, false);
	return aesnictr_selftest_check("ccm", impl, simd, what, b->out,
				       v->ptext, v->plen) ?:
	       aesnictr_selftest_check("ccm", impl, simd, what, b->tag,
				       v->ctext + v->plen, authsize);
}

static int kat_all(struct ccm_selftest_buf *b, enum aesnictr_impl impl,
		   bool simd)
{
	int i, err = 0;

	for (i = 0; i < ARRAY_SIZE(aesnictr_ccm_vectors) && !err; i++) {
		const struct aesnictr_ccm_vector *v = &aesnictr_ccm_vectors[i];

		err = kat_one(b, impl, simd, v, false, simd) ?:
		      kat_one(b, impl, simd, v, false, false);
	}
	for (i = 0; i < ARRAY_SIZE(aesnictr_rfc4309_vectors) && !err; i++)
		err = kat_one(b, impl, simd, &aesnictr_rfc4309_vectors[i],
			      true, simd);
	return err;
}

/*
 * A random message of len bytes with alen bytes of AAD, L - 1 = lp, an
 * authsize-byte tag, both directions against the C path; the key set by
 * the SIMD path (key_simd) or by the C path.
 */
static int bulk_one(struct ccm_selftest_buf *b, enum aesnictr_impl impl,
		    unsigned int klen, unsigned int lp, unsigned int authsize,
		    unsigned int alen, unsigned int len, bool key_simd)
{
	static const unsigned int splits[] = { 0, 16 * 13, 16 * 67 };
	const struct aesnictr_ccm_ops *ops = aesnictr_ccm_impl(impl);
	u8 rawkey[AES_MAX_KEY_SIZE];
	char what[128];
	int i, err = 0;

	get_random_bytes(rawkey, klen);
	get_random_bytes(b->iv, sizeof(b->iv));
	b->iv[0] = lp;
	get_random_bytes(b->assoc, alen);
	get_random_bytes(b->in, len);
	err = aesnictr_ccm_check(b->iv, len) ?:
	      aesnictr_ccm_set_key(&b->key, rawkey, klen, key_simd);
	memzero_explicit(rawkey, sizeof(rawkey));
	if (err)
		return err;
	aesnictr_ccm_crypt_buf(&b->key, NULL, b->iv, authsize, b->assoc, alen,
			       b->ref, b->in, len, 0, b->tag_ref, true);
	for (i = 0; i < ARRAY_SIZE(splits) && !err; i++) {
		unsigned int split = splits[i];

		if (split > len)
			break;

		snprintf(what, sizeof(what),
			 "bulk comparison, AES-%u (key set by the %s path), L %u, AAD %u, text %u, split at %u",
			 klen * 8, key_simd ? "SIMD" : "C", lp + 1, alen, len,
			 split);
		aesnictr_ccm_crypt_buf(&b->key, ops, b->iv, authsize, b->assoc,
				       alen, b->out, b->in, len, split, b->tag,
				       true);
		err = aesnictr_selftest_check("ccm", impl, true, what, b->out,
					      b->ref, len) ?:
		      aesnictr_selftest_check("ccm", impl, true, what, b->tag,
					      b->tag_ref, AESNICTR_BLOCK_SIZE);
		if (err)
			break;
		aesnictr_ccm_crypt_buf(&b->key, ops, b->iv, authsize, b->assoc,
				       alen, b->out, b->ref, len, split, b->tag,
				       false);
		err = aesnictr_selftest_check("ccm", impl, true, what, b->out,
					      b->in, len) ?:
		      aesnictr_selftest_check("ccm", impl, true, what, b->tag,
					      b->tag_ref, AESNICTR_BLOCK_SIZE);
	}
	return err;
}

static int bulk_all(struct ccm_selftest_buf *b, enum aesnictr_impl impl)
{
	return bulk_one(b, impl, 16, 1, 16, BULK_MAX_AAD, BULK_MAX_TEXT,
			true) ?:
	       bulk_one(b, impl, 24, 3, 8, 20, 1909, false) ?:
	       bulk_one(b, impl, 32, 7, 4, 0, 1200, true) ?:
	       bulk_one(b, impl, 16, 2, 12, 301, 0, false);
}

int aesnictr_ccm_selftest(enum aesnictr_impl impl, bool simd)
{
	struct ccm_selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int err;

	if (!b)
		return -ENOMEM;
	err = kat_all(b, impl, simd);
	if (!err && simd)
		err = bulk_all(b, impl);
	kfree_sensitive(b);
	return err;
}
