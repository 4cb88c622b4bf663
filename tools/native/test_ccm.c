// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the ccm family: the assembly (../../ccm_aes.S,
 * the avx tier) and the C path (../../ccm_generic.c over ../../aes_ct.c),
 * both under the family's message layer (../../ccm_generic.c) as the kernel
 * glue runs it, against OpenSSL's EVP aes-*-ccm, AES-128/192/256.
 *
 * Each message is run as a request: the template's checks (L, the length
 * field: -EINVAL, -EOVERFLOW), begin, the AAD in random pieces, the text in
 * random pieces (16-byte multiples but the last), the tag; encryption
 * appends the tag, decryption compares it and on a mismatch zeroes the
 * text and returns -EBADMSG, as the request driver does (aead_driver.c,
 * which is kernel code and not built here).
 *
 * The checks: the family's known answers (../../ccm_vectors.h: RFC 3610,
 * NIST SP 800-38C C.1-C.3, testmgr-shaped cases); every L (2..8), every
 * tag size (4, 6, ..., 16); every AAD length 0..600 and some long ones
 * around the 0xff00 switch of the length prefix; every text length 0..600,
 * around 4 KiB, random ones to 64 KiB; in place and out of place; guard
 * bytes around the output; src, dst and the AAD against unmapped pages;
 * tampered text, tag and AAD detected (-EBADMSG, text zeroed); the length limits of small L; random cases per key size;
 * the SysV ABI of every assembly call (abi_call.S) with garbage in the upper
 * half of the length; and a deliberately broken stand-in of the assembly,
 * which the same random cases must catch.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native ccm tiers covered: ..." line.  Exits 1 on
 * FAIL.  Options: --seed=N (or SEED=N), --cases=N random cases per key size
 * (default 200000), --max-tier= (or AESNICTR_MAX_TIER).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "abi_call.h"
#include "cpu.h"
#include "test_util.h"
#include "ccm_generic.h"
#include "ccm_vectors.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define GUARD		64
#define MAX_TEXT	MAX_LEN			/* 64 KiB */
#define MAX_AAD		(70000)

/* The paths under test. */
enum path { PATH_AVX, PATH_C, PATH_BROKEN, NR_PATHS };
static const char *const path_names[NR_PATHS] = {
	"avx", "C path", "broken stand-in"
};

/* ---- the assembly, through abi_call6 (ABI checked, garbage lengths) ---- */

static unsigned int abi_bad;
static long abi_calls;

static uint64_t len_arg(unsigned int len)
{
	return (rnd() << 32) | len;
}

static AESNICTR_CCM_MAC(w_mac)
{
	abi_bad |= abi_call6((const void *)aesnictr_ccm_mac_avx,
			     (uintptr_t)key, (uintptr_t)mac, (uintptr_t)data,
			     len_arg(len), 0, 0);
	abi_calls++;
}

static AESNICTR_CCM_START(w_start)
{
	abi_bad |= abi_call6((const void *)aesnictr_ccm_start_avx,
			     (uintptr_t)key, (uintptr_t)mac, (uintptr_t)s0,
			     (uintptr_t)b0, (uintptr_t)a0, 0);
	abi_calls++;
}

static AESNICTR_CCM_BLOCK(w_block)
{
	abi_bad |= abi_call6((const void *)aesnictr_ccm_block_avx,
			     (uintptr_t)key, (uintptr_t)dst, (uintptr_t)src,
			     0, 0, 0);
	abi_calls++;
}

static AESNICTR_CCM_CRYPT(w_enc)
{
	abi_bad |= abi_call6((const void *)aesnictr_ccm_enc_avx,
			     (uintptr_t)key, (uintptr_t)mac, (uintptr_t)ctr,
			     (uintptr_t)dst, (uintptr_t)src, len_arg(len));
	abi_calls++;
}

static AESNICTR_CCM_CRYPT(w_dec)
{
	abi_bad |= abi_call6((const void *)aesnictr_ccm_dec_avx,
			     (uintptr_t)key, (uintptr_t)mac, (uintptr_t)ctr,
			     (uintptr_t)dst, (uintptr_t)src, len_arg(len));
	abi_calls++;
}

