/* SPDX-License-Identifier: GPL-2.0 */
/* The gcm family's own interface, between gcm_glue.c and gcm_selftest.c. */
#ifndef AESNICTR_GCM_INTERNAL_H
#define AESNICTR_GCM_INTERNAL_H

#include <crypto/gcm.h>
#include "shared.h"
#include "gcm_asm.h"

/* The offsets the assembly uses (gcm_asm.h), checked in every build. */
static_assert(offsetof(struct aesnictr_gcm_key, h_powers) ==
	      AESNICTR_GCM_H_POWERS);
static_assert(offsetof(struct aesnictr_gcm_key, h_powers_xored) ==
	      AESNICTR_GCM_H_XORED);
static_assert(offsetof(struct aesnictr_gcm_key, h_powers_hi) ==
	      AESNICTR_GCM_H_POWERS_HI);
static_assert(offsetof(struct aesnictr_gcm_key, h_powers_top) ==
	      AESNICTR_GCM_H_POWERS_TOP);

struct aesnictr_gcm_ctx;
struct aesnictr_gcm_impl;

/* The routines of implementation impl, NULL if this build lacks them. */
const struct aesnictr_gcm_impl *aesnictr_gcm_impl(enum aesnictr_impl impl);

size_t aesnictr_gcm_ctx_size(void);

/* Set the key on the SIMD path (the FPU must be usable) or the C path. */
int aesnictr_gcm_set_key(struct aesnictr_gcm_ctx *ctx, const u8 *in_key,
			 unsigned int key_len, bool simd);

/*
 * One message in linear buffers, as a request runs it: impl NULL is the C
 * path; the AAD is hashed in the request path's pieces, the text in two
 * updates split at split (a multiple of 16); tag gets all 16 bytes.
 */
void aesnictr_gcm_crypt_buf(const struct aesnictr_gcm_ctx *ctx,
			    const struct aesnictr_gcm_impl *impl,
			    const u8 iv[GCM_AES_IV_SIZE], const u8 *assoc,
			    unsigned int alen, u8 *dst, const u8 *src,
			    unsigned int len, unsigned int split,
			    u8 tag[AESNICTR_BLOCK_SIZE], bool enc);

int aesnictr_gcm_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_GCM_INTERNAL_H */
