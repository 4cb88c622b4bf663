// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_authenc - AF_ALG differential fuzzer for the AEADs
 * "authenc(hmac(sha1),cbc(aes))" and "authenc(hmac(sha256),cbc(aes))".
 *
 * Runs inside the QEMU test guest.  The AEAD under test is opened BY DRIVER
 * NAME (authenc-hmac-sha256-cbc-aes-aesnictr-avx) and compared with the
 * kernel's authenc template over the generic hash and cipher, also by
 * driver name:
 *   sha1     authenc(hmac(sha1-generic),cbc(aes-generic))
 *   sha256   authenc(hmac(sha256-generic),cbc(aes-generic))
 * (7.x: sha1-lib, sha256-lib, aes-lib: ref_name() in afalg_common.c).  The
 * oracle's tag is itself checked against hmac(<hash>-generic) through an
 * AF_ALG hash socket over AAD || ciphertext.
 *
 * The key is the authenc template's blob: an rtattr (host-endian length and
 * type CRYPTO_AUTHENC_KEYA_PARAM) holding the big-endian AES key length,
 * then the HMAC key, then the AES key.  Each case: (one in four) a new key:
 * AES-128/192/256, an HMAC key of 0..200 bytes (longer than a block: hashed
 * first); one in ten of those first tries a bad blob (too short, wrong
 * attribute length or type, AES key longer than the blob, a bad AES key
 * length), which both must refuse with EINVAL (then ENOKEY for an
 * operation); a tag length of 1..digest
 * size (changed one case in three; now and then a too long one, EINVAL from
 * both); AAD of 0..600 bytes (biased to ESP's 8/12/16/20/24 and SHA block
 * edges); text of 0..16 KiB in whole blocks (biased to small, a page, and
 * the maximum); a random IV.  The driver encrypts (compared with the
 * oracle's output, AAD region, ciphertext and tag), decrypts its result,
 * and in three cases of four decrypts a changed message, the same for both:
 *   tag, ciphertext, AAD   a flipped bit: EBADMSG from both
 *   iv                     not authenticated: both decrypt, alike
 *   length                 the ciphertext shortened or lengthened by 1..15
 *                          bytes: EBADMSG from both (the tag is checked
 *                          before the length)
 *   forged-length          a text that is not a multiple of 16 bytes with a
 *                          valid tag (computed with hmac(<hash>-generic)):
 *                          EINVAL from both
 *   short                  input shorter than the tag: the same error
 * and one case in sixteen encrypts a text that is not a multiple of 16
 * bytes (EINVAL from both).  After every EBADMSG of the driver on a text of
 * whole blocks, the text region of its output must be all zero (the driver
 * wipes the plaintext it produced while hashing; the template leaves the
 * ciphertext): no plaintext of a forged message is released.  A driver
 * name with a parenthesis is a template instance (the cbc scenario fuzzes
 * authenc(hmac(sha256-ni),cbc-aes-aesnictr-vaes2)): for it, as for
 * authencesn, only no block of plaintext may be left there.
 *
 * Each operation reaches the driver by one of the paths of aead_run_op()
 * (afalg_common.c): flat, split iovecs, several sendmsg calls, vmsplice +
 * splice, the same in place, libkcapi.
 *
 *   afalg_authenc [--seed S] [--nosimd-param PATH] sha1|sha256 DRIVER N
 *   afalg_authenc --hold NAME SECONDS
 *   afalg_authenc --speed NAME SECS       AF_ALG round trips by name (8-byte
 *        AAD as ESP, a 12-byte tag for sha1, 16 for sha256, 64..8192-byte
 *        texts, encryption and decryption, each for SECS seconds):
 *        "SPEED: <name> <direction> <bytes> <ns per op> <MB/s>"
 * --nosimd-param PATH names the module's debug_force_nosimd parameter: it is
 * set at random before each setkey and each operation of the driver.
 * The case loop, the comparisons, the changed messages' common checks and
 * the report lines are the AEAD fuzz skeleton's (fz_main() in
 * afalg_aead_fuzz.c); this file has authenc's key blobs, cases and tampers.
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "afalg_aead_fuzz.h"

