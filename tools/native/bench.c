// SPDX-License-Identifier: GPL-2.0
/*
 * Native benchmark of CTR, GCM, XTS and authenc(hmac(sha1|sha256),cbc(aes)):
 * ours (every tier the CPU has for CTR, GCM and XTS; the one stitched
 * AES-NI + SHA-NI implementation for authenc) against OpenSSL EVP,
 * libgcrypt and the stock kernels' own x86 assembly (Linux 6.1, 6.12, 7.3,
 * taken from Debian's linux-source tarballs at bench time and driven as
 * each kernel's glue does, see stock/stock.h), AES-128 and AES-256.  One
 * message model for all: the key is set once; each message gets the next IV
 * of a ring written beforehand (next_iv) and is processed whole (one
 * request, the data in one segment).
 *   ctr:     64 B .. 1 MiB.  OpenSSL EncryptInit_ex with only the IV,
 *            EncryptUpdate, EncryptFinal_ex; libgcrypt setctr, encrypt; ours
 *            ctr_crypt_split(); a stock kernel its ctr(aes) request path.
 *   gcm-enc: a 12-byte IV, 16 bytes of AAD, a 16-byte tag.  OpenSSL
 *            EncryptInit_ex with only the IV, EncryptUpdate(NULL out) of the
 *            AAD, EncryptUpdate, EncryptFinal_ex, GET_TAG; libgcrypt setiv,
 *            authenticate, encrypt, gettag; ours as the kernel glue:
 *            ghash_update of the AAD, one enc_update, gcm_final; a stock
 *            kernel its gcm(aes) request path.
 *   gcm-dec: the same, decrypting messages made beforehand (a ring of 4 per
 *            size, each with its own IV) and checking the tag: OpenSSL
 *            SET_TAG then DecryptFinal_ex, libgcrypt checktag, ours
 *            dec_update, gcm_final and a compare; a stock kernel its
 *            decryption path, which checks the tag.
 *   xts-enc, xts-dec: 512 B, 4 KiB, 16 KiB, 1 MiB (dm-crypt's sectors and
 *            more), the XTS key two AES keys of the size shown, a 16-byte IV
 *            per message from a ring of 64 written beforehand (as a
 *            request's IV is: an IV stored just before would time a
 *            store-forwarding stall).  OpenSSL EVP aes-128/256-xts
 *            CipherInit_ex with only the IV, one CipherUpdate; libgcrypt
 *            XTS setiv, encrypt/decrypt; ours as the kernel glue:
 *            aesnictr_xts_tweak, then one call of the tier's
 *            aesnictr_xts_{en,de}crypt_<tier>; a stock kernel its xts(aes)
 *            request path (6.1: aesni_enc of the IV, aesni_xts_encrypt;
 *            6.12/7.3: aes_xts_encrypt_iv, aes_xts_*_<variant>).
 *   authenc-sha1-enc, authenc-sha1-dec, authenc-sha256-enc,
 *   authenc-sha256-dec: authenc(hmac(shaN),cbc(aes)) as IPsec ESP uses it:
 *            64 B .. 1 MiB of text (1440 B: a full-MTU ESP payload), 24
 *            bytes of AAD (the 8-byte ESP header and the 16-byte IV, as the
 *            kernel's test vectors lay it out), a 16-byte CBC IV, an HMAC
 *            key as long as the digest, the HMAC over AAD || ciphertext and
 *            the full digest as tag (20 or 32 bytes; IPsec truncates it to
 *            12 or 16, which costs the same).  Encrypt = CBC, then the HMAC;
 *            decrypt = the HMAC checked, then CBC decryption (ours: both in
 *            one stitched pass, the tag compared after).  Ours as the kernel
 *            glue (authenc_fns.c): the HMAC states precomputed at setkey,
 *            the inner state, the AAD absorbed into the stream, one stitched
 *            aesnictr_cbc_sha*_enc/_dec over the text, the HMAC finished.
 *            openssl: EVP aes-*-cbc (no padding) CipherInit_ex with only the
 *            IV, one CipherUpdate, and EVP_MAC HMAC keyed once per key
 *            (EVP_MAC_init with a NULL key per message restores the
 *            precomputed ipad/opad states), update AAD, update C, final: the
 *            composition the kernel's authenc template makes.
 *            openssl-stitched (encrypt only): OpenSSL's stitched TLS ciphers
 *            EVP_aes_{128,256}_cbc_hmac_{sha1,sha256}, MAC key set once;
 *            without a TLS AAD they hash the plaintext and CBC-encrypt it,
 *            the same bytes of CBC and SHA work, but the MAC is never
 *            finished or output (two or three compressions less per
 *            message); left out with a note where OpenSSL or the CPU lacks
 *            them.  A stock kernel: its cbc(aes) (aesni_cbc_enc/dec) and its
 *            SHA-NI block function composed as crypto/authenc.c does
 *            (stock/stock_authenc.c).  libgcrypt has no row here.
 * Each figure is the best of several timed runs of ~25 ms, the
 * implementations interleaved so that noise hits all alike.  Every stock
 * row is first checked against OpenSSL (CTR and GCM at lengths 0..16401
 * with partial blocks, several AAD lengths, tags, a rejected bad tag; XTS
 * at lengths 16..65549 with ciphertext stealing; authenc at text lengths
 * 0..16400 with AAD of 0..100 bytes, the tag, a rejected bad tag; every
 * check also for writes past the output); a row that fails prints FAIL, is
 * left out, and the bench exits 1.  Ours and the libraries are checked
 * against OpenSSL on the timed messages themselves (a wrong one is marked !
 * and the bench exits 1).
 *
 * Output: a table of GB/s (1e9 bytes/s) per mode and key size with, for
 * ours, the ratio to OpenSSL (authenc encrypt: to openssl-stitched) and to
 * the best stock-kernel row at that size, or with --csv (or CSV=1) only CSV:
 * impl,mode,key_bits,bytes,gbps (mode as named above; impl openssl,
 * openssl-stitched, libgcrypt, aesnictr-<tier>, aesnictr (authenc),
 * linux-<kver> for the code that kernel picks on this CPU,
 * linux-<kver>-<variant> for its other code).
 * Options: --csv, --csv-out=FILE (the CSV also into FILE), --runs=N
 * (BENCH_RUNS), --ms=N (BENCH_MS), --max-tier=avx|vaes2|vaes512
 * (AESNICTR_MAX_TIER), --no-stock, --stock-dir=DIR (build/stock: why a
 * kernel is not linked), --modes=LIST (make bench MODES=LIST): a
 * comma-separated list of modes and families (ctr, gcm, xts, authenc,
 * authenc-sha1, authenc-sha256, all), e.g. --modes=xts-enc,xts-dec,
 * --sizes=N,... (SIZES=), --chain (CHAIN=1): each message waits for the
 * previous one's output, so short messages show one request's latency
 * rather than the throughput of independent requests overlapping in the
 * core (a kernel request sits between much other code, so the truth for
 * it lies between the two).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gcrypt.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "authenc_fns.h"
#include "cpu.h"
#include "ctr_split.h"
#include "gcm_fns.h"
#include "test_util.h"
#include "xts_asm.h"
#include "stock/stock.h"

/* Linked only when that kernel's tarball was there (stock/stock.h). */
#pragma weak stock_linux61
#pragma weak stock_linux612
#pragma weak stock_linux73
static const struct {
	const char *kver;
	const struct stock_kernel *k;
} stock_kernels[] = {
	{ "6.1", &stock_linux61 },
	{ "6.12", &stock_linux612 },
	{ "7.3", &stock_linux73 },
};
#define NR_STOCK_KERNELS	(sizeof(stock_kernels) / sizeof(stock_kernels[0]))

/*
 * Ours, xts: the routines of xts_aes.S by tier (strong references), those
 * the kernel glue runs: vaes2 on a CPU with VPCLMULQDQ (the vaes2 tier
 * needs it here, cpu.c) is the _clmul pair.
 */
