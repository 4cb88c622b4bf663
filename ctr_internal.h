/* SPDX-License-Identifier: GPL-2.0 */
/* The ctr family's own interface, between ctr_glue.c and ctr_selftest.c. */
#ifndef AESNICTR_CTR_INTERNAL_H
#define AESNICTR_CTR_INTERNAL_H

#include "shared.h"
#include "ctr_asm.h"

/*
 * A ctr key: the schedule of both paths, and the non-SIMD path's prepared
 * bitsliced form of it (aes_ct.h).
 */
struct aesnictr_ctr_keys {
	struct aesnictr_key key;
	struct aesnictr_ct_sched ct;
};

/*
 * Expand a checked AES key into keys: with AES-NI when simd (the FPU must
 * be usable), else with the C code; the prepared schedule either way, as
 * requests may take the non-SIMD path whichever path set the key.
 */
void aesnictr_ctr_expand(struct aesnictr_ctr_keys *keys, const u8 *in_key,
			 unsigned int key_len, bool simd);

/* One implementation's CTR routine. */
struct aesnictr_ctr_impl {
	AESNICTR_CTR_CRYPT((*crypt));
};

/* Implementation impl, NULL if this build lacks it. */
const struct aesnictr_ctr_impl *aesnictr_ctr_impl(enum aesnictr_impl impl);

/*
 * For the self-tests: encrypt (or decrypt) len bytes with the 128-bit
 * big-endian counter in iv and advance iv past the last (partial) block, as
 * a request does, in two pieces split at split (a multiple of 16, at most
 * len): with impl, each piece in an FPU section of its own, or on the
 * non-SIMD path when impl is NULL.
 */
void aesnictr_ctr_crypt_buf(const struct aesnictr_ctr_keys *keys,
			    const struct aesnictr_ctr_impl *impl, u8 *dst,
			    const u8 *src, unsigned int len,
			    unsigned int split, u8 iv[AESNICTR_BLOCK_SIZE]);

int aesnictr_ctr_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_CTR_INTERNAL_H */
