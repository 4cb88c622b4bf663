// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the stitched AES-CBC + SHA-512 assembly
 * (../../authenc_sha512.S), for HMAC-SHA512 and HMAC-SHA384 (the same
 * routines; SHA-384 differs in the initial state and the truncation, which
 * are the caller's), run from test_authenc's main.
 *
 * The oracle is OpenSSL only: EVP aes-*-cbc (no padding) for the text, then
 * HMAC(EVP_sha512 / EVP_sha384) over AAD || ciphertext; the glue's side
 * (HMAC key states, absorbing the AAD into the 128-byte-block stream,
 * finishing) is modelled here in a few lines of C over
 * aesnictr_sha512_blocks (the module's C side for SHA-512 is the lead's
 * authenc_hmac.c, not used here).  Every assembly call goes through
 * abi_call6 (callee-saved registers, rsp, DF, MXCSR, vzeroupper, garbage in
 * the upper half of the length).
 *
 * The checks: aesnictr_sha512_blocks against EVP SHA-512/384 digests of
 * every message length 0..600 (padding done here) and random ones to 64 KiB;
 * the stitched encryption and decryption of whole messages: every text
 * length 0..2048 step 16 and random cases (default 200000 per AES key size,
 * alternating SHA-512 and SHA-384): random AES key, IV, HMAC key 0..300
 * bytes, AAD 0..600 bytes absorbed lazily or eagerly (so every npart and
 * nfull entry state), text up to 64 KiB split into up to 12 calls of random
 * 16-byte multiples (0 too), in place or out of place, unaligned; after each
 * call npart, nfull and the chaining value; guard bytes around dst and the
 * stream struct, key and src not written; the ciphertext/plaintext and the
 * tag against OpenSSL; src, dst and the stream against unmapped pages.
 */
#include <cpuid.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "abi_call.h"
#include "test_util.h"
#include "aes_asm.h"
#include "authenc_asm.h"
#include "authenc_fns.h"
#include "cbc_asm.h"
#include "test_authenc_sha512.h"

#define BLK		16
#define SB		128		/* SHA-512 block */
#define GUARD		64
#define MAX_AAD		600
#define MAX_HKEY	300
#define MAX_STEPS	12
#define STREAM_SIZE	((int)sizeof(struct aesnictr_authenc_stream))

_Static_assert(offsetof(struct aesnictr_authenc_stream, h) ==
	       AESNICTR_AUTHENC_H, "h");
_Static_assert(offsetof(struct aesnictr_authenc_stream, iv) ==
	       AESNICTR_AUTHENC_IV, "iv");
_Static_assert(offsetof(struct aesnictr_authenc_stream, nfull) ==
	       AESNICTR_AUTHENC_NFULL, "nfull");
_Static_assert(offsetof(struct aesnictr_authenc_stream, npart) ==
	       AESNICTR_AUTHENC_NPART, "npart");
_Static_assert(offsetof(struct aesnictr_authenc_stream, full) ==
	       AESNICTR_AUTHENC_FULL, "full");
_Static_assert(offsetof(struct aesnictr_authenc_stream, part) ==
	       AESNICTR_AUTHENC_PART, "part");
_Static_assert(sizeof(struct aesnictr_authenc_stream) ==
	       AESNICTR_AUTHENC_STREAM_SIZE, "size");

static const u64 iv512[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};
static const u64 iv384[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL,
	0x152fecd8f70e5939ULL, 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
	0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
};

struct h512 {
	const char *name;
	unsigned int ds;
	const u64 *iv;
	const EVP_MD *(*md)(void);
};

static const struct h512 h512s[2] = {
	{ "sha512", 64, iv512, EVP_sha512 },
	{ "sha384", 48, iv384, EVP_sha384 },
};

/* The variants of authenc_sha512.S: the AVX2 baseline and the AVX-512VL schedule. */
static const struct variant {
	const char *name;
	const void *blocks, *enc, *dec;
} variants[] = {
	{ "avx2", (const void *)aesnictr_sha512_blocks,
	  (const void *)aesnictr_cbc_sha512_enc,
	  (const void *)aesnictr_cbc_sha512_dec },
	{ "avx512", (const void *)aesnictr_sha512_blocks_avx512,
	  (const void *)aesnictr_cbc_sha512_enc_avx512,
	  (const void *)aesnictr_cbc_sha512_dec_avx512 },
};
static const struct variant *var;

/*
 * The hash-first decryption (authenc_hmac.c, authenc-sha512's short
 * messages): NULL, or the CBC decryption it runs, each decryption step
 * then taking it or the stitched routine at random.
 */
static const struct hash_first {
	const char *name;
	AESNICTR_CBC_CRYPT((*cbc_dec));
} *hash_first;

static int check_ymm;
static unsigned int abi_bad;
static long abi_calls;
static unsigned int model_abi;

static uint64_t len_arg(unsigned int len)
{
	return rnd() % 2 ? (rnd() << 32) | len : len;
}

static void blocks(u64 *state, const u8 *p, unsigned int n)
{
	unsigned int bad;

	abi_check_ymm = (u8)check_ymm;
	bad = abi_call6(var->blocks, (uintptr_t)state,
			(uintptr_t)p, len_arg(n), 0, 0, 0);
	abi_calls++;
	abi_bad |= bad;
	model_abi |= bad;
}

/* blocks() as authenc_hmac.c calls it (through abi_call6, checked) */
static void blocks_for_c(union aesnictr_sha_state *state, const u8 *p,
			 unsigned int n)
{
	blocks(state->w64, p, n);
}

static unsigned int call_cbc(int dec, const struct aesnictr_key *key,
			     struct aesnictr_authenc_stream *s, u8 *dst,
			     const u8 *src, unsigned int len)
{
	unsigned int bad;

	abi_check_ymm = (u8)check_ymm;
	bad = abi_call6(dec ? var->dec : var->enc,
			(uintptr_t)key, (uintptr_t)s, (uintptr_t)dst,
			(uintptr_t)src, len_arg(len), 0);
	abi_calls++;
	abi_bad |= bad;
	return bad;
}

static void put_be64(u8 *p, u64 v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (u8)v;
}

/* Pad buf[0..n) (n < 128) of a message of total bytes and compress. */
static void pad_final(u64 *h, const u8 *buf, unsigned int n, u64 total)
{
	u8 b[2 * SB];
	unsigned int nb = n < SB - 16 ? 1 : 2;

	memset(b, 0, sizeof(b));
	memcpy(b, buf, n);
	b[n] = 0x80;
	put_be64(b + nb * SB - 16, total >> 61);
	put_be64(b + nb * SB - 8, total << 3);
	blocks(h, b, nb);
}

static void digest_out(const u64 *h, unsigned int ds, u8 *out)
{
	unsigned int i;

	for (i = 0; i < ds / 8; i++)
		put_be64(out + 8 * i, h[i]);
}

/* ---- the glue's side: HMAC key states, absorbing, finishing ---------------- */

struct hkey512 {
	u64 istate[8], ostate[8];
};

static void hmac_setkey(const struct h512 *hd, struct hkey512 *k, const u8 *key,
			size_t klen)
{
	u8 kb[SB], pad[SB];
	unsigned int i;

	memset(kb, 0, sizeof(kb));
	if (klen > SB) {
		u64 h[8];
		size_t full = klen / SB * SB;

		memcpy(h, hd->iv, sizeof(h));
		blocks(h, key, (unsigned int)(klen / SB));
		pad_final(h, key + full, (unsigned int)(klen - full), klen);
		digest_out(h, hd->ds, kb);
	} else if (klen) {
		memcpy(kb, key, klen);
	}
	for (i = 0; i < SB; i++)
		pad[i] = kb[i] ^ 0x36;
	memcpy(k->istate, hd->iv, sizeof(k->istate));
	blocks(k->istate, pad, 1);
	for (i = 0; i < SB; i++)
		pad[i] = kb[i] ^ 0x5c;
	memcpy(k->ostate, hd->iv, sizeof(k->ostate));
	blocks(k->ostate, pad, 1);
}

/* Append n bytes; the last complete block left in full[] unless !lazy. */
static void absorb(struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		   int lazy)
{
	while (n) {
		size_t k = SB - s->npart;

		if (k > n)
			k = n;
		memcpy(s->part + s->npart, p, k);
		s->npart += (u32)k;
		p += k;
		n -= k;
		if (s->npart == SB) {
			if (s->nfull)
				blocks(s->h.w64, s->full, 1);
			memcpy(s->full, s->part, SB);
			s->nfull = 1;
			s->npart = 0;
		}
	}
	if (!lazy && s->nfull) {
		blocks(s->h.w64, s->full, 1);
		s->nfull = 0;
	}
}

static void finish(const struct h512 *hd, const struct hkey512 *k,
		   struct aesnictr_authenc_stream *s, u64 total, u8 *tag)
{
	u64 h[8];
	u8 inner[64];

	if (s->nfull)
		blocks(s->h.w64, s->full, 1);
	pad_final(s->h.w64, s->part, s->npart, total);
	digest_out(s->h.w64, hd->ds, inner);
	memcpy(h, k->ostate, sizeof(h));
	pad_final(h, inner, hd->ds, SB + hd->ds);
	digest_out(h, hd->ds, tag);
}

/* ---- OpenSSL ------------------------------------------------------------------ */

static EVP_CIPHER_CTX *evp;
static u8 *macbuf, *ctbuf, *ptbuf, *srcbuf, *dstbuf;

static void ossl_cbc(unsigned int klen, const u8 *key, const u8 *iv,
		     const u8 *in, u8 *out, size_t len, int enc)
{
	authenc_ossl_cbc(evp, klen, key, iv, in, out, len, enc);
}

static void ossl_hmac(const struct h512 *hd, const u8 *key, size_t klen,
		      const u8 *aad, size_t alen, const u8 *c, size_t clen,
		      u8 *tag)
{
	authenc_ossl_hmac(hd->md(), macbuf, key, klen, aad, alen, c, clen, tag);
}

/* ---- one message ------------------------------------------------------------ */

struct msg512 {
	const struct h512 *hd;
	unsigned int klen;
	u8 key[32], iv[BLK], hkey[MAX_HKEY];
	size_t hklen, alen, len;
	const u8 *aad, *plain;
	struct aesnictr_key ek, dk;
	struct hkey512 hk;
	u8 tag[64];		/* OpenSSL's */
	int lazy, nsteps;
	unsigned int steps[MAX_STEPS];
	unsigned int aad_pieces[4];
	int naad;
};

struct where512 {
	u8 *src, *dst;		/* dst == src: in place */
	size_t gb, ga;		/* guard bytes around dst */
	struct aesnictr_authenc_stream *s;
	size_t sgb, sga;
};

static void gen_plan(struct msg512 *m)
{
	size_t left = m->len, a = m->alen;
	int i;

	m->nsteps = 0;
	while (left && m->nsteps < MAX_STEPS - 1) {
		size_t n;

		switch (rnd() % 4) {
		case 0:
			n = left;
			break;
		case 1:
			n = BLK * (rnd() % 4);
			break;
		default:
			n = BLK * (rnd() % (left / BLK + 1));
			break;
		}
		if (n > left)
			n = left;
		m->steps[m->nsteps++] = (unsigned int)n;
		left -= n;
	}
	if (left || !m->nsteps)
		m->steps[m->nsteps++] = (unsigned int)left;
	m->naad = 0;
	for (i = 0; i < 3 && a; i++) {
		size_t n = rnd() % (a + 1);

		m->aad_pieces[m->naad++] = (unsigned int)n;
		a -= n;
	}
	m->aad_pieces[m->naad++] = (unsigned int)a;
	m->lazy = (int)(rnd() % 2);
}

static void prepare(struct msg512 *m)
{
	rnd_bytes(m->key, m->klen);
	rnd_bytes(m->iv, BLK);
	rnd_bytes(m->hkey, m->hklen);
	aesnictr_expand_key(&m->ek, m->key, m->klen);
	aesnictr_invert_key(&m->dk, &m->ek);
	hmac_setkey(m->hd, &m->hk, m->hkey, m->hklen);
	ossl_cbc(m->klen, m->key, m->iv, m->plain, ctbuf, m->len, 1);
	ossl_hmac(m->hd, m->hkey, m->hklen, m->aad, m->alen, ctbuf, m->len,
		  m->tag);
}

static const char *guards_bad(const u8 *p, size_t len, size_t gb, size_t ga)
{
	size_t i;

	for (i = 0; i < gb; i++)
		if (p[-1 - (ptrdiff_t)i] != guard_byte(i))
			return "before";
	for (i = 0; i < ga; i++)
		if (p[len + i] != guard_byte(i + 7))
			return "after";
	return NULL;
}

/* Run m one way (dec: on the ciphertext); 1 if everything was right. */
static int run512(struct msg512 *m, int dec, const struct where512 *w,
		  char *what, size_t wlen)
{
	struct aesnictr_authenc_stream *s = w->s;
	const struct aesnictr_key *key = dec ? &m->dk : &m->ek;
	struct aesnictr_key keycopy = *key;
	const u8 *in = dec ? ctbuf : m->plain;
	const u8 *want = dec ? m->plain : ctbuf;
	u8 tag[64];
	size_t pos;
	unsigned int bad, expect_part;
	const char *g;
	int i, hf;

	memcpy(w->src, in, m->len);
	fill_guards(w->dst, m->len, w->gb, w->ga);
	fill_guards((u8 *)s, STREAM_SIZE, w->sgb, w->sga);
	memset(s, 0xee, STREAM_SIZE);
	memcpy(s->h.w64, m->hk.istate, sizeof(s->h.w64));
	memcpy(s->iv, m->iv, BLK);
	s->nfull = 0;
	s->npart = 0;
	model_abi = 0;
	what[0] = 0;

	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		snprintf(what, wlen, "segfault at %p (src %p, dst %p, stream %p)",
			 fault_addr, (void *)w->src, (void *)w->dst, (void *)s);
		return 0;
	}
	fault_armed = 1;
	for (i = 0, pos = 0; i < m->naad; i++) {
		absorb(s, m->aad + pos, m->aad_pieces[i], m->lazy);
		pos += m->aad_pieces[i];
	}
	expect_part = (unsigned int)(m->alen % SB);
	for (i = 0, pos = 0; i < m->nsteps; i++) {
		unsigned int n = m->steps[i];
		const u8 *lastc;

		hf = dec && hash_first && rnd() % 2;
		if (hf)
			aesnictr_authenc_dec_hash_first(s,
				&aesnictr_authenc_shas[AESNICTR_AUTHENC_SHA512],
				blocks_for_c, hash_first->cbc_dec, key,
				w->dst + pos, w->src + pos, n);
		bad = hf ? 0 : call_cbc(dec, key, s, w->dst + pos, w->src + pos,
					n);
		if (bad) {
			fault_armed = 0;
			snprintf(what, wlen, "step %d broke the ABI:%s", i + 1,
				 abi_what(bad));
			return 0;
		}
		if (memcmp(key, &keycopy, sizeof(keycopy))) {
			fault_armed = 0;
			snprintf(what, wlen, "step %d wrote to the key", i + 1);
			return 0;
		}
		expect_part = (expect_part + n) % SB;
		pos += n;
		lastc = pos ? ctbuf + pos - BLK : m->iv;
		if (s->npart != expect_part || s->nfull > 1 ||
		    (dec && n && s->nfull && !hf) ||
		    memcmp(s->iv, lastc, BLK)) {
			fault_armed = 0;
			snprintf(what, wlen, "step %d (bytes %zu..%zu) left npart=%u nfull=%u (want npart %u)%s",
				 i + 1, pos - n, pos, s->npart, s->nfull,
				 expect_part,
				 memcmp(s->iv, lastc, BLK) ? ", wrong chaining value" : "");
			return 0;
		}
	}
	finish(m->hd, &m->hk, s, SB + m->alen + m->len, tag);
	fault_armed = 0;
	if (model_abi) {
		snprintf(what, wlen, "sha512_blocks broke the ABI:%s",
			 abi_what(model_abi));
		return 0;
	}
	if ((g = guards_bad(w->dst, m->len, w->gb, w->ga))) {
		snprintf(what, wlen, "wrote %s dst", g);
		return 0;
	}
	if ((g = guards_bad((u8 *)s, STREAM_SIZE, w->sgb, w->sga))) {
		snprintf(what, wlen, "wrote %s the stream struct", g);
		return 0;
	}
	if (w->src != w->dst && memcmp(w->src, in, m->len)) {
		snprintf(what, wlen, "wrote to src");
		return 0;
	}
	if (memcmp(w->dst, want, m->len)) {
		size_t j = 0;

		while (w->dst[j] == want[j])
			j++;
		snprintf(what, wlen, "wrong %s from byte %zu",
			 dec ? "plaintext" : "ciphertext", j);
		return 0;
	}
	if (memcmp(tag, m->tag, m->hd->ds)) {
		snprintf(what, wlen, "wrong tag");
		return 0;
	}
	return 1;
}

