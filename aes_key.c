// SPDX-License-Identifier: GPL-2.0
/*
 * The AES key schedule, one layout for every implementation and the non-SIMD
 * path: expanded with AES-NI (AESENCLAST or AESKEYGENASSIST, AESIMC) when the
 * FPU is usable, else by the constant-time C code of aes_ct.c.
 */

#include <asm/fpu/api.h>
#include <asm/processor.h>
#include <crypto/aes.h>
#include <linux/errno.h>
#include <linux/string.h>
#include "shared.h"

int aesnictr_aes_check_key_len(unsigned int key_len)
{
	if (key_len != AES_KEYSIZE_128 && key_len != AES_KEYSIZE_192 &&
	    key_len != AES_KEYSIZE_256)
		return -EINVAL;
	return 0;
}

/*
 * SubWord by AESENCLAST on Intel, where AESKEYGENASSIST is microcoded (an
 * AES-128 expansion 93-96 -> 60-67 TSC ticks on a Sapphire Rapids-class
 * Xeon); elsewhere the AES-128 words by AESKEYGENASSIST, which on AMD Zen 5
 * made xcbc(aes), two expansions a message, 13% faster at 64 bytes
 * (aes_expand.S).  The vendor is public: no secret picks the form.
 */
void aesnictr_expand_key_simd(struct aesnictr_key *enc, const u8 *in_key,
			      unsigned int key_len)
{
	if (boot_cpu_data.x86_vendor == X86_VENDOR_INTEL)
		aesnictr_expand_key(enc, in_key, key_len);
	else
		aesnictr_expand_key_kga(enc, in_key, key_len);
}

void aesnictr_aes_expand(struct aesnictr_key *enc, struct aesnictr_key *dec,
			 const u8 *in_key, unsigned int key_len, bool simd)
{
	memzero_explicit(enc, sizeof(*enc));
	if (dec)
		memzero_explicit(dec, sizeof(*dec));
	if (simd) {
		kernel_fpu_begin();
		aesnictr_expand_key_simd(enc, in_key, key_len);
		if (dec)
			aesnictr_invert_key(dec, enc);
		kernel_fpu_end();
	} else {
		aesnictr_ct_expand_key(enc, in_key, key_len);
		if (dec)
			aesnictr_ct_invert_key(dec, enc);
	}
}
