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
 * length), which both must refuse with EINVAL; a tag length of 1..digest
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
 * ciphertext): no plaintext of a forged message is released.
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
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

#define MAX_TEXT (16384 + 2 * AES_BS)
#define MAX_AAD 600
#define MAX_HKEY 200
#define BUFSZ (MAX_AAD + MAX_TEXT + 64)
#define SLACK 4096

static void rnd_bytes(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd64();
}

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

static const struct hashmode *find_hash(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++)
		if (!strcmp(name, hashes[i].name))
			return &hashes[i];
	fprintf(stderr, "afalg_authenc: unknown mode %s (sha1, sha256, sha384, sha512, esn-sha1, esn-sha256, esn-sha384, esn-sha512)\n",
		name);
	exit(2);
}

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
/* the fuzzer                                                          */

enum tamper { T_NONE, T_TAG, T_CT, T_AAD, T_IV, T_LEN, T_FORGED, T_SHORT, T_NR };
static const char *const tamper_name[T_NR] = {
	"none", "tag", "ciphertext", "aad", "iv", "length", "forged-length", "short",
};

static const char *errs(int e)
{
	return e ? strerror(-e) : "success";
}

static int fuzz(const struct hashmode *hm, const char *drv, unsigned long n,
		uint64_t seed)
{
	const char *oracle = ref_name(hm->oracle);
	struct alg t, o, h;
	uint8_t *in, *exp, *out, *oout, *tmp, *work, *hbuf;
	uint8_t blob[8 + MAX_HKEY + 64], hkey[MAX_HKEY], akey[32], iv[16], tiv[16];
	uint8_t mac[MAX_DS];
	/* authencesn refuses tags of 1..3 bytes, crypto_aead_setauthsize() 0 */
	unsigned int blen = 0, hkl = 0, akl = 16, authsize = hm->esn ? 4 : 1, ds = hm->ds;
	unsigned int as_lo = hm->esn ? 4 : 1;
	unsigned long shortaad = 0, badsmall = 0, badzero = 0, nowipe = 0;
	unsigned long failures = 0, c, cases = 0, bytes = 0, tampers[T_NR] = { 0 };
	unsigned long paths[AP_NR] = { 0 }, badmsg = 0, einval = 0, wiped = 0;
	unsigned long badblobs = 0, badauth = 0, badenc = 0, refchk = 0, rekeys = 0;
	unsigned long klens[3] = { 0 }, auths[MAX_DS + 1] = { 0 }, hkmax = 0, alen_max = 0, len_max = 0;
	int need_key = 1, href = 1, err;
	double t0 = now();

	in = malloc(BUFSZ + SLACK);
	exp = malloc(BUFSZ + SLACK);
	out = malloc(BUFSZ + SLACK);
	oout = malloc(BUFSZ + SLACK);
	tmp = malloc(BUFSZ + SLACK);
	work = malloc(2 * BUFSZ + SLACK);
	hbuf = malloc(BUFSZ + SLACK);
	if (!in || !exp || !out || !oout || !tmp || !work || !hbuf) {
		printf("FAIL: out of memory\n");
		return 1;
	}
	err = alg_bind(&t, "aead", drv);
	if (err) {
		printf("FAIL: fuzz %s: bind: %s\n", drv, strerror(-err));
		return 1;
	}
	err = alg_bind(&o, "aead", oracle);
	if (err) {
		printf("FAIL: fuzz %s: cannot instantiate the oracle %s: %s\n", drv, oracle,
		       strerror(-err));
		return 1;
	}
	if (alg_bind(&h, "hash", hm->hmac)) {
		printf("INFO: %s not available: the oracle's tags are not checked\n",
		       ref_name(hm->hmac));
		href = 0;
	}

	for (c = 0; c < n; c++) {
		enum aead_path pe = (enum aead_path)rnd(AP_NR), pd = (enum aead_path)rnd(AP_NR);
		enum aead_path pt = (enum aead_path)rnd(AP_NR);
		enum tamper tk = T_NONE;
		size_t len = pick_text(), tlen = 0, tin = 0, tout = 0, k;
		unsigned int alen = pick_aad(hm->esn);
		const char *what = "";
		char why[256] = "";
		struct aead_op op;
		int rt, ro;

		/* --- key, bad blobs, tag length ------------------------- */
		if (need_key || !rnd(4)) {
			if (!rnd(10)) {
				int kind = (int)rnd(NBADBLOB);
				unsigned int bl = bad_blob(blob, kind);

				set_nosimd((int)rnd(2));
				rt = alg_setkey(&t, blob, bl);
				ro = alg_setkey(&o, blob, bl);
				badblobs++;
				if (rt != -EINVAL || ro != -EINVAL) {
					need_key = 1;
					what = "bad key blob";
					snprintf(why, sizeof(why), "%s (%u bytes): driver %s, oracle %s (want EINVAL from both)",
						 badblob_name[kind], bl, errs(rt), errs(ro));
					goto bad;
				}
			}
			akl = 16 + 8 * rnd(3);
			hkl = pick_hkey(ds, hm->bs);
			rnd_bytes(hkey, hkl);
			rnd_bytes(akey, akl);
			blen = make_blob(blob, hkey, hkl, akey, akl);
			set_nosimd((int)rnd(2));
			rt = alg_setkey(&t, blob, blen);
			ro = alg_setkey(&o, blob, blen);
			if (rt || ro) {
				need_key = 1;
				what = "setkey";
				snprintf(why, sizeof(why), "AES-%u, HMAC key %u: driver %s, oracle %s",
					 akl * 8, hkl, errs(rt), errs(ro));
				goto bad;
			}
			need_key = 0;
			rekeys++;
			if (hkl > hkmax)
				hkmax = hkl;
			/* setauthsize again after a new key (a fresh op socket) */
			rt = alg_setauthsize(&t, authsize);
			ro = alg_setauthsize(&o, authsize);
			if (rt || ro) {
				what = "setauthsize";
				snprintf(why, sizeof(why), "%u: driver %s, oracle %s", authsize,
					 errs(rt), errs(ro));
				goto bad;
			}
		}
		if (!rnd(40)) {
			unsigned int as = rnd(2) ? ds + 1 + rnd(4) : ds + 1 + rnd(200);

			if (hm->esn && rnd(2)) {	/* crypto_authenc_esn_setauthsize */
				as = 1 + rnd(3);
				badsmall++;
			} else if (!rnd(3)) {	/* crypto_aead_setauthsize: never 0 */
				as = 0;
				badzero++;
			}
			rt = alg_setauthsize(&t, as);
			ro = alg_setauthsize(&o, as);
			badauth++;
			if (rt != -EINVAL || ro != -EINVAL) {
				what = "bad tag length";
				snprintf(why, sizeof(why), "%u: driver %s, oracle %s (want EINVAL)", as,
					 errs(rt), errs(ro));
				need_key = 1;
				goto bad;
			}
			authsize = 0;	/* set again below */
		}
		if (!authsize || !rnd(3)) {
			authsize = as_lo + rnd(ds + 1 - as_lo);
			rt = alg_setauthsize(&t, authsize);
			ro = alg_setauthsize(&o, authsize);
			if (rt || ro) {
				what = "setauthsize";
				snprintf(why, sizeof(why), "%u: driver %s, oracle %s", authsize,
					 errs(rt), errs(ro));
				need_key = 1;
				goto bad;
			}
		}
		if ((t.opfd < 0 && alg_accept(&t)) || (o.opfd < 0 && alg_accept(&o))) {
			printf("FAIL: fuzz %s: accept: %s\n", drv, strerror(errno));
			return 1;
		}
		rnd_bytes(iv, 16);
		rnd_bytes(in, alen + len);

		/* --- authencesn: assoclen < 8 (no room for SPI || seq_hi) - */
		if (hm->esn && !rnd(24)) {
			unsigned int sa = rnd(8);
			int dec = (int)rnd(2);
			size_t il = sa + len + (dec ? authsize : 0);

			rnd_bytes(in, il);
			op = (struct aead_op){ !dec, iv, 16, sa, authsize, blob, blen,
					       in, il, oout, dec ? sa + len : il + authsize };
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			set_nosimd((int)rnd(2));
			if (pe == AP_KCAPI)
				pe = AP_FLAT;
			op.out = out;
			rt = aead_run_op(&t, drv, pe, &op, work);
			shortaad++;
			alg_drop_op(&t);
			alg_drop_op(&o);
			if (rt != ro || rt != -EINVAL) {
				what = dec ? "decrypt" : "encrypt";
				pd = pe;
				snprintf(why, sizeof(why), "assoclen %u < 8: driver %s, oracle %s (want EINVAL)",
					 sa, errs(rt), errs(ro));
				alen = sa;
				goto bad;
			}
			cases++;
			continue;
		}

		/* --- encryption of a text that is not whole blocks -------- */
		if (!rnd(16)) {
			size_t bl = len + 1 + rnd(15);

			rnd_bytes(in + alen, bl);
			op = (struct aead_op){ 1, iv, 16, alen, authsize, blob, blen,
					       in, alen + bl, oout, alen + bl + authsize };
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			set_nosimd((int)rnd(2));
			if (pe == AP_KCAPI)
				pe = AP_FLAT;
			op.out = out;
			rt = aead_run_op(&t, drv, pe, &op, work);
			badenc++;
			alg_drop_op(&t);
			alg_drop_op(&o);
			if (rt != ro || rt != -EINVAL) {
				what = "encrypt";
				snprintf(why, sizeof(why), "text of %zu bytes (not whole blocks): driver %s, oracle %s (want EINVAL)",
					 bl, errs(rt), errs(ro));
				len = bl;
				goto bad;
			}
			cases++;
			continue;
		}

		/* --- encryption: the oracle, checked by the HMAC reference - */
		op = (struct aead_op){ 1, iv, 16, alen, authsize, blob, blen,
				       in, alen + len, exp, alen + len + authsize };
		ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
		if (ro) {
			what = "oracle encrypt";
			snprintf(why, sizeof(why), "%s", errs(ro));
			alg_drop_op(&o);
			goto bad;
		}
		if (href && tag_ref(hm, &h, hkey, hkl, exp, alen, len, hbuf, mac) == 0) {
			refchk++;
			if (memcmp(mac, exp + alen + len, authsize)) {
				what = "oracle tag";
				snprintf(why, sizeof(why), "the oracle's tag is not %s over AAD || ciphertext",
					 ref_name(hm->hmac));
				goto bad;
			}
		}

		/* --- encryption by the driver ---------------------------- */
		if (pe == AP_KCAPI && !(alen + len))
			pe = AP_FLAT;
		if (pd == AP_KCAPI && !(alen + len))
			pd = AP_FLAT;
		set_nosimd((int)rnd(2));
		op.out = out;
		memset(out, 0xa5, alen + len + authsize);
		rt = aead_run_op(&t, drv, pe, &op, work);
		if (rt) {
			what = "encrypt";
			snprintf(why, sizeof(why), "driver %s, oracle success", errs(rt));
			alg_drop_op(&t);
			goto bad;
		}
		if (memcmp(out, exp, alen + len + authsize)) {
			for (k = 0; k < alen + len + authsize && out[k] == exp[k]; k++)
				;
			what = "encrypt";
			snprintf(why, sizeof(why), "output differs from the oracle's at byte %zu (%s)", k,
				 k < alen ? "AAD" : k < alen + len ? "ciphertext" : "tag");
			goto bad;
		}
		paths[pe]++;

		/* --- decryption of it ------------------------------------ */
		set_nosimd((int)rnd(2));
		op = (struct aead_op){ 0, iv, 16, alen, authsize, blob, blen,
				       exp, alen + len + authsize, out, alen + len };
		rt = aead_run_op(&t, drv, pd, &op, work);
		if (rt || memcmp(out, in, alen + len)) {
			what = "decrypt";
			snprintf(why, sizeof(why), "%s", rt ? errs(rt) : "output is not AAD || plaintext");
			if (rt)
				alg_drop_op(&t);
			goto bad;
		}
		paths[pd]++;

		/* --- a changed message, to both -------------------------- */
		if (rnd(4)) {
			tk = (enum tamper)(1 + rnd(T_NR - 1));
			if (tk == T_CT && !len)
				tk = T_TAG;
			if (tk == T_AAD && !alen)
				tk = T_TAG;
			memcpy(tmp, exp, alen + len + authsize);
			memcpy(tiv, iv, 16);
			tin = alen + len + authsize;
			tlen = len;
			switch (tk) {
			case T_TAG:
				k = alen + len + rnd(authsize);
				tmp[k] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_CT:
				tmp[alen + rnd((uint32_t)len)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_AAD:
				tmp[rnd(alen)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_IV:
				tiv[rnd(16)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_LEN:
				/* shorter or longer by 1..15 bytes, tag at the end */
				if (len && rnd(2)) {
					tlen = len - 1 - rnd(len < 15 ? (uint32_t)len : 15);
				} else {
					tlen = len + 1 + rnd(15);
					rnd_bytes(tmp + alen + len, tlen - len);
				}
				rnd_bytes(tmp + alen + tlen, authsize);
				tin = alen + tlen + authsize;
				break;
			case T_FORGED:
				/* not whole blocks, with a valid tag */
				tlen = len + 1 + rnd(15);
				rnd_bytes(tmp + alen + len, tlen - len);
				tin = alen + tlen + authsize;
				if (!href || tag_ref(hm, &h, hkey, hkl, tmp, alen, tlen, hbuf, mac)) {
					tk = T_LEN;
					rnd_bytes(tmp + alen + tlen, authsize);
				} else {
					memcpy(tmp + alen + tlen, mac, authsize);
				}
				break;
			case T_SHORT:
				tin = rnd(authsize);	/* AAD || part of a tag */
				tlen = 0;
				break;
			default:
				break;
			}
			tout = tin >= authsize ? tin - authsize : 0;
			op = (struct aead_op){ 0, tiv, 16, alen, authsize, blob, blen,
					       tmp, tin, oout, tout };
			memset(oout, 0x5a, tout + 16);
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			if (ro)
				alg_drop_op(&o);
			if (pt == AP_KCAPI && (!tout || tk == T_SHORT))
				pt = AP_FLAT;
			set_nosimd((int)rnd(2));
			op.out = out;
			memset(out, 0xa5, tout + 16);
			rt = aead_run_op(&t, drv, pt, &op, work);
			if (rt)
				alg_drop_op(&t);
			if (rt != ro) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed (text %zu bytes): driver %s, oracle %s",
					 tamper_name[tk], tlen, errs(rt), errs(ro));
				pd = pt;
				goto bad;
			}
			if (!rt && memcmp(out, oout, tout)) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed: both accept, outputs differ",
					 tamper_name[tk]);
				pd = pt;
				goto bad;
			}
			if (tk == T_FORGED && rt != -EINVAL) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "a text of %zu bytes with a valid tag: %s from both, want EINVAL",
					 tlen, errs(rt));
				pd = pt;
				goto bad;
			}
			/* (a tag of 1..3 bytes may match a changed message by chance) */
			if ((tk == T_TAG || ((tk == T_CT || tk == T_AAD || tk == T_LEN) &&
					     authsize >= 4)) && rt != -EBADMSG) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed: %s from both, want EBADMSG",
					 tamper_name[tk], errs(rt));
				pd = pt;
				goto bad;
			}
			if (rt == -EBADMSG)
				badmsg++;
			if (rt == -EINVAL)
				einval++;
			/*
			 * authencesn: no plaintext released after EBADMSG: no
			 * block of the text region holds the plaintext (the
			 * template leaves ciphertext there, a stitched driver
			 * may zero it; either is fine)
			 */
			if (hm->esn && rt == -EBADMSG && pt != AP_IOV && tlen == len && tlen) {
				size_t same = 0, nb = tlen / AES_BS, z;

				for (k = 0; k < nb; k++)
					if (!memcmp(out + alen + k * AES_BS, in + alen + k * AES_BS, AES_BS))
						same++;
				if (same) {
					what = "changed-message decrypt";
					snprintf(why, sizeof(why), "%s changed, EBADMSG, but %zu of %zu blocks of the text region hold the plaintext (unauthenticated plaintext released)",
						 tamper_name[tk], same, nb);
					pd = pt;
					goto bad;
				}
				for (z = 0; z < tlen && !out[alen + z]; z++)
					;
				if (z == tlen)
					wiped++;
				else
					nowipe++;
			}
			/* no plaintext released: the text region is zeroed */
			else if (!hm->esn && rt == -EBADMSG && pt != AP_IOV && tlen && !(tlen % AES_BS)) {
				for (k = 0; k < tlen && !out[alen + k]; k++)
					;
				if (k < tlen) {
					what = "changed-message decrypt";
					snprintf(why, sizeof(why), "%s changed, EBADMSG, but the text region of the output is not all zero (byte %zu is 0x%02x%s)",
						 tamper_name[tk], k, out[alen + k],
						 !memcmp(out + alen, in + alen, tlen) ? "; it holds the plaintext" : "");
					pd = pt;
					goto bad;
				}
				wiped++;
			}
			tampers[tk]++;
			paths[pt]++;
		}
		cases++;
		bytes += alen + len;
		klens[(akl - 16) / 8]++;
		auths[authsize]++;
		if (alen > alen_max)
			alen_max = alen;
		if (len > len_max)
			len_max = len;
		continue;