static void describe(char *d, size_t dlen, const struct msg512 *m, int dec,
		     const char *what, int inplace)
{
	char steps[160];
	size_t o = 0;
	int i;

	steps[0] = 0;
	for (i = 0; i < m->nsteps && o < sizeof(steps) - 12; i++)
		o += (size_t)snprintf(steps + o, sizeof(steps) - o, "%s%u",
				      i ? "+" : "", m->steps[i]);
	snprintf(d, dlen, "%s aes-%u %s: AAD %zu (%s, %d pieces), text %zu (steps %s), HMAC key %zu, %s: %s",
		 m->hd->name, m->klen * 8, dec ? "decrypt" : "encrypt", m->alen,
		 m->lazy ? "lazy" : "eager", m->naad, m->len, steps, m->hklen,
		 inplace ? "in place" : "out of place", what);
}

/* Encrypt and decrypt m at the normal buffers; 1 if right. */
static int check512(struct msg512 *m, char *d, size_t dlen)
{
	static char what[512];
	struct where512 w;
	static u8 streambuf[GUARD + AESNICTR_AUTHENC_STREAM_SIZE + GUARD + 16]
		__attribute__((aligned(64)));
	int dec;

	for (dec = 0; dec < 2; dec++) {
		int inplace = (int)(rnd() % 2);
		size_t so = rnd() % 16, doff = rnd() % 16;

		gen_plan(m);
		w.dst = dstbuf + GUARD + doff;
		w.src = inplace ? w.dst : srcbuf + so;
		w.gb = w.ga = GUARD;
		w.s = (struct aesnictr_authenc_stream *)(streambuf + GUARD);
		w.sgb = w.sga = GUARD;
		if (!run512(m, dec, &w, what, sizeof(what))) {
			describe(d, dlen, m, dec, what, inplace);
			return 0;
		}
	}
	return 1;
}

