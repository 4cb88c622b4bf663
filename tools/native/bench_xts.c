// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's xts-enc and xts-dec modes: the XTS key two AES keys of the
 * size shown, a 16-byte IV per message from a ring of its own (docs/performance.md,
 * "How `make bench` measures").
 */
#include "bench.h"
#include "xts_asm.h"

#define NR_XTS_IV	64		/* IVs written beforehand */

static const size_t xts_sizes[] = { 512, 4096, 16384, MAX_MSG, 0 };
static u8 xts_ivs[NR_XTS_IV][BLK];

/*
 * Ours: the routines of xts_aes.S by tier (strong references), those the
 * kernel glue runs: vaes2 on a CPU with VPCLMULQDQ (the vaes2 tier needs it
 * here, cpu.c) is the _clmul pair.
 */
typedef void xts_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, u8 tweak[AESNICTR_BLOCK_SIZE],
		      const struct aesnictr_key *tweak_key);
static xts_fn_t *const xts_enc_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_xts_encrypt_avx,
	[TIER_VAES2]	= aesnictr_xts_encrypt_vaes2_clmul,
	[TIER_VAES512]	= aesnictr_xts_encrypt_vaes512,
};
static xts_fn_t *const xts_dec_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_xts_decrypt_avx,
	[TIER_VAES2]	= aesnictr_xts_decrypt_vaes2_clmul,
	[TIER_VAES512]	= aesnictr_xts_decrypt_vaes512,
};

static const EVP_CIPHER *xts_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_xts() : EVP_aes_256_xts();
}

/* The XTS key of the bench's key: its halves key[0..n) || key[32..32+n). */
static void xts_key(u8 xk[64], const u8 *key, unsigned int bits)
{
	memcpy(xk, key, bits / 8);
	memcpy(xk + bits / 8, key + 32, bits / 8);
}

static void xts_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];
	u8 xk[64];
	unsigned int z;

	if (!xts_ivs[0][0]) {		/* the IV ring, once */
		for (z = 0; z < NR_XTS_IV; z++) {
			memcpy(xts_ivs[z], iv_ring[z], BLK);
			xts_ivs[z][15] = (u8)(z * 29 + 3);
		}
	}
	xts_key(xk, key, bits);
	switch (im->kind) {
	case IMPL_TIER:
		ours_expand(im, key, bits);
		aesnictr_invert_key(&im->xdec, &im->gk.aes);
		aesnictr_expand_key(&im->xtw, key + 32, bits / 8);
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, xts_evp(bits), NULL, xk,
				       zero_iv, cur->enc))
			die("EVP_CipherInit_ex (xts)");
		break;
	case IMPL_GCRYPT:
		gcrypt_open(im, bits, GCRY_CIPHER_MODE_XTS, xk, bits / 4,
			    "gcry_cipher_open/setkey (xts)");
		break;
	case IMPL_STOCK:
		im->st->xts_setkey(im->st_ctx, xk, bits / 4);
		break;
	default:
		break;
	}
}

/*
 * One XTS message: a fresh IV (from a ring written beforehand), the whole
 * of src[0..len) into out in one call.  Ours as the kernel glue: one call
 * of the tier's routine, given the IV (copied into the tweak buffer) and the
 * tweak key.
 */
static noinline void xts_msg(struct impl *im, int enc, u8 *out, size_t len)
{
	const u8 *iv = xts_ivs[(msg_no++ + chain_dep) % NR_XTS_IV];
	u8 tw[BLK];
	int n;

	switch (im->kind) {
	case IMPL_TIER:
		memcpy(tw, iv, BLK);
		if (enc)
			xts_enc_fns[im->tier](&im->gk.aes, out, src,
					      (unsigned int)len, tw, &im->xtw);
		else
			xts_dec_fns[im->tier](&im->xdec, out, src,
					      (unsigned int)len, tw, &im->xtw);
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, NULL, NULL, NULL, iv, -1) ||
		    !EVP_CipherUpdate(im->evp, out, &n, src, (int)len))
			die("EVP XTS");
		break;
	case IMPL_GCRYPT:
		if (gcry_cipher_setiv(im->gh, iv, BLK) ||
		    (enc ? gcry_cipher_encrypt : gcry_cipher_decrypt)(im->gh, out,
								      len, src, len))
			die("gcry XTS");
		break;
	case IMPL_STOCK:
		(enc ? im->st->xts_enc : im->st->xts_dec)(im->st_ctx, out, src,
							  (unsigned int)len, iv);
		break;
	default:
		break;
	}
}

static void xts_enc_msg(struct impl *im, u8 *out, size_t len)
{
	xts_msg(im, 1, out, len);
}

static void xts_dec_msg(struct impl *im, u8 *out, size_t len)
{
	xts_msg(im, 0, out, len);
}

BENCH_RUN(xts_enc_run, xts_msg(im, 1, dst, len), BENCH_OUT_ENC)
BENCH_RUN(xts_dec_run, xts_msg(im, 0, dst, len), BENCH_OUT_ENC)

/* A stock row at one length: output as OpenSSL's. */
static int xts_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 xk[64], iv[BLK];
	int n;

	xts_key(xk, key, bits);
	next_iv(iv);
	iv[15] = (u8)(i * 37);
	if (!c || !EVP_CipherInit_ex(c, xts_evp(bits), NULL, xk, iv, cur->enc) ||
	    !EVP_CipherUpdate(c, ref, &n, src, (int)len))
		die("EVP XTS (stock check)");
	EVP_CIPHER_CTX_free(c);
	(cur->enc ? im->st->xts_enc : im->st->xts_dec)(im->st_ctx, dst, src,
						       len, iv);
	if (memcmp(dst, ref, len)) {
		stock_failed(im, bits, "output differs from OpenSSL's", len);
		return -1;
	}
	return 0;
}

/* Lengths with ciphertext stealing, across the routines' thresholds. */
static const unsigned int xts_stock_lens[] = {
	16, 17, 31, 32, 47, 64, 100, 255, 256, 512, 4095, 4096, 4111, 16401,
	65536 + 13
};

/* xts-enc (e = 1) and xts-dec (e = 0). */
#define XTS_MODE(n, e, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= xts_sizes,					\
	.whole_blocks	= 1,						\
	.enc		= e,						\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |	\
			  KIND(IMPL_GCRYPT) | KIND(IMPL_STOCK),		\
	.stock		= STOCK_XTS,					\
	.set_key	= xts_set_key,					\
	.stock_check	= xts_stock_one,				\
	.stock_lens	= xts_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(xts_stock_lens),			\
	.msg		= (e) ? xts_enc_msg : xts_dec_msg,		\
	.run		= (e) ? xts_enc_run : xts_dec_run,

const struct bench_mode bench_xts_enc = {
	XTS_MODE("xts-enc", 1,
		 "XTS encrypt (two keys of the size shown, 16-byte IV)")
};
const struct bench_mode bench_xts_dec = {
	XTS_MODE("xts-dec", 0,
		 "XTS decrypt (two keys of the size shown, 16-byte IV)")
};
