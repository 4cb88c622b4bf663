/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the cbc family (cbc_aes.S), shared by the kernel glue
 * and tools/native like aes_asm.h, whose struct aesnictr_key it uses.
 * Userspace includes aesni_ctr_user.h first (u8, asmlinkage).
 */
#ifndef AESNICTR_CBC_ASM_H
#define AESNICTR_CBC_ASM_H

#include "aes_asm.h"

#ifndef __ASSEMBLER__

/*
 * CBC-encrypt len bytes from src to dst with the encryption schedule key:
 * C_i = E(P_i XOR C_i-1), C_-1 = iv.  len is a multiple of 16 (the low four
 * bits are ignored; 0: nothing is done).  iv is replaced by the last
 * ciphertext block, so a message can be processed in several calls.
 * One serial chain: a single implementation (AES-NI, VEX-encoded) serves
 * every width.  src == dst (in place) is allowed; any alignment.
 */
#define AESNICTR_CBC_CRYPT(name)					\
	asmlinkage void name(const struct aesnictr_key *key, u8 *dst,	\
			     const u8 *src, unsigned int len,		\
			     u8 iv[AESNICTR_BLOCK_SIZE])
AESNICTR_CBC_CRYPT(aesnictr_cbc_encrypt_avx);

/*
 * CBC-decrypt len bytes (a multiple of 16, as above) from src to dst with
 * the decryption schedule key (aesnictr_invert_key): P_i = D(C_i) XOR C_i-1,
 * C_-1 = iv; iv is replaced by the last ciphertext block.  The blocks are
 * independent, so each width keeps as many in flight as it can: avx 8
 * blocks, vaes2 16 (8 ymm), vaes512 32 (8 zmm).  src == dst (in place) is
 * allowed, and so is any alignment; partly overlapping buffers are not.
 */
AESNICTR_CBC_CRYPT(aesnictr_cbc_decrypt_avx);
AESNICTR_CBC_CRYPT(aesnictr_cbc_decrypt_vaes2);
AESNICTR_CBC_CRYPT(aesnictr_cbc_decrypt_vaes512);

/*
 * The last len = 16 + b bytes (b = 1..16) of a cts(cbc(aes)) message, as the
 * kernel's cts template does them (CBC-CS3: the last two blocks swapped,
 * also when b = 16), with the encryption or the decryption schedule; iv
 * in: the chaining value before them, out: the first 16 bytes of
 * ciphertext as stored.  One routine serves every width.  src == dst is
 * allowed; no byte outside src[0..len) and dst[0..len) is accessed.
 */
AESNICTR_CBC_CRYPT(aesnictr_cts_encrypt_tail_avx);
AESNICTR_CBC_CRYPT(aesnictr_cts_decrypt_tail_avx);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_CBC_ASM_H */
