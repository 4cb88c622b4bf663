/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cbc family's portable part (cbc_generic.c), on either path: the C
 * implementation behind the assembly's signatures (the constant-time AES
 * of aes_ct.c) and the last two blocks of cts(cbc(aes)) over either
 * implementation.  Portable C: the same file builds in the module and
 * natively in tools/native, whose test checks it against OpenSSL's
 * CBC-CS3.
 */
#ifndef AESNICTR_CBC_GENERIC_H
#define AESNICTR_CBC_GENERIC_H

#include "portable.h"
#include "aes_ct.h"
#include "cbc_asm.h"

/* An AES key's schedules and the non-SIMD path's prepared forms (aes_ct.h). */
struct aesnictr_cbc_keys {
	struct aesnictr_key enc;
	struct aesnictr_key dec;		/* AESDEC's schedule */
	struct aesnictr_ct_sched ct_enc;	/* enc, prepared */
	struct aesnictr_ct_sched ct_dec;	/* dec, prepared */
};

/*
 * One implementation's routines (cbc_asm.h; the C ones have the same
 * signatures): every implementation encrypts with the one serial chain,
 * and the assembly ones share the cts tails.
 */
struct aesnictr_cbc_impl {
	AESNICTR_CBC_CRYPT((*encrypt));
	AESNICTR_CBC_CRYPT((*decrypt));
	AESNICTR_CBC_CRYPT((*cts_encrypt_tail));
	AESNICTR_CBC_CRYPT((*cts_decrypt_tail));
};

/*
 * The C implementation: the key passed must be the enc (encrypt) or dec
 * (decrypt) member of a struct aesnictr_cbc_keys whose ct_enc and ct_dec
 * are prepared.
 */
extern const struct aesnictr_cbc_impl aesnictr_cbc_c_impl;

/*
 * The last two blocks of a cts(cbc(aes)) message, len = 16 + n bytes (n =
 * 1..16 in the second block), from src to dst (equal, or not overlapping),
 * with impl and keys; iv holds the chaining value before them and is left
 * as the kernel's cts template leaves it (the first of the two blocks of
 * ciphertext as they are stored).
 */
static inline void aesnictr_cts_tail(const struct aesnictr_cbc_keys *keys,
				     const struct aesnictr_cbc_impl *impl,
				     u8 *dst, const u8 *src, unsigned int len,
				     u8 iv[AESNICTR_BLOCK_SIZE], bool enc)
{
	if (enc)
		impl->cts_encrypt_tail(&keys->enc, dst, src, len, iv);
	else
		impl->cts_decrypt_tail(&keys->dec, dst, src, len, iv);
}

#endif /* AESNICTR_CBC_GENERIC_H */
