// SPDX-License-Identifier: GPL-2.0
/*
 * Native test of the load-time rule (../../priority_rule.c) against
 * floating-point math: the Q16 ratio against its definition in 128-bit
 * integers, the fixed-point geometric mean against exp2 of the mean of
 * log2 in long double, and the verdict against the same thresholds applied
 * to the long-double mean and minimum.  Where the exact mean lies within
 * the fixed point's error of a threshold, the verdict may go either way;
 * such cases are counted apart and must still agree with the mean and
 * minimum the rule itself reports.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "priority_rule.h"
#include "test_util.h"

#define MAX_POINTS	16
/*
 * The geometric mean's allowed error: each log2 is truncated (the n
 * truncations average to below 2^-16 in the log) and the bisection rounds
 * down (one Q16 unit), so 2^-15 relative plus one unit bounds it with room:
 * the worst measured over 2 million cases, 3.8e-5 near 1.0, is printed;
 * a log2 short of its last two bits (a mutation of priority_rule.c) shows
 * 5.3e-5 and fails.
 */
#define MEAN_REL_TOL	(1.0L / 32768)

/* uniform in [0, 1) */
static long double unif(void)
{
	return (long double)(rnd() >> 11) / 9007199254740992.0L;
}

/* a PASS or FAIL line */
#define report(ok, ...) ((ok) ? pass(__VA_ARGS__) : fail(__VA_ARGS__))

static long double q16(u32 r)
{
	return (long double)r / AESNICTR_RATIO_ONE;
}

/* ratio = floor(stock * 2^16 / ours), saturating, 0 for ours = 0 */
static void test_ratio(long cases)
{
	long c, bad = 0, sat = 0;

	for (c = 0; c < cases; c++) {
		uint64_t ours = rnd() >> (rnd() % 64), stock;
		unsigned __int128 num, want;
		u32 r;

		stock = c % 7 == 0 ? ours + (rnd() % 3) - 1 : rnd() >> (rnd() % 64);
		if (c % 11 == 0)
			stock = ours << (rnd() % 17);
		if (c % 2 == 0)		/* times of one request: 0.25x to 4x */
			stock = (uint64_t)(ours * exp2l(4 * unif() - 2));
		r = aesnictr_ratio(stock, ours);
		if (!ours) {
			want = 0;
		} else if (stock >= 1ull << 47) {
			want = UINT32_MAX;
		} else {
			num = (unsigned __int128)stock << 16;
			want = num / ours;
			if (want > UINT32_MAX)
				want = UINT32_MAX;
		}
		if (want == UINT32_MAX)
			sat++;
		if (r != (u32)want) {
			if (!bad++)
				printf("  ratio(%llu, %llu) = %u, want %llu\n",
				       (unsigned long long)stock,
				       (unsigned long long)ours, r,
				       (unsigned long long)want);
		}
	}
	report(!bad, "priority_rule: aesnictr_ratio against floor(stock * 2^16 / ours) in 128-bit integers: %ld cases (%ld saturated), %ld wrong",
	       cases, sat, bad);
}

/* a ratio for a random case: mostly near level, some far, some extreme */
static u32 pick_ratio(void)
{
	switch (rnd() % 16) {
	case 0:
		return (u32)(rnd() % 4);		/* 0 counts as 1 */
	case 1:
		return UINT32_MAX - (u32)(rnd() % 4);
	case 2:
		return (u32)rnd();
	case 3:	case 4:	case 5:
		/* near a threshold */
		return AESNICTR_RATIO_PCT(97 + 1 * (rnd() % 6)) - 8 + (u32)(rnd() % 17);
	default:
		/* log-uniform in [0.5, 2] */
		return (u32)(AESNICTR_RATIO_ONE * exp2l(2 * unif() - 1));
	}
}

struct exact {
	long double mean, min;
};

static struct exact exact_of(const u32 *r, unsigned int n)
{
	struct exact e = { 0, HUGE_VALL };
	unsigned int i;

	for (i = 0; i < n; i++) {
		long double x = q16(r[i] ? r[i] : 1);

		e.mean += log2l(x);
		if (q16(r[i]) < e.min)
			e.min = q16(r[i]);
	}
	e.mean = exp2l(e.mean / n);
	return e;
}

static enum aesnictr_verdict verdict_of(long double mean, long double min)
{
	if (mean >= q16(AESNICTR_RULE_ABOVE_MEAN) && min >= q16(AESNICTR_RULE_ABOVE_MIN))
		return AESNICTR_VERDICT_ABOVE;
	if (mean <= q16(AESNICTR_RULE_BELOW_MEAN))
		return AESNICTR_VERDICT_BELOW;
	return AESNICTR_VERDICT_TABLE;
}

static int near_threshold(long double mean)
{
	static const u32 th[] = { AESNICTR_RULE_ABOVE_MEAN, AESNICTR_RULE_BELOW_MEAN };
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (fabsl(mean - q16(th[i])) <= q16(th[i]) * MEAN_REL_TOL + q16(1))
			return 1;
	return 0;
}

