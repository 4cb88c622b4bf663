/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCM entry points of the assembly, for the test and the bench, as
 * tables by tier.  They are linked strongly: a build without one fails.
 */
#ifndef NATIVE_GCM_FNS_H
#define NATIVE_GCM_FNS_H

#include "aesni_ctr_user.h"
#include "cpu.h"

typedef void gcm_precompute_fn_t(struct aesnictr_gcm_key *key);
typedef void ghash_update_fn_t(const struct aesnictr_gcm_key *key,
			       u8 ghash_acc[AESNICTR_BLOCK_SIZE],
			       const u8 *data, unsigned int len);
typedef void gcm_update_fn_t(const struct aesnictr_gcm_key *key,
			     const u8 ctr[AESNICTR_BLOCK_SIZE],
			     u8 ghash_acc[AESNICTR_BLOCK_SIZE], u8 *dst,
			     const u8 *src, unsigned int len, bool last);
typedef void gcm_final_fn_t(const struct aesnictr_gcm_key *key,
			    const u8 ghash_acc[AESNICTR_BLOCK_SIZE],
			    u64 aad_len, u64 data_len,
			    u8 tag[AESNICTR_BLOCK_SIZE]);

extern gcm_precompute_fn_t *const gcm_precompute_fn;
extern ghash_update_fn_t *const ghash_update_fn;
extern gcm_final_fn_t *const gcm_final_fn;
/*
 * Each tier's updates; vaes512's are the form the module takes on this CPU
 * (gcm_glue.c: the _hregs updates on Intel) until gcm_fns_vaes512() sets
 * one: hregs nonzero for the _hregs updates.
 */
extern gcm_update_fn_t *gcm_enc_fns[NR_TIERS];
extern gcm_update_fn_t *gcm_dec_fns[NR_TIERS];
void gcm_fns_vaes512(int hregs);
int gcm_fns_vaes512_hregs(void);	/* the form set */

#endif /* NATIVE_GCM_FNS_H */