static const struct aesnictr_ccm_ops avx_ops = {
	.mac = w_mac, .start = w_start, .block = w_block, .enc = w_enc, .dec = w_dec,
};

/*
 * The broken stand-in: the assembly, but a call of more than 3 blocks
 * forgets the MAC of its last block (the kind of slip a loop bound makes).
 */
static AESNICTR_CCM_CRYPT(b_enc)
{
	u8 save[BLK];

	if (len >= 4 * BLK) {
		aesnictr_ccm_enc_avx(key, mac, ctr, dst, src, len - BLK);
		memcpy(save, mac, BLK);
		aesnictr_ccm_enc_avx(key, mac, ctr, dst + len - BLK,
				     src + len - BLK, BLK);
		memcpy(mac, save, BLK);
		return;
	}
	aesnictr_ccm_enc_avx(key, mac, ctr, dst, src, len);
}

static const struct aesnictr_ccm_ops broken_ops = {
	.mac = aesnictr_ccm_mac_avx, .start = aesnictr_ccm_start_avx,
	.block = aesnictr_ccm_block_avx, .enc = b_enc, .dec = aesnictr_ccm_dec_avx,
};

static const struct aesnictr_ccm_ops *const path_ops[NR_PATHS] = {
	&avx_ops, &aesnictr_ccm_c_ops, &broken_ops
};

/* ---- one message ---- */

struct msg {
	unsigned int klen, l, authsize;
	u8 key[32];
	u8 iv[16];		/* iv[0] = L - 1, nonce, garbage counter */
	const u8 *aad;
	size_t alen;
	const u8 *text;		/* plaintext */
	size_t len;
};

static struct aesnictr_ccm_key *ckey;	/* aligned */
static EVP_CIPHER_CTX *evp;
static u8 *want, *got_buf, *srcbuf, *aadbuf;

static const EVP_CIPHER *ccm_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ccm() :
	       klen == 24 ? EVP_aes_192_ccm() : EVP_aes_256_ccm();
}

