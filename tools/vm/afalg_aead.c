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
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <kcapi.h>

#include "afalg_common.h"

#define MAX_PT 65600		/* longest plaintext */
#define MAX_AAD 8200		/* longest gcm AAD */
#define BUFSZ (MAX_PT + MAX_AAD + 2 * AES_BS)
#define SLACK 4096		/* misalignment and gaps between iovecs */
#define KCAPI_MAX AEAD_KCAPI_MAX	/* libkcapi: at most 16 pages at once */

/* ------------------------------------------------------------------ */
/* random bytes (the generator is in afalg_common.c)                   */

/* one byte per rnd64(), unlike afalg_fuzz: a --seed still reproduces a run */
static void rnd_bytes(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd64();
}

/* ------------------------------------------------------------------ */
/* the two algorithms                                                   */

struct mode {
	const char *name;		/* "gcm" or "rfc4106" */
	const char *cra_name;
	const char *oracle;		/* generic driver name */
	unsigned int ivlen, saltlen;
	const unsigned int *auth;	/* allowed tag lengths */
	unsigned int nauth;
};

static const unsigned int gcm_auth[] = { 4, 8, 12, 13, 14, 15, 16 };
static const unsigned int rfc4106_auth[] = { 8, 12, 16 };

static const struct mode modes[] = {
	{ "gcm", "gcm(aes)", "gcm_base(ctr(aes-generic),ghash-generic)",
	  12, 0, gcm_auth, 7 },
	{ "rfc4106", "rfc4106(gcm(aes))",
	  "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))",
	  8, 4, rfc4106_auth, 3 },
};

static const struct mode *find_mode(const char *name)
{
	if (!strcmp(name, "gcm"))
		return &modes[0];
	if (!strcmp(name, "rfc4106"))
		return &modes[1];
	fprintf(stderr, "afalg_aead: unknown mode %s (gcm or rfc4106)\n", name);
	exit(2);
}

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
/* debug_force_nosimd switching                                         */

static int inject;		/* --inject: the fuzzer's self-check */


/* ------------------------------------------------------------------ */
/* the fuzzer                                                          */

enum tamper { T_NONE, T_TAG, T_CT, T_AAD, T_IV, T_IVCOPY, T_NR };
static const char *const tamper_name[T_NR] = {
	"none", "tag", "ciphertext", "aad", "iv", "iv-copy-in-aad",
};

struct stats {
	unsigned long cases, bytes, path[AP_NR], tamper[T_NR], badmsg, refchk;
	unsigned long klen[3], auth[17], ivcopy_differs, alen_max, len_max;
};