static void random_msg(struct msg512 *m, const struct h512 *hd,
		       unsigned int klen, size_t alen, size_t len)
{
	m->hd = hd;
	m->klen = klen;
	switch (rnd() % 4) {
	case 0:
		m->hklen = SB;
		break;
	case 1:
		m->hklen = SB + 1 + rnd() % (MAX_HKEY - SB);
		break;
	default:
		m->hklen = rnd() % (MAX_HKEY + 1);
		break;
	}
	m->alen = alen;
	m->aad = rnd_from_pool(alen);
	m->len = len;
	m->plain = rnd_from_pool(len);
	prepare(m);
}

static size_t rnd_alen(void)
{
	switch (rnd() % 8) {
	case 0:
		return 0;
	case 1:
		return 8;
	case 2:
		return 24;
	case 3:
		return SB * (rnd() % 3) + rnd() % 2 * BLK;
	case 4:
		return rnd() % 257;
	default:
		return rnd() % (MAX_AAD + 1);
	}
}

static size_t rnd_len(void)
{
	unsigned int r = (unsigned int)(rnd() % 64);

	if (!r)
		return BLK * (rnd() % (MAX_LEN / BLK + 1));
	if (r < 8)
		return BLK * (rnd() % 257);
	return BLK * (rnd() % 97);
}

