// SPDX-License-Identifier: GPL-2.0
/* One cts(cbc(aes)) message as the module runs a request (cts_msg.h). */
#include "cts_msg.h"

#define CTS_TAILS	aesnictr_cts_encrypt_tail_avx, aesnictr_cts_decrypt_tail_avx

const struct aesnictr_cbc_impl cts_tier_impls[NR_TIERS] = {
	[TIER_AVX]	= { aesnictr_cbc_encrypt_avx, aesnictr_cbc_decrypt_avx,
			    CTS_TAILS },
	[TIER_VAES2]	= { aesnictr_cbc_encrypt_avx, aesnictr_cbc_decrypt_vaes2,
			    CTS_TAILS },
	[TIER_VAES512]	= { aesnictr_cbc_encrypt_avx,
			    aesnictr_cbc_decrypt_vaes512, CTS_TAILS },
};

/* skcipher_driver.c's skcipher_held_back() for cts_whole_blocks. */
unsigned int cts_held_back(unsigned int len)
{
	unsigned int partial = len % AESNICTR_BLOCK_SIZE;

	if (len <= AESNICTR_BLOCK_SIZE)
		return 0;
	return partial ? AESNICTR_BLOCK_SIZE + partial : 2 * AESNICTR_BLOCK_SIZE;
}

void cts_msg(const struct aesnictr_cbc_keys *keys,
	     const struct aesnictr_cbc_impl *impl, u8 *dst, const u8 *src,
	     unsigned int len, u8 iv[AESNICTR_BLOCK_SIZE], bool enc)
{
	unsigned int head = len - cts_held_back(len), off, n;

	for (off = 0; off < head; off += n) {
		n = min_t(unsigned int, head - off, CTS_STEP);
		if (enc)
			impl->encrypt(&keys->enc, dst + off, src + off, n, iv);
		else
			impl->decrypt(&keys->dec, dst + off, src + off, n, iv);
	}
	if (head < len)
		aesnictr_cts_tail(keys, impl, dst + head, src + head,
				  len - head, iv, enc);
}