static void test_rule(long cases)
{
	long c, bad_mean = 0, bad_min = 0, bad_verdict = 0, bad_self = 0, near = 0;
	long count[3] = { 0, 0, 0 };
	long double worst = 0;

	for (c = 0; c < cases; c++) {
		u32 r[MAX_POINTS], mean, min;
		unsigned int n = 1 + rnd() % MAX_POINTS, i;
		enum aesnictr_verdict v;
		struct exact e;
		long double err;

		for (i = 0; i < n; i++)
			r[i] = pick_ratio();
		if (c % 5 == 0)		/* all points alike: the mean is that point */
			for (i = 1; i < n; i++)
				r[i] = r[0];
		v = aesnictr_rule(r, n, &mean, &min);
		e = exact_of(r, n);
		err = fabsl(q16(mean) - e.mean) / e.mean;
		if (err > worst && e.mean >= 0.5L && e.mean <= 2)
			worst = err;
		if (fabsl(q16(mean) - e.mean) > e.mean * MEAN_REL_TOL + q16(1)) {
			if (!bad_mean++)
				printf("  n %u: mean %u (%.7Lf), exact %.7Lf\n", n, mean,
				       q16(mean), e.mean);
		}
		if (q16(min) != e.min)
			bad_min++;
		/* the verdict follows from the rule's own mean and minimum */
		if (v != verdict_of(q16(mean), q16(min)))
			bad_self++;
		if (near_threshold(e.mean)) {
			near++;
		} else if (v != verdict_of(e.mean, e.min)) {
			if (!bad_verdict++)
				printf("  n %u: verdict %s, exact mean %.7Lf min %.7Lf gives %s\n",
				       n, aesnictr_verdict_name(v), e.mean, e.min,
				       aesnictr_verdict_name(verdict_of(e.mean, e.min)));
		}
		count[v]++;
	}
	report(!bad_mean, "priority_rule: geometric mean against exp2(mean(log2)) in long double: %ld cases of 1..%d points, %ld outside 2^-15 relative + 2^-16 (worst relative error for means in [0.5, 2]: %.2Le)",
	       cases, MAX_POINTS, bad_mean, worst);
	report(!bad_min, "priority_rule: minimum: %ld cases, %ld wrong", cases, bad_min);
	report(!bad_verdict && !bad_self, "priority_rule: verdict against the exact mean and minimum: %ld cases (above %ld, below %ld, table %ld), %ld within the mean's error of a threshold (checked against the rule's own mean only), %ld wrong, %ld inconsistent with the reported mean",
	       cases, count[AESNICTR_VERDICT_ABOVE], count[AESNICTR_VERDICT_BELOW],
	       count[AESNICTR_VERDICT_TABLE], near, bad_verdict, bad_self);
}

/* Worked examples, each verdict written down from the rule's definition. */
static void test_examples(void)
{
	static const struct {
		const char *what;
		unsigned int n;
		unsigned int pct[6];
		enum aesnictr_verdict want;
	} ex[] = {
		{ "every point at 1.02", 4, { 102, 102, 102, 102 }, AESNICTR_VERDICT_ABOVE },
		{ "every point at 1.01", 3, { 101, 101, 101 }, AESNICTR_VERDICT_TABLE },
		{ "mean 1.09, one point 0.96", 2, { 124, 96 }, AESNICTR_VERDICT_TABLE },
		{ "mean 1.05, lowest 0.97", 2, { 114, 97 }, AESNICTR_VERDICT_ABOVE },
		{ "every point at 0.98", 6, { 98, 98, 98, 98, 98, 98 }, AESNICTR_VERDICT_BELOW },
		{ "level", 1, { 100 }, AESNICTR_VERDICT_TABLE },
		{ "1.25 and 0.80 (mean 1.00)", 2, { 125, 80 }, AESNICTR_VERDICT_TABLE },
		{ "1.50 and 0.60 (mean 0.949)", 2, { 150, 60 }, AESNICTR_VERDICT_BELOW },
		{ "twice as fast", 5, { 200, 200, 200, 200, 200 }, AESNICTR_VERDICT_ABOVE },
	};
	unsigned int i, j, bad = 0;

	for (i = 0; i < sizeof(ex) / sizeof(ex[0]); i++) {
		u32 r[6], mean, min;
		enum aesnictr_verdict v;

		for (j = 0; j < ex[i].n; j++)
			r[j] = AESNICTR_RATIO_PCT(ex[i].pct[j]);
		v = aesnictr_rule(r, ex[i].n, &mean, &min);
		if (v != ex[i].want) {
			bad++;
			printf("  %s: %s (mean %.4Lf, min %.4Lf), want %s\n", ex[i].what,
			       aesnictr_verdict_name(v), q16(mean), q16(min),
			       aesnictr_verdict_name(ex[i].want));
		}
	}
	report(!bad, "priority_rule: %u worked examples (at, just inside and outside each threshold), %u wrong",
	       i, bad);
}

int main(int argc, char **argv)
{
	long cases = test_init("test_priority_rule", argc, argv);

	test_examples();
	test_ratio(cases);
	test_rule(cases);
	return test_finish("test_priority_rule covered: the rule in portable C (no tier)");
}