typedef void xts_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, u8 tweak[AESNICTR_BLOCK_SIZE]);
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

#define BLK	AESNICTR_BLOCK_SIZE
#define MAX_MSG	(1 << 20)

/* Message sizes per family: 0-terminated. */
static const size_t sizes_all[] = { 64, 256, 512, 1420, 4096, 16384, MAX_MSG, 0 };
static const size_t sizes_xts[] = { 512, 4096, 16384, MAX_MSG, 0 };
static const size_t sizes_ae[] = { 64, 256, 512, 1440, 4096, 16384, MAX_MSG, 0 };
static const unsigned int key_bits[] = { 128, 256 };
#define NR_KEYS		(sizeof(key_bits) / sizeof(key_bits[0]))

enum impl_kind {
	IMPL_TIER,		/* ours, one per tier (ctr, gcm, xts) */
	IMPL_OURS_AE,		/* ours: the stitched authenc assembly */
	IMPL_OPENSSL,
	IMPL_OSSL_STITCHED,	/* OpenSSL's aes-*-cbc-hmac-sha* (authenc enc) */
	IMPL_GCRYPT,
	IMPL_STOCK
};

enum mode {
	MODE_CTR, MODE_GCM_ENC, MODE_GCM_DEC, MODE_XTS_ENC, MODE_XTS_DEC,
	MODE_AE1_ENC, MODE_AE1_DEC, MODE_AE256_ENC, MODE_AE256_DEC, NR_MODES
};
static const char *const mode_names[NR_MODES] = {
	"ctr", "gcm-enc", "gcm-dec", "xts-enc", "xts-dec",
	"authenc-sha1-enc", "authenc-sha1-dec", "authenc-sha256-enc",
	"authenc-sha256-dec",
};
static const char *const mode_titles[NR_MODES] = {
	"CTR",
	"GCM encrypt (12-byte IV, 16-byte AAD, 16-byte tag)",
	"GCM decrypt (12-byte IV, 16-byte AAD, 16-byte tag checked)",
	"XTS encrypt (two keys of the size shown, 16-byte IV)",
	"XTS decrypt (two keys of the size shown, 16-byte IV)",
	"authenc(hmac(sha1),cbc(aes)) encrypt (24-byte AAD, 20-byte HMAC key, full 20-byte tag)",
	"authenc(hmac(sha1),cbc(aes)) decrypt (24-byte AAD, tag checked first)",
	"authenc(hmac(sha256),cbc(aes)) encrypt (24-byte AAD, 32-byte HMAC key, full 32-byte tag)",
	"authenc(hmac(sha256),cbc(aes)) decrypt (24-byte AAD, tag checked first)",
};

#define IS_GCM(m)	((m) == MODE_GCM_ENC || (m) == MODE_GCM_DEC)
#define IS_XTS(m)	((m) == MODE_XTS_ENC || (m) == MODE_XTS_DEC)
#define IS_AE(m)	((m) >= MODE_AE1_ENC && (m) <= MODE_AE256_DEC)
#define AE_SHA256(m)	((m) == MODE_AE256_ENC || (m) == MODE_AE256_DEC)
/* Modes that decrypt a ring of messages made beforehand and check a tag. */
#define RING_MODE(m)	((m) == MODE_GCM_DEC || (m) == MODE_AE1_DEC || \
			 (m) == MODE_AE256_DEC)

/*
 * --sizes=: these sizes instead (0-terminated), all of them for ctr and gcm,
 * the multiples of 16 for xts and authenc (whole blocks).
 */
#define NSIZES_USER 16
static size_t sizes_user[NSIZES_USER], sizes_user16[NSIZES_USER];

static const size_t *mode_sizes(enum mode m)
{
	if (sizes_user[0])
		return IS_XTS(m) || IS_AE(m) ? sizes_user16 : sizes_user;
	return IS_XTS(m) ? sizes_xts : IS_AE(m) ? sizes_ae : sizes_all;
}

#define GCM_IV		12
#define GCM_AAD		16
#define AE_AAD		24		/* ESP header (8) + the 16-byte IV */
#define MAX_TAG		32
#define NR_RING		4		/* gcm-dec: messages made beforehand */
#define NR_XTS_IV	64		/* xts: IVs written beforehand */
#define NR_IV		256		/* ctr, gcm, authenc: likewise */

struct impl {
	struct aesnictr_gcm_key gk;	/* ours: round keys and H powers */
	struct aesnictr_key xdec, xtw;	/* ours, xts: data key's decryption
					   schedule (encryption: gk.aes) and
					   the tweak key */
	struct aesnictr_key adec;	/* ours, authenc: the decryption
					   schedule (encryption: gk.aes) */
	struct authenc_hkey hk;		/* ours, authenc: HMAC states */
	EVP_MAC_CTX *mac;		/* openssl, authenc: HMAC, keyed once */
	const char *name;		/* as in the CSV */
	const char *col;		/* table column title */
	enum impl_kind kind;
	enum tier tier;
	const struct stock_impl *st;	/* stock: the kernel's code and glue */
	void *st_ctx;			/* stock: its key struct */
	unsigned int failed;		/* stock: 1 << mode: left out, FAIL */
	EVP_CIPHER_CTX *evp;
	gcry_cipher_hd_t gh;
	long iters;			/* messages per timed run */
	double best;			/* best seconds per timed run */
	unsigned int wrong;		/* 1 << mode: output/tag wrong */
	u8 tag[MAX_TAG];		/* last GCM/authenc tag made */
};

static struct impl impls[4 + NR_TIERS + NR_STOCK_KERNELS * STOCK_MAX_IMPLS];
static struct stock_impl stock_impls[NR_STOCK_KERNELS * STOCK_MAX_IMPLS];
static int nr_impls;
static u8 *src, *dst, *ref;
static uint64_t msg_no;
static enum mode cur_mode;
static int stock_fail;		/* a stock row failed its check */
static FILE *csv_out;		/* --csv-out */
static const u8 gcm_aad[GCM_AAD] = "aesnictr bench!";
/* authenc: an ESP header (SPI, sequence number) and the IV, as IPsec. */
static const u8 ae_aad[AE_AAD] = "\x00\x00\x01\x00\x00\x00\x00\x2a"
				 "IV of the packet";
static const u8 ae_hmac_key[32] = "HMAC key of the authenc bench..";
static u8 xts_ivs[NR_XTS_IV][BLK];
static u8 iv_ring[NR_IV][BLK];
static int sha_ni;		/* the CPU has SHA-NI (ours authenc needs it) */
static unsigned int modes_wanted = (1u << NR_MODES) - 1;

/* gcm-dec, authenc-*-dec: NR_RING messages of the current size, made by OpenSSL. */
static struct {
	u8 iv[BLK];
	u8 tag[MAX_TAG];
	u8 *ct;
} ring[NR_RING];
static unsigned int ring_next;
/*
 * --chain: each timed message waits for the one before (its IV and ring
 * index depend on the previous output), so the table gives the latency of
 * one request instead of the throughput of back-to-back independent ones.
 * chain_dep is always 0, but computed from the output through chain_zero,
 * which the compiler cannot see is 0. The output is the text's last byte
 * and, when encrypting, the tag's first. A decryption's verdict is not in
 * the chain: the stock code returns it from its assembly, ours from the
 * memcmp below, and every caller, the kernel's too, branches on it, so
 * the next request does not wait for it as data.
 */
static int chain;
static volatile unsigned int chain_zero;
static unsigned int chain_dep;
static int tag_bad;		/* a gcm-dec tag check failed */

static unsigned int tag_len(enum mode m)
{
	return IS_GCM(m) ? BLK : IS_AE(m) ? (AE_SHA256(m) ? 32 : 20) : 0;
}

static unsigned int stock_flag(enum mode m)
{
	return m == MODE_CTR ? STOCK_CTR : IS_GCM(m) ? STOCK_GCM :
	       IS_XTS(m) ? STOCK_XTS : STOCK_AUTHENC;
}

