// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's gcm-enc and gcm-dec modes: a 12-byte IV, 16 bytes of AAD, a
 * 16-byte tag; decryption of a ring of messages made beforehand, the tag
 * checked (docs/performance.md, "How `make bench` measures").
 */
#include "bench.h"

#define GCM_IV		12
#define GCM_AAD		16

static const size_t gcm_sizes[] = {
	64, 256, 512, 1420, 4096, 16384, MAX_MSG, 0
};
static const u8 gcm_aad[GCM_AAD] = "aesnictr bench!";

static const EVP_CIPHER *gcm_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
}

static void gcm_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	switch (im->kind) {
	case IMPL_TIER:
		ours_expand(im, key, bits);
		gcm_precompute_fn(&im->gk);
		break;
	case IMPL_OPENSSL:
		if (!cur->enc) {
			if (!EVP_DecryptInit_ex(im->evp, gcm_evp(bits), NULL,
						key, NULL))
				die("EVP_DecryptInit_ex");
		} else if (!EVP_EncryptInit_ex(im->evp, gcm_evp(bits), NULL,
					       key, NULL)) {
			die("EVP_EncryptInit_ex");
		}
		break;
	case IMPL_GCRYPT:
		gcrypt_open(im, bits, GCRY_CIPHER_MODE_GCM, key, bits / 8,
			    "gcry_cipher_open/setkey");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, 1);
		break;
	default:
		break;
	}
}

/*
 * Ours, as the kernel glue's gcm_init() does a message: the counter block
 * IV || 2 (J0 + 1; the assembly derives J0 from it) from the IV, a 12-byte
 * copy and a 32-bit big-endian store, the pieces the assembly loads it in.
 */
static inline void gcm_tier_msg(struct impl *im, int enc, const u8 *iv,
				u8 *out, const u8 *in, size_t len, u8 tag[BLK])
{
	const uint32_t be2 = __builtin_bswap32(2);
	u8 ctr[BLK], acc[BLK];

	memcpy(ctr, iv, GCM_IV);
	memcpy(ctr + GCM_IV, &be2, 4);
	memset(acc, 0, BLK);
	ghash_update_fn(&im->gk, acc, gcm_aad, GCM_AAD);	/* every tier's AAD */
	(enc ? gcm_enc_fns : gcm_dec_fns)[im->tier](&im->gk, ctr, acc, out, in,
						    (unsigned int)len, 1);
	gcm_final_fn(&im->gk, acc, GCM_AAD, len, tag);
}

static noinline void gcm_enc_msg(struct impl *im, u8 *out, size_t len)
{
	u8 iv[BLK];
	int n, n1, n2;

	next_iv(iv);		/* its first 12 bytes are unique per message */
	switch (im->kind) {
	case IMPL_TIER:
		gcm_tier_msg(im, 1, iv, out, src, len, im->tag);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, NULL, &n, gcm_aad, GCM_AAD) ||
		    !EVP_EncryptUpdate(im->evp, out, &n1, src, (int)len) ||
		    !EVP_EncryptFinal_ex(im->evp, out + n1, &n2) ||
		    !EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_GCM_GET_TAG, BLK,
					 im->tag))
			die("EVP GCM encrypt");
		break;
	case IMPL_GCRYPT:
		if (gcry_cipher_setiv(im->gh, iv, GCM_IV) ||
		    gcry_cipher_authenticate(im->gh, gcm_aad, GCM_AAD) ||
		    gcry_cipher_encrypt(im->gh, out, len, src, len) ||
		    gcry_cipher_gettag(im->gh, im->tag, BLK))
			die("gcry GCM encrypt");
		break;
	case IMPL_STOCK:
		im->st->gcm_enc(im->st_ctx, iv, gcm_aad, GCM_AAD, src, out,
				(unsigned int)len, im->tag);
		break;
	default:
		break;
	}
}

