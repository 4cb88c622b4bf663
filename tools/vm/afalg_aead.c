// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_aead - AF_ALG differential fuzzer for the AEADs "gcm(aes)" and
 * "rfc4106(gcm(aes))".
 *
 * Runs inside the QEMU test guest.  The AEAD under test is opened BY DRIVER
 * NAME (e.g. gcm-aes-aesnictr-avx) and compared with the generic oracle, also
 * opened by driver name:
 *   gcm       gcm_base(ctr(aes-generic),ghash-generic)
 *   rfc4106   rfc4106(gcm_base(ctr(aes-generic),ghash-generic))
 * (on 7.x kernels aes-lib and ghash-lib: see ref_name() in afalg_common.h)
 * The oracle is itself checked against this program's own GCM (AES from
 * ecb(aes-generic) through AF_ALG, GHASH computed here bit by bit).
 *
 * AF_ALG AEAD layout: encrypt takes AAD || P and returns AAD || C || T,
 * decrypt takes AAD || C || T and returns AAD || P; the AAD length goes in
 * an ALG_SET_AEAD_ASSOCLEN control message, the tag length is set on the
 * tfm socket.  For rfc4106 the AAD region is laid out as ESP and seqiv do:
 * SPI || sequence number (8 or 12 bytes) followed by the 8-byte IV, so
 * assoclen is 16 or 20; the IV also goes in ALG_SET_IV.  The rfc4106 template
 * (and, correctly, the driver) take the IV from the request and hash only
 * assoclen - 8 bytes, so a copy of the IV in the AAD that differs from the
 * request IV must be ignored by both: some cases check exactly that.
 *
 * Each case: random key (16/24/32 bytes, + 4 bytes of salt for rfc4106),
 * tag length among those allowed, AAD length (gcm: 0 .. 8 KiB, rfc4106: 16
 * or 20), plaintext length 0 .. 64 KiB biased to small sizes, random IV;
 * encrypt with the driver, decrypt what it produced, and (3 cases in 4)
 * decrypt a tampered message (a flipped bit in the tag, the ciphertext, the
 * AAD, or the IV): the driver must return EBADMSG exactly when the oracle
 * does, and the same data otherwise.  Each operation of the driver reaches
 * it by one of these paths, at random:
 *   flat     one sendmsg, one recvmsg, random buffer alignment
 *   iov      input over up to 12 iovecs, output over up to 12 other iovecs
 *            (the AAD, blocks and the tag straddle scatterlist entries)
 *   multi    the input sent by several sendmsg(MSG_MORE) calls
 *   splice   vmsplice()+splice() zero-copy input, separate output buffer
 *   inplace  vmsplice()+splice() input from the buffer that receives the
 *            output (source and destination pages are the same)
 *   kcapi    libkcapi kcapi_aead_encrypt/decrypt (sendmsg or vmsplice
 *            access, in-place or not), up to 56 KiB
 * (AF_ALG itself always runs an AEAD request in place on the receive
 * buffers, with the tag of a decryption chained from the send buffers.)
 *
 * Modes:
 *   afalg_aead [--seed S] [--oracle NAME] [--nosimd-param PATH]
 *              gcm|rfc4106 DRIVER N         fuzz N cases
 *   afalg_aead --kat gcm|rfc4106 NAME        known-answer vectors
 *   afalg_aead --badargs gcm|rfc4106 DRIVER  key length, tag length and
 *                                            (rfc4106) assoclen checks
 *   afalg_aead --hold NAME SECONDS           keep a keyed tfm open
 *   afalg_aead --inject gcm|rfc4106 DRIVER N the fuzzer's self-check: one
 *        fault in three cases is put into the driver's results (a flipped
 *        bit of its ciphertext/tag or of its plaintext, or a forged message
 *        reported as authentic); every one must be reported, nothing else
 * --nosimd-param PATH names the module's debug_force_nosimd parameter: the
 * fuzzer then sets it at random before each setkey and each operation of the
 * driver, so keys set on one path are used on the other.
 * The case loop, the comparisons, the tampered decryptions' common checks,
 * --inject and the report lines are the AEAD fuzz skeleton's (fz_main() in
 * afalg_aead_fuzz.c); this file has the cases, tampers and references of GCM.
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/if_alg.h>