/* OpenSSL's ciphertext || tag into out; 0 if OpenSSL refused. */
static int ossl_encrypt(const struct msg *m, u8 *out)
{
	unsigned int nlen = 15 - m->l;
	static const u8 dummy[1];
	int outl, ok;

	ok = EVP_EncryptInit_ex(evp, ccm_cipher(m->klen), NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(evp, EVP_CTRL_AEAD_SET_IVLEN, (int)nlen,
				 NULL) &&
	     EVP_CIPHER_CTX_ctrl(evp, EVP_CTRL_AEAD_SET_TAG,
				 (int)m->authsize, NULL) &&
	     EVP_EncryptInit_ex(evp, NULL, NULL, m->key, m->iv + 1) &&
	     EVP_EncryptUpdate(evp, NULL, &outl, NULL, (int)m->len);
	if (ok && m->alen)
		ok = EVP_EncryptUpdate(evp, NULL, &outl, m->aad, (int)m->alen);
	if (ok)
		ok = EVP_EncryptUpdate(evp, out, &outl,
				       m->len ? m->text : dummy, (int)m->len) &&
		     EVP_EncryptFinal_ex(evp, out + m->len, &outl) &&
		     EVP_CIPHER_CTX_ctrl(evp, EVP_CTRL_AEAD_GET_TAG,
					 (int)m->authsize, out + m->len);
	return ok;
}

static void set_key(enum path p, const struct msg *m)
{
	memset(ckey, 0, sizeof(*ckey));
	if (p == PATH_C)
		aesnictr_ct_expand_key(&ckey->aes, m->key, m->klen);
	else
		aesnictr_expand_key(&ckey->aes, m->key, m->klen);
	aesnictr_ct_prepare(&ckey->ct, &ckey->aes);
}

/* A random piece of rem bytes: a multiple of 16 unless it is all of rem. */
static size_t rnd_piece(size_t rem)
{
	size_t n = BLK * (rnd() % 4 ? rnd() % 20 : rnd() % 300);

	return n < rem ? n : rem;
}

/*
 * The request: text (and, decrypting, the tag) at src, output at dst (may
 * equal src); as the glue and aead_driver.c run it.
 */
static int request(enum path p, const struct msg *m, u8 *dst, const u8 *src,
		   size_t cryptlen, int enc)
{
	const struct aesnictr_ccm_ops *ops = path_ops[p];
	struct aesnictr_ccm_state s;
	size_t len = enc ? cryptlen : cryptlen - m->authsize;
	size_t pos, n;
	u8 tag[BLK];
	int err;

	err = aesnictr_ccm_check(m->iv, (unsigned int)len);
	if (err)
		return err;
	aesnictr_ccm_begin(&s, m->iv, (unsigned int)m->alen,
			   (unsigned int)len, m->authsize);
	for (pos = 0; pos < m->alen; pos += n) {
		n = rnd() % 3 ? 1 + rnd() % 300 : 256;
		if (n > m->alen - pos)
			n = m->alen - pos;
		aesnictr_ccm_hash(ops, ckey, &s, m->aad + pos, (unsigned int)n);
	}
	for (pos = 0; pos < len; pos += n) {
		n = rnd_piece(len - pos);
		aesnictr_ccm_crypt(ops, ckey, &s, dst + pos, src + pos,
				   (unsigned int)n, enc);
	}
	if (!len)
		aesnictr_ccm_crypt(ops, ckey, &s, dst, src, 0, enc);
	aesnictr_ccm_final(ops, ckey, &s, tag);
	if (enc) {
		memcpy(dst + len, tag, m->authsize);
		return 0;
	}
	if (memcmp(tag, src + len, m->authsize)) {
		memset(dst, 0, len);
		return -EBADMSG;
	}
	return 0;
}

static int guards_ok(const u8 *p, size_t len)
{
	size_t i;

	for (i = 0; i < GUARD; i++)
		if (p[-1 - (ptrdiff_t)i] != guard_byte(i) ||
		    p[len + i] != guard_byte(i + 7))
			return 0;
	return 1;
}

/*
 * Message m on path p both ways against OpenSSL's want, in place or not,
 * then tampered: 1 if all is well, else 0 and why in detail.
 */
static int check_msg(enum path p, const struct msg *m, const u8 *want_ct,
		     int inplace, char *detail, size_t dlen)
{
	size_t clen = m->len + m->authsize;
	u8 *dst = got_buf + GUARD;
	const u8 *src;
	int err, what;

	set_key(p, m);
	fill_guards(dst, clen, GUARD, GUARD);
	if (inplace) {
		memcpy(dst, m->text, m->len);
		src = dst;
	} else {
		memcpy(srcbuf, m->text, m->len);
		src = srcbuf;
	}
	err = request(p, m, dst, src, m->len, 1);
	if (err || memcmp(dst, want_ct, clen) || !guards_ok(dst, clen)) {
		snprintf(detail, dlen, "encryption %s", err ? "failed" :
			 memcmp(dst, want_ct, m->len) ? "text wrong" :
			 memcmp(dst + m->len, want_ct + m->len, m->authsize) ?
			 "tag wrong" : "wrote outside dst");
		return 0;
	}
	fill_guards(dst, m->len, GUARD, GUARD);
	if (inplace) {
		memcpy(dst, want_ct, clen);
		src = dst;
	} else {
		memcpy(srcbuf, want_ct, clen);
		src = srcbuf;
	}
	err = request(p, m, dst, src, clen, 0);
	if (err || memcmp(dst, m->text, m->len) ||
	    (!inplace && !guards_ok(dst, m->len))) {
		snprintf(detail, dlen, "decryption %s", err ? "refused" :
			 memcmp(dst, m->text, m->len) ? "text wrong" :
			 "wrote outside dst");
		return 0;
	}
	/* tampered: a text bit, a tag bit or an AAD bit */
	what = (int)(rnd() % 3);
	if (what == 0 && !m->len)
		what = 1;
	if (what == 2 && !m->alen)
		what = 1;
	memcpy(srcbuf, want_ct, clen);
	fill_guards(dst, m->len, GUARD, GUARD);
	memcpy(dst, m->text, m->len);	/* must be zeroed */
	if (what == 0) {
		srcbuf[rnd() % m->len] ^= (u8)(1 << (rnd() % 8));
	} else if (what == 1) {
		srcbuf[m->len + rnd() % m->authsize] ^= (u8)(1 << (rnd() % 8));
	} else {
		size_t i = rnd() % m->alen;

		aadbuf[i] ^= 1;
		err = request(p, m, dst, srcbuf, clen, 0);
		aadbuf[i] ^= 1;
	}
	if (what != 2)
		err = request(p, m, dst, srcbuf, clen, 0);
	if (err != -EBADMSG) {
		snprintf(detail, dlen, "tampered %s not detected (%d)",
			 what == 0 ? "text" : what == 1 ? "tag" : "AAD", err);
		return 0;
	}
	for (size_t i = 0; i < m->len; i++) {
		if (dst[i]) {
			snprintf(detail, dlen, "-EBADMSG left plaintext in dst");
			return 0;
		}
	}
	if (!guards_ok(dst, m->len)) {
		snprintf(detail, dlen, "-EBADMSG wrote outside dst");
		return 0;
	}
	return 1;
}

/* A random message; the AAD lives in aadbuf (copied from the pool). */
static void new_msg(struct msg *m, unsigned int klen, unsigned int l,
		    size_t alen, size_t len)
{
	m->klen = klen;
	m->l = l;
	m->authsize = 4 + 2 * (unsigned int)(rnd() % 7);
	rnd_bytes(m->key, klen);
	rnd_bytes(m->iv, 16);
	m->iv[0] = (u8)(l - 1);
	memcpy(aadbuf, rnd_from_pool(alen), alen);
	m->aad = aadbuf;
	m->alen = alen;
	m->text = rnd_from_pool(len);
	m->len = len;
}

/* Per path: cases and failures of the current group. */
static long g_cases[NR_PATHS], g_fails[NR_PATHS];
static char g_first[NR_PATHS][DETAIL_LEN];
static int path_on[NR_PATHS];

static void run_msg(struct msg *m)
{
	char detail[256];
	int p;

	if (!ossl_encrypt(m, want)) {
		fail("OpenSSL refused a message (L %u, text %zu)", m->l,
		     m->len);
		return;
	}
	for (p = 0; p < NR_PATHS; p++) {
		int inplace = (int)(rnd() & 1);

		if (!path_on[p])
			continue;
		g_cases[p]++;
		if (!check_msg(p, m, want, inplace, detail, sizeof(detail)) &&
		    !g_fails[p]++)
			snprintf(g_first[p], DETAIL_LEN,
				 "aes-%u L %u tag %u AAD %zu text %zu %s: %s",
				 m->klen * 8, m->l, m->authsize, m->alen,
				 m->len, inplace ? "in place" : "out of place",
				 detail);
	}
}

static void group_start(void)
{
	memset(g_cases, 0, sizeof(g_cases));
	memset(g_fails, 0, sizeof(g_fails));
}

static void group_report(const char *name)
{
	int p;

	for (p = 0; p < NR_PATHS; p++) {
		if (!path_on[p] || p == PATH_BROKEN)
			continue;
		if (g_fails[p])
			fail("%s %s: %s (%ld of %ld cases failed)",
			     path_names[p], name, g_first[p], g_fails[p],
			     g_cases[p]);
		else
			pass("%s %s (%ld cases)", path_names[p], name,
			     g_cases[p]);
	}
}

/* ---- the tests ---- */

/* A known answer on path p: ccm (rfc4309 = 0) or rfc4309. */
static int kat_one(enum path p, const struct aesnictr_ccm_vector *v,
		   int rfc4309, char *detail, size_t dlen)
{
	unsigned int klen = v->klen - (rfc4309 ? AESNICTR_RFC4309_SALT_SIZE : 0);
	size_t tlen = v->clen - v->plen;
	u8 *dst = got_buf + GUARD;
	struct msg m = {
		.klen = klen, .authsize = (unsigned int)tlen,
		.aad = v->assoc, .alen = v->alen, .text = v->ptext,
		.len = v->plen,
	};
	int err;

	memcpy(m.key, v->key, klen);
	if (rfc4309) {
		memset(m.iv, 0, sizeof(m.iv));
		m.iv[0] = 3;
		memcpy(m.iv + 1, v->key + klen, AESNICTR_RFC4309_SALT_SIZE);
		memcpy(m.iv + 4, v->iv, AESNICTR_RFC4309_IV_SIZE);
		m.alen -= AESNICTR_RFC4309_IV_SIZE;
	} else {
		memcpy(m.iv, v->iv, 16);
	}
	m.l = m.iv[0] + 1u;
	set_key(p, &m);
	memcpy(srcbuf, v->ctext, v->clen);
	err = request(p, &m, dst, srcbuf, v->clen, 0);
	if (v->novrfy) {
		if (err != -EBADMSG) {
			snprintf(detail, dlen, "%s: a bad vector verified",
				 v->name);
			return 0;
		}
		return 1;
	}
	if (err || memcmp(dst, v->ptext, v->plen)) {
		snprintf(detail, dlen, "%s: decryption %s", v->name,
			 err ? "refused" : "wrong");
		return 0;
	}
	err = request(p, &m, dst, v->ptext, v->plen, 1);
	if (err || memcmp(dst, v->ctext, v->clen)) {
		snprintf(detail, dlen, "%s: encryption wrong", v->name);
		return 0;
	}
	/* and OpenSSL agrees with the vector */
	if (!ossl_encrypt(&m, want) || memcmp(want, v->ctext, v->clen)) {
		snprintf(detail, dlen, "%s: OpenSSL disagrees with the vector",
			 v->name);
		return 0;
	}
	return 1;
}

static void test_kats(void)
{
	char detail[DETAIL_LEN];
	size_t i;
	int p;

	for (p = 0; p < PATH_BROKEN; p++) {
		int bad = 0;
		size_t n = 0;

		if (!path_on[p])
			continue;
		for (i = 0; i < sizeof(aesnictr_ccm_vectors) /
			     sizeof(aesnictr_ccm_vectors[0]) && !bad; i++, n++)
			bad = !kat_one(p, &aesnictr_ccm_vectors[i], 0, detail,
				       sizeof(detail));
		for (i = 0; i < sizeof(aesnictr_rfc4309_vectors) /
			     sizeof(aesnictr_rfc4309_vectors[0]) && !bad;
		     i++, n++)
			bad = !kat_one(p, &aesnictr_rfc4309_vectors[i], 1,
				       detail, sizeof(detail));
		if (bad)
			fail("%s known answers: %s", path_names[p], detail);
		else
			pass("%s known answers (NIST SP 800-38C C.1-C.3, testmgr's ccm with RFC 3610 packets, rfc4309; %zu vectors, each checked against OpenSSL too)",
			     path_names[p], n);
	}
}

/* Every L, text lengths lo..hi, random tag and short AAD. */
static void test_lengths(unsigned int klen, size_t lo, size_t hi)
{
	struct msg m;
	char name[128];
	unsigned int l;
	size_t len;

	group_start();
	for (l = 2; l <= 8; l++)
		for (len = lo; len <= hi; len++) {
			new_msg(&m, klen, l, rnd() % 41, len);
			run_msg(&m);
		}
	snprintf(name, sizeof(name),
		 "aes-%u every L 2..8, every text length %zu..%zu", klen * 8,
		 lo, hi);
	group_report(name);
}

/* Every AAD length 0..600, and long ones around the prefix's 0xff00. */
static void test_aad(unsigned int klen)
{
	static const size_t longs[] = {
		1000, 4095, 4096, 4097, 0xfeff, 0xff00, 0xff01, 65536, 70000
	};
	struct msg m;
	char name[128];
	size_t a, i;

	group_start();
	for (a = 0; a <= 600; a++) {
		new_msg(&m, klen, 2 + (unsigned int)(rnd() % 7), a,
			rnd() % 100);
		run_msg(&m);
	}
	for (i = 0; i < sizeof(longs) / sizeof(longs[0]); i++) {
		new_msg(&m, klen, 2 + (unsigned int)(rnd() % 7), longs[i],
			rnd() % 300);
		run_msg(&m);
	}
	snprintf(name, sizeof(name),
		 "aes-%u every AAD length 0..600 and 1000..70000 (0xff00 switch of the prefix)",
		 klen * 8);
	group_report(name);
}

/* Every tag size with every L, on the block edges of the text. */
static void test_tags(unsigned int klen)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65 };
	struct msg m;
	char name[128];
	unsigned int l, t;
	size_t i;

	group_start();
	for (l = 2; l <= 8; l++)
		for (t = 4; t <= 16; t += 2)
			for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
				new_msg(&m, klen, l, rnd() % 33, lens[i]);
				m.authsize = t;
				run_msg(&m);
			}
	snprintf(name, sizeof(name),
		 "aes-%u every tag size 4..16 with every L, text at block edges",
		 klen * 8);
	group_report(name);
}