/* Does im take part in the current mode? */
static int active(const struct impl *im)
{
	switch (im->kind) {
	case IMPL_TIER:
		return !IS_AE(cur_mode);	/* ours: ctr, gcm, xts per tier */
	case IMPL_OURS_AE:
		return IS_AE(cur_mode);
	case IMPL_OSSL_STITCHED:
		return (cur_mode == MODE_AE1_ENC || cur_mode == MODE_AE256_ENC) &&
		       im->evp;
	case IMPL_GCRYPT:
		return !IS_AE(cur_mode);
	case IMPL_STOCK:
		return (im->st->modes & stock_flag(cur_mode)) &&
		       !(im->failed & (1u << cur_mode));
	default:
		return 1;
	}
}

static void die(const char *what)
{
	fprintf(stderr, "bench: %s failed\n", what);
	exit(2);
}

/* IV n: RFC 3686 style nonce | n | 1. */
static void make_iv(u8 iv[BLK], uint64_t n)
{
	int i;

	iv[0] = 0x5a;
	iv[1] = 0xa5;
	iv[2] = 0x3c;
	iv[3] = 0xc3;
	for (i = 0; i < 8; i++)
		iv[4 + i] = (u8)(n >> (56 - 8 * i));
	iv[12] = iv[13] = iv[14] = 0;
	iv[15] = 1;
}

/*
 * The next message's IV, copied (one 16-byte store) from a ring written
 * beforehand, as a request's IV is already in memory.  Built here byte by
 * byte, every implementation's first load of it failed store forwarding,
 * which waits for the stores to commit, i.e. for the previous message to
 * retire: the messages ran one at a time and each paid the stall (AMD Zen
 * 5, ours, 512-byte AES-256 GCM encryption: 46 ns per message became 67).
 * Message n gets IV n mod NR_IV.
 */
static void next_iv(u8 iv[BLK])
{
	memcpy(iv, iv_ring[(msg_no++ + chain_dep) % NR_IV], BLK);
}

static const EVP_CIPHER *evp_cipher(enum mode mode, unsigned int bits)
{
	if (mode == MODE_CTR)
		return bits == 128 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
	if (IS_XTS(mode))
		return bits == 128 ? EVP_aes_128_xts() : EVP_aes_256_xts();
	if (IS_AE(mode))
		return bits == 128 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
	return bits == 128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
}

/* OpenSSL's stitched TLS cipher for the authenc mode, NULL if none. */
static const EVP_CIPHER *evp_stitched(enum mode mode, unsigned int bits)
{
	if (AE_SHA256(mode))
		return bits == 128 ? EVP_aes_128_cbc_hmac_sha256() :
				     EVP_aes_256_cbc_hmac_sha256();
	return bits == 128 ? EVP_aes_128_cbc_hmac_sha1() :
			     EVP_aes_256_cbc_hmac_sha1();
}

static const struct authenc_hash *ae_hash(void)
{
	return &authenc_hashes[AE_SHA256(cur_mode) ? H_SHA256 : H_SHA1];
}

/* The HMAC key: as long as the digest (as IPsec's keys). */
static unsigned int ae_hmac_len(void)
{
	return AE_SHA256(cur_mode) ? 32 : 20;
}

/* An EVP_MAC HMAC context keyed once with md. */
static EVP_MAC_CTX *hmac_ctx(const char *md)
{
	static EVP_MAC *hmac;
	EVP_MAC_CTX *c;
	OSSL_PARAM params[2];

	if (!hmac && !(hmac = EVP_MAC_fetch(NULL, "HMAC", NULL)))
		die("EVP_MAC_fetch(HMAC)");
	if (!(c = EVP_MAC_CTX_new(hmac)))
		die("EVP_MAC_CTX_new");
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
						     (char *)md, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(c, ae_hmac_key, ae_hmac_len(), params))
		die("EVP_MAC_init");
	return c;
}

/* Key setup for the current mode (not timed). */
static void set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		memset(&im->gk, 0, sizeof(im->gk));
		aesnictr_expand_key(&im->gk.aes, key, bits / 8);
		if (IS_XTS(cur_mode)) {	/* key || key + 32: the two halves */
			aesnictr_invert_key(&im->xdec, &im->gk.aes);
			aesnictr_expand_key(&im->xtw, key + 32, bits / 8);
		} else if (cur_mode != MODE_CTR) {
			gcm_precompute_fn(&im->gk);
		}
		break;
	case IMPL_OURS_AE:
		/* as the glue's setkey: both schedules, the HMAC states */
		aesnictr_expand_key(&im->gk.aes, key, bits / 8);
		aesnictr_invert_key(&im->adec, &im->gk.aes);
		authenc_hmac_setkey(ae_hash(), authenc_compress_direct, &im->hk,
				    ae_hmac_key, ae_hmac_len());
		break;
	case IMPL_OSSL_STITCHED:
		if (!EVP_EncryptInit_ex(im->evp, evp_stitched(cur_mode, bits),
					NULL, key, zero_iv) ||
		    EVP_CIPHER_CTX_ctrl(im->evp, EVP_CTRL_AEAD_SET_MAC_KEY,
					(int)ae_hmac_len(), (void *)ae_hmac_key) <= 0)
			die("OpenSSL stitched cipher init");
		break;
	case IMPL_OPENSSL:
		if (IS_XTS(cur_mode)) {
			u8 xk[64];

			memcpy(xk, key, bits / 8);
			memcpy(xk + bits / 8, key + 32, bits / 8);
			if (!EVP_CipherInit_ex(im->evp, evp_cipher(cur_mode, bits),
					       NULL, xk, zero_iv,
					       cur_mode == MODE_XTS_ENC))
				die("EVP_CipherInit_ex (xts)");
		} else if (IS_AE(cur_mode)) {
			if (!EVP_CipherInit_ex(im->evp, evp_cipher(cur_mode, bits),
					       NULL, key, zero_iv,
					       cur_mode == MODE_AE1_ENC ||
					       cur_mode == MODE_AE256_ENC) ||
			    !EVP_CIPHER_CTX_set_padding(im->evp, 0))
				die("EVP_CipherInit_ex (cbc)");
			if (im->mac)
				EVP_MAC_CTX_free(im->mac);
			im->mac = hmac_ctx(AE_SHA256(cur_mode) ? "SHA256" : "SHA1");
		} else if (cur_mode == MODE_GCM_DEC) {
			if (!EVP_DecryptInit_ex(im->evp, evp_cipher(cur_mode, bits),
						NULL, key, NULL))
				die("EVP_DecryptInit_ex");
		} else if (!EVP_EncryptInit_ex(im->evp, evp_cipher(cur_mode, bits),
					       NULL, key,
					       cur_mode == MODE_CTR ? zero_iv : NULL)) {
			die("EVP_EncryptInit_ex");
		}
		break;
	case IMPL_GCRYPT:
		if (im->gh)
			gcry_cipher_close(im->gh);
		if (IS_XTS(cur_mode)) {
			u8 xk[64];

			memcpy(xk, key, bits / 8);
			memcpy(xk + bits / 8, key + 32, bits / 8);
			if (gcry_cipher_open(&im->gh, bits == 128 ?
					     GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256,
					     GCRY_CIPHER_MODE_XTS, 0) ||
			    gcry_cipher_setkey(im->gh, xk, bits / 4))
				die("gcry_cipher_open/setkey (xts)");
			break;
		}
		if (gcry_cipher_open(&im->gh, bits == 128 ? GCRY_CIPHER_AES128 :
				     GCRY_CIPHER_AES256,
				     cur_mode == MODE_CTR ? GCRY_CIPHER_MODE_CTR :
				     GCRY_CIPHER_MODE_GCM, 0) ||
		    gcry_cipher_setkey(im->gh, key, bits / 8))
			die("gcry_cipher_open/setkey");
		break;
	case IMPL_STOCK:
		if (IS_XTS(cur_mode)) {
			u8 xk[64];

			memcpy(xk, key, bits / 8);
			memcpy(xk + bits / 8, key + 32, bits / 8);
			im->st->xts_setkey(im->st_ctx, xk, bits / 4);
		} else if (IS_AE(cur_mode)) {
			im->st->authenc_setkey(im->st_ctx, AE_SHA256(cur_mode),
					       key, bits / 8, ae_hmac_key,
					       ae_hmac_len());
		} else {
			im->st->setkey(im->st_ctx, key, bits / 8,
				       cur_mode != MODE_CTR);
		}
		break;
	}
}

