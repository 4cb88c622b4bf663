// SPDX-License-Identifier: GPL-2.0
/*
 * The authenc families' load-time self-test, of the SIMD implementation or
 * of the C path, for the family's two hashes, authenc and authencesn:
 *  - known answers (authenc_vectors.h: RFC 3602 / SP 800-38A texts with
 *    RFC 2202 / RFC 4231 HMAC keys, short and longer-than-a-block),
 *    encrypted (ciphertext and truncated tag) and decrypted, the key set by
 *    either path, the text whole and split; under fips_enabled, the vectors
 *    with HMAC keys shorter than 112 bits must be refused instead;
 *  - key blobs the template refuses (truncated, wrong attribute length, bad
 *    AES key length) refused with -EINVAL;
 *  - the bulk comparison: random keys (HMAC keys shorter and longer than a
 *    block), IVs, AAD (ESP's 8 and 24 bytes, and odd lengths, so SHA blocks
 *    start at every kind of offset in the ciphertext) and texts longer than
 *    a page, split at odd block counts, encrypted and decrypted against the
 *    C path, which has passed its own known answers first.
 */

#include <crypto/aes.h>
#include <crypto/authenc.h>
#include <linux/fips.h>
#include <linux/random.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include "authenc_internal.h"
#include "selftest.h"
#include "authenc_vectors.h"

#define KAT_MAX_LEN	64
#define BULK_MAX_TEXT	(4096 + 21 * AES_BLOCK_SIZE)
#define BULK_MAX_AAD	333
#define BULK_MAX_HKEY	150
#define FIPS_MIN_HKEY	(112 / 8)
#define BLOB_MAX	(RTA_SPACE(sizeof(struct crypto_authenc_key_param)) + \
			 BULK_MAX_HKEY + AES_MAX_KEY_SIZE)

struct authenc_selftest_buf {
	u8 iv[AES_BLOCK_SIZE];
	u8 iv_ref[AES_BLOCK_SIZE];
	u8 tag[AESNICTR_AUTHENC_MAX_DIGEST];
	u8 tag_ref[AESNICTR_AUTHENC_MAX_DIGEST];
	u8 blob[BLOB_MAX];
	u8 assoc[BULK_MAX_AAD];
	u8 in[BULK_MAX_TEXT];
	u8 out[BULK_MAX_TEXT];
	u8 ref[BULK_MAX_TEXT];
	/* then the context, aligned to 16 */
};

static int vector_hash(const struct aesnictr_authenc_vector *v)
{
	int i;

	for (i = 0; i < AESNICTR_AUTHENC_NR_HASHES; i++)
		if (!strcmp(v->hash, aesnictr_authenc_hash_name(i)))
			return i;
	return -1;
}

/* The family a hash belongs to: its name begins the self-test's log lines. */
static const char *family_name(int hash)
{
	return hash >= AESNICTR_AUTHENC_SHA384 ? "authenc-sha512" : "authenc";
}

/* The HMAC key length of a vector's blob: all but the header and AES key. */
static unsigned int vector_hkey_len(const struct aesnictr_authenc_vector *v)
{
	return v->klen - RTA_SPACE(sizeof(struct crypto_authenc_key_param)) -
	       get_unaligned_be32(v->key + RTA_LENGTH(0));
}

/* One vector both ways, the key set by the SIMD path or not (simd_key). */
static int kat_one(struct authenc_selftest_buf *b,
		   struct aesnictr_authenc_ctx *ctx, enum aesnictr_impl impl,
		   bool simd, const struct aesnictr_authenc_vector *v,
		   bool simd_key, unsigned int split)
{
	int hash = vector_hash(v);
	const char *fam = family_name(hash);
	char what[192];
	int err;

	if (WARN_ON(hash < 0 || v->plen > KAT_MAX_LEN))
		return -EINVAL;
	aesnictr_authenc_init_ctx(ctx, hash, v->esn, impl);
	err = aesnictr_authenc_set_key(ctx, v->key, v->klen, simd_key);
	if (fips_enabled && vector_hkey_len(v) < FIPS_MIN_HKEY) {
		if (err == -EINVAL)
			return 0;
		pr_err("%s: self-test of %s failed: %s: a %u-byte HMAC key accepted under FIPS\n",
		       fam, aesnictr_selftest_path(impl, simd), v->name,
		       vector_hkey_len(v));
		return -EBADMSG;
	}
	if (err)
		return err;
	snprintf(what, sizeof(what), "%s, key set by the %s path, split at %u",
		 v->name, simd_key ? "SIMD" : "non-SIMD", split);
	memcpy(b->iv, v->iv, AES_BLOCK_SIZE);
	aesnictr_authenc_crypt_buf(ctx, simd, b->iv, v->assoc, v->alen, b->out,
				   v->ptext, v->plen, split, b->tag, true);
	err = aesnictr_selftest_check(fam, impl, simd, what, b->out,
				      v->ctext, v->plen) ?:
	      aesnictr_selftest_check(fam, impl, simd, what, b->tag,
				      v->ctext + v->plen, v->taglen);
	if (err)
		return err;
	memcpy(b->iv, v->iv, AES_BLOCK_SIZE);
	aesnictr_authenc_crypt_buf(ctx, simd, b->iv, v->assoc, v->alen, b->out,
				   v->ctext, v->plen, split, b->tag, false);
	return aesnictr_selftest_check(fam, impl, simd, what, b->out,
				       v->ptext, v->plen) ?:
	       aesnictr_selftest_check(fam, impl, simd, what, b->tag,
				       v->ctext + v->plen, v->taglen);
}

