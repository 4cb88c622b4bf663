// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the XTS assembly (../../xts_aes.S), every tier
 * the CPU has, AES-128/192/256, against OpenSSL: EVP aes-128-xts and
 * aes-256-xts, and for AES-192 (which OpenSSL's XTS lacks) a reference XTS
 * built here on EVP aes-192-ecb, itself first checked against EVP
 * aes-*-xts.  The IEEE 1619-2007 vectors (../../xts_vectors.h) split at every
 * block boundary; every length 16..1100 and 4032..4160 at every src/dst
 * offset and in place; buffers against unmapped pages; random lengths to
 * 64 KiB.  Every case is encrypted or decrypted in one to five calls cut at
 * random block boundaries, the tweak carried from call to call as the
 * kernel glue does between skcipher walk steps; the first call is given
 * the IV and the tweak key (a quarter of the cases: T_0 already made, as
 * a continued message), sometimes after a call of fewer than 16 bytes that
 * must make T_0 only; the tweak returned must be the one past the last
 * (partial) block.  Every call also checks the SysV
 * ABI (abi_call.S), garbage in the upper half of the length argument, guard
 * bytes around dst and the tweak, and that src and the key schedules are
 * not written.
 *
 * The routines under test are the variants: one per tier (avx, vaes2,
 * vaes512) and vaes2-clmul, the vaes2 routines with VPCLMULQDQ tweaks that
 * the kernel glue picks on CPUs with VPCLMULQDQ (natively the vaes2 tier
 * already needs it, cpu.c), each tested alike and reported by its name.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native xts tiers covered: ..." line naming the
 * variants.  Exits 1 on FAIL.  Options: --seed=N (or SEED=N), --cases=N
 * random cases per variant and key size (default 200000),
 * --max-tier=avx|vaes2|vaes512 (a variant runs within its tier's cap; or
 * AESNICTR_MAX_TIER).
 * --bench [--ms=N] [--runs=N]: instead of testing, time each variant against
 * OpenSSL's EVP aes-128/256-xts at 512 B, 4 KiB and 16 KiB (key set once, a
 * fresh IV per message: ours one call with the IV and the tweak key, as the
 * kernel glue); the best of N (40) interleaved runs of N (4) ms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "abi_call.h"
#include "cpu.h"
#include "test_util.h"
#include "../../xts_asm.h"
#include "../../xts_vectors.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define GUARD		64		/* guard bytes each side of dst */
#define TW_GUARD	16		/* ... and of the tweak */
#define MAX_CALLS	5

typedef void xts_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, u8 tweak[BLK],
		      const struct aesnictr_key *tweak_key);

/* The routine pairs under test, each run where its tier is usable. */
enum variant {
	VAR_AVX,
	VAR_VAES2,
	VAR_VAES2_CLMUL,
	VAR_VAES512,
	NR_VARS
};

static const char *const var_names[NR_VARS] = {
	"avx", "vaes2", "vaes2-clmul", "vaes512"
};

static const enum tier var_tier[NR_VARS] = {
	TIER_AVX, TIER_VAES2, TIER_VAES2, TIER_VAES512
};

static xts_fn_t *const enc_fns[NR_VARS] = {
	[VAR_AVX]		= aesnictr_xts_encrypt_avx,
	[VAR_VAES2]		= aesnictr_xts_encrypt_vaes2,
	[VAR_VAES2_CLMUL]	= aesnictr_xts_encrypt_vaes2_clmul,
	[VAR_VAES512]		= aesnictr_xts_encrypt_vaes512,
};

static xts_fn_t *const dec_fns[NR_VARS] = {
	[VAR_AVX]		= aesnictr_xts_decrypt_avx,
	[VAR_VAES2]		= aesnictr_xts_decrypt_vaes2,
	[VAR_VAES2_CLMUL]	= aesnictr_xts_decrypt_vaes2_clmul,
	[VAR_VAES512]		= aesnictr_xts_decrypt_vaes512,
};

static int var_usable[NR_VARS];

/*
 * Groups of cases, one PASS/FAIL line per usable variant (test_util's
 * groups are per tier; these are the same per variant).
 */
static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} vgrp[NR_VARS];
static char vgrp_name[192];

static void __attribute__((format(printf, 1, 2)))
vgroup_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(vgrp_name, sizeof(vgrp_name), fmt, ap);
	va_end(ap);
	memset(vgrp, 0, sizeof(vgrp));
}

static void vgroup_record(enum variant v, int ok, const char *detail)
{
	vgrp[v].cases++;
	if (ok)
		return;
	if (!vgrp[v].fails++)
		snprintf(vgrp[v].first, sizeof(vgrp[v].first), "%s", detail);
}

