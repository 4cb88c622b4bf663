// SPDX-License-Identifier: GPL-2.0
/*
 * The GCM routines of ../../gcm_ghash.S, ../../gcm_update.S and
 * ../../gcm_vaes512.S (or of GCM_OBJ=), referenced strongly: a build that
 * lacks one does not link, so a missing implementation can never pass as
 * "not covered".
 */
#include <stddef.h>

#include "gcm_fns.h"

gcm_precompute_fn_t *const gcm_precompute_fn = aesnictr_gcm_precompute;
ghash_update_fn_t *const ghash_update_fn = aesnictr_ghash_update;
gcm_final_fn_t *const gcm_final_fn = aesnictr_gcm_final;

gcm_update_fn_t *const gcm_enc_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_enc_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_enc_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_enc_update_vaes512,
};

gcm_update_fn_t *const gcm_dec_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_dec_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_dec_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_dec_update_vaes512,
};
