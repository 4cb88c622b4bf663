// SPDX-License-Identifier: GPL-2.0
/*
 * Native benchmark of CTR and GCM: every tier the CPU has (for GCM, every
 * tier whose GCM routines are linked) against OpenSSL EVP, libgcrypt and
 * the stock kernels' own x86 AES assembly (Linux 6.1, 6.12, 7.3, taken from
 * Debian's linux-source tarballs at bench time and driven as each kernel's
 * glue does, see stock/stock.h), AES-128 and AES-256, messages of 64 B to
 * 1 MiB.  One message model for all: the key is set once; each message gets
 * a fresh IV and is processed whole.
 *   ctr:     OpenSSL EncryptInit_ex with only the IV, EncryptUpdate,
 *            EncryptFinal_ex; libgcrypt setctr, encrypt; ours ctr_crypt_split();
 *            a stock kernel its ctr(aes) request path.
 *   gcm-enc: a 12-byte IV, 16 bytes of AAD, a 16-byte tag.  OpenSSL
 *            EncryptInit_ex with only the IV, EncryptUpdate(NULL out) of the
 *            AAD, EncryptUpdate, EncryptFinal_ex, GET_TAG; libgcrypt setiv,
 *            authenticate, encrypt, gettag; ours as the kernel glue:
 *            ghash_update of the AAD, one enc_update, gcm_final; a stock
 *            kernel its gcm(aes) request path (the data in one segment).
 *   gcm-dec: the same, decrypting messages made beforehand (a ring of 4 per
 *            size, each with its own IV) and checking the tag: OpenSSL
 *            SET_TAG then DecryptFinal_ex, libgcrypt checktag, ours
 *            dec_update, gcm_final and a compare; a stock kernel its
 *            decryption path, which checks the tag.
 * Each figure is the best of several timed runs of ~25 ms, the
 * implementations interleaved so that noise hits all alike.  Every stock
 * row is first checked against OpenSSL (CTR and GCM at lengths 0..16401
 * with partial blocks, several AAD lengths, tags, a rejected bad tag); a
 * row that fails prints FAIL, is left out, and the bench exits 1.
 *
 * Output: a table of GB/s (1e9 bytes/s) with, for ours, the ratio to
 * OpenSSL and to the best stock-kernel row at that size, or with --csv (or
 * CSV=1) only CSV: impl,mode,key_bits,bytes,gbps (mode ctr, gcm-enc or
 * gcm-dec; impl openssl, libgcrypt, aesnictr-<tier>, linux-<kver> for the
 * code that kernel picks on this CPU, linux-<kver>-<variant> for its other
 * code).
 * Options: --csv, --csv-out=FILE (the CSV also into FILE), --runs=N
 * (BENCH_RUNS), --ms=N (BENCH_MS), --max-tier=avx|vaes2|vaes512
 * (AESNICTR_MAX_TIER), --no-stock, --stock-dir=DIR (build/stock: why a
 * kernel is not linked).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gcrypt.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "cpu.h"
#include "ctr_split.h"
#include "gcm_fns.h"
#include "test_util.h"
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

#define BLK	AESNICTR_BLOCK_SIZE
#define MAX_MSG	(1 << 20)

static const size_t sizes[] = { 64, 256, 512, 1420, 4096, 16384, MAX_MSG };
#define NR_SIZES	(sizeof(sizes) / sizeof(sizes[0]))
static const unsigned int key_bits[] = { 128, 256 };
#define NR_KEYS		(sizeof(key_bits) / sizeof(key_bits[0]))

enum impl_kind { IMPL_TIER, IMPL_OPENSSL, IMPL_GCRYPT, IMPL_STOCK };

enum mode { MODE_CTR, MODE_GCM_ENC, MODE_GCM_DEC, NR_MODES };
static const char *const mode_names[NR_MODES] = { "ctr", "gcm-enc", "gcm-dec" };
static const char *const mode_titles[NR_MODES] = {
	"CTR",
	"GCM encrypt (12-byte IV, 16-byte AAD, 16-byte tag)",
	"GCM decrypt (12-byte IV, 16-byte AAD, 16-byte tag checked)",
};

#define GCM_IV		12
#define GCM_AAD		16
#define NR_RING		4		/* gcm-dec: messages made beforehand */