#define MAX_TEXT (16384 + 2 * AES_BS)
#define MAX_AAD 600
#define MAX_HKEY 200
#define BUFSZ (MAX_AAD + MAX_TEXT + 64)

struct hashmode {
	const char *name;		/* "sha1", "esn-sha256" */
	const char *oracle;		/* the template over the generic code */
	const char *hmac;		/* the HMAC reference */
	unsigned int ds;		/* digest size */
	unsigned int bs;		/* the hash's block size */
	int esn;			/* authencesn: ESP's extended sequence numbers */
};

#define MAX_DS 64

static const struct hashmode hashes[] = {
	{ "sha1", "authenc(hmac(sha1-generic),cbc(aes-generic))",
	  "hmac(sha1-generic)", 20, 64, 0 },
	{ "sha256", "authenc(hmac(sha256-generic),cbc(aes-generic))",
	  "hmac(sha256-generic)", 32, 64, 0 },
	{ "sha384", "authenc(hmac(sha384-generic),cbc(aes-generic))",
	  "hmac(sha384-generic)", 48, 128, 0 },
	{ "sha512", "authenc(hmac(sha512-generic),cbc(aes-generic))",
	  "hmac(sha512-generic)", 64, 128, 0 },
	{ "esn-sha1", "authencesn(hmac(sha1-generic),cbc(aes-generic))",
	  "hmac(sha1-generic)", 20, 64, 1 },
	{ "esn-sha256", "authencesn(hmac(sha256-generic),cbc(aes-generic))",
	  "hmac(sha256-generic)", 32, 64, 1 },
	{ "esn-sha384", "authencesn(hmac(sha384-generic),cbc(aes-generic))",
	  "hmac(sha384-generic)", 48, 128, 1 },
	{ "esn-sha512", "authencesn(hmac(sha512-generic),cbc(aes-generic))",
	  "hmac(sha512-generic)", 64, 128, 1 },
};

/* ------------------------------------------------------------------ */
/* key blobs                                                           */

#define RTA_HDR 4		/* struct rtattr: u16 len, u16 type */
#define PARAM_LEN 4		/* struct crypto_authenc_key_param: __be32 */
#define KEYA_PARAM 1		/* CRYPTO_AUTHENC_KEYA_PARAM */

static unsigned int make_blob(uint8_t *b, const uint8_t *hkey, unsigned int hkl,
			      const uint8_t *aes, unsigned int akl)
{
	uint16_t len = RTA_HDR + PARAM_LEN, type = KEYA_PARAM;

	memcpy(b, &len, 2);
	memcpy(b + 2, &type, 2);
	b[4] = (uint8_t)(akl >> 24);
	b[5] = (uint8_t)(akl >> 16);
	b[6] = (uint8_t)(akl >> 8);
	b[7] = (uint8_t)akl;
	memcpy(b + 8, hkey, hkl);
	memcpy(b + 8 + hkl, aes, akl);
	return 8 + hkl + akl;
}

static const char *const badblob_name[] = {
	"too short", "attribute length 12", "attribute length 3",
	"wrong attribute type", "AES key longer than the blob",
	"AES key length not 16/24/32",
};
#define NBADBLOB 6