static void vgroup_end(void)
{
	int v;

	for (v = 0; v < NR_VARS; v++) {
		if (!var_usable[v])
			continue;
		if (!vgrp[v].fails)
			pass("%s %s (%ld cases)", var_names[v], vgrp_name,
			     vgrp[v].cases);
		else
			fail("%s %s: %s (%ld of %ld cases failed)",
			     var_names[v], vgrp_name, vgrp[v].first,
			     vgrp[v].fails, vgrp[v].cases);
	}
}

/* ---- keys ----------------------------------------------------------------- */

/* An XTS key: Key1 || Key2, and the schedules the glue would make. */
struct xkey {
	unsigned int klen;		/* bytes of each half: 16, 24, 32 */
	u8 raw[64];
	struct aesnictr_key enc, dec, tw;
	struct aesnictr_key enc_copy, dec_copy, tw_copy;
};

static EVP_CIPHER_CTX *evp, *ecb1e, *ecb1d, *ecb2;

static const EVP_CIPHER *ecb_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ecb() :
	       klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
}

static void ecb_init(EVP_CIPHER_CTX *c, unsigned int klen, const u8 *key,
		     int enc)
{
	if (!EVP_CipherInit_ex(c, ecb_cipher(klen), NULL, key, NULL, enc) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0)) {
		fprintf(stderr, "OpenSSL EVP ECB init failed\n");
		exit(2);
	}
}

static void ecb(EVP_CIPHER_CTX *c, u8 *out, const u8 *in, size_t len)
{
	int n = 0;

	if (!EVP_CipherUpdate(c, out, &n, in, (int)len) || (size_t)n != len) {
		fprintf(stderr, "OpenSSL EVP ECB failed\n");
		exit(2);
	}
}

/* Expand k's halves with the assembly; the reference's ECB keys too. */
static void xkey_set(struct xkey *k, unsigned int klen, const u8 *raw)
{
	k->klen = klen;
	memcpy(k->raw, raw, 2 * klen);
	aesnictr_expand_key(&k->enc, raw, klen);
	aesnictr_invert_key(&k->dec, &k->enc);
	aesnictr_expand_key(&k->tw, raw + klen, klen);
	k->enc_copy = k->enc;
	k->dec_copy = k->dec;
	k->tw_copy = k->tw;
	ecb_init(ecb1e, klen, raw, 1);
	ecb_init(ecb1d, klen, raw, 0);
	ecb_init(ecb2, klen, raw + klen, 1);
}

static void xkey_random(struct xkey *k, unsigned int klen)
{
	u8 raw[64];

	rnd_bytes(raw, 2 * klen);
	xkey_set(k, klen, raw);
}

/* ---- the oracles ---------------------------------------------------------- */

/* t *= x in GF(2^128), XTS bit order (little-endian). */
static void gf_mulx(u8 t[BLK])
{
	uint64_t lo, hi, carry;

	memcpy(&lo, t, 8);
	memcpy(&hi, t + 8, 8);
	carry = hi >> 63;
	hi = hi << 1 | lo >> 63;
	lo = lo << 1 ^ (0x87 & -carry);
	memcpy(t, &lo, 8);
	memcpy(t + 8, &hi, 8);
}

static void xor16(u8 *d, const u8 *a, const u8 *b)
{
	int i;

	for (i = 0; i < BLK; i++)
		d[i] = a[i] ^ b[i];
}

static u8 *ref_tweaks;			/* the reference's tweak of each block */

/*
 * The reference XTS (IEEE 1619-2007 5.3, 5.4) on OpenSSL's ECB with the keys
 * of the last xkey_set(); any length >= 16.
 */
static void ref_xts(const u8 iv[BLK], const u8 *in, u8 *out, size_t len,
		    int enc)
{
	size_t m = len / BLK, b = len % BLK, bulk = b ? m - 1 : m, j;
	EVP_CIPHER_CTX *c = enc ? ecb1e : ecb1d;
	u8 t[BLK], x[BLK], y[BLK];
	const u8 *ta, *tb;

	ecb(ecb2, t, iv, BLK);
	for (j = 0; j <= m; j++) {
		memcpy(ref_tweaks + j * BLK, t, BLK);
		gf_mulx(t);
	}
	for (j = 0; j < bulk * BLK; j++)
		out[j] = in[j] ^ ref_tweaks[j];
	ecb(c, out, out, bulk * BLK);
	for (j = 0; j < bulk * BLK; j++)
		out[j] ^= ref_tweaks[j];
	if (!b)
		return;
	/* stealing: (A, B) = (T_m-1, T_m) to encrypt, (T_m, T_m-1) to decrypt */
	ta = ref_tweaks + (enc ? bulk : bulk + 1) * BLK;
	tb = ref_tweaks + (enc ? bulk + 1 : bulk) * BLK;
	xor16(x, in + bulk * BLK, ta);
	ecb(c, x, x, BLK);
	xor16(x, x, ta);
	memcpy(y, in + m * BLK, b);
	memcpy(y + b, x + b, BLK - b);
	memcpy(out + m * BLK, x, b);
	xor16(y, y, tb);
	ecb(c, y, y, BLK);
	xor16(out + bulk * BLK, y, tb);
}

