// SPDX-License-Identifier: GPL-2.0
/*
 * The cmac and xcbc families' load-time self-test, of the avx
 * implementation or of the non-SIMD path:
 *  - known answers (cmac_vectors.h: RFC 4493 and SP 800-38B for CMAC with
 *    AES-128, -192 and -256, RFC 3566 for XCBC), with the key set on either
 *    path and the message fed to update whole and in pieces of 1, 7, 16
 *    and 17 bytes;
 *  - the bulk comparison: random keys and messages long enough for several
 *    FPU sections, fed in pieces that end inside and on block boundaries,
 *    against the non-SIMD path, which has passed its own known answers
 *    first.
 */

#include <crypto/aes.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "cmac_internal.h"
#include "cmac_vectors.h"
#include "selftest.h"

#define BULK_MAX_LEN	9000

struct cmac_selftest_buf {
	struct aesnictr_cmac_key key;
	u8 mac[AESNICTR_BLOCK_SIZE];
	u8 ref[AESNICTR_BLOCK_SIZE];
	u8 msg[BULK_MAX_LEN];
};

static int kat_all(struct cmac_selftest_buf *b, const char *family,
		   enum aesnictr_impl impl, bool simd,
		   const struct aesnictr_cmac_vector *vs, unsigned int nvs,
		   bool xcbc)
{
	static const unsigned int pieces[] = { 0, 1, 7, 16, 17 };
	unsigned int i, j;
	int pass, err = 0;
	char what[128];

	for (i = 0; i < nvs && !err; i++) {
		const struct aesnictr_cmac_vector *v = &vs[i];

		/* a request must work with a key set on either path */
		for (pass = simd ? 0 : 1; pass < 2 && !err; pass++) {
			aesnictr_cmac_key(&b->key, v->key, v->klen, xcbc,
					  pass == 0);
			for (j = 0; j < ARRAY_SIZE(pieces) && !err; j++) {
				aesnictr_cmac_digest_buf(&b->key, simd, v->msg,
							 v->len, pieces[j],
							 b->mac);
				snprintf(what, sizeof(what),
					 "%s, key set on the %s path, pieces of %u",
					 v->name, pass ? "C" : "SIMD",
					 pieces[j]);
				err = aesnictr_selftest_check(family, impl,
							      simd, what,
							      b->mac, v->mac,
							      AESNICTR_BLOCK_SIZE);
			}
		}
	}
	return err;
}

static int bulk_all(struct cmac_selftest_buf *b, const char *family,
		    enum aesnictr_impl impl, bool xcbc)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	/* whole blocks, and not; beyond two FPU sections (4 KiB each) */
	static const unsigned int lens[] = { 4096, 8999, 9000 };
	static const unsigned int pieces[] = { 0, 13, 4096, 4111 };
	u8 rawkey[AES_MAX_KEY_SIZE];
	unsigned int i, j, k;
	char what[112];
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(klens) && !err; i++) {
		get_random_bytes(rawkey, klens[i]);
		aesnictr_cmac_key(&b->key, rawkey, klens[i], xcbc, true);
		memzero_explicit(rawkey, sizeof(rawkey));
		for (j = 0; j < ARRAY_SIZE(lens) && !err; j++) {
			get_random_bytes(b->msg, lens[j]);
			aesnictr_cmac_digest_buf(&b->key, false, b->msg,
						 lens[j], 0, b->ref);
			for (k = 0; k < ARRAY_SIZE(pieces) && !err; k++) {
				aesnictr_cmac_digest_buf(&b->key, true, b->msg,
							 lens[j], pieces[k],
							 b->mac);
				snprintf(what, sizeof(what),
					 "bulk comparison, AES-%u, %u bytes, pieces of %u",
					 klens[i] * 8, lens[j], pieces[k]);
				err = aesnictr_selftest_check(family, impl,
							      true, what,
							      b->mac, b->ref,
							      AESNICTR_BLOCK_SIZE);
			}
		}
	}
	return err;
}

static int cmac_selftest_one(const char *family, enum aesnictr_impl impl,
			     bool simd, const struct aesnictr_cmac_vector *vs,
			     unsigned int nvs, bool xcbc)
{
	struct cmac_selftest_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int err;

	if (!b)
		return -ENOMEM;
	err = kat_all(b, family, impl, simd, vs, nvs, xcbc);
	if (!err && simd)
		err = bulk_all(b, family, impl, xcbc);
	kfree_sensitive(b);
	return err;
}

int aesnictr_cmac_selftest(enum aesnictr_impl impl, bool simd)
{
	return cmac_selftest_one("cmac", impl, simd, aesnictr_cmac_vectors,
				 ARRAY_SIZE(aesnictr_cmac_vectors), false);
}

int aesnictr_xcbc_selftest(enum aesnictr_impl impl, bool simd)
{
	return cmac_selftest_one("xcbc", impl, simd, aesnictr_xcbc_vectors,
				 ARRAY_SIZE(aesnictr_xcbc_vectors), true);
}