/* a bad blob of kind k into b; its length */
static unsigned int bad_blob(uint8_t *b, int k)
{
	uint8_t hk[MAX_HKEY], ak[40];
	unsigned int hkl = rnd(80), akl = 16 + 8 * rnd(3), n;
	uint16_t v;

	rnd_bytes(hk, sizeof(hk));
	rnd_bytes(ak, sizeof(ak));
	n = make_blob(b, hk, hkl, ak, akl);
	switch (k) {
	case 0:
		return rnd(8);
	case 1:
		v = 12;
		memcpy(b, &v, 2);
		return n;
	case 2:
		v = 3;
		memcpy(b, &v, 2);
		return n;
	case 3:
		v = 2;
		memcpy(b + 2, &v, 2);
		return n;
	case 4: {
		/* the AES key length says more bytes than the blob has left */
		uint32_t big = rnd(2) ? (uint32_t)rnd64() | 0x80000000u :
				      (uint32_t)(n - 8 + 1 + rnd(64));

		b[4] = (uint8_t)(big >> 24);
		b[5] = (uint8_t)(big >> 16);
		b[6] = (uint8_t)(big >> 8);
		b[7] = (uint8_t)big;
		return n;
	}
	default: {
		static const unsigned int bad[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40 };

		akl = bad[rnd(sizeof(bad) / sizeof(bad[0]))];
		return make_blob(b, hk, hkl, ak, akl);
	}
	}
}

/* ------------------------------------------------------------------ */
/* the HMAC reference: an AF_ALG hash socket                           */

static int hmac_ref(struct alg *h, const uint8_t *k, unsigned int kl,
		    const uint8_t *d, size_t n, uint8_t *out, unsigned int ds)
{
	uint8_t dummy = 0;
	int err;
	ssize_t r;

	err = alg_setkey(h, kl ? k : &dummy, kl);
	if (err)
		return err;
	err = alg_accept(h);
	if (err)
		return err;
	if (n && send(h->opfd, d, n, 0) != (ssize_t)n)
		return -errno ? -errno : -EIO;
	r = read(h->opfd, out, ds);
	alg_drop_op(h);
	if (r < 0)
		return -errno;
	return r == (ssize_t)ds ? 0 : -EIO;
}

/*
 * The tag's input: AAD || ciphertext (authenc); for authencesn RFC 4303's
 * ESN order, the high sequence half (AAD bytes 4..7) moved behind the
 * ciphertext: A[0..4) || A[8..alen) || C || A[4..8) (alen >= 8)
 */
static int tag_ref(const struct hashmode *hm, struct alg *h, const uint8_t *k,
		   unsigned int kl, const uint8_t *d, unsigned int alen, size_t clen,
		   uint8_t *scratch, uint8_t *out)
{
	if (!hm->esn)
		return hmac_ref(h, k, kl, d, alen + clen, out, hm->ds);
	if (alen < 8)
		return -EINVAL;
	memcpy(scratch, d, 4);
	memcpy(scratch + 4, d + 8, alen - 8 + clen);
	memcpy(scratch + alen - 4 + clen, d + 4, 4);
	return hmac_ref(h, k, kl, scratch, alen + clen, out, hm->ds);
}

/* ------------------------------------------------------------------ */
/* case generation                                                     */

static size_t pick_text(void)
{
	switch (rnd(10)) {
	case 0: case 1: case 2: return (size_t)rnd(9) * AES_BS;
	case 3: case 4: return (size_t)rnd(64) * AES_BS;
	case 5: return (size_t)(254 + rnd(5)) * AES_BS;		/* a page */
	case 6: return (size_t)(1021 + rnd(4)) * AES_BS;	/* 16 KiB */
	case 7: return (size_t)rnd(300) * AES_BS;
	default: return (size_t)rnd(1025) * AES_BS;
	}
}

static unsigned int pick_aad(int esn)
{
	/* ESP: SPI || seq (8), with ESN || seq_hi (12), and echainiv's
	 * decryption adds the 16-byte IV (24, 28) */
	static const unsigned int esp[] = { 8, 12, 16, 20, 24, 28 };

	switch (rnd(8)) {
	case 0: return esn ? 8 + rnd(8) : 0;
	case 1: case 2: return esp[rnd(6)];
	case 3: return 62 + rnd(5);	/* a SHA block edge with the ipad block */
	case 4: return 126 + rnd(5);
	default: return esn ? 8 + rnd(MAX_AAD - 7) : rnd(MAX_AAD + 1);
	}
}

static unsigned int pick_hkey(unsigned int ds, unsigned int bs)
{
	switch (rnd(6)) {
	case 0: return 0;
	case 1: return ds;
	case 2: return bs - 1 + rnd(3);	/* a hash block edge */
	default: return rnd(MAX_HKEY + 1);
	}
}