static int fuzz(const struct mode *m, const char *drv, const char *oracle,
		unsigned long n, uint64_t seed)
{
	struct alg t, o;
	struct ref ref;
	uint8_t *in, *exp, *oexp, *out, *tmp, *work, *ct_ref;
	uint8_t key[36], iv[12], nonce[12], tag_ref[AES_BS];
	unsigned int aklen = 16, authsize = 16, klen = 16;
	unsigned long failures = 0, injected = 0, c;
	int keypath = 0, err;
	struct stats st;
	double t0 = now();

	memset(&st, 0, sizeof(st));
	in = malloc(BUFSZ + SLACK);
	exp = malloc(BUFSZ + SLACK);
	oexp = malloc(BUFSZ + SLACK);
	out = malloc(BUFSZ + SLACK);
	tmp = malloc(BUFSZ + SLACK);
	work = malloc(BUFSZ + 2 * SLACK);
	ct_ref = malloc(BUFSZ);
	ref.blocks = malloc(BUFSZ + 2 * AES_BS);
	if (!in || !exp || !oexp || !out || !tmp || !work || !ct_ref || !ref.blocks) {
		printf("FAIL: fuzz %s: out of memory\n", drv);
		return 1;
	}
	if (alg_bind_both(&t, &o, "aead", drv, oracle, "fuzz"))
		return 1;
	err = alg_bind(&ref.ecb, "skcipher", "ecb(aes-generic)");
	if (err) {
		printf("FAIL: fuzz %s: cannot bind ecb(aes-generic): %s\n", drv,
		       strerror(-err));
		return 1;
	}

	for (c = 0; c < n; c++) {
		unsigned int alen = pick_alen(m), galen = alen - (m->saltlen ? 8 : 0);
		size_t len = pick_len(), i;
		size_t ia = rnd(64), oa = rnd(64);
		uint8_t *pin = in + ia, *pout = out + oa;
		enum aead_path pe = (enum aead_path)rnd(AP_NR), pd = (enum aead_path)rnd(AP_NR);
		enum aead_path pt = (enum aead_path)rnd(AP_NR);
		enum tamper tk = T_NONE;
		int opsimd[3] = { -1, -1, -1 };
		const char *what = NULL;
		char why[160] = "";
		struct aead_op op;
		int rk = c == 0 || rnd(nosimd_path ? 2 : 8) == 0;
		int ivcopy_differs = 0;

		if (rk || rnd(8) == 0) {
			if (rk) {
				static const unsigned int kl[3] = { 16, 24, 32 };
				unsigned int ki = rnd(3);

				st.klen[ki]++;
				aklen = kl[ki];
				klen = aklen + m->saltlen;
				rnd_bytes(key, klen);
			}
			authsize = m->auth[rnd(m->nauth)];
			keypath = set_nosimd(rnd(2));
			err = alg_setkey(&t, key, klen);
			if (!err)
				err = alg_setauthsize(&t, authsize);
			if (!err)
				err = alg_accept(&t);
			if (err) {
				printf("FAIL: fuzz %s: setkey(%u)/setauthsize(%u) failed: %s\n",
				       drv, klen, authsize, strerror(-err));
				return 1;
			}
			err = alg_setkey(&o, key, klen);
			if (!err)
				err = alg_setauthsize(&o, authsize);
			if (!err)
				err = alg_accept(&o);
			if (!err && rk)
				err = ref_setkey(&ref, key, aklen);
			if (err) {
				printf("FAIL: fuzz %s: oracle setkey(%u)/setauthsize(%u) failed: %s\n",
				       drv, klen, authsize, strerror(-err));
				return 1;
			}
		}
		st.auth[authsize]++;

		/* input: AAD || plaintext; rfc4106: the IV ends the AAD */
		switch (rnd(10)) {
		case 0:  memset(iv, 0, sizeof(iv)); break;
		case 1:  memset(iv, 0xff, sizeof(iv)); break;
		default: rnd_bytes(iv, sizeof(iv)); break;
		}
		rnd_bytes(pin, alen + len);
		if (m->saltlen) {
			if (rnd(8) == 0) {
				ivcopy_differs = 1;	/* must be ignored */
				st.ivcopy_differs++;
			} else {
				memcpy(pin + galen, iv, 8);
			}
			memcpy(nonce, key + aklen, 4);
			memcpy(nonce + 4, iv, 8);
		} else {
			memcpy(nonce, iv, 12);
		}
		if (alen > st.alen_max)
			st.alen_max = alen;
		if (len > st.len_max)
			st.len_max = len;

		/* the oracle */
		op = (struct aead_op){ 1, iv, m->ivlen, alen, authsize, key, klen,
				  pin, alen + len, exp, alen + len + authsize };
		err = aead_run_op(&o, oracle, AP_FLAT, &op, work);
		if (err) {
			printf("FAIL: fuzz %s: oracle %s encrypt failed (alen %u len %zu authsize %u): %s\n",
			       drv, oracle, alen, len, authsize, strerror(-err));
			return 1;
		}
		/* the oracle against this program's GCM */
		if (alen + len <= 16384 || c % 4 == 0) {
			err = ref_gcm(&ref, nonce, pin, galen, pin + alen, len,
				      ct_ref, tag_ref);
			if (err) {
				printf("FAIL: fuzz %s: reference GCM (ecb(aes-generic)) failed: %s\n",
				       drv, strerror(-err));
				return 1;
			}
			if (memcmp(exp, pin, alen) ||
			    memcmp(exp + alen, ct_ref, len) ||
			    memcmp(exp + alen + len, tag_ref, authsize)) {
				printf("FAIL: fuzz %s: the oracle %s disagrees with this program's own GCM (alen %u len %zu authsize %u klen %u, seed 0x%016" PRIx64 ")\n",
				       drv, oracle, alen, len, authsize, klen, seed);
				return 1;
			}
			st.refchk++;
		}

		if (pe == AP_KCAPI && (alen + len + authsize > KCAPI_MAX || !(alen + len)))
			pe = AP_FLAT;
		if (pd == AP_KCAPI && (alen + len + authsize > KCAPI_MAX || !(alen + len)))
			pd = AP_FLAT;
		if (pt == AP_KCAPI && (alen + len + authsize > KCAPI_MAX || !(alen + len)))
			pt = AP_FLAT;

		/* 1: encrypt with the driver */
		memset(out, 0xa5, BUFSZ + SLACK);
		opsimd[0] = set_nosimd(rnd(2));
		op = (struct aead_op){ 1, iv, m->ivlen, alen, authsize, key, klen,
				  pin, alen + len, pout, alen + len + authsize };
		err = aead_run_op(&t, drv, pe, &op, work);
		if (err) {
			alg_accept(&t);
			what = "encrypt";
			snprintf(why, sizeof(why), "error %s", strerror(-err));
			goto bad;
		}
		if (inject && c % 3 == 0) {
			pout[alen + rnd(len + authsize)] ^= 1 << rnd(8);
			injected++;
		}
		if (memcmp(pout, exp, alen + len + authsize)) {
			for (i = 0; pout[i] == exp[i]; i++)
				;
			what = "encrypt";
			snprintf(why, sizeof(why), "output differs from the oracle at byte %zu (%s)",
				 i, i < alen ? "AAD" : i < alen + len ? "ciphertext" : "tag");
			goto bad;
		}

		/* 2: decrypt the good message with the driver */
		memset(out, 0x5a, BUFSZ + SLACK);
		opsimd[1] = set_nosimd(rnd(2));
		op = (struct aead_op){ 0, iv, m->ivlen, alen, authsize, key, klen,
				  exp, alen + len + authsize, pout, alen + len };
		err = aead_run_op(&t, drv, pd, &op, work);
		if (err) {
			alg_accept(&t);
			what = "decrypt";
			snprintf(why, sizeof(why), "error %s on an authentic message",
				 strerror(-err));
			goto bad;
		}
		if (inject && c % 3 == 1 && alen + len) {
			pout[rnd(alen + len)] ^= 1 << rnd(8);
			injected++;
		}
		if (memcmp(pout, pin, alen + len)) {
			for (i = 0; pout[i] == pin[i]; i++)
				;
			what = "decrypt";
			snprintf(why, sizeof(why), "plaintext wrong from byte %zu", i);
			goto bad;
		}

		/* 3: decrypt a tampered message, driver and oracle */
		if (rnd(4)) {
			enum tamper cand[T_NR];
			int nc = 0, ro, rt;
			const uint8_t *tiv = iv;
			uint8_t iv2[12];
			size_t pos = 0, tot = alen + len + authsize;

			cand[nc++] = T_TAG;
			cand[nc++] = T_IV;
			if (len)
				cand[nc++] = T_CT;
			if (galen)
				cand[nc++] = T_AAD;
			if (m->saltlen)
				cand[nc++] = T_IVCOPY;
			tk = cand[rnd(nc)];
			memcpy(tmp, exp, tot);
			switch (tk) {
			case T_TAG:    pos = alen + len + rnd(authsize); break;
			case T_CT:     pos = alen + rnd(len); break;
			case T_AAD:    pos = rnd(galen); break;
			case T_IVCOPY: pos = galen + rnd(8); break;
			default:       break;
			}
			if (tk == T_IV) {
				memcpy(iv2, iv, sizeof(iv2));
				iv2[rnd(m->ivlen)] ^= 1 << rnd(8);
				tiv = iv2;
			} else {
				tmp[pos] ^= 1 << rnd(8);
			}
			st.tamper[tk]++;
			op = (struct aead_op){ 0, tiv, m->ivlen, alen, authsize, key,
					  klen, tmp, tot, oexp, alen + len };
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			if (ro)
				alg_accept(&o);
			opsimd[2] = set_nosimd(rnd(2));
			memset(out, 0x3c, BUFSZ + SLACK);
			op.out = pout;
			rt = aead_run_op(&t, drv, pt, &op, work);
			if (rt)
				alg_accept(&t);
			if (inject && c % 3 == 2 && rt == -EBADMSG) {
				rt = 0;		/* a forgery "accepted" */
				injected++;
			}
			if (ro != (tk == T_IVCOPY ? 0 : -EBADMSG)) {
				printf("FAIL: fuzz %s: the oracle %s returned %s for a tampered %s, want %s (case %lu)\n",
				       drv, oracle, ro ? strerror(-ro) : "success",
				       tamper_name[tk],
				       tk == T_IVCOPY ? "success" : "EBADMSG", c);
				return 1;
			}
			if (rt != ro) {
				what = "tampered decrypt";
				snprintf(why, sizeof(why), "%s flipped at byte %zu: driver %s, oracle %s",
					 tamper_name[tk], pos,
					 rt ? strerror(-rt) : "success",
					 ro ? strerror(-ro) : "success");
				pd = pt;
				goto bad;
			}
			if (!rt && memcmp(pout, oexp, alen + len)) {
				what = "tampered decrypt";
				snprintf(why, sizeof(why), "%s changed: both accept, outputs differ",
					 tamper_name[tk]);
				pd = pt;
				goto bad;
			}
			if (rt == -EBADMSG)
				st.badmsg++;
			st.path[pt]++;
		}
		st.cases++;
		st.bytes += alen + len;
		st.path[pe]++;
		st.path[pd]++;
		continue;
bad:
		st.cases++;
		if (++failures <= 8 && !inject) {
			char ivh[25];

			hex(ivh, iv, m->ivlen);
			char np[64] = "";
			static const char *const pn[3] = { "-", "asm", "C" };

			if (nosimd_path)
				snprintf(np, sizeof(np), " path(setkey,enc,dec,tampered)=%s,%s,%s,%s",
					 keypath ? "C" : "asm", pn[opsimd[0] + 1],
					 pn[opsimd[1] + 1], pn[opsimd[2] + 1]);
			printf("FAIL: fuzz %s case %lu: %s via %s (encrypt via %s): alen=%u len=%zu klen=%u authsize=%u iv=%s%s align=%zu/%zu %s%s: %s\n",
			       drv, c, what, aead_path_name[what[0] == 'e' ? pe : pd],
			       aead_path_name[pe], alen, len, klen, authsize, ivh,
			       ivcopy_differs ? " (IV copy in the AAD differs)" : "",
			       ia, oa, aead_detail, np, why);
		}
		fflush(stdout);
	}
	set_nosimd(0);
	alg_close(&t);
	alg_close(&o);
	alg_close(&ref.ecb);

	if (inject) {
		if (failures == injected && injected > 0)
			printf("PASS: fuzzer self-check (%s): all %lu faults put into the driver's results in %lu cases were reported, and nothing else (seed 0x%016" PRIx64 ")\n",
			       drv, injected, st.cases, seed);
		else
			printf("FAIL: fuzzer self-check (%s): %lu faults injected, %lu cases reported wrong (seed 0x%016" PRIx64 ")\n",
			       drv, injected, failures, seed);
		failures = failures != injected || !injected;
	} else if (failures) {
		printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
		       drv, oracle, failures, st.cases, seed);
	} else {
		char paths[200], tags[120], *q = tags;
		int i;

		join_counts(paths, aead_path_name, st.path, AP_NR);
		for (i = 0; i <= 16; i++)
			if (st.auth[i])
				q += sprintf(q, "%s%d:%lu", q == tags ? "" : " ", i,
					     st.auth[i]);
		printf("PASS: fuzz %s vs %s: %lu cases (encrypt, decrypt, %lu tampered: tag %lu, ciphertext %lu, AAD %lu, IV %lu%s%.0lu; EBADMSG from both %lu times), %lu bytes, AAD up to %lu, text up to %lu, AES-128/192/256 keys %lu/%lu/%lu, tag lengths %s, oracle checked against own GCM %lu times, %.1f s (seed 0x%016" PRIx64 "; ops: %s%s)\n",
		       drv, oracle, st.cases,
		       st.tamper[T_TAG] + st.tamper[T_CT] + st.tamper[T_AAD] +
		       st.tamper[T_IV] + st.tamper[T_IVCOPY],
		       st.tamper[T_TAG], st.tamper[T_CT], st.tamper[T_AAD],
		       st.tamper[T_IV],
		       m->saltlen ? ", IV copy in AAD (ignored by both) " : "",
		       m->saltlen ? st.tamper[T_IVCOPY] : 0, st.badmsg, st.bytes,
		       st.alen_max, st.len_max, st.klen[0], st.klen[1],
		       st.klen[2], tags, st.refchk, now() - t0,
		       seed, paths,
		       nosimd_path ? "; debug_force_nosimd toggled at random before setkey and each operation" : "");
	}
	free(in);
	free(exp);
	free(oexp);
	free(out);
	free(tmp);
	free(work);
	free(ct_ref);
	free(ref.blocks);
	return failures ? 1 : 0;
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

