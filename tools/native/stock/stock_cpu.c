// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU facts the stock kernels' glue bases its choice of code on:
 * boot_cpu_has() of AES, PCLMULQDQ, AVX, AVX2, VAES, VPCLMULQDQ, AVX512BW,
 * AVX512VL, BMI2 and SHA_NI (the kernel clears the AVX family when the OS does not
 * enable its register state, so we require XCR0 here too),
 * cpu_has_xfeatures() of SSE|YMM and SSE|YMM|AVX512, and the list of Intel
 * models on which 512-bit vectors are avoided (6.12: zmm_exclusion_list in
 * the AES glue; 7.3: the same list in arch/x86/kernel/cpu/intel.c, which
 * sets X86_FEATURE_PREFER_YMM): Skylake-X, Ice Lake (X, D, client, L,
 * NNPI), Tiger Lake (L and client).
 */
#include <cpuid.h>
#include <string.h>

#include "stock.h"

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

const struct stock_cpu *stock_cpu(void)
{
	static const unsigned int zmm_excluded[] = {
		0x55,		/* Skylake-X */
		0x6a, 0x6c,	/* Ice Lake X, D */
		0x7d, 0x7e,	/* Ice Lake, Ice Lake L */
		0x9d,		/* Ice Lake NNPI */
		0x8c, 0x8d,	/* Tiger Lake L, Tiger Lake */
	};
	static struct stock_cpu c;
	static int done;
	unsigned int a, b, cx, d, max, ecx1 = 0, ebx7 = 0, ecx7 = 0, i;
	uint64_t xcr0 = 0;

	if (done)
		return &c;
	done = 1;
	max = __get_cpuid_max(0, NULL);
	__cpuid(0, a, b, cx, d);
	memcpy(c.vendor, &b, 4);
	memcpy(c.vendor + 4, &d, 4);
	memcpy(c.vendor + 8, &cx, 4);
	c.vendor[12] = 0;
	if (max >= 1) {
		__cpuid(1, a, b, cx, d);
		ecx1 = cx;
		c.family = (a >> 8) & 0xf;
		c.model = (a >> 4) & 0xf;
		if (c.family == 0xf)
			c.family += (a >> 20) & 0xff;
		if (c.family == 6 || c.family >= 0xf)
			c.model |= ((a >> 16) & 0xf) << 4;
	}
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, cx, d);
		ebx7 = b;
		ecx7 = cx;
	}
	if (ecx1 & bit_OSXSAVE)
		xcr0 = xgetbv0();

	c.aes = !!(ecx1 & bit_AES);
	c.pclmulqdq = !!(ecx1 & bit_PCLMUL);
	c.xsave_ymm = (xcr0 & 0x6) == 0x6;
	c.xsave_avx512 = (xcr0 & 0xe6) == 0xe6;
	c.avx = !!(ecx1 & bit_AVX) && c.xsave_ymm;
	c.avx2 = c.avx && (ebx7 & bit_AVX2);
	c.vaes = c.avx && (ecx7 & bit_VAES);
	c.vpclmulqdq = c.avx && (ecx7 & bit_VPCLMULQDQ);
	c.bmi2 = !!(ebx7 & bit_BMI2);
	c.sha_ni = !!(ebx7 & bit_SHA);
	c.avx512bw = c.avx && c.xsave_avx512 && (ebx7 & bit_AVX512BW) &&
		     (ebx7 & bit_AVX512F);
	c.avx512vl = c.avx && c.xsave_avx512 && (ebx7 & bit_AVX512VL) &&
		     (ebx7 & bit_AVX512F);
	if (!strcmp(c.vendor, "GenuineIntel") && c.family == 6)
		for (i = 0; i < sizeof(zmm_excluded) / sizeof(zmm_excluded[0]); i++)
			if (c.model == zmm_excluded[i])
				c.prefer_ymm = 1;
	return &c;
}
