/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rule that turns measured speed ratios into a verdict (priority_rule.c):
 * is ours faster than the stock driver the kernel would otherwise use, by a
 * margin above the noise of a short measurement?  Portable C: the same file
 * builds in the module (for priority.c) and natively in tools/native, whose
 * bench --calibrate prints the verdict this CPU would get from it.
 *
 * A ratio is stock time / our time for the same work (above 1: ours is
 * faster), in Q16 fixed point (AESNICTR_RATIO_ONE is level): the kernel
 * computes it from nanoseconds without floating point.
 */
#ifndef AESNICTR_PRIORITY_RULE_H
#define AESNICTR_PRIORITY_RULE_H

#include "portable.h"

#define AESNICTR_RATIO_ONE	65536u
/* p/100 in Q16, rounded */
#define AESNICTR_RATIO_PCT(p)	((u32)(((p) * 65536u + 50) / 100))

/*
 * Above: the geometric mean over the deciding points at least 1.02 and no
 * point below 0.97.  Below: the mean at most 0.98.  Between them the
 * measured tables decide (AESNICTR_VERDICT_TABLE).
 */
#define AESNICTR_RULE_ABOVE_MEAN	AESNICTR_RATIO_PCT(102)
#define AESNICTR_RULE_ABOVE_MIN		AESNICTR_RATIO_PCT(97)
#define AESNICTR_RULE_BELOW_MEAN	AESNICTR_RATIO_PCT(98)

/*
 * The deciding points, the sizes each family's users send (at most 16 KiB,
 * one request each): ctr an IPsec packet at MTU 1500, a page, a TLS record;
 * gcm a short packet, an IPsec packet, a TLS record; xts dm-crypt's two
 * sector sizes.  AES-128 and AES-256 keys; gcm and xts both directions.
 * The module's load-time timing (calibrate.c) and tools/native's bench
 * --calibrate both take them from here.
 */
enum aesnictr_calib_family {
	AESNICTR_CALIB_CTR,
	AESNICTR_CALIB_GCM,
	AESNICTR_CALIB_XTS,
	AESNICTR_NR_CALIB
};

#define AESNICTR_CALIB_MAX_SIZES	3

/* each family's sizes in bytes, 0-terminated */
extern const unsigned int
aesnictr_calib_sizes[AESNICTR_NR_CALIB][AESNICTR_CALIB_MAX_SIZES + 1];

enum aesnictr_verdict {
	AESNICTR_VERDICT_ABOVE,
	AESNICTR_VERDICT_BELOW,
	AESNICTR_VERDICT_TABLE,
};

/* "above", "below", "table" */
const char *aesnictr_verdict_name(enum aesnictr_verdict v);

/* stock_time / ours_time in Q16 (saturating; 0 if ours_time is 0). */
u32 aesnictr_ratio(u64 stock_time, u64 ours_time);

/* The geometric mean of n > 0 ratios, Q16. */
u32 aesnictr_ratio_geomean(const u32 *ratio, unsigned int n);

/*
 * The verdict for the ratios of one implementation at the n > 0 deciding
 * points; *mean and *min (if not NULL) get their geometric mean and minimum.
 */
enum aesnictr_verdict aesnictr_rule(const u32 *ratio, unsigned int n,
				    u32 *mean, u32 *min);

#endif /* AESNICTR_PRIORITY_RULE_H */
