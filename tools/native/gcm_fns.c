// SPDX-License-Identifier: GPL-2.0
/*
 * Weak references to the GCM routines of ../../ghash_clmul.S: the tools link
 * and run whether that file is there, complete, or only partly written
 * (say, the avx tier first); a missing routine reads as NULL.
 */
#include <stddef.h>
#include <stdio.h>

#include "gcm_fns.h"

#pragma weak aesnictr_gcm_precompute
#pragma weak aesnictr_ghash_update
#pragma weak aesnictr_ghash_update_vaes2
#pragma weak aesnictr_ghash_update_vaes512
#pragma weak aesnictr_gcm_final
#pragma weak aesnictr_gcm_enc_update_avx
#pragma weak aesnictr_gcm_dec_update_avx
#pragma weak aesnictr_gcm_enc_update_vaes2
#pragma weak aesnictr_gcm_dec_update_vaes2
#pragma weak aesnictr_gcm_enc_update_vaes512
#pragma weak aesnictr_gcm_dec_update_vaes512

gcm_precompute_fn_t *const gcm_precompute_fn = aesnictr_gcm_precompute;
ghash_update_fn_t *const ghash_update_fn = aesnictr_ghash_update;
gcm_final_fn_t *const gcm_final_fn = aesnictr_gcm_final;

gcm_update_fn_t *const gcm_enc_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_enc_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_enc_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_enc_update_vaes512,
};

ghash_update_fn_t *const ghash_update_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_ghash_update,
	[TIER_VAES2]	= aesnictr_ghash_update_vaes2,
	[TIER_VAES512]	= aesnictr_ghash_update_vaes512,
};

gcm_update_fn_t *const gcm_dec_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_dec_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_dec_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_dec_update_vaes512,
};

const char *gcm_tier_missing(enum tier t)
{
	static char why[NR_TIERS][160];

	if (!gcm_precompute_fn || !ghash_update_fn || !gcm_final_fn) {
		snprintf(why[t], sizeof(why[t]),
			 "GCM assembly not built (no aesnictr_gcm_precompute/ghash_update/gcm_final)");
		return why[t];
	}
	if (!gcm_enc_fns[t] || !gcm_dec_fns[t]) {
		snprintf(why[t], sizeof(why[t]),
			 "GCM assembly lacks aesnictr_gcm_%s_update_%s",
			 gcm_enc_fns[t] ? "dec" : "enc", tier_names[t]);
		return why[t];
	}
	return NULL;
}
