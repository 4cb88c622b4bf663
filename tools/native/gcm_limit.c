// SPDX-License-Identifier: GPL-2.0
/*
 * gcm_limit: how fast the stitched GCM loop could go on this CPU, against
 * how fast ours goes (not part of make test or make check).
 *
 * The clock: a chain of dependent 64-bit register-register ADDs retires one
 * per cycle, so timing it (CLOCK_MONOTONIC) gives the core clock in GHz while
 * the CPU is busy, turbo included (not ADDs of an immediate: this core folds
 * chains of those and "measured" 7.7-8.7 GHz); it is measured before and
 * after the runs and the figures use the mean.  Then gcm_limit_asm.S's
 * loops, one iteration = the instruction mix of one iteration of the
 * stitched loop (8 vectors of VL bytes) without its loop-carried GHASH
 * dependency: AES alone, CLMUL alone, both, and both with every other
 * instruction of the loop (the "mix").  Then our
 * aesnictr_gcm_enc/dec_update_<tier> on 16 KiB in L1 (one update, the
 * ghash_acc carried), as cycles per 16 bytes and as a share of the AES+CLMUL
 * figure: what the two units allow.  (The mix is printed too; on AMD Zen 5
 * its 512-bit figure moved more from run to run than our loop's, at times
 * above it, so there it is no firm bound.)  Each figure is the best of
 * --runs=N (default 9) runs of --ms=M (default 20) milliseconds.
 *
 *	build/gcm_limit [--runs=N] [--ms=M]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "gcm_fns.h"
#include "test_util.h"
#include "limit_timing.h"

#define LIMIT_FN(vl, nr, m) void gcm_limit_##vl##_##nr##_##m(long iters, u8 *buf)
#define LIMIT_SET(vl, nr)						\
	LIMIT_FN(vl, nr, 1); LIMIT_FN(vl, nr, 2); LIMIT_FN(vl, nr, 3);	\
	LIMIT_FN(vl, nr, 7)
LIMIT_SET(16, 10); LIMIT_SET(16, 14);
LIMIT_SET(32, 10); LIMIT_SET(32, 14);
LIMIT_SET(64, 10); LIMIT_SET(64, 14);

typedef void limit_fn_t(long iters, u8 *buf);

#define ROW(vl, nr) { vl, nr, { gcm_limit_##vl##_##nr##_1,		\
	gcm_limit_##vl##_##nr##_2, gcm_limit_##vl##_##nr##_3,		\
	gcm_limit_##vl##_##nr##_7 } }
static const struct {
	unsigned int vl, nr;
	limit_fn_t *fn[4];
} rows[] = {
	ROW(16, 10), ROW(16, 14), ROW(32, 10), ROW(32, 14), ROW(64, 10),
	ROW(64, 14),
};
static const char *const col_names[4] = { "AES", "CLMUL", "AES+CLMUL", "mix" };
static u8 buf[4096] __attribute__((aligned(64)));

int main(int argc, char **argv)
{
	static u8 src[16384] __attribute__((aligned(64))), dst[16384];
	struct aesnictr_gcm_key gk;
	double ghz0, ghz1, ghz, lim[sizeof(rows) / sizeof(rows[0])][4];
	const long it = 1000;
	unsigned int r, c;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--runs=", 7)) {
			runs = atoi(argv[i] + 7);
		} else if (!strncmp(argv[i], "--ms=", 5)) {
			ms = atof(argv[i] + 5);
		} else {
			fprintf(stderr, "usage: %s [--runs=N] [--ms=M]\n", argv[0]);
			return 2;
		}
	}
	if (runs < 1 || ms <= 0 || cpu_detect(NULL))
		return 2;
	if (!cpu_tier_usable(TIER_VAES512)) {
		printf("gcm_limit: needs VAES, VPCLMULQDQ and AVX-512 (%s)\n",
		       cpu_tier_why_not(TIER_VAES512));
		return 0;
	}
	printf("CPU: %s\n", cpu_model());
	ghz0 = clock_ghz();
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (c = 0; c < 4; c++) {
			double s = BEST_OF(rows[r].fn[c](it, buf),
					   (double)it * 8 * rows[r].vl / 16);

			lim[r][c] = s * ghz0 * 1e9;
		}
	memset(&gk, 0, sizeof(gk));
	for (i = 0; i < (int)sizeof(src); i++)
		src[i] = (u8)(i * 131 + 7);
	aesnictr_expand_key(&gk.aes, src, 16);
	gcm_precompute_fn(&gk);
	ghz1 = clock_ghz();
	ghz = (ghz0 + ghz1) / 2;
	printf("clock: %.3f GHz (dependent ADD loop, one per cycle; %.3f before, %.3f after)\n",
	       ghz, ghz0, ghz1);
	printf("\nlimit, cycles per 16 bytes, loop-carried dependency removed (one iteration = 8 vectors):\n");
	printf("%-10s", "vl/rounds");
	for (c = 0; c < 4; c++)
		printf(" %10s", col_names[c]);
	printf("\n");
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		printf("%4u/%-5u", rows[r].vl * 8, rows[r].nr);
		for (c = 0; c < 4; c++)
			printf(" %10.3f", lim[r][c] * ghz / ghz0);
		printf("\n");
	}
	printf("\nours, one update of 16384 bytes in L1, cycles per 16 bytes (share of the AES+CLMUL bound):\n");
	for (i = 0; i < 2; i++) {
		unsigned int klen = i ? 32 : 16;

		aesnictr_expand_key(&gk.aes, src, klen);
		gcm_precompute_fn(&gk);
		for (c = 0; c < NR_TIERS; c++) {
			u8 ctr[16] = { 1, 2, 3 }, acc[16] = { 0 };
			double e, d;
			unsigned int lr = c * 2 + (klen == 32);

			ctr[15] = 2;
			e = BEST_OF(gcm_enc_fns[c](&gk, ctr, acc, dst, src, 16384, 0),
				    1024.0) * ghz * 1e9;
			d = BEST_OF(gcm_dec_fns[c](&gk, ctr, acc, dst, src, 16384, 0),
				    1024.0) * ghz * 1e9;
			printf("  %-8s AES-%u: enc %.3f (%.0f%%), dec %.3f (%.0f%%); AES+CLMUL %.3f, mix %.3f, AES alone %.3f\n",
			       tier_names[c], klen * 8, e,
			       100 * lim[lr][2] * ghz / ghz0 / e, d,
			       100 * lim[lr][2] * ghz / ghz0 / d,
			       lim[lr][2] * ghz / ghz0, lim[lr][3] * ghz / ghz0,
			       lim[lr][0] * ghz / ghz0);
		}
	}
	return 0;
}
