// SPDX-License-Identifier: GPL-2.0
/*
 * The ccm family's message layer and C path (ccm_generic.h).
 *
 * The MAC input is B0 || the AAD's length prefix || the AAD, zero-padded to
 * 16 bytes, then the text, zero-padded.  begin() puts B0 and the prefix in
 * buf without AES (the request driver calls it outside the FPU section);
 * the first hash(), crypt() or final() MACs B0 with start(), which makes
 * the tag's keystream E_K(A_0) beside it.  Text pieces but the last
 * are whole blocks (the request driver's walk), so only the text's last
 * block can be partial: its keystream is one block() and its padded
 * plaintext one mac() call.
 */

#include "ccm_generic.h"

#define BLK	AESNICTR_BLOCK_SIZE

int aesnictr_ccm_check(const u8 iv[AESNICTR_CCM_IV_SIZE], unsigned int len)
{
	unsigned int l = iv[0] + 1;

	if (l < 2 || l > 8)
		return -EINVAL;
	if (l < 4 && len > 1U << (8 * l))
		return -EOVERFLOW;
	return 0;
}

void aesnictr_ccm_begin(struct aesnictr_ccm_state *s,
			const u8 iv[AESNICTR_CCM_IV_SIZE], unsigned int alen,
			unsigned int len, unsigned int authsize)
{
	unsigned int l = iv[0] + 1;
	u8 *b0 = s->buf;
	u8 lenbe[4];

	memset(s->mac, 0, BLK);
	s->started = false;
	/* A_0: the flags (L - 1), the nonce, a zero counter */
	memcpy(s->a0, iv, BLK);
	memset(s->a0 + BLK - l, 0, l);
	memcpy(s->ctr, s->a0, BLK);
	s->ctr[BLK - 1] = 1;

	/* B0: flags Adata | (M - 2) / 2 | L - 1, the nonce, the length */
	memcpy(b0, s->a0, BLK);
	b0[0] |= 8 * ((authsize - 2) / 2);
	if (alen)
		b0[0] |= 64;
	/* the low min(L, 4) bytes: the template's set_msg_len truncates */
	put_unaligned_be32(len, lenbe);
	memcpy(b0 + BLK - min_t(unsigned int, l, 4),
	       lenbe + 4 - min_t(unsigned int, l, 4), min_t(unsigned int, l, 4));
	s->buflen = BLK;
	if (!alen)
		return;
	if (alen < 0xff00) {
		s->buf[BLK] = (u8)(alen >> 8);
		s->buf[BLK + 1] = (u8)alen;
		s->buflen += 2;
	} else {
		s->buf[BLK] = 0xff;
		s->buf[BLK + 1] = 0xfe;
		put_unaligned_be32(alen, s->buf + BLK + 2);
		s->buflen += 6;
	}
}

/* MAC the first block of buf if it is full, keeping the rest. */
static void ccm_mac_buf(const struct aesnictr_ccm_ops *ops,
			const struct aesnictr_ccm_key *key,
			struct aesnictr_ccm_state *s)
{
	if (s->buflen < BLK)
		return;
	if (!s->started) {		/* buf starts with B0 */
		ops->start(&key->aes, s->mac, s->s0, s->buf, s->a0);
		s->started = true;
	} else {
		ops->mac(&key->aes, s->mac, s->buf, BLK);
	}
	memmove(s->buf, s->buf + BLK, s->buflen - BLK);
	s->buflen -= BLK;
}

void aesnictr_ccm_hash(const struct aesnictr_ccm_ops *ops,
		       const struct aesnictr_ccm_key *key,
		       struct aesnictr_ccm_state *s, const u8 *data,
		       unsigned int len)
{
	unsigned int n;

	ccm_mac_buf(ops, key, s);
	if (s->buflen) {
		n = min_t(unsigned int, len, BLK - s->buflen);
		memcpy(s->buf + s->buflen, data, n);
		s->buflen += n;
		data += n;
		len -= n;
		ccm_mac_buf(ops, key, s);
	}
	n = len & ~(BLK - 1);
	if (n) {
		ops->mac(&key->aes, s->mac, data, n);
		data += n;
		len -= n;
	}
	if (len) {
		memcpy(s->buf, data, len);
		s->buflen = len;
	}
}

/* The MAC input so far, zero-padded to a block: before the text. */
static void ccm_flush(const struct aesnictr_ccm_ops *ops,
		      const struct aesnictr_ccm_key *key,
		      struct aesnictr_ccm_state *s)
{
	ccm_mac_buf(ops, key, s);
	if (!s->buflen)
		return;
	memset(s->buf + s->buflen, 0, BLK - s->buflen);
	s->buflen = BLK;
	ccm_mac_buf(ops, key, s);
}

