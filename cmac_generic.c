// SPDX-License-Identifier: GPL-2.0
/*
 * The cmac family's message layer (cmac_generic.h): CMAC and XCBC-MAC over
 * a CBC-MAC chain function, and the C path's chain.
 */

#include "cmac_generic.h"

AESNICTR_CMAC_CHAIN(aesnictr_cmac_chain_c)
{
	unsigned int i;

	for (i = 0; i < len / AESNICTR_BLOCK_SIZE; i++) {
		crypto_xor(mac, data + i * AESNICTR_BLOCK_SIZE,
			   AESNICTR_BLOCK_SIZE);
		aesnictr_ct_encrypt(key, mac, mac, 1);
	}
}

/* out = E_K(in): the chain of one block from a zero MAC. */
static void cmac_encrypt_block(const struct aesnictr_key *key,
			       const struct aesnictr_cmac_path *path,
			       u8 out[AESNICTR_BLOCK_SIZE],
			       const u8 in[AESNICTR_BLOCK_SIZE])
{
	memset(out, 0, AESNICTR_BLOCK_SIZE);
	path->chain(key, out, in, AESNICTR_BLOCK_SIZE);
}

/*
 * dst = src * x in GF(2^128) as SP 800-38B orders it (big-endian, the
 * polynomial x^128 + x^7 + x^2 + x + 1): a left shift by one bit and, if
 * the bit shifted out was set, 0x87 into the last byte, without a branch.
 */
static void cmac_double(u8 dst[AESNICTR_BLOCK_SIZE],
			const u8 src[AESNICTR_BLOCK_SIZE])
{
	u64 hi = get_unaligned_be64(src), lo = get_unaligned_be64(src + 8);
	u64 reduce = -(hi >> 63) & 0x87;

	put_unaligned_be64(hi << 1 | lo >> 63, dst);
	put_unaligned_be64(lo << 1 ^ reduce, dst + 8);
}

void aesnictr_cmac_setkey(struct aesnictr_cmac_key *key, const u8 *in_key,
			  unsigned int key_len, bool xcbc,
			  const struct aesnictr_cmac_path *path)
{
	u8 c[AESNICTR_BLOCK_SIZE], k1[AESNICTR_BLOCK_SIZE];

	if (xcbc) {
		path->expand(&key->aes, in_key, key_len);
		memset(c, 2, sizeof(c));
		cmac_encrypt_block(&key->aes, path, key->sub_full, c);
		memset(c, 3, sizeof(c));
		cmac_encrypt_block(&key->aes, path, key->sub_part, c);
		memset(c, 1, sizeof(c));
		cmac_encrypt_block(&key->aes, path, k1, c);
		path->expand(&key->aes, k1, sizeof(k1));
	} else {
		/* L = E_K(0), beside the expansion where the path can */
		if (path->expand_encrypt_zero) {
			path->expand_encrypt_zero(&key->aes, in_key, key_len,
						  k1);
		} else {
			path->expand(&key->aes, in_key, key_len);
			memset(c, 0, sizeof(c));
			cmac_encrypt_block(&key->aes, path, k1, c);
		}
		cmac_double(key->sub_full, k1);
		cmac_double(key->sub_part, key->sub_full);
	}
	memzero_explicit(k1, sizeof(k1));
}

void aesnictr_cmac_init(struct aesnictr_cmac_state *st)
{
	memset(st, 0, sizeof(*st));
}

void aesnictr_cmac_update(const struct aesnictr_cmac_key *key,
			  const struct aesnictr_cmac_path *path,
			  struct aesnictr_cmac_state *st, const u8 *data,
			  unsigned int len)
{
	unsigned int n;

	if (st->buflen + len <= AESNICTR_BLOCK_SIZE) {
		memcpy(st->buf + st->buflen, data, len);
		st->buflen += len;
		return;
	}
	/* more than a block in all: the buffered bytes are not the last */
	if (st->buflen) {
		n = AESNICTR_BLOCK_SIZE - st->buflen;
		memcpy(st->buf + st->buflen, data, n);
		path->chain(&key->aes, st->mac, st->buf, AESNICTR_BLOCK_SIZE);
		data += n;
		len -= n;
	}
	/* len > 0: chain all but the last 1..16 bytes, keep those */
	n = (len - 1) & ~(AESNICTR_BLOCK_SIZE - 1);
	path->chain(&key->aes, st->mac, data, n);
	st->buflen = len - n;
	memcpy(st->buf, data + n, st->buflen);
}

void aesnictr_cmac_final(const struct aesnictr_cmac_key *key,
			 const struct aesnictr_cmac_path *path,
			 struct aesnictr_cmac_state *st,
			 u8 out[AESNICTR_BLOCK_SIZE])
{
	if (st->buflen == AESNICTR_BLOCK_SIZE) {
		crypto_xor(st->buf, key->sub_full, AESNICTR_BLOCK_SIZE);
	} else {
		st->buf[st->buflen] = 0x80;
		memset(st->buf + st->buflen + 1, 0,
		       AESNICTR_BLOCK_SIZE - st->buflen - 1);
		crypto_xor(st->buf, key->sub_part, AESNICTR_BLOCK_SIZE);
	}
	path->chain(&key->aes, st->mac, st->buf, AESNICTR_BLOCK_SIZE);
	memcpy(out, st->mac, AESNICTR_BLOCK_SIZE);
	memzero_explicit(st, sizeof(*st));
}
