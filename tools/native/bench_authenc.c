// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's authenc(hmac(sha1|sha256),cbc(aes)) modes as IPsec ESP uses
 * them: 24 bytes of AAD, a 16-byte CBC IV, an HMAC key as long as the
 * digest, the full digest as tag; decryption of a ring of messages made
 * beforehand, the tag checked first (docs/performance.md, "How `make bench`
 * measures").  cur->param is the hash (H_SHA1, H_SHA256, H_SHA512).
 * SHA-384 runs the same assembly as SHA-512 (another initial state, the
 * digest truncated), so authenc-sha512-* stands for both.  Ours for SHA-512
 * is the avx512 variant of authenc_sha512.S where the CPU has AVX-512F/VL
 * (the faster on AMD Zen 5) and --max-tier allows vaes512 (the module's
 * max_tier caps it the same way), else the AVX2 one; the mode's title says
 * which.
 * Its decryption is the module's (authenc_impls.c): a message of at most
 * AESNICTR_AUTHENC_SHA512_HASH_FIRST_{AVX,VAES512} bytes hashed first and
 * then CBC-decrypted (32 blocks on zmm where the CPU has VAES and AVX-512BW
 * too, else AES-NI's 8), longer ones by the stitched routine.
 */
#include <cpuid.h>
#include <stdlib.h>

#include <openssl/core_names.h>
#include <openssl/hmac.h>

#include "bench.h"
#include "cbc_asm.h"

#define AE_AAD		24		/* ESP header (8) + the 16-byte IV */

static const size_t ae_sizes[] = {
	64, 256, 512, 1440, 4096, 16384, MAX_MSG, 0
};
/* An ESP header (SPI, sequence number) and the IV, as IPsec. */
static const u8 ae_aad[AE_AAD] = "\x00\x00\x01\x00\x00\x00\x00\x2a"
				 "IV of the packet";
static const u8 ae_hmac_key[64] =
	"HMAC key of the authenc bench, 64 bytes long for hmac(sha512).";

/*
 * 1 if the CPU and OS run AVX-512VL code (authenc_sha512.S's avx512 variant,
 * the module's vaes512 slot) and --max-tier allows vaes512, as the module's
 * max_tier caps the slot; 2 if the CPU also has VAES and AVX-512BW, so
 * that the slot's short decryptions run the 32-block CBC decryption.
 */
static int ae_has_avx512(void)
{
	static int known, has;
	unsigned int a, b, c, d;

	if (known)
		return has;
	known = 1;
	if (!cpu_tier_within_cap(TIER_VAES512) || __get_cpuid_max(0, NULL) < 7)
		return 0;
	__cpuid_count(7, 0, a, b, c, d);
	if (!(b & (1u << 16)) || !(b & (1u << 31)))
		return 0;
	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
	has = (a & 0xe6) == 0xe6;
	__cpuid_count(7, 0, a, b, c, d);
	if (has && (c & (1u << 9)) && (b & (1u << 30)))
		has = 2;
	return has;
}

/*
 * A mode's param: the hash (enum authenc_hash_id), AE_ESN for authencesn
 * (the AAD's seq_hi, bytes 4..7, hashed behind the text).
 */
#define AE_ESN		0x100

static enum authenc_hash_id ae_hash_id(void)
{
	return (enum authenc_hash_id)(cur->param & ~AE_ESN);
}

static int ae_esn(void)
{
	return (cur->param & AE_ESN) != 0;
}

static authenc_cbc_sha_fn_t *ae_enc_fn(const struct authenc_hash *hd)
{
	if (ae_hash_id() == H_SHA512 && ae_has_avx512())
		return aesnictr_cbc_sha512_enc_avx512;
	return hd->enc;
}

static authenc_cbc_sha_fn_t *ae_dec_fn(const struct authenc_hash *hd)
{
	if (ae_hash_id() == H_SHA512 && ae_has_avx512())
		return aesnictr_cbc_sha512_dec_avx512;
	return hd->dec;
}

/* The compression the module's slot uses for the AAD and the finish. */
static aesnictr_sha_blocks_t *ae_blocks(const struct authenc_hash *hd)
{
	if (ae_hash_id() == H_SHA512 && ae_has_avx512())
		return aesnictr_sha512_blocks_avx512;
	return hd->blocks;
}

static const struct authenc_hash *ae_hash(void)
{
	return &authenc_hashes[ae_hash_id()];
}

/* The HMAC key: as long as the digest (as IPsec's keys). */
static unsigned int ae_hmac_len(void)
{
	return ae_hash()->ds;
}

static const EVP_CIPHER *ae_evp(unsigned int bits)
{
	return bits == 128 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
}

/* OpenSSL's stitched TLS cipher for the mode. */
static const EVP_CIPHER *ae_stitched(unsigned int bits)
{
	if (cur->param == H_SHA256)
		return bits == 128 ? EVP_aes_128_cbc_hmac_sha256() :
				     EVP_aes_256_cbc_hmac_sha256();
	return bits == 128 ? EVP_aes_128_cbc_hmac_sha1() :
			     EVP_aes_256_cbc_hmac_sha1();
}

/* An EVP_MAC HMAC context keyed once with the mode's hash. */
static EVP_MAC_CTX *hmac_ctx(void)
{
	static EVP_MAC *hmac;
	EVP_MAC_CTX *c;
	OSSL_PARAM params[2];

	if (!hmac && !(hmac = EVP_MAC_fetch(NULL, "HMAC", NULL)))
		die("EVP_MAC_fetch(HMAC)");
	if (!(c = EVP_MAC_CTX_new(hmac)))
		die("EVP_MAC_CTX_new");
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
		(char *)(ae_hash_id() == H_SHA512 ? "SHA512" :
			 ae_hash_id() == H_SHA256 ? "SHA256" : "SHA1"), 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(c, ae_hmac_key, ae_hmac_len(), params))
		die("EVP_MAC_init");
	return c;
}

static void ae_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_OURS_AE:
		/* as the glue's setkey: both schedules, the HMAC states */
		aesnictr_expand_key(&im->gk.aes, key, bits / 8);
		aesnictr_invert_key(&im->adec, &im->gk.aes);
		authenc_hmac_setkey(ae_hash(), authenc_compress_direct, &im->hk,
				    ae_hmac_key, ae_hmac_len());
		break;
	case IMPL_OSSL_STITCHED:
		if (!EVP_EncryptInit_ex(im->evp, ae_stitched(bits), NULL, key,
					zero_iv) ||
		    EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_AEAD_SET_MAC_KEY,
					(int)ae_hmac_len(), (void *)ae_hmac_key) <= 0)
			die("OpenSSL stitched cipher init");
		break;
	case IMPL_OPENSSL:
		if (!EVP_CipherInit_ex(im->evp, ae_evp(bits), NULL, key, zero_iv,
				       cur->enc) ||
		    !EVP_CIPHER_CTX_set_padding(im->evp, 0))
			die("EVP_CipherInit_ex (cbc)");
		if (im->mac)
			EVP_MAC_CTX_free(im->mac);
		im->mac = hmac_ctx();
		break;
	case IMPL_STOCK:
		im->st->authenc_setkey(im->st_ctx, ae_hash_id() == H_SHA512 ? 2 :
				       ae_hash_id() == H_SHA256, key,
				       bits / 8, ae_hmac_key, ae_hmac_len());
		break;
	default:
		break;
	}
}

