/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the ccm family (ccm_aes.S, the avx implementation):
 * the CBC-MAC of whole blocks, a message's start (B0 and the tag's
 * keystream side by side), one AES block, and the one-pass CCM
 * en/decryption of whole blocks.  The message framing (B0, the AAD length,
 * padding, a partial last block, the tag) is ccm_generic.c's.  Shared by
 * the kernel glue and tools/native.
 */
#ifndef AESNICTR_CCM_ASM_H
#define AESNICTR_CCM_ASM_H

#include "aes_asm.h"

#ifndef __ASSEMBLER__

/* CBC-MAC: mac = E_K(mac ^ B) for each 16-byte block B of data (len / 16). */
#define AESNICTR_CCM_MAC(name)						\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     u8 mac[AESNICTR_BLOCK_SIZE], const u8 *data,	\
			     unsigned int len)

/*
 * A message's first two blocks side by side: mac = E_K(b0) (the CBC-MAC
 * after B0) and s0 = E_K(a0) (the keystream of the tag).
 */
#define AESNICTR_CCM_START(name)					\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     u8 mac[AESNICTR_BLOCK_SIZE],			\
			     u8 s0[AESNICTR_BLOCK_SIZE],			\
			     const u8 b0[AESNICTR_BLOCK_SIZE],		\
			     const u8 a0[AESNICTR_BLOCK_SIZE])

/* dst = E_K(src), one block (dst may equal src). */
#define AESNICTR_CCM_BLOCK(name)					\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     u8 dst[AESNICTR_BLOCK_SIZE],			\
			     const u8 src[AESNICTR_BLOCK_SIZE])

/*
 * CCM over len / 16 whole blocks from src to dst (equal, or not
 * overlapping): block i of the call is en/decrypted with the keystream
 * E_K(ctr + i) and its plaintext is CBC-MACed into mac; ctr (the counter
 * block A_j, big-endian) is advanced by the block count.  Only ctr's low 32
 * bits are incremented: the caller guarantees they do not wrap (a CCM
 * message of n bytes with an L-byte counter field has n <= 2^(8L) and the
 * kernel's lengths are 32-bit, so its counter never leaves them).
 */
#define AESNICTR_CCM_CRYPT(name)					\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     u8 mac[AESNICTR_BLOCK_SIZE],			\
			     u8 ctr[AESNICTR_BLOCK_SIZE], u8 *dst,		\
			     const u8 *src, unsigned int len)

AESNICTR_CCM_MAC(aesnictr_ccm_mac_avx);
AESNICTR_CCM_START(aesnictr_ccm_start_avx);
AESNICTR_CCM_BLOCK(aesnictr_ccm_block_avx);
AESNICTR_CCM_CRYPT(aesnictr_ccm_enc_avx);
AESNICTR_CCM_CRYPT(aesnictr_ccm_dec_avx);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_CCM_ASM_H */