/* The oracle: OpenSSL's XTS for AES-128/256, the reference for AES-192. */
static void oracle(const struct xkey *k, const u8 iv[BLK], const u8 *in,
		   u8 *out, size_t len, int enc)
{
	int n = 0;

	if (k->klen == 24) {
		ref_xts(iv, in, out, len, enc);
		return;
	}
	if (!EVP_CipherInit_ex(evp, k->klen == 16 ? EVP_aes_128_xts() :
			       EVP_aes_256_xts(), NULL, k->raw, iv, enc) ||
	    !EVP_CipherUpdate(evp, out, &n, in, (int)len) ||
	    (size_t)n != len) {
		fprintf(stderr, "OpenSSL EVP XTS failed\n");
		exit(2);
	}
}

/* T_0 = AES(Key2, iv) and the tweak after len bytes, T_0 * x^ceil(len/16). */
static void tweaks_of(const u8 iv[BLK], size_t len, u8 t0[BLK],
		      u8 after[BLK])
{
	size_t j;

	ecb(ecb2, t0, iv, BLK);
	memcpy(after, t0, BLK);
	for (j = 0; j < (len + BLK - 1) / BLK; j++)
		gf_mulx(after);
}

/* ---- one case ------------------------------------------------------------- */

struct xcase {
	const struct xkey *k;
	u8 iv[BLK];
	size_t len;
	int enc;
	const u8 *in;			/* len bytes */
	const u8 *want;			/* what the oracle made of them */
	u8 t0[BLK], t_after[BLK];
	int ncalls;
	size_t calls[MAX_CALLS];	/* lengths of the calls, summing to len */
	int garbage;			/* garbage in the upper half of len */
	/*
	 * The first call is given T_0 (tweak_key NULL, as a continued
	 * message) instead of the IV and tweak_key
	 */
	int given_t0;
	/* if nonzero, a first call of short_first - 1 < 16 bytes: T_0 only */
	int short_first;
	const char *note;		/* where the buffers are, for FAIL */
};

/*
 * Cut c->len into ncalls calls at block boundaries: every call but the last
 * a positive multiple of 16, the last at least 16 bytes (with any partial
 * block).  ncalls is capped by the number of full blocks.
 */
static void split_calls(struct xcase *c, int ncalls)
{
	size_t nfull = c->len / BLK, cuts[MAX_CALLS], pos = 0;
	int i, j, n = 0;

	if (ncalls > (int)nfull)
		ncalls = (int)nfull;
	if (ncalls < 1)
		ncalls = 1;
	/* distinct cut points in blocks 1 .. nfull-1, sorted */
	while (n < ncalls - 1) {
		size_t cut = 1 + rnd() % (nfull - 1);

		for (j = 0; j < n && cuts[j] != cut; j++)
			;
		if (j == n)
			cuts[n++] = cut;
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
			size_t tmp = cuts[j];

			cuts[j] = cuts[j - 1];
			cuts[j - 1] = tmp;
		}
	for (i = 0; i < n; i++) {
		c->calls[i] = cuts[i] * BLK - pos;
		pos = cuts[i] * BLK;
	}
	c->calls[n] = c->len - pos;
	c->ncalls = n + 1;
}

/* A random split (one call half the time), garbage, tweak placement. */
static void random_plan(struct xcase *c)
{
	unsigned int r = rnd() % 8;

	split_calls(c, r < 4 ? 1 : 2 + (int)(rnd() % (MAX_CALLS - 1)));
	c->garbage = rnd() & 1;
	c->given_t0 = !(rnd() & 3);
	c->short_first = !c->given_t0 && !(rnd() & 7) ? 1 + (int)(rnd() % BLK) : 0;
}

static void set_oracle(struct xcase *c, u8 *want)
{
	oracle(c->k, c->iv, c->in, want, c->len, c->enc);
	c->want = want;
	tweaks_of(c->iv, c->len, c->t0, c->t_after);
}

static unsigned int abi_bad;
static long abi_calls[NR_VARS];
static unsigned int abi_bad_var[NR_VARS];
static int check_ymm;		/* XINUSE usable: check for vzeroupper */

static uint64_t len_arg(const struct xcase *c, size_t len)
{
	return c->garbage ? (rnd() << 32) | (uint32_t)len : (uint32_t)len;
}

/*
 * The calls of case c on variant t: the pieces, the first with the IV and
 * tweak_key (or given T_0), maybe after a call too short for any block.
 */
