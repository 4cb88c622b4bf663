/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shared part of the assembly ABI: the AES key schedule every family's
 * assembly uses (one layout for every width and for the C code), its
 * offsets (visible to the .S files too), and the key expansion of
 * aes_key.S.  Each family's own routines are in its <family>_asm.h.  Shared
 * by the kernel glue and the userspace tools in tools/native, which provide
 * u8/u32/u64, __aligned and asmlinkage.  The glue asserts the offsets
 * against the structs (shared.h, <family>_internal.h).
 */
#ifndef AESNICTR_AES_ASM_H
#define AESNICTR_AES_ASM_H

#define AESNICTR_MAX_ROUNDS	14
#define AESNICTR_BLOCK_SIZE	16

/* struct aesnictr_key: the round count after the 15 round keys */
#define AESNICTR_KEY_NROUNDS	240

#ifndef __ASSEMBLER__

/*
 * A key schedule, one layout for every implementation and for the portable
 * C code (aes_ct.c): rk[0] is the round key applied first, rk[nrounds] the
 * last.  An encryption schedule holds FIPS-197's round keys in order; a
 * decryption schedule holds those of the equivalent inverse cipher, as
 * AESDEC uses them: the encryption keys in reverse order, the inner ones
 * passed through InvMixColumns (AESIMC).
 */
struct aesnictr_key {
	u8 rk[(AESNICTR_MAX_ROUNDS + 1) * AESNICTR_BLOCK_SIZE];
	u32 nrounds;
} __aligned(16);

/* Expand a 16-, 24- or 32-byte AES key (key_len is checked by the caller). */
asmlinkage void aesnictr_expand_key(struct aesnictr_key *key, const u8 *in_key,
				    unsigned int key_len);
/* The same, its AES-128 words by AESKEYGENASSIST (aes_key.c picks) */
asmlinkage void aesnictr_expand_key_kga(struct aesnictr_key *key,
					const u8 *in_key, unsigned int key_len);

/*
 * The same, and out = E(0^128) under that key (CMAC's L), computed beside
 * the schedule: a round as soon as its round key is made.
 */
asmlinkage void aesnictr_expand_key_encrypt_zero(struct aesnictr_key *key,
						 const u8 *in_key,
						 unsigned int key_len,
						 u8 out[AESNICTR_BLOCK_SIZE]);

/* The decryption schedule of the encryption schedule enc (AESIMC). */
asmlinkage void aesnictr_invert_key(struct aesnictr_key *dec,
				    const struct aesnictr_key *enc);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_AES_ASM_H */
