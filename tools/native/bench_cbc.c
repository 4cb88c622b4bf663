// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's cbc-enc and cbc-dec modes: cbc(aes) of the whole message, a
 * 16-byte IV per message from the bench's ring (docs/performance.md, "How
 * `make bench` measures").  A driver gets a request as the kernel's
 * skcipher_walk gives it: steps of at most a page (PAGE_SIZE, 4096 B), one
 * call per step, the IV carried from step to step; ours (the module's
 * skcipher_driver.c) and the stock kernels' rows are walked so here, the
 * message taken as starting on a page boundary.  OpenSSL: one
 * CipherUpdate.  libgcrypt has no row here.
 */
#include "bench.h"
#include "cbc_asm.h"

#define CBC_STEP	4096	/* the largest skcipher walk step: a page */

static const size_t cbc_sizes[] = { 512, 4096, 16384, MAX_MSG, 0 };

/*
 * Ours: the routines of cbc_aes.S (strong references), those the kernel
 * glue runs: one encryption for every tier (a serial chain), the tier's
 * decryption.
 */
typedef void cbc_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, u8 iv[AESNICTR_BLOCK_SIZE]);
static cbc_fn_t *const cbc_enc_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_cbc_encrypt_avx,
	[TIER_VAES2]	= aesnictr_cbc_encrypt_avx,
	[TIER_VAES512]	= aesnictr_cbc_encrypt_avx,
};
static cbc_fn_t *const cbc_dec_fns[NR_TIERS] = {
	[TIER_AVX]	= aesnictr_cbc_decrypt_avx,
	[TIER_VAES2]	= aesnictr_cbc_decrypt_vaes2,
	[TIER_VAES512]	= aesnictr_cbc_decrypt_vaes512,
};

static const EVP_CIPHER *cbc_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
}

static void cbc_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		ours_expand(im, key, bits);
		aesnictr_invert_key(&im->xdec, &im->gk.aes);
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, cbc_evp(bits), NULL, key,
				       zero_iv, cur->enc) ||
		    !EVP_CIPHER_CTX_set_padding(im->evp, 0))
			die("EVP_CipherInit_ex (cbc)");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, 0);
		break;
	default:
		break;
	}
}

/* A stock row's request: its walk steps, iv carried between them. */
static void cbc_stock_walk(const struct impl *im, int enc, u8 *out,
			   const u8 *in, size_t len, u8 iv[BLK])
{
	void (*fn)(const void *ctx, u8 *dst, const u8 *src, unsigned int len,
		   u8 iv[16]) = enc ? im->st->cbc_enc : im->st->cbc_dec;
	size_t off, n;

	for (off = 0; off < len; off += n) {
		n = len - off < CBC_STEP ? len - off : CBC_STEP;
		fn(im->st_ctx, out + off, in + off, (unsigned int)n, iv);
	}
}

/*
 * One CBC message: a fresh IV (from the ring written beforehand), the
 * whole of src[0..len) into out.  Ours as the kernel glue: one call of
 * the tier's routine per walk step.
 */
static noinline void cbc_msg(struct impl *im, int enc, u8 *out, size_t len)
{
	const struct aesnictr_key *k = enc ? &im->gk.aes : &im->xdec;
	cbc_fn_t *fn = (enc ? cbc_enc_fns : cbc_dec_fns)[im->tier];
	u8 iv[BLK];
	size_t off, n;
	int m;

	next_iv(iv);
	switch (im->kind) {
	case IMPL_TIER:
		for (off = 0; off < len; off += n) {
			n = len - off < CBC_STEP ? len - off : CBC_STEP;
			fn(k, out + off, src + off, (unsigned int)n, iv);
		}
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, NULL, NULL, NULL, iv, -1) ||
		    !EVP_CipherUpdate(im->evp, out, &m, src, (int)len))
			die("EVP CBC");
		break;
	case IMPL_STOCK:
		cbc_stock_walk(im, enc, out, src, len, iv);
		break;
	default:
		break;
	}
}

static void cbc_enc_msg(struct impl *im, u8 *out, size_t len)
{
	cbc_msg(im, 1, out, len);
}

static void cbc_dec_msg(struct impl *im, u8 *out, size_t len)
{
	cbc_msg(im, 0, out, len);
}

BENCH_RUN(cbc_enc_run, cbc_msg(im, 1, dst, len), BENCH_OUT_ENC)
BENCH_RUN(cbc_dec_run, cbc_msg(im, 0, dst, len), BENCH_OUT_ENC)

/*
 * A stock row at one length: output as OpenSSL's, and the IV left as the
 * walk leaves it for the caller (the last ciphertext block).
 */
static int cbc_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 iv[BLK];
	int n;

	next_iv(iv);
	iv[15] = (u8)(i * 37);
	if (!c || !EVP_CipherInit_ex(c, cbc_evp(bits), NULL, key, iv, cur->enc) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    !EVP_CipherUpdate(c, ref, &n, src, (int)len))
		die("EVP CBC (stock check)");
	EVP_CIPHER_CTX_free(c);
	cbc_stock_walk(im, cur->enc, dst, src, len, iv);
	if (memcmp(dst, ref, len)) {
		stock_failed(im, bits, "output differs from OpenSSL's", len);
		return -1;
	}
	if (memcmp(iv, (cur->enc ? ref : src) + len - BLK, BLK)) {
		stock_failed(im, bits, "IV out is not the last ciphertext block",
			     len);
		return -1;
	}
	return 0;
}

/* Lengths across the routines' strides and the walk's page steps. */
static const unsigned int cbc_stock_lens[] = {
	16, 32, 48, 64, 80, 112, 128, 256, 4080, 4096, 4112, 8192 + 48,
	65536 + 16
};

/*
 * cbc-enc (e = 1) and cbc-dec (e = 0).  7.3 has also crypto/aes.c's
 * cbc-aes-lib, but at priority 110 below cbc-aes-aesni's 400 it is never
 * what a caller gets on a CPU with AES-NI, so it has no row.
 */
#define CBC_MODE(n, e, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= cbc_sizes,					\
	.whole_blocks	= 1,						\
	.enc		= e,						\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |	\
			  KIND(IMPL_STOCK),				\
	.stock		= STOCK_CBC,					\
	.set_key	= cbc_set_key,					\
	.stock_check	= cbc_stock_one,				\
	.stock_lens	= cbc_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(cbc_stock_lens),			\
	.msg		= (e) ? cbc_enc_msg : cbc_dec_msg,		\
	.run		= (e) ? cbc_enc_run : cbc_dec_run,

const struct bench_mode bench_cbc_enc = {
	CBC_MODE("cbc-enc", 1,
		 "CBC encrypt (16-byte IV; ours and stock one call per walk step of at most 4096 B)")
};
const struct bench_mode bench_cbc_dec = {
	CBC_MODE("cbc-dec", 0,
		 "CBC decrypt (16-byte IV; ours and stock one call per walk step of at most 4096 B)")
};