/* The vectors of hashes first and first + 1. */
static int kat_all(struct authenc_selftest_buf *b,
		   struct aesnictr_authenc_ctx *ctx, int first,
		   enum aesnictr_impl impl, bool simd)
{
	int i, hash, err = 0, n = 0;

	for (i = 0; i < AESNICTR_AUTHENC_NR_VECTORS && !err; i++) {
		const struct aesnictr_authenc_vector *v =
			&aesnictr_authenc_vectors[i];
		unsigned int split = v->plen > AES_BLOCK_SIZE ? AES_BLOCK_SIZE :
								0;

		hash = vector_hash(v);
		if (hash != first && hash != first + 1)
			continue;
		n++;
		err = kat_one(b, ctx, impl, simd, v, simd, 0) ?:
		      kat_one(b, ctx, impl, simd, v, false, split);
	}
	return err ?: (WARN_ON(!n) ? -EINVAL : 0);
}

/* Build the authenc key blob of an HMAC key and an AES key; its length. */
static unsigned int make_blob(u8 *blob, const u8 *hkey, unsigned int hklen,
			      const u8 *aeskey, unsigned int klen)
{
	struct rtattr *rta = (struct rtattr *)blob;
	struct crypto_authenc_key_param *param;

	rta->rta_type = CRYPTO_AUTHENC_KEYA_PARAM;
	rta->rta_len = RTA_LENGTH(sizeof(*param));
	param = RTA_DATA(rta);
	param->enckeylen = cpu_to_be32(klen);
	memcpy(blob + rta->rta_len, hkey, hklen);
	memcpy(blob + rta->rta_len + hklen, aeskey, klen);
	return rta->rta_len + hklen + klen;
}

/* Blobs crypto_authenc_extractkeys() or the AES key length refuse. */
static int bad_keys(struct authenc_selftest_buf *b,
		    struct aesnictr_authenc_ctx *ctx, int hash,
		    enum aesnictr_impl impl, bool simd)
{
	static const u8 k[AES_MAX_KEY_SIZE + 4];
	unsigned int n = make_blob(b->blob, k, 20, k, 16);
	struct rtattr *rta = (struct rtattr *)b->blob;
	int fails = 0;

	fails += aesnictr_authenc_set_key(ctx, b->blob, 7, simd) != -EINVAL;
	rta->rta_len += 4;				/* payload not 4 bytes */
	fails += aesnictr_authenc_set_key(ctx, b->blob, n, simd) != -EINVAL;
	rta->rta_len -= 4;
	rta->rta_type++;				/* wrong attribute */
	fails += aesnictr_authenc_set_key(ctx, b->blob, n, simd) != -EINVAL;
	/* AES key longer than the blob */
	n = make_blob(b->blob, k, 0, k, 16);
	fails += aesnictr_authenc_set_key(ctx, b->blob, n - 1, simd) != -EINVAL;
	n = make_blob(b->blob, k, 20, k, 20);		/* AES-160 */
	fails += aesnictr_authenc_set_key(ctx, b->blob, n, simd) != -EINVAL;
	if (fails) {
		pr_err("%s: self-test of %s failed: %d bad key blobs accepted\n",
		       family_name(hash), aesnictr_selftest_path(impl, simd),
		       fails);
		return -EBADMSG;
	}
	return 0;
}