void aesnictr_ccm_crypt(const struct aesnictr_ccm_ops *ops,
			const struct aesnictr_ccm_key *key,
			struct aesnictr_ccm_state *s, u8 *dst, const u8 *src,
			unsigned int len, bool enc)
{
	unsigned int full = len & ~(BLK - 1), n = len - full;
	u8 ks[BLK], pad[BLK] = {};

	ccm_flush(ops, key, s);
	if (full)
		(enc ? ops->enc : ops->dec)(&key->aes, s->mac, s->ctr, dst, src,
					    full);
	if (!n)
		return;
	ops->block(&key->aes, ks, s->ctr);
	if (enc) {
		memcpy(pad, src + full, n);
		crypto_xor_cpy(dst + full, pad, ks, n);
	} else {
		crypto_xor_cpy(pad, src + full, ks, n);
		memcpy(dst + full, pad, n);
	}
	ops->mac(&key->aes, s->mac, pad, BLK);
	memzero_explicit(ks, sizeof(ks));
	memzero_explicit(pad, sizeof(pad));
}

void aesnictr_ccm_final(const struct aesnictr_ccm_ops *ops,
			const struct aesnictr_ccm_key *key,
			struct aesnictr_ccm_state *s, u8 tag[AESNICTR_BLOCK_SIZE])
{
	ccm_flush(ops, key, s);		/* B0 and the AAD, if no text came */
	crypto_xor_cpy(tag, s->mac, s->s0, BLK);
	memzero_explicit(s, sizeof(*s));
}

/* ---- the C path: the bitsliced AES of aes_ct.c, its prepared schedule ---- */

static const struct aesnictr_ct_sched *ccm_c_sched(const struct aesnictr_key *k)
{
	/* the assembly's argument is the aes member at offset 0 */
	return &((const struct aesnictr_ccm_key *)k)->ct;
}

static AESNICTR_CCM_MAC(ccm_c_mac)
{
	const struct aesnictr_ct_sched *ct = ccm_c_sched(key);
	unsigned int i;

	for (i = 0; i + BLK <= len; i += BLK) {
		crypto_xor(mac, data + i, BLK);
		aesnictr_ct_encrypt_sched(ct, mac, mac, 1);
	}
}

/* B0's MAC and S_0 as one batch of two blocks. */
static AESNICTR_CCM_START(ccm_c_start)
{
	u8 b[2 * BLK];

	memcpy(b, b0, BLK);
	memcpy(b + BLK, a0, BLK);
	aesnictr_ct_encrypt_sched(ccm_c_sched(key), b, b, 2);
	memcpy(mac, b, BLK);
	memcpy(s0, b + BLK, BLK);
	memzero_explicit(b, sizeof(b));
}

static AESNICTR_CCM_BLOCK(ccm_c_block)
{
	aesnictr_ct_encrypt_sched(ccm_c_sched(key), dst, src, 1);
}

/* Keystream a batch at a time, then the MAC block by block. */
static void ccm_c_crypt(const struct aesnictr_key *key, u8 *mac, u8 *ctr,
			u8 *dst, const u8 *src, unsigned int len, bool enc)
{
	const struct aesnictr_ct_sched *ct = ccm_c_sched(key);
	u8 ks[AESNICTR_CT_BATCH * BLK], p[BLK];
	unsigned int nb, i;

	for (; len >= BLK; len -= nb * BLK, src += nb * BLK, dst += nb * BLK) {
		nb = min_t(unsigned int, len / BLK, AESNICTR_CT_BATCH);
		for (i = 0; i < nb; i++) {
			memcpy(ks + i * BLK, ctr, BLK);
			put_unaligned_be32(get_unaligned_be32(ctr + 12) + 1,
					   ctr + 12);
		}
		aesnictr_ct_encrypt_sched(ct, ks, ks, nb);
		for (i = 0; i < nb; i++) {
			if (enc) {
				memcpy(p, src + i * BLK, BLK);
				crypto_xor_cpy(dst + i * BLK, p, ks + i * BLK,
					       BLK);
			} else {
				crypto_xor_cpy(p, src + i * BLK, ks + i * BLK,
					       BLK);
				memcpy(dst + i * BLK, p, BLK);
			}
			crypto_xor(mac, p, BLK);
			aesnictr_ct_encrypt_sched(ct, mac, mac, 1);
		}
	}
	memzero_explicit(ks, sizeof(ks));
	memzero_explicit(p, sizeof(p));
}

static AESNICTR_CCM_CRYPT(ccm_c_enc)
{
	ccm_c_crypt(key, mac, ctr, dst, src, len, true);
}

static AESNICTR_CCM_CRYPT(ccm_c_dec)
{
	ccm_c_crypt(key, mac, ctr, dst, src, len, false);
}

const struct aesnictr_ccm_ops aesnictr_ccm_c_ops = {
	.mac	= ccm_c_mac,
	.start	= ccm_c_start,
	.block	= ccm_c_block,
	.enc	= ccm_c_enc,
	.dec	= ccm_c_dec,
};