/* ---- the tests ------------------------------------------------------------------ */

static void test_digests(void)
{
	static char detail[DETAIL_LEN];
	u8 got[64], want[64];
	unsigned int n, j, hi;
	int fails = 0;
	long cases = 0;

	for (hi = 0; hi < 2; hi++) {
		const struct h512 *hd = &h512s[hi];

		for (j = 0; j < 601 + 200; j++) {
			size_t len = j <= 600 ? j : rnd() % (MAX_LEN + 1);
			const u8 *p = rnd_from_pool(len);
			u64 h[8];

			memcpy(h, hd->iv, sizeof(h));
			model_abi = 0;
			n = (unsigned int)(len / SB);
			blocks(h, p, n);
			pad_final(h, p + n * SB, (unsigned int)(len % SB), len);
			digest_out(h, hd->ds, got);
			if (!EVP_Digest(p, len, want, NULL, hd->md(), NULL))
				exit(2);
			cases++;
			if ((memcmp(got, want, hd->ds) || model_abi) && !fails++)
				snprintf(detail, sizeof(detail), "%s of %zu bytes: %s",
					 hd->name, len,
					 model_abi ? abi_what(model_abi) : "wrong digest");
		}
	}
	if (fails)
		fail("sha512 %s aesnictr_sha512_blocks: %s (%d of %ld failed)",
		     var->name, detail, fails, cases);
	else
		pass("sha512 %s aesnictr_sha512_blocks: SHA-512 and SHA-384 digests of every length 0..600 and random lengths to 64 KiB against OpenSSL (%ld cases)",
		     var->name, cases);
}