/* A random message, both directions, SIMD against the C path. */
static int bulk_one(struct authenc_selftest_buf *b,
		    struct aesnictr_authenc_ctx *ctx, enum aesnictr_impl impl,
		    int hash, bool esn, unsigned int klen, unsigned int hklen,
		    unsigned int alen, unsigned int len)
{
	static const unsigned int splits[] = { 0, 16 * 13, 16 * 67, 4096 };
	unsigned int ds = aesnictr_authenc_digest_size(hash);
	const char *fam = family_name(hash);
	u8 iv[AES_BLOCK_SIZE], rawkey[BULK_MAX_HKEY + AES_MAX_KEY_SIZE];
	char what[144];
	int i, err;

	get_random_bytes(rawkey, sizeof(rawkey));
	get_random_bytes(iv, sizeof(iv));
	get_random_bytes(b->assoc, alen);
	get_random_bytes(b->in, len);
	if (fips_enabled)
		hklen = max_t(unsigned int, hklen, FIPS_MIN_HKEY);
	if (esn)
		alen = max_t(unsigned int, alen, 8);
	aesnictr_authenc_init_ctx(ctx, hash, esn, impl);
	err = aesnictr_authenc_set_key(ctx, b->blob,
				       make_blob(b->blob, rawkey, hklen,
						 rawkey + BULK_MAX_HKEY, klen),
				       true);
	memzero_explicit(rawkey, sizeof(rawkey));
	memzero_explicit(b->blob, sizeof(b->blob));
	if (err)
		return err;
	memcpy(b->iv_ref, iv, sizeof(iv));
	aesnictr_authenc_crypt_buf(ctx, false, b->iv_ref, b->assoc, alen,
				   b->ref, b->in, len, 0, b->tag_ref, true);
	for (i = 0; i < ARRAY_SIZE(splits); i++) {
		unsigned int split = splits[i];

		if (split > len)
			continue;
		snprintf(what, sizeof(what),
			 "bulk comparison, %s hmac(%s), AES-%u, HMAC key %u, AAD %u, text %u, split at %u",
			 esn ? "authencesn" : "authenc",
			 aesnictr_authenc_hash_name(hash), klen * 8, hklen,
			 alen, len, split);
		memcpy(b->iv, iv, sizeof(iv));
		aesnictr_authenc_crypt_buf(ctx, true, b->iv, b->assoc, alen,
					   b->out, b->in, len, split, b->tag,
					   true);
		err = aesnictr_selftest_check(fam, impl, true, what,
					      b->out, b->ref, len) ?:
		      aesnictr_selftest_check(fam, impl, true, what,
					      b->tag, b->tag_ref, ds) ?:
		      aesnictr_selftest_check(fam, impl, true, what,
					      b->iv, b->iv_ref, sizeof(iv));
		if (err)
			return err;
		memcpy(b->iv, iv, sizeof(iv));
		aesnictr_authenc_crypt_buf(ctx, true, b->iv, b->assoc, alen,
					   b->out, b->ref, len, split, b->tag,
					   false);
		err = aesnictr_selftest_check(fam, impl, true, what,
					      b->out, b->in, len) ?:
		      aesnictr_selftest_check(fam, impl, true, what,
					      b->tag, b->tag_ref, ds) ?:
		      aesnictr_selftest_check(fam, impl, true, what,
					      b->iv, b->iv_ref, sizeof(iv));
		if (err)
			return err;
	}
	return 0;
}

/* authenc and authencesn of hashes first and first + 1 */
static int bulk_all(struct authenc_selftest_buf *b,
		    struct aesnictr_authenc_ctx *ctx, int first,
		    enum aesnictr_impl impl)
{
	int hash, esn, err = 0;

	for (hash = first; hash < first + 2 && !err; hash++)
		for (esn = 0; esn < 2 && !err; esn++)
			err = bulk_one(b, ctx, impl, hash, esn, 16, 20, 8,
				       BULK_MAX_TEXT) ?:
			      bulk_one(b, ctx, impl, hash, esn, 24, 100, 24,
				       1424) ?:
			      bulk_one(b, ctx, impl, hash, esn, 32, 150,
				       BULK_MAX_AAD, 1200) ?:
			      bulk_one(b, ctx, impl, hash, esn, 16, 0, 0,
				       4096 + 16) ?:
			      bulk_one(b, ctx, impl, hash, esn, 32, 33, 77,
				       16 * 9);
	return err;
}

int aesnictr_authenc_selftest(enum aesnictr_authenc_hash first,
			      enum aesnictr_impl impl, bool simd)
{
	size_t size = sizeof(struct authenc_selftest_buf) + 15 +
		      aesnictr_authenc_ctx_size();
	struct authenc_selftest_buf *b = kzalloc(size, GFP_KERNEL);
	struct aesnictr_authenc_ctx *ctx;
	int err;

	if (!b)
		return -ENOMEM;
	ctx = PTR_ALIGN((void *)(b + 1), 16);
	aesnictr_authenc_init_ctx(ctx, first, false, impl);
	err = kat_all(b, ctx, first, impl, simd) ?:
	      bad_keys(b, ctx, first, impl, simd);
	if (!err && simd)
		err = bulk_all(b, ctx, first, impl);
	kfree_sensitive(b);
	return err;
}