static int do_kat(const struct mode *m, const char *name)
{
	const struct kat *v = m->saltlen ? rfc4106_kat : gcm_kat;
	unsigned int nv = m->saltlen ? 3 : 6, i, k, fails = 0, checks = 0;
	uint8_t key[40], iv[12], in[160], want[160], got[160], work[BUFSZ / 64];
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
		if (m->saltlen) {
			memcpy(in + alen, iv, 8);
			alen += 8;
		}
		len = unhex(in + alen, v[i].pt);
		memcpy(want, in, alen);
		unhex(want + alen, v[i].ct);
		unhex(want + alen + len, v[i].tag);
		/* the full tag, and each shorter allowed one (a prefix) */
		for (k = 0; k < m->nauth; k++) {
			unsigned int as = m->auth[m->nauth - 1 - k];
			struct aead_op op = { 1, iv, m->ivlen, alen, as, key, klen, in,
					 alen + len, got, alen + len + as };

			err = alg_setkey(&a, key, klen);
			if (!err)
				err = alg_setauthsize(&a, as);
			if (!err)
				err = alg_accept(&a);
			if (!err)
				err = aead_run_op(&a, name, AP_FLAT, &op, work);
			if (!err && memcmp(got, want, alen + len + as)) {
				printf("FAIL: kat %s vector %u (AES-%u, tag %u): wrong ciphertext or tag\n",
				       name, i + 1, (klen - m->saltlen) * 8, as);
				fails++;
				continue;
			}
			if (!err) {
				op = (struct aead_op){ 0, iv, m->ivlen, alen, as, key, klen,
						  want, alen + len + as, got, alen + len };
				err = aead_run_op(&a, name, AP_FLAT, &op, work);
				if (!err && memcmp(got, in, alen + len)) {
					printf("FAIL: kat %s vector %u (tag %u): decryption wrong\n",
					       name, i + 1, as);
					fails++;
					continue;
				}
			}
			if (!err) {
				/* the last tag byte flipped: EBADMSG */
				want[alen + len + as - 1] ^= 0x80;
				alg_accept(&a);
				err = aead_run_op(&a, name, AP_FLAT, &op, work);
				want[alen + len + as - 1] ^= 0x80;
				if (err == -EBADMSG) {
					err = 0;
				} else {
					printf("FAIL: kat %s vector %u (tag %u): a wrong tag gave %s, want EBADMSG\n",
					       name, i + 1, as, err ? strerror(-err) : "success");
					fails++;
					continue;
				}
			}
			if (err) {
				printf("FAIL: kat %s vector %u (tag %u): %s\n", name,
				       i + 1, as, strerror(-err));
				fails++;
				alg_accept(&a);
			}
			checks++;
		}
	}
	alg_close(&a);
	if (!fails)
		printf("PASS: kat %s: %u %s vectors x every tag length (%u checks: encrypt, decrypt, wrong tag -> EBADMSG)\n",
		       name, nv,
		       m->saltlen ? "rfc4106 (computed with OpenSSL AES-GCM)" :
				    "GCM specification (test cases 1-4, 10, 16)",
		       checks);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* argument checks, against the specification and the oracle            */

