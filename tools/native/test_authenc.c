// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the stitched AES-CBC + HMAC-SHA1/SHA256 assembly
 * (../../authenc_sha.S) and AES-CBC + HMAC-SHA384/SHA512
 * (../../authenc_sha512.S, 128-byte blocks; more of it in
 * test_authenc_sha512.c, run from main: both of its variants, OpenSSL as the
 * only oracle), against OpenSSL composed as the kernel's authenc
 * template composes its parts: EVP aes-*-cbc (no padding) for the text, then
 * HMAC() over AAD || ciphertext, the tag truncated to authsize.
 *
 * Each message runs as the kernel glue runs it (authenc_asm.h; the glue's
 * HMAC is the module's own ../../authenc_hmac.c, reached through
 * authenc_fns.c, shared with the bench):
 *	HMAC key -> inner/outer states (ipad/opad block compressed with
 *	aesnictr_sha*_blocks; keys longer than 64 bytes hashed first);
 *	stream.h = inner state, stream.iv = IV;
 *	the AAD absorbed in random pieces by the glue's C rule, lazily (the
 *	last complete block left in full[]) or eagerly;
 *	the text in random steps of 16-byte multiples (0-length steps too),
 *	each one call of aesnictr_cbc_sha*_enc / _dec, in place or not;
 *	finish: full[] and the padded part[] compressed, then the outer hash.
 *
 * The checks: RFC 3602 AES-CBC cases 1-4 through the stitched encryption;
 * the RFC 2202 (HMAC-SHA1) and RFC 4231 (HMAC-SHA256/384/512) cases through the
 * stream, their data split between AAD and "ciphertext" hashed by the
 * stitched decryption; the RFC-derived authenc vectors of
 * ../../authenc_vectors.h (the module's self-test) against OpenSSL and the
 * assembly; every AAD length 0..130 against every text length 0..12 blocks;
 * random cases (default 200000 per hash and AES key size; sha384/sha512: a
 * quarter of that here, 200000 each in test_authenc_sha512.c): random keys of
 * every AES size, HMAC keys of 0..200 bytes, AAD of 0..600 bytes, texts of
 * 0..96 blocks (1 case in 8: up to 4 KiB, 1 in 64: up to 64 KiB), every
 * authsize, in place and out of place, unaligned buffers, random steps,
 * decryption giving the plaintext and the tag, tampered tag, AAD or
 * ciphertext detected; guard bytes around dst and the stream struct; src,
 * AAD and the key never written; the stream's counters and chaining value
 * after every call; buffers and the stream struct against unmapped pages;
 * the SysV ABI of every call (abi_call.S) with garbage in the upper half of
 * the length.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: ..." and a
 * final "native authenc covered: ..." line.  Exits 1 on FAIL.  Options:
 * --seed=N (or SEED=N), --cases=N random cases per hash and key size.
 */
#include <cpuid.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "abi_call.h"
#include "cpu.h"
#include "test_util.h"
#include "authenc_asm.h"
#include "authenc_fns.h"
#include "test_authenc_sha512.h"
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#include "authenc_vectors.h"

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

#define BLK		16
#define SB		cur_sb		/* SHA block of the hash under test */
#define GUARD		64
#define MAX_AAD		600
#define MAX_HKEY	200
#define MAX_PIECES	8		/* AAD pieces */
#define MAX_STEPS	12		/* text calls */
#define STREAM_SIZE	((int)sizeof(struct aesnictr_authenc_stream))

/* The hashes and the glue's HMAC (authenc_fns.c over ../../authenc_hmac.c). */
static const struct authenc_hash *const hashes = authenc_hashes;
static unsigned int cur_sb = 64;	/* 64, or 128 for SHA-384/512 */

/* ---- calling the assembly, with the ABI checked ---------------------------- */

static int check_ymm;
static unsigned int abi_bad[NR_HASH];
static long abi_calls[NR_HASH];
static enum authenc_hash_id cur_hash;	/* for the ABI bookkeeping */
static int garbage_len;		/* put garbage in the upper half of len */

static uint64_t len_arg(unsigned int len)
{
	return garbage_len ? (rnd() << 32) | len : len;
}

/* Returns the ABI_* mask (0: fine). */
static unsigned int call_blocks(const struct authenc_hash *hd,
				union aesnictr_sha_state *state, const u8 *data,
				unsigned int n)
{
	unsigned int bad;

	abi_check_ymm = (u8)check_ymm;
	bad = abi_call6((const void *)hd->blocks, (uintptr_t)state,
			(uintptr_t)data, len_arg(n), 0, 0, 0);
	abi_calls[cur_hash]++;
	abi_bad[cur_hash] |= bad;
	return bad;
}

static unsigned int call_cbc(authenc_cbc_sha_fn_t *fn, const struct aesnictr_key *key,
			     struct aesnictr_authenc_stream *s, u8 *dst,
			     const u8 *src, unsigned int len)
{
	unsigned int bad;

	abi_check_ymm = (u8)check_ymm;
	bad = abi_call6((const void *)fn, (uintptr_t)key, (uintptr_t)s,
			(uintptr_t)dst, (uintptr_t)src, len_arg(len), 0);
	abi_calls[cur_hash]++;
	abi_bad[cur_hash] |= bad;
	return bad;
}

static unsigned int call_hmac_final(const struct authenc_hash *hd,
				    const struct aesnictr_authenc_stream *s,
				    const union aesnictr_sha_state *ostate,
				    uint64_t total, u8 *digest)
{
	unsigned int bad;

	abi_check_ymm = (u8)check_ymm;
	bad = abi_call6((const void *)hd->hmac_final, (uintptr_t)s,
			(uintptr_t)ostate, total, (uintptr_t)digest, 0, 0);
	abi_calls[cur_hash]++;
	abi_bad[cur_hash] |= bad;
	return bad;
}

/* ---- the glue's HMAC: keys, absorbing, finishing ------------------------ */

static unsigned int model_abi;	/* ABI breaks seen by the model's calls */

static void compress(const struct authenc_hash *hd,
		     union aesnictr_sha_state *state, const u8 *p, unsigned int n)
{
	model_abi |= call_blocks(hd, state, p, n);
}

/* The glue's HMAC, every compression through compress() above. */
static void hmac_setkey(const struct authenc_hash *hd, struct authenc_hkey *k,
			const u8 *key, size_t klen)
{
	authenc_hmac_setkey(hd, compress, k, key, klen);
}

static void absorb(const struct authenc_hash *hd,
		   struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		   int lazy)
{
	authenc_absorb(hd, compress, s, p, n, lazy);
}

/* As the glue: the assembly's HMAC end where there is one. */
static void finish(const struct authenc_hash *hd, const struct authenc_hkey *k,
		   struct aesnictr_authenc_stream *s, uint64_t total, u8 *tag)
{
	if (hd->hmac_final)
		model_abi |= call_hmac_final(hd, s, &k->ostate, total, tag);
	else
		authenc_finish(hd, compress, k, s, total, tag);
}

/* ---- OpenSSL's composition ------------------------------------------------- */

static EVP_CIPHER_CTX *evp;
static u8 *macbuf;

static void ossl_cbc(unsigned int klen, const u8 *key, const u8 *iv,
		     const u8 *in, u8 *out, size_t len, int enc)
{
	authenc_ossl_cbc(evp, klen, key, iv, in, out, len, enc);
}

static void ossl_hmac(const struct authenc_hash *hd, const u8 *key, size_t klen,
		      const u8 *aad, size_t alen, const u8 *c, size_t clen,
		      u8 *tag)
{
	authenc_ossl_hmac(hd->md(), macbuf, key, klen, aad, alen, c, clen, tag);
}

/* ---- one message through the assembly -------------------------------------- */

struct msg {
	unsigned int klen;
	u8 key[32];
	struct aesnictr_key ek, dk;	/* encryption / decryption schedule */
	u8 hkey[MAX_HKEY];
	size_t hklen;
	struct authenc_hkey hk;
	u8 iv[BLK];
	const u8 *aad;
	size_t alen;
	const u8 *plain;
	size_t len;
	unsigned int authsize;
	u8 *ct;				/* the right ciphertext */
	u8 tag[AESNICTR_AUTHENC_MAX_DIGEST];			/* the right (full) tag */
};

struct plan {
	int inplace, lazy;
	unsigned int src_off, dst_off, aad_off;
	int naad;
	unsigned int aad_pieces[MAX_PIECES];
	int nsteps;
	unsigned int steps[MAX_STEPS];
};

/* Where a run puts things (normally the aligned pools, else fenced pages). */
struct where {
	u8 *src, *dst;		/* src == dst in place */
	size_t gb, ga;		/* guard bytes before/after dst */
	u8 *aad;
	struct aesnictr_authenc_stream *s;	/* with GUARD bytes each side */
	size_t sgb, sga;	/* guards around the stream struct */
};

static void cat(char *s, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void cat(char *s, size_t size, const char *fmt, ...)
{
	size_t n = strlen(s);
	va_list ap;

	if (n + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(s + n, size - n, fmt, ap);
	va_end(ap);
}

static void describe(char *s, size_t size, const struct msg *m,
		     const struct plan *p, const struct where *w)
{
	char kh[65], ivh[33];
	int i;

	hex(kh, m->key, m->klen);
	hex(ivh, m->iv, BLK);
	cat(s, size, "aes-%u key=%s iv=%s hmac-key %zu bytes, AAD %zu, text %zu, authsize %u; %s src%%64=%u dst%%64=%u; AAD %s pieces [",
	    m->klen * 8, kh, ivh, m->hklen, m->alen, m->len, m->authsize,
	    w->src == w->dst ? "in place" : "out of place",
	    (unsigned int)((uintptr_t)w->src & 63),
	    (unsigned int)((uintptr_t)w->dst & 63),
	    p->lazy ? "lazy" : "eager");
	for (i = 0; i < p->naad; i++)
		cat(s, size, "%s%u", i ? "," : "", p->aad_pieces[i]);
	cat(s, size, "], steps [");
	for (i = 0; i < p->nsteps; i++)
		cat(s, size, "%s%u", i ? "," : "", p->steps[i]);
	cat(s, size, "]%s", garbage_len ? ", garbage in len's upper half" : "");
}

static const char *check_guards(const u8 *p, size_t len, size_t gb, size_t ga,
				const char *name)
{
	static char s[128];
	size_t i;

	for (i = 0; i < gb; i++) {
		if (p[-1 - (ptrdiff_t)i] != guard_byte(i)) {
			snprintf(s, sizeof(s), "wrote before %s (byte -%zu)",
				 name, i + 1);
			return s;
		}
	}
	for (i = 0; i < ga; i++) {
		if (p[len + i] != guard_byte(i + 7)) {
			snprintf(s, sizeof(s), "wrote past the end of %s (+%zu)",
				 name, i);
			return s;
		}
	}
	return "";
}

/*
 * Run m through hash hd: encrypt (dec = 0: in = plaintext) or decrypt (in =
 * ciphertext), text into w->dst, the full tag into tag.  Returns 1 if every
 * call behaved (ABI, stray writes, stream counters and chaining value, no
 * fault), else 0 with what[] saying which call did what.
 */
static int run_msg(const struct authenc_hash *hd, int dec, const struct msg *m,
		   const u8 *in, const struct plan *p, const struct where *w,
		   u8 *tag, char *what, size_t wlen)
{
	struct aesnictr_authenc_stream *s = w->s;
	const struct aesnictr_key *key = dec ? &m->dk : &m->ek;
	struct aesnictr_key keycopy = *key;
	static char call[96];
	size_t pos = 0, total;
	unsigned int bad, expect_part;
	const char *g;
	int i;

	memcpy(w->src, in, m->len);
	if (m->alen)
		memcpy(w->aad, m->aad, m->alen);
	fill_guards(w->dst, m->len, w->gb, w->ga);
	fill_guards((u8 *)s, STREAM_SIZE, w->sgb, w->sga);
	memset(s, 0xee, STREAM_SIZE);	/* nothing may rely on zeroes */
	s->h = m->hk.istate;
	memcpy(s->iv, m->iv, BLK);
	s->nfull = 0;
	s->npart = 0;
	what[0] = 0;
	call[0] = 0;
	model_abi = 0;

	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		snprintf(what, wlen, "segfault at %p in %s (src %p, dst %p, stream %p)",
			 fault_addr, call, (void *)w->src, (void *)w->dst,
			 (void *)s);
		return 0;
	}
	fault_armed = 1;

	/* the AAD, by the glue's C rule */
	for (i = 0, pos = 0; i < p->naad; i++) {
		snprintf(call, sizeof(call), "absorbing AAD piece %d (bytes %zu..%zu)",
			 i + 1, pos, pos + p->aad_pieces[i]);
		absorb(hd, s, w->aad + pos, p->aad_pieces[i], p->lazy);
		pos += p->aad_pieces[i];
	}
	if (model_abi) {
		bad = model_abi;
		goto abi;
	}

	/* the text, one assembly call per step */
	expect_part = (unsigned int)(m->alen % SB);
	for (i = 0, pos = 0; i < p->nsteps; i++) {
		unsigned int n = p->steps[i];
		const u8 *lastc;

		snprintf(call, sizeof(call), "%s step %d of %d (text bytes %zu..%zu)",
			 dec ? "cbc_dec" : "cbc_enc", i + 1, p->nsteps, pos,
			 pos + n);
		bad = call_cbc(dec ? hd->dec : hd->enc, key, s, w->dst + pos,
			       w->src + pos, n);
		if (bad)
			goto abi;
		if (memcmp(key, &keycopy, sizeof(keycopy))) {
			snprintf(what, wlen, "%s wrote to the key", call);
			goto out;
		}
		expect_part = (expect_part + n) % SB;
		if (s->npart != expect_part || s->nfull > 1 ||
		    (dec && n && s->nfull)) {
			snprintf(what, wlen, "%s left npart=%u nfull=%u (want npart %u%s)",
				 call, s->npart, s->nfull, expect_part,
				 dec && n ? ", nfull 0" : "");
			goto out;
		}
		pos += n;
		/* the chaining value: the last ciphertext block so far */
		lastc = pos ? m->ct + pos - BLK : m->iv;
		if (memcmp(s->iv, lastc, BLK)) {
			snprintf(what, wlen, "%s left the wrong chaining value",
				 call);
			goto out;
		}
	}
	snprintf(call, sizeof(call), "finishing the tag");
	total = SB + m->alen + m->len;
	finish(hd, &m->hk, s, total, tag);
	if (model_abi) {
		bad = model_abi;
		goto abi;
	}
	fault_armed = 0;

	if (*(g = check_guards(w->dst, m->len, w->gb, w->ga, "dst")) ||
	    *(g = check_guards((u8 *)s, STREAM_SIZE, w->sgb, w->sga,
			       "the stream struct"))) {
		snprintf(what, wlen, "%s", g);
		return 0;
	}
	if (w->src != w->dst && memcmp(w->src, in, m->len)) {
		snprintf(what, wlen, "wrote to src");
		return 0;
	}
	if (m->alen && memcmp(w->aad, m->aad, m->alen)) {
		snprintf(what, wlen, "wrote to the AAD");
		return 0;
	}
	return 1;

abi:
	fault_armed = 0;
	snprintf(what, wlen, "%s broke the ABI:%s", call, abi_what(bad));
	return 0;
out:
	fault_armed = 0;
	return 0;
}

/* ---- cases ------------------------------------------------------------------- */

static u8 *srcbuf, *dstbuf, *aadbuf, *outbuf, *ctbuf, *tmpbuf;
static u8 streambuf[GUARD + AESNICTR_AUTHENC_STREAM_SIZE + GUARD]
	__attribute__((aligned(64)));

static struct where normal_where(const struct plan *p)
{
	struct where w;

	w.dst = dstbuf + GUARD + p->dst_off;
	w.src = p->inplace ? w.dst : srcbuf + p->src_off;
	w.gb = w.ga = GUARD;
	w.aad = aadbuf + p->aad_off;
	w.s = (struct aesnictr_authenc_stream *)(streambuf + GUARD);
	w.sgb = w.sga = GUARD;
	return w;
}

static int rnd_pieces(unsigned int *out, int max, size_t total, size_t unit)
{
	int n = (int)(rnd() % 100 < 50 ? 1 : 2 + rnd() % (unsigned int)(max - 1));
	size_t rem = total, u;
	int i;

	for (i = 0; i < n - 1; i++) {
		switch (rnd() % 4) {
		case 0:
			u = 0;
			break;
		case 1:
			u = rem / unit ? 1 + rnd() % 5 : 0;
			break;
		default:
			u = rnd() % (rem / unit + 1);
			break;
		}
		if (u > rem / unit)
			u = rem / unit;
		out[i] = (unsigned int)(u * unit);
		rem -= u * unit;
	}
	out[i] = (unsigned int)rem;
	return n;
}

static void gen_plan(struct plan *p, const struct msg *m)
{
	memset(p, 0, sizeof(*p));
	p->inplace = !(rnd() & 3);
	p->lazy = (int)(rnd() & 1);
	p->src_off = rnd() & 63;
	p->dst_off = rnd() & 63;
	p->aad_off = rnd() & 63;
	p->naad = m->alen || (rnd() & 1) ? rnd_pieces(p->aad_pieces,
						    MAX_PIECES, m->alen, 1) : 0;
	p->nsteps = m->len || (rnd() & 1) ? rnd_pieces(p->steps, MAX_STEPS,
						     m->len, BLK) : 0;
	garbage_len = (int)(rnd() & 1);
}

/* Fill m's keys and reference results (the plaintext and AAD are set). */
static void prepare(const struct authenc_hash *hd, struct msg *m)
{
	aesnictr_expand_key(&m->ek, m->key, m->klen);
	aesnictr_invert_key(&m->dk, &m->ek);
	hmac_setkey(hd, &m->hk, m->hkey, m->hklen);
	ossl_cbc(m->klen, m->key, m->iv, m->plain, m->ct, m->len, 1);
	ossl_hmac(hd, m->hkey, m->hklen, m->aad, m->alen, m->ct, m->len,
		  m->tag);
}

static void fail_detail(char *d, size_t dlen, const char *op,
			const struct msg *m, const struct plan *p,
			const struct where *w, const char *what)
{
	snprintf(d, dlen, "%s: ", op);
	describe(d, dlen, m, p, w);
	cat(d, dlen, ": %s", what);
}

static int cmp_out(const u8 *got, const u8 *want, size_t len, const char *name,
		   char *what, size_t wlen)
{
	size_t i;

	if (!memcmp(got, want, len))
		return 1;
	for (i = 0; got[i] == want[i]; i++)
		;
	snprintf(what, wlen, "%s wrong from byte %zu (block %zu)", name, i,
		 i / BLK);
	return 0;
}

/*
 * Encrypt m (plan pe), decrypt it (plan pd), and decrypt a tampered copy if
 * tamper (1 tag, 2 AAD, 3 ciphertext): its tag must not verify.
 */
static int check_case(const struct authenc_hash *hd, struct msg *m,
		      const struct plan *pe, const struct where *we,
		      const struct plan *pd, const struct where *wd,
		      int tamper, char *detail, size_t dlen)
{
	static char what[512];
	u8 tag[AESNICTR_AUTHENC_MAX_DIGEST];

	if (!run_msg(hd, 0, m, m->plain, pe, we, tag, what, sizeof(what)) ||
	    !cmp_out(we->dst, m->ct, m->len, "ciphertext", what,
		     sizeof(what))) {
		fail_detail(detail, dlen, "encrypt", m, pe, we, what);
		return 0;
	}
	if (memcmp(tag, m->tag, m->authsize)) {
		fail_detail(detail, dlen, "encrypt", m, pe, we, "tag wrong");
		return 0;
	}
	if (!run_msg(hd, 1, m, m->ct, pd, wd, tag, what, sizeof(what)) ||
	    !cmp_out(wd->dst, m->plain, m->len, "plaintext", what,
		     sizeof(what))) {
		fail_detail(detail, dlen, "decrypt", m, pd, wd, what);
		return 0;
	}
	if (memcmp(tag, m->tag, hd->ds)) {
		fail_detail(detail, dlen, "decrypt", m, pd, wd,
			    "tag wrong (a correct message would not verify)");
		return 0;
	}
	if (tamper) {
		struct msg t = *m;
		u8 want[AESNICTR_AUTHENC_MAX_DIGEST];
		size_t at;

		memcpy(want, m->tag, sizeof(want));
		if (tamper == 2 && m->alen) {
			memcpy(tmpbuf, m->aad, m->alen);
			at = rnd() % m->alen;
			tmpbuf[at] ^= (u8)(1 << (rnd() & 7));
			t.aad = tmpbuf;
		} else if (tamper == 3 && m->len) {
			memcpy(tmpbuf, m->ct, m->len);
			at = rnd() % m->len;
			tmpbuf[at] ^= (u8)(1 << (rnd() & 7));
			/* run_msg checks the chaining value against t.ct */
			t.ct = tmpbuf;
		} else {
			tamper = 1;
			want[rnd() % m->authsize] ^= (u8)(1 << (rnd() & 7));
		}
		if (!run_msg(hd, 1, &t, t.ct, pd, wd, tag, what,
			     sizeof(what))) {
			fail_detail(detail, dlen, "decrypt (tampered)", &t, pd,
				    wd, what);
			return 0;
		}
		/*
		 * A flipped tag byte must fail the authsize-byte compare; a
		 * tampered AAD or ciphertext must change the whole MAC (its
		 * truncation to 1 byte collides in 1 case of 256).
		 */
		if (tamper == 1 ? !memcmp(tag, want, m->authsize) :
				  !memcmp(tag, want, hd->ds)) {
			fail_detail(detail, dlen, "decrypt", &t, pd, wd,
				    tamper == 1 ? "a tampered tag verified" :
				    tamper == 2 ? "tampered AAD verified" :
				    "tampered ciphertext verified");
			return 0;
		}
	}
	return 1;
}

/* ---- reporting -------------------------------------------------------------- */

static struct {
	long cases, fails;
	char first[DETAIL_LEN];
	char name[160];
} grp;

static void gbegin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void gbegin(const char *fmt, ...)
{
	va_list ap;

	memset(&grp, 0, sizeof(grp));
	va_start(ap, fmt);
	vsnprintf(grp.name, sizeof(grp.name), fmt, ap);
	va_end(ap);
}

static void grecord(int ok, const char *detail)
{
	grp.cases++;
	if (!ok && !grp.fails++)
		snprintf(grp.first, sizeof(grp.first), "%s", detail);
}

static void gend(void)
{
	if (!grp.fails)
		pass("%s (%ld cases)", grp.name, grp.cases);
	else
		fail("%s: %s (%ld of %ld cases failed)", grp.name, grp.first,
		     grp.fails, grp.cases);
}

/* ---- the tests --------------------------------------------------------------- */

static void random_msg(struct msg *m, unsigned int klen, const struct authenc_hash *hd,
		       size_t alen, size_t len)
{
	m->klen = klen;
	rnd_bytes(m->key, klen);
	rnd_bytes(m->iv, BLK);
	switch (rnd() % 8) {
	case 0:
		m->hklen = 0;
		break;
	case 1:
		m->hklen = SB;
		break;
	case 2:
		m->hklen = 1 + rnd() % SB;
		break;
	case 3:
		m->hklen = SB + 1 + rnd() % (MAX_HKEY - SB);
		break;
	default:
		m->hklen = rnd() % (MAX_HKEY + 1);
		break;
	}
	rnd_bytes(m->hkey, m->hklen);
	m->aad = rnd_from_pool(alen);
	m->alen = alen;
	m->plain = rnd_from_pool(len);
	m->len = len;
	m->authsize = 1 + (unsigned int)(rnd() % hd->ds);
	m->ct = ctbuf;
	prepare(hd, m);
}

static size_t rnd_alen(void)
{
	switch (rnd() % 8) {
	case 0:
		return 0;
	case 1:
		return 8;		/* ESP encrypt (SPI, sequence number) */
	case 2:
		return 24;		/* ESP decrypt, dm-crypt */
	case 3:
		return BLK * (rnd() % 10);
	case 4:
		return rnd() % 65;
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

static int one_random(const struct authenc_hash *hd, unsigned int klen, size_t alen,
		      size_t len, int tamper, char *detail, size_t dlen)
{
	struct plan pe, pd;
	struct where we, wd;
	struct msg m;

	random_msg(&m, klen, hd, alen, len);
	gen_plan(&pe, &m);
	gen_plan(&pd, &m);
	we = normal_where(&pe);
	wd = normal_where(&pd);
	return check_case(hd, &m, &pe, &we, &pd, &wd, tamper, detail, dlen);
}

static void test_random(const struct authenc_hash *hd, unsigned int klen,
			long cases)
{
	static char detail[DETAIL_LEN];
	long i;

	gbegin("%s aes-%u random cases: AAD 0..%d, text 0..%d bytes (1 in 64 up to 64 KiB, 1 in 8 up to 4 KiB, else up to 1536), HMAC keys 0..%d, every authsize, random steps, in/out of place, tampering",
	       hd->name, klen * 8, MAX_AAD, MAX_LEN, MAX_HKEY);
	for (i = 0; i < cases; i++) {
		int tamper = rnd() % 8 ? 0 : 1 + (int)(rnd() % 3);

		grecord(one_random(hd, klen, rnd_alen(), rnd_len(), tamper,
				   detail, sizeof(detail)), detail);
	}
	gend();
}

/* Every AAD length 0..130 against every text length 0..12 blocks. */
static void test_lengths(const struct authenc_hash *hd, unsigned int klen)
{
	static char detail[DETAIL_LEN];
	size_t alen, nb;

	gbegin("%s aes-%u every AAD length 0..130 x every text length 0..192 (random steps and placement)",
	       hd->name, klen * 8);
	for (alen = 0; alen <= 130; alen++)
		for (nb = 0; nb <= 12; nb++)
			grecord(one_random(hd, klen, alen, nb * BLK,
					   (int)(rnd() % 4), detail,
					   sizeof(detail)), detail);
	gend();
}

/* ---- known answers ----------------------------------------------------------- */

static size_t unhexs(u8 *out, const char *s)
{
	return unhex(out, s);
}

static const struct rfc3602 {
	const char *key, *iv, *pt, *ct;
} rfc3602[] = {
	{ "06a9214036b8a15b512e03d534120006", "3dafba429d9eb430b422da802c9fac41",
	  "53696e676c6520626c6f636b206d7367",
	  "e353779c1079aeb82708942dbe77181a" },
	{ "c286696d887c9aa0611bbb3e2025a45a", "562e17996d093d28ddb3ba695a2e6f58",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "d296cd94c2cccf8a3a863028b5e1dc0a7586602d253cfff91b8266bea6d61ab1" },
	{ "6c3ea0477630ce21a2ce334aa746c2cd", "c782dc4c098c66cbd9cd27d825682c81",
	  "5468697320697320612034382d62797465206d657373616765202865786163746c7920332041455320626c6f636b7329",
	  "d0a02b3836451753d493665d33f0e8862dea54cdb293abc7506939276772f8d5021c19216bad525c8579695d83ba2684" },
	{ "56e47a38c5598974bc46903dba290349", "8ce82eefbea0da3c44699ed7db51b7d9",
	  "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf",
	  "c30e32ffedc0774e6aff6af0869f71aa0f3af07a9a31a9c684db207eb0ef8e4e35907aa632c3ffdf868bb7b29d3d46ad83ce9f9a102ee99d49a53e87f4c3da55" },
};

/* HMAC cases: key as hex, or (repeat byte, count); data as text or hex. */
static const struct rfc_hmac {
	enum authenc_hash_id h;
	const char *name;
	const char *key;	/* hex, or NULL: rep x n */
	u8 rep;
	unsigned int n;
	const char *data;	/* text, or NULL: drep x dn */
	u8 drep;
	unsigned int dn;
	const char *mac;
} rfc_hmac[] = {
	{ H_SHA1, "RFC 2202 case 1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", 0, 0,
	  "Hi There", 0, 0, "b617318655057264e28bc0b6fb378c8ef146be00" },
	{ H_SHA1, "RFC 2202 case 2", "4a656665", 0, 0,
	  "what do ya want for nothing?", 0, 0,
	  "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
	{ H_SHA1, "RFC 2202 case 3", NULL, 0xaa, 20, NULL, 0xdd, 50,
	  "125d7342b9ac11cd91a39af48aa17b4f63f175d3" },
	{ H_SHA1, "RFC 2202 case 6", NULL, 0xaa, 80,
	  "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0,
	  "aa4ae5e15272d00e95705637ce8a3b55ed402112" },
	{ H_SHA1, "RFC 2202 case 7", NULL, 0xaa, 80,
	  "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data",
	  0, 0, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91" },
	{ H_SHA256, "RFC 4231 case 1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", 0, 0,
	  "Hi There", 0, 0,
	  "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
	{ H_SHA256, "RFC 4231 case 2", "4a656665", 0, 0,
	  "what do ya want for nothing?", 0, 0,
	  "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
	{ H_SHA256, "RFC 4231 case 3", NULL, 0xaa, 20, NULL, 0xdd, 50,
	  "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
	{ H_SHA256, "RFC 4231 case 6", NULL, 0xaa, 131,
	  "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0,
	  "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
	{ H_SHA256, "RFC 4231 case 7", NULL, 0xaa, 131,
	  "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
	  0, 0, "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2" },
	{ H_SHA384, "RFC 4231 case 1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", 0, 0,
	  "Hi There", 0, 0,
	  "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6" },
	{ H_SHA384, "RFC 4231 case 2", "4a656665", 0, 0,
	  "what do ya want for nothing?", 0, 0,
	  "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649" },
	{ H_SHA384, "RFC 4231 case 3", NULL, 0xaa, 20, NULL, 0xdd, 50,
	  "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27" },
	{ H_SHA384, "RFC 4231 case 6", NULL, 0xaa, 131,
	  "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0,
	  "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952" },
	{ H_SHA384, "RFC 4231 case 7", NULL, 0xaa, 131,
	  "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
	  0, 0, "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e" },
	{ H_SHA512, "RFC 4231 case 1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", 0, 0,
	  "Hi There", 0, 0,
	  "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" },
	{ H_SHA512, "RFC 4231 case 2", "4a656665", 0, 0,
	  "what do ya want for nothing?", 0, 0,
	  "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
	{ H_SHA512, "RFC 4231 case 3", NULL, 0xaa, 20, NULL, 0xdd, 50,
	  "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" },
	{ H_SHA512, "RFC 4231 case 6", NULL, 0xaa, 131,
	  "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0,
	  "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" },
	{ H_SHA512, "RFC 4231 case 7", NULL, 0xaa, 131,
	  "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
	  0, 0, "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" },
};

/*
 * The authenc key blob, checked as crypto_authenc_extractkeys() checks it:
 * rtattr { len 8, type 1 }, be32 enckeylen, auth key, enc key.
 */
static int parse_key(const u8 *blob, unsigned int len, struct msg *m)
{
	unsigned int rta_len, rta_type, enckeylen;

	if (len < 8)
		return -1;
	rta_len = blob[0] | blob[1] << 8;
	rta_type = blob[2] | blob[3] << 8;
	if (rta_len != 8 || rta_type != 1)
		return -1;
	enckeylen = (unsigned int)blob[4] << 24 | blob[5] << 16 |
		    blob[6] << 8 | blob[7];
	if (len - 8 < enckeylen ||
	    (enckeylen != 16 && enckeylen != 24 && enckeylen != 32) ||
	    len - 8 - enckeylen > MAX_HKEY)
		return -1;
	m->hklen = len - 8 - enckeylen;
	memcpy(m->hkey, blob + 8, m->hklen);
	m->klen = enckeylen;
	memcpy(m->key, blob + 8 + m->hklen, enckeylen);
	return 0;
}

static void test_kats(const struct authenc_hash *hd)
{
	static char what[512], detail[DETAIL_LEN];
	u8 tag[AESNICTR_AUTHENC_MAX_DIGEST], mac[AESNICTR_AUTHENC_MAX_DIGEST], data[256];
	struct plan p;
	struct where w;
	struct msg m;
	size_t i, dlen;

	/* RFC 3602 through the stitched encryption, and back */
	gbegin("%s RFC 3602 AES-CBC cases 1-4 through the stitched encryption and decryption (every step split)",
	       hd->name);
	for (i = 0; i < sizeof(rfc3602) / sizeof(rfc3602[0]); i++) {
		static u8 pt[64], ct[64];
		size_t split;

		memset(&m, 0, sizeof(m));
		m.klen = (unsigned int)unhexs(m.key, rfc3602[i].key);
		unhexs(m.iv, rfc3602[i].iv);
		m.len = unhexs(pt, rfc3602[i].pt);
		unhexs(ct, rfc3602[i].ct);
		m.plain = pt;
		m.hklen = 20;
		memset(m.hkey, 0x0b, 20);
		m.aad = pt;
		m.alen = 0;
		m.authsize = hd->ds;
		m.ct = ctbuf;
		prepare(hd, &m);
		for (split = 0; split <= m.len; split += BLK) {
			memset(&p, 0, sizeof(p));
			p.nsteps = 2;
			p.steps[0] = (unsigned int)split;
			p.steps[1] = (unsigned int)(m.len - split);
			garbage_len = 0;
			w = normal_where(&p);
			detail[0] = 0;
			m.ct = ct;	/* the published ciphertext */
			if (!run_msg(hd, 0, &m, pt, &p, &w, tag, what,
				     sizeof(what)) ||
			    !cmp_out(w.dst, ct, m.len, "ciphertext", what,
				     sizeof(what)) ||
			    memcmp(tag, m.tag, hd->ds)) {
				fail_detail(detail, sizeof(detail), "RFC 3602",
					    &m, &p, &w,
					    what[0] ? what : "tag differs from OpenSSL's HMAC");
				grecord(0, detail);
				continue;
			}
			if (!run_msg(hd, 1, &m, ct, &p, &w, tag, what,
				     sizeof(what)) ||
			    !cmp_out(w.dst, pt, m.len, "plaintext", what,
				     sizeof(what))) {
				fail_detail(detail, sizeof(detail), "RFC 3602 decrypt",
					    &m, &p, &w, what);
				grecord(0, detail);
				continue;
			}
			grecord(1, "");
		}
	}
	gend();

	/*
	 * Published HMACs: the data's first len % 16 bytes as AAD (or all of
	 * it), the rest hashed by the stitched decryption as ciphertext.
	 */
	gbegin("%s RFC %s HMAC cases through the stream (AAD only, and AAD + stitched decryption)",
	       hd->name, hd == &hashes[H_SHA1] ? "2202" : "4231");
	for (i = 0; i < sizeof(rfc_hmac) / sizeof(rfc_hmac[0]); i++) {
		const struct rfc_hmac *r = &rfc_hmac[i];
		int all;

		if (&hashes[r->h] != hd)
			continue;
		memset(&m, 0, sizeof(m));
		if (r->key) {
			m.hklen = unhexs(m.hkey, r->key);
		} else {
			m.hklen = r->n;
			memset(m.hkey, r->rep, r->n);
		}
		if (r->data) {
			dlen = strlen(r->data);
			memcpy(data, r->data, dlen);
		} else {
			dlen = r->dn;
			memset(data, r->drep, dlen);
		}
		unhexs(mac, r->mac);
		for (all = 0; all < 2; all++) {
			m.klen = 16;
			rnd_bytes(m.key, 16);
			rnd_bytes(m.iv, BLK);
			m.alen = all ? dlen : dlen % BLK;
			m.aad = data;
			m.len = dlen - m.alen;
			m.authsize = hd->ds;
			/* the data is the "ciphertext": decrypt it to get P */
			m.ct = data + m.alen;
			aesnictr_expand_key(&m.ek, m.key, 16);
			aesnictr_invert_key(&m.dk, &m.ek);
			hmac_setkey(hd, &m.hk, m.hkey, m.hklen);
			memset(&p, 0, sizeof(p));
			p.naad = 1;
			p.aad_pieces[0] = (unsigned int)m.alen;
			p.nsteps = 1;
			p.steps[0] = (unsigned int)m.len;
			p.lazy = all;
			garbage_len = 0;
			w = normal_where(&p);
			if (!run_msg(hd, 1, &m, m.ct, &p, &w, tag, what,
				     sizeof(what))) {
				snprintf(detail, sizeof(detail), "%s: %s",
					 r->name, what);
				grecord(0, detail);
			} else if (memcmp(tag, mac, hd->ds)) {
				snprintf(detail, sizeof(detail),
					 "%s: HMAC differs from the RFC's (%s)",
					 r->name, all ? "AAD only" :
					 "AAD + stitched decryption");
				grecord(0, detail);
			} else {
				grecord(1, "");
			}
		}
	}
	gend();

	/* the module's self-test vectors */
	gbegin("%s authenc_vectors.h (RFC 3602 texts with RFC 2202/4231 keys) against OpenSSL and the assembly",
	       hd->name);
	for (i = 0; i < AESNICTR_AUTHENC_NR_VECTORS; i++) {
		const struct aesnictr_authenc_vector *v =
			&aesnictr_authenc_vectors[i];
		u8 want[AESNICTR_AUTHENC_MAX_DIGEST];

		if (v->esn || strcmp(v->hash, hd->name))
			continue;
		memset(&m, 0, sizeof(m));
		if (parse_key(v->key, v->klen, &m)) {
			snprintf(detail, sizeof(detail), "%s: bad key blob",
				 v->name);
			grecord(0, detail);
			continue;
		}
		memcpy(m.iv, v->iv, BLK);
		m.aad = v->assoc;
		m.alen = v->alen;
		m.plain = v->ptext;
		m.len = v->plen;
		m.authsize = v->taglen;
		m.ct = ctbuf;
		prepare(hd, &m);
		memcpy(want, v->ctext + v->plen, v->taglen);
		if (memcmp(m.ct, v->ctext, v->plen) ||
		    memcmp(m.tag, want, v->taglen)) {
			snprintf(detail, sizeof(detail),
				 "%s: OpenSSL disagrees with the vector",
				 v->name);
			grecord(0, detail);
			continue;
		}
		gen_plan(&p, &m);
		w = normal_where(&p);
		if (!check_case(hd, &m, &p, &w, &p, &w, 1, detail,
				sizeof(detail)))
			grecord(0, detail);
		else
			grecord(1, "");
	}
	gend();
}

/* ---- unmapped pages ---------------------------------------------------------- */

/*
 * src, dst and the stream struct against unmapped pages: the stream at the
 * end of its page or at its start (variant 1).
 */
static void authenc_fence_run(void *ctx, const struct fence_case *fc)
{
	static char detail[DETAIL_LEN];
	const struct authenc_hash *hd = ctx;
	struct plan pe, pd;
	struct where w;
	struct msg m;

	random_msg(&m, 16 + 8 * (unsigned int)(rnd() % 3), hd, rnd_alen(),
		   fc->len);
	gen_plan(&pe, &m);
	gen_plan(&pd, &m);
	w.dst = fence_at(fc, 1, fc->len, GUARD, &w.gb, &w.ga);
	w.src = fc->inplace ? w.dst : fence_at(fc, 0, fc->len, 0, NULL, NULL);
	w.aad = aadbuf;
	w.s = (struct aesnictr_authenc_stream *)
		fence_put(fc->area[2], fc->span[2], STREAM_SIZE, !fc->variant,
			  GUARD, &w.sgb, &w.sga);
	pe.inplace = pd.inplace = fc->inplace;
	grecord(check_case(hd, &m, &pe, &w, &pd, &w, 0, detail,
			   sizeof(detail)),
		detail);
}

static void test_fences(const struct authenc_hash *hd)
{
	/* text 0..40 blocks and 4 KiB +- 1..3 blocks */
	static const struct fence_range lens[] = {
		{ 0, 40 * BLK }, { 4096 - 3 * BLK, 4096 + 3 * BLK },
	};
	static struct fence_test ft = {
		.pages = { 4, 4, 1 }, .lens = lens, .nr_lens = 2, .step = BLK,
		.nr_variants = 2, .run = authenc_fence_run,
	};

	gbegin("%s src, dst and the stream struct against unmapped pages (text 0..40 blocks and 4 KiB +- 1..3 blocks, both ends, in/out of place)",
	       hd->name);
	ft.ctx = (void *)hd;
	run_fences(&ft);
	gend();
}

static void test_abi(const struct authenc_hash *hd)
{
	if (abi_bad[hd - hashes])
		fail("%s ABI:%s", hd->name, abi_what(abi_bad[hd - hashes]));
	else
		pass("%s ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s, garbage in upper half of len ignored (%ld calls)",
		     hd->name, check_ymm ? ", upper YMM state clean" : "",
		     abi_calls[hd - hashes]);
}

/* ---- main ---------------------------------------------------------------------- */

/* NULL if the CPU can run the assembly, else what it lacks. */
static const char *cpu_lacks(void)
{
	unsigned int a, b, c, d;

	if (!cpu_tier_usable(TIER_AVX))
		return cpu_tier_why_not(TIER_AVX);
	if (__get_cpuid_max(0, NULL) < 7)
		return "CPU lacks SHA-NI";
	__cpuid_count(7, 0, a, b, c, d);
	if (!(b & (1u << 29)))
		return "CPU lacks SHA-NI";
	return NULL;
}

/* NULL if the CPU can run authenc_sha512.S, else what it lacks. */
static const char *sha512_lacks(void)
{
	unsigned int a, b, c, d;

	if (!cpu_tier_usable(TIER_AVX))
		return cpu_tier_why_not(TIER_AVX);
	if (__get_cpuid_max(0, NULL) < 7)
		return "CPU lacks AVX2/BMI1/BMI2";
	__cpuid_count(7, 0, a, b, c, d);
	/* leaf 7 EBX: bit 3 BMI1 (ANDN), bit 5 AVX2, bit 8 BMI2 (RORX) */
	if (!(b & (1u << 5)))
		return "CPU lacks AVX2";
	if (!(b & (1u << 3)))
		return "CPU lacks BMI1";
	if (!(b & (1u << 8)))
		return "CPU lacks BMI2";
	return NULL;
}

/*
 * The module's C path of the HMAC (../../authenc_hmac.c with its portable
 * SHA compression, as the glue runs it without the FPU, and at every
 * setkey): HMAC keys of 0..200 bytes, AAD || text of up to 2.6 KB absorbed
 * in random pieces, against OpenSSL's HMAC; the key states against those
 * computed with the assembly.
 */
static void test_c_path(const struct authenc_hash *hd, long cases)
{
	aesnictr_sha_blocks_t *gen = hd->sha->blocks_generic;
	struct aesnictr_authenc_stream s;
	struct authenc_hkey kc, ka;
	u8 hkey[MAX_HKEY], tag[AESNICTR_AUTHENC_MAX_DIGEST], want[AESNICTR_AUTHENC_MAX_DIGEST];
	size_t klen = 0, alen = 0, clen = 0, pos, n;
	long i, bad = 0;

	for (i = 0; i < cases && !bad; i++) {
		klen = rnd() % (MAX_HKEY + 1);
		alen = rnd() % (MAX_AAD + 1);
		clen = rnd() % 2049;
		rnd_bytes(hkey, klen);
		rnd_bytes(tmpbuf, alen + clen);
		aesnictr_authenc_hmac_key(hd->sha, gen, &kc.istate, &kc.ostate,
					  hkey, (unsigned int)klen);
		authenc_hmac_setkey(hd, authenc_compress_direct, &ka, hkey,
				    klen);
		s.h = kc.istate;
		s.nfull = s.npart = 0;
		for (pos = 0; pos < alen + clen; pos += n) {
			n = rnd() % 4 ? 1 + rnd() % 200 : rnd() % 1500;
			if (n > alen + clen - pos)
				n = alen + clen - pos;
			aesnictr_authenc_absorb(&s, hd->sha, gen, tmpbuf + pos,
						(unsigned int)n);
		}
		aesnictr_authenc_hmac_final(&s, hd->sha, gen, &kc.ostate,
					    SB + alen + clen, tag);
		ossl_hmac(hd, hkey, klen, tmpbuf, alen, tmpbuf + alen, clen,
			  want);
		bad = memcmp(&kc, &ka, sizeof(kc)) ? 1 :
		      memcmp(tag, want, hd->ds) ? 2 : 0;
	}
	if (bad)
		fail("%s C path (authenc_hmac.c): %s wrong for HMAC key %zu bytes, AAD %zu, text %zu",
		     hd->name, bad == 1 ? "the key states" : "the HMAC",
		     klen, alen, clen);
	else
		pass("%s C path (authenc_hmac.c, portable SHA): HMAC keys 0..%d, AAD + text 0..%d bytes in random pieces, against OpenSSL and the assembly's key states (%ld cases)",
		     hd->name, MAX_HKEY, MAX_AAD + 2048, cases);
}

/*
 * The assembly's HMAC end against the C code's (authenc_hmac.c with the
 * assembly's block function; test_c_path checks it against OpenSSL): every
 * npart 0..63 with and without a block in full[], random states, bytes and
 * totals (some above 2^32 bits); the stream must stay as it was and no byte
 * past the digest be written.
 */
static void test_hmac_final(const struct authenc_hash *hd)
{
	struct aesnictr_authenc_stream s, before, sc;
	union aesnictr_sha_state ostate;
	u8 got[AESNICTR_AUTHENC_MAX_DIGEST + 16], want[AESNICTR_AUTHENC_MAX_DIGEST];
	unsigned int npart, nfull, rep, cases = 0;
	uint64_t total = 0;
	const char *bad = NULL;

	for (npart = 0; npart < 64 && !bad; npart++)
		for (nfull = 0; nfull < 2 && !bad; nfull++)
			for (rep = 0; rep < 16 && !bad; rep++) {
				rnd_bytes((u8 *)&s, sizeof(s));
				rnd_bytes((u8 *)&ostate, sizeof(ostate));
				s.npart = npart;
				s.nfull = nfull;
				total = 64 + 64 * nfull + npart +
					64 * (rnd() % (rep < 12 ? 1000 : 1u << 28));
				before = s;
				sc = s;
				memset(got, 0xa5, sizeof(got));
				call_hmac_final(hd, &s, &ostate, total, got);
				aesnictr_authenc_hmac_final(&sc, hd->sha,
							    hd->blocks, &ostate,
							    total, want);
				cases++;
				if (memcmp(got, want, hd->ds))
					bad = "the digest differs from the C code's";
				else if (memcmp(&s, &before, sizeof(s)))
					bad = "the stream was written";
				else if (got[hd->ds] != 0xa5 ||
					 memcmp(got + hd->ds, got + hd->ds + 1,
						sizeof(got) - hd->ds - 1))
					bad = "bytes past the digest were written";
			}
	if (bad)
		fail("%s HMAC end in assembly: npart %u, nfull %u, total %llu: %s",
		     hd->name, npart - 1, nfull - 1,
		     (unsigned long long)total, bad);
	else
		pass("%s HMAC end in assembly against the C code's: every npart 0..63, full[] or not, random states and totals up to 2^34 bytes (%u cases)",
		     hd->name, cases);
}

/* ---- authencesn: the glue's AAD rearrangement ------------------------------ */

/*
 * One authencesn message as the glue runs it (authenc_glue.c): the AAD in
 * random pieces through aesnictr_authenc_absorb_esn_aad() (seq_hi set
 * aside), the text through the stitched assembly in random steps, seq_hi
 * behind it, the HMAC finished; against OpenSSL's CBC and HMAC over
 * SPI || AAD[8..] || ciphertext || seq_hi.  Returns 0 if all agree.
 */
static int esn_one(const struct authenc_hash *hd, struct msg *m, int dec,
		   char *detail, size_t dlen)
{
	struct aesnictr_authenc_stream s;
	u8 seq_hi[4], tag[64], want[64];
	size_t pos, n;

	/* OpenSSL: the MAC over the rearranged bytes */
	ossl_cbc(m->klen, m->key, m->iv, m->plain, m->ct, m->len, 1);
	memcpy(tmpbuf, m->aad, 4);
	memcpy(tmpbuf + 4, m->aad + 8, m->alen - 8);
	memcpy(tmpbuf + m->alen - 4, m->ct, m->len);
	memcpy(tmpbuf + m->alen - 4 + m->len, m->aad + 4, 4);
	ossl_hmac(hd, m->hkey, m->hklen, tmpbuf, m->alen + m->len, tmpbuf, 0,
		  want);

	memset(&s, 0xee, sizeof(s));
	s.h = m->hk.istate;
	memcpy(s.iv, m->iv, BLK);
	s.nfull = s.npart = 0;
	memset(seq_hi, 0, sizeof(seq_hi));
	for (pos = 0; pos < m->alen; pos += n) {
		n = rnd() % 3 ? 1 + rnd() % 9 : rnd() % (m->alen + 1);
		if (n > m->alen - pos)
			n = m->alen - pos;
		aesnictr_authenc_absorb_esn_aad(&s, hd->sha, hd->blocks,
						m->aad + pos, (unsigned int)n,
						(unsigned int)pos, seq_hi);
	}
	for (pos = 0; pos < m->len; pos += n) {
		n = BLK * (1 + rnd() % 40);
		if (n > m->len - pos)
			n = m->len - pos;
		if (dec)
			call_cbc(hd->dec, &m->dk, &s, outbuf + pos,
				 m->ct + pos, (unsigned int)n);
		else
			call_cbc(hd->enc, &m->ek, &s, outbuf + pos,
				 m->plain + pos, (unsigned int)n);
	}
	aesnictr_authenc_absorb(&s, hd->sha, hd->blocks, seq_hi, 4);
	finish(hd, &m->hk, &s, hd->sha->blocksize + m->alen + m->len, tag);
	if (memcmp(outbuf, dec ? m->plain : m->ct, m->len) ||
	    memcmp(tag, want, hd->ds)) {
		snprintf(detail, dlen,
			 "%s %s: AES-%u, HMAC key %zu, AAD %zu, text %zu: %s differs from OpenSSL's",
			 hd->name, dec ? "decryption" : "encryption",
			 m->klen * 8, m->hklen, m->alen, m->len,
			 memcmp(tag, want, hd->ds) ? "the MAC" : "the text");
		return -1;
	}
	return 0;
}

static void test_esn(const struct authenc_hash *hd, long cases)
{
	static const size_t esp_alen[] = { 8, 12, 16, 24, 28, 40 };
	char detail[256];
	struct msg m;
	long i;
	int v, k;

	gbegin("%s authencesn: authenc_vectors.h's esn vectors against OpenSSL and the glue's AAD rearrangement with the assembly",
	       hd->name);
	for (v = 0; v < (int)AESNICTR_AUTHENC_NR_VECTORS; v++) {
		const struct aesnictr_authenc_vector *t =
			&aesnictr_authenc_vectors[v];

		if (!t->esn || strcmp(t->hash, hd->name))
			continue;
		memset(&m, 0, sizeof(m));
		if (parse_key(t->key, t->klen, &m)) {
			grecord(0, t->name);
			continue;
		}
		memcpy(m.iv, t->iv, BLK);
		m.aad = t->assoc;
		m.alen = t->alen;
		m.plain = t->ptext;
		m.len = t->plen;
		m.ct = ctbuf;
		prepare(hd, &m);
		if (esn_one(hd, &m, 0, detail, sizeof(detail)) ||
		    esn_one(hd, &m, 1, detail, sizeof(detail))) {
			grecord(0, detail);
			continue;
		}
		/* the vector: the same ciphertext and (truncated) MAC */
		esn_one(hd, &m, 0, detail, sizeof(detail));
		ossl_hmac(hd, m.hkey, m.hklen, tmpbuf, m.alen + m.len, tmpbuf, 0,
			  m.tag);
		if (memcmp(m.ct, t->ctext, t->plen) ||
		    memcmp(m.tag, t->ctext + t->plen, t->taglen)) {
			snprintf(detail, sizeof(detail),
				 "%s: OpenSSL disagrees with the vector",
				 t->name);
			grecord(0, detail);
		} else {
			grecord(1, "");
		}
	}
	gend();

	for (k = 0; k < 3; k++) {
		unsigned int klen = 16 + 8 * k;

		gbegin("%s authencesn aes-%u random cases: AAD 8..600 (ESP's half the time) in 1..9-byte pieces and more, text to 4 KiB, both ways",
		       hd->name, klen * 8);
		for (i = 0; i < cases; i++) {
			size_t alen = rnd() % 2 ? esp_alen[rnd() % 6] :
				      8 + rnd() % (MAX_AAD - 7);
			size_t len = BLK * (rnd() % 16 ? rnd() % 33 :
						 rnd() % 257);

			random_msg(&m, klen, hd, alen, len);
			if (esn_one(hd, &m, rnd() % 2, detail,
				    sizeof(detail))) {
				grecord(0, detail);
				break;
			}
			grecord(1, "");
		}
		gend();
	}
}

int main(int argc, char **argv)
{
	static const unsigned int klens[] = { 16, 24, 32 };
	const char *lacks_ni, *lacks_512, *lacks;
	char covered[160];
	long cases;
	int h, k, variants = 0;

	cases = test_init("test_authenc", argc, argv);
	check_ymm = cpu_has_xinuse();
	lacks_ni = cpu_lacks();
	lacks_512 = sha512_lacks();
	if (lacks_ni && lacks_512) {
		for (h = 0; h < NR_HASH; h++)
			printf("NOT COVERED: authenc %s (%s)\n", hashes[h].name,
			       h >= H_SHA384 ? lacks_512 : lacks_ni);
		printf("native authenc covered: none\n");
		return 0;
	}
	pool_init();
	srcbuf = xaligned(MAX_LEN + 128);
	dstbuf = xaligned(MAX_LEN + 128 + 2 * GUARD);
	outbuf = xaligned(MAX_LEN + 64);
	ctbuf = xaligned(MAX_LEN + 64);
	tmpbuf = xaligned(MAX_LEN + 64);
	aadbuf = xaligned(MAX_AAD + 128);
	macbuf = xaligned(MAX_AAD + MAX_LEN + 64);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		return 2;

	covered[0] = 0;
	for (h = 0; h < NR_HASH; h++) {
		const struct authenc_hash *hd = &hashes[h];

		/* sha384/sha512 (authenc_sha512.S): AES-NI, AVX2, BMI1, BMI2 */
		lacks = h >= H_SHA384 ? lacks_512 : lacks_ni;
		if (lacks) {
			printf("NOT COVERED: authenc %s (%s)\n", hd->name, lacks);
			continue;
		}
		cur_hash = (enum authenc_hash_id)h;
		cur_sb = hd->sha->blocksize;
		test_kats(hd);
		test_fences(hd);
		for (k = 0; k < 3; k++) {
			test_lengths(hd, klens[k]);
			test_random(hd, klens[k], h >= H_SHA384 ? cases / 4 : cases);
		}
		if (hd->hmac_final)
			test_hmac_final(hd);
		test_abi(hd);
		test_c_path(hd, cases / 20 + 1);
		test_esn(hd, cases);
		cat(covered, sizeof(covered), " %s", hd->name);
	}
	EVP_CIPHER_CTX_free(evp);

	/*
	 * SHA-512/384 against OpenSSL alone, both variants of
	 * authenc_sha512.S (test_authenc_sha512.c): every text length
	 * 0..2048, 200000 cases per key size (alternating the hashes).
	 */
	if (!lacks_512) {
		variants = test_authenc_sha512(cases, check_ymm);
		cat(covered, sizeof(covered), " (sha512/384: %s)",
		    variants == 3 ? "avx2 and avx512" : "avx2 only");
	}
	{
		static char line[200];

		snprintf(line, sizeof(line), "native authenc covered:%s",
			 covered[0] ? covered : " none");
		return test_finish(line);
	}
}
