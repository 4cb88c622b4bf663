// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's ccm-enc and ccm-dec modes: L = 4 (an 11-byte nonce, as
 * rfc4309 makes), 16 bytes of AAD, a 16-byte tag; decryption of a ring of
 * messages made beforehand, the tag checked (docs/performance.md, "How `make bench`
 * measures").
 *
 * Ours: the avx assembly (ccm_aes.S) under the module's message layer
 * (ccm_generic.c), as the glue runs a request.  The stock kernels have no
 * x86 CCM: their ccm(aes) is the template ccm_base(ctr(aes), cbcmac(aes)),
 * modelled here as the template composes it: cbcmac encrypts one block per
 * call of the single-block cipher (aesni_enc; in the kernel on 6.1/6.12
 * each call is also an FPU section, which this userspace model does not
 * pay), over B0, the AAD with its length prefix and the plaintext, and the
 * kernel's ctr(aes) assembly en/decrypts (decryption first, the MAC over
 * its output); the tag is the MAC XOR E(A_0).  No template or scatterlist
 * overhead is modelled: the stock rows are a lower bound on its cost.
 */
#include "bench.h"
#include "ccm_generic.h"

#define CCM_L		4
#define CCM_NONCE	(15 - CCM_L)
#define CCM_AAD		16

static const size_t ccm_sizes[] = {
	64, 256, 512, 1420, 4096, 16384, MAX_MSG, 0
};
static const u8 ccm_aad[CCM_AAD] = "aesnictr bench!";

/* Ours: one key (only the avx row runs CCM), the assembly's operations. */
static struct aesnictr_ccm_key ours_key __attribute__((aligned(64)));
static const struct aesnictr_ccm_ops ours_ops = {
	.mac = aesnictr_ccm_mac_avx, .start = aesnictr_ccm_start_avx,
	.block = aesnictr_ccm_block_avx,
	.enc = aesnictr_ccm_enc_avx, .dec = aesnictr_ccm_dec_avx,
};

static const EVP_CIPHER *ccm_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_ccm() : EVP_aes_256_ccm();
}

/* The kernel's 16-byte CCM IV (L - 1, nonce, zero counter) from iv. */
static void ccm_iv16(u8 iv16[BLK], const u8 *nonce)
{
	memset(iv16, 0, BLK);
	iv16[0] = CCM_L - 1;
	memcpy(iv16 + 1, nonce, CCM_NONCE);
}

static void ccm_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	int ok;

	switch (im->kind) {
	case IMPL_TIER:
		memset(&ours_key, 0, sizeof(ours_key));
		aesnictr_expand_key(&ours_key.aes, key, bits / 8);
		break;
	case IMPL_OPENSSL:
		ok = cur->enc ?
		     EVP_EncryptInit_ex(im->evp, ccm_evp(bits), NULL, NULL,
					NULL) :
		     EVP_DecryptInit_ex(im->evp, ccm_evp(bits), NULL, NULL,
					NULL);
		ok = ok && EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_AEAD_SET_IVLEN,
					       CCM_NONCE, NULL);
		if (cur->enc)
			ok = ok && EVP_CIPHER_CTX_ctrl(im->evp,
						       EVP_CTRL_AEAD_SET_TAG,
						       BLK, NULL) &&
			     EVP_EncryptInit_ex(im->evp, NULL, NULL, key, NULL);
		else
			ok = ok && EVP_CIPHER_CTX_ctrl(im->evp,
						       EVP_CTRL_AEAD_SET_TAG,
						       BLK, NULL) &&
			     EVP_DecryptInit_ex(im->evp, NULL, NULL, key, NULL);
		if (!ok)
			die("EVP CCM key");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, 0);
		break;
	default:
		break;
	}
}