/*
 * A random text length for L: 2^16 itself only where L > 2 (with L = 2 the
 * template takes it, its length field wrapping to 0, but OpenSSL, the
 * oracle, refuses it: test_len_wrap() covers that case).
 */
static size_t rnd_len(unsigned int l)
{
	unsigned int r = (unsigned int)(rnd() % 100);
	size_t len;

	if (r < 85)
		return rnd() % 601;
	if (r < 98)
		return rnd() % 8193;
	len = rnd() % (MAX_TEXT + 1);
	return l == 2 && len > 0xffff ? 0xffff : len;
}

static void test_random(unsigned int klen, long cases)
{
	struct msg m;
	char name[160];
	long i;

	group_start();
	for (i = 0; i < cases; i++) {
		size_t alen = rnd() % 50 ? rnd() % 601 : rnd() % 8193;
		unsigned int l = 2 + (unsigned int)(rnd() % 7);

		/* the C path on a sample: it is slow */
		path_on[PATH_C] = i % 64 == 0;
		new_msg(&m, klen, l, alen, rnd_len(l));
		run_msg(&m);
	}
	path_on[PATH_C] = 1;
	snprintf(name, sizeof(name),
		 "aes-%u random: L 2..8, tags 4..16, AAD 0..8192, text 0..65536, pieces, in place or not, tampered",
		 klen * 8);
	group_report(name);
}

