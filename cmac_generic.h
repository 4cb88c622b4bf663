/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cmac family's message layer (cmac_generic.c), on either path:
 * CMAC (NIST SP 800-38B, RFC 4493) and XCBC-MAC (RFC 3566) over a CBC-MAC
 * chain function, the assembly's (cmac_asm.h) or the C path's
 * (aesnictr_cmac_chain_c: the constant-time AES of aes_ct.c).  Both MACs
 * are one CBC-MAC chain whose last block, complete or padded with 10*, is
 * first XORed with one of two subkeys:
 *	CMAC: chain key K; L = E_K(0), K1 = L * x, K2 = L * x^2 in GF(2^128);
 *	XCBC: K1 = E_K(1^128), chain key K1 (AES-128), K2 = E_K(2^128),
 *	      K3 = E_K(3^128) (i^128: sixteen bytes of value i).
 * Portable C: the same file builds in the module and natively in
 * tools/native, whose test checks it against OpenSSL.
 */
#ifndef AESNICTR_CMAC_GENERIC_H
#define AESNICTR_CMAC_GENERIC_H

#include "portable.h"
#include "aes_ct.h"
#include "cmac_asm.h"

/* A keyed MAC: the chain's key schedule and the two last-block subkeys. */
struct aesnictr_cmac_key {
	struct aesnictr_key aes;	/* CMAC: K; XCBC: K1 */
	u8 sub_full[AESNICTR_BLOCK_SIZE];	/* CMAC: K1; XCBC: K2 */
	u8 sub_part[AESNICTR_BLOCK_SIZE];	/* CMAC: K2; XCBC: K3 */
};

/* A message in progress. */
struct aesnictr_cmac_state {
	u8 mac[AESNICTR_BLOCK_SIZE];
	/* the last 0..16 bytes seen: not chained until more data follows */
	u8 buf[AESNICTR_BLOCK_SIZE];
	unsigned int buflen;
};

/*
 * One path: its chain (the key: the aes member of a MAC key) and its
 * expansion of a 16-, 24- or 32-byte AES key into an encryption schedule;
 * optionally (else NULL) the expansion that also makes CMAC's L =
 * E_K(0^128) beside it (aes_asm.h), in place of a chain call after it.
 */
struct aesnictr_cmac_path {
	AESNICTR_CMAC_CHAIN((*chain));
	void (*expand)(struct aesnictr_key *key, const u8 *in_key,
		       unsigned int key_len);
	void (*expand_encrypt_zero)(struct aesnictr_key *key, const u8 *in_key,
				    unsigned int key_len,
				    u8 l[AESNICTR_BLOCK_SIZE]);
};

/* The C path's chain: the per-call constant-time AES on key's schedule. */
AESNICTR_CMAC_CHAIN(aesnictr_cmac_chain_c);

/*
 * Key the MAC (xcbc: XCBC, else CMAC) with in_key, key_len checked by the
 * caller, on one path.
 */
void aesnictr_cmac_setkey(struct aesnictr_cmac_key *key, const u8 *in_key,
			  unsigned int key_len, bool xcbc,
			  const struct aesnictr_cmac_path *path);

void aesnictr_cmac_init(struct aesnictr_cmac_state *st);

/*
 * Add len bytes of message; the chain calls are at most len + 16 bytes
 * long (the caller bounds len to bound them).
 */
void aesnictr_cmac_update(const struct aesnictr_cmac_key *key,
			  const struct aesnictr_cmac_path *path,
			  struct aesnictr_cmac_state *st, const u8 *data,
			  unsigned int len);

/* The 16-byte MAC of the message; st is wiped. */
void aesnictr_cmac_final(const struct aesnictr_cmac_key *key,
			 const struct aesnictr_cmac_path *path,
			 struct aesnictr_cmac_state *st,
			 u8 out[AESNICTR_BLOCK_SIZE]);

#endif /* AESNICTR_CMAC_GENERIC_H */
