/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The timing that gcm_limit and sha512_limit share: the best of `runs` runs
 * of at least `ms` milliseconds each (both set from --runs=N --ms=M), and
 * the core clock from a chain of dependent register ADDs (bench_chain.S),
 * which retire one per cycle, turbo included.  Included by one .c each.
 */
#ifndef LIMIT_TIMING_H
#define LIMIT_TIMING_H

#include "test_util.h"

void bench_add_chain(long iters);	/* bench_chain.S */

static int runs = 9;
static double ms = 20;

/*
 * Best seconds per unit ("per" units per evaluation of expr) over the runs,
 * the repeat count doubled until one run takes ms.
 */
#define BEST_OF(expr, per)						\
	({								\
		long n_ = 1;						\
		double t_, best_ = 1e30;				\
		for (;;) {						\
			double t0_ = now();				\
			for (long i_ = 0; i_ < n_; i_++)		\
				expr;					\
			t_ = now() - t0_;				\
			if (t_ > ms / 1e3)				\
				break;					\
			n_ *= 2;					\
		}							\
		for (int r_ = 0; r_ < runs; r_++) {			\
			double t0_ = now();				\
			for (long i_ = 0; i_ < n_; i_++)		\
				expr;					\
			t_ = (now() - t0_) / n_;			\
			if (t_ < best_)					\
				best_ = t_;				\
		}							\
		best_ / (per);						\
	})

/* GHz: 100 dependent ADDs per iteration of bench_add_chain. */
static double clock_ghz(void)
{
	return 1.0 / BEST_OF(bench_add_chain(10000), 100.0 * 10000) / 1e9;
}

#endif /* LIMIT_TIMING_H */