bad:
		cases++;
		if (++failures <= 8) {
			char ivh[33];

			hex(ivh, iv, 16);
			printf("FAIL: fuzz %s case %lu: %s via %s (encrypt via %s): alen=%u len=%zu AES-%u hmac-key=%u authsize=%u iv=%s %s%s: %s\n",
			       drv, c, what, aead_path_name[what[0] == 'e' ? pe : pd],
			       aead_path_name[pe], alen, len, akl * 8, hkl, authsize, ivh,
			       aead_detail, nosimd_path ? " (debug_force_nosimd toggled)" : "",
			       why);
		}
		fflush(stdout);
	}
	set_nosimd(0);
	alg_close(&t);
	alg_close(&o);
	if (href)
		alg_close(&h);

	if (failures) {
		printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
		       drv, oracle, failures, cases, seed);
	} else {
		char pbuf[200], missing[300] = "", *q = missing, esnb[300] = "";
		unsigned int i;

		join_counts(pbuf, aead_path_name, paths, AP_NR);
		for (i = as_lo; i <= ds; i++)
			if (!auths[i])
				q += sprintf(q, " %u", i);
		if (hm->esn)
			snprintf(esnb, sizeof(esnb), "; authencesn: assoclen < 8 EINVAL from both %lu times, tag lengths 1..3 refused (EINVAL) by both %lu times, 0 %lu times, tag input checked in ESN order (SPI || AAD[8..] || C || seq_hi), no plaintext block released after EBADMSG %lu times (text region zeroed %lu of them)",
				 shortaad, badsmall, badzero, wiped + nowipe, wiped);
		else
			snprintf(esnb, sizeof(esnb), "; tag length 0 refused (EINVAL) by both %lu times", badzero);
		printf("PASS: fuzz %s vs %s: %lu cases (encrypt, decrypt, changed messages: tag %lu, ciphertext %lu, AAD %lu, IV %lu, length %lu, valid tag on a partial block %lu, shorter than the tag %lu; EBADMSG from both %lu times, EINVAL %lu, our text region wiped after EBADMSG %lu times; bad key blobs %lu, bad tag lengths %lu, partial-block encryptions %lu: EINVAL from both), %lu bytes, AAD up to %lu, text up to %lu, AES-128/192/256 keys %lu/%lu/%lu, %lu keys with HMAC keys up to %lu bytes, tag lengths %u..%u%s%s%s, oracle tag checked against %s %lu times%s, %.1f s (seed 0x%016" PRIx64 "; ops: %s%s)\n",
		       drv, oracle, cases, tampers[T_TAG], tampers[T_CT], tampers[T_AAD],
		       tampers[T_IV], tampers[T_LEN], tampers[T_FORGED], tampers[T_SHORT],
		       badmsg, einval, wiped, badblobs, badauth, badenc, bytes, alen_max,
		       len_max, klens[0], klens[1], klens[2], rekeys, hkmax, as_lo, ds,
		       *missing ? " (not drawn:" : " all drawn", *missing ? missing : "",
		       *missing ? ")" : "",
		       ref_name(hm->hmac), refchk, esnb, now() - t0, seed, pbuf,
		       nosimd_path ? "; debug_force_nosimd toggled at random before setkey and each operation" : "");
	}
	free(in);
	free(exp);
	free(out);
	free(oout);
	free(tmp);
	free(work);
	free(hbuf);
	return failures ? 1 : 0;
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
	err = alg_bind(&a, "aead", name);
	if (!err)
		err = alg_setkey(&a, blob, bl);
	if (!err)
		err = alg_setauthsize(&a, as);
	if (!err)
		err = alg_accept(&a);
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
	uint8_t blob[64], k[32] = { 1 }, iv[16] = { 0 }, in[40] = { 0 }, out[64], work[2048];
	unsigned int bl = make_blob(blob, k, 20, k, 16);
	/* 8 bytes of AAD: authencesn refuses less */
	struct aead_op op = { 1, iv, 16, 8, 12, NULL, 0, in, 40, out, 52 };
	struct alg a;
	int err = alg_bind(&a, "aead", name);

	if (!err)
		err = alg_setkey(&a, blob, bl);
	if (!err)
		err = alg_setauthsize(&a, 12);
	if (!err)
		err = alg_accept(&a);
	if (!err)
		err = aead_run_op(&a, name, AP_FLAT, &op, work);
	return alg_hold(&a, name, secs, err);
}

#define USAGE \
		"usage: afalg_authenc [--seed S] [--nosimd-param PATH] [esn-]sha1|sha256|sha384|sha512 DRIVER N\n" \
		"       afalg_authenc --hold NAME SECONDS\n" \
		"       afalg_authenc --speed NAME SECONDS_PER_SIZE\n"
#define usage() usage_exit(USAGE)

int main(int argc, char **argv)
{
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)atoi(argv[3]));
	if (!strcmp(argv[1], "--speed") && argc == 4) {
		rng_seed(0);
		return do_speed(argv[2], atof(argv[3]));
	}
	while (i < argc && argv[i][0] == '-') {
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--nosimd-param"))
			nosimd_path = argv[i + 1];
		else
			usage();
		i += 2;
	}
	if (argc - i != 3)
		usage();
	seed = rng_seed(seed);
	return fuzz(find_hash(argv[i]), argv[i + 1], strtoul(argv[i + 2], NULL, 0), seed);
}
