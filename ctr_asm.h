/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the ctr family (ctr_aes.S), shared by the kernel glue
 * and tools/native.
 */
#ifndef AESNICTR_CTR_ASM_H
#define AESNICTR_CTR_ASM_H

#include "aes_asm.h"

#ifndef __ASSEMBLER__

/*
 * CTR: dst = src XOR AES(key, ctr), AES(key, ctr + 1), ... for len bytes, any
 * len (a trailing partial block uses the head of its keystream block).  The
 * counter block ctr is big-endian; only its low 32 bits are incremented, so
 * the caller must split a run where they would wrap:
 *	be32(ctr + 12) + DIV_ROUND_UP(len, 16) - 1 <= 0xffffffff.
 * src == dst (in place) is allowed; any alignment.  ctr is not written.
 */
#define AESNICTR_CTR_CRYPT(name)					\
	asmlinkage void name(const struct aesnictr_key *key, u8 *dst,	\
			     const u8 *src, unsigned int len,		\
			     const u8 ctr[AESNICTR_BLOCK_SIZE])
AESNICTR_CTR_CRYPT(aesnictr_ctr_avx);
AESNICTR_CTR_CRYPT(aesnictr_ctr_vaes2);
AESNICTR_CTR_CRYPT(aesnictr_ctr_vaes512);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_CTR_ASM_H */
