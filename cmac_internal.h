/* SPDX-License-Identifier: GPL-2.0 */
/* The cmac family's own interface, between cmac_glue.c and cmac_selftest.c. */
#ifndef AESNICTR_CMAC_INTERNAL_H
#define AESNICTR_CMAC_INTERNAL_H

#include "cmac_generic.h"
#include "shared.h"

/*
 * Key the MAC (xcbc: XCBC-MAC, else CMAC) with a checked AES key: with
 * AES-NI when simd (the FPU must be usable), else with the C code; both
 * give the same bytes.
 */
void aesnictr_cmac_key(struct aesnictr_cmac_key *key, const u8 *in_key,
		       unsigned int key_len, bool xcbc, bool simd);

/*
 * For the self-tests: the MAC of len bytes of data fed to update in pieces
 * of at most piece bytes (0: one), as a request does (AES-NI in an FPU
 * section per piece when simd, else the C path).
 */
void aesnictr_cmac_digest_buf(const struct aesnictr_cmac_key *key, bool simd,
			      const u8 *data, unsigned int len,
			      unsigned int piece, u8 out[AESNICTR_BLOCK_SIZE]);

int aesnictr_cmac_selftest(enum aesnictr_impl impl, bool simd);
int aesnictr_xcbc_selftest(enum aesnictr_impl impl, bool simd);

#endif /* AESNICTR_CMAC_INTERNAL_H */