/* Ours, as the glue's request: check, begin, the AAD, the text, the tag. */
static inline void ccm_ours_msg(int enc, const u8 *nonce, u8 *out,
				const u8 *in, size_t len, u8 tag[BLK])
{
	struct aesnictr_ccm_state s;
	u8 iv16[BLK];

	ccm_iv16(iv16, nonce);
	if (aesnictr_ccm_check(iv16, (unsigned int)len))
		die("ccm check");
	aesnictr_ccm_begin(&s, iv16, CCM_AAD, (unsigned int)len, BLK);
	aesnictr_ccm_hash(&ours_ops, &ours_key, &s, ccm_aad, CCM_AAD);
	aesnictr_ccm_crypt(&ours_ops, &ours_key, &s, out, in,
			   (unsigned int)len, enc);
	aesnictr_ccm_final(&ours_ops, &ours_key, &s, tag);
}

/* ---- the stock composition ---- */

/* The template's cbcmac: one single-block call per 16 bytes. */
struct cbcmac {
	const struct stock_impl *st;
	const void *ctx;
	u8 dg[BLK];
	unsigned int n;
};

static void cbcmac_update(struct cbcmac *c, const u8 *p, unsigned int len)
{
	while (len) {
		unsigned int k = BLK - c->n < len ? BLK - c->n : len;
		unsigned int i;

		for (i = 0; i < k; i++)
			c->dg[c->n + i] ^= p[i];
		c->n += k;
		p += k;
		len -= k;
		if (c->n == BLK) {
			c->st->aes_block(c->ctx, c->dg, c->dg);
			c->n = 0;
		}
	}
}

/* The MAC input ends each part zero-padded: finish the partial block. */
static void cbcmac_pad(struct cbcmac *c)
{
	if (c->n) {
		c->st->aes_block(c->ctx, c->dg, c->dg);
		c->n = 0;
	}
}

static const struct stock_impl *ccm_st;	/* the row of stock_ccm_enc/dec */

/* ccm_base(ctr, cbcmac) of one request; the MAC into mac. */
static void stock_ccm(const void *ctx, int enc, const u8 *nonce,
		      const u8 *aad, unsigned int aad_len, const u8 *src,
		      u8 *dst, unsigned int len, u8 mac[BLK])
{
	struct cbcmac c = { .st = ccm_st, .ctx = ctx };
	u8 b0[BLK], a[BLK], s0[BLK];
	u8 pre[2] = { (u8)(aad_len >> 8), (u8)aad_len };
	unsigned int i;

	ccm_iv16(a, nonce);
	memcpy(b0, a, BLK);
	b0[0] |= 8 * ((BLK - 2) / 2) | (aad_len ? 64 : 0);
	b0[12] = (u8)(len >> 24);
	b0[13] = (u8)(len >> 16);
	b0[14] = (u8)(len >> 8);
	b0[15] = (u8)len;
	cbcmac_update(&c, b0, BLK);
	if (aad_len) {
		cbcmac_update(&c, pre, 2);
		cbcmac_update(&c, aad, aad_len);
		cbcmac_pad(&c);
	}
	ccm_st->aes_block(ctx, s0, a);		/* S_0 */
	a[BLK - 1] = 1;
	if (enc) {
		cbcmac_update(&c, src, len);
		cbcmac_pad(&c);
		ccm_st->ctr(ctx, dst, src, len, a);
	} else {
		ccm_st->ctr(ctx, dst, src, len, a);
		cbcmac_update(&c, dst, len);
		cbcmac_pad(&c);
	}
	for (i = 0; i < BLK; i++)
		mac[i] = c.dg[i] ^ s0[i];
}

static void stock_ccm_enc(const void *ctx, const u8 *iv, const u8 *aad,
			  unsigned int aad_len, const u8 *src, u8 *dst,
			  unsigned int len, u8 *tag)
{
	stock_ccm(ctx, 1, iv, aad, aad_len, src, dst, len, tag);
}

static int stock_ccm_dec(const void *ctx, const u8 *iv, const u8 *aad,
			 unsigned int aad_len, const u8 *src, u8 *dst,
			 unsigned int len, const u8 *tag)
{
	u8 mac[BLK];

	stock_ccm(ctx, 0, iv, aad, aad_len, src, dst, len, mac);
	return !memcmp(mac, tag, BLK);
}

/* ---- the modes ---- */