static __attribute__((noinline)) void do_calls(enum variant t,
					       const struct xcase *c,
					       u8 *src, u8 *dst, u8 *tw)
{
	xts_fn_t *fn = c->enc ? enc_fns[t] : dec_fns[t];
	const struct aesnictr_key *key = c->enc ? &c->k->enc : &c->k->dec;
	size_t pos = 0;
	int i;

	uintptr_t tweak_key = c->given_t0 ? 0 : (uintptr_t)&c->k->tw;

	memcpy(tw, c->given_t0 ? c->t0 : c->iv, BLK);
	if (c->short_first) {
		abi_bad |= abi_call6((const void *)fn, (uintptr_t)key,
				     (uintptr_t)dst, (uintptr_t)src,
				     len_arg(c, (size_t)c->short_first - 1),
				     (uintptr_t)tw, tweak_key);
		tweak_key = 0;
	}
	for (i = 0; i < c->ncalls; i++) {
		abi_bad |= abi_call6((const void *)fn, (uintptr_t)key,
				     (uintptr_t)(dst + pos),
				     (uintptr_t)(src + pos),
				     len_arg(c, c->calls[i]), (uintptr_t)tw,
				     tweak_key);
		tweak_key = 0;
		pos += c->calls[i];
	}
}

/* Run the calls of case c on variant t; 1 if it faulted. */
static __attribute__((noinline)) int run_guarded(enum variant t,
						 const struct xcase *c,
						 u8 *src, u8 *dst, u8 *tw)
{
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		return 1;
	}
	fault_armed = 1;
	do_calls(t, c, src, dst, tw);
	fault_armed = 0;
	return 0;
}

/*
 * Run variant t on c with the given buffers (src == dst for in place; c->in is
 * copied into src first); gb/ga guard bytes before/after dst are filled
 * and checked.  Returns 1 if all is well, else 0 with detail.
 */
static int check_at(enum variant t, const struct xcase *c, u8 *src, u8 *dst,
		    size_t gb, size_t ga, char *detail, size_t dlen)
{
	u8 twbuf[BLK + 2 * TW_GUARD + 16];
	u8 *tw = twbuf + TW_GUARD + (rnd() & 15);
	char keyhex[129], ivhex[33], what[256], calls[96];
	size_t i, ndiff = 0, first = (size_t)-1;
	int ok = 1, n;

	memcpy(src, c->in, c->len);
	fill_guards(dst, c->len, gb, ga);
	fill_guards(tw, BLK, TW_GUARD, TW_GUARD);
	abi_check_ymm = check_ymm;
	abi_bad = 0;
	what[0] = 0;

	if (run_guarded(t, c, src, dst, tw)) {
		snprintf(what, sizeof(what),
			 "segfault at %p (src %p, dst %p)", fault_addr,
			 (void *)src, (void *)dst);
		ok = 0;
		goto report;
	}
	abi_calls[t] += !!c->short_first + c->ncalls;
	abi_bad_var[t] |= abi_bad;

	for (i = 0; i < c->len; i++) {
		if (dst[i] != c->want[i]) {
			if (first == (size_t)-1)
				first = i;
			ndiff++;
		}
	}
	if (ndiff) {
		snprintf(what, sizeof(what),
			 "first wrong byte %zu (block %zu): got %02x want %02x; %zu bytes wrong",
			 first, first / BLK, dst[first], c->want[first], ndiff);
		ok = 0;
		goto report;
	}
	for (i = 0; i < gb; i++) {
		if (dst[-1 - (ptrdiff_t)i] != guard_byte(i)) {
			snprintf(what, sizeof(what),
				 "wrote before dst (byte dst-%zu)", i + 1);
			ok = 0;
			goto report;
		}
	}
	for (i = 0; i < ga; i++) {
		if (dst[c->len + i] != guard_byte(i + 7)) {
			snprintf(what, sizeof(what),
				 "wrote past the end of dst (byte dst+len+%zu)",
				 i);
			ok = 0;
			goto report;
		}
	}
	for (i = 0; i < TW_GUARD; i++) {
		if (tw[-1 - (ptrdiff_t)i] != guard_byte(i) ||
		    tw[BLK + i] != guard_byte(i + 7)) {
			snprintf(what, sizeof(what),
				 "wrote outside the 16-byte tweak");
			ok = 0;
			goto report;
		}
	}
	if (src != dst && memcmp(src, c->in, c->len)) {
		snprintf(what, sizeof(what), "wrote to src");
		ok = 0;
		goto report;
	}
	if (memcmp(&c->k->enc, &c->k->enc_copy, sizeof(c->k->enc)) ||
	    memcmp(&c->k->dec, &c->k->dec_copy, sizeof(c->k->dec)) ||
	    memcmp(&c->k->tw, &c->k->tw_copy, sizeof(c->k->tw))) {
		snprintf(what, sizeof(what), "wrote to a key schedule");
		ok = 0;
		goto report;
	}
	if (abi_bad) {
		snprintf(what, sizeof(what), "ABI broken:%s", abi_what(abi_bad));
		ok = 0;
		goto report;
	}
	if (memcmp(tw, c->t_after, BLK)) {
		snprintf(what, sizeof(what),
			 "tweak after the last call is not T_0 * x^%zu",
			 (c->len + BLK - 1) / BLK);
		ok = 0;
	}
report:
	if (!ok) {
		hex(keyhex, c->k->raw, 2 * c->k->klen);
		hex(ivhex, c->iv, BLK);
		n = c->short_first ? snprintf(calls, sizeof(calls),
					      "%d (T_0 only)+",
					      c->short_first - 1) : 0;
		for (i = 0; i < (size_t)c->ncalls && n < (int)sizeof(calls) - 12; i++)
			n += snprintf(calls + n, sizeof(calls) - n, "%s%zu",
				      i ? "+" : "", c->calls[i]);
		snprintf(detail, dlen,
			 "%s aes-%u len=%zu (calls %s%s%s) %s src%%16=%u dst%%16=%u key=%s iv=%s: %s",
			 c->enc ? "encrypt" : "decrypt", c->k->klen * 8,
			 c->len, calls,
			 c->given_t0 ? ", T_0 given" : ", IV and tweak key",
			 c->garbage ? ", garbage len bits" : "",
			 c->note, (unsigned int)((uintptr_t)src & 15),
			 (unsigned int)((uintptr_t)dst & 15), keyhex, ivhex,
			 what);
	}
	return ok;
}