/* ------------------------------------------------------------------ */
/* the fuzzer's part (the skeleton: fz_main() in afalg_aead_fuzz.c)     */

enum tamper { T_NONE, T_TAG, T_CT, T_AAD, T_IV, T_LEN, T_FORGED, T_SHORT, T_NR };
static const char *const tamper_name[T_NR] = {
	"none", "tag", "ciphertext", "aad", "iv", "length", "forged-length", "short",
};

static const struct hashmode *hm;
static struct alg h;			/* the HMAC reference, if href */
static uint8_t hkey[MAX_HKEY], mac[MAX_DS], *hbuf;
static unsigned int hkl;
static int href;
static unsigned long shortaad, badsmall, badzero, nowipe, badenc, hkmax;
static int tmpl;	/* the driver under test is a template instance */

static int ae_setup(struct fz *f)
{
	hm = f->mode;
	f->ivlen = 16;
	tmpl = strchr(f->drv, '(') != NULL;
	/* esn, a template instance: ae_check_tampered() */
	f->wipe = hm->esn || tmpl ? 0 : AES_BS;
	hbuf = malloc(BUFSZ + 64);
	if (!hbuf)
		return FZ_FATAL;
	href = !alg_bind(&h, "hash", hm->hmac);
	if (!href)
		printf("INFO: %s not available: the oracle's tags are not checked\n",
		       ref_name(hm->hmac));
	return 0;
}

static int ae_new_key(struct fz *f)
{
	uint8_t akey[32];

	f->akl = 16 + 8 * rnd(3);
	hkl = pick_hkey(hm->ds, hm->bs);
	rnd_bytes(hkey, hkl);
	rnd_bytes(akey, f->akl);
	f->klen = make_blob(f->key, hkey, hkl, akey, f->akl);
	if (hkl > hkmax)
		hkmax = hkl;
	return 0;
}

static unsigned int ae_bad_key(struct fz *f)
{
	int kind = (int)rnd(NBADBLOB);

	snprintf(f->note, sizeof(f->note), " (bad key blob: %s)", badblob_name[kind]);
	return bad_blob(f->key, kind);
}

/* authencesn refuses tags of 1..3 bytes, crypto_aead_setauthsize() 0 */
static unsigned int ae_tag(struct fz *f)
{
	unsigned int lo = hm->esn ? 4 : 1;

	(void)f;
	return lo + rnd(hm->ds + 1 - lo);
}

static unsigned int ae_bad_tag(struct fz *f)
{
	(void)f;
	if (hm->esn && rnd(2)) {	/* crypto_authenc_esn_setauthsize */
		badsmall++;
		return 1 + rnd(3);
	}
	if (!rnd(3)) {			/* crypto_aead_setauthsize: never 0 */
		badzero++;
		return 0;
	}
	return hm->ds + 1 + (rnd(2) ? rnd(4) : rnd(200));
}

static int ae_request(struct fz *f)
{
	f->assoclen = pick_aad(hm->esn);
	f->len = pick_text();
	snprintf(f->note, sizeof(f->note), " hmac-key=%u", hkl);
	rnd_bytes(f->iv, 16);
	rnd_bytes(f->in, f->assoclen + f->len + 64);
	/* authencesn: assoclen < 8 (no room for SPI || seq_hi) */
	if (hm->esn && !rnd(24)) {
		f->assoclen = rnd(8);
		shortaad++;
		return fz_refuse(f, (int)rnd(2), -EINVAL, "assoclen < 8");
	}
	/* encryption of a text that is not whole blocks */
	if (!rnd(16)) {
		f->len += 1 + rnd(15);
		badenc++;
		return fz_refuse(f, 1, -EINVAL, "a text not of whole blocks");
	}
	return 0;
}