/*
 * Ours, as the kernel glue's gcm_init() does a message: J0 = IV || 1 and the
 * counter IV || 2 each from the IV (12-byte copy, 32-bit big-endian store),
 * the pieces the assembly loads them in.
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

static inline void gcm_enc_msg(struct impl *im, u8 *out, size_t len)
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

static inline void gcm_dec_msg(struct impl *im, u8 *out, size_t len)
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

/* One CTR message: fresh IV, the whole of src[0..len) into out. */
static inline void ctr_msg(struct impl *im, u8 *out, size_t len)
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

/*
 * One XTS message: a fresh IV (from a ring written beforehand: an IV stored
 * just before would stall its 16-byte load on store forwarding and time
 * that), the whole of src[0..len) into out in one call.  Ours as the kernel
 * glue: aesnictr_xts_tweak, then one call of the tier's routine.
 */
static inline void xts_msg(struct impl *im, int enc, u8 *out, size_t len)
{
	const u8 *iv = xts_ivs[(msg_no++ + chain_dep) % NR_XTS_IV];
	u8 tw[BLK];
	int n;

	switch (im->kind) {
	case IMPL_TIER:
		aesnictr_xts_tweak(&im->xtw, tw, iv);
		if (enc)
			xts_enc_fns[im->tier](&im->gk.aes, out, src,
					      (unsigned int)len, tw);
		else
			xts_dec_fns[im->tier](&im->xdec, out, src,
					      (unsigned int)len, tw);
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
static inline void ae_enc_msg(struct impl *im, u8 *out, size_t len)
{
	const struct authenc_hash *hd = ae_hash();
	struct aesnictr_authenc_stream s;
	u8 iv[BLK];
	size_t tl;
	int n;

	ae_next_iv(iv);
	switch (im->kind) {
	case IMPL_OURS_AE:
		memcpy(s.h, im->hk.istate, sizeof(s.h));
		memcpy(s.iv, iv, BLK);
		s.nfull = s.npart = 0;
		authenc_absorb(hd, authenc_compress_direct, &s, ae_aad, AE_AAD, 1);
		hd->enc(&im->gk.aes, &s, out, src, (unsigned int)len);
		authenc_finish(hd, authenc_compress_direct, &im->hk, &s,
			       AESNICTR_SHA_BLOCK_SIZE + AE_AAD + len, im->tag);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, out, &n, src, (int)len) ||
		    !EVP_MAC_init(im->mac, NULL, 0, NULL) ||
		    !EVP_MAC_update(im->mac, ae_aad, AE_AAD) ||
		    !EVP_MAC_update(im->mac, out, len) ||
		    !EVP_MAC_final(im->mac, im->tag, &tl, MAX_TAG))
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
static inline void ae_dec_msg(struct impl *im, u8 *out, size_t len)
{
	const struct authenc_hash *hd = ae_hash();
	unsigned int r = (ring_next++ + chain_dep) % NR_RING;
	const u8 *iv = ring[r].iv, *ct = ring[r].ct;
	struct aesnictr_authenc_stream s;
	size_t tl;
	int n;

	switch (im->kind) {
	case IMPL_OURS_AE:
		memcpy(s.h, im->hk.istate, sizeof(s.h));
		memcpy(s.iv, iv, BLK);
		s.nfull = s.npart = 0;
		authenc_absorb(hd, authenc_compress_direct, &s, ae_aad, AE_AAD, 1);
		hd->dec(&im->adec, &s, out, ct, (unsigned int)len);
		authenc_finish(hd, authenc_compress_direct, &im->hk, &s,
			       AESNICTR_SHA_BLOCK_SIZE + AE_AAD + len, im->tag);
		if (tag_neq(im->tag, ring[r].tag, hd->ds))
			tag_bad = 1;
		break;
	case IMPL_OPENSSL:
		/* as the template: the MAC first, then the decryption */
		if (!EVP_MAC_init(im->mac, NULL, 0, NULL) ||
		    !EVP_MAC_update(im->mac, ae_aad, AE_AAD) ||
		    !EVP_MAC_update(im->mac, ct, len) ||
		    !EVP_MAC_final(im->mac, im->tag, &tl, MAX_TAG))
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

/* One message of the current mode. */
static inline void encrypt_msg(struct impl *im, u8 *out, size_t len)
{
	switch (cur_mode) {
	case MODE_CTR:
		ctr_msg(im, out, len);
		break;
	case MODE_GCM_ENC:
		gcm_enc_msg(im, out, len);
		break;
	case MODE_GCM_DEC:
		gcm_dec_msg(im, out, len);
		break;
	case MODE_XTS_ENC:
	case MODE_XTS_DEC:
		xts_msg(im, cur_mode == MODE_XTS_ENC, out, len);
		break;
	case MODE_AE1_ENC:
	case MODE_AE256_ENC:
		ae_enc_msg(im, out, len);
		break;
	default:
		ae_dec_msg(im, out, len);
		break;
	}
}

/* OpenSSL's authenc(hmac(shaN),cbc(aes)) encryption: the reference. */
static void ossl_authenc(unsigned int bits, const u8 *key, const u8 *iv,
			 const u8 *aad, unsigned int aad_len, const u8 *in,
			 u8 *out, unsigned int len, u8 *tag)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	unsigned int tl;
	u8 *buf = malloc(aad_len + len + 1);
	int n;

	if (!c || !buf ||
	    !EVP_EncryptInit_ex(c, evp_cipher(cur_mode, bits), NULL, key, iv) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    (len && !EVP_EncryptUpdate(c, out, &n, in, (int)len)))
		die("EVP CBC (reference)");
	memcpy(buf, aad, aad_len);
	memcpy(buf + aad_len, out, len);
	if (!HMAC(AE_SHA256(cur_mode) ? EVP_sha256() : EVP_sha1(), ae_hmac_key,
		  (int)ae_hmac_len(), buf, aad_len + len, tag, &tl))
		die("HMAC (reference)");
	free(buf);
	EVP_CIPHER_CTX_free(c);
}

/* gcm-dec, authenc-*-dec: make the ring of messages of len bytes with OpenSSL. */
static void make_ring(const u8 *key, unsigned int bits, size_t len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 iv[BLK];
	int n, n1, n2;
	unsigned int r;

	if (!c)
		die("EVP_CIPHER_CTX_new");
	if (IS_AE(cur_mode)) {
		for (r = 0; r < NR_RING; r++) {
			ae_next_iv(ring[r].iv);
			ossl_authenc(bits, key, ring[r].iv, ae_aad, AE_AAD, src,
				     ring[r].ct, (unsigned int)len, ring[r].tag);
		}
		EVP_CIPHER_CTX_free(c);
		ring_next = 0;
		return;
	}
	for (r = 0; r < NR_RING; r++) {
		next_iv(iv);
		memcpy(ring[r].iv, iv, GCM_IV);
		if (!EVP_EncryptInit_ex(c, evp_cipher(MODE_GCM_ENC, bits), NULL,
					key, iv) ||
		    !EVP_EncryptUpdate(c, NULL, &n, gcm_aad, GCM_AAD) ||
		    !EVP_EncryptUpdate(c, ring[r].ct, &n1, src, (int)len) ||
		    !EVP_EncryptFinal_ex(c, ring[r].ct + n1, &n2) ||
		    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, BLK,
					 ring[r].tag))
			die("EVP GCM encrypt (ring)");
	}
	EVP_CIPHER_CTX_free(c);
	ring_next = 0;
}

/* The timed loop for the mode, so the mode switch stays outside it. */
static double time_run_mode(struct impl *im, size_t len, long iters)
{
	unsigned int zero = chain ? chain_zero : 0;
	double t0 = now();
	long i;

/* One message, then (--chain) the next one's dependency on its output. */
#define TIMED_OUT(msg, out)						\
	for (i = 0; i < iters; i++) {					\
		msg;							\
		if (chain)						\
			chain_dep = (out) & zero;			\
	}
#define TIMED(msg)	TIMED_OUT(msg, dst[len - 1] ^ im->tag[0])
#define TIMED_DEC(msg)	TIMED_OUT(msg, dst[len - 1])

	switch (cur_mode) {
	case MODE_CTR:
		TIMED(ctr_msg(im, dst, len));
		break;
	case MODE_GCM_ENC:
		TIMED(gcm_enc_msg(im, dst, len));
		break;
	case MODE_GCM_DEC:
		TIMED_DEC(gcm_dec_msg(im, dst, len));
		break;
	case MODE_XTS_ENC:
		TIMED(xts_msg(im, 1, dst, len));
		break;
	case MODE_XTS_DEC:
		TIMED(xts_msg(im, 0, dst, len));
		break;
	case MODE_AE1_ENC:
	case MODE_AE256_ENC:
		TIMED(ae_enc_msg(im, dst, len));
		break;
	default:
		TIMED_DEC(ae_dec_msg(im, dst, len));
		break;
	}
#undef TIMED_DEC
#undef TIMED
#undef TIMED_OUT
	return now() - t0;
}

/* Pick iters so that one run takes about ms milliseconds (also warms up). */
static void calibrate(struct impl *im, size_t len, double ms)
{
	long iters = 1;
	double t;

	for (;;) {
		t = time_run_mode(im, len, iters);
		if (t >= ms / 1e3 / 8)
			break;
		iters *= 4;
	}
	iters = (long)((double)iters * (ms / 1e3) / t) + 1;
	im->iters = iters;
}

/* A line for the reader: stdout with the table, stderr with --csv. */
static int csv_mode;

static void __attribute__((format(printf, 1, 2))) note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(csv_mode ? stderr : stdout, fmt, ap);
	va_end(ap);
}

/* A stock row gave a wrong result: say so and leave it out of this mode. */
static void stock_failed(struct impl *im, unsigned int bits, const char *what,
			 size_t len)
{
	im->failed |= 1u << cur_mode;
	stock_fail = 1;
	note("FAIL: %s %s AES-%u: %s at %zu bytes; row left out\n", im->name,
	     mode_names[cur_mode], bits, what, len);
}

/*
 * Same message number (or ring message) for every implementation: outputs
 * and tags must agree with OpenSSL's, decryption must give src back and
 * accept the tag.
 */
static void check_output(size_t len, unsigned int bits)
{
	uint64_t saved = msg_no;
	unsigned int tl = tag_len(cur_mode);
	u8 reftag[MAX_TAG];
	int i;

	for (i = 0; i < nr_impls; i++) {
		struct impl *im = &impls[i];

		if (!active(im))
			continue;
		msg_no = saved;
		ring_next = 0;
		tag_bad = 0;
		encrypt_msg(im, i ? dst : ref, len);
		if (!i)
			memcpy(reftag, im->tag, MAX_TAG);
		if (RING_MODE(cur_mode) ? memcmp(i ? dst : ref, src, len) || tag_bad :
		    i && (memcmp(dst, ref, len) ||
			  (tl && im->kind != IMPL_OSSL_STITCHED &&
			   memcmp(im->tag, reftag, tl)))) {
			if (im->kind == IMPL_STOCK) {
				stock_failed(im, bits, !tl ?
					     "output differs from OpenSSL's" :
					     "output or tag differs from OpenSSL's",
					     len);
				continue;
			}
			im->wrong |= 1u << cur_mode;
			fprintf(stderr,
				"bench: %s %s output%s wrong at %zu bytes\n",
				im->name, mode_names[cur_mode],
				!tl ? "" : " or tag", len);
		}
	}
	ring_next = 0;
	tag_bad = 0;
}

/* OpenSSL's AES-CTR or AES-GCM of one message: the reference. */
static void ossl_crypt(unsigned int bits, const u8 *key, const u8 *iv,
		       const u8 *aad, unsigned int aad_len, const u8 *in,
		       u8 *out, unsigned int len, u8 tag[BLK])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int gcm = cur_mode != MODE_CTR, n, n1 = 0, n2;

	if (!c || !EVP_EncryptInit_ex(c, evp_cipher(cur_mode, bits), NULL, key,
				      iv) ||
	    (gcm && aad_len && !EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len)) ||
	    (len && !EVP_EncryptUpdate(c, out, &n1, in, (int)len)) ||
	    !EVP_EncryptFinal_ex(c, out + n1, &n2) ||
	    (gcm && !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, BLK, tag)))
		die("EVP (stock check)");
	EVP_CIPHER_CTX_free(c);
}