/* The template's limits: L, and the length field of small L. */
static void test_limits(void)
{
	static const struct { u8 iv0; unsigned int len; int err; } c[] = {
		{ 0, 0, -EINVAL }, { 8, 0, -EINVAL }, { 0xff, 0, -EINVAL },
		{ 1, 65535, 0 }, { 1, 65536, 0 }, { 1, 65537, -EOVERFLOW },
		{ 2, 1u << 24, 0 }, { 2, (1u << 24) + 1, -EOVERFLOW },
		{ 3, 0xffffffff, 0 }, { 7, 0xffffffff, 0 },
	};
	u8 iv[16] = {};
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		iv[0] = c[i].iv0;
		if (aesnictr_ccm_check(iv, c[i].len) != c[i].err) {
			fail("limits: iv[0] %u, text %u: %d, want %d", c[i].iv0,
			     c[i].len, aesnictr_ccm_check(iv, c[i].len),
			     c[i].err);
			bad = 1;
		}
	}
	if (!bad)
		pass("limits: L outside 2..8 is -EINVAL; a text longer than 2^(8L) is -EOVERFLOW (%zu cases)",
		     i);
}

/*
 * L = 2 with a text of exactly 2^16 bytes: the template accepts it and its
 * 2-byte length field wraps to 0 (OpenSSL refuses it): ours must give what
 * a text of the same B0 gives, so compare with B0 built by hand through the
 * C path: both paths must agree, and decrypt it back.
 */