static noinline void ccm_enc_msg(struct impl *im, u8 *out, size_t len)
{
	u8 iv[BLK];
	int n, n1, n2;

	next_iv(iv);		/* its first 11 bytes are the nonce */
	switch (im->kind) {
	case IMPL_TIER:
		ccm_ours_msg(1, iv, out, src, len, im->tag);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, NULL, &n, NULL, (int)len) ||
		    !EVP_EncryptUpdate(im->evp, NULL, &n, ccm_aad, CCM_AAD) ||
		    !EVP_EncryptUpdate(im->evp, out, &n1, src, (int)len) ||
		    !EVP_EncryptFinal_ex(im->evp, out + n1, &n2) ||
		    !EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_AEAD_GET_TAG, BLK,
					 im->tag))
			die("EVP CCM encrypt");
		break;
	case IMPL_STOCK:
		ccm_st = im->st;
		stock_ccm(im->st_ctx, 1, iv, ccm_aad, CCM_AAD, src, out,
			  (unsigned int)len, im->tag);
		break;
	default:
		break;
	}
}

static noinline void ccm_dec_msg(struct impl *im, u8 *out, size_t len)
{
	unsigned int r = (ring_next++ + chain_dep) % NR_RING;
	const u8 *iv = ring[r].iv, *ct = ring[r].ct;
	int n, n1;

	switch (im->kind) {
	case IMPL_TIER:
		ccm_ours_msg(0, iv, out, ct, len, im->tag);
		if (memcmp(im->tag, ring[r].tag, BLK))
			tag_bad = 1;
		break;
	case IMPL_OPENSSL:
		if (!EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_AEAD_SET_TAG, BLK,
					 ring[r].tag) ||
		    !EVP_DecryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_DecryptUpdate(im->evp, NULL, &n, NULL, (int)len) ||
		    !EVP_DecryptUpdate(im->evp, NULL, &n, ccm_aad, CCM_AAD))
			die("EVP CCM decrypt");
		if (EVP_DecryptUpdate(im->evp, out, &n1, ct, (int)len) <= 0)
			tag_bad = 1;
		break;
	case IMPL_STOCK:
		ccm_st = im->st;
		if (!stock_ccm_dec(im->st_ctx, iv, ccm_aad, CCM_AAD, ct, out,
				   (unsigned int)len, ring[r].tag))
			tag_bad = 1;
		break;
	default:
		break;
	}
}

/*
 * The bound: CBC-MAC is one serial AES chain, B0, the AAD (with its 2-byte
 * length prefix, zero-padded) and the text (zero-padded), nrounds AESENC
 * latencies a block (bench_aes_chain_block_s()).  Ours makes the tag's
 * keystream E(A_0) beside B0, so its chain is exactly these blocks;
 * measured at every run of every size.
 */
void bench_add_chain(long iters);

static size_t ccm_chain_blocks(size_t len)
{
	return 1 + (2 + CCM_AAD + BLK - 1) / BLK + (len + BLK - 1) / BLK;
}

static double ccm_bound(unsigned int bits, size_t len)
{
	return bench_aes_chain_block_s(bits) * (double)ccm_chain_blocks(len);
}

/*
 * Under the table: the chain's latency per round and per byte, in ns and
 * in cycles by an ADD-chain clock (one dependent register ADD per cycle,
 * turbo included), and ours in the same units at the last size.
 */
static void ccm_bound_note(unsigned int bits, size_t len, double ours_gbps)
{
	unsigned int nr = bits == 128 ? 10 : 14;
	double blk = 1e30, ghz = 0, t, cb_bound, cb_ours;
	long iters = 20000;
	int k;

	for (k = 0; k < 9; k++) {
		t = now();
		bench_add_chain(iters);
		t = now() - t;
		if (100.0 * (double)iters / t / 1e9 > ghz)
			ghz = 100.0 * (double)iters / t / 1e9;
		t = bench_aes_chain_block_s(bits);
		if (t < blk)
			blk = t;
	}
	cb_bound = blk * 1e9 * ghz / BLK;
	cb_ours = ghz / ours_gbps;
	printf("chain bound: %u rounds x %.3f ns (%.2f cycles at %.2f GHz, ADD-chain clock) = %.2f ns per 16 B = %.3f c/B of text;\n"
	       "ours at %zu B: %.3f c/B = %.2fx the bound per text byte (the message's chain also has B0 and 2 AAD blocks)\n",
	       nr, blk * 1e9 / nr, blk * 1e9 * ghz / nr, ghz, blk * 1e9,
	       cb_bound, len, cb_ours, cb_ours / cb_bound);
}