/*
 * Check a stock row against OpenSSL before it is timed, with the key it was
 * just given: lengths with and without partial blocks and across 6.1's size
 * thresholds, several AAD lengths, the tag, the IV handed back by CTR, and
 * a bad tag refused.  Returns 0 if it passed.
 */
static int stock_check_xts(struct impl *im, const u8 *key, unsigned int bits)
{
	static const unsigned int lens[] = {
		16, 17, 31, 32, 47, 64, 100, 255, 256, 512, 4095, 4096, 4111,
		16401, 65536 + 13
	};
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int enc = cur_mode == MODE_XTS_ENC, n;
	unsigned int i, len;
	u8 xk[64], iv[BLK];

	memcpy(xk, key, bits / 8);
	memcpy(xk + bits / 8, key + 32, bits / 8);
	if (!c)
		die("EVP_CIPHER_CTX_new");
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		len = lens[i];
		next_iv(iv);
		iv[15] = (u8)(i * 37);
		if (!EVP_CipherInit_ex(c, evp_cipher(cur_mode, bits), NULL, xk,
				       iv, enc) ||
		    !EVP_CipherUpdate(c, ref, &n, src, (int)len))
			die("EVP XTS (stock check)");
		memset(dst, 0x5c, len + 32);
		(enc ? im->st->xts_enc : im->st->xts_dec)(im->st_ctx, dst, src,
							  len, iv);
		if (memcmp(dst, ref, len)) {
			stock_failed(im, bits, "output differs from OpenSSL's", len);
			break;
		}
		if (memcmp(dst + len, "\x5c\x5c\x5c\x5c\x5c\x5c\x5c\x5c", 8)) {
			stock_failed(im, bits, "wrote past the end of the output", len);
			break;
		}
	}
	EVP_CIPHER_CTX_free(c);
	return i < sizeof(lens) / sizeof(lens[0]) ? -1 : 0;
}

