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
 * The case loop, the comparisons, the changed messages' common checks and
 * the report lines are the AEAD fuzz skeleton's (fz_main() in
 * afalg_aead_fuzz.c); this file has CCM's cases, tampers and reference.
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <linux/if_alg.h>

#include "afalg_aead_fuzz.h"

#define MAX_TEXT 100000		/* the EOVERFLOW cases: 65537 .. ~90000 */
#define MAX_AAD 65300		/* the long AAD form */
#define BUFSZ (MAX_AAD + MAX_TEXT + 64)
#define LONG_AAD 65280		/* 0xff00: from here the 0xfffe || be32 form */

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

static const struct mode *fm;	/* the mode fuzzed */

static unsigned int ccm_tag(struct fz *f)
{
	static const unsigned int r[] = { 8, 12, 16 };

	(void)f;
	return fm->r4309 ? r[rnd(3)] : 4 + 2 * rnd(7);
}

static unsigned int ccm_bad_tag(struct fz *f)
{
	static const unsigned int bc[] = { 0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 18, 20, 32 };
	static const unsigned int br[] = { 0, 2, 4, 6, 7, 9, 10, 11, 13, 14, 15, 17, 20, 32 };

	(void)f;
	return (fm->r4309 ? br : bc)[rnd(14)];
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
/* the fuzzer's part (the skeleton: fz_main() in afalg_aead_fuzz.c)     */

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

static struct ref r;
static uint8_t *rct, kiv[16], rtag[16];
static unsigned int alen, l;	/* the authenticated AAD; L */
static unsigned long specials[S_NR], owrote[S_NR], ls[9], longaad, edge;

static int ccm_setup(struct fz *f)
{
	int err = -ENOMEM;

	fm = f->mode;
	f->ivlen = fm->ivlen;
	f->wipe = 1;
	rct = malloc(BUFSZ);
	r.buf = malloc(BUFSZ + 64);
	if (rct && r.buf)
		err = alg_bind(&r.cbc, "skcipher", "cbc(aes-generic)") ?:
		      alg_bind(&r.ctr, "skcipher", "ctr(aes-generic)");
	if (err)
		printf("FAIL: fuzz %s: the reference's cbc/ctr(aes-generic) cannot be bound: %s\n",
		       f->drv, strerror(-err));
	return err ? FZ_FATAL : 0;
}

static int ccm_new_key(struct fz *f)
{
	f->akl = 16 + 8 * rnd(3);
	f->klen = f->akl + (fm->r4309 ? 3 : 0);
	rnd_bytes(f->key, f->klen);
	return ref_setkey(&r, f->key, f->akl);
}

static unsigned int ccm_bad_key(struct fz *f)
{
	static const unsigned int bad[] = { 0, 1, 2, 3, 4, 8, 15, 17, 18, 20, 23, 25,
					    31, 33, 34, 36, 40 };

	rnd_bytes(f->key, 40);
	return bad[rnd(sizeof(bad) / sizeof(bad[0]))];
}

/* the request: IV, AAD, text, special kinds */
static int ccm_request(struct fz *f)
{
	enum special sp = S_NONE;
	int ret;

	rnd_bytes(f->iv, 16);
	f->len = pick_text();
	l = 4;
	if (fm->r4309) {
		f->assoclen = rnd(2) ? 16 : 20;
		alen = f->assoclen - 8;
		if (!rnd(25)) {
			static const unsigned int ba[] = { 0, 1, 8, 12, 15, 17, 19, 21, 24, 28, 32, 64 };

			sp = S_BADASSOC;
			f->assoclen = alen = ba[rnd(12)];
		}
		/* the CCM IV the template builds */
		kiv[0] = 3;
		memcpy(kiv + 1, f->key + f->akl, 3);
		memcpy(kiv + 4, f->iv, 8);
		memset(kiv + 12, 0, 4);
	} else {
		l = 2 + rnd(7);
		f->iv[0] = (uint8_t)(l - 1);
		alen = pick_aad();
		switch (rnd(80)) {
		case 0: case 1:
			sp = S_BADL;
			f->iv[0] = rnd(4) ? 0 : (uint8_t)(8 + rnd(248));
			break;
		case 2: case 3: case 4:
			sp = S_OVERFLOW;
			l = 2;
			f->iv[0] = 1;
			f->len = 65537 + (rnd(3) ? rnd(64) : rnd(24000));
			alen = rnd(3) ? 0 : rnd(65);
			break;
		case 5:
			l = 2;
			f->iv[0] = 1;
			f->len = 65535 + rnd(2);
			alen = rnd(33);
			edge++;
			break;
		case 6:
			alen = LONG_AAD - 10 + rnd(21);
			f->len = rnd(300);
			longaad++;
			break;
		default:
			break;
		}
		f->assoclen = alen;
		memcpy(kiv, f->iv, 16);
	}
	rnd_bytes(f->in, f->assoclen + f->len + 16);
	if (fm->r4309 && sp == S_NONE && rnd(8))
		memcpy(f->in + alen, f->iv, 8);	/* ESP: the IV's copy */
	if (sp == S_NONE) {
		ls[l]++;
		return 0;
	}
	specials[sp]++;
	ret = fz_refuse(f, (int)rnd(2), sp == S_OVERFLOW ? -EOVERFLOW : -EINVAL, special_name[sp]);
	/*
	 * nothing written: the text region of the receive buffer holds what
	 * AF_ALG put there (the input, copied for an in-place request) or the
	 * fill
	 */
	if (ret == FZ_DONE && !untouched(f->out + f->assoclen, f->in + f->assoclen, f->len))
		return fz_bad(f, f->what, "%s (iv[0] %u, assoclen %u, text %zu): %s from both, but the driver wrote into the text region of its output before failing",
			      special_name[sp], f->iv[0], f->assoclen, f->len, errs(f->rt));
	if (ret == FZ_DONE && !untouched(f->oout + f->assoclen, f->in + f->assoclen, f->len))
		owrote[sp]++;
	return ret;
}

/* the oracle against this program's CCM */
static int ccm_check_oracle(struct fz *f)
{
	int err = ref_ccm(&r, kiv, f->authsize, f->in, alen, f->in + f->assoclen, f->len,
			  rct, rtag);

	if (err)
		return fz_bad(f, "reference", "cbc/ctr(aes-generic): %s", errs(err));
	return fz_check_ref(f, rct, rtag, "this program's CCM");
}

static void ccm_tamper(struct fz *f)
{
	size_t a = f->assoclen;

	f->tk = (int)(1 + rnd(T_NR - 1));
	if (fm->r4309 && (f->tk == T_CTRB || f->tk == T_LBYTE))
		f->tk = T_IVCOPY;
	if (!fm->r4309 && f->tk == T_IVCOPY)
		f->tk = T_AAD;
	if ((f->tk == T_CT && !f->len) || (f->tk == T_AAD && !alen))
		f->tk = T_TAG;
	switch (f->tk) {
	case T_TAG:    fz_flip(f->tmp + a + f->len, f->authsize); break;
	case T_CT:     fz_flip(f->tmp + a, f->len); break;
	case T_AAD:    fz_flip(f->tmp, alen); break;	/* rfc4309: the authenticated part */
	case T_IVCOPY: fz_flip(f->tmp + alen, 8); f->want = 0; break;	/* ignored */
	case T_NONCE:  fz_flip(f->tiv + !fm->r4309, fm->r4309 ? 8 : 15 - l); break;
	case T_CTRB:   fz_flip(f->tiv + 16 - l, l); f->want = 0; break;	/* ignored */
	case T_LBYTE:	/* whatever happens, the same */
		f->tiv[0] = (uint8_t)(rnd(2) ? rnd(9) : rnd(256));
		f->want = FZ_ANY;
		break;
	case T_LEN:	/* longer than 65536 bytes for L = 2: EOVERFLOW */
		fz_change_len(f, 17);
		if (l == 2 && f->tlen > 65536)
			f->want = FZ_ANY;
		break;
	default:	/* T_SHORT: less than assoclen + tag */
		f->tout = f->tin = rnd(a + f->authsize);
		f->tlen = 0;
		f->want = FZ_ANY;
		break;
	}
}

static void ccm_report(struct fz *f, char *buf, size_t n)
{
	char sb[300], lb[120] = "", *q = lb;
	unsigned int i;

	if (fm->r4309) {
		snprintf(sb, sizeof(sb), "assoclen not 16/20 %lu (the template wrote into the output first %lu times, ours never)",
			 specials[S_BADASSOC], owrote[S_BADASSOC]);
	} else {
		snprintf(sb, sizeof(sb), "bad L byte %lu, text too long for L = 2 %lu (EOVERFLOW; the template wrote into the output first %lu times, ours never), the long AAD form %lu times, 65535/65536 bytes with L = 2 %lu times",
			 specials[S_BADL], specials[S_OVERFLOW], owrote[S_BADL] + owrote[S_OVERFLOW],
			 longaad, edge);
		for (i = 2; i <= 8; i++)
			q += sprintf(q, "%s%u:%lu", i > 2 ? " " : ", L 2..8: ", i, ls[i]);
	}
	snprintf(buf, n, "invalid requests with the same error from both: %s%s, our text region wiped after EBADMSG %lu times, oracle checked against this program's CCM over cbc/ctr(%s) %lu times",
		 sb, lb, f->wiped, ref_name("aes-generic"), f->refchk);
}

static void ccm_teardown(struct fz *f)
{
	(void)f;
	alg_close(&r.cbc);
	alg_close(&r.ctr);
	free(rct);
	free(r.buf);
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

static int do_kat(const void *mv, const char *name)
{
	const struct mode *m = mv;
	const struct kat *kv = m->r4309 ? rfc4309_kats : ccm_kats;
	unsigned int nk = m->r4309 ? 2 : 4, i, fails = 0;
	size_t big = 65536 + 256;
	uint8_t key[40], iv[16], *in = malloc(big), *ct = malloc(big), *out = malloc(big);
	char why[120];
	struct alg a;
	int err = in && ct && out ? alg_bind(&a, "aead", name) : -ENOMEM;

	if (err) {
		printf("FAIL: kat %s: bind: %s\n", name, strerror(-err));
		return 1;
	}
	for (i = 0; i < nk; i++) {
		const struct kat *v = &kv[i];
		unsigned int kl = (unsigned int)unhex(key, v->key), al, pl, j;
		struct aead_op op = { 1, iv, m->ivlen, 0, v->authsize, key, kl, in, 0, out, 0 };

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
		unhex(ct + al, v->ct);
		op.assoclen = al;
		op.inlen = al + pl;
		op.outlen = al + pl + v->authsize;
		if (aead_kat(&a, &op, ct, why, sizeof(why))) {
			printf("FAIL: kat %s vector %u: %s\n", name, i + 1, why);
			fails++;
		}
	}
	alg_close(&a);
	if (!fails)
		printf("PASS: kat %s: %s (%u vectors: encryption, decryption, a wrong tag -> EBADMSG)\n",
		       name, m->r4309 ? "two ESP vectors (AES-256 assoclen 16 tag 16, AES-128 assoclen 20 tag 8; Python cryptography AESCCM)" :
		       "NIST SP 800-38C examples 1-4 (L 8, 7, 3, 2; tags 4, 6, 8, 14; example 4 with 65536 bytes of AAD)", nk);
	free(in);
	free(ct);
	free(out);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	static const uint8_t key[19] = { 1 };
	int r4309 = strstr(name, "rfc4309") != NULL;

	return aead_hold(name, secs, key, r4309 ? 19 : 16, r4309 ? 8 : 16, 16, 16);
}

static const struct fz_ops ops = {
	.usage = "usage: afalg_ccm [--seed S] [--nosimd-param PATH] ccm|rfc4309 DRIVER N\n"
		 "       afalg_ccm --kat ccm|rfc4309 NAME\n"
		 "       afalg_ccm --hold NAME SECONDS\n",
	.modes = modes, .mode_size = sizeof(modes[0]), .nmodes = 2,
	.bufsz = BUFSZ, .tamper_name = tamper_name, .ntamper = T_NR,
	.setup = ccm_setup, .new_key = ccm_new_key, .bad_key = ccm_bad_key,
	.pick_tag = ccm_tag, .bad_tag = ccm_bad_tag, .request = ccm_request,
	.check_oracle = ccm_check_oracle, .tamper = ccm_tamper,
	.report = ccm_report, .teardown = ccm_teardown, .hold = do_hold,
	.kat = do_kat,
};

int main(int argc, char **argv)
{
	return fz_main(argc, argv, &ops);
}
