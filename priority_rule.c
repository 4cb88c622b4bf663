// SPDX-License-Identifier: GPL-2.0
/*
 * The measured-ratio rule (priority_rule.h), in integers only: the
 * geometric mean is taken as the mean of base-2 logarithms in Q16, each
 * logarithm found bit by bit (the mantissa squared 16 times: each squaring
 * that reaches 2 is one bit of the fraction), and turned back into a ratio
 * by bisection on the same logarithm, so mean and rule agree exactly.
 */

#include "priority_rule.h"

#define Q16	16

const unsigned int
aesnictr_calib_sizes[AESNICTR_NR_CALIB][AESNICTR_CALIB_MAX_SIZES + 1] = {
	[AESNICTR_CALIB_CTR] = { 1420, 4096, 16384 },
	[AESNICTR_CALIB_GCM] = { 64, 1420, 16384 },
	[AESNICTR_CALIB_XTS] = { 512, 4096 },
};

const char *aesnictr_verdict_name(enum aesnictr_verdict v)
{
	switch (v) {
	case AESNICTR_VERDICT_ABOVE:
		return "above";
	case AESNICTR_VERDICT_BELOW:
		return "below";
	default:
		return "table";
	}
}

u32 aesnictr_ratio(u64 stock_time, u64 ours_time)
{
	u64 r;

	if (!ours_time)
		return 0;
	/* times of one request are far below 2^47 (ns or cycles) */
	if (stock_time >= 1ull << 47)
		return U32_MAX;
	r = (stock_time << Q16) / ours_time;
	return r > U32_MAX ? U32_MAX : (u32)r;
}

/* log2(x / 2^16) in Q16, for x > 0 in Q16. */
static s64 log2_q16(u32 x)
{
	u64 m = x;
	s64 r = 0;
	int bit;

	while (m >= 2ull << Q16) {
		m >>= 1;
		r += 1 << Q16;
	}
	while (m < 1ull << Q16) {
		m <<= 1;
		r -= 1 << Q16;
	}
	/* m in [1, 2): its logarithm's fraction, one bit per squaring */
	for (bit = Q16 - 1; bit >= 0; bit--) {
		m = (m * m) >> Q16;
		if (m >= 2ull << Q16) {
			m >>= 1;
			r += 1 << bit;
		}
	}
	return r;
}

u32 aesnictr_ratio_geomean(const u32 *ratio, unsigned int n)
{
	u32 lo = 1, hi = U32_MAX;
	s64 sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += log2_q16(ratio[i] ? ratio[i] : 1);
	/* the largest g with n * log2(g) <= sum: the mean, rounded down */
	while (lo < hi) {
		u32 mid = lo + (hi - lo + 1) / 2;

		if (log2_q16(mid) * (s64)n <= sum)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

enum aesnictr_verdict aesnictr_rule(const u32 *ratio, unsigned int n,
				    u32 *mean, u32 *min)
{
	u32 g = aesnictr_ratio_geomean(ratio, n), lo = U32_MAX;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (ratio[i] < lo)
			lo = ratio[i];
	if (mean)
		*mean = g;
	if (min)
		*min = lo;
	if (g >= AESNICTR_RULE_ABOVE_MEAN && lo >= AESNICTR_RULE_ABOVE_MIN)
		return AESNICTR_VERDICT_ABOVE;
	if (g <= AESNICTR_RULE_BELOW_MEAN)
		return AESNICTR_VERDICT_BELOW;
	return AESNICTR_VERDICT_TABLE;
}
