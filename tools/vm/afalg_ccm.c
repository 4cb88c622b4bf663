// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_ccm - AF_ALG differential fuzzer for the AEADs "ccm(aes)" and
 * "rfc4309(ccm(aes))".
 *
 * Runs inside the QEMU test guest.  The AEAD under test is opened BY DRIVER
 * NAME (ccm-aes-aesnictr-avx, rfc4309-ccm-aes-aesnictr-avx) and compared
 * with the kernel's CCM template over the generic cipher, also by driver
 * name:
 *   ccm       ccm_base(ctr(aes-generic),cbcmac(aes-generic))
 *   rfc4309   rfc4309(ccm_base(ctr(aes-generic),cbcmac(aes-generic)))
 * (7.x: aes-lib for aes-generic, ref_name() in afalg_common.c; the cbcmac
 * template of crypto/ccm.c is then instantiated over aes-lib).  The oracle
 * is itself checked, on every case it encrypts, against this program's own
 * CCM (RFC 3610 / SP 800-38C): B0, the AAD's length prefix (2 bytes, or
 * 0xfffe + 4 bytes from 65280 on) and the zero padding are formatted here,
 * the CBC-MAC is the last block of cbc(aes-generic) over them with a zero
 * IV, and ctr(aes-generic) from A0 (counter 0) encrypts the MAC, then the
 * text.
 *
 * The kernel's CCM request: the IV is 16 bytes, byte 0 is L - 1 (L = 2..8
 * bytes of length field, so the nonce is 15 - L bytes), the counter bytes
 * are ignored (zeroed); tags of 4, 6, ..., 16 bytes; for L = 2 and 3 a
 * text of 2^(8L) + 1 bytes or more is -EOVERFLOW (2^(8L) itself is taken,
 * its length field wrapping to 0, though RFC 3610 wants l(m) < 2^(8L): the
 * template's rule, which the driver shares; AF_ALG can reach it for L = 2).
 * rfc4309: key || 3-byte salt, 8-byte IV, CCM IV = 3 || salt || IV || 0000,
 * assoclen 16 or 20 (SPI || sequence number [|| high half] || the IV's copy,
 * of which only assoclen - 8 bytes are authenticated), tags 8, 12 or 16;
 * any other assoclen is -EINVAL.
 *
 * Each case: (one in four, or when needed) a new key of 16/24/32 bytes (+3
 * for rfc4309), one new key in ten first tried with a bad length (EINVAL
 * from both, then ENOKEY from both for an operation); a tag length among the
 * allowed ones (changed one case in three; one case in forty a bad one:
 * EINVAL from both); ccm: L of 2..8, AAD of 0..600 bytes (biased to block
 * edges with the 2-byte prefix), now and then 65270..65290 bytes (the long
 * prefix form, both sides of 65280); rfc4309: assoclen 16 or 20; a text of
 * 0..4 KiB (biased to small and block edges), some up to 16 KiB, and for
 * ccm with L = 2 now and then exactly 65535 or 65536 bytes.  The driver
 * encrypts (compared with the oracle's output byte for byte, AAD region
 * included), decrypts its result, and in three cases of four decrypts a
 * changed message, as the oracle does: a flipped bit in the tag, the
 * ciphertext, the AAD (rfc4309: in the authenticated part, or in the IV's
 * copy, which both must ignore), the nonce, the counter bytes of the IV
 * (ignored by both), a new L byte (whatever happens, the same), the text
 * shortened or lengthened, an input shorter than assoclen + tag.  Invalid
 * requests: ccm an L byte of 0 or 8..255 (EINVAL), a text too long for L = 2
 * (65537.. bytes: EOVERFLOW), encryption and decryption; rfc4309 an assoclen
 * other than 16 and 20 (EINVAL).  Every error code must be the oracle's,
 * and the driver must have written nothing into the text region of its
 * output before failing (the template's EOVERFLOW decryption decrypts
 * first: counted, as information).
 * After each EBADMSG of the driver, the text region of its output must be
 * all zero (the driver wipes what it decrypted; the template leaves the
 * plaintext there): no plaintext of a forged message is released.
 *
 * Each operation reaches the driver by one of aead_run_op()'s paths
 * (afalg_common.c): flat, split iovecs, several sendmsg calls, vmsplice +
 * splice, the same in place, libkcapi.
 *
 *   afalg_ccm [--seed S] [--nosimd-param PATH] ccm|rfc4309 DRIVER N
 *   afalg_ccm --kat ccm|rfc4309 NAME     SP 800-38C examples 1-4 (ccm; 4
 *        has 65536 bytes of AAD) / two ESP vectors computed with Python's
 *        cryptography AESCCM (rfc4309): encryption, decryption, a wrong tag
 *   afalg_ccm --hold NAME SECONDS
 * --nosimd-param PATH names the module's debug_force_nosimd parameter: it is
 * set at random before each setkey and each operation of the driver.
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

#define MAX_TEXT 100000		/* the EOVERFLOW cases: 65537 .. ~90000 */
#define MAX_AAD 65300		/* the long AAD form */
#define BUFSZ (MAX_AAD + MAX_TEXT + 64)
#define SLACK 4096
#define LONG_AAD 65280		/* 0xff00: from here the 0xfffe || be32 form */

static void rnd_bytes(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd64();
}

/* n bytes at p: all the fill 0xa5, or equal to the input at in */
static int untouched(const uint8_t *p, const uint8_t *in, size_t n)
{
	size_t i;

	if (!memcmp(p, in, n))
		return 1;
	for (i = 0; i < n && p[i] == 0xa5; i++)
		;
	return i == n;
}

static const char *errs(int e)
{
	return e ? strerror(-e) : "success";
}

struct mode {
	const char *name;
	const char *oracle;
	int r4309;
	unsigned int ivlen;		/* AF_ALG's: 16, or 8 for rfc4309 */
};

static const struct mode modes[] = {
	{ "ccm", "ccm_base(ctr(aes-generic),cbcmac(aes-generic))", 0, 16 },
	{ "rfc4309", "rfc4309(ccm_base(ctr(aes-generic),cbcmac(aes-generic)))", 1, 8 },
};

static const struct mode *find_mode(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(name, modes[i].name))
			return &modes[i];
	fprintf(stderr, "afalg_ccm: unknown mode %s (ccm, rfc4309)\n", name);
	exit(2);
}