static int do_badargs(const struct mode *m, const char *drv)
{
	const char *oname = ref_name(m->oracle);
	static const unsigned int assoclens[] = { 0, 4, 8, 12, 15, 16, 17, 19,
						  20, 21, 24, 28, 32, 64 };
	unsigned int kl, as, i, fails = 0, nk = 0, na = 0, nl = 0;
	uint8_t key[64], iv[12] = { 0 }, in[256], out[256], work[512];
	struct alg t, o;
	char badk[200] = "", *bk = badk, bada[80] = "", *ba = bada;
	int et, eo;

	rnd_bytes(key, sizeof(key));
	rnd_bytes(in, sizeof(in));
	if (alg_bind_both(&t, &o, "aead", drv, oname, "badargs"))
		return 1;
	/* key lengths */
	for (kl = 0; kl <= 64; kl++) {
		int ok = kl - m->saltlen == 16 || kl - m->saltlen == 24 ||
			 kl - m->saltlen == 32;

		if (kl > 40 && kl != 48 && kl != 64)
			continue;
		et = alg_setkey(&t, key, kl);
		eo = alg_setkey(&o, key, kl);
		nk++;
		if (et != (ok ? 0 : -EINVAL) || et != eo) {
			printf("FAIL: badargs %s: setkey(%u bytes) returned %s, oracle %s, want %s\n",
			       drv, kl, et ? strerror(-et) : "success",
			       eo ? strerror(-eo) : "success", ok ? "success" : "EINVAL");
			fails++;
		} else if (ok) {
			bk += sprintf(bk, "%s%u", bk == badk ? "" : ",", kl);
		}
	}
	/* tag lengths */
	for (as = 0; as <= 32; as++) {
		int ok = auth_allowed(m, as);

		if (as > 17 && as != 32)
			continue;
		et = alg_setauthsize(&t, as);
		eo = alg_setauthsize(&o, as);
		na++;
		if (et != (ok ? 0 : -EINVAL) || et != eo) {
			printf("FAIL: badargs %s: setauthsize(%u) returned %s, oracle %s, want %s\n",
			       drv, as, et ? strerror(-et) : "success",
			       eo ? strerror(-eo) : "success", ok ? "success" : "EINVAL");
			fails++;
		} else if (ok) {
			ba += sprintf(ba, "%s%u", ba == bada ? "" : ",", as);
		}
	}
	/* a failed setkey leaves the tfm usable with a later good one */
	alg_setkey(&t, key, 16 + m->saltlen);
	alg_setkey(&t, key, 17 + m->saltlen);
	et = alg_setkey(&t, key + 1, 32 + m->saltlen);
	eo = alg_setkey(&o, key + 1, 32 + m->saltlen);
	if (!et)
		et = alg_setauthsize(&t, 16);
	if (!eo)
		eo = alg_setauthsize(&o, 16);
	if (!et)
		et = alg_accept(&t);
	if (!eo)
		eo = alg_accept(&o);
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
					       drv, enc ? "encrypt" : "decrypt", al,
					       et ? strerror(-et) : "success",
					       eo ? strerror(-eo) : "success",
					       ok ? "success" : "EINVAL");
					fails++;
				}
			}
		}
	}
	alg_close(&t);
	alg_close(&o);
	if (!fails)
		printf("PASS: badargs %s: %u key lengths (accepted exactly %s), %u tag lengths (accepted exactly %s)%s, same errors as %s\n",
		       drv, nk, badk, na, bada,
		       m->saltlen ? ", assoclen 0,4,8,12,15,16,17,19,20,21,24,28,32,64 on encrypt and decrypt (only 16 and 20 accepted, others EINVAL)" : "",
		       oname);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	uint8_t key[20] = { 1 }, iv[12] = { 0 }, in[32] = { 0 }, out[64], work[64];
	int r4106 = strstr(name, "rfc4106") != NULL;
	struct aead_op op = { 1, iv, r4106 ? 8 : 12, r4106 ? 16 : 0, 16, NULL, 0, in,
			 32, out, 48 };
	struct alg a;
	int err = alg_bind(&a, "aead", name);

	if (!err)
		err = alg_setkey(&a, key, r4106 ? 20 : 16);
	if (!err)
		err = alg_accept(&a);
	if (!err)
		err = aead_run_op(&a, name, AP_FLAT, &op, work);
	return alg_hold(&a, name, secs, err);
}

