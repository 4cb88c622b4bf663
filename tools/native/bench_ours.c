// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's rows of ours: one per tier the CPU has (ctr, gcm, xts), and
 * the stitched authenc assembly where the CPU has SHA-NI.  Their per-message
 * code is in the mode files (bench_<mode>.c).
 */
#include "bench.h"

/* ae_wanted: an authenc mode is to run (for the NOT COVERED line). */
void ours_add(int ae_wanted)
{
	static const char *const tier_impl[NR_TIERS] = {
		"aesnictr-avx", "aesnictr-vaes2", "aesnictr-vaes512"
	};
	int t;

	for (t = 0; t < NR_TIERS; t++)
		if (cpu_tier_usable(t))
			add_impl(tier_impl[t], tier_names[t], IMPL_TIER, t);
	if (sha_ni)
		add_impl("aesnictr", "ours", IMPL_OURS_AE, 0);
	else if (ae_wanted)
		note("NOT COVERED: authenc modes of ours (the CPU lacks SHA-NI)\n");
}

/* A tier's key: the encryption schedule, the rest of gk zeroed. */
void ours_expand(struct impl *im, const u8 *key, unsigned int bits)
{
	memset(&im->gk, 0, sizeof(im->gk));
	aesnictr_expand_key(&im->gk.aes, key, bits / 8);
}