static void test_len_wrap(unsigned int klen)
{
	static u8 out1[MAX_TEXT + BLK], out2[MAX_TEXT + BLK];
	struct msg m;
	u8 *dst = got_buf + GUARD;
	int err1, err2;

	new_msg(&m, klen, 2, 20, MAX_TEXT);
	set_key(PATH_AVX, &m);
	err1 = request(PATH_AVX, &m, out1, m.text, m.len, 1);
	set_key(PATH_C, &m);
	err2 = request(PATH_C, &m, out2, m.text, m.len, 1);
	memcpy(srcbuf, out1, m.len + m.authsize);
	set_key(PATH_AVX, &m);
	if (err1 || err2 || memcmp(out1, out2, m.len + m.authsize) ||
	    request(PATH_AVX, &m, dst, srcbuf, m.len + m.authsize, 0) ||
	    memcmp(dst, m.text, m.len))
		fail("aes-%u L 2 with a 65536-byte text (the template's wrapped length field): avx and C path disagree or do not round-trip",
		     klen * 8);
	else
		pass("aes-%u L 2 with a 65536-byte text (the template's wrapped length field): avx and C path agree and round-trip",
		     klen * 8);
}

/*
 * One message on path p with src, dst and the AAD against unmapped pages
 * (at_end: each ends at the last byte before one; else each starts at the
 * first byte after one), in place or not: encryption, decryption and a
 * tampered tag (-EBADMSG, dst zeroed).  A read or write past any of them
 * faults: 0 and why in detail.
 */
