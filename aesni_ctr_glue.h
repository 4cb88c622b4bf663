/* SPDX-License-Identifier: GPL-2.0 */
/* Declarations shared by the glue files of aesni_ctr (not by the assembly). */
#ifndef AESNICTR_GLUE_H
#define AESNICTR_GLUE_H

#include <crypto/aes.h>
#include <linux/types.h>
#include "aesni_ctr.h"

#define AESNICTR_PRIORITY	1000	/* above every stock ctr(aes): 400, mainline 800 */

typedef void (*aesnictr_ctr_fn)(const struct aesnictr_key *key, u8 *dst,
				const u8 *src, unsigned int len,
				const u8 ctr[AESNICTR_BLOCK_SIZE]);

/* One code tier: its name (shown in cra_driver_name) and its routines. */
struct aesnictr_tier {
	const char *name;
	aesnictr_ctr_fn ctr;
};

/*
 * The CTR transform context: the round keys the assembly uses, and the same
 * keys in the layout of the kernel's AES library for the non-SIMD path.
 */
struct aesnictr_ctr_ctx {
	struct aesnictr_key key;
	struct crypto_aes_ctx fallback;
};

int aesnictr_ctr_set_key(struct aesnictr_ctr_ctx *ctx, const u8 *in_key,
			 unsigned int key_len, bool simd);
void aesnictr_ctr_crypt_buf(const struct aesnictr_ctr_ctx *ctx,
			    const struct aesnictr_tier *tier, u8 *dst,
			    const u8 *src, unsigned int len,
			    u8 iv[AESNICTR_BLOCK_SIZE]);
int aesnictr_selftest_ctr(const struct aesnictr_tier *tier);

#endif /* AESNICTR_GLUE_H */
