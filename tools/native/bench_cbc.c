// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's cbc-enc and cbc-dec modes, and cts-enc and cts-dec (below):
 * cbc(aes) of the whole message, a
 * 16-byte IV per message from the bench's ring (docs/performance.md, "How
 * `make bench` measures").  A driver gets a request as the kernel's
 * skcipher_walk gives it: steps of at most a page (PAGE_SIZE, 4096 B), one
 * call per step, the IV carried from step to step; ours (the module's
 * skcipher_driver.c) and the stock kernels' rows are walked so here, the
 * message taken as starting on a page boundary.  OpenSSL: one
 * CipherUpdate.  libgcrypt has no row here.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bench.h"
#include "cbc_asm.h"
#include "cts_msg.h"

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

/*
 * cts-enc and cts-dec: cts(cbc(aes)) (CBC-CS3 as the kernel's cts
 * template) of the whole message, any length from 16, a 16-byte IV per
 * message from the ring.  Ours: the module's request (cts_msg.c): the head
 * (all but the last 17..32 bytes) through the tier's CBC routine in walk
 * steps of at most a page, then aesnictr_cts_tail().  Stock: each kernel's
 * cts-cbc-aes-aesni as its glue runs it (stock_cts_aesni()), and on 6.1
 * and 6.12 the -sync rows: the cts template over cbc(aes-aesni)
 * (stock_cts_template()).  OpenSSL: AES-*-CBC-CTS with CTS mode "CS3",
 * one CipherUpdate.  The sizes: fscrypt's file names (padded to 16 or 32)
 * and Kerberos messages (krb5's aes*-cts-hmac-sha*).
 */
static const size_t cts_sizes[] = { 17, 32, 64, 255, 1500, 4096, 16384, 0 };

static const EVP_CIPHER *cts_evp(unsigned int bits)
{
	static EVP_CIPHER *ciph[2];
	int i = bits == 256;

	if (!ciph[i] &&
	    !(ciph[i] = EVP_CIPHER_fetch(NULL, i ? "AES-256-CBC-CTS" :
						   "AES-128-CBC-CTS", NULL)))
		die("EVP_CIPHER_fetch AES-*-CBC-CTS");
	return ciph[i];
}

/* OpenSSL's CBC-CTS keyed, CTS mode CS3 (the kernel's). */
static int cts_evp_init(EVP_CIPHER_CTX *c, unsigned int bits, const u8 *key,
			const u8 *iv, int enc)
{
	OSSL_PARAM params[2] = {
		OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE,
						 (char *)"CS3", 0),
		OSSL_PARAM_construct_end(),
	};

	return EVP_CipherInit_ex2(c, cts_evp(bits), key, iv, enc, params);
}

static void cts_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		if (!im->cbck)
			im->cbck = bench_aligned(sizeof(*im->cbck));
		aesnictr_expand_key(&im->cbck->enc, key, bits / 8);
		aesnictr_invert_key(&im->cbck->dec, &im->cbck->enc);
		break;
	case IMPL_OPENSSL:
		if (!cts_evp_init(im->evp, bits, key, zero_iv, cur->enc))
			die("EVP_CipherInit_ex2 (cts)");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, 0);
		break;
	default:
		break;
	}
}

/* One cts message: a fresh IV, the whole of src[0..len) into out. */
static noinline void cts_one(struct impl *im, int enc, u8 *out, size_t len)
{
	u8 iv[BLK];
	int m;

	next_iv(iv);
	switch (im->kind) {
	case IMPL_TIER:
		cts_msg(im->cbck, &cts_tier_impls[im->tier], out, src,
			(unsigned int)len, iv, enc);
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, NULL, NULL, NULL, iv, -1) ||
		    !EVP_CipherUpdate(im->evp, out, &m, src, (int)len))
			die("EVP CBC-CTS");
		break;
	case IMPL_STOCK:
		(enc ? im->st->cts_enc : im->st->cts_dec)(im->st_ctx, out, src,
							  (unsigned int)len,
							  iv);
		break;
	default:
		break;
	}
}

static void cts_enc_msg(struct impl *im, u8 *out, size_t len)
{
	cts_one(im, 1, out, len);
}

static void cts_dec_msg(struct impl *im, u8 *out, size_t len)
{
	cts_one(im, 0, out, len);
}

BENCH_RUN(cts_enc_run, cts_one(im, 1, dst, len), BENCH_OUT_ENC)
BENCH_RUN(cts_dec_run, cts_one(im, 0, dst, len), BENCH_OUT_ENC)

/* A stock row at one length: output as OpenSSL's CS3. */
static int cts_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 iv[BLK];
	int n;

	next_iv(iv);
	iv[15] = (u8)(i * 37);
	if (!c || !cts_evp_init(c, bits, key, iv, cur->enc) ||
	    !EVP_CipherUpdate(c, ref, &n, src, (int)len))
		die("EVP CBC-CTS (stock check)");
	EVP_CIPHER_CTX_free(c);
	(cur->enc ? im->st->cts_enc : im->st->cts_dec)(im->st_ctx, dst, src,
						       len, iv);
	if (memcmp(dst, ref, len)) {
		stock_failed(im, bits, "output differs from OpenSSL's CS3", len);
		return -1;
	}
	return 0;
}

/* One block, the tail alone, both ends of the walk's page steps. */
static const unsigned int cts_stock_lens[] = {
	16, 17, 31, 32, 33, 47, 48, 49, 64, 255, 1500, 4095, 4096, 4097,
	4111, 4112, 4113, 4127, 4128, 4129, 8207, 16384, 65551
};

#define CTS_MODE(n, e, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= cts_sizes,					\
	.enc		= e,						\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |	\
			  KIND(IMPL_STOCK),				\
	.stock		= STOCK_CTS,					\
	.set_key	= cts_set_key,					\
	.stock_check	= cts_stock_one,				\
	.stock_lens	= cts_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(cts_stock_lens),			\
	.msg		= (e) ? cts_enc_msg : cts_dec_msg,		\
	.run		= (e) ? cts_enc_run : cts_dec_run,

const struct bench_mode bench_cts_enc = {
	CTS_MODE("cts-enc", 1,
		 "CBC-CS3 encrypt, cts(cbc(aes)) (16-byte IV; ours and stock: CBC per walk step of at most 4096 B, then the last 17..32 bytes; OpenSSL CBC-CTS CS3)")
};
const struct bench_mode bench_cts_dec = {
	CTS_MODE("cts-dec", 0,
		 "CBC-CS3 decrypt, cts(cbc(aes)) (16-byte IV; ours and stock: CBC per walk step of at most 4096 B, then the last 17..32 bytes; OpenSSL CBC-CTS CS3)")
};
