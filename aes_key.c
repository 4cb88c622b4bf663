// SPDX-License-Identifier: GPL-2.0
/*
 * The AES key schedule, one layout for every implementation and the non-SIMD
 * path: expanded with AES-NI (AESENCLAST, AESIMC) when the FPU is usable, else by
 * the constant-time C code of aes_ct.c.
 */

#include <asm/fpu/api.h>
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

void aesnictr_aes_expand(struct aesnictr_key *enc, struct aesnictr_key *dec,
			 const u8 *in_key, unsigned int key_len, bool simd)
{
	memzero_explicit(enc, sizeof(*enc));
	if (dec)
		memzero_explicit(dec, sizeof(*dec));
	if (simd) {
		kernel_fpu_begin();
		aesnictr_expand_key(enc, in_key, key_len);
		if (dec)
			aesnictr_invert_key(dec, enc);
		kernel_fpu_end();
	} else {
		aesnictr_ct_expand_key(enc, in_key, key_len);
		if (dec)
			aesnictr_ct_invert_key(dec, enc);
	}
}