/* A next_iv() for authenc: the 16-byte CBC IV. */
static inline void ae_next_iv(u8 iv[BLK])
{
	next_iv(iv);
	iv[15] = 0x77;
}

/*
 * One authenc encryption: CBC of src[0..len), the HMAC over AAD || C into
 * im->tag.  Ours as the kernel glue: the inner state, the AAD absorbed
 * (lazily), one stitched call over the text, the HMAC finished.
 */
/*
 * Ours: the stream started, the AAD absorbed as the glue does (authencesn:
 * seq_hi set aside).
 */
static inline void ae_ours_begin(struct impl *im, const struct authenc_hash *hd,
				 struct aesnictr_authenc_stream *s,
				 const u8 *iv, u8 seq_hi[4])
{
	s->h = im->hk.istate;
	memcpy(s->iv, iv, BLK);
	s->nfull = s->npart = 0;
	if (ae_esn())
		aesnictr_authenc_absorb_esn_aad(s, hd->sha, ae_blocks(hd), ae_aad,
						AE_AAD, 0, seq_hi);
	else
		aesnictr_authenc_absorb(s, hd->sha, ae_blocks(hd), ae_aad,
					AE_AAD);
}

/*
 * Ours: the text decrypted as authenc_glue.c does, SHA-384/512's short
 * messages hashed first (authenc_impls.c: the CBC decryption and the
 * length by the slot), the others by the stitched routine.
 */
