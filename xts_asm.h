/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the xts family (xts_aes.S), shared by the kernel glue
 * and tools/native like aes_asm.h, whose struct aesnictr_key it uses.
 * Userspace includes aesni_ctr_user.h first (u8, asmlinkage).
 */
#ifndef AESNICTR_XTS_ASM_H
#define AESNICTR_XTS_ASM_H

#include "aes_asm.h"

/*
 * XTS-encrypt len bytes from src to dst with the encryption schedule key
 * (decrypt: with the decryption schedule of the same key, from
 * aesnictr_invert_key), len >= 16 (shorter: only the tweak is made, if
 * tweak_key).  A message's first call passes tweak_key, the schedule of the
 * XTS tweak key, with the IV in tweak: the routine first sets tweak to
 * T_0 = AES(tweak_key, IV).  Later calls pass NULL and the tweak where the
 * call before left it: tweak is advanced past the blocks processed, so a
 * message can be processed in several calls, each a multiple of 16 bytes
 * but the last.  If len % 16 != 0, this call ends the message: its last
 * full block and the partial one are done with ciphertext stealing (IEEE
 * 1619-2007 5.3.2), and tweak is advanced past the partial block too.
 * src == dst (in place) is allowed; any alignment.
 */
#define AESNICTR_XTS_CRYPT(name)					\
	asmlinkage void name(const struct aesnictr_key *key, u8 *dst,	\
			     const u8 *src, unsigned int len,		\
			     u8 tweak[AESNICTR_BLOCK_SIZE],		\
			     const struct aesnictr_key *tweak_key)
AESNICTR_XTS_CRYPT(aesnictr_xts_encrypt_avx);
AESNICTR_XTS_CRYPT(aesnictr_xts_decrypt_avx);
AESNICTR_XTS_CRYPT(aesnictr_xts_encrypt_vaes2);
AESNICTR_XTS_CRYPT(aesnictr_xts_decrypt_vaes2);
/* vaes2 with the tweaks made by VPCLMULQDQ: for CPUs that have it */
AESNICTR_XTS_CRYPT(aesnictr_xts_encrypt_vaes2_clmul);
AESNICTR_XTS_CRYPT(aesnictr_xts_decrypt_vaes2_clmul);
AESNICTR_XTS_CRYPT(aesnictr_xts_encrypt_vaes512);
AESNICTR_XTS_CRYPT(aesnictr_xts_decrypt_vaes512);

#endif /* AESNICTR_XTS_ASM_H */