static noinline void gcm_dec_msg(struct impl *im, u8 *out, size_t len)
{
	unsigned int r = (ring_next++ + chain_dep) % NR_RING;
	const u8 *iv = ring[r].iv, *ct = ring[r].ct;
	int n, n1, n2;

	switch (im->kind) {
	case IMPL_TIER:
		gcm_tier_msg(im, 0, iv, out, ct, len, im->tag);
		if (memcmp(im->tag, ring[r].tag, BLK))
			tag_bad = 1;
		break;
	case IMPL_OPENSSL:
		if (!EVP_DecryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_DecryptUpdate(im->evp, NULL, &n, gcm_aad, GCM_AAD) ||
		    !EVP_DecryptUpdate(im->evp, out, &n1, ct, (int)len) ||
		    !EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_GCM_SET_TAG, BLK,
					 ring[r].tag))
			die("EVP GCM decrypt");
		if (EVP_DecryptFinal_ex(im->evp, out + n1, &n2) <= 0)
			tag_bad = 1;
		break;
	case IMPL_GCRYPT:
		if (gcry_cipher_setiv(im->gh, iv, GCM_IV) ||
		    gcry_cipher_authenticate(im->gh, gcm_aad, GCM_AAD) ||
		    gcry_cipher_decrypt(im->gh, out, len, ct, len))
			die("gcry GCM decrypt");
		if (gcry_cipher_checktag(im->gh, ring[r].tag, BLK))
			tag_bad = 1;
		break;
	case IMPL_STOCK:
		if (!im->st->gcm_dec(im->st_ctx, iv, gcm_aad, GCM_AAD, ct, out,
				     (unsigned int)len, ring[r].tag))
			tag_bad = 1;
		break;
	default:
		break;
	}
}

BENCH_RUN(gcm_enc_run, gcm_enc_msg(im, dst, len), BENCH_OUT_ENC)
BENCH_RUN(gcm_dec_run, gcm_dec_msg(im, dst, len), BENCH_OUT_DEC)

/* OpenSSL's GCM encryption of one message: the reference. */
static void gcm_ossl(unsigned int bits, const u8 *key, const u8 *iv,
		     const u8 *aad, unsigned int aad_len, const u8 *in,
		     u8 *out, unsigned int len, u8 tag[BLK])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n, n1 = 0, n2;

	if (!c || !EVP_EncryptInit_ex(c, gcm_evp(bits), NULL, key, iv) ||
	    (aad_len && !EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len)) ||
	    (len && !EVP_EncryptUpdate(c, out, &n1, in, (int)len)) ||
	    !EVP_EncryptFinal_ex(c, out + n1, &n2) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, BLK, tag))
		die("EVP (stock check)");
	EVP_CIPHER_CTX_free(c);
}

/* gcm-dec: the ring of messages of len bytes, made with OpenSSL. */
static void gcm_make_ring(const u8 *key, unsigned int bits, size_t len)
{
	u8 iv[BLK];
	unsigned int r;

	for (r = 0; r < NR_RING; r++) {
		next_iv(iv);
		memcpy(ring[r].iv, iv, GCM_IV);
		gcm_ossl(bits, key, iv, gcm_aad, GCM_AAD, src, ring[r].ct,
			 (unsigned int)len, ring[r].tag);
	}
	ring_next = 0;
}

/* A stock row at one length, with AAD of several lengths. */
static int gcm_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	static const unsigned int aad_lens[] = { 16, 0, 20, 47 };
	const u8 *aad = src + MAX_MSG - 64;
	unsigned int aad_len = aad_lens[i % 4];
	u8 iv[BLK], tag[BLK];

	next_iv(iv);
	gcm_ossl(bits, key, iv, aad, aad_len, src, ref, len, tag);
	return stock_check_aead(im, bits, cur->enc ? im->st->gcm_enc : NULL,
				im->st->gcm_dec, iv, aad, aad_len, len, tag,
				i % BLK);
}

/* Lengths with and without partial blocks, across 6.1's thresholds. */
static const unsigned int gcm_stock_lens[] = {
	0, 1, 15, 16, 17, 64, 100, 255, 256, 639, 640, 1420, 4095, 4096, 4111,
	16401
};

/* gcm-enc (e = 1) and gcm-dec (e = 0). */
#define GCM_MODE(n, e, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= gcm_sizes,					\
	.ring		= !(e),						\
	.enc		= e,						\
	.tag_len	= BLK,						\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_OPENSSL) |	\
			  KIND(IMPL_GCRYPT) | KIND(IMPL_STOCK),		\
	.stock		= STOCK_GCM,					\
	.set_key	= gcm_set_key,					\
	.stock_check	= gcm_stock_one,				\
	.stock_lens	= gcm_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(gcm_stock_lens),			\
	.prepare	= (e) ? NULL : gcm_make_ring,			\
	.msg		= (e) ? gcm_enc_msg : gcm_dec_msg,		\
	.run		= (e) ? gcm_enc_run : gcm_dec_run,

const struct bench_mode bench_gcm_enc = {
	GCM_MODE("gcm-enc", 1,
		 "GCM encrypt (12-byte IV, 16-byte AAD, 16-byte tag)")
};
const struct bench_mode bench_gcm_dec = {
	GCM_MODE("gcm-dec", 0,
		 "GCM decrypt (12-byte IV, 16-byte AAD, 16-byte tag checked)")
};
