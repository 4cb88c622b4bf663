/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An algorithm family: the algorithms one piece of glue registers (ctr(aes);
 * gcm(aes) with rfc4106(gcm(aes)); ...) and how the module core drives it.
 * The core walks each family's implementations from the widest allowed down,
 * self-tests the ones the CPU can run, and registers the first that passes;
 * families know nothing of each other or of the core.
 */
#ifndef AESNICTR_FAMILY_H
#define AESNICTR_FAMILY_H

#include "priority.h"

struct aead_alg;
struct shash_alg;
struct skcipher_alg;

struct aesnictr_family {
	const char *name;	/* "ctr": log lines */
	const char *algs;	/* "ctr(aes)": log lines */
	/*
	 * NULL if this build and the CPU can run the family's implementation
	 * impl, else what is missing (for one log line).
	 */
	const char *(*cpu_lacks)(enum aesnictr_impl impl);
	/*
	 * Known answers and the bulk comparison: of the non-SIMD path when
	 * simd is false (impl is then ignored), else of implementation impl.
	 * 0 if it passed; a failure has been logged.
	 */
	int (*selftest)(enum aesnictr_impl impl, bool simd);
	/* What priority.c decides the family's priority from. */
	const struct aesnictr_policy *policy;
	/*
	 * The algorithms: nr_algs skciphers, aeads or shashes (the others
	 * NULL), everything set but the driver name and the priority.  The
	 * core names algorithm i "<driver_prefixes[i]>-aesnictr-<impl>",
	 * gives them all the one priority that priority.c decides, and
	 * registers and unregisters them.  driver_prefixes is sized by the
	 * algorithm array (a missing prefix is NULL, which the core refuses;
	 * an extra one does not compile).
	 */
	struct skcipher_alg *skciphers;
	struct aead_alg *aeads;
	struct shash_alg *shashes;
	unsigned int nr_algs;
	const char *const *driver_prefixes;
	/* Run implementation impl from now on (called before registering). */
	void (*use_impl)(enum aesnictr_impl impl);
	/*
	 * Not an approved algorithm in FIPS mode (the crypto manager would
	 * refuse it): the core leaves the family out when fips=1.
	 */
	bool not_fips_approved;
};

extern const struct aesnictr_family aesnictr_ctr_family;
extern const struct aesnictr_family aesnictr_gcm_family;
extern const struct aesnictr_family aesnictr_xts_family;
extern const struct aesnictr_family aesnictr_authenc_family;
extern const struct aesnictr_family aesnictr_authenc512_family;
extern const struct aesnictr_family aesnictr_ccm_family;
extern const struct aesnictr_family aesnictr_cbc_family;
extern const struct aesnictr_family aesnictr_cts_family;
extern const struct aesnictr_family aesnictr_cmac_family;
extern const struct aesnictr_family aesnictr_xcbc_family;

#endif /* AESNICTR_FAMILY_H */