/* ---- buffers ---------------------------------------------------------------- */

static u8 *want;		/* the oracle's output */
static u8 *inbuf;		/* a case's input, when not from the pool */
static u8 *srcbuf, *dstbuf;	/* 64-byte aligned, room for offsets+guards */

/* Run a case on every usable variant at the given offsets. */
static void run_all_vars(const struct xcase *tc, unsigned int src_off,
			  unsigned int dst_off, int inplace)
{
	char detail[1024];
	struct xcase c = *tc;
	int t;

	c.note = inplace ? "in-place" : "out-of-place";
	for (t = 0; t < NR_VARS; t++) {
		u8 *dst = dstbuf + GUARD + dst_off;
		u8 *src = inplace ? dst : srcbuf + src_off;

		if (!var_usable[t])
			continue;
		vgroup_record(t, check_at(t, &c, src, dst, GUARD, GUARD, detail,
					 sizeof(detail)),
			     detail);
	}
}

/* ---- the checks --------------------------------------------------------- */

/* The reference (the AES-192 oracle) against OpenSSL's own XTS. */
static void test_reference(void)
{
	static const unsigned int klens[] = { 16, 32 };
	u8 *a = xaligned(MAX_LEN), *b = xaligned(MAX_LEN);
	struct xkey k;
	u8 iv[BLK];
	long fails = 0, cases = 0;
	unsigned int i;
	size_t len;
	int enc;

	for (i = 0; i < 2; i++) {
		for (len = 16; len <= 4200; len += len < 600 ? 1 : 1 + rnd() % 97) {
			const u8 *in = rnd_from_pool(len);

			xkey_random(&k, klens[i]);
			rnd_bytes(iv, BLK);
			enc = (int)(len & 1);
			ref_xts(iv, in, a, len, enc);
			oracle(&k, iv, in, b, len, enc);
			cases++;
			if (memcmp(a, b, len) && !fails++)
				fail("reference XTS aes-%u len %zu %s differs from OpenSSL's",
				     klens[i] * 8, len, enc ? "encrypt" : "decrypt");
		}
	}
	if (!fails)
		pass("reference XTS (on OpenSSL ECB; the AES-192 oracle) matches OpenSSL EVP aes-128/256-xts (%ld cases, lengths 16..4200, both ways)",
		     cases);
	free(a);
	free(b);
}