/* the oracle's tag against the HMAC reference */
static int ae_check_oracle(struct fz *f)
{
	if (!href || tag_ref(hm, &h, hkey, hkl, f->exp, f->assoclen, f->len, hbuf, mac))
		return 0;
	return fz_check_ref(f, NULL, mac, ref_name(hm->hmac));
}

static void ae_tamper(struct fz *f)
{
	size_t a = f->assoclen;

	f->tk = (int)(1 + rnd(T_NR - 1));
	if ((f->tk == T_CT && !f->len) || (f->tk == T_AAD && !a))
		f->tk = T_TAG;
	if (f->authsize < 4)	/* 1..3 bytes may match a changed message by chance */
		f->want = FZ_ANY;
	switch (f->tk) {
	case T_TAG:
		fz_flip(f->tmp + a + f->len, f->authsize);
		f->want = -EBADMSG;
		break;
	case T_CT:  fz_flip(f->tmp + a, f->len); break;
	case T_AAD: fz_flip(f->tmp, a); break;
	case T_IV:	/* not authenticated: both decrypt, alike */
		fz_flip(f->tiv, 16);
		f->want = FZ_ANY;
		break;
	case T_LEN: fz_change_len(f, 15); break;	/* tag at the end */
	case T_FORGED:	/* not whole blocks, with a valid tag: EINVAL */
		f->tlen = f->len + 1 + rnd(15);
		rnd_bytes(f->tmp + a + f->len, f->tlen - f->len);
		f->tin = a + f->tlen + f->authsize;
		f->tout = a + f->tlen;
		if (href && !tag_ref(hm, &h, hkey, hkl, f->tmp, a, f->tlen, hbuf, mac)) {
			memcpy(f->tmp + a + f->tlen, mac, f->authsize);
			f->want = -EINVAL;
		} else {
			f->tk = T_LEN;
			rnd_bytes(f->tmp + a + f->tlen, f->authsize);
		}
		break;
	default:	/* T_SHORT: AAD || part of a tag */
		f->tin = rnd(f->authsize);
		f->tlen = f->tout = 0;
		f->want = FZ_ANY;
		break;
	}
}

/*
 * authencesn: no plaintext released after EBADMSG: no block of the text
 * region holds the plaintext (the template leaves ciphertext there, a
 * stitched driver may zero it; either is fine)
 */
static int ae_check_tampered(struct fz *f)
{
	size_t same = 0, nb = f->tlen / AES_BS, a = f->assoclen, k;

	if ((!hm->esn && !tmpl) || f->rt != -EBADMSG || f->pt == AP_IOV || f->tlen != f->len || !f->tlen)
		return 0;
	for (k = 0; k < nb; k++)
		same += !memcmp(f->out + a + k * AES_BS, f->in + a + k * AES_BS, AES_BS);
	if (same)
		return fz_bad(f, "changed-message decrypt", "%s changed, EBADMSG, but %zu of %zu blocks of the text region hold the plaintext (unauthenticated plaintext released)",
			      tamper_name[f->tk], same, nb);
	for (k = 0; k < f->tlen && !f->out[a + k]; k++)
		;
	if (k == f->tlen)
		f->wiped++;
	else
		nowipe++;
	return 0;
}

static void ae_report(struct fz *f, char *buf, size_t n)
{
	char esnb[360];

	if (hm->esn)
		snprintf(esnb, sizeof(esnb), "authencesn: assoclen < 8 EINVAL from both %lu times, tag lengths 1..3 refused (EINVAL) by both %lu times, 0 %lu times, tag input checked in ESN order (SPI || AAD[8..] || C || seq_hi), no plaintext block released after EBADMSG %lu times (text region zeroed %lu of them)",
			 shortaad, badsmall, badzero, f->wiped + nowipe, f->wiped);
	else if (tmpl)
		snprintf(esnb, sizeof(esnb), "tag length 0 refused (EINVAL) by both %lu times, a template instance: no plaintext block released after EBADMSG %lu times (text region zeroed %lu of them)",
			 badzero, f->wiped + nowipe, f->wiped);
	else
		snprintf(esnb, sizeof(esnb), "tag length 0 refused (EINVAL) by both %lu times, our text region wiped after EBADMSG %lu times",
			 badzero, f->wiped);
	snprintf(buf, n, "%s, partial-block encryptions %lu (EINVAL from both), HMAC keys up to %lu bytes, oracle tag checked against %s %lu times",
		 esnb, badenc, hkmax, ref_name(hm->hmac), f->refchk);
}