static void group(const char *name, long cases, long fails, const char *first)
{
	char hf[64] = "";

	if (hash_first)
		snprintf(hf, sizeof(hf), ", dec steps hash-first (cbc %s) or stitched",
			 hash_first->name);
	if (fails)
		fail("sha512/384 %s %s%s: %s (%ld of %ld cases failed)",
		     var->name, name, hf, first, fails, cases);
	else
		pass("sha512/384 %s %s%s (%ld cases)", var->name, name, hf,
		     cases);
}

static void test_lengths(unsigned int klen)
{
	static char detail[DETAIL_LEN], first[DETAIL_LEN];
	static struct msg512 m;
	char name[160];
	long cases = 0, fails = 0;
	size_t len;

	for (len = 0; len <= 2048; len += BLK) {
		random_msg(&m, &h512s[len / BLK % 2], klen, rnd_alen(), len);
		cases++;
		if (!check512(&m, detail, sizeof(detail)) && !fails++)
			snprintf(first, sizeof(first), "%s", detail);
	}
	snprintf(name, sizeof(name), "aes-%u every text length 0..2048 step 16 (random AAD, steps, placement)",
		 klen * 8);
	group(name, cases, fails, first);
}

static void test_random(unsigned int klen, long n)
{
	static char detail[DETAIL_LEN], first[DETAIL_LEN];
	static struct msg512 m;
	char name[200];
	long i, fails = 0;

	for (i = 0; i < n; i++) {
		random_msg(&m, &h512s[i % 2], klen, rnd_alen(), rnd_len());
		if (!check512(&m, detail, sizeof(detail)) && !fails++)
			snprintf(first, sizeof(first), "%s", detail);
	}
	snprintf(name, sizeof(name), "aes-%u random cases: AAD 0..%d lazy/eager, text 0..%d (1 in 64 up to 64 KiB, 1 in 8 up to 4 KiB), HMAC keys 0..%d, random steps, in/out of place, unaligned, enc and dec",
		 klen * 8, MAX_AAD, MAX_LEN, MAX_HKEY);
	group(name, n, fails, first);
}