static void test_vectors(void)
{
	struct xkey k;
	struct xcase c;
	unsigned int i, nfull;
	size_t split;
	int dir;

	for (i = 0; i < sizeof(aesnictr_xts_vectors) / sizeof(aesnictr_xts_vectors[0]); i++) {
		const struct aesnictr_xts_vector *v = &aesnictr_xts_vectors[i];

		xkey_set(&k, v->klen / 2, v->key);
		memset(&c, 0, sizeof(c));
		c.k = &k;
		c.len = v->len;
		memcpy(c.iv, v->iv, BLK);
		/* the oracle knows the answer (OpenSSL refuses Key1 == Key2) */
		if (memcmp(v->key, v->key + v->klen / 2, v->klen / 2)) {
			oracle(&k, c.iv, v->ptext, want, v->len, 1);
			if (memcmp(want, v->ctext, v->len))
				fail("openssl oracle %s: wrong output", v->name);
			else
				pass("openssl oracle matches %s", v->name);
		}
		ref_xts(c.iv, v->ptext, want, v->len, 1);
		if (memcmp(want, v->ctext, v->len))
			fail("reference XTS %s: wrong output", v->name);

		vgroup_begin("%s, encrypt and decrypt, split at every block boundary, in place and not",
			    v->name);
		nfull = v->len / BLK;
		for (dir = 0; dir < 2; dir++) {
			c.enc = !dir;
			c.in = c.enc ? v->ptext : v->ctext;
			c.want = c.enc ? v->ctext : v->ptext;
			tweaks_of(c.iv, c.len, c.t0, c.t_after);
			for (split = 0; split < nfull; split++) {
				if (split) {
					c.ncalls = 2;
					c.calls[0] = split * BLK;
					c.calls[1] = c.len - split * BLK;
				} else {
					c.ncalls = 1;
					c.calls[0] = c.len;
				}
				c.garbage = (int)(split & 1);
				c.given_t0 = (int)(split & 2);
				c.short_first = (split & 6) == 4 ?
						1 + (int)(split % BLK) : 0;
				run_all_vars(&c, split & 15, (split * 7) & 15, 0);
				run_all_vars(&c, 0, split & 15, 1);
			}
		}
		vgroup_end();
	}
}

/* Every length lo..hi, every src and dst offset, in place too. */
static void test_lengths(unsigned int klen, size_t lo, size_t hi)
{
	struct xkey k;
	struct xcase c;
	unsigned int off;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	vgroup_begin("aes-%u lengths %zu..%zu, src/dst offsets 0..15, in place, encrypt and decrypt, random splits",
		    klen * 8, lo, hi);
	for (c.len = lo; c.len <= hi; c.len++) {
		xkey_random(&k, klen);
		for (off = 0; off < 16; off++) {
			rnd_bytes(c.iv, BLK);
			c.enc = (int)(off & 1);
			c.in = rnd_from_pool(c.len);
			set_oracle(&c, want);
			random_plan(&c);
			run_all_vars(&c, off, (off * 5 + 3) & 15, 0);
			random_plan(&c);
			run_all_vars(&c, 0, off, 1);
		}
	}
	vgroup_end();
}

/*
 * Buffers flush against unmapped pages, at their start and at their end:
 * any access outside [src, src+len) or [dst, dst+len) faults.
 */
static void xts_fence_run(void *ctx, const struct fence_case *fc)
{
	struct xcase *c = ctx;
	char detail[1024];
	size_t gb, ga;
	u8 *src, *dst;
	int t;

	c->len = fc->len;
	dst = fence_at(fc, 1, c->len, GUARD, &gb, &ga);
	src = fc->inplace ? dst : fence_at(fc, 0, c->len, 0, NULL, NULL);
	rnd_bytes(c->iv, BLK);
	c->enc = (int)(rnd() & 1);
	c->in = rnd_from_pool(c->len);
	set_oracle(c, want);
	random_plan(c);
	c->note = fc->note;
	for (t = 0; t < NR_VARS; t++) {
		if (!var_usable[t])
			continue;
		vgroup_record(t, check_at(t, c, src, dst, gb, ga, detail,
					 sizeof(detail)),
			     detail);
	}
}

static void test_fences(unsigned int klen)
{
	static const struct fence_range lens[] = { { 16, 1100 }, { 4032, 4160 } };
	static struct fence_test ft = {
		.pages = { 3, 3 }, .lens = lens, .nr_lens = 2,
		.run = xts_fence_run,
	};
	struct xkey k;
	struct xcase c;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	vgroup_begin("aes-%u buffers against unmapped pages, lengths 16..1100 and 4032..4160, both ways (no access outside src/dst)",
		    klen * 8);
	xkey_random(&k, klen);
	ft.ctx = &c;
	run_fences(&ft);
	vgroup_end();
}

/* Random lengths 16..MAX_LEN, biased to short ones so the run stays quick. */
static size_t rnd_len(void)
{
	unsigned int r = rnd() % 100;
	size_t len;

	if (r < 50)
		len = rnd() % 257;
	else if (r < 75)
		len = rnd() % 1025;
	else if (r < 90)
		len = rnd() % 8193;
	else
		len = rnd() % (MAX_LEN + 1);
	return len < BLK ? BLK + rnd() % BLK : len;
}

