// SPDX-License-Identifier: GPL-2.0
/*
 * Runtime CPU tier detection: cpuid for the instruction sets, xgetbv for
 * the register state the OS saves (YMM for every tier, opmask and ZMM for
 * vaes512).  The tiers mirror the module's: avx = AES-NI + PCLMULQDQ + AVX,
 * vaes2 = avx + VAES + VPCLMULQDQ + AVX2, vaes512 = vaes2 + AVX512F/BW/VL.
 */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

const char *const tier_names[NR_TIERS] = { "avx", "vaes2", "vaes512" };

static char why_not[NR_TIERS][96];
static int usable[NR_TIERS];
static int max_tier = NR_TIERS - 1;
static int have_xinuse;
static char model[49];

/* XCR0 / XINUSE bits */
#define XFEATURE_SSE		(1u << 1)
#define XFEATURE_YMM		(1u << 2)
#define XFEATURE_OPMASK		(1u << 5)
#define XFEATURE_ZMM_HI256	(1u << 6)
#define XFEATURE_HI16_ZMM	(1u << 7)

static uint64_t xgetbv(uint32_t idx)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(idx));
	return ((uint64_t)hi << 32) | lo;
}

/* Append the name of a missing feature to the "CPU lacks ..." reason. */
static void lacks(enum tier t, const char *feature)
{
	char *s = why_not[t];
	size_t n = strlen(s);

	if (!n)
		snprintf(s, sizeof(why_not[t]), "CPU lacks %s", feature);
	else
		snprintf(s + n, sizeof(why_not[t]) - n, ", %s", feature);
}

int cpu_detect(const char *cap_name)
{
	unsigned int a, b, c, d, max;
	unsigned int ecx1 = 0, ebx7 = 0, ecx7 = 0;
	uint64_t xcr0 = 0;
	int t, cap = NR_TIERS - 1;

	if (!cap_name)
		cap_name = getenv("AESNICTR_MAX_TIER");
	if (cap_name && *cap_name) {
		for (cap = 0; cap < NR_TIERS; cap++)
			if (!strcmp(cap_name, tier_names[cap]))
				break;
		if (cap == NR_TIERS)
			return -1;
	}

	max = __get_cpuid_max(0, NULL);
	if (max >= 1 && __get_cpuid(1, &a, &b, &c, &d))
		ecx1 = c;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		ebx7 = b;
		ecx7 = c;
	}
	if (ecx1 & bit_OSXSAVE)
		xcr0 = xgetbv(0);
	if (max >= 0xd) {
		__cpuid_count(0xd, 1, a, b, c, d);
		have_xinuse = (ecx1 & bit_OSXSAVE) && (a & (1u << 2));
	}

	memset(why_not, 0, sizeof(why_not));
	for (t = 0; t < NR_TIERS; t++) {
		/* Each tier needs everything the lower tiers need. */
		if (!(ecx1 & bit_AES))
			lacks(t, "AES-NI");
		if (!(ecx1 & bit_PCLMUL))
			lacks(t, "PCLMULQDQ");
		if (!(ecx1 & bit_AVX))
			lacks(t, "AVX");
		if (!(ecx1 & bit_OSXSAVE) ||
		    (xcr0 & (XFEATURE_SSE | XFEATURE_YMM)) !=
		    (XFEATURE_SSE | XFEATURE_YMM))
			lacks(t, "OS-enabled YMM state");
		if (t < TIER_VAES2)
			continue;
		if (!(ecx7 & bit_VAES))
			lacks(t, "VAES");
		if (!(ecx7 & bit_VPCLMULQDQ))
			lacks(t, "VPCLMULQDQ");
		if (!(ebx7 & bit_AVX2))
			lacks(t, "AVX2");
		if (t < TIER_VAES512)
			continue;
		if (!(ebx7 & bit_AVX512F))
			lacks(t, "AVX512F");
		if (!(ebx7 & bit_AVX512BW))
			lacks(t, "AVX512BW");
		if (!(ebx7 & bit_AVX512VL))
			lacks(t, "AVX512VL");
		if ((xcr0 & (XFEATURE_OPMASK | XFEATURE_ZMM_HI256 |
			     XFEATURE_HI16_ZMM)) !=
		    (XFEATURE_OPMASK | XFEATURE_ZMM_HI256 | XFEATURE_HI16_ZMM))
			lacks(t, "OS-enabled ZMM/opmask state");
	}
	max_tier = cap;
	for (t = 0; t < NR_TIERS; t++) {
		usable[t] = !why_not[t][0];
		if (usable[t] && t > cap) {
			usable[t] = 0;
			snprintf(why_not[t], sizeof(why_not[t]),
				 "capped by max tier %s", tier_names[cap]);
		}
	}
	return 0;
}

int cpu_tier_usable(enum tier t)
{
	return usable[t];
}

int cpu_tier_within_cap(enum tier t)
{
	return (int)t <= max_tier;
}

const char *cpu_tier_why_not(enum tier t)
{
	return why_not[t];
}

int cpu_has_xinuse(void)
{
	return have_xinuse;
}

int cpu_is_intel(void)
{
	unsigned int a, b, c, d;

	return __get_cpuid(0, &a, &b, &c, &d) && b == 0x756e6547 &&
	       d == 0x49656e69 && c == 0x6c65746e;	/* "Genu" "ineI" "ntel" */
}

const char *cpu_model(void)
{
	unsigned int r[12], i;
	char *s = model, *e;

	if (model[0])
		return model;
	if (__get_cpuid_max(0x80000000, NULL) < 0x80000004)
		return "unknown CPU";
	for (i = 0; i < 3; i++)
		__get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1],
			    &r[4 * i + 2], &r[4 * i + 3]);
	memcpy(model, r, 48);
	model[48] = 0;
	while (*s == ' ')
		s++;
	memmove(model, s, strlen(s) + 1);
	e = model + strlen(model);
	while (e > model && e[-1] == ' ')
		*--e = 0;
	return model[0] ? model : "unknown CPU";
}