static int fenced_one(enum path p, struct msg *m, const struct fence_case *fc,
		      char *detail, size_t dlen)
{
	size_t len = m->len;
	size_t clen = len + m->authsize;
	const u8 *text = m->text, *aad = m->aad;
	u8 *src, *dst, *a;
	volatile int step = 0;
	int err;

	a = fence_at(fc, 2, m->alen, 0, NULL, NULL);
	memcpy(a, aad, m->alen);
	m->aad = a;
	set_key(p, m);
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		m->aad = aad;
		snprintf(detail, dlen, "segfault at %p (%s)", fault_addr,
			 step == 0 ? "encrypting" : step == 1 ? "decrypting" :
			 "decrypting a tampered message");
		return 0;
	}
	fault_armed = 1;

	/* encryption: len bytes in, len + tag out */
	dst = fence_at(fc, 1, clen, 0, NULL, NULL);
	src = fc->inplace ? dst : fence_at(fc, 0, len, 0, NULL, NULL);
	memcpy(src, text, len);
	err = request(p, m, dst, src, len, 1);
	if (err || memcmp(dst, want, clen)) {
		fault_armed = 0;
		m->aad = aad;
		snprintf(detail, dlen, "encryption %s", err ? "failed" : "wrong");
		return 0;
	}
	/* decryption: len + tag in, len out */
	step = 1;
	src = fence_at(fc, 0, clen, 0, NULL, NULL);
	dst = fc->inplace ? src : fence_at(fc, 1, len, 0, NULL, NULL);
	memcpy(src, want, clen);
	err = request(p, m, dst, src, clen, 0);
	if (err || memcmp(dst, text, len)) {
		fault_armed = 0;
		m->aad = aad;
		snprintf(detail, dlen, "decryption %s", err ? "refused" : "wrong");
		return 0;
	}
	step = 2;
	memcpy(src, want, clen);
	src[len + rnd() % m->authsize] ^= 0x10;
	err = request(p, m, dst, src, clen, 0);
	fault_armed = 0;
	m->aad = aad;
	if (err != -EBADMSG) {
		snprintf(detail, dlen, "a tampered tag gave %d", err);
		return 0;
	}
	for (size_t i = 0; i < len; i++)
		if (dst[i]) {
			snprintf(detail, dlen, "-EBADMSG left plaintext in dst");
			return 0;
		}
	return 1;
}

/*
 * Every text length 0..700 and 4032..4160 (and the AAD 0..99 bytes) against
 * unmapped pages, four placements each (end/start, in place or not), on
 * every path: nothing outside src, dst and the AAD is touched.
 */
struct ccm_fence {
	unsigned int klen;
	int refused;			/* OpenSSL refused a message: stop */
	struct msg m;
};

static void ccm_fence_prepare(void *ctx, size_t len)
{
	struct ccm_fence *f = ctx;

	if (f->refused)
		return;
	new_msg(&f->m, f->klen, 2 + (unsigned int)(rnd() % 7), rnd() % 100,
		len);
	if (!ossl_encrypt(&f->m, want)) {
		fail("OpenSSL refused a message (L %u, text %zu)", f->m.l,
		     f->m.len);
		f->refused = 1;
	}
}

