/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ccm family's message layer (ccm_generic.c), on either path: the
 * checks of the kernel's ccm template (crypto/ccm.c), B0, the AAD with its
 * length prefix, the padding, a partial last block and the tag, over a
 * table of block operations: the assembly's (ccm_asm.h) or the C path's
 * (aesnictr_ccm_c_ops: the bitsliced constant-time AES of aes_ct.c).
 * Portable C: the same file builds in the module and natively in
 * tools/native, whose test checks it against OpenSSL.
 */
#ifndef AESNICTR_CCM_GENERIC_H
#define AESNICTR_CCM_GENERIC_H

#include "portable.h"
#include "aes_ct.h"
#include "ccm_asm.h"

#define AESNICTR_CCM_IV_SIZE		16
#define AESNICTR_RFC4309_IV_SIZE	8
#define AESNICTR_RFC4309_SALT_SIZE	3

/* A key on both paths; aes first: the assembly is given &key->aes. */
struct aesnictr_ccm_key {
	struct aesnictr_key aes;
	struct aesnictr_ct_sched ct;	/* aes prepared for the C path */
};

/* The block operations of one path, with the assembly's ABI. */
struct aesnictr_ccm_ops {
	AESNICTR_CCM_MAC((*mac));
	AESNICTR_CCM_START((*start));
	AESNICTR_CCM_BLOCK((*block));
	AESNICTR_CCM_CRYPT((*enc));
	AESNICTR_CCM_CRYPT((*dec));
};

/* The C path's operations (key must be the aes member of a ccm key). */
extern const struct aesnictr_ccm_ops aesnictr_ccm_c_ops;

/* One message in progress. */
struct aesnictr_ccm_state {
	u8 mac[AESNICTR_BLOCK_SIZE];	/* CBC-MAC */
	u8 ctr[AESNICTR_BLOCK_SIZE];	/* A_i of the next text block */
	u8 a0[AESNICTR_BLOCK_SIZE];	/* A_0 */
	u8 s0[AESNICTR_BLOCK_SIZE];	/* E_K(A_0), for the tag */
	u8 buf[2 * AESNICTR_BLOCK_SIZE];	/* MAC input not yet MACed */
	unsigned int buflen;
	bool started;			/* B0 MACed, s0 made */
};

/*
 * As the template checks a request: -EINVAL unless iv[0] (L - 1) is 1..7,
 * -EOVERFLOW if a text of len bytes does not fit an L-byte length field
 * (len > 2^(8L), as crypto/ccm.c's set_msg_len), else 0.
 */
int aesnictr_ccm_check(const u8 iv[AESNICTR_CCM_IV_SIZE], unsigned int len);

/*
 * Start a checked message: alen bytes of AAD, len of text, an authsize-byte
 * tag (4, 6, ..., 16).  No AES here (the FPU may be off).
 */
void aesnictr_ccm_begin(struct aesnictr_ccm_state *s,
			const u8 iv[AESNICTR_CCM_IV_SIZE], unsigned int alen,
			unsigned int len, unsigned int authsize);

/* MAC len bytes of AAD (any pieces; all before the text). */
void aesnictr_ccm_hash(const struct aesnictr_ccm_ops *ops,
		       const struct aesnictr_ccm_key *key,
		       struct aesnictr_ccm_state *s, const u8 *data,
		       unsigned int len);

/*
 * En/decrypt len bytes of text src to dst (equal, or not overlapping): a
 * multiple of 16 but for the message's last piece.
 */
void aesnictr_ccm_crypt(const struct aesnictr_ccm_ops *ops,
			const struct aesnictr_ccm_key *key,
			struct aesnictr_ccm_state *s, u8 *dst, const u8 *src,
			unsigned int len, bool enc);

/* The full 16-byte tag (callers truncate); then s holds nothing secret. */
void aesnictr_ccm_final(const struct aesnictr_ccm_ops *ops,
			const struct aesnictr_ccm_key *key,
			struct aesnictr_ccm_state *s,
			u8 tag[AESNICTR_BLOCK_SIZE]);

#endif /* AESNICTR_CCM_GENERIC_H */
