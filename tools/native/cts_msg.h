/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One cts(cbc(aes)) message as the module runs a request (cts_msg.c), for
 * the native test (test_cbc) and the bench (cts-enc, cts-dec): the kernel
 * glue (cbc_glue.c, skcipher_driver.c) is kernel-only, so this is the same
 * sequence in a few lines: the head (all but the last 17..32 bytes of a
 * message longer than 16, skcipher_held_back()) through the
 * implementation's CBC routine in pieces of at most a page (the largest
 * skcipher walk step), the IV carried, then aesnictr_cts_tail() on the
 * rest.  A 16-byte message is plain CBC.
 */
#ifndef NATIVE_CTS_MSG_H
#define NATIVE_CTS_MSG_H

#include "cpu.h"
#include "../../cbc_generic.h"

#define CTS_STEP	4096	/* the largest skcipher walk step: a page */

/* Each tier's routines, as cbc_glue.c's cbc_impls[]. */
extern const struct aesnictr_cbc_impl cts_tier_impls[NR_TIERS];

/* The bytes the skcipher driver holds back for the tail (0 for len <= 16). */
unsigned int cts_held_back(unsigned int len);

/*
 * len >= 16 bytes from src to dst (equal, or not overlapping) with impl
 * and keys; iv in: the message's IV, out: as the kernel's cts template
 * leaves it (the first of the last two ciphertext blocks as stored; for
 * len 16 the one block).
 */
void cts_msg(const struct aesnictr_cbc_keys *keys,
	     const struct aesnictr_cbc_impl *impl, u8 *dst, const u8 *src,
	     unsigned int len, u8 iv[AESNICTR_BLOCK_SIZE], bool enc);

#endif /* NATIVE_CTS_MSG_H */