static inline void ae_ours_dec(struct impl *im, const struct authenc_hash *hd,
			       struct aesnictr_authenc_stream *s, u8 *out,
			       const u8 *ct, unsigned int len)
{
	int vaes512 = ae_has_avx512() == 2;

	if (ae_hash_id() == H_SHA512 &&
	    len <= (vaes512 ? AESNICTR_AUTHENC_SHA512_HASH_FIRST_VAES512 :
		    AESNICTR_AUTHENC_SHA512_HASH_FIRST_AVX))
		aesnictr_authenc_dec_hash_first(s, hd->sha, ae_blocks(hd),
						vaes512 ?
						aesnictr_cbc_decrypt_vaes512 :
						aesnictr_cbc_decrypt_avx,
						&im->adec, out, ct, len);
	else
		ae_dec_fn(hd)(&im->adec, s, out, ct, len);
}

/* Ours: authencesn's seq_hi behind the text, the HMAC finished. */
static inline void ae_ours_finish(struct impl *im,
				  const struct authenc_hash *hd,
				  struct aesnictr_authenc_stream *s,
				  const u8 seq_hi[4], size_t len)
{
	uint64_t total = hd->sha->blocksize + AE_AAD + len;

	if (ae_esn())
		aesnictr_authenc_absorb(s, hd->sha, ae_blocks(hd), seq_hi, 4);
	if (hd->hmac_final)
		hd->hmac_final(s, &im->hk.ostate, total, im->tag);
	else
		aesnictr_authenc_hmac_final(s, hd->sha, ae_blocks(hd),
					    &im->hk.ostate, total, im->tag);
}

/* OpenSSL's HMAC of the AAD and ct, rearranged for authencesn. */
static inline int ae_ossl_mac(struct impl *im, const u8 *ct, size_t len)
{
	size_t tl;

	if (!ae_esn())
		return EVP_MAC_init(im->mac, NULL, 0, NULL) &&
		       EVP_MAC_update(im->mac, ae_aad, AE_AAD) &&
		       EVP_MAC_update(im->mac, ct, len) &&
		       EVP_MAC_final(im->mac, im->tag, &tl, MAX_TAG);
	return EVP_MAC_init(im->mac, NULL, 0, NULL) &&
	       EVP_MAC_update(im->mac, ae_aad, 4) &&
	       EVP_MAC_update(im->mac, ae_aad + 8, AE_AAD - 8) &&
	       EVP_MAC_update(im->mac, ct, len) &&
	       EVP_MAC_update(im->mac, ae_aad + 4, 4) &&
	       EVP_MAC_final(im->mac, im->tag, &tl, MAX_TAG);
}

static noinline void ae_enc_msg(struct impl *im, u8 *out, size_t len)
{
	const struct authenc_hash *hd = ae_hash();
	struct aesnictr_authenc_stream s;
	u8 iv[BLK], seq_hi[4];
	int n;

	ae_next_iv(iv);
	switch (im->kind) {
	case IMPL_OURS_AE:
		ae_ours_begin(im, hd, &s, iv, seq_hi);
		ae_enc_fn(hd)(&im->gk.aes, &s, out, src, (unsigned int)len);
		ae_ours_finish(im, hd, &s, seq_hi, len);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, out, &n, src, (int)len) ||
		    !ae_ossl_mac(im, out, len))
			die("EVP CBC + HMAC");
		break;
	case IMPL_OSSL_STITCHED:
		/* no TLS AAD: hashes the plaintext, CBC-encrypts, no tag */
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, out, &n, src, (int)len))
			die("EVP stitched cbc-hmac");
		break;
	case IMPL_STOCK:
		im->st->authenc_enc(im->st_ctx, iv, ae_aad, AE_AAD, src, out,
				    (unsigned int)len, im->tag);
		break;
	default:
		break;
	}
}

static inline int tag_neq(const u8 *a, const u8 *b, unsigned int n)
{
	u8 d = 0;

	while (n--)
		d |= *a++ ^ *b++;
	return d != 0;
}