#define USAGE \
		"usage: afalg_aead [--seed S] [--oracle NAME] [--nosimd-param PATH] gcm|rfc4106 DRIVER N\n" \
		"       afalg_aead --kat gcm|rfc4106 NAME\n" \
		"       afalg_aead --badargs gcm|rfc4106 DRIVER\n" \
		"       afalg_aead --hold NAME SECONDS\n" \
		"       afalg_aead --inject gcm|rfc4106 DRIVER N\n"
#define usage() usage_exit(USAGE)

int main(int argc, char **argv)
{
	const char *oracle = NULL;
	const struct mode *m;
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)atoi(argv[3]));
	if (!strcmp(argv[1], "--kat") && argc == 4)
		return do_kat(find_mode(argv[2]), argv[3]);
	if (!strcmp(argv[1], "--badargs") && argc == 4) {
		rng_state = 0x9e3779b97f4a7c15ULL;
		return do_badargs(find_mode(argv[2]), argv[3]);
	}
	while (i < argc && argv[i][0] == '-') {
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--oracle"))
			oracle = argv[i + 1];
		else if (!strcmp(argv[i], "--nosimd-param"))
			nosimd_path = argv[i + 1];
		else if (!strcmp(argv[i], "--inject")) {
			inject = 1;
			i--;
		} else
			usage();
		i += 2;
	}
	if (argc - i != 3)
		usage();
	m = find_mode(argv[i]);
	seed = rng_seed(seed);
	return fuzz(m, argv[i + 1], ref_name(oracle ? oracle : m->oracle),
		    strtoul(argv[i + 2], NULL, 0), seed);
}