static int tag_ok(const struct mode *m, unsigned int as)
{
	if (m->r4309)
		return as == 8 || as == 12 || as == 16;
	return as >= 4 && as <= 16 && !(as & 1);
}

static unsigned int pick_tag(const struct mode *m)
{
	static const unsigned int r[] = { 8, 12, 16 };

	return m->r4309 ? r[rnd(3)] : 4 + 2 * rnd(7);
}

static unsigned int pick_bad_tag(const struct mode *m)
{
	static const unsigned int bc[] = { 0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 18, 20, 32 };
	static const unsigned int br[] = { 0, 2, 4, 6, 7, 9, 10, 11, 13, 14, 15, 17, 20, 32 };
	const unsigned int *b = m->r4309 ? br : bc;

	return b[rnd(14)];
}

/* ------------------------------------------------------------------ */
/* the reference CCM: formatting here, AES by cbc/ctr(aes-generic)      */

struct ref {
	struct alg cbc, ctr;
	uint8_t *buf;			/* BUFSZ + 64 */
};

/* one skcipher operation on a (accepted here), n bytes in, n out */
static int skc_op(struct alg *a, const uint8_t *iv, const uint8_t *in, size_t n,
		  uint8_t *out)
{
	struct iovec v = { (void *)in, n };
	size_t got = 0;
	ssize_t r;
	int err = alg_accept(a);

	if (err)
		return err;
	r = alg_sendmsg(a->opfd, 1, ALG_OP_ENCRYPT, iv, 16, -1, &v, 1, 0);
	if (r < 0)
		return (int)r;
	while (got < n) {
		v.iov_base = out + got;
		v.iov_len = n - got;
		r = alg_recv(a->opfd, &v, 1);
		if (r <= 0)
			return r < 0 ? (int)r : -EIO;
		got += (size_t)r;
	}
	alg_drop_op(a);
	return 0;
}

static int ref_setkey(struct ref *r, const uint8_t *k, unsigned int kl)
{
	return alg_setkey(&r->cbc, k, kl) ?: alg_setkey(&r->ctr, k, kl);
}

/*
 * CCM-encrypt len bytes of text with the 16-byte kernel IV (L - 1, nonce,
 * counter bytes ignored), alen bytes of AAD, an authsize-byte tag: ct (len
 * bytes) and tag.  The length field holds len modulo 2^(8L), as the kernel
 * writes it.
 */