/* One authenc decryption of a ring message: the tag checked, the text out. */
static noinline void ae_dec_msg(struct impl *im, u8 *out, size_t len)
{
	const struct authenc_hash *hd = ae_hash();
	unsigned int r = (ring_next++ + chain_dep) % NR_RING;
	const u8 *iv = ring[r].iv, *ct = ring[r].ct;
	struct aesnictr_authenc_stream s;
	u8 seq_hi[4];
	int n;

	switch (im->kind) {
	case IMPL_OURS_AE:
		ae_ours_begin(im, hd, &s, iv, seq_hi);
		ae_ours_dec(im, hd, &s, out, ct, (unsigned int)len);
		ae_ours_finish(im, hd, &s, seq_hi, len);
		if (tag_neq(im->tag, ring[r].tag, hd->ds))
			tag_bad = 1;
		break;
	case IMPL_OPENSSL:
		/* as the template: the MAC first, then the decryption */
		if (!ae_ossl_mac(im, ct, len))
			die("EVP HMAC");
		if (tag_neq(im->tag, ring[r].tag, hd->ds)) {
			tag_bad = 1;
			break;
		}
		if (!EVP_DecryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_DecryptUpdate(im->evp, out, &n, ct, (int)len))
			die("EVP CBC decrypt");
		break;
	case IMPL_STOCK:
		if (!im->st->authenc_dec(im->st_ctx, iv, ae_aad, AE_AAD, ct, out,
					 (unsigned int)len, ring[r].tag))
			tag_bad = 1;
		break;
	default:
		break;
	}
}

BENCH_RUN(ae_enc_run, ae_enc_msg(im, dst, len), BENCH_OUT_ENC)
BENCH_RUN(ae_dec_run, ae_dec_msg(im, dst, len), BENCH_OUT_DEC)

/* OpenSSL's authenc(hmac(shaN),cbc(aes)) encryption: the reference. */
static void ae_ossl(unsigned int bits, const u8 *key, const u8 *iv,
		    const u8 *aad, unsigned int aad_len, const u8 *in,
		    u8 *out, unsigned int len, u8 *tag)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	unsigned int tl;
	u8 *buf = malloc(aad_len + len + 1);
	int n;

	if (!c || !buf ||
	    !EVP_EncryptInit_ex(c, ae_evp(bits), NULL, key, iv) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    (len && !EVP_EncryptUpdate(c, out, &n, in, (int)len)))
		die("EVP CBC (reference)");
	memcpy(buf, aad, aad_len);
	memcpy(buf + aad_len, out, len);
	if (ae_esn()) {		/* SPI || AAD[8..] || C || seq_hi */
		memmove(buf + 4, buf + 8, aad_len - 8 + len);
		memcpy(buf + aad_len - 4 + len, aad + 4, 4);
	}
	if (!HMAC(ae_hash()->md(), ae_hmac_key, (int)ae_hmac_len(), buf,
		  aad_len + len, tag, &tl))
		die("HMAC (reference)");
	free(buf);
	EVP_CIPHER_CTX_free(c);
}

/* authenc-*-dec: the ring of messages of len bytes, made with OpenSSL. */
static void ae_make_ring(const u8 *key, unsigned int bits, size_t len)
{
	unsigned int r;

	for (r = 0; r < NR_RING; r++) {
		ae_next_iv(ring[r].iv);
		ae_ossl(bits, key, ring[r].iv, ae_aad, AE_AAD, src, ring[r].ct,
			(unsigned int)len, ring[r].tag);
	}
	ring_next = 0;
}

/* A stock row at one text length, with AAD of several lengths. */
static int ae_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			unsigned int i, unsigned int len)
{
	static const unsigned int aad_lens[] = { 24, 8, 0, 47, 64, 100 };
	const u8 *aad = src + MAX_MSG - 128;
	unsigned int aad_len = aad_lens[i % 6];
	u8 iv[BLK], tag[MAX_TAG];

	ae_next_iv(iv);
	ae_ossl(bits, key, iv, aad, aad_len, src, ref, len, tag);
	return stock_check_aead(im, bits,
				cur->enc ? im->st->authenc_enc : NULL,
				im->st->authenc_dec, iv, aad, aad_len, len, tag,
				i % cur->tag_len);
}

static const unsigned int ae_stock_lens[] = {
	0, 16, 32, 48, 64, 80, 112, 256, 1440, 4096, 16400
};