static void test_random(unsigned int klen, long cases)
{
	struct xkey k;
	struct xcase c;
	long i;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	vgroup_begin("aes-%u random keys, tweaks, lengths 16..%d, 1-%d calls, offsets, in place, both ways",
		    klen * 8, MAX_LEN, MAX_CALLS);
	for (i = 0; i < cases; i++) {
		xkey_random(&k, klen);
		rnd_bytes(c.iv, BLK);
		c.len = rnd_len();
		c.enc = (int)(rnd() & 1);
		c.in = rnd_from_pool(c.len);
		set_oracle(&c, want);
		random_plan(&c);
		run_all_vars(&c, rnd() & 15, rnd() & 15, !(rnd() & 3));
	}
	vgroup_end();
}

/* Encrypt then decrypt in place must give the plaintext back. */
static void test_roundtrip(unsigned int klen)
{
	struct xkey k;
	struct xcase c;
	long i;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	vgroup_begin("aes-%u decrypt(encrypt(p)) == p on the variant's own output, lengths 16..70000",
		    klen * 8);
	for (i = 0; i < 2000; i++) {
		size_t len = 16 + rnd() % (70000 - 15);
		int t;

		if (len > MAX_LEN)
			len = MAX_LEN - rnd() % 64;
		xkey_random(&k, klen);
		rnd_bytes(c.iv, BLK);
		c.len = len;
		for (t = 0; t < NR_VARS; t++) {
			char detail[1024];
			u8 *dst = dstbuf + GUARD;

			if (!var_usable[t])
				continue;
			/* encrypt: checked against the oracle */
			c.enc = 1;
			c.in = rnd_from_pool(len);
			set_oracle(&c, want);
			random_plan(&c);
			c.note = "encrypt half of a round trip";
			if (!check_at(t, &c, srcbuf, dst, GUARD, GUARD, detail,
				      sizeof(detail))) {
				vgroup_record(t, 0, detail);
				continue;
			}
			/* decrypt the variant's output: must give c.in back */
			memcpy(inbuf, dst, len);
			c.want = c.in;
			c.in = inbuf;
			c.enc = 0;
			random_plan(&c);
			c.note = "decrypt half of a round trip";
			vgroup_record(t, check_at(t, &c, srcbuf, dst, GUARD,
						 GUARD, detail, sizeof(detail)),
				     detail);
		}
	}
	vgroup_end();
}

static void test_abi_summary(void)
{
	int t;

	for (t = 0; t < NR_VARS; t++) {
		if (!var_usable[t])
			continue;
		if (abi_bad_var[t])
			fail("%s xts ABI:%s", var_names[t],
			     abi_what(abi_bad_var[t]));
		else
			pass("%s xts ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s (%ld calls)",
			     var_names[t], check_ymm ? ", vzeroupper" : "",
			     abi_calls[t]);
	}
}

/* ---- bench ---------------------------------------------------------------- */

static double bench_ms = 4;		/* one timed run */
static int bench_runs = 40;

#define BENCH_IVS	64

struct bench_arg {
	struct xkey *k;
	int var, enc;			/* variant -1: OpenSSL */
	u8 *buf;
	unsigned int next_iv;
	u8 ivs[BENCH_IVS][BLK];		/* a ring of IVs written beforehand */
};

/*
 * One message as the kernel glue does it: one call, given the IV (copied
 * into the tweak buffer) and the tweak key.  The IV comes from a ring
 * filled beforehand, as a request's IV was written long before (an IV
 * stored just before in pieces would stall the 16-byte load of it on store
 * forwarding and measure that instead).
 */
static void bench_one(struct bench_arg *a, size_t len)
{
	const u8 *iv = a->ivs[a->next_iv++ % BENCH_IVS];
	u8 tw[BLK];
	int n;

	if (a->var < 0) {
		if (!EVP_CipherInit_ex(evp, NULL, NULL, NULL, iv, a->enc) ||
		    !EVP_CipherUpdate(evp, a->buf, &n, a->buf, (int)len))
			exit(2);
		return;
	}
	memcpy(tw, iv, BLK);
	(a->enc ? enc_fns[a->var] : dec_fns[a->var])(a->enc ? &a->k->enc :
						       &a->k->dec, a->buf,
						       a->buf, (unsigned int)len, tw,
						       &a->k->tw);
}

/* GB/s of one timed run. */
static double bench_run(struct bench_arg *a, size_t len)
{
	double t0 = now(), t;
	long n = 0;

	do {
		int i;

		for (i = 0; i < 16; i++)
			bench_one(a, len);
		n += 16;
		t = now() - t0;
	} while (t < bench_ms / 1000);
	return n * (double)len / t / 1e9;
}

/*
 * Every implementation at every size, key size and direction: the best of
 * bench_runs runs, the implementations interleaved run by run so that noise
 * from other processes hits all alike.
 */