BENCH_RUN(ccm_enc_run, ccm_enc_msg(im, dst, len), BENCH_OUT_ENC)
BENCH_RUN(ccm_dec_run, ccm_dec_msg(im, dst, len), BENCH_OUT_DEC)

/* OpenSSL's CCM encryption of one message: the reference. */
static void ccm_ossl(unsigned int bits, const u8 *key, const u8 *nonce,
		     const u8 *aad, unsigned int aad_len, const u8 *in,
		     u8 *out, unsigned int len, u8 tag[BLK])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	static const u8 dummy[1];
	int n, n1 = 0, n2;

	if (!c || !EVP_EncryptInit_ex(c, ccm_evp(bits), NULL, NULL, NULL) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, CCM_NONCE, NULL) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, BLK, NULL) ||
	    !EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) ||
	    !EVP_EncryptUpdate(c, NULL, &n, NULL, (int)len) ||
	    (aad_len && !EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len)) ||
	    !EVP_EncryptUpdate(c, out, &n1, len ? in : dummy, (int)len) ||
	    !EVP_EncryptFinal_ex(c, out + n1, &n2) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, BLK, tag))
		die("EVP (ccm reference)");
	EVP_CIPHER_CTX_free(c);
}

/* ccm-dec: the ring of messages of len bytes, made with OpenSSL. */
static void ccm_make_ring(const u8 *key, unsigned int bits, size_t len)
{
	u8 iv[BLK];
	unsigned int r;

	for (r = 0; r < NR_RING; r++) {
		next_iv(iv);
		memcpy(ring[r].iv, iv, BLK);
		ccm_ossl(bits, key, iv, ccm_aad, CCM_AAD, src, ring[r].ct,
			 (unsigned int)len, ring[r].tag);
	}
	ring_next = 0;
}

/* A stock row at one length, with AAD of several lengths. */
static int ccm_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	static const unsigned int aad_lens[] = { 16, 0, 20, 47 };
	const u8 *aad = src + MAX_MSG - 64;
	unsigned int aad_len = aad_lens[i % 4];
	u8 iv[BLK], tag[BLK];

	ccm_st = im->st;
	next_iv(iv);
	ccm_ossl(bits, key, iv, aad, aad_len, src, ref, len, tag);
	return stock_check_aead(im, bits, cur->enc ? stock_ccm_enc : NULL,
				stock_ccm_dec, iv, aad, aad_len, len, tag,
				i % BLK);
}

static const unsigned int ccm_stock_lens[] = {
	0, 1, 15, 16, 17, 64, 100, 255, 256, 1420, 4095, 4096, 4111, 16401
};

/* ccm-enc (e = 1) and ccm-dec (e = 0). */
#define CCM_MODE(n, e, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= ccm_sizes,					\
	.ring		= !(e),						\
	.enc		= e,						\
	.tag_len	= BLK,						\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |	\
			  KIND(IMPL_STOCK),				\
	.tiers		= 1u << TIER_AVX,				\
	.stock		= STOCK_CCM,					\
	.set_key	= ccm_set_key,					\
	.stock_check	= ccm_stock_one,				\
	.stock_lens	= ccm_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(ccm_stock_lens),			\
	.prepare	= (e) ? NULL : ccm_make_ring,			\
	.msg		= (e) ? ccm_enc_msg : ccm_dec_msg,		\
	.run		= (e) ? ccm_enc_run : ccm_dec_run,		\
	.bound		= ccm_bound,					\
	.bound_note	= ccm_bound_note,				\
	.bound_col	= "chain bound",

const struct bench_mode bench_ccm_enc = {
	CCM_MODE("ccm-enc", 1,
		 "CCM encrypt (11-byte nonce, 16-byte AAD, 16-byte tag)")
};
const struct bench_mode bench_ccm_dec = {
	CCM_MODE("ccm-dec", 0,
		 "CCM decrypt (11-byte nonce, 16-byte AAD, 16-byte tag checked)")
};