/*
 * authenc[esn]-<hash> (param p: the hash, | AE_ESN) -enc (e = 1) and -dec
 * (e = 0), with the implementations kinds and the stock code stock.
 */
#define AE_MODE_OF(n, p, e, t, kinds_, stock_)				\
	.name		= n,						\
	.title		= t,						\
	.sizes		= ae_sizes,					\
	.whole_blocks	= 1,						\
	.ring		= !(e),						\
	.enc		= e,						\
	.param		= p,						\
	.tag_len	= ((p) & ~AE_ESN) == H_SHA512 ? 64 :		\
			  ((p) & ~AE_ESN) == H_SHA256 ? 32 : 20,	\
	.kinds		= kinds_,					\
	.stock		= stock_,					\
	.set_key	= ae_set_key,					\
	.stock_check	= ae_stock_one,					\
	.stock_lens	= ae_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(ae_stock_lens),			\
	.prepare	= (e) ? NULL : ae_make_ring,			\
	.msg		= (e) ? ae_enc_msg : ae_dec_msg,		\
	.run		= (e) ? ae_enc_run : ae_dec_run,

#define AE_MODE(n, h, e, t)						\
	AE_MODE_OF(n, h, e, t,						\
		   KIND(IMPL_OURS_AE) | KIND(IMPL_OPENSSL) |		\
		   KIND(IMPL_STOCK) |					\
		   ((e) && (h) != H_SHA512 ? KIND(IMPL_OSSL_STITCHED) : 0), \
		   STOCK_AUTHENC)

const struct bench_mode bench_ae1_enc = {
	AE_MODE("authenc-sha1-enc", H_SHA1, 1,
		"authenc(hmac(sha1),cbc(aes)) encrypt (24-byte AAD, 20-byte HMAC key, full 20-byte tag)")
};
const struct bench_mode bench_ae1_dec = {
	AE_MODE("authenc-sha1-dec", H_SHA1, 0,
		"authenc(hmac(sha1),cbc(aes)) decrypt (24-byte AAD, tag checked first)")
};
const struct bench_mode bench_ae256_enc = {
	AE_MODE("authenc-sha256-enc", H_SHA256, 1,
		"authenc(hmac(sha256),cbc(aes)) encrypt (24-byte AAD, 32-byte HMAC key, full 32-byte tag)")
};
const struct bench_mode bench_ae256_dec = {
	AE_MODE("authenc-sha256-dec", H_SHA256, 0,
		"authenc(hmac(sha256),cbc(aes)) decrypt (24-byte AAD, tag checked first)")
};
/*
 * authencesn: ours and OpenSSL only.  The stock composition's cost is the
 * authenc modes' (the template hashes the same bytes, rearranged in place);
 * ours is compared with our authenc of the same hash, same AAD length.
 */
#define AE_ESN_MODE(n, h, e, t)						\
	AE_MODE_OF(n, (h) | AE_ESN, e, t,				\
		   KIND(IMPL_OURS_AE) | KIND(IMPL_OPENSSL), 0)

const struct bench_mode bench_aesn256_enc = {
	AE_ESN_MODE("authencesn-sha256-enc", H_SHA256, 1,
		    "authencesn(hmac(sha256),cbc(aes)) encrypt (24-byte AAD: SPI, seq_hi, seq_lo, 12 more; seq_hi hashed behind the text)")
};
const struct bench_mode bench_aesn256_dec = {
	AE_ESN_MODE("authencesn-sha256-dec", H_SHA256, 0,
		    "authencesn(hmac(sha256),cbc(aes)) decrypt (24-byte AAD, tag checked first)")
};

const struct bench_mode bench_ae512_enc = {
	AE_MODE("authenc-sha512-enc", H_SHA512, 1,
		"authenc(hmac(sha512),cbc(aes)) encrypt (24-byte AAD, 64-byte HMAC key, full 64-byte tag; sha384: same code; ours: avx512 variant if the CPU has AVX-512VL and --max-tier allows vaes512)")
};
const struct bench_mode bench_ae512_dec = {
	AE_MODE("authenc-sha512-dec", H_SHA512, 0,
		"authenc(hmac(sha512),cbc(aes)) decrypt (24-byte AAD, tag checked first; sha384: same code; ours: avx512 variant if the CPU has AVX-512VL and --max-tier allows vaes512)")
};