static int stock_check_ae(struct impl *im, const u8 *key, unsigned int bits)
{
	static const unsigned int lens[] = {
		0, 16, 32, 48, 64, 80, 112, 256, 1440, 4096, 16400
	};
	static const unsigned int aad_lens[] = { 24, 8, 0, 47, 64, 100 };
	const u8 *aad = src + MAX_MSG - 128;
	unsigned int i, len, aad_len, tl = tag_len(cur_mode);
	u8 iv[BLK], tag[MAX_TAG], tag2[MAX_TAG];

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		len = lens[i];
		aad_len = aad_lens[i % 6];
		ae_next_iv(iv);
		ossl_authenc(bits, key, iv, aad, aad_len, src, ref, len, tag);
		memset(dst, 0x5c, len + 32);
		if (cur_mode == MODE_AE1_ENC || cur_mode == MODE_AE256_ENC) {
			im->st->authenc_enc(im->st_ctx, iv, aad, aad_len, src, dst,
					    len, tag2);
			if (memcmp(dst, ref, len) || memcmp(tag, tag2, tl)) {
				stock_failed(im, bits, memcmp(dst, ref, len) ?
					     "ciphertext differs from OpenSSL's" :
					     "tag differs from OpenSSL's", len);
				return -1;
			}
		} else {
			if (!im->st->authenc_dec(im->st_ctx, iv, aad, aad_len, ref,
						 dst, len, tag) ||
			    memcmp(dst, src, len)) {
				stock_failed(im, bits, "decryption of OpenSSL's message wrong or its tag refused",
					     len);
				return -1;
			}
			tag[i % tl] ^= 0x10;
			if (im->st->authenc_dec(im->st_ctx, iv, aad, aad_len, ref,
						dst, len, tag)) {
				stock_failed(im, bits, "a wrong tag accepted", len);
				return -1;
			}
		}
		if (memcmp(dst + len, "\x5c\x5c\x5c\x5c\x5c\x5c\x5c\x5c", 8)) {
			stock_failed(im, bits, "wrote past the end of the output", len);
			return -1;
		}
	}
	return 0;
}

static int stock_check(struct impl *im, const u8 *key, unsigned int bits)
{
	static const unsigned int lens[] = {
		0, 1, 15, 16, 17, 64, 100, 255, 256, 639, 640, 1420, 4095,
		4096, 4111, 16401
	};
	static const unsigned int aad_lens[] = { 16, 0, 20, 47 };
	const u8 *aad = src + MAX_MSG - 64;
	u8 iv[BLK], iv2[BLK], tag[BLK], tag2[BLK];
	unsigned int i, len, aad_len;

	if (IS_XTS(cur_mode))
		return stock_check_xts(im, key, bits);
	if (IS_AE(cur_mode))
		return stock_check_ae(im, key, bits);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		len = lens[i];
		aad_len = aad_lens[i % 4];
		next_iv(iv);
		ossl_crypt(bits, key, iv, aad, aad_len, src, ref, len, tag);
		memset(dst, 0x5c, len + 32);
		switch (cur_mode) {
		case MODE_CTR:
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
			break;
		case MODE_GCM_ENC:
			im->st->gcm_enc(im->st_ctx, iv, aad, aad_len, src, dst,
					len, tag2);
			if (memcmp(dst, ref, len) || memcmp(tag, tag2, BLK)) {
				stock_failed(im, bits, memcmp(dst, ref, len) ?
					     "ciphertext differs from OpenSSL's" :
					     "tag differs from OpenSSL's", len);
				return -1;
			}
			break;
		default:
			if (!im->st->gcm_dec(im->st_ctx, iv, aad, aad_len, ref,
					     dst, len, tag) ||
			    memcmp(dst, src, len)) {
				stock_failed(im, bits, "decryption of OpenSSL's message wrong or its tag refused",
					     len);
				return -1;
			}
			tag[i % BLK] ^= 0x10;
			if (im->st->gcm_dec(im->st_ctx, iv, aad, aad_len, ref,
					    dst, len, tag)) {
				stock_failed(im, bits, "a wrong tag accepted", len);
				return -1;
			}
			break;
		}
		if (memcmp(dst + len, "\x5c\x5c\x5c\x5c\x5c\x5c\x5c\x5c", 8)) {
			stock_failed(im, bits, "wrote past the end of the output", len);
			return -1;
		}
	}
	return 0;
}

static struct impl *add_impl(const char *name, const char *col,
			     enum impl_kind kind, enum tier t)
{
	struct impl *im = &impls[nr_impls++];

	im->name = name;
	im->col = col;
	im->kind = kind;
	im->tier = t;
	if (kind == IMPL_OPENSSL && !(im->evp = EVP_CIPHER_CTX_new()))
		die("EVP_CIPHER_CTX_new");
	return im;
}

/* As test_util.c's xaligned(), failing with the bench's own message. */
static void *bench_aligned(size_t n)
{
	void *p;

	if (posix_memalign(&p, 64, n))
		die("posix_memalign");
	memset(p, 0, n);
	return p;
}

/* Is any stock row in the current mode? */
static int any_stock(void)
{
	int i;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_STOCK && active(&impls[i]))
			return 1;
	return 0;
}

/*
 * The table's columns: openssl, libgcrypt (and its ratio to openssl), each
 * stock row, "best stock" (the fastest stock row and its column title),
 * then ours with the ratios to openssl and to the best stock row.
 */
#define BEST_W		15
#define TIER_W(st)	((st) ? 22 : 16)

static int is_ours(const struct impl *im)
{
	return im->kind == IMPL_TIER || im->kind == IMPL_OURS_AE;
}

/* The first ratio's base: openssl, or openssl-stitched where it runs. */
static const struct impl *base_impl(void)
{
	int i;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_OSSL_STITCHED && active(&impls[i]))
			return &impls[i];
	return &impls[0];
}

static void print_header(unsigned int bits, int st)
{
	int i, best_done = !st;

	printf("\nAES-%u-%s\n", bits, mode_titles[cur_mode]);
	if (base_impl() != &impls[0])
		printf("(x) = ratio to %s (no tag: its MAC is of the plaintext and never finished)%s\n",
		       base_impl()->name, st ? ", then to the best stock row" : "");
	printf("%8s", "bytes");
	for (i = 0; i < nr_impls; i++) {
		const struct impl *im = &impls[i];

		if (!active(im))
			continue;
		if (is_ours(im) && !best_done) {
			printf(" %*s", BEST_W, "best stock");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
		case IMPL_OSSL_STITCHED:
			printf(" %9s", im->col);
			break;
		case IMPL_STOCK:
			printf(" %9s", im->col);
			break;
		case IMPL_TIER:
		case IMPL_OURS_AE:
			printf(" %*s", TIER_W(st), im->col);
			break;
		default:
			printf(" %16s", im->col);
			break;
		}
	}
	if (!best_done)
		printf(" %*s", BEST_W, "best stock");
	printf("\n");
}

static double gbps_of(const struct impl *im, size_t n)
{
	return (double)n * (double)im->iters / im->best / 1e9;
}

static void print_row(unsigned int bits, size_t n, int csv, int st)
{
	const struct impl *best = NULL;
	double base = gbps_of(base_impl(), n), bgbps = 0, gbps;
	int i, best_done = !st;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_STOCK && active(&impls[i]) &&
		    gbps_of(&impls[i], n) > bgbps) {
			best = &impls[i];
			bgbps = gbps_of(best, n);
		}
	if (!csv)
		printf("%8zu", n);
	for (i = 0; i < nr_impls; i++) {
		const struct impl *im = &impls[i];
		const char *bad = im->wrong & (1u << cur_mode) ? "!" : "";

		if (!active(im))
			continue;
		gbps = gbps_of(im, n);
		if (csv_out)
			fprintf(csv_out, "%s,%s,%u,%zu,%.3f\n", im->name,
				mode_names[cur_mode], bits, n, gbps);
		if (csv) {
			printf("%s,%s,%u,%zu,%.3f\n", im->name,
			       mode_names[cur_mode], bits, n, gbps);
			continue;
		}
		if (is_ours(im) && !best_done) {
			printf(" %6.2f %-8s", bgbps, best ? best->col : "-");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
		case IMPL_OSSL_STITCHED:
			printf(" %9.2f", gbps);
			break;
		case IMPL_STOCK:
			printf(" %9.2f", gbps);
			break;
		case IMPL_TIER:
		case IMPL_OURS_AE:
			if (st && best)
				printf(" %8.2f (%4.2fx %4.2fx)%s", gbps,
				       gbps / base, gbps / bgbps, bad);
			else if (st)	/* every stock row failed meanwhile */
				printf(" %8.2f (%4.2fx     -)%s", gbps,
				       gbps / base, bad);
			else
				printf(" %8.2f (%4.2fx)%s", gbps, gbps / base,
				       bad);
			break;
		default:
			printf(" %8.2f (%4.2fx)%s", gbps, gbps / base, bad);
			break;
		}
	}
	if (!csv && !best_done)
		printf(" %6.2f %-8s", bgbps, best ? best->col : "-");
	if (!csv)
		printf("\n");
}