#include "afalg_aead_fuzz.h"

#define MAX_PT 65600		/* longest plaintext */
#define MAX_AAD 8200		/* longest gcm AAD */
#define BUFSZ (MAX_PT + MAX_AAD + 2 * AES_BS)

/* ------------------------------------------------------------------ */
/* the two algorithms                                                   */

struct mode {
	const char *name;		/* "gcm" or "rfc4106" */
	const char *oracle;		/* generic driver name */
	unsigned int ivlen, saltlen;
	const unsigned int *auth;	/* allowed tag lengths */
	unsigned int nauth;
};

static const unsigned int gcm_auth[] = { 4, 8, 12, 13, 14, 15, 16 };
static const unsigned int rfc4106_auth[] = { 8, 12, 16 };

static const struct mode modes[] = {
	{ "gcm", "gcm_base(ctr(aes-generic),ghash-generic)", 12, 0, gcm_auth, 7 },
	{ "rfc4106", "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))",
	  8, 4, rfc4106_auth, 3 },
};

static int auth_allowed(const struct mode *m, unsigned int as)
{
	unsigned int i;

	for (i = 0; i < m->nauth; i++)
		if (m->auth[i] == as)
			return 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* this program's own GCM: AES from ecb(aes-generic), GHASH bit by bit  */

struct ref {
	struct alg ecb;
	uint64_t hh, hl;		/* H */
	uint8_t *blocks;		/* counter blocks / keystream */
};

/* x = x * H in GF(2^128), the GCM specification's Algorithm 1 */
static void gf_mul(uint64_t *xh, uint64_t *xl, uint64_t hh, uint64_t hl)
{
	uint64_t zh = 0, zl = 0, vh = hh, vl = hl;
	int i;

	for (i = 0; i < 128; i++) {
		uint64_t x = i < 64 ? *xh : *xl;

		if ((x >> (63 - (i & 63))) & 1) {
			zh ^= vh;
			zl ^= vl;
		}
		if (vl & 1) {
			vl = (vl >> 1) | (vh << 63);
			vh = (vh >> 1) ^ 0xe100000000000000ULL;
		} else {
			vl = (vl >> 1) | (vh << 63);
			vh >>= 1;
		}
	}
	*xh = zh;
	*xl = zl;
}

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static void ghash(const struct ref *r, uint64_t *xh, uint64_t *xl,
		  const uint8_t *p, size_t len)
{
	while (len) {
		uint8_t b[AES_BS] = { 0 };
		size_t n = len < AES_BS ? len : AES_BS;

		memcpy(b, p, n);
		*xh ^= be64(b);
		*xl ^= be64(b + 8);
		gf_mul(xh, xl, r->hh, r->hl);
		p += n;
		len -= n;
	}
}

static int ecb_encrypt(struct alg *a, const uint8_t *in, uint8_t *out, size_t len)
{
	struct iovec iov, oiov;
	size_t done = 0;

	/* in pieces: the socket buffers hold ~200 KiB */
	while (done < len) {
		size_t n = len - done > 65536 ? 65536 : len - done;

		iov.iov_base = (void *)(in + done);
		iov.iov_len = n;
		oiov.iov_base = out + done;
		oiov.iov_len = n;
		if (alg_sendmsg(a->opfd, 1, ALG_OP_ENCRYPT, NULL, 0, -1, &iov, 1,
				0) != (ssize_t)n)
			return -EIO;
		if (alg_recv(a->opfd, &oiov, 1) != (ssize_t)n)
			return -EIO;
		done += n;
	}
	return 0;
}

static int ref_setkey(struct ref *r, const uint8_t *key, unsigned int klen)
{
	static const uint8_t zero[AES_BS];
	uint8_t h[AES_BS];
	int err = alg_setkey(&r->ecb, key, klen);

	if (!err)
		err = alg_accept(&r->ecb);
	if (!err)
		err = ecb_encrypt(&r->ecb, zero, h, AES_BS);
	r->hh = be64(h);
	r->hl = be64(h + 8);
	return err;
}

/* GCM encryption with a 96-bit nonce; the full 16-byte tag */
static int ref_gcm(struct ref *r, const uint8_t nonce[12], const uint8_t *aad,
		   size_t alen, const uint8_t *pt, size_t len, uint8_t *ct,
		   uint8_t tag[AES_BS])
{
	size_t nb = (len + AES_BS - 1) / AES_BS, i;
	uint64_t xh = 0, xl = 0;
	uint8_t lens[AES_BS];
	uint32_t ctr = 1;
	int err;

	/* block 0: J0 (for the tag), then inc32(J0), inc32^2(J0), ... */
	for (i = 0; i <= nb; i++, ctr++) {
		uint8_t *b = r->blocks + i * AES_BS;

		memcpy(b, nonce, 12);
		b[12] = ctr >> 24;
		b[13] = ctr >> 16;
		b[14] = ctr >> 8;
		b[15] = ctr;
	}
	err = ecb_encrypt(&r->ecb, r->blocks, r->blocks, (nb + 1) * AES_BS);
	if (err)
		return err;
	for (i = 0; i < len; i++)
		ct[i] = pt[i] ^ r->blocks[AES_BS + i];
	ghash(r, &xh, &xl, aad, alen);
	ghash(r, &xh, &xl, ct, len);
	put_be64(lens, (uint64_t)alen * 8);
	put_be64(lens + 8, (uint64_t)len * 8);
	ghash(r, &xh, &xl, lens, AES_BS);
	put_be64(tag, xh);
	put_be64(tag + 8, xl);
	for (i = 0; i < AES_BS; i++)
		tag[i] ^= r->blocks[i];
	return 0;
}

/* ------------------------------------------------------------------ */
/* case generation                                                     */

static size_t pick_len(void)
{
	static const size_t special[] = {
		0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255,
		256, 257, 511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097,
		8191, 8192, 8193, 16384, 65535, 65536, 65537,
	};
	uint32_t r = rnd(100);
	long l;

	if (r < 30)
		return rnd(130);
	if (r < 45)
		l = (long)(1 + rnd(128)) * AES_BS + (long)rnd(5) - 2;
	else if (r < 60)
		return rnd(2049);
	else if (r < 70)
		l = (long)(1 + rnd(16)) * 4096 + (long)rnd(67) - 33;
	else if (r < 80)
		return special[rnd(sizeof(special) / sizeof(special[0]))];
	else if (r < 92)
		return rnd(8193);
	else
		return rnd(65537);
	if (l < 0)
		l = 0;
	if (l > 65537)
		l = 65537;
	return (size_t)l;
}

static unsigned int pick_alen(const struct mode *m)
{
	static const unsigned int special[] = {
		1, 8, 12, 13, 15, 16, 17, 20, 31, 32, 33, 255, 256, 257, 4095,
		4096, 4097, 8192,
	};
	uint32_t r = rnd(100);

	if (m->saltlen)			/* rfc4106: SPI, seq (ESN: + seq_hi), IV */
		return rnd(2) ? 16 : 20;
	if (r < 20)
		return 0;
	if (r < 50)
		return 1 + rnd(64);
	if (r < 65)
		return AES_BS * rnd(33) + rnd(3);
	if (r < 75)
		return special[rnd(sizeof(special) / sizeof(special[0]))];
	if (r < 92)
		return rnd(4097);
	return rnd(MAX_AAD - 7);
}

/* ------------------------------------------------------------------ */
/* the fuzzer's part (the skeleton: fz_main() in afalg_aead_fuzz.c)     */

enum tamper { T_NONE, T_TAG, T_CT, T_AAD, T_IV, T_IVCOPY, T_NR };
static const char *const tamper_name[T_NR] = {
	"none", "tag", "ciphertext", "aad", "iv", "iv-copy-in-aad",
};

static const struct mode *fm;	/* the mode fuzzed */
static struct ref ref;
static uint8_t *ct_ref;
static unsigned long ivcopy_differs;

static int gcm_setup(struct fz *f)
{
	int err = -ENOMEM;

	fm = f->mode;
	f->ivlen = fm->ivlen;
	ct_ref = malloc(BUFSZ);
	ref.blocks = malloc(BUFSZ + 2 * AES_BS);
	if (ct_ref && ref.blocks)
		err = alg_bind(&ref.ecb, "skcipher", "ecb(aes-generic)");
	if (err)
		printf("FAIL: fuzz %s: cannot bind ecb(aes-generic): %s\n", f->drv,
		       strerror(-err));
	return err ? FZ_FATAL : 0;
}

static int gcm_new_key(struct fz *f)
{
	f->akl = 16 + 8 * rnd(3);
	f->klen = f->akl + fm->saltlen;
	rnd_bytes(f->key, f->klen);
	return ref_setkey(&ref, f->key, f->akl);
}

static unsigned int gcm_tag(struct fz *f)
{
	(void)f;
	return fm->auth[rnd(fm->nauth)];
}

/* input: AAD || plaintext; rfc4106: the IV ends the AAD */
static int gcm_request(struct fz *f)
{
	f->assoclen = pick_alen(fm);
	f->len = pick_len();
	switch (rnd(10)) {
	case 0:  memset(f->iv, 0, sizeof(f->iv)); break;
	case 1:  memset(f->iv, 0xff, sizeof(f->iv)); break;
	default: rnd_bytes(f->iv, sizeof(f->iv)); break;
	}
	rnd_bytes(f->in, f->assoclen + f->len);
	if (fm->saltlen && rnd(8) == 0) {	/* must be ignored */
		ivcopy_differs++;
		strcpy(f->note, " (IV copy in the AAD differs)");
	} else if (fm->saltlen) {
		memcpy(f->in + f->assoclen - 8, f->iv, 8);
	}
	return 0;
}

/* the oracle against this program's GCM */
static int gcm_check_oracle(struct fz *f)
{
	uint8_t nonce[12], tag[AES_BS];
	int err;

	if (f->assoclen + f->len > 16384 && f->c % 4)
		return 0;
	memcpy(nonce, f->key + f->akl, fm->saltlen);
	memcpy(nonce + fm->saltlen, f->iv, 12 - fm->saltlen);
	err = ref_gcm(&ref, nonce, f->in, f->assoclen - (fm->saltlen ? 8 : 0),
		      f->in + f->assoclen, f->len, ct_ref, tag);
	if (err)
		return fz_bad(f, "reference", "GCM over ecb(aes-generic): %s", errs(err));
	return fz_check_ref(f, ct_ref, tag, "this program's GCM");
}

static void gcm_tamper(struct fz *f)
{
	unsigned int galen = f->assoclen - (fm->saltlen ? 8 : 0);
	int cand[T_NR], nc = 0;

	cand[nc++] = T_TAG;
	cand[nc++] = T_IV;
	if (f->len)
		cand[nc++] = T_CT;
	if (galen)
		cand[nc++] = T_AAD;
	if (fm->saltlen)
		cand[nc++] = T_IVCOPY;
	f->tk = cand[rnd(nc)];
	switch (f->tk) {
	case T_TAG: fz_flip(f->tmp + f->assoclen + f->len, f->authsize); break;
	case T_CT:  fz_flip(f->tmp + f->assoclen, f->len); break;
	case T_AAD: fz_flip(f->tmp, galen); break;
	case T_IV:  fz_flip(f->tiv, fm->ivlen); break;
	default:    fz_flip(f->tmp + galen, 8); f->want = 0; break;	/* ignored */
	}
}

static void gcm_report(struct fz *f, char *buf, size_t n)
{
	char ivc[100] = "";

	if (fm->saltlen)
		snprintf(ivc, sizeof(ivc), "IV copy in the AAD differing from the IV (ignored by both) %lu times, ",
			 ivcopy_differs);
	snprintf(buf, n, "%soracle checked against own GCM %lu times", ivc, f->refchk);
}

static void gcm_teardown(struct fz *f)
{
	(void)f;
	alg_close(&ref.ecb);
	free(ct_ref);
	free(ref.blocks);
}

/* ------------------------------------------------------------------ */
/* known answers                                                       */

struct kat {
	const char *key, *iv, *aad, *pt, *ct, *tag;
};

/* The GCM specification (McGrew, Viega), test cases 1-4, 10, 16 */
#define GCM_P "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
	      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define GCM_K "feffe9928665731c6d6a8f9467308308"
static const struct kat gcm_kat[] = {
	{ "00000000000000000000000000000000", "000000000000000000000000", "", "",
	  "", "58e2fccefa7e3061367f1d57a4e7455a" },
	{ "00000000000000000000000000000000", "000000000000000000000000", "",
	  "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
	  "ab6e47d42cec13bdf53a67b21257bddf" },
	{ GCM_K, "cafebabefacedbaddecaf888", "", GCM_P "1aafd255",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	{ GCM_K, "cafebabefacedbaddecaf888",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2", GCM_P,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "5bc94fbc3221a5db94fae95ae7121a47" },
	{ GCM_K "feffe9928665731c", "cafebabefacedbaddecaf888",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2", GCM_P,
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
	  "2519498e80f1478f37ba55bd6d27618c" },
	{ GCM_K GCM_K, "cafebabefacedbaddecaf888",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2", GCM_P,
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
	  "76fc6ece0f4e1768cddf8853bb2d551b" },
};

/*
 * rfc4106: key = AES key || salt, iv = the 8-byte explicit IV, aad = SPI ||
 * sequence number (|| ESN high bits); the AF_ALG AAD is aad || iv.  Computed
 * with OpenSSL's AES-GCM (nonce = salt || iv, AAD = aad).
 */
static const struct kat rfc4106_kat[] = {
	{ GCM_K "cafebabe", "facedbaddecaf888", "0000a5f80000000a", GCM_P,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "1b5e143200ca73272e80bdbcced86a52" },
	{ GCM_K "feffe9928665731c" "cafebabe", "facedbaddecaf888",
	  "0000a5f8000000010000000a", "4500004933ba00007f119106c3fb1d10c2b1d326",
	  "a5b1f867f73eeea4314e6207eb241cddc188669f",
	  "c6361b0df5ce38c5cc52eae3de68704f" },
	{ GCM_K GCM_K "cafebabe", "facedbaddecaf888", "4a2cbfe300000002", "", "",
	  "734f355129529c91dd52b0182479dce4" },
};

static int do_kat(const void *mv, const char *name)
{
	const struct mode *md = mv;
	const struct kat *v = md->saltlen ? rfc4106_kat : gcm_kat;
	unsigned int nv = md->saltlen ? 3 : 6, i, k, fails = 0, checks = 0;
	uint8_t key[40], iv[12], in[160], want[160], got[160];
	char why[120];
	struct alg a;
	int err = alg_bind(&a, "aead", name);

	if (err) {
		printf("FAIL: kat %s: cannot bind AF_ALG aead %s: %s\n", name, name,
		       strerror(-err));
		return 1;
	}
	for (i = 0; i < nv; i++) {
		unsigned int klen = unhex(key, v[i].key), alen, len;

		unhex(iv, v[i].iv);
		alen = unhex(in, v[i].aad);
		if (md->saltlen) {
			memcpy(in + alen, iv, 8);
			alen += 8;
		}
		len = unhex(in + alen, v[i].pt);
		memcpy(want, in, alen);
		unhex(want + alen, v[i].ct);
		unhex(want + alen + len, v[i].tag);
		/* the full tag, and each shorter allowed one (a prefix) */
		for (k = 0; k < md->nauth; k++) {
			unsigned int as = md->auth[md->nauth - 1 - k];
			struct aead_op op = { 1, iv, md->ivlen, alen, as, key, klen, in,
					      alen + len, got, alen + len + as };

			if (aead_kat(&a, &op, want, why, sizeof(why))) {
				printf("FAIL: kat %s vector %u (AES-%u, tag %u): %s\n",
				       name, i + 1, (klen - md->saltlen) * 8, as, why);
				fails++;
			}
			checks++;
		}
	}
	alg_close(&a);
	if (!fails)
		printf("PASS: kat %s: %u %s vectors x every tag length (%u checks: encrypt, decrypt, wrong tag -> EBADMSG)\n",
		       name, nv,
		       md->saltlen ? "rfc4106 (computed with OpenSSL AES-GCM)" :
				     "GCM specification (test cases 1-4, 10, 16)",
		       checks);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* argument checks, against the specification and the oracle            */

static int do_badargs(const void *mv, const char *drv)
{
	const struct mode *m = mv;
	const char *oname = ref_name(m->oracle);
	static const unsigned int assoclens[] = { 0, 4, 8, 12, 15, 16, 17, 19,
						  20, 21, 24, 28, 32, 64 };
	unsigned int v, k, i, fails = 0, nk[2] = { 0, 0 }, nl = 0;
	uint8_t key[64], iv[12] = { 0 }, in[256], out[256], work[512];
	struct alg t, o;
	char acc[2][200] = { "", "" }, *q[2] = { acc[0], acc[1] };
	int et, eo;

	rnd_bytes(key, sizeof(key));
	rnd_bytes(in, sizeof(in));
	if (alg_bind_both(&t, &o, "aead", drv, oname, "badargs"))
		return 1;
	/* key lengths (k 0), tag lengths (k 1) */
	for (k = 0; k < 2; k++) {
		for (v = 0; v <= 64; v++) {
			int ok = k ? auth_allowed(m, v) : v - m->saltlen == 16 ||
				 v - m->saltlen == 24 || v - m->saltlen == 32;

			if (k ? v > 17 && v != 32 : v > 40 && v != 48 && v != 64)
				continue;
			et = k ? alg_setauthsize(&t, v) : alg_setkey(&t, key, v);
			eo = k ? alg_setauthsize(&o, v) : alg_setkey(&o, key, v);
			nk[k]++;
			if (et != (ok ? 0 : -EINVAL) || et != eo) {
				printf("FAIL: badargs %s: %s(%u%s) returned %s, oracle %s, want %s\n",
				       drv, k ? "setauthsize" : "setkey", v, k ? "" : " bytes",
				       errs(et), errs(eo), ok ? "success" : "EINVAL");
				fails++;
			} else if (ok) {
				q[k] += sprintf(q[k], "%s%u", q[k] == acc[k] ? "" : ",", v);
			}
		}
	}
	/* a failed setkey leaves the tfm usable with a later good one */
	alg_setkey(&t, key, 16 + m->saltlen);
	alg_setkey(&t, key, 17 + m->saltlen);
	et = aead_key(&t, NULL, key + 1, 32 + m->saltlen, 16);
	eo = aead_key(&o, NULL, key + 1, 32 + m->saltlen, 16);
	if (et || eo) {
		printf("FAIL: badargs %s: good key after bad ones: %s\n", drv,
		       strerror(et ? -et : -eo));
		return 1;
	}
	{
		struct aead_op op = { 1, iv, m->ivlen, 16, 16, NULL, 0, in, 16 + 48,
				 out, 16 + 48 + 16 };
		uint8_t exp[256];

		et = aead_run_op(&t, drv, AP_FLAT, &op, work);
		op.out = exp;
		eo = aead_run_op(&o, oname, AP_FLAT, &op, work);
		if (et || eo || memcmp(out, exp, op.outlen)) {
			printf("FAIL: badargs %s: after a rejected key the next good key does not give the oracle's output (%s/%s)\n",
			       drv, et ? strerror(-et) : "ok", eo ? strerror(-eo) : "ok");
			fails++;
		}
	}
	/* rfc4106: the AAD must be 16 or 20 bytes (SPI, seq[, seq_hi], IV) */
	if (m->saltlen) {
		for (i = 0; i < sizeof(assoclens) / sizeof(assoclens[0]); i++) {
			unsigned int al = assoclens[i];
			int ok = al == 16 || al == 20, enc;

			for (enc = 1; enc >= 0; enc--) {
				struct aead_op op = { enc, iv, 8, al, 16, NULL, 0, in,
						 al + 48 + (enc ? 0 : 16), out,
						 al + 48 + (enc ? 16 : 0) };
				uint8_t good[256];

				if (!enc && ok) {
					/* decrypt an authentic message */
					struct aead_op e = { 1, iv, 8, al, 16, NULL, 0,
							in, al + 48, good, al + 64 };

					if (aead_run_op(&o, oname, AP_FLAT, &e, work))
						alg_accept(&o);
					op.in = good;
				}
				et = aead_run_op(&t, drv, AP_FLAT, &op, work);
				if (et)
					alg_accept(&t);
				eo = aead_run_op(&o, oname, AP_FLAT, &op, work);
				if (eo)
					alg_accept(&o);
				nl++;
				if (et != (ok ? 0 : -EINVAL) || et != eo) {
					printf("FAIL: badargs %s: %s with assoclen %u returned %s, oracle %s, want %s\n",
					       drv, enc ? "encrypt" : "decrypt", al, errs(et),
					       errs(eo), ok ? "success" : "EINVAL");
					fails++;
				}
			}
		}
	}
	alg_close(&t);
	alg_close(&o);
	if (!fails)
		printf("PASS: badargs %s: %u key lengths (accepted exactly %s), %u tag lengths (accepted exactly %s)%s, same errors as %s\n",
		       drv, nk[0], acc[0], nk[1], acc[1],
		       m->saltlen ? ", assoclen 0,4,8,12,15,16,17,19,20,21,24,28,32,64 on encrypt and decrypt (only 16 and 20 accepted, others EINVAL)" : "",
		       oname);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	static const uint8_t key[20] = { 1 };
	int r4106 = strstr(name, "rfc4106") != NULL;

	return aead_hold(name, secs, key, r4106 ? 20 : 16, r4106 ? 8 : 12,
			 r4106 ? 16 : 0, 16);
}

static const struct fz_ops ops = {
	.usage = "usage: afalg_aead [--seed S] [--oracle NAME] [--nosimd-param PATH] gcm|rfc4106 DRIVER N\n"
		 "       afalg_aead --kat gcm|rfc4106 NAME\n"
		 "       afalg_aead --badargs gcm|rfc4106 DRIVER\n"
		 "       afalg_aead --hold NAME SECONDS\n"
		 "       afalg_aead --inject gcm|rfc4106 DRIVER N\n",
	.modes = modes, .mode_size = sizeof(modes[0]), .nmodes = 2,
	.bufsz = BUFSZ, .tamper_name = tamper_name, .ntamper = T_NR,
	.setup = gcm_setup, .new_key = gcm_new_key, .pick_tag = gcm_tag,
	.request = gcm_request, .check_oracle = gcm_check_oracle,
	.tamper = gcm_tamper, .report = gcm_report, .teardown = gcm_teardown,
	.hold = do_hold, .kat = do_kat, .badargs = do_badargs,
};

int main(int argc, char **argv)
{
	return fz_main(argc, argv, &ops);
}
