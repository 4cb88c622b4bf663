// SPDX-License-Identifier: GPL-2.0
/*
 * tcg_probe - checks, inside the guest, that the emulated CPU computes the
 * AES instructions the module's tiers use the same way in every encoding:
 * legacy-SSE aesenc/aesenclast (the reference), VEX.128 vaesenc and VEX.256
 * vaesenc (VAES, both 128-bit lanes).  A mismatch means the emulator, not
 * the module, is wrong for that tier.  Prints one "INFO: tcg probe: ..." line
 * per encoding and a summary "TCGPROBE: vex128=ok|broken|absent
 * vex256=ok|broken|absent" that the guest library (guest/families.sh)
 * uses to know which tiers the emulator can run at all.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cpuid.h>

static uint64_t s = 0x243f6a8885a308d3ULL;

static void rnd(uint8_t *p, int n)
{
	while (n--) {
		s ^= s << 13; s ^= s >> 7; s ^= s << 17;
		*p++ = (uint8_t)s;
	}
}

static void sse_enc(uint8_t *o, const uint8_t *st, const uint8_t *rk, int last)
{
	if (last)
		__asm__ volatile("movdqu (%1), %%xmm0\n\tmovdqu (%2), %%xmm1\n\t"
				 "aesenclast %%xmm1, %%xmm0\n\tmovdqu %%xmm0, (%0)"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "memory");
	else
		__asm__ volatile("movdqu (%1), %%xmm0\n\tmovdqu (%2), %%xmm1\n\t"
				 "aesenc %%xmm1, %%xmm0\n\tmovdqu %%xmm0, (%0)"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "memory");
}

static void vex128_enc(uint8_t *o, const uint8_t *st, const uint8_t *rk, int last)
{
	if (last)
		__asm__ volatile("vmovdqu (%1), %%xmm0\n\tvmovdqu (%2), %%xmm1\n\t"
				 "vaesenclast %%xmm1, %%xmm0, %%xmm2\n\tvmovdqu %%xmm2, (%0)"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "xmm2", "memory");
	else
		__asm__ volatile("vmovdqu (%1), %%xmm0\n\tvmovdqu (%2), %%xmm1\n\t"
				 "vaesenc %%xmm1, %%xmm0, %%xmm2\n\tvmovdqu %%xmm2, (%0)"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "xmm2", "memory");
}

static void vex256_enc(uint8_t *o, const uint8_t *st, const uint8_t *rk, int last)
{
	if (last)
		__asm__ volatile("vmovdqu (%1), %%ymm0\n\tvmovdqu (%2), %%ymm1\n\t"
				 "vaesenclast %%ymm1, %%ymm0, %%ymm2\n\tvmovdqu %%ymm2, (%0)\n\tvzeroupper"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "xmm2", "memory");
	else
		__asm__ volatile("vmovdqu (%1), %%ymm0\n\tvmovdqu (%2), %%ymm1\n\t"
				 "vaesenc %%ymm1, %%ymm0, %%ymm2\n\tvmovdqu %%ymm2, (%0)\n\tvzeroupper"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "xmm1", "xmm2", "memory");
}

/* vaesenc ymm with a memory round key, as wide code often does */
static void vex256_mem(uint8_t *o, const uint8_t *st, const uint8_t *rk, int last)
{
	if (last)
		__asm__ volatile("vmovdqu (%1), %%ymm0\n\t"
				 "vaesenclast (%2), %%ymm0, %%ymm0\n\tvmovdqu %%ymm0, (%0)\n\tvzeroupper"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "memory");
	else
		__asm__ volatile("vmovdqu (%1), %%ymm0\n\t"
				 "vaesenc (%2), %%ymm0, %%ymm0\n\tvmovdqu %%ymm0, (%0)\n\tvzeroupper"
				 :: "r"(o), "r"(st), "r"(rk) : "xmm0", "memory");
}

int main(void)
{
	unsigned int a, b, c, d, has_avx, has_vaes;
	int bad128 = 0, bad256 = 0, badmem = 0, i, last;
	int lane_lo = 0, lane_hi = 0, hi_enc = 0, hi_last = 0;

	__cpuid(1, a, b, c, d);
	if (!(c & bit_AES)) {
		printf("INFO: tcg probe: no AES-NI, nothing to probe\n");
		return 0;
	}
	has_avx = !!(c & bit_AVX);
	__cpuid_count(7, 0, a, b, c, d);
	has_vaes = has_avx && (c & (1u << 9)) && (b & bit_AVX2);

	for (i = 0; i < 2000; i++) {
		uint8_t st[32], rk[32], ref[32], got[32];

		rnd(st, 32);
		rnd(rk, 32);
		for (last = 0; last < 2; last++) {
			sse_enc(ref, st, rk, last);
			sse_enc(ref + 16, st + 16, rk + 16, last);
			if (has_avx) {
				vex128_enc(got, st, rk, last);
				vex128_enc(got + 16, st + 16, rk + 16, last);
				bad128 += !!memcmp(got, ref, 32);
			}
			if (has_vaes) {
				vex256_enc(got, st, rk, last);
				bad256 += !!memcmp(got, ref, 32);
				lane_lo += !!memcmp(got, ref, 16);
				lane_hi += !!memcmp(got + 16, ref + 16, 16);
				if (memcmp(got + 16, ref + 16, 16))
					*(last ? &hi_last : &hi_enc) += 1;
				vex256_mem(got, st, rk, last);
				badmem += !!memcmp(got, ref, 32);
			}
		}
	}
	if (has_avx)
		printf("INFO: tcg probe: VEX.128 vaesenc/vaesenclast %s\n",
		       bad128 ? "DISAGREE with aesenc (emulator bug)" : "agree with aesenc");
	if (has_vaes)
		printf("INFO: tcg probe: VEX.256 vaesenc/vaesenclast (VAES) %s (wrong of %d: low lane %d, high lane %d: vaesenc %d, vaesenclast %d); with memory operand %s\n",
		       bad256 ? "DISAGREE with aesenc (emulator bug)" : "agree with aesenc",
		       4000, lane_lo, lane_hi, hi_enc, hi_last,
		       badmem ? "DISAGREE (emulator bug)" : "agree");
	else
		printf("INFO: tcg probe: no VAES+AVX2\n");
	/* machine-readable summary for the guest library */
	printf("TCGPROBE: vex128=%s vex256=%s\n",
	       !has_avx ? "absent" : bad128 ? "broken" : "ok",
	       !has_vaes ? "absent" : (bad256 || badmem) ? "broken" : "ok");
	return 0;
}