/* One table (or its CSV rows): the current mode, one key size, all sizes. */
static void bench_key(const u8 *key, unsigned int bits, int csv, int runs,
		      double ms)
{
	const size_t *sizes = mode_sizes(cur_mode);
	int i, r, st;
	size_t z, n;

	for (i = 0; i < nr_impls; i++) {
		struct impl *im = &impls[i];

		if (!active(im))
			continue;
		set_key(im, key, bits);
		if (im->kind == IMPL_STOCK)
			stock_check(im, key, bits);
	}
	st = any_stock();
	if (!csv)
		print_header(bits, st);
	for (z = 0; sizes[z]; z++) {
		n = sizes[z];
		if (RING_MODE(cur_mode))
			make_ring(key, bits, n);
		check_output(n, bits);
		for (i = 0; i < nr_impls; i++) {
			if (!active(&impls[i]))
				continue;
			calibrate(&impls[i], n, ms);
			impls[i].best = 1e30;
		}
		/* Interleave, starting with a different one each run. */
		for (r = 0; r < runs; r++) {
			for (i = 0; i < nr_impls; i++) {
				struct impl *im = &impls[(i + r) % nr_impls];
				double dt;

				if (!active(im))
					continue;
				tag_bad = 0;
				dt = time_run_mode(im, n, im->iters);
				if (tag_bad && im->kind == IMPL_STOCK) {
					stock_failed(im, bits, "a valid tag refused", n);
					continue;
				}
				if (tag_bad) {
					im->wrong |= 1u << cur_mode;
					fprintf(stderr,
						"bench: %s %s rejected a valid tag at %zu bytes\n",
						im->name, mode_names[cur_mode], n);
				}
				if (dt < im->best)
					im->best = dt;
			}
		}
		print_row(bits, n, csv, st);
		fflush(stdout);
	}
}

/*
 * Why kernel kver's code is not in this bench: extract.sh's status (a
 * missing tarball, a failed extraction, glue facts that changed), else
 * whether the tarball is there at all.
 */
static void stock_not_covered(const char *dir, const char *kver)
{
	char path[512], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/status", dir ? dir : "", kver);
	if (dir && (f = fopen(path, "r"))) {
		if (fgets(line, sizeof(line), f) && strcmp(line, "ok\n")) {
			fclose(f);
			note("%s", line);
			if (!strncmp(line, "FAIL", 4))
				stock_fail = 1;
			return;
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "/usr/src/linux-source-%s.tar.xz", kver);
	if (access(path, R_OK))
		note("NOT COVERED: linux-%s (no %s)\n", kver, path);
	else
		note("NOT COVERED: linux-%s (its code is not linked into this bench: run make bench)\n",
		     kver);
}

/* Add the stock rows of every linked kernel; say which are not covered. */
static void add_stock(const char *dir, int csv)
{
	const struct stock_cpu *cpu = stock_cpu();
	unsigned int k, nst = 0;
	int j, n;

	if (!csv)
		printf("Stock kernels: x86 AES assembly from /usr/src/linux-source-<kver>.tar.xz, driven as each kernel's aesni-intel_glue.c does:\n");
	for (k = 0; k < NR_STOCK_KERNELS; k++) {
		const struct stock_kernel *kern = stock_kernels[k].k;

		if (!kern) {
			stock_not_covered(dir, stock_kernels[k].kver);
			continue;
		}
		n = kern->impls(cpu, &stock_impls[nst]);
		if (!csv)
			printf("  linux-%s here: %s\n", kern->kver,
			       kern->choice(cpu));
		for (j = 0; j < n; j++) {
			const struct stock_impl *si = &stock_impls[nst + j];
			struct impl *im = add_impl(si->name, si->col,
						   IMPL_STOCK, 0);

			im->st = si;
			im->st_ctx = bench_aligned(si->ctx_size);
			if (csv)
				continue;
			printf("    %-8s = %s", si->col, si->name);
			if (si->modes & STOCK_CTR)
				printf("; ctr: %s", si->ctr_desc);
			if (si->modes & STOCK_GCM)
				printf("; gcm: %s", si->gcm_desc);
			if (si->modes & STOCK_XTS)
				printf("; xts: %s", si->xts_desc);
			if (si->modes & STOCK_AUTHENC)
				printf("; authenc: %s", si->authenc_desc);
			printf("\n");
		}
		nst += (unsigned int)n;
	}
}

#define AE_MODES	(1u << MODE_AE1_ENC | 1u << MODE_AE1_DEC | \
			 1u << MODE_AE256_ENC | 1u << MODE_AE256_DEC)

/*
 * --modes= (or MODES= of make bench): a comma-separated list of mode names
 * (ctr, gcm-enc, xts-dec, authenc-sha256-enc, ...) and families (gcm, xts,
 * authenc, authenc-sha1, authenc-sha256, all).
 */
static int parse_modes(const char *list)
{
	static const struct { const char *name; unsigned int mask; } fam[] = {
		{ "all", (1u << NR_MODES) - 1 },
		{ "gcm", 1u << MODE_GCM_ENC | 1u << MODE_GCM_DEC },
		{ "xts", 1u << MODE_XTS_ENC | 1u << MODE_XTS_DEC },
		{ "authenc", AE_MODES },
		{ "authenc-sha1", 1u << MODE_AE1_ENC | 1u << MODE_AE1_DEC },
		{ "authenc-sha256", 1u << MODE_AE256_ENC | 1u << MODE_AE256_DEC },
	};
	char buf[256], *tok, *save = NULL;
	unsigned int m, f;

	if (!*list)
		return 0;	/* MODES= empty: all */
	snprintf(buf, sizeof(buf), "%s", list);
	modes_wanted = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (m = 0; m < NR_MODES; m++)
			if (!strcmp(tok, mode_names[m]))
				break;
		if (m < NR_MODES) {
			modes_wanted |= 1u << m;
			continue;
		}
		for (f = 0; f < sizeof(fam) / sizeof(fam[0]); f++)
			if (!strcmp(tok, fam[f].name))
				break;
		if (f == sizeof(fam) / sizeof(fam[0])) {
			fprintf(stderr, "bench: unknown mode %s (want ctr, gcm-enc, gcm-dec, xts-enc, xts-dec, authenc-sha1-enc, authenc-sha1-dec, authenc-sha256-enc, authenc-sha256-dec, or gcm, xts, authenc, authenc-sha1, authenc-sha256, all)\n",
				tok);
			return -1;
		}
		modes_wanted |= fam[f].mask;
	}
	return 0;
}

/*
 * OpenSSL's stitched AES-CBC + HMAC TLS ciphers, if this OpenSSL and CPU
 * have them (they need AES-NI; OpenSSL picks its SHA-NI code where the CPU
 * has it): one row for authenc-sha1-enc and authenc-sha256-enc.
 */
static void add_stitched(void)
{
	static const u8 k[32], iv[BLK];
	struct impl *im = add_impl("openssl-stitched", "stitched",
				   IMPL_OSSL_STITCHED, 0);
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *ciph[2] = { EVP_aes_128_cbc_hmac_sha1(),
				      EVP_aes_128_cbc_hmac_sha256() };
	int j;

	if (!c)
		die("EVP_CIPHER_CTX_new");
	for (j = 0; j < 2; j++) {
		if (!ciph[j] || !EVP_EncryptInit_ex(c, ciph[j], NULL, k, iv)) {
			note("NOT COVERED: openssl-stitched (this OpenSSL or CPU lacks %s)\n",
			     j ? "aes-128-cbc-hmac-sha256" : "aes-128-cbc-hmac-sha1");
			EVP_CIPHER_CTX_free(c);
			return;
		}
	}
	im->evp = c;
}