static void ae_teardown(struct fz *f)
{
	(void)f;
	if (href)
		alg_close(&h);
	free(hbuf);
}


/* ------------------------------------------------------------------ */
/* --speed: AF_ALG round trips by algorithm name (the bench scenario)   */

static int do_speed(const char *name, double secs)
{
	static const unsigned int sizes[] = { 64, 256, 1024, 1424, 4096, 8192 };
	unsigned int as = strstr(name, "sha1") ? 12 : 16, alen = 8, i, dir;
	uint8_t blob[64], k[32], iv[16] = { 0 }, *in, *out, *work;
	unsigned int bl;
	struct alg a;
	int err;

	rnd_bytes(k, sizeof(k));
	bl = make_blob(blob, k, 32, k, 16);
	in = calloc(1, 8192 + 64);
	out = calloc(1, 8192 + 64);
	work = calloc(1, 2 * 8192 + 4096);
	if (!in || !out || !work)
		return 1;
	err = aead_key(&a, name, blob, bl, as);
	if (err) {
		printf("FAIL: speed %s: %s\n", name, strerror(-err));
		return 1;
	}
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t len = sizes[i];
		uint8_t *ct = malloc(alen + len + as);

		if (!ct)
			return 1;
		for (dir = 0; dir < 2; dir++) {
			struct aead_op op = { 1, iv, 16, alen, as, NULL, 0, in,
					      alen + len, ct, alen + len + as };
			unsigned long n = 0;
			double t0, t;

			if (dir == 1)	/* decrypt what was encrypted */
				op = (struct aead_op){ 0, iv, 16, alen, as, NULL, 0, ct,
						       alen + len + as, out, alen + len };
			t0 = now();
			do {
				err = aead_run_op(&a, name, AP_FLAT, &op, work);
				if (err) {
					printf("FAIL: speed %s %s %zu: %s\n", name,
					       dir ? "decrypt" : "encrypt", len, strerror(-err));
					return 1;
				}
				n++;
				t = now() - t0;
			} while (t < secs);
			printf("SPEED: %s %s %zu %.0f %.1f\n", name, dir ? "decrypt" : "encrypt",
			       len, t * 1e9 / n, n * len / t / 1e6);
		}
		free(ct);
	}
	alg_close(&a);
	return 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	uint8_t blob[64], k[32] = { 1 };
	unsigned int bl = make_blob(blob, k, 20, k, 16);

	/* 8 bytes of AAD: authencesn refuses less */
	return aead_hold(name, secs, blob, bl, 16, 8, 12);
}

static const struct fz_ops ops = {
	.usage = "usage: afalg_authenc [--seed S] [--nosimd-param PATH] [esn-]sha1|sha256|sha384|sha512 DRIVER N\n"
		 "       afalg_authenc --hold NAME SECONDS\n"
		 "       afalg_authenc --speed NAME SECONDS_PER_SIZE\n",
	.modes = hashes, .mode_size = sizeof(hashes[0]),
	.nmodes = sizeof(hashes) / sizeof(hashes[0]),
	.bufsz = BUFSZ, .tamper_name = tamper_name, .ntamper = T_NR,
	.setup = ae_setup, .new_key = ae_new_key, .bad_key = ae_bad_key,
	.pick_tag = ae_tag, .bad_tag = ae_bad_tag, .request = ae_request,
	.check_oracle = ae_check_oracle, .tamper = ae_tamper,
	.check_tampered = ae_check_tampered, .report = ae_report,
	.teardown = ae_teardown, .hold = do_hold, .speed = do_speed,
};

int main(int argc, char **argv)
{
	return fz_main(argc, argv, &ops);
}
