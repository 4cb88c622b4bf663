// SPDX-License-Identifier: GPL-2.0
/*
 * The GCM routines of ../../gcm_ghash.S, ../../gcm_update.S and
 * ../../gcm_vaes512.S (or of GCM_OBJ=), referenced strongly: a build that
 * lacks one does not link, so a missing implementation can never pass as
 * "not covered".
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gcm_fns.h"

gcm_precompute_fn_t *const gcm_precompute_fn = aesnictr_gcm_precompute;
ghash_update_fn_t *const ghash_update_fn = aesnictr_ghash_update;
gcm_final_fn_t *const gcm_final_fn = aesnictr_gcm_final;

gcm_update_fn_t *gcm_enc_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_enc_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_enc_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_enc_update_vaes512,
};

gcm_update_fn_t *gcm_dec_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_gcm_dec_update_avx,
	[TIER_VAES2]	= aesnictr_gcm_dec_update_vaes2,
	[TIER_VAES512]	= aesnictr_gcm_dec_update_vaes512,
};

static int vaes512_hregs;

void gcm_fns_vaes512(int hregs)
{
	vaes512_hregs = hregs;
	gcm_enc_fns[TIER_VAES512] = hregs ? aesnictr_gcm_enc_update_vaes512_hregs :
					    aesnictr_gcm_enc_update_vaes512;
	gcm_dec_fns[TIER_VAES512] = hregs ? aesnictr_gcm_dec_update_vaes512_hregs :
					    aesnictr_gcm_dec_update_vaes512;
}

int gcm_fns_vaes512_hregs(void)
{
	return vaes512_hregs;
}

/*
 * Before main(): the module's choice, as gcm_glue.c's aesnictr_gcm_impl(),
 * unless AESNICTR_GCM512=hregs or =plain names one (to bench or model the
 * form another CPU's module takes).
 */
static void __attribute__((constructor)) gcm_fns_init(void)
{
	const char *f = getenv("AESNICTR_GCM512");

	if (f && !strcmp(f, "hregs"))
		gcm_fns_vaes512(1);
	else if (f && !strcmp(f, "plain"))
		gcm_fns_vaes512(0);
	else
		gcm_fns_vaes512(cpu_is_intel());
}