/*
 * --sizes=N,...: message sizes in bytes, 16 up to MAX_MSG, at most 15; xts
 * and authenc take only those that are multiples of 16.
 */
static int parse_sizes(const char *arg)
{
	unsigned int n = 0, n16 = 0;
	unsigned long v;
	char *end;

	do {
		v = strtoul(arg, &end, 10);
		if (end == arg || v < 16 || v > MAX_MSG ||
		    n >= NSIZES_USER - 1 || (*end && *end != ',')) {
			fprintf(stderr, "bench: bad --sizes (want N,... from 16 up to %d, at most %d)\n",
				MAX_MSG, NSIZES_USER - 1);
			return 1;
		}
		sizes_user[n++] = v;
		if (v % BLK == 0)
			sizes_user16[n16++] = v;
		arg = end + 1;
	} while (*end);
	sizes_user[n] = 0;
	sizes_user16[n16] = 0;
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const tier_impl[NR_TIERS] = {
		"aesnictr-avx", "aesnictr-vaes2", "aesnictr-vaes512"
	};
	int csv = 0, runs = 7, i, t, r, no_stock = 0, rc = 0;
	enum mode mode;
	const char *cap = NULL, *s, *stock_dir = NULL, *csv_path = NULL;
	const struct stock_cpu *scpu;
	double ms = 25;
	unsigned int k;
	size_t z;
	u8 key[64];		/* AES key; xts: key[0..n) || key[32..32+n) */

	if ((s = getenv("CSV")) && (!strcmp(s, "1") || !strcmp(s, "y") ||
				    !strcmp(s, "yes")))
		csv = 1;
	if ((s = getenv("BENCH_RUNS")) && *s)
		runs = atoi(s);
	if ((s = getenv("BENCH_MS")) && *s)
		ms = atof(s);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv")) {
			csv = 1;
		} else if (!strncmp(argv[i], "--csv-out=", 10)) {
			csv_path = argv[i] + 10;
		} else if (!strncmp(argv[i], "--runs=", 7)) {
			runs = atoi(argv[i] + 7);
		} else if (!strncmp(argv[i], "--ms=", 5)) {
			ms = atof(argv[i] + 5);
		} else if (!strncmp(argv[i], "--max-tier=", 11)) {
			cap = argv[i] + 11;
		} else if (!strcmp(argv[i], "--chain")) {
			chain = 1;
		} else if (!strcmp(argv[i], "--no-stock")) {
			no_stock = 1;
		} else if (!strncmp(argv[i], "--stock-dir=", 12)) {
			stock_dir = argv[i] + 12;
		} else if (!strncmp(argv[i], "--modes=", 8)) {
			if (parse_modes(argv[i] + 8))
				return 2;
		} else if (!strncmp(argv[i], "--sizes=", 8)) {
			if (parse_sizes(argv[i] + 8))
				return 2;
		} else {
			fprintf(stderr,
				"usage: %s [--csv] [--csv-out=FILE] [--runs=N] [--ms=N] [--max-tier=avx|vaes2|vaes512] [--no-stock] [--stock-dir=DIR] [--modes=M,...] [--sizes=N,...] [--chain]\n",
				argv[0]);
			return 2;
		}
	}
	if (runs < 1 || ms <= 0) {
		fprintf(stderr, "bench: bad --runs or --ms\n");
		return 2;
	}
	if (cpu_detect(cap)) {
		fprintf(stderr, "bench: unknown tier cap (want avx, vaes2 or vaes512)\n");
		return 2;
	}
	csv_mode = csv;
	if (csv_path && !(csv_out = fopen(csv_path, "w"))) {
		perror(csv_path);
		return 2;
	}
	if (!gcry_check_version(GCRYPT_VERSION))
		die("gcry_check_version");
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);

	src = bench_aligned(MAX_MSG);
	dst = bench_aligned(MAX_MSG);
	ref = bench_aligned(MAX_MSG);
	for (r = 0; r < NR_RING; r++)
		ring[r].ct = bench_aligned(MAX_MSG);
	for (z = 0; z < MAX_MSG; z++)
		src[z] = (u8)(z * 131 + (z >> 8));
	for (z = 0; z < sizeof(key); z++)
		key[z] = (u8)(0x10 + 7 * z);
	for (z = 0; z < NR_IV; z++)
		make_iv(iv_ring[z], z);
	for (z = 0; z < NR_XTS_IV; z++) {
		make_iv(xts_ivs[z], z);
		xts_ivs[z][15] = (u8)(z * 29 + 3);
	}
	msg_no = 0;
	sha_ni = stock_cpu()->sha_ni;

	if (csv) {
		printf("impl,mode,key_bits,bytes,gbps\n");
	} else {
		scpu = stock_cpu();
		printf("CPU: %s (%s family %u model %u = 0x%x)\n", cpu_model(),
		       scpu->vendor, scpu->family, scpu->model, scpu->model);
		printf("OpenSSL: %s; libgcrypt %s\n",
		       OpenSSL_version(OPENSSL_VERSION),
		       gcry_check_version(NULL));
		printf("tiers covered:");
		for (t = 0; t < NR_TIERS; t++)
			if (cpu_tier_usable(t))
				printf(" %s", tier_names[t]);
		printf("\n");
		for (t = 0; t < NR_TIERS; t++)
			if (!cpu_tier_usable(t))
				printf("NOT COVERED: tier %s (%s)\n",
				       tier_names[t], cpu_tier_why_not(t));
	}
	if (csv_out)
		fprintf(csv_out, "impl,mode,key_bits,bytes,gbps\n");

	add_impl("openssl", "openssl", IMPL_OPENSSL, 0);
	add_impl("libgcrypt", "libgcrypt", IMPL_GCRYPT, 0);
	if (modes_wanted & (1u << MODE_AE1_ENC | 1u << MODE_AE256_ENC))
		add_stitched();
	if (no_stock)
		note("NOT COVERED: stock kernels (--no-stock, STOCK=0)\n");
	else
		add_stock(stock_dir, csv);
	for (t = 0; t < NR_TIERS; t++)
		if (cpu_tier_usable(t))
			add_impl(tier_impl[t], tier_names[t], IMPL_TIER, t);
	if (sha_ni)
		add_impl("aesnictr", "ours", IMPL_OURS_AE, 0);
	else if (modes_wanted & AE_MODES)
		note("NOT COVERED: authenc modes of ours (the CPU lacks SHA-NI)\n");
	if (!csv)
		printf("GB/s (1e9 bytes/s), best of %d runs of ~%g ms each, IVs from a ring of %d written beforehand, %s; after libgcrypt and ours (x) = ratio to openssl%s\n",
		       runs, ms, NR_IV, chain ?
		       "each message waiting for the one before (--chain: latency)" :
		       "messages independent (throughput)", !no_stock ?
		       ", and for ours then to the fastest stock-kernel column (\"best stock\")" : "");
	fflush(stdout);

	for (mode = 0; mode < NR_MODES; mode++) {
		if (!(modes_wanted & (1u << mode)))
			continue;
		cur_mode = mode;
		for (k = 0; k < NR_KEYS; k++)
			bench_key(key, key_bits[k], csv, runs, ms);
	}
	for (i = 0; i < nr_impls; i++) {
		if (impls[i].wrong) {
			fprintf(stderr, "bench: %s gave wrong output or tags (marked !)\n",
				impls[i].name);
			rc = 1;
		}
		if (impls[i].evp)
			EVP_CIPHER_CTX_free(impls[i].evp);
		if (impls[i].gh)
			gcry_cipher_close(impls[i].gh);
		if (impls[i].mac)
			EVP_MAC_CTX_free(impls[i].mac);
	}
	if (stock_fail) {
		fprintf(stderr, "bench: a stock kernel's code failed its check against OpenSSL or could not be used (FAIL above)\n");
		rc = 1;
	}
	if (csv_out && fclose(csv_out)) {
		perror(csv_path);
		rc = 1;
	}
	return rc;
}