struct impl {
	struct aesnictr_gcm_key gk;	/* ours: round keys and H powers */
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
	u8 tag[BLK];			/* last GCM tag made */
};

static struct impl impls[2 + NR_TIERS + NR_STOCK_KERNELS * STOCK_MAX_IMPLS];
static struct stock_impl stock_impls[NR_STOCK_KERNELS * STOCK_MAX_IMPLS];
static int nr_impls;
static u8 *src, *dst, *ref;
static uint64_t msg_no;
static enum mode cur_mode;
static int stock_fail;		/* a stock row failed its check */
static FILE *csv_out;		/* --csv-out */
static const u8 gcm_aad[GCM_AAD] = "aesnictr bench!";

/* gcm-dec: NR_RING messages of the current size, made by OpenSSL. */
static struct {
	u8 iv[GCM_IV];
	u8 tag[BLK];
	u8 *ct;
} ring[NR_RING];
static unsigned int ring_next;
static int tag_bad;		/* a gcm-dec tag check failed */

/* Does im take part in the current mode? */
static int active(const struct impl *im)
{
	switch (im->kind) {
	case IMPL_TIER:
		return 1;	/* ours: every mode of every tier */
	case IMPL_STOCK:
		return (im->st->modes & (cur_mode == MODE_CTR ? STOCK_CTR :
					 STOCK_GCM)) &&
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

/* A fresh IV per message: RFC 3686 style nonce | message number | 1. */
static void next_iv(u8 iv[BLK])
{
	uint64_t n = msg_no++;
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

static const EVP_CIPHER *evp_cipher(enum mode mode, unsigned int bits)
{
	if (mode == MODE_CTR)
		return bits == 128 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
	return bits == 128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
}

/* Key setup for the current mode (not timed). */
static void set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		memset(&im->gk, 0, sizeof(im->gk));
		aesnictr_expand_key(&im->gk.aes, key, bits / 8);
		if (cur_mode != MODE_CTR)
			gcm_precompute_fn(&im->gk);
		break;
	case IMPL_OPENSSL:
		if (cur_mode == MODE_GCM_DEC) {
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
		if (gcry_cipher_open(&im->gh, bits == 128 ? GCRY_CIPHER_AES128 :
				     GCRY_CIPHER_AES256,
				     cur_mode == MODE_CTR ? GCRY_CIPHER_MODE_CTR :
				     GCRY_CIPHER_MODE_GCM, 0) ||
		    gcry_cipher_setkey(im->gh, key, bits / 8))
			die("gcry_cipher_open/setkey");
		break;
	case IMPL_STOCK:
		im->st->setkey(im->st_ctx, key, bits / 8, cur_mode != MODE_CTR);
		break;
	}
}

/* Ours, as the kernel glue does a message: J0 = IV || 1, data from IV || 2. */
static inline void gcm_tier_msg(struct impl *im, int enc, const u8 *iv,
				u8 *out, const u8 *in, size_t len, u8 tag[BLK])
{
	u8 j0[BLK], ctr[BLK], acc[BLK];

	memcpy(j0, iv, GCM_IV);
	j0[12] = j0[13] = j0[14] = 0;
	j0[15] = 1;
	memcpy(ctr, j0, BLK);
	ctr[15] = 2;
	memset(acc, 0, BLK);
	ghash_update_fn(&im->gk, acc, gcm_aad, GCM_AAD);	/* every tier's AAD */
	(enc ? gcm_enc_fns : gcm_dec_fns)[im->tier](&im->gk, ctr, acc, out, in,
						    (unsigned int)len);
	gcm_final_fn(&im->gk, acc, j0, GCM_AAD, len, tag);
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
	}
}

static inline void gcm_dec_msg(struct impl *im, u8 *out, size_t len)
{
	unsigned int r = ring_next++ % NR_RING;
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
	default:
		gcm_dec_msg(im, out, len);
		break;
	}
}