/* The stream struct at the end of its page or at its start (variant 1). */
struct fence512 {
	long cases, fails;
	char first[DETAIL_LEN];
};

static void fence512_run(void *ctx, const struct fence_case *fc)
{
	static char detail[DETAIL_LEN], what[512];
	static struct msg512 m;
	struct fence512 *f = ctx;
	struct where512 w;
	int ok = 1, dec;

	random_msg(&m, &h512s[(fc->len / BLK) % 2],
		   16 + 8 * (unsigned int)(rnd() % 3), rnd_alen(), fc->len);
	w.dst = fence_at(fc, 1, fc->len, GUARD, &w.gb, &w.ga);
	w.src = fc->inplace ? w.dst : fence_at(fc, 0, fc->len, 0, NULL, NULL);
	w.s = (struct aesnictr_authenc_stream *)
		fence_put(fc->area[2], fc->span[2], STREAM_SIZE, !fc->variant,
			  GUARD, &w.sgb, &w.sga);
	for (dec = 0; dec < 2 && ok; dec++) {
		gen_plan(&m);
		ok = run512(&m, dec, &w, what, sizeof(what));
		if (!ok)
			describe(detail, sizeof(detail), &m, dec, what,
				 fc->inplace);
	}
	f->cases++;
	if (!ok && !f->fails++)
		snprintf(f->first, sizeof(f->first), "%s", detail);
}

