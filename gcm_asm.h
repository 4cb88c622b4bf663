/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the gcm family (gcm_ghash.S: the precomputation,
 * GHASH and the final; gcm_update.S: the avx and vaes2 updates;
 * gcm_vaes512.S: the vaes512 updates): the GCM key layout, the offsets the
 * assembly uses (visible to the .S files too) and the routines' prototypes.
 * Shared by the kernel glue and tools/native; gcm_internal.h asserts the
 * offsets against the struct.
 */
#ifndef AESNICTR_GCM_ASM_H
#define AESNICTR_GCM_ASM_H

#include "aes_asm.h"

/*
 * struct aesnictr_gcm_key: K_33, K_32..K_17, K_16..K_1 (one table
 * K_33..K_1), the xored halves of K_16..K_1
 */
#define AESNICTR_GCM_H_POWERS_TOP	256
#define AESNICTR_GCM_H_POWERS_HI	320
#define AESNICTR_GCM_H_POWERS	576
#define AESNICTR_GCM_H_XORED	832

#ifndef __ASSEMBLER__

/*
 * GCM.  The key holds the AES round keys and the hash key H = AES(key, 0^128)
 * as the powers H^16 .. H^1 in the form the GHASH code multiplies by (see
 * gcm_asm_macros.h); h_powers_xored holds, for Karatsuba, the XOR of the two
 * 64-bit halves of each power, in both halves of a 16-byte slot so that the
 * wide implementations load several with one instruction; h_powers_hi holds
 * H^32 .. H^17 just before them (the 512-bit code hashes up to 32 blocks per
 * reduction, with powers from one table) and the last slot of
 * h_powers_top H^33 just before those (a message's last 32 blocks may take
 * H^33 .. H^2, see _fold_h in gcm_asm_macros.h; its other slots are zero).
 * ghash_acc is the running GHASH value in that code's internal form: callers
 * zero it, pass it along, and give it, after the last update, to
 * aesnictr_gcm_final; nothing else may be assumed about its bytes.
 */
#define AESNICTR_GCM_NPOWERS	16

struct aesnictr_gcm_key {
	struct aesnictr_key aes;
	u8 h_powers_top[4][AESNICTR_BLOCK_SIZE];
	u8 h_powers_hi[AESNICTR_GCM_NPOWERS][AESNICTR_BLOCK_SIZE];
	u8 h_powers[AESNICTR_GCM_NPOWERS][AESNICTR_BLOCK_SIZE];
	u8 h_powers_xored[AESNICTR_GCM_NPOWERS][AESNICTR_BLOCK_SIZE];
} __aligned(64);

/* Compute the hash key powers; key->aes must already be expanded. */
asmlinkage void aesnictr_gcm_precompute(struct aesnictr_gcm_key *key);

/*
 * GHASH len bytes into ghash_acc; a trailing partial block is zero-padded (as
 * GCM pads the AAD and the ciphertext), so only a last call may have one.
 */
asmlinkage void aesnictr_ghash_update(const struct aesnictr_gcm_key *key,
				      u8 ghash_acc[AESNICTR_BLOCK_SIZE],
				      const u8 *data, unsigned int len);

/*
 * Encrypt (decrypt) len bytes from src to dst with the GCM counter block ctr
 * (that of the first block of this call: J0 + 1 at the start of a message;
 * only its low 32 bits are incremented, and with 96-bit IVs they cannot wrap)
 * and GHASH the ciphertext into ghash_acc.  Every call but a message's last
 * must have len a multiple of 16; a final partial block is zero-padded for
 * GHASH.  src == dst is allowed.  Every message ends with exactly one call
 * with last set (len may be 0 there, dst and src then unused): it leaves in
 * ghash_acc the form aesnictr_gcm_final takes, which no other call may be
 * given.
 */
#define AESNICTR_GCM_UPDATE(name)					\
	asmlinkage void name(const struct aesnictr_gcm_key *key,		\
			     const u8 ctr[AESNICTR_BLOCK_SIZE],		\
			     u8 ghash_acc[AESNICTR_BLOCK_SIZE],		\
			     u8 *dst, const u8 *src, unsigned int len,	\
			     bool last)
AESNICTR_GCM_UPDATE(aesnictr_gcm_enc_update_avx);
AESNICTR_GCM_UPDATE(aesnictr_gcm_dec_update_avx);
AESNICTR_GCM_UPDATE(aesnictr_gcm_enc_update_vaes2);
AESNICTR_GCM_UPDATE(aesnictr_gcm_dec_update_vaes2);
AESNICTR_GCM_UPDATE(aesnictr_gcm_enc_update_vaes512);
AESNICTR_GCM_UPDATE(aesnictr_gcm_dec_update_vaes512);
/* the same, the stitched loop in its own registers (Intel) */
AESNICTR_GCM_UPDATE(aesnictr_gcm_enc_update_vaes512_hregs);
AESNICTR_GCM_UPDATE(aesnictr_gcm_dec_update_vaes512_hregs);

/*
 * Finish, after a message's last update: GHASH the lengths block (aad_len
 * and data_len in bytes), then tag = AES(key, J0) XOR GHASH, all 16 bytes
 * (callers truncate; the last update took J0 from its counter block).
 */
asmlinkage void aesnictr_gcm_final(const struct aesnictr_gcm_key *key,
				   const u8 ghash_acc[AESNICTR_BLOCK_SIZE],
				   u64 aad_len, u64 data_len,
				   u8 tag[AESNICTR_BLOCK_SIZE]);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_GCM_ASM_H */
