/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of aesni_ctr: the key-schedule layout and the prototypes
 * of every tier's routines.  Shared by the kernel glue and the userspace
 * tools in tools/native, which provide u8/u32, __aligned and asmlinkage.
 */
#ifndef AESNI_CTR_H
#define AESNI_CTR_H

#define AESNICTR_MAX_ROUNDS	14
#define AESNICTR_BLOCK_SIZE	16

/*
 * Encryption round keys, one layout for every tier: rk[0] is round key 0,
 * rk[nrounds] the last one; the wide tiers broadcast each 16-byte key to
 * every lane.  nrounds (10, 12 or 14) sits at byte offset 240.
 */
struct aesnictr_key {
	u8 rk[(AESNICTR_MAX_ROUNDS + 1) * AESNICTR_BLOCK_SIZE];
	u32 nrounds;
} __aligned(16);

/* Expand a 16-, 24- or 32-byte AES key (key_len is checked by the caller). */
asmlinkage void aesnictr_expand_key(struct aesnictr_key *key, const u8 *in_key,
				    unsigned int key_len);

/*
 * CTR: dst = src XOR AES(key, ctr), AES(key, ctr + 1), ... for len bytes, any
 * len (a trailing partial block uses the head of its keystream block).  The
 * counter block ctr is big-endian; only its low 32 bits are incremented, so
 * the caller must split a run where they would wrap:
 *	be32(ctr + 12) + DIV_ROUND_UP(len, 16) - 1 <= 0xffffffff.
 * src == dst (in place) is allowed; any alignment.  ctr is not written.
 */
asmlinkage void aesnictr_ctr_avx(const struct aesnictr_key *key, u8 *dst,
				 const u8 *src, unsigned int len,
				 const u8 ctr[AESNICTR_BLOCK_SIZE]);
asmlinkage void aesnictr_ctr_vaes2(const struct aesnictr_key *key, u8 *dst,
				   const u8 *src, unsigned int len,
				   const u8 ctr[AESNICTR_BLOCK_SIZE]);
asmlinkage void aesnictr_ctr_vaes512(const struct aesnictr_key *key, u8 *dst,
				     const u8 *src, unsigned int len,
				     const u8 ctr[AESNICTR_BLOCK_SIZE]);

#endif /* AESNI_CTR_H */