/* gcm-dec: make the ring of messages of len bytes with OpenSSL. */
static void make_ring(const u8 *key, unsigned int bits, size_t len)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	u8 iv[BLK];
	int n, n1, n2;
	unsigned int r;

	if (!c)
		die("EVP_CIPHER_CTX_new");
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
	double t0 = now();
	long i;

	switch (cur_mode) {
	case MODE_CTR:
		for (i = 0; i < iters; i++)
			ctr_msg(im, dst, len);
		break;
	case MODE_GCM_ENC:
		for (i = 0; i < iters; i++)
			gcm_enc_msg(im, dst, len);
		break;
	default:
		for (i = 0; i < iters; i++)
			gcm_dec_msg(im, dst, len);
		break;
	}
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
	u8 reftag[BLK];
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
			memcpy(reftag, im->tag, BLK);
		if (cur_mode == MODE_GCM_DEC ? memcmp(i ? dst : ref, src, len) || tag_bad :
		    i && (memcmp(dst, ref, len) ||
			  (cur_mode == MODE_GCM_ENC && memcmp(im->tag, reftag, BLK)))) {
			if (im->kind == IMPL_STOCK) {
				stock_failed(im, bits, cur_mode == MODE_CTR ?
					     "output differs from OpenSSL's" :
					     "output or tag differs from OpenSSL's",
					     len);
				continue;
			}
			im->wrong |= 1u << cur_mode;
			fprintf(stderr,
				"bench: %s %s output%s wrong at %zu bytes\n",
				im->name, mode_names[cur_mode],
				cur_mode == MODE_CTR ? "" : " or tag", len);
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

static void print_header(unsigned int bits, int st)
{
	int i, best_done = !st;

	printf("\nAES-%u-%s\n%8s", bits, mode_titles[cur_mode], "bytes");
	for (i = 0; i < nr_impls; i++) {
		const struct impl *im = &impls[i];

		if (!active(im))
			continue;
		if (im->kind == IMPL_TIER && !best_done) {
			printf(" %*s", BEST_W, "best stock");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
			printf(" %9s", im->col);
			break;
		case IMPL_STOCK:
			printf(" %8s", im->col);
			break;
		case IMPL_TIER:
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
	double base = gbps_of(&impls[0], n), bgbps = 0, gbps;
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
		if (im->kind == IMPL_TIER && !best_done) {
			printf(" %6.2f %-8s", bgbps, best ? best->col : "-");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
			printf(" %9.2f", gbps);
			break;
		case IMPL_STOCK:
			printf(" %8.2f", gbps);
			break;
		case IMPL_TIER:
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
	for (z = 0; z < NR_SIZES; z++) {
		n = sizes[z];
		if (cur_mode == MODE_GCM_DEC)
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
			printf("\n");
		}
		nst += (unsigned int)n;
	}
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
	u8 key[32];

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
		} else if (!strcmp(argv[i], "--no-stock")) {
			no_stock = 1;
		} else if (!strncmp(argv[i], "--stock-dir=", 12)) {
			stock_dir = argv[i] + 12;
		} else {
			fprintf(stderr,
				"usage: %s [--csv] [--csv-out=FILE] [--runs=N] [--ms=N] [--max-tier=avx|vaes2|vaes512] [--no-stock] [--stock-dir=DIR]\n",
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
	if (no_stock)
		note("NOT COVERED: stock kernels (--no-stock, STOCK=0)\n");
	else
		add_stock(stock_dir, csv);
	for (t = 0; t < NR_TIERS; t++)
		if (cpu_tier_usable(t))
			add_impl(tier_impl[t], tier_names[t], IMPL_TIER, t);
	if (!csv)
		printf("GB/s (1e9 bytes/s), best of %d runs of ~%g ms each, fresh IV per message; after libgcrypt and ours (x) = ratio to openssl%s\n",
		       runs, ms, nr_impls > 2 && impls[2].kind == IMPL_STOCK ?
		       ", and for ours then to the fastest stock-kernel column (\"best stock\")" : "");
	fflush(stdout);

	for (mode = 0; mode < NR_MODES; mode++) {
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
