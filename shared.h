/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shared layer of aesni_ctr, below the algorithm families: the list of
 * implementations and the CPU features each width needs (cpu.c), the AES key
 * schedule on either path (aes_key.c), and whether a request may use the FPU.
 * It depends only on the assembly ABI (aes_asm.h) and the portable AES
 * (aes_ct.h); nothing here knows a family.
 */
#ifndef AESNICTR_SHARED_H
#define AESNICTR_SHARED_H

#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include "aes_asm.h"
#include "aes_ct.h"

/* The offset the assembly uses (aes_asm.h), checked in every build. */
static_assert(offsetof(struct aesnictr_key, nrounds) == AESNICTR_KEY_NROUNDS);

/*
 * The implementations, by vector width; every family has (some of) these,
 * plus the non-SIMD path, which is not a width.
 */
enum aesnictr_impl {
	AESNICTR_AVX,		/* AES-NI + AVX, 128-bit vectors */
	AESNICTR_VAES2,		/* VAES + AVX2, 256-bit vectors */
	AESNICTR_VAES512,	/* VAES + AVX-512F/BW/VL, 512-bit vectors */
	AESNICTR_NR_IMPLS
};

/* "avx", "vaes2", "vaes512": the names in drivers, logs and max_tier. */
extern const char *const aesnictr_impl_names[AESNICTR_NR_IMPLS];

/*
 * NULL if the CPU and the OS's saved vector state support AES at the width
 * of impl (and the assembler could build it), else what is missing, for a
 * log line.  Families add their own needs (PCLMULQDQ, SHA-NI, ...).
 */
const char *aesnictr_cpu_lacks_impl(enum aesnictr_impl impl);

/* True on CPUs that lower their clock for 512-bit vectors. */
bool aesnictr_cpu_prefers_ymm(void);

/*
 * The CPU classes make bench told apart (priority.h): a family's measured
 * lists can differ per class.  Each class names the models it was measured
 * on; a CPU outside every listed range gets the default lists, measured on an
 * Intel Xeon (family 6 model 0xcf, Emerald Rapids), the most conservative.
 */
enum aesnictr_cpu_class {
	AESNICTR_CPU_DEFAULT,
	AESNICTR_CPU_ZEN5_TURIN,	/* AMD family 0x1a models 0x00-0x0f */
	AESNICTR_NR_CPU_CLASSES
};

/* "default", "amd-zen5-turin": the names in the load line. */
extern const char *const aesnictr_cpu_class_names[AESNICTR_NR_CPU_CLASSES];

enum aesnictr_cpu_class aesnictr_cpu_class(void);

/* May the FPU be used now (and has no debug parameter said no)? */
bool aesnictr_simd_usable(void);

/*
 * The same, for a request, once at its start: a request the kernel sends
 * down the non-SIMD path is counted (the nonsimd_requests parameter).
 */
bool aesnictr_request_simd(void);

/*
 * Test builds (AESNICTR_SELFTEST_FAULT) only: a flipped bit in a long
 * output of the SIMD path, a fault only the load-time bulk self-test can
 * see; the request drivers call it after every piece.
 */
static inline void aesnictr_test_fault(u8 *dst, unsigned int len, bool simd)
{
#ifdef AESNICTR_SELFTEST_FAULT
	if (simd && len > 1024)
		dst[1000] ^= 1;
#endif
}

/*
 * The same for a MAC, whose output is short: a flipped bit in the running
 * state after the SIMD path has chained more than 1024 bytes in one piece.
 */
static inline void aesnictr_test_fault_state(u8 *state, unsigned int len,
					     bool simd)
{
#ifdef AESNICTR_SELFTEST_FAULT
	if (simd && len > 1024)
		state[0] ^= 1;
#endif
}

/* 0 for a 16-, 24- or 32-byte AES key, else -EINVAL. */
int aesnictr_aes_check_key_len(unsigned int key_len);

/*
 * Expand a checked AES key into enc and, if dec is not NULL, the decryption
 * schedule into dec: with AES-NI when simd (the FPU must be usable), else
 * with the constant-time C code; both give the same bytes.  Whatever a
 * previous, longer key left in enc and dec is wiped.
 */
void aesnictr_aes_expand(struct aesnictr_key *enc, struct aesnictr_key *dec,
			 const u8 *in_key, unsigned int key_len, bool simd);

/*
 * The AES-NI expansion alone, inside the caller's FPU section, in the form
 * measured faster on this CPU's vendor (aes_key.c).
 */
void aesnictr_expand_key_simd(struct aesnictr_key *enc, const u8 *in_key,
			      unsigned int key_len);

#endif /* AESNICTR_SHARED_H */
