// SPDX-License-Identifier: GPL-2.0
/*
 * The cbc family's portable part (cbc_generic.h): the C implementation,
 * the ciphertext stealing of cts(cbc(aes)) included.
 */

#include "cbc_generic.h"

/*
 * The C implementation, for when the FPU is unusable: the assembly's
 * signatures and semantics; the round keys passed are those in struct
 * aesnictr_cbc_keys, whose prepared forms the C AES uses.
 */

#define CBC_C_BLOCKS	8

static void cbc_encrypt_c(const struct aesnictr_key *key, u8 *dst,
			  const u8 *src, unsigned int len,
			  u8 iv[AESNICTR_BLOCK_SIZE])
{
	const struct aesnictr_cbc_keys *keys =
		container_of(key, struct aesnictr_cbc_keys, enc);

	unsigned int i;

	for (i = 0; i < len / AESNICTR_BLOCK_SIZE; i++) {
		crypto_xor(iv, src, AESNICTR_BLOCK_SIZE);
		aesnictr_ct_encrypt_sched(&keys->ct_enc, iv, iv, 1);
		memcpy(dst, iv, AESNICTR_BLOCK_SIZE);
		src += AESNICTR_BLOCK_SIZE;
		dst += AESNICTR_BLOCK_SIZE;
	}
}

static void cbc_decrypt_c(const struct aesnictr_key *key, u8 *dst,
			  const u8 *src, unsigned int len,
			  u8 iv[AESNICTR_BLOCK_SIZE])
{
	const struct aesnictr_cbc_keys *keys =
		container_of(key, struct aesnictr_cbc_keys, dec);
	/* prev: the chaining value, then this batch's ciphertext */
	u8 prev[(CBC_C_BLOCKS + 1) * AESNICTR_BLOCK_SIZE];
	u8 buf[CBC_C_BLOCKS * AESNICTR_BLOCK_SIZE];

	len -= len % AESNICTR_BLOCK_SIZE;
	memcpy(prev, iv, AESNICTR_BLOCK_SIZE);
	while (len) {
		unsigned int n = min_t(unsigned int, len, sizeof(buf));

		memcpy(prev + AESNICTR_BLOCK_SIZE, src, n);	/* before dst == src */
		aesnictr_ct_decrypt_sched(&keys->ct_dec, buf, src,
					  n / AESNICTR_BLOCK_SIZE);
		crypto_xor_cpy(dst, buf, prev, n);
		memcpy(prev, prev + n, AESNICTR_BLOCK_SIZE);
		src += n;
		dst += n;
		len -= n;
	}
	memcpy(iv, prev, AESNICTR_BLOCK_SIZE);
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(prev, sizeof(prev));
}

/*
 * The last two blocks of a cts(cbc(aes)) message (cbc_asm.h), len = 16 + n
 * (n = 1..16 bytes in the second), iv the chaining value C_m-2.  With the
 * key's cipher E and padding by zero bytes, the kernel's cts template
 * computes
 *	encrypt: X = E(P_m-1 ^ iv),  Y = E((P_m || 0) ^ X),
 *		 out = Y || X[0..n),  iv out = Y;
 *	decrypt: in = Y || C,  Z = D(Y) ^ (C || 0),  P_m = Z[0..n),
 *		 P_m-1 = D(C || Z[n..16)) ^ iv,  iv out = Y.
 * Each is two calls of the C CBC routines, one block each (D(Y) is a CBC
 * decryption with a zero chaining value).  src is read before dst is
 * written, so they may be the same buffer.
 */
static void cts_encrypt_tail_c(const struct aesnictr_key *key, u8 *dst,
			       const u8 *src, unsigned int len,
			       u8 iv[AESNICTR_BLOCK_SIZE])
{
	unsigned int n = len - AESNICTR_BLOCK_SIZE;
	u8 x[AESNICTR_BLOCK_SIZE], t[AESNICTR_BLOCK_SIZE] = { 0 };

	memcpy(t, src + AESNICTR_BLOCK_SIZE, n);
	cbc_encrypt_c(key, x, src, AESNICTR_BLOCK_SIZE, iv);
	cbc_encrypt_c(key, dst, t, AESNICTR_BLOCK_SIZE, iv);
	memcpy(dst + AESNICTR_BLOCK_SIZE, x, n);
	memzero_explicit(x, sizeof(x));
	memzero_explicit(t, sizeof(t));
}

static void cts_decrypt_tail_c(const struct aesnictr_key *key, u8 *dst,
			       const u8 *src, unsigned int len,
			       u8 iv[AESNICTR_BLOCK_SIZE])
{
	unsigned int n = len - AESNICTR_BLOCK_SIZE;
	u8 x[AESNICTR_BLOCK_SIZE], y[AESNICTR_BLOCK_SIZE];
	u8 t[AESNICTR_BLOCK_SIZE] = { 0 };

	memcpy(y, src, AESNICTR_BLOCK_SIZE);
	cbc_decrypt_c(key, x, y, AESNICTR_BLOCK_SIZE, t);
	crypto_xor(x, src + AESNICTR_BLOCK_SIZE, n);		/* x = Z */
	memcpy(t, src + AESNICTR_BLOCK_SIZE, n);
	memcpy(t + n, x + n, AESNICTR_BLOCK_SIZE - n);
	memcpy(dst + AESNICTR_BLOCK_SIZE, x, n);
	cbc_decrypt_c(key, dst, t, AESNICTR_BLOCK_SIZE, iv);
	memcpy(iv, y, AESNICTR_BLOCK_SIZE);
	memzero_explicit(x, sizeof(x));
	memzero_explicit(y, sizeof(y));
	memzero_explicit(t, sizeof(t));
}

const struct aesnictr_cbc_impl aesnictr_cbc_c_impl = {
	cbc_encrypt_c, cbc_decrypt_c, cts_encrypt_tail_c, cts_decrypt_tail_c
};
