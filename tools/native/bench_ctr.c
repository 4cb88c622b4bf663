// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's ctr mode: each message a fresh IV and the whole of src into
 * the output (docs/performance.md, "How `make bench` measures").
 */
#include "bench.h"
#include "ctr_split.h"

static const size_t ctr_sizes[] = {
	64, 256, 512, 1420, 4096, 16384, MAX_MSG, 0
};

static const EVP_CIPHER *ctr_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
}

static void ctr_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		ours_expand(im, key, bits);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, ctr_evp(bits), NULL, key,
					zero_iv))
			die("EVP_EncryptInit_ex");
		break;
	case IMPL_GCRYPT:
		gcrypt_open(im, bits, GCRY_CIPHER_MODE_CTR, key, bits / 8,
			    "gcry_cipher_open/setkey");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, 0);
		break;
	default:
		break;
	}
}

/* One CTR message: fresh IV, the whole of src[0..len) into out. */
static noinline void ctr_msg(struct impl *im, u8 *out, size_t len)
{
	u8 iv[BLK];
	int n1, n2;

	next_iv(iv);
	switch (im->kind) {
	case IMPL_TIER:
		ctr_crypt_split(tier_fns[im->tier], &im->gk.aes, out, src, len,
				iv);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, out, &n1, src, (int)len) ||
		    !EVP_EncryptFinal_ex(im->evp, out + n1, &n2))
			die("EVP encrypt");
		break;
	case IMPL_GCRYPT:
		if (gcry_cipher_setctr(im->gh, iv, BLK) ||
		    gcry_cipher_encrypt(im->gh, out, len, src, len))
			die("gcry_cipher_encrypt");
		break;
	case IMPL_STOCK:
		im->st->ctr(im->st_ctx, out, src, (unsigned int)len, iv);
		break;
	default:
		break;
	}
}

BENCH_RUN(ctr_run, ctr_msg(im, dst, len), BENCH_OUT_ENC)

/*
 * A stock row at one length: output as OpenSSL's, the counter handed back
 * advanced by the blocks used.
 */
static int ctr_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 iv[BLK], iv2[BLK];
	int n1 = 0, n2;

	(void)i;
	next_iv(iv);
	if (!c || !EVP_EncryptInit_ex(c, ctr_evp(bits), NULL, key, iv) ||
	    (len && !EVP_EncryptUpdate(c, ref, &n1, src, (int)len)) ||
	    !EVP_EncryptFinal_ex(c, ref + n1, &n2))
		die("EVP (stock check)");
	EVP_CIPHER_CTX_free(c);
	memcpy(iv2, iv, BLK);
	im->st->ctr(im->st_ctx, dst, src, len, iv2);
	be128_add(iv, (len + BLK - 1) / BLK);
	if (memcmp(dst, ref, len)) {
		stock_failed(im, bits, "output differs from OpenSSL's", len);
		return -1;
	}
	if (memcmp(iv, iv2, BLK)) {
		stock_failed(im, bits, "counter handed back wrong", len);
		return -1;
	}
	return 0;
}

/* Lengths with and without partial blocks, across 6.1's thresholds. */
static const unsigned int ctr_stock_lens[] = {
	0, 1, 15, 16, 17, 64, 100, 255, 256, 639, 640, 1420, 4095, 4096, 4111,
	16401
};

const struct bench_mode bench_ctr = {
	.name		= "ctr",
	.title		= "CTR",
	.sizes		= ctr_sizes,
	.enc		= 1,
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |
			  KIND(IMPL_GCRYPT) | KIND(IMPL_STOCK),
	.stock		= STOCK_CTR,
	.set_key	= ctr_set_key,
	.stock_check	= ctr_stock_one,
	.stock_lens	= ctr_stock_lens,
	.nr_stock_lens	= ARRAY_LEN(ctr_stock_lens),
	.msg		= ctr_msg,
	.run		= ctr_run,
};
