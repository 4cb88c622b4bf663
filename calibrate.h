/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timing ours against the stock driver at load (calibrate.c), for the
 * families whose stock competitor is a driver (ctr, gcm, xts).  A family
 * gives what is its own: its key state, and a way to run one request
 * through its implementation; calibrate.c builds the requests on the
 * stock driver's synchronous transform, so both sides pay the same request
 * overhead (the same scatterlist walk), and priority.c applies the rule
 * (priority_rule.h) to the ratios.
 */
#ifndef AESNICTR_CALIBRATE_H
#define AESNICTR_CALIBRATE_H

#include <linux/types.h>
#include "priority_rule.h"
#include "shared.h"

/* Deciding points per family at most: sizes x key lengths x directions. */
#define AESNICTR_CALIB_MAX_POINTS	12

struct aesnictr_calib {
	/* the deciding text sizes: aesnictr_calib_sizes[] (priority_rule.h) */
	const unsigned int *sizes;
	/* the key lengths (bytes, as setkey takes them): AES-128 and -256 */
	unsigned int key_lens[2];
	bool both_dirs;		/* decryption timed too (ctr: the same) */
	unsigned int assoclen;	/* AEAD: the AAD of each message */
	/* our key state, as setkey fills it */
	unsigned int ctx_size;
	int (*setkey)(void *ctx, const u8 *key, unsigned int key_len);
	/*
	 * One request through our implementation impl with ctx: req is a
	 * skcipher_request or aead_request on the stock driver's transform.
	 */
	int (*crypt)(const void *ctx, enum aesnictr_impl impl, void *req,
		     bool enc);
};

/* What the timing found, for the rule and the log line. */
struct aesnictr_calib_result {
	u32 ratio[AESNICTR_CALIB_MAX_POINTS];	/* Q16, stock / ours */
	unsigned int n;
	u64 ns;		/* how long the timing took */
};

/*
 * calibrate= (default on): 0 leaves the tables alone to decide.  The debug
 * parameter calibrate_debug_pct, when set, replaces our measured time by
 * the stock one's times 100 / pct (the timing still runs): the guests,
 * whose emulated timings mean nothing, force a verdict with it.
 */
bool aesnictr_calibrate_enabled(void);

/* How long the timing of every family took so far, microseconds. */
u64 aesnictr_calibrate_total_us(void);

/*
 * Time implementation impl of a family (c) against the stock driver drv of
 * algorithm type (CRYPTO_ALG_TYPE_SKCIPHER or _AEAD) and flags (its
 * cra_flags: an asynchronous 6.1/6.12 SIMD wrapper is timed through the
 * internal "__<drv>" it wraps).  Every transform is freed before it
 * returns.  0, or a negative error (the tables then decide).
 */
int aesnictr_calibrate(const struct aesnictr_calib *c,
		       enum aesnictr_impl impl, const char *drv, u32 type,
		       u32 flags, struct aesnictr_calib_result *res);

#endif /* AESNICTR_CALIBRATE_H */