static void ccm_fence_run(void *ctx, const struct fence_case *fc)
{
	struct ccm_fence *f = ctx;
	char detail[256];
	int p;

	if (f->refused)
		return;
	for (p = 0; p < NR_PATHS; p++) {
		if (!path_on[p])
			continue;
		g_cases[p]++;
		if (!fenced_one(p, &f->m, fc, detail, sizeof(detail)) &&
		    !g_fails[p]++)
			snprintf(g_first[p], DETAIL_LEN,
				 "aes-%u L %u tag %u AAD %zu text %zu, %s, %s: %s",
				 f->klen * 8, f->m.l, f->m.authsize, f->m.alen,
				 f->m.len,
				 fc->at_end ? "at a page end" : "at a page start",
				 fc->inplace ? "in place" : "out of place",
				 detail);
	}
}

static void test_fences(unsigned int klen)
{
	static const struct fence_range lens[] = { { 0, 700 }, { 4032, 4160 } };
	static struct fence_test ft = {
		.pages = { 2, 2, 2 }, .lens = lens, .nr_lens = 2,
		.prepare = ccm_fence_prepare, .run = ccm_fence_run,
	};
	static struct ccm_fence f;
	char name[200];

	group_start();
	f.klen = klen;
	f.refused = 0;
	ft.ctx = &f;
	run_fences(&ft);
	if (f.refused)
		return;
	snprintf(name, sizeof(name),
		 "aes-%u src, dst and AAD against unmapped pages (end/start, in place or not), text 0..700 and 4032..4160, tampered tag",
		 klen * 8);
	group_report(name);
}

/* The broken stand-in must be caught by the random cases. */
static void test_broken(void)
{
	struct msg m;
	long i, n = 2000;
	int p;

	for (p = 0; p < NR_PATHS; p++)
		path_on[p] = p == PATH_BROKEN;
	group_start();
	for (i = 0; i < n; i++) {
		unsigned int l = 2 + (unsigned int)(rnd() % 7);

		new_msg(&m, 16 + 8 * (unsigned int)(rnd() % 3), l, rnd() % 100,
			rnd_len(l));
		run_msg(&m);
	}
	if (g_fails[PATH_BROKEN])
		pass("a deliberately broken stand-in (forgets the MAC of the last block of long calls) is caught: %ld of %ld cases failed, first: %s",
		     g_fails[PATH_BROKEN], n, g_first[PATH_BROKEN]);
	else
		fail("a deliberately broken stand-in passed %ld random cases: the test cannot see a wrong MAC",
		     n);
	for (p = 0; p < NR_PATHS; p++)
		path_on[p] = p != PATH_BROKEN;
}

static const char *ccm_missing(enum tier t)
{
	return t == TIER_AVX ? NULL : "no ccm assembly at this width";
}

int main(int argc, char **argv)
{
	unsigned int klen;
	long cases;

	cases = test_init("test_ccm", argc, argv);
	pool_init();
	ckey = xaligned(sizeof(*ckey));
	want = xaligned(MAX_TEXT + 64);
	got_buf = xaligned(MAX_TEXT + 64 + 2 * GUARD);
	srcbuf = xaligned(MAX_TEXT + 64);
	aadbuf = xaligned(MAX_AAD + 64);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		return 2;
	path_on[PATH_C] = 1;
	if (test_tiers(ccm_missing))
		path_on[PATH_AVX] = 1;
	else
		printf("NOT COVERED: the ccm assembly (the CPU lacks the avx tier); the C path only\n");

	test_limits();
	test_kats();
	for (klen = 16; klen <= 32; klen += 8) {
		test_lengths(klen, 0, 600);
		test_lengths(klen, 4096 - 48, 4096 + 48);
		test_tags(klen);
		test_aad(klen);
		test_len_wrap(klen);
		test_fences(klen);
		test_random(klen, cases);
	}
	if (path_on[PATH_AVX]) {
		test_broken();
		if (abi_bad)
			fail("avx CCM ABI:%s", abi_what(abi_bad));
		else
			pass("avx CCM ABI: %ld calls kept the SysV ABI, garbage in the upper half of every length", abi_calls);
	}
	EVP_CIPHER_CTX_free(evp);
	return test_finish("native ccm tiers covered:");
}