static void test_fences(void)
{
	/* text 0..48 blocks and 4 KiB +- 1..3 blocks */
	static const struct fence_range lens[] = {
		{ 0, 48 * BLK }, { 4096 - 3 * BLK, 4096 + 3 * BLK },
	};
	static struct fence_test ft = {
		.pages = { 3, 3, 1 }, .lens = lens, .nr_lens = 2, .step = BLK,
		.nr_variants = 2, .run = fence512_run,
	};
	static struct fence512 f;

	f.cases = f.fails = 0;
	ft.ctx = &f;
	run_fences(&ft);
	group("src, dst and the stream struct against unmapped pages (text 0..48 blocks and 4 KiB +- 1..3 blocks, both ends, in/out of place, enc and dec)",
	      f.cases, f.fails, f.first);
}

/* NULL if the CPU and OS run AVX-512VL code (the avx512 variant). */
static const char *avx512_lacks(void)
{
	unsigned int a, b, c, d;
	unsigned long long xcr0;

	if (__get_cpuid_max(0, NULL) < 7)
		return "CPU lacks AVX-512F/VL";
	__cpuid_count(7, 0, a, b, c, d);
	if (!(b & (1u << 16)) || !(b & (1u << 31)))
		return "CPU lacks AVX-512F/VL";
	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
	xcr0 = ((unsigned long long)d << 32) | a;
	if ((xcr0 & 0xe6) != 0xe6)
		return "OS does not save the AVX-512 state";
	return NULL;
}

/* NULL if the CPU has what the CBC decryption of width w needs. */
static const char *cbc_width_lacks(int w)
{
	unsigned int a, b, c, d;

	if (!w)
		return NULL;
	if (__get_cpuid_max(0, NULL) < 7)
		return "CPU lacks VAES";
	__cpuid_count(7, 0, a, b, c, d);
	if (!(c & (1u << 9)) || !(b & (1u << 5)))
		return "CPU lacks VAES/AVX2";
	if (w == 2 && (avx512_lacks() || !(b & (1u << 30))))
		return "CPU or OS lacks AVX-512F/BW/VL";
	return NULL;
}

/*
 * The variant's compression under the hash-first decryption of each CBC
 * width the CPU has (every text length to 2048 and random cases, the
 * decryption steps taking it or the stitched routine at random).
 */
static void test_hash_first(long cases)
{
	static const struct hash_first widths[] = {
		{ "avx", aesnictr_cbc_decrypt_avx },
		{ "vaes2", aesnictr_cbc_decrypt_vaes2 },
		{ "vaes512", aesnictr_cbc_decrypt_vaes512 },
	};
	int w;

	for (w = 0; w < 3; w++) {
		const char *lacks = cbc_width_lacks(w);

		if (lacks) {
			printf("NOT COVERED: authenc sha512/sha384 %s hash-first with cbc %s (%s)\n",
			       var->name, widths[w].name, lacks);
			continue;
		}
		hash_first = &widths[w];
		test_lengths(16 + 8 * (unsigned int)w);
		test_random(32 - 8 * (unsigned int)w, cases);
		hash_first = NULL;
	}
}

int test_authenc_sha512(long cases, int ymm)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	int k, v, covered = 0;

	check_ymm = ymm;
	macbuf = xaligned(MAX_AAD + MAX_LEN + 64);
	ctbuf = xaligned(MAX_LEN + 64);
	ptbuf = xaligned(MAX_LEN + 64);
	srcbuf = xaligned(MAX_LEN + 128);
	dstbuf = xaligned(MAX_LEN + 128 + 2 * GUARD);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		exit(2);
	for (v = 0; v < (int)(sizeof(variants) / sizeof(variants[0])); v++) {
		const char *lacks = v ? avx512_lacks() : NULL;

		var = &variants[v];
		if (lacks) {
			printf("NOT COVERED: authenc sha512/sha384 %s (%s)\n",
			       var->name, lacks);
			continue;
		}
		abi_bad = 0;
		abi_calls = 0;
		test_digests();
		test_fences();
		for (k = 0; k < 3; k++) {
			test_lengths(klens[k]);
			test_random(klens[k], cases);
		}
		test_hash_first(cases / 8 + 1);
		if (abi_bad)
			fail("sha512 %s ABI:%s", var->name, abi_what(abi_bad));
		else
			pass("sha512 %s ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s, garbage in upper half of len ignored (%ld calls)",
			     var->name, check_ymm ? ", upper YMM state clean" : "",
			     abi_calls);
		covered |= 1 << v;
	}
	EVP_CIPHER_CTX_free(evp);
	(void)ptbuf;
	return covered;
}