static int ref_ccm(struct ref *r, const uint8_t *kiv, unsigned int authsize,
		   const uint8_t *aad, unsigned int alen, const uint8_t *pt,
		   size_t len, uint8_t *ct, uint8_t *tag)
{
	unsigned int l = kiv[0] + 1, i;
	uint8_t a0[16], zero[16] = { 0 }, *b = r->buf;
	size_t n = 16, ml;
	int err;

	memcpy(a0, kiv, 16);
	memset(a0 + 16 - l, 0, l);
	memcpy(b, a0, 16);
	b[0] |= (uint8_t)((alen ? 64 : 0) | 8 * ((authsize - 2) / 2));
	for (i = 0; i < l && i < 8; i++)
		b[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
	if (alen) {
		if (alen < LONG_AAD) {
			b[n++] = (uint8_t)(alen >> 8);
			b[n++] = (uint8_t)alen;
		} else {
			b[n++] = 0xff;
			b[n++] = 0xfe;
			b[n++] = (uint8_t)(alen >> 24);
			b[n++] = (uint8_t)(alen >> 16);
			b[n++] = (uint8_t)(alen >> 8);
			b[n++] = (uint8_t)alen;
		}
		memcpy(b + n, aad, alen);
		n += alen;
		while (n % 16)
			b[n++] = 0;
	}
	memcpy(b + n, pt, len);
	n += len;
	while (n % 16)
		b[n++] = 0;
	/* the CBC-MAC: the last block of CBC with a zero IV */
	err = skc_op(&r->cbc, zero, b, n, b);
	if (err)
		return err;
	ml = n - 16;
	/* CTR from A0: MAC ^ S0, then the text with S1, S2, ... */
	memmove(b, b + ml, 16);
	memcpy(b + 16, pt, len);
	err = skc_op(&r->ctr, a0, b, 16 + len, b);
	if (err)
		return err;
	memcpy(tag, b, authsize);
	memcpy(ct, b + 16, len);
	return 0;
}

/* ------------------------------------------------------------------ */
/* case generation                                                     */

static size_t pick_text(void)
{
	switch (rnd(12)) {
	case 0: case 1: return rnd(33);
	case 2: {	/* a block edge, +-1 */
		size_t e = (size_t)rnd(9) * AES_BS + rnd(3);

		return e ? e - 1 : 0;
	}
	case 3: case 4: return rnd(257);
	case 5: return 4096 - 20 + rnd(41);			/* a page */
	case 6: return rnd(16385);
	case 7: return 1400 + rnd(100);				/* a packet */
	default: return rnd(4097);
	}
}

static unsigned int pick_aad(void)
{
	switch (rnd(10)) {
	case 0: case 1: return 0;
	case 2: return 13 + rnd(4);	/* 2-byte prefix: one block at 14 */
	case 3: return 29 + rnd(4);
	case 4: return rnd(17);
	case 5: return 8 + 4 * rnd(4);	/* ESP-like */
	default: return rnd(601);
	}
}

/* ------------------------------------------------------------------ */
/* the fuzzer                                                          */

enum tamper {
	T_NONE, T_TAG, T_CT, T_AAD, T_NONCE, T_CTRB, T_LBYTE, T_LEN, T_SHORT,
	T_IVCOPY, T_NR
};
static const char *const tamper_name[T_NR] = {
	"none", "tag", "ciphertext", "aad", "nonce", "iv counter bytes", "L byte",
	"length", "short", "iv copy in the aad",
};

enum special { S_NONE, S_BADL, S_OVERFLOW, S_BADASSOC, S_NR };
static const char *const special_name[S_NR] = {
	"", "bad L byte", "text too long for L = 2", "bad assoclen",
};

static int fuzz(const struct mode *m, const char *drv, unsigned long n, uint64_t seed)
{
	const char *oracle = ref_name(m->oracle);
	struct alg t, o;
	struct ref r;
	uint8_t *in, *exp, *out, *oout, *tmp, *work, *rct;
	uint8_t key[40], iv[16], tiv[16], kiv[16], rtag[16];
	unsigned int klen = 16, akl = 16, authsize = 0, ivl = m->ivlen;
	unsigned long failures = 0, c, cases = 0, bytes = 0, tampers[T_NR] = { 0 };
	unsigned long paths[AP_NR] = { 0 }, specials[S_NR] = { 0 }, owrote[S_NR] = { 0 };
	unsigned long enc_ops = 0;
	unsigned long badmsg = 0, otherr = 0, wiped = 0, badkeys = 0, enokey = 0;
	unsigned long badauth = 0, refchk = 0, rekeys = 0, longaad = 0, edge = 0;
	unsigned long klens[3] = { 0 }, auths[17] = { 0 }, ls[9] = { 0 };
	unsigned long alen_max = 0, len_max = 0;
	int need_key = 1, err;
	double t0 = now();

	in = malloc(BUFSZ + SLACK);
	exp = malloc(BUFSZ + SLACK);
	out = malloc(BUFSZ + SLACK);
	oout = malloc(BUFSZ + SLACK);
	tmp = malloc(BUFSZ + SLACK);
	rct = malloc(BUFSZ + SLACK);
	work = malloc(2 * BUFSZ + SLACK);
	r.buf = malloc(BUFSZ + SLACK);
	if (!in || !exp || !out || !oout || !tmp || !rct || !work || !r.buf) {
		printf("FAIL: out of memory\n");
		return 1;
	}
	if (alg_bind_both(&t, &o, "aead", drv, oracle, "fuzz"))
		return 1;
	err = alg_bind(&r.cbc, "skcipher", "cbc(aes-generic)");
	if (!err)
		err = alg_bind(&r.ctr, "skcipher", "ctr(aes-generic)");
	if (err) {
		printf("FAIL: fuzz %s: the reference's cbc/ctr(aes-generic) cannot be bound: %s\n",
		       drv, strerror(-err));
		return 1;
	}

	for (c = 0; c < n; c++) {
		enum aead_path pe = (enum aead_path)rnd(AP_NR), pd = (enum aead_path)rnd(AP_NR);
		enum aead_path pt = (enum aead_path)rnd(AP_NR);
		enum tamper tk = T_NONE;
		enum special sp = S_NONE;
		unsigned int alen = 0, assoclen = 0, l = 4;
		size_t len = pick_text(), tlen = 0, tin = 0, tout = 0, k;
		const char *what = "";
		char why[320] = "";
		struct aead_op op;
		int rt, ro, dec;

		/* --- key (after a bad one now and then), tag length ------- */
		if (need_key || !rnd(4)) {
			if (!rnd(10)) {
				static const unsigned int bad[] = { 0, 1, 2, 3, 4, 8, 15, 17, 18, 20,
								    23, 25, 31, 33, 34, 36, 40 };
				unsigned int bl = bad[rnd(sizeof(bad) / sizeof(bad[0]))];

				if (m->r4309 && (bl == 16 || bl == 24 || bl == 32))
					bl += 1;
				if (!m->r4309 && (bl == 19 || bl == 27 || bl == 35))
					bl += 1;
				rnd_bytes(key, sizeof(key));
				set_nosimd((int)rnd(2));
				rt = alg_setkey(&t, key, bl);
				ro = alg_setkey(&o, key, bl);
				badkeys++;
				if (rt != -EINVAL || ro != -EINVAL) {
					need_key = 1;
					what = "bad key length";
					snprintf(why, sizeof(why), "%u bytes: driver %s, oracle %s (want EINVAL from both)",
						 bl, errs(rt), errs(ro));
					goto bad;
				}
				/*
				 * a tfm whose setkey failed needs a key: AF_ALG
				 * accepts a "nokey" socket whose operations
				 * fail with ENOKEY
				 */
				rt = alg_accept(&t);
				ro = alg_accept(&o);
				if (!rt && !ro) {
					uint8_t z[32] = { 3 }, zo[64];

					op = (struct aead_op){ 1, z, ivl, 16, 16, key, bl, z, 32, zo, 48 };
					rt = aead_run_op(&t, drv, AP_FLAT, &op, work);
					ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
				}
				alg_drop_op(&t);
				alg_drop_op(&o);
				if (rt != ro || rt != -ENOKEY) {
					need_key = 1;
					what = "operation after a bad key";
					snprintf(why, sizeof(why), "encryption after a %u-byte key: driver %s, oracle %s (want ENOKEY from both)",
						 bl, errs(rt), errs(ro));
					goto bad;
				}
				enokey++;
			}
			akl = 16 + 8 * rnd(3);
			klen = akl + (m->r4309 ? 3 : 0);
			rnd_bytes(key, klen);
			set_nosimd((int)rnd(2));
			rt = alg_setkey(&t, key, klen);
			ro = alg_setkey(&o, key, klen);
			err = ref_setkey(&r, key, akl);
			if (rt || ro || err) {
				need_key = 1;
				what = "setkey";
				snprintf(why, sizeof(why), "AES-%u: driver %s, oracle %s, reference %s",
					 akl * 8, errs(rt), errs(ro), errs(err));
				goto bad;
			}
			need_key = 0;
			rekeys++;
			if (authsize) {	/* set again on the new key's sockets */
				rt = alg_setauthsize(&t, authsize);
				ro = alg_setauthsize(&o, authsize);
				if (rt || ro) {
					need_key = 1;
					what = "setauthsize";
					snprintf(why, sizeof(why), "%u: driver %s, oracle %s", authsize,
						 errs(rt), errs(ro));
					goto bad;
				}
			}
		}
		if (!rnd(40)) {
			unsigned int as = pick_bad_tag(m);

			rt = alg_setauthsize(&t, as);
			ro = alg_setauthsize(&o, as);
			badauth++;
			if (rt != -EINVAL || ro != -EINVAL) {
				what = "bad tag length";
				snprintf(why, sizeof(why), "%u: driver %s, oracle %s (want EINVAL from both)",
					 as, errs(rt), errs(ro));
				need_key = 1;
				goto bad;
			}
			authsize = 0;	/* set again below */
		}
		if (!authsize || !rnd(3)) {
			authsize = pick_tag(m);
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

		/* --- the request: IV, AAD, text, special kinds ------------ */
		rnd_bytes(iv, 16);
		if (m->r4309) {
			assoclen = rnd(2) ? 16 : 20;
			alen = assoclen - 8;
			if (!rnd(25)) {
				static const unsigned int ba[] = { 0, 1, 8, 12, 15, 17, 19, 21, 24, 28, 32, 64 };

				sp = S_BADASSOC;
				assoclen = ba[rnd(12)];
				alen = assoclen;
			}
			/* the CCM IV the template builds */
			kiv[0] = 3;
			memcpy(kiv + 1, key + akl, 3);
			memcpy(kiv + 4, iv, 8);
			memset(kiv + 12, 0, 4);
		} else {
			l = 2 + rnd(7);
			iv[0] = (uint8_t)(l - 1);
			alen = pick_aad();
			switch (rnd(80)) {
			case 0: case 1:
				sp = S_BADL;
				iv[0] = rnd(4) ? 0 : (uint8_t)(8 + rnd(248));
				break;
			case 2: case 3: case 4:
				sp = S_OVERFLOW;
				l = 2;
				iv[0] = 1;
				len = 65537 + (rnd(3) ? rnd(64) : rnd(24000));
				alen = rnd(3) ? 0 : rnd(65);
				break;
			case 5:
				l = 2;
				iv[0] = 1;
				len = 65535 + rnd(2);
				alen = rnd(33);
				edge++;
				break;
			case 6:
				alen = LONG_AAD - 10 + rnd(21);
				len = rnd(300);
				longaad++;
				break;
			default:
				break;
			}
			assoclen = alen;
			memcpy(kiv, iv, 16);
		}
		rnd_bytes(in, assoclen + len);
		if (m->r4309 && sp == S_NONE && rnd(8))
			memcpy(in + alen, iv, 8);	/* ESP: the IV's copy */

		if (sp != S_NONE) {
			dec = (int)rnd(2);
			tin = assoclen + len + (dec ? authsize : 0);
			tout = dec ? assoclen + len : tin + authsize;
			op = (struct aead_op){ !dec, iv, ivl, assoclen, authsize, key, klen,
					       in, tin, oout, tout };
			memset(oout, 0xa5, tout + 16);
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			if (pe == AP_KCAPI)	/* libkcapi checks lengths itself */
				pe = AP_FLAT;
			set_nosimd((int)rnd(2));
			op.out = out;
			memset(out, 0xa5, tout + 16);
			rt = aead_run_op(&t, drv, pe, &op, work);
			alg_drop_op(&t);
			alg_drop_op(&o);
			specials[sp]++;
			if (rt != ro || rt != (sp == S_OVERFLOW ? -EOVERFLOW : -EINVAL)) {
				what = dec ? "decrypt" : "encrypt";
				pd = pe;
				snprintf(why, sizeof(why), "%s (iv[0] %u, assoclen %u, text %zu): driver %s, oracle %s (want %s from both)",
					 special_name[sp], iv[0], assoclen, len, errs(rt), errs(ro),
					 sp == S_OVERFLOW ? "EOVERFLOW" : "EINVAL");
				goto bad;
			}
			/*
			 * nothing written: the text region of the receive
			 * buffer holds what AF_ALG put there (the input,
			 * copied for an in-place request) or the fill
			 */
			if (!untouched(out + assoclen, in + assoclen, len)) {
				what = dec ? "decrypt" : "encrypt";
				pd = pe;
				snprintf(why, sizeof(why), "%s (iv[0] %u, assoclen %u, text %zu): %s from both, but the driver wrote into the text region of its output before failing",
					 special_name[sp], iv[0], assoclen, len, errs(rt));
				goto bad;
			}
			if (!untouched(oout + assoclen, in + assoclen, len))
				owrote[sp]++;
			cases++;
			continue;
		}
		ls[l]++;

		if (pe == AP_KCAPI && (assoclen + len + authsize > AEAD_KCAPI_MAX || !(assoclen + len)))
			pe = AP_FLAT;
		if (pd == AP_KCAPI && (assoclen + len + authsize > AEAD_KCAPI_MAX || !(assoclen + len)))
			pd = AP_FLAT;

		/* --- encryption: the oracle, checked by the reference ----- */
		op = (struct aead_op){ 1, iv, ivl, assoclen, authsize, key, klen,
				       in, assoclen + len, exp, assoclen + len + authsize };
		ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
		if (ro) {
			what = "oracle encrypt";
			snprintf(why, sizeof(why), "%s", errs(ro));
			alg_drop_op(&o);
			goto bad;
		}
		err = ref_ccm(&r, kiv, authsize, in, alen, in + assoclen, len, rct, rtag);
		if (err) {
			what = "reference";
			snprintf(why, sizeof(why), "cbc/ctr(aes-generic): %s", errs(err));
			goto bad;
		}
		refchk++;
		if (memcmp(exp, in, assoclen) || memcmp(exp + assoclen, rct, len) ||
		    memcmp(exp + assoclen + len, rtag, authsize)) {
			what = "oracle";
			snprintf(why, sizeof(why), "the oracle's output is not this program's CCM (%s differs)",
				 memcmp(exp, in, assoclen) ? "AAD region" :
				 memcmp(exp + assoclen, rct, len) ? "ciphertext" : "tag");
			goto bad;
		}

		/* --- encryption by the driver ---------------------------- */
		set_nosimd((int)rnd(2));
		op.out = out;
		memset(out, 0xa5, assoclen + len + authsize);
		rt = aead_run_op(&t, drv, pe, &op, work);
		enc_ops++;
		if (rt) {
			what = "encrypt";
			snprintf(why, sizeof(why), "driver %s, oracle success", errs(rt));
			alg_drop_op(&t);
			goto bad;
		}
		if (memcmp(out, exp, assoclen + len + authsize)) {
			for (k = 0; k < assoclen + len + authsize && out[k] == exp[k]; k++)
				;
			what = "encrypt";
			snprintf(why, sizeof(why), "output differs from the oracle's at byte %zu (%s)", k,
				 k < assoclen ? "AAD" : k < assoclen + len ? "ciphertext" : "tag");
			goto bad;
		}
		paths[pe]++;

		/* --- decryption of it ------------------------------------ */
		set_nosimd((int)rnd(2));
		op = (struct aead_op){ 0, iv, ivl, assoclen, authsize, key, klen,
				       exp, assoclen + len + authsize, out, assoclen + len };
		rt = aead_run_op(&t, drv, pd, &op, work);
		if (rt || memcmp(out, in, assoclen + len)) {
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
			if (m->r4309 && (tk == T_CTRB || tk == T_LBYTE))
				tk = T_IVCOPY;
			if (!m->r4309 && tk == T_IVCOPY)
				tk = T_AAD;
			if (tk == T_CT && !len)
				tk = T_TAG;
			if (tk == T_AAD && !alen)
				tk = T_TAG;
			memcpy(tmp, exp, assoclen + len + authsize);
			memcpy(tiv, iv, 16);
			tin = assoclen + len + authsize;
			tlen = len;
			switch (tk) {
			case T_TAG:
				tmp[assoclen + len + rnd(authsize)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_CT:
				tmp[assoclen + rnd((uint32_t)len)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_AAD:	/* rfc4309: the authenticated part */
				tmp[rnd(alen)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_IVCOPY:
				tmp[alen + rnd(8)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_NONCE:
				if (m->r4309)
					tiv[rnd(8)] ^= (uint8_t)(1u << rnd(8));
				else
					tiv[1 + rnd(15 - l)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_CTRB:	/* ignored by both */
				tiv[16 - l + rnd(l)] ^= (uint8_t)(1u << rnd(8));
				break;
			case T_LBYTE:
				tiv[0] = (uint8_t)(rnd(2) ? rnd(9) : rnd(256));
				break;
			case T_LEN:
				if (len && rnd(2)) {
					tlen = len - 1 - rnd(len < 17 ? (uint32_t)len : 17);
				} else {
					tlen = len + 1 + rnd(17);
					rnd_bytes(tmp + assoclen + len, tlen - len);
				}
				rnd_bytes(tmp + assoclen + tlen, authsize);
				tin = assoclen + tlen + authsize;
				break;
			case T_SHORT:	/* less than assoclen + tag */
				tin = rnd(assoclen + authsize);
				tlen = 0;
				break;
			default:
				break;
			}
			tout = tin >= assoclen + authsize ? tin - authsize : 0;
			if (tk == T_SHORT)
				tout = tin;
			op = (struct aead_op){ 0, tiv, ivl, assoclen, authsize, key, klen,
					       tmp, tin, oout, tout };
			memset(oout, 0x5a, tout + 16);
			ro = aead_run_op(&o, oracle, AP_FLAT, &op, work);
			if (ro)
				alg_drop_op(&o);
			if (pt == AP_KCAPI && (!tout || tk == T_SHORT || tin > AEAD_KCAPI_MAX))
				pt = AP_FLAT;
			set_nosimd((int)rnd(2));
			op.out = out;
			memset(out, 0xa5, tout + 16);
			rt = aead_run_op(&t, drv, pt, &op, work);
			if (rt)
				alg_drop_op(&t);
			pd = pt;
			if (rt != ro) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed (text %zu bytes, iv[0] %u): driver %s, oracle %s",
					 tamper_name[tk], tlen, tiv[0], errs(rt), errs(ro));
				goto bad;
			}
			if (!rt && memcmp(out, oout, tout)) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed: both accept, outputs differ",
					 tamper_name[tk]);
				goto bad;
			}
			/* (a text made longer than 65536 bytes for L = 2: EOVERFLOW) */
			if ((tk == T_TAG || tk == T_CT || tk == T_AAD || tk == T_NONCE ||
			     (tk == T_LEN && (l > 2 || tlen <= 65536))) && rt != -EBADMSG) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed: %s from both, want EBADMSG",
					 tamper_name[tk], errs(rt));
				goto bad;
			}
			if ((tk == T_CTRB || tk == T_IVCOPY) && rt) {
				what = "changed-message decrypt";
				snprintf(why, sizeof(why), "%s changed (not authenticated): %s from both, want success",
					 tamper_name[tk], errs(rt));
				goto bad;
			}
			if (rt == -EBADMSG)
				badmsg++;
			else if (rt)
				otherr++;
			/* no plaintext released: the text region is zeroed */
			if (rt == -EBADMSG && pt != AP_IOV && tlen) {
				for (k = 0; k < tlen && !out[assoclen + k]; k++)
					;
				if (k < tlen) {
					what = "changed-message decrypt";
					snprintf(why, sizeof(why), "%s changed, EBADMSG, but the text region of the driver's output is not all zero (byte %zu is 0x%02x)",
						 tamper_name[tk], k, out[assoclen + k]);
					goto bad;
				}
				wiped++;
			}
			tampers[tk]++;
			paths[pt]++;
		}
		cases++;
		bytes += assoclen + len;
		klens[(akl - 16) / 8]++;
		auths[authsize]++;
		if (assoclen > alen_max)
			alen_max = assoclen;
		if (len > len_max)
			len_max = len;
		continue;
bad:
		cases++;
		if (++failures <= 8) {
			char ivh[33];

			hex(ivh, iv, ivl);
			printf("FAIL: fuzz %s case %lu: %s via %s (encrypt via %s): assoclen=%u len=%zu AES-%u authsize=%u iv=%s %s%s: %s\n",
			       drv, c, what, aead_path_name[what[0] == 'e' ? pe : pd],
			       aead_path_name[pe], assoclen, len, akl * 8, authsize, ivh,
			       aead_detail, nosimd_path ? " (debug_force_nosimd toggled)" : "",
			       why);
		}
		fflush(stdout);
	}
	set_nosimd(0);
	alg_close(&t);
	alg_close(&o);
	alg_close(&r.cbc);
	alg_close(&r.ctr);

	if (failures) {
		printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
		       drv, oracle, failures, cases, seed);
	} else {
		char pbuf[200], missing[100] = "", *q = missing, lbuf[120] = "", *lq = lbuf, sbuf[240];
		unsigned int i;

		join_counts(pbuf, aead_path_name, paths, AP_NR);
		for (i = 0; i <= 16; i++)
			if (tag_ok(m, i) && !auths[i])
				q += sprintf(q, " %u", i);
		if (!m->r4309)
			for (i = 2; i <= 8; i++)
				lq += sprintf(lq, "%s%u:%lu", i > 2 ? " " : "", i, ls[i]);
		if (m->r4309)
			snprintf(sbuf, sizeof(sbuf), "assoclen not 16/20 %lu (the template wrote into the output first %lu times, ours never)",
				 specials[S_BADASSOC], owrote[S_BADASSOC]);
		else
			snprintf(sbuf, sizeof(sbuf), "bad L byte %lu, text too long for L = 2 %lu (EOVERFLOW; the template wrote into the output first %lu times, ours never)",
				 specials[S_BADL], specials[S_OVERFLOW], owrote[S_BADL] + owrote[S_OVERFLOW]);
		printf("PASS: fuzz %s vs %s: %lu cases (%lu encryptions compared, each decrypted; changed messages: tag %lu, ciphertext %lu, AAD %lu, nonce %lu, IV counter bytes %lu, L byte %lu, length %lu, shorter than assoclen + tag %lu, IV copy in the AAD %lu; EBADMSG from both %lu times, other equal errors %lu, our text region wiped after EBADMSG %lu times; invalid requests with the same error from both: %s; bad key lengths %lu (EINVAL, then ENOKEY %lu), bad tag lengths %lu (EINVAL)), %lu bytes, assoclen up to %lu%s, text up to %lu%s, %s%s%sAES-128/192/256 keys %lu/%lu/%lu (%lu keys), tag lengths%s%s%s, oracle checked against this program's CCM over cbc/ctr(%s) %lu times, %.1f s (seed 0x%016" PRIx64 "; ops: %s%s)\n",
		       drv, oracle, cases, enc_ops, tampers[T_TAG], tampers[T_CT], tampers[T_AAD],
		       tampers[T_NONCE], tampers[T_CTRB], tampers[T_LBYTE], tampers[T_LEN],
		       tampers[T_SHORT], tampers[T_IVCOPY], badmsg, otherr, wiped, sbuf,
		       badkeys, enokey, badauth, bytes, alen_max,
		       longaad ? " (the long AAD form)" : "", len_max,
		       edge ? " (65535/65536 bytes with L = 2)" : "",
		       *lbuf ? "L 2..8: " : "", *lbuf ? lbuf : "", *lbuf ? ", " : "",
		       klens[0], klens[1], klens[2], rekeys,
		       *missing ? " (not drawn:" : " all drawn", *missing ? missing : "",
		       *missing ? ")" : "", ref_name("aes-generic"), refchk, now() - t0, seed, pbuf,
		       nosimd_path ? "; debug_force_nosimd toggled at random before setkey and each operation" : "");
	}
	free(in);
	free(exp);
	free(out);
	free(oout);
	free(tmp);
	free(rct);
	free(work);
	free(r.buf);
	return failures ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* known answers                                                       */

struct kat {
	const char *key, *iv, *aad, *pt, *ct;	/* hex; aad "long": 256 x 00..ff */
	unsigned int authsize;
};

/* NIST SP 800-38C, appendix C, examples 1-4 (key 40..4f) */
static const struct kat ccm_kats[] = {
	{ "404142434445464748494a4b4c4d4e4f", "0710111213141516",
	  "0001020304050607", "20212223", "7162015b4dac255d", 4 },
	{ "404142434445464748494a4b4c4d4e4f", "061011121314151617",
	  "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
	  "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd", 6 },
	{ "404142434445464748494a4b4c4d4e4f", "02101112131415161718191a1b",
	  "000102030405060708090a0b0c0d0e0f10111213",
	  "202122232425262728292a2b2c2d2e2f3031323334353637",
	  "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951", 8 },
	{ "404142434445464748494a4b4c4d4e4f", "01101112131415161718191a1b1c",
	  "long", "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
	  "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72b4ac6bec93e8598e7f0dadbcea5b", 14 },
};

/* ESP layout (SPI || seq [|| seq hi] || IV copy), computed with Python's
 * cryptography AESCCM (nonce salt || IV, AAD the first assoclen - 8 bytes) */
static const struct kat rfc4309_kats[] = {
	{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fa0a1a2",
	  "b0b1b2b3b4b5b6b7", "0000a5f80000000ab0b1b2b3b4b5b6b7",
	  "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f8081828384858687",
	  "e95865bdcff5a22bf06025ec34b35137c2bea1c481e869e273eb000546bdc6fc251f3befc01bdd46f5f699a3041a0d55efcc4755b695ff2f", 16 },
	{ "1112131415161718191a1b1c1d1e1f20cafe01", "3031323334353637",
	  "00004321000000010000000a3031323334353637", "4041424344",
	  "b6c97d914d10f1d173adca8423", 8 },
};

static int do_kat(const struct mode *m, const char *name)
{
	const struct kat *kv = m->r4309 ? rfc4309_kats : ccm_kats;
	unsigned int nk = m->r4309 ? 2 : 4, i, fails = 0;
	size_t big = 65536 + 256;
	uint8_t key[40], iv[16] = { 0 }, *in = malloc(big), *ct = malloc(big), *out = malloc(big),
		*work = malloc(2 * big + SLACK);
	struct alg a;
	int err;

	if (!in || !ct || !out || !work)
		return 1;
	err = alg_bind(&a, "aead", name);
	if (err) {
		printf("FAIL: kat %s: bind: %s\n", name, strerror(-err));
		return 1;
	}
	for (i = 0; i < nk; i++) {
		const struct kat *v = &kv[i];
		unsigned int kl = (unsigned int)unhex(key, v->key), al, pl, cl, j;
		struct aead_op op;
		int rt;

		/* the IV: L - 1 || the nonce, the counter bytes zero */
		memset(iv, 0, sizeof(iv));
		unhex(iv, v->iv);
		if (!strcmp(v->aad, "long")) {
			al = 65536;
			for (j = 0; j < al; j++)
				in[j] = (uint8_t)j;
		} else {
			al = (unsigned int)unhex(in, v->aad);
		}
		pl = (unsigned int)unhex(in + al, v->pt);
		memcpy(ct, in, al);
		cl = (unsigned int)unhex(ct + al, v->ct);
		err = alg_setkey(&a, key, kl);
		if (!err)
			err = alg_setauthsize(&a, v->authsize);
		if (!err)
			err = alg_accept(&a);
		if (err) {
			printf("FAIL: kat %s vector %u: setkey/setauthsize: %s\n", name, i + 1, strerror(-err));
			fails++;
			continue;
		}
		op = (struct aead_op){ 1, iv, m->ivlen, al, v->authsize, key, kl, in, al + pl,
				       out, al + pl + v->authsize };
		rt = aead_run_op(&a, name, AP_FLAT, &op, work);
		if (rt || cl != pl + v->authsize || memcmp(out, ct, al + cl)) {
			printf("FAIL: kat %s vector %u: encryption %s\n", name, i + 1,
			       rt ? strerror(-rt) : "differs from the expected ciphertext || tag");
			fails++;
			alg_drop_op(&a);
			continue;
		}
		op = (struct aead_op){ 0, iv, m->ivlen, al, v->authsize, key, kl, ct, al + cl,
				       out, al + pl };
		rt = aead_run_op(&a, name, AP_FLAT, &op, work);
		if (rt || memcmp(out, in, al + pl)) {
			printf("FAIL: kat %s vector %u: decryption %s\n", name, i + 1,
			       rt ? strerror(-rt) : "differs from the plaintext");
			fails++;
			alg_drop_op(&a);
			continue;
		}
		ct[al + cl - 1] ^= 1;
		rt = aead_run_op(&a, name, AP_FLAT, &op, work);
		if (rt != -EBADMSG) {
			printf("FAIL: kat %s vector %u: a wrong tag gave %s, want EBADMSG\n",
			       name, i + 1, errs(rt));
			fails++;
			alg_drop_op(&a);
			continue;
		}
		alg_drop_op(&a);
	}
	alg_close(&a);
	if (!fails)
		printf("PASS: kat %s: %s (%u vectors: encryption, decryption, a wrong tag -> EBADMSG)\n",
		       name, m->r4309 ? "two ESP vectors (AES-256 assoclen 16 tag 16, AES-128 assoclen 20 tag 8; Python cryptography AESCCM)" :
		       "NIST SP 800-38C examples 1-4 (L 8, 7, 3, 2; tags 4, 6, 8, 14; example 4 with 65536 bytes of AAD)", nk);
	free(in);
	free(ct);
	free(out);
	free(work);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	int r4309 = strstr(name, "rfc4309") != NULL;
	uint8_t key[19] = { 1 }, iv[16] = { 3 }, in[48] = { 0 }, out[80], work[2048];
	struct aead_op op = { 1, iv, r4309 ? 8 : 16, 16, 16, NULL, 0, in, 48, out, 64 };
	struct alg a;
	int err = alg_bind(&a, "aead", name);

	if (!err)
		err = alg_setkey(&a, key, r4309 ? 19 : 16);
	if (!err)
		err = alg_setauthsize(&a, 16);
	if (!err)
		err = alg_accept(&a);
	if (!err)
		err = aead_run_op(&a, name, AP_FLAT, &op, work);
	return alg_hold(&a, name, secs, err);
}

#define USAGE \
		"usage: afalg_ccm [--seed S] [--nosimd-param PATH] ccm|rfc4309 DRIVER N\n" \
		"       afalg_ccm --kat ccm|rfc4309 NAME\n" \
		"       afalg_ccm --hold NAME SECONDS\n"
#define usage() usage_exit(USAGE)

int main(int argc, char **argv)
{
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)atoi(argv[3]));
	if (!strcmp(argv[1], "--kat") && argc == 4)
		return do_kat(find_mode(argv[2]), argv[3]);
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
	return fuzz(find_mode(argv[i]), argv[i + 1], strtoul(argv[i + 2], NULL, 0), seed);
}