static int bench(void)
{
	static const size_t sizes[] = { 512, 4096, 16384 };
	static const unsigned int klens[] = { 16, 32 };
	double best[NR_VARS + 1];
	static struct bench_arg a;
	struct xkey k;
	unsigned int ki, si;
	int t, run;

	printf("bench_xts: CPU %s; GB/s (1e9 B/s), best of %d interleaved runs of %.0f ms; key set once, a fresh IV per message, in place; (ratio to OpenSSL)\n",
	       cpu_model(), bench_runs, bench_ms);
	printf("%-21s %6s %9s", "", "bytes", "openssl");
	for (t = 0; t < NR_VARS; t++)
		if (var_usable[t])
			printf(" %15s", var_names[t]);
	printf("\n");
	a.buf = xaligned(16384);
	rnd_bytes(a.buf, 16384);
	a.k = &k;
	for (ki = 0; ki < 2; ki++) {
		xkey_random(&k, klens[ki]);
		for (a.enc = 1; a.enc >= 0; a.enc--) {
			for (si = 0; si < 3; si++) {
				rnd_bytes(a.ivs[0], sizeof(a.ivs));
				if (!EVP_CipherInit_ex(evp, klens[ki] == 16 ?
						       EVP_aes_128_xts() :
						       EVP_aes_256_xts(), NULL,
						       k.raw, a.ivs[0], a.enc))
					return 2;
				memset(best, 0, sizeof(best));
				for (run = 0; run < bench_runs; run++) {
					for (t = -1; t < NR_VARS; t++) {
						double g;

						if (t >= 0 && !var_usable[t])
							continue;
						a.var = t;
						g = bench_run(&a, sizes[si]);
						if (g > best[t + 1])
							best[t + 1] = g;
					}
				}
				printf("AES-%u-XTS %-10s %6zu %9.2f", klens[ki] * 8,
				       a.enc ? "encrypt" : "decrypt", sizes[si],
				       best[0]);
				for (t = 0; t < NR_VARS; t++)
					if (var_usable[t])
						printf(" %6.2f (%5.2fx)", best[t + 1],
						       best[t + 1] / best[0]);
				printf("\n");
			}
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	char *args[16];
	int i, nargs = 0, do_bench = 0;
	unsigned int klen;
	long cases;
	double t0 = now();

	/* --bench and --ms=N are ours; test_init() takes the rest. */
	for (i = 0; i < argc && nargs < 15; i++) {
		if (i && !strcmp(argv[i], "--bench"))
			do_bench = 1;
		else if (i && !strncmp(argv[i], "--ms=", 5))
			bench_ms = strtod(argv[i] + 5, NULL);
		else if (i && !strncmp(argv[i], "--runs=", 7))
			bench_runs = atoi(argv[i] + 7);
		else
			args[nargs++] = argv[i];
	}
	args[nargs] = NULL;
	cases = test_init("test_xts", nargs, args);
	check_ymm = cpu_has_xinuse();
	pool_init();
	want = xaligned(MAX_LEN + 64);
	inbuf = xaligned(MAX_LEN + 64);
	srcbuf = xaligned(MAX_LEN + 64);
	dstbuf = xaligned(MAX_LEN + 64 + 2 * GUARD);
	ref_tweaks = xaligned(MAX_LEN + 2 * BLK);
	evp = EVP_CIPHER_CTX_new();
	ecb1e = EVP_CIPHER_CTX_new();
	ecb1d = EVP_CIPHER_CTX_new();
	ecb2 = EVP_CIPHER_CTX_new();
	if (!evp || !ecb1e || !ecb1d || !ecb2)
		return 2;

	if (!test_tiers(NULL)) {
		printf("native xts tiers covered: none\n");
		return 0;
	}
	for (i = 0; i < NR_VARS; i++)
		var_usable[i] = usable[var_tier[i]];
	if (do_bench)
		return bench();

	test_reference();
	test_vectors();
	for (klen = 16; klen <= 32; klen += 8) {
		test_lengths(klen, 16, 1100);
		test_lengths(klen, 4096 - 64, 4096 + 64);
		test_fences(klen);
		test_roundtrip(klen);
		test_random(klen, cases);
	}
	test_abi_summary();

	EVP_CIPHER_CTX_free(evp);
	EVP_CIPHER_CTX_free(ecb1e);
	EVP_CIPHER_CTX_free(ecb1d);
	EVP_CIPHER_CTX_free(ecb2);
	/* test_finish() names tiers; the variants are listed here */
	printf("test_xts: %d failed, elapsed %.1f s\n", nr_fail, now() - t0);
	printf("native xts tiers covered:");
	for (i = 0; i < NR_VARS; i++)
		if (var_usable[i])
			printf(" %s", var_names[i]);
	printf("\n");
	return nr_fail ? 1 : 0;
}
