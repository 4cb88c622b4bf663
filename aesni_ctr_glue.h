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
typedef AESNICTR_GCM_UPDATE((*aesnictr_gcm_fn));

/* One code tier: its name (shown in cra_driver_name) and its routines. */
struct aesnictr_tier {
	const char *name;
	aesnictr_ctr_fn ctr;
	aesnictr_gcm_fn gcm_enc;
	aesnictr_gcm_fn gcm_dec;
};

/* The tier the registered algorithms use, chosen once at load. */
extern const struct aesnictr_tier *aesnictr_active_tier;

/* May this request use the FPU (and has no debug parameter said no)? */
bool aesnictr_simd_usable(void);

/*
 * Check an AES key's length and expand it for both paths: with
 * AESKEYGENASSIST when simd is true (the FPU must be usable), else with the
 * kernel's AES library; fallback gets the library's layout of the same keys.
 */
int aesnictr_aes_set_key(struct aesnictr_key *key,
			 struct crypto_aes_ctx *fallback, const u8 *in_key,
			 unsigned int key_len, bool simd);

/*
 * The CTR transform context: the round keys the assembly uses, and the same
 * keys in the layout of the kernel's AES library for the non-SIMD path.
 */
struct aesnictr_ctr_ctx {
	struct aesnictr_key key;
	struct crypto_aes_ctx fallback;
};

void aesnictr_ctr_crypt_buf(const struct aesnictr_ctr_ctx *ctx,
			    const struct aesnictr_tier *tier, u8 *dst,
			    const u8 *src, unsigned int len,
			    u8 iv[AESNICTR_BLOCK_SIZE]);
int aesnictr_selftest_ctr(const struct aesnictr_tier *tier);

/* gcm_glue.c: gcm(aes) and rfc4106(gcm(aes)) */
struct aesnictr_gcm_ctx;
size_t aesnictr_gcm_ctx_size(void);
int aesnictr_gcm_set_key(struct aesnictr_gcm_ctx *ctx, const u8 *in_key,
			 unsigned int key_len, bool simd);
void aesnictr_gcm_crypt_buf(const struct aesnictr_gcm_ctx *ctx,
			    const struct aesnictr_tier *tier, const u8 iv[12],
			    const u8 *assoc, unsigned int alen, u8 *dst,
			    const u8 *src, unsigned int len,
			    u8 tag[AESNICTR_BLOCK_SIZE], bool enc);
int aesnictr_gcm_register(const char *tier_name);
void aesnictr_gcm_unregister(void);
int aesnictr_selftest_gcm(const struct aesnictr_tier *tier);

#endif /* AESNICTR_GLUE_H */
