/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a family tells priority.c: the stock drivers of 6.1 to 7.3 that could
 * serve its algorithms, and for each, per CPU class, which of the family's
 * implementations make bench measured faster than it.  A driver registered
 * under the family's name that is not listed is a rival never measured
 * against (priority.c).  priority.c alone turns that into a priority; a
 * family computes none itself.
 */
#ifndef AESNICTR_PRIORITY_H
#define AESNICTR_PRIORITY_H

#include <linux/bits.h>
#include "shared.h"

struct aesnictr_calib;

/*
 * Where ours is faster than every stock driver present, or none is present:
 * above every stock driver of 6.1 to 7.3 (400 to 800).
 */
#define AESNICTR_PRIORITY	1000

/* beaten_by[] values: the set of implementations faster than a driver. */
#define AESNICTR_BY(i)		BIT(i)
#define AESNICTR_BY_NONE	0
#define AESNICTR_BY_ALL		(BIT(AESNICTR_NR_IMPLS) - 1)
#define AESNICTR_BY_VAES	(AESNICTR_BY(AESNICTR_VAES2) | \
				 AESNICTR_BY(AESNICTR_VAES512))
#define AESNICTR_BY_VAES512	AESNICTR_BY(AESNICTR_VAES512)

/*
 * One stock driver (cra_driver_name) a family was measured against, and per
 * CPU class (enum aesnictr_cpu_class, in its order) the implementations of
 * the family that were faster than it.
 */
struct aesnictr_stock_driver {
	const char *driver;
	u8 beaten_by[AESNICTR_NR_CPU_CLASSES];
};

struct aesnictr_policy {
	/* the family's first algorithm, whose stock drivers these are */
	const char *cra_name;
	u32 type;		/* CRYPTO_ALG_TYPE_SKCIPHER or _AEAD */
	/* ends with an entry whose driver is NULL */
	const struct aesnictr_stock_driver *stock;
	/*
	 * The stock code is a template composition of other algorithms
	 * (authenc: a CBC pass, then an HMAC pass; ccm: ccm_base(ctr(aes),
	 * cbcmac(aes)), the kernel having no x86 CCM driver), which ours
	 * always beats: stock is then empty and ours registers at
	 * AESNICTR_TEMPLATE_PRIORITY.
	 */
	bool stock_is_template;
	/* Timing against the stock driver at load (calibrate.h), or NULL. */
	const struct aesnictr_calib *calib;
	/*
	 * Templates that multiply the priority are built over the family's
	 * algorithm (cbc(aes) under authenc and krb5enc): ours registers at
	 * AESNICTR_TEMPLATE_BASE_PRIORITY at most.
	 */
	bool template_base;
};

/*
 * Above every authenc template instance of 6.1 to 7.3, whose priority is 10
 * times the CBC driver's plus the hash's: 10 * 400 + 250 = 4250 with SHA-NI
 * on 6.1 and 6.12, 10 * 400 + 300 = 4300 from 6.17 (7.3 checked); and above
 * every ccm_base(ctr, cbcmac) instance, whose priority is the mean of its
 * two parts' (crypto/ccm.c), so at most that of the highest ctr(aes) or
 * AES cipher registered (ours: 1000).  The same
 * whatever loads before or after: a
 * dedicated driver registered above it (hardware) stays first, one below it
 * stays second.
 */
#define AESNICTR_TEMPLATE_PRIORITY	4500

/*
 * The most a template_base family registers with.  authenc and krb5enc
 * instances take 10 times their cipher's priority plus the hash's
 * (crypto/authenc.c, crypto/krb5enc.c; the hashes of 6.1 to 7.3 are at most
 * 300): over a cbc(aes) at 410 they stay at or below 4400, under our
 * stitched authenc families at AESNICTR_TEMPLATE_PRIORITY, whichever
 * registers first (were ours at AESNICTR_PRIORITY, an instance over it
 * would be at 10300 and win).  410 is still above every stock cbc(aes) of
 * 6.1 to 7.3 (400 at most); where our stitched family is absent, the
 * template over our cbc(aes) is the fastest composition and is welcome.
 */
#define AESNICTR_TEMPLATE_BASE_PRIORITY	410

/*
 * The priority to register implementation impl of a family with, and in why
 * the reason, for the load line; -EAGAIN if a rival's state could not be
 * read, -ENOMEM (the family is then left out rather than risk standing
 * above faster code).  *mean: the geometric mean of the ratios (Q16, stock
 * time over ours) where impl was timed against the stock driver, else 0.
 */
int aesnictr_priority(const struct aesnictr_policy *policy,
		      enum aesnictr_impl impl, char *why, size_t why_len,
		      u32 *mean);

#endif /* AESNICTR_PRIORITY_H */
