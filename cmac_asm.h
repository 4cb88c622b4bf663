/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the cmac family (cmac_aes.S), shared by the kernel
 * glue and tools/native like aes_asm.h, whose struct aesnictr_key it uses.
 * Userspace includes aesni_ctr_user.h first (u8, asmlinkage).
 */
#ifndef AESNICTR_CMAC_ASM_H
#define AESNICTR_CMAC_ASM_H

#include "aes_asm.h"

#ifndef __ASSEMBLER__

/*
 * The CBC-MAC chain of whole blocks: mac = E_K(mac ^ B) for each 16-byte
 * block B of data, len / 16 of them (the low four bits of len are
 * ignored; 0: mac is left as it is).  One serial chain, so one
 * implementation (AES-NI, VEX-encoded) serves every width.  Any alignment.
 */
#define AESNICTR_CMAC_CHAIN(name)					\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     u8 mac[AESNICTR_BLOCK_SIZE], const u8 *data,	\
			     unsigned int len)
AESNICTR_CMAC_CHAIN(aesnictr_cmac_chain_avx);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_CMAC_ASM_H */
