/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runtime CPU tier detection for the native tools: cpuid + xgetbv, the same
 * feature sets the module uses to choose a tier, and an optional cap
 * (AESNICTR_MAX_TIER=avx|vaes2|vaes512 or --max-tier=).
 */
#ifndef NATIVE_CPU_H
#define NATIVE_CPU_H

#include <stddef.h>

enum tier {
	TIER_AVX,
	TIER_VAES2,
	TIER_VAES512,
	NR_TIERS
};

/* Lower-case tier names as used in driver names and output: "avx"... */
extern const char *const tier_names[NR_TIERS];

/*
 * Detect the CPU's tiers and apply the cap (cap_name may be NULL, then the
 * AESNICTR_MAX_TIER environment variable is used).  Returns -1 for an
 * unknown cap name, else 0.
 */
int cpu_detect(const char *cap_name);

/* Nonzero if tier t may be run (CPU has it and it is within the cap). */
int cpu_tier_usable(enum tier t);

/*
 * Nonzero if the cap allows tier t, whatever the CPU has (the module's
 * authenc-sha512 vaes512 slot needs only AVX-512VL, not the tier's VAES).
 */
int cpu_tier_within_cap(enum tier t);

/* Why tier t is not usable, e.g. "CPU lacks VAES"; "" if usable. */
const char *cpu_tier_why_not(enum tier t);

/* Nonzero if xgetbv(1) (XINUSE) is available. */
int cpu_has_xinuse(void);

/* Nonzero on an Intel CPU (cpuid 0's vendor string "GenuineIntel"). */
int cpu_is_intel(void);

/* CPU brand string from cpuid 0x80000002..4, trimmed. */
const char *cpu_model(void);

#endif /* NATIVE_CPU_H */
