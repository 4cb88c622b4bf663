// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the CBC assembly (../../cbc_aes.S), every tier
 * the CPU has, and of the C implementation (../../cbc_generic.c), AES-128/
 * 192/256, against OpenSSL's EVP aes-*-cbc (no padding).  The routines
 * under test: aesnictr_cbc_encrypt_avx (one serial chain serving every
 * tier, tested once, as "encrypt"), the decryption of each tier the CPU
 * has (avx, vaes2, vaes512), and aesnictr_cbc_c_impl's encrypt and decrypt
 * ("C", keys prepared as cbc_glue.c's aesnictr_cbc_expand(); in the random
 * cases 1 in 8 only, it is slow).
 *
 * The NIST SP 800-38A F.2 vectors (../../cbc_vectors.h) split at every
 * block boundary; every length 0..40 blocks and some long ones (4096,
 * 65536 + 16k) at several src/dst offsets and in place; buffers against
 * unmapped pages; random lengths to 64 KiB; decryption tiers against each
 * other and round trips through our own encryption.  Every case runs in one
 * to three calls cut at block boundaries, the IV carried from call to call
 * as the kernel glue does between skcipher walk steps; the IV returned must
 * be the last ciphertext block (the input IV for length 0).  Every call
 * also checks the SysV ABI (abi_call.S), garbage in the upper half of the
 * length argument (and in its low four bits: ignored), guard bytes around
 * dst and the IV, and that src and the key schedules are not written.
 *
 * Then cts(cbc(aes)) (CBC-CS3 as the kernel's cts template) against
 * OpenSSL 3's AES-*-CBC-CTS with CTS mode "CS3" (checked first against the
 * RFC 3962 vectors of ../../cbc_vectors.h, and at 16 bytes against plain
 * CBC, which the kernel's template does there), whole messages as a request
 * runs them (cts_msg.c: the head in pieces of a page through the CBC
 * routines, the last 17..32 bytes through aesnictr_cts_tail()) for each
 * tier and the C implementation: the RFC 3962 vectors, every length
 * 16..300 and long odd ones (4096 + k, 4111, 8207, 65551), random ones to
 * 64 KiB, both directions, in place and not; the IV out must be the one
 * the kernel's template leaves (the first of the last two ciphertext
 * blocks as stored; for 16 bytes the one block), and nothing outside dst
 * is written.  The assembly tail routines also alone (17..32 bytes), with
 * buffers against unmapped pages and the ABI checked.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native cbc tiers covered: ..." line.  Exits 1 on
 * FAIL.  Options: --seed=N (or SEED=N), --cases=N random cases per key
 * size, half of them encrypting (default 200000; cts: N/400 + 1),
 * --max-tier=avx|vaes2|vaes512 (or AESNICTR_MAX_TIER).
 * --bench [--ms=N] [--runs=N]: instead of testing, time each routine
 * against OpenSSL's EVP aes-128/256-cbc at 4 KiB (in place, a fresh IV per
 * message): ns and TSC ticks per block, the best of N (40) interleaved
 * runs of N (4) ms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "abi_call.h"
#include "cpu.h"
#include "test_util.h"
#include "cts_msg.h"
#include "../../cbc_vectors.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define GUARD		64		/* guard bytes each side of dst */
#define IV_GUARD	16		/* ... and of the iv */
#define MAX_CALLS	3

typedef void cbc_fn_t(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		      unsigned int len, u8 iv[BLK]);

/* The routines under test: encryption (one for all tiers), decryption per tier. */
enum routine {
	R_ENC,
	R_DEC_AVX,
	R_DEC_VAES2,
	R_DEC_VAES512,
	R_C_ENC,		/* the C implementation (cbc_generic.c) */
	R_C_DEC,
	NR_ROUTINES
};
#define NR_ASM_ROUTINES	R_C_ENC

static const char *const r_names[NR_ROUTINES] = {
	"encrypt (avx, every tier)", "avx decrypt", "vaes2 decrypt",
	"vaes512 decrypt", "C encrypt", "C decrypt"
};

static const int r_is_enc[NR_ROUTINES] = { [R_ENC] = 1, [R_C_ENC] = 1 };

static const enum tier r_tier[NR_ROUTINES] = {
	TIER_AVX, TIER_AVX, TIER_VAES2, TIER_VAES512, TIER_AVX, TIER_AVX
};

static cbc_fn_t *const r_fns[NR_ROUTINES] = {
	[R_ENC]		= aesnictr_cbc_encrypt_avx,
	[R_DEC_AVX]	= aesnictr_cbc_decrypt_avx,
	[R_DEC_VAES2]	= aesnictr_cbc_decrypt_vaes2,
	[R_DEC_VAES512]	= aesnictr_cbc_decrypt_vaes512,
};
/* (not constant expressions for the table: set in main) */
static cbc_fn_t *r_c_fns[2];

static int r_usable[NR_ROUTINES];
/* set: run_all() leaves the C routines out (slow: a share of the random cases) */
static int c_skip;

/* Groups of cases, one PASS/FAIL line per usable routine. */
static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} rgrp[NR_ROUTINES];
static char rgrp_name[192];

static void __attribute__((format(printf, 1, 2)))
rgroup_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rgrp_name, sizeof(rgrp_name), fmt, ap);
	va_end(ap);
	memset(rgrp, 0, sizeof(rgrp));
}

static void rgroup_record(enum routine r, int ok, const char *detail)
{
	rgrp[r].cases++;
	if (ok)
		return;
	if (!rgrp[r].fails++)
		snprintf(rgrp[r].first, sizeof(rgrp[r].first), "%s", detail);
}

static void rgroup_end(void)
{
	int r;

	for (r = 0; r < NR_ROUTINES; r++) {
		if (!r_usable[r] || !rgrp[r].cases)
			continue;
		if (!rgrp[r].fails)
			pass("%s: %s (%ld cases)", r_names[r], rgrp_name,
			     rgrp[r].cases);
		else
			fail("%s: %s: %s (%ld of %ld cases failed)",
			     r_names[r], rgrp_name, rgrp[r].first,
			     rgrp[r].fails, rgrp[r].cases);
	}
}

/* ---- keys and the oracle -------------------------------------------------- */

struct ckey {
	unsigned int klen;
	u8 raw[32];
	/* the schedules, and the C implementation's prepared forms */
	struct aesnictr_cbc_keys ck;
	struct aesnictr_key enc_copy, dec_copy;
};

static EVP_CIPHER_CTX *evp;

static const EVP_CIPHER *cbc_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_cbc() :
	       klen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
}

static void ckey_set(struct ckey *k, unsigned int klen, const u8 *raw)
{
	k->klen = klen;
	memcpy(k->raw, raw, klen);
	/* as cbc_glue.c's aesnictr_cbc_expand() */
	aesnictr_expand_key(&k->ck.enc, raw, klen);
	aesnictr_invert_key(&k->ck.dec, &k->ck.enc);
	aesnictr_ct_prepare(&k->ck.ct_enc, &k->ck.enc);
	aesnictr_ct_prepare(&k->ck.ct_dec, &k->ck.dec);
	k->enc_copy = k->ck.enc;
	k->dec_copy = k->ck.dec;
}

static void ckey_random(struct ckey *k, unsigned int klen)
{
	u8 raw[32];

	rnd_bytes(raw, klen);
	ckey_set(k, klen, raw);
}

static void oracle(const struct ckey *k, const u8 iv[BLK], const u8 *in,
		   u8 *out, size_t len, int enc)
{
	int n = 0;

	if (!len)
		return;
	if (!EVP_CipherInit_ex(evp, cbc_cipher(k->klen), NULL, k->raw, iv,
			       enc) ||
	    !EVP_CIPHER_CTX_set_padding(evp, 0) ||
	    !EVP_CipherUpdate(evp, out, &n, in, (int)len) ||
	    (size_t)n != len) {
		fprintf(stderr, "OpenSSL EVP CBC failed\n");
		exit(2);
	}
}

/* ---- one case ------------------------------------------------------------- */

struct ccase {
	const struct ckey *k;
	u8 iv[BLK];
	size_t len;			/* a multiple of 16 */
	int enc;
	const u8 *in;
	const u8 *want;
	u8 iv_after[BLK];		/* the last ciphertext block, or iv */
	int ncalls;
	size_t calls[MAX_CALLS];
	int garbage;			/* garbage in the upper half and low 4 bits of len */
	const char *note;
};

/* Cut c->len into ncalls calls at block boundaries (empty calls allowed). */
static void split_calls(struct ccase *c, int ncalls)
{
	size_t nb = c->len / BLK, a, b, t;

	if (ncalls <= 1 || !nb) {
		c->ncalls = 1;
		c->calls[0] = c->len;
		return;
	}
	a = rnd() % (nb + 1);
	if (ncalls == 2) {
		c->ncalls = 2;
		c->calls[0] = a * BLK;
		c->calls[1] = c->len - a * BLK;
		return;
	}
	b = rnd() % (nb + 1);
	if (a > b) {
		t = a;
		a = b;
		b = t;
	}
	c->ncalls = 3;
	c->calls[0] = a * BLK;
	c->calls[1] = (b - a) * BLK;
	c->calls[2] = c->len - b * BLK;
}

static void random_plan(struct ccase *c)
{
	split_calls(c, 1 + (int)(rnd() % MAX_CALLS));
	c->garbage = rnd() & 1;
}

/* The oracle's output and the IV expected after the case. */
static void set_oracle(struct ccase *c, u8 *want)
{
	const u8 *ct;

	oracle(c->k, c->iv, c->in, want, c->len, c->enc);
	c->want = want;
	ct = c->enc ? want : c->in;
	memcpy(c->iv_after, c->len ? ct + c->len - BLK : c->iv, BLK);
}

static unsigned int abi_bad;
static long abi_calls[NR_ROUTINES];
static unsigned int abi_bad_r[NR_ROUTINES];
static int check_ymm;

static uint64_t len_arg(const struct ccase *c, size_t len)
{
	if (!c->garbage)
		return (uint32_t)len;
	return (rnd() << 32) | (uint32_t)(len | (rnd() & 15));
}

static __attribute__((noinline)) void do_calls(enum routine r,
					       const struct ccase *c,
					       u8 *src, u8 *dst, u8 *iv)
{
	const struct aesnictr_key *key = r_is_enc[r] ? &c->k->ck.enc :
						       &c->k->ck.dec;
	cbc_fn_t *fn = r < NR_ASM_ROUTINES ? r_fns[r] : r_c_fns[r - R_C_ENC];
	size_t pos = 0;
	int i;

	for (i = 0; i < c->ncalls; i++) {
		abi_bad |= abi_call6((const void *)fn, (uintptr_t)key,
				     (uintptr_t)(dst + pos),
				     (uintptr_t)(src + pos),
				     len_arg(c, c->calls[i]), (uintptr_t)iv, 0);
		pos += c->calls[i];
	}
}

static __attribute__((noinline)) int run_guarded(enum routine r,
						 const struct ccase *c,
						 u8 *src, u8 *dst, u8 *iv)
{
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		return 1;
	}
	fault_armed = 1;
	do_calls(r, c, src, dst, iv);
	fault_armed = 0;
	return 0;
}

/*
 * Run routine r on c (src == dst: in place; c->in is copied to src first),
 * gb/ga guard bytes around dst.  1 if all is well, else 0 with detail.
 */
static int check_at(enum routine r, const struct ccase *c, u8 *src, u8 *dst,
		    size_t gb, size_t ga, char *detail, size_t dlen)
{
	u8 ivbuf[BLK + 2 * IV_GUARD + 16];
	u8 *iv = ivbuf + IV_GUARD + (rnd() & 15);
	char keyhex[65], ivhex[33], what[256], calls[64];
	size_t i, ndiff = 0, first = (size_t)-1;
	int ok = 1, n;

	memcpy(src, c->in, c->len);
	fill_guards(dst, c->len, gb, ga);
	memcpy(iv, c->iv, BLK);
	fill_guards(iv, BLK, IV_GUARD, IV_GUARD);
	abi_check_ymm = check_ymm;
	abi_bad = 0;
	what[0] = 0;

	if (run_guarded(r, c, src, dst, iv)) {
		snprintf(what, sizeof(what), "segfault at %p (src %p, dst %p)",
			 fault_addr, (void *)src, (void *)dst);
		ok = 0;
		goto report;
	}
	abi_calls[r] += c->ncalls;
	abi_bad_r[r] |= abi_bad;
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
	for (i = 0; i < gb; i++)
		if (dst[-1 - (ptrdiff_t)i] != guard_byte(i)) {
			snprintf(what, sizeof(what),
				 "wrote before dst (byte dst-%zu)", i + 1);
			ok = 0;
			goto report;
		}
	for (i = 0; i < ga; i++)
		if (dst[c->len + i] != guard_byte(i + 7)) {
			snprintf(what, sizeof(what),
				 "wrote past the end of dst (byte dst+len+%zu)", i);
			ok = 0;
			goto report;
		}
	for (i = 0; i < IV_GUARD; i++)
		if (iv[-1 - (ptrdiff_t)i] != guard_byte(i) ||
		    iv[BLK + i] != guard_byte(i + 7)) {
			snprintf(what, sizeof(what), "wrote outside the 16-byte iv");
			ok = 0;
			goto report;
		}
	if (src != dst && memcmp(src, c->in, c->len)) {
		snprintf(what, sizeof(what), "wrote to src");
		ok = 0;
		goto report;
	}
	if (memcmp(&c->k->ck.enc, &c->k->enc_copy, sizeof(c->k->enc_copy)) ||
	    memcmp(&c->k->ck.dec, &c->k->dec_copy, sizeof(c->k->dec_copy))) {
		snprintf(what, sizeof(what), "wrote to a key schedule");
		ok = 0;
		goto report;
	}
	if (abi_bad) {
		snprintf(what, sizeof(what), "ABI broken:%s", abi_what(abi_bad));
		ok = 0;
		goto report;
	}
	if (memcmp(iv, c->iv_after, BLK)) {
		snprintf(what, sizeof(what),
			 c->len ? "iv after the last call is not the last ciphertext block" :
				  "iv changed by an empty message");
		ok = 0;
	}
report:
	if (!ok) {
		hex(keyhex, c->k->raw, c->k->klen);
		hex(ivhex, c->iv, BLK);
		for (i = 0, n = 0; i < (size_t)c->ncalls; i++)
			n += snprintf(calls + n, sizeof(calls) - n, "%s%zu",
				      i ? "+" : "", c->calls[i]);
		snprintf(detail, dlen,
			 "%s aes-%u len=%zu (calls %s%s) %s src%%16=%u dst%%16=%u key=%s iv=%s: %s",
			 c->enc ? "encrypt" : "decrypt", c->k->klen * 8, c->len,
			 calls, c->garbage ? ", garbage len bits" : "",
			 c->note, (unsigned int)((uintptr_t)src & 15),
			 (unsigned int)((uintptr_t)dst & 15), keyhex, ivhex,
			 what);
	}
	return ok;
}

/* ---- buffers -------------------------------------------------------------- */

#define BUF_LEN		(MAX_LEN + 1024)	/* 65536 + 16k for k < 64 */

static u8 *want, *want2, *inbuf, *srcbuf, *dstbuf;

/* Run c on every usable routine of its direction at the given offsets. */
static void run_all(const struct ccase *tc, unsigned int src_off,
		    unsigned int dst_off, int inplace)
{
	char detail[1024];
	struct ccase c = *tc;
	int r;

	c.note = inplace ? "in-place" : "out-of-place";
	for (r = 0; r < NR_ROUTINES; r++) {
		u8 *dst = dstbuf + GUARD + dst_off;
		u8 *src = inplace ? dst : srcbuf + src_off;

		if (!r_usable[r] || r_is_enc[r] != !!c.enc ||
		    (r >= NR_ASM_ROUTINES && c_skip))
			continue;
		rgroup_record(r, check_at(r, &c, src, dst, GUARD, GUARD,
					  detail, sizeof(detail)),
			      detail);
	}
}

/* ---- the checks ----------------------------------------------------------- */

static void test_vectors(void)
{
	struct ckey k;
	struct ccase c;
	unsigned int i;
	size_t a, b, nb;
	int dir;

	for (i = 0; i < sizeof(aesnictr_cbc_vectors) / sizeof(aesnictr_cbc_vectors[0]); i++) {
		const struct aesnictr_cbc_vector *v = &aesnictr_cbc_vectors[i];

		ckey_set(&k, v->klen, v->key);
		oracle(&k, v->iv, v->ptext, want, v->len, 1);
		if (memcmp(want, v->ctext, v->len))
			fail("openssl oracle %s: wrong ciphertext", v->name);
		else
			pass("openssl oracle matches %s", v->name);
		memset(&c, 0, sizeof(c));
		c.k = &k;
		c.len = v->len;
		memcpy(c.iv, v->iv, BLK);
		memcpy(c.iv_after, v->ctext + v->len - BLK, BLK);
		nb = v->len / BLK;
		rgroup_begin("%s, split into 1-3 calls at every pair of block boundaries, in place and not",
			     v->name);
		for (dir = 0; dir < 2; dir++) {
			c.enc = !dir;
			c.in = c.enc ? v->ptext : v->ctext;
			c.want = c.enc ? v->ctext : v->ptext;
			for (a = 0; a <= nb; a++) {
				for (b = a; b <= nb; b++) {
					c.ncalls = 3;
					c.calls[0] = a * BLK;
					c.calls[1] = (b - a) * BLK;
					c.calls[2] = v->len - b * BLK;
					c.garbage = (int)((a + b) & 1);
					run_all(&c, (unsigned int)(a * 3) & 15,
						(unsigned int)(b * 5) & 15, 0);
					run_all(&c, 0, (unsigned int)a & 15, 1);
				}
			}
		}
		rgroup_end();
	}
}

/* Every length 0..40 blocks and some long ones, offsets, in place, splits. */
static void test_lengths(unsigned int klen)
{
	static const size_t longs[] = {
		4096 - 16, 4096, 4096 + 16, 8192 + 48, 65536, 65536 + 16,
		65536 + 16 * 7, 65536 + 16 * 31, 65536 + 16 * 33,
		65536 + 16 * 63,
	};
	struct ckey k;
	struct ccase c;
	unsigned int off, i;
	int dir;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	rgroup_begin("aes-%u every length 0..640 by 16, and 4080..65536+1008, offsets 0..15, in place, 1-3 calls",
		     klen * 8);
	for (i = 0; i <= 40 + sizeof(longs) / sizeof(longs[0]); i++) {
		c.len = i <= 40 ? i * BLK : longs[i - 41];
		ckey_random(&k, klen);
		for (off = 0; off < (c.len > 4096 ? 2u : 16u); off++) {
			for (dir = 0; dir < 2; dir++) {
				rnd_bytes(c.iv, BLK);
				c.enc = !dir;
				if (c.len > MAX_LEN) {
					rnd_bytes(inbuf, c.len);
					c.in = inbuf;
				} else {
					c.in = rnd_from_pool(c.len);
				}
				set_oracle(&c, want);
				random_plan(&c);
				run_all(&c, off, (off * 5 + 3) & 15, 0);
				random_plan(&c);
				run_all(&c, 0, off, 1);
			}
		}
	}
	rgroup_end();
}

/* Buffers flush against unmapped pages: no access outside src/dst. */
static void cbc_fence_run(void *ctx, const struct fence_case *fc)
{
	struct ccase *c = ctx;
	char detail[1024];
	size_t gb, ga;
	u8 *src, *dst;
	int r;

	c->len = fc->len;
	dst = fence_at(fc, 1, c->len, GUARD, &gb, &ga);
	src = fc->inplace ? dst : fence_at(fc, 0, c->len, 0, NULL, NULL);
	c->note = fc->note;
	for (r = 0; r < NR_ROUTINES; r++) {
		if (!r_usable[r])
			continue;
		rnd_bytes(c->iv, BLK);
		c->enc = r_is_enc[r];
		c->in = rnd_from_pool(c->len);
		set_oracle(c, want);
		random_plan(c);
		rgroup_record(r, check_at(r, c, src, dst, gb, ga, detail,
					  sizeof(detail)),
			      detail);
	}
}

static void test_fences(unsigned int klen)
{
	static const struct fence_range lens[] = { { 0, 1104 }, { 4032, 4160 } };
	static struct fence_test ft = {
		.pages = { 3, 3 }, .lens = lens, .nr_lens = 2, .step = 16,
		.run = cbc_fence_run,
	};
	struct ckey k;
	struct ccase c;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	rgroup_begin("aes-%u buffers against unmapped pages, lengths 0..1104 and 4032..4160 by 16 (no access outside src/dst)",
		     klen * 8);
	ckey_random(&k, klen);
	ft.ctx = &c;
	run_fences(&ft);
	rgroup_end();
}

/* Random lengths 0..MAX_LEN (multiples of 16), biased to short ones. */
static size_t rnd_len(void)
{
	unsigned int r = rnd() % 100;
	size_t len;

	if (r < 50)
		len = rnd() % 257;
	else if (r < 80)
		len = rnd() % 1025;
	else if (r < 95)
		len = rnd() % 8193;
	else
		len = rnd() % (MAX_LEN + 1);
	return len & ~(size_t)15;
}

static void test_random(unsigned int klen, long cases)
{
	struct ckey k;
	struct ccase c;
	long i;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	rgroup_begin("aes-%u random keys, ivs, lengths 0..%d, 1-%d calls, offsets, in place",
		     klen * 8, MAX_LEN, MAX_CALLS);
	for (i = 0; i < cases; i++) {
		ckey_random(&k, klen);
		rnd_bytes(c.iv, BLK);
		c.len = rnd_len();
		c.enc = (int)(i & 1);
		c.in = rnd_from_pool(c.len);
		set_oracle(&c, want);
		random_plan(&c);
		c_skip = (i & 14) != 0;	/* C: 1 in 8 of each direction */
		run_all(&c, rnd() & 15, rnd() & 15, !(rnd() & 3));
	}
	c_skip = 0;
	rgroup_end();
}

/*
 * The decryption tiers against each other (avx's output the reference,
 * one call each, in place), and round trips: each decrypts what our
 * encryption made, in 1-3 calls.
 */
static void test_cross(unsigned int klen)
{
	struct ckey k;
	struct ccase c;
	char detail[1024];
	long i;
	int r;

	memset(&c, 0, sizeof(c));
	c.k = &k;
	rgroup_begin("aes-%u decrypt(our encrypt(p)) == p, and the same output and iv as avx decrypt, random lengths 0..%d",
		     klen * 8, MAX_LEN);
	for (i = 0; i < 3000; i++) {
		u8 iv[BLK], iv2[BLK];

		ckey_random(&k, klen);
		rnd_bytes(c.iv, BLK);
		c.len = rnd_len();
		c.in = rnd_from_pool(c.len);
		/* our encryption (already checked against OpenSSL) */
		memcpy(iv, c.iv, BLK);
		aesnictr_cbc_encrypt_avx(&k.ck.enc, inbuf, c.in, (unsigned int)c.len, iv);
		/* the reference decryption: avx's */
		memcpy(iv2, c.iv, BLK);
		aesnictr_cbc_decrypt_avx(&k.ck.dec, want2, inbuf, (unsigned int)c.len, iv2);
		c.enc = 0;
		c.want = c.in;
		c.in = inbuf;
		memcpy(c.iv_after, iv2, BLK);
		if (memcmp(want2, c.want, c.len) ||
		    (c.len && memcmp(iv, iv2, BLK))) {
			rgroup_record(R_DEC_AVX, 0, "avx decrypt did not undo our encrypt");
			continue;
		}
		for (r = R_DEC_AVX; r < NR_ROUTINES; r++) {
			if (!r_usable[r] || r_is_enc[r])
				continue;
			random_plan(&c);
			c.note = rnd() & 1 ? "in-place" : "out-of-place";
			rgroup_record(r, check_at(r, &c, c.note[0] == 'i' ?
						  dstbuf + GUARD : srcbuf,
						  dstbuf + GUARD, GUARD, GUARD,
						  detail, sizeof(detail)),
				      detail);
		}
	}
	rgroup_end();
}

static void test_abi_summary(void)
{
	int r;

	for (r = 0; r < NR_ROUTINES; r++) {
		if (!r_usable[r])
			continue;
		if (abi_bad_r[r])
			fail("%s cbc ABI:%s", r_names[r], abi_what(abi_bad_r[r]));
		else
			pass("%s cbc ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s (%ld calls)",
			     r_names[r], check_ymm ? ", vzeroupper" : "",
			     abi_calls[r]);
	}
}

/* ---- cts(cbc(aes)) -------------------------------------------------------- */

/*
 * cts(cbc(aes)) messages (cts_msg.c: what a request runs, the head through
 * the implementation's CBC routine in pieces of a page, the last 17..32
 * bytes through aesnictr_cts_tail()) with each implementation: the tiers
 * the CPU has and the C one.
 */
enum { CTS_C = NR_TIERS, NR_CTS_IMPLS };

static const char *const cts_names[NR_CTS_IMPLS] = {
	"cts avx", "cts vaes2", "cts vaes512", "cts C"
};
static int cts_usable[NR_CTS_IMPLS];

static const struct aesnictr_cbc_impl *cts_impl(int i)
{
	return i == CTS_C ? &aesnictr_cbc_c_impl : &cts_tier_impls[i];
}

static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} cgrp[NR_CTS_IMPLS];
static char cgrp_name[192];

static void __attribute__((format(printf, 1, 2)))
cgroup_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cgrp_name, sizeof(cgrp_name), fmt, ap);
	va_end(ap);
	memset(cgrp, 0, sizeof(cgrp));
}

static void cgroup_record(int i, int ok, const char *detail)
{
	cgrp[i].cases++;
	if (!ok && !cgrp[i].fails++)
		snprintf(cgrp[i].first, sizeof(cgrp[i].first), "%s", detail);
}

static void cgroup_end(void)
{
	int i;

	for (i = 0; i < NR_CTS_IMPLS; i++) {
		if (!cts_usable[i] || !cgrp[i].cases)
			continue;
		if (!cgrp[i].fails)
			pass("%s: %s (%ld cases)", cts_names[i], cgrp_name,
			     cgrp[i].cases);
		else
			fail("%s: %s: %s (%ld of %ld cases failed)",
			     cts_names[i], cgrp_name, cgrp[i].first,
			     cgrp[i].fails, cgrp[i].cases);
	}
}

/* OpenSSL 3's AES-*-CBC-CTS, keyed per call, CS3 as the kernel's template. */
static EVP_CIPHER *cts_ciphers[3];
static int ossl_cs3_16_is_cbc = 1;	/* checked in test_cts_oracle() */

static void cts_oracle(const struct ckey *k, const u8 iv[BLK], const u8 *in,
		       u8 *out, size_t len, int enc)
{
	OSSL_PARAM params[2] = {
		OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE,
						 (char *)"CS3", 0),
		OSSL_PARAM_construct_end(),
	};
	int n = 0;

	if (len == BLK && !ossl_cs3_16_is_cbc) {
		oracle(k, iv, in, out, len, enc);	/* the kernel: plain CBC */
		return;
	}
	if (!EVP_CipherInit_ex2(evp, cts_ciphers[(k->klen - 16) / 8], k->raw,
				iv, enc, params) ||
	    !EVP_CipherUpdate(evp, out, &n, in, (int)len) || (size_t)n != len) {
		fprintf(stderr, "OpenSSL EVP CBC-CTS (CS3) failed at %zu bytes\n",
			len);
		exit(2);
	}
}

/* The IV the kernel's cts template leaves: the first of the last two blocks. */
static const u8 *cts_iv_after(const u8 *ct, size_t len)
{
	return len <= BLK ? ct : ct + (len - cts_held_back((unsigned int)len));
}

/*
 * One cts message with implementation i: in[0..len) at src (dst in place),
 * guard bytes around dst; 1 if output, IV out, guards and src are right.
 */
static int cts_check(int i, const struct ckey *k, const u8 iv0[BLK],
		     const u8 *in, const u8 *want, size_t len, int enc,
		     u8 *src, u8 *dst, char *detail, size_t dlen)
{
	const u8 *ct = enc ? want : in;
	u8 iv[BLK];
	const char *what = NULL;
	size_t j;
	char keyhex[65], ivhex[33];

	memcpy(src, in, len);
	fill_guards(dst, len, GUARD, GUARD);
	memcpy(iv, iv0, BLK);
	cts_msg(&k->ck, cts_impl(i), dst, src, (unsigned int)len, iv, enc);
	if (memcmp(dst, want, len))
		what = "output differs from OpenSSL's CS3";
	else if (memcmp(iv, cts_iv_after(ct, len), BLK))
		what = "iv out is not the first of the last two ciphertext blocks";
	else if (src != dst && memcmp(src, in, len))
		what = "wrote to src";
	for (j = 0; !what && j < GUARD; j++)
		if (dst[-1 - (ptrdiff_t)j] != guard_byte(j) ||
		    dst[len + j] != guard_byte(j + 7))
			what = "wrote outside dst";
	if (!what)
		return 1;
	hex(keyhex, k->raw, k->klen);
	hex(ivhex, iv0, BLK);
	snprintf(detail, dlen, "%s aes-%u len=%zu %s src%%16=%u dst%%16=%u key=%s iv=%s: %s",
		 enc ? "encrypt" : "decrypt", k->klen * 8, len,
		 src == dst ? "in-place" : "out-of-place",
		 (unsigned int)((uintptr_t)src & 15),
		 (unsigned int)((uintptr_t)dst & 15), keyhex, ivhex, what);
	return 0;
}

/* Every implementation on one message, in place and not, both directions. */
static void cts_run_all(const struct ckey *k, const u8 iv[BLK], size_t len,
			unsigned int off)
{
	const u8 *p = rnd_from_pool(len);
	char detail[1024];
	int i, dir;

	cts_oracle(k, iv, p, want, len, 1);
	for (dir = 0; dir < 2; dir++) {
		const u8 *in = dir ? want : p, *out = dir ? p : want;

		for (i = 0; i < NR_CTS_IMPLS; i++) {
			u8 *dst = dstbuf + GUARD + off;

			if (!cts_usable[i])
				continue;
			cgroup_record(i, cts_check(i, k, iv, in, out, len, !dir,
						   srcbuf + ((off * 7 + 5) & 15),
						   dst, detail, sizeof(detail)),
				      detail);
			cgroup_record(i, cts_check(i, k, iv, in, out, len, !dir,
						   dst, dst, detail,
						   sizeof(detail)),
				      detail);
		}
	}
}

/*
 * OpenSSL's CS3 against the RFC 3962 vectors, and at 16 bytes against
 * plain CBC (the kernel's template: one block is plain CBC).
 */
static void test_cts_oracle(void)
{
	static const unsigned int klens[3] = { 16, 24, 32 };
	struct ckey k;
	u8 iv[BLK], a[BLK], b[BLK];
	const u8 *p;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		char name[32];

		snprintf(name, sizeof(name), "AES-%u-CBC-CTS", klens[i] * 8);
		cts_ciphers[i] = EVP_CIPHER_fetch(NULL, name, NULL);
		if (!cts_ciphers[i]) {
			fprintf(stderr, "OpenSSL has no %s\n", name);
			exit(2);
		}
	}
	for (i = 0; i < 3; i++) {
		ckey_random(&k, klens[i]);
		rnd_bytes(iv, BLK);
		p = rnd_from_pool(BLK);
		cts_oracle(&k, iv, p, a, BLK, 1);
		oracle(&k, iv, p, b, BLK, 1);
		if (memcmp(a, b, BLK))
			ossl_cs3_16_is_cbc = 0;
	}
	if (ossl_cs3_16_is_cbc)
		pass("openssl CBC-CTS CS3 of a 16-byte message is plain CBC, as the kernel's cts template");
	else
		printf("NOTE: openssl CBC-CTS CS3 of a 16-byte message is not plain CBC; the kernel's is: plain CBC is the oracle at 16 bytes\n");
	for (i = 0; i < (unsigned int)(sizeof(aesnictr_cts_vectors) / sizeof(aesnictr_cts_vectors[0])); i++) {
		const struct aesnictr_cbc_vector *v = &aesnictr_cts_vectors[i];

		ckey_set(&k, v->klen, v->key);
		cts_oracle(&k, v->iv, v->ptext, want, v->len, 1);
		if (memcmp(want, v->ctext, v->len))
			fail("openssl CBC-CTS CS3 oracle %s: wrong ciphertext", v->name);
		else
			pass("openssl CBC-CTS CS3 oracle matches %s", v->name);
	}
}

static void test_cts_vectors(void)
{
	char detail[1024];
	struct ckey k;
	unsigned int v_i, off;
	int i, dir;

	cgroup_begin("RFC 3962 B vectors (17..64 bytes), both directions, in place and not, offsets 0..15, iv out");
	for (v_i = 0; v_i < (unsigned int)(sizeof(aesnictr_cts_vectors) / sizeof(aesnictr_cts_vectors[0])); v_i++) {
		const struct aesnictr_cbc_vector *v = &aesnictr_cts_vectors[v_i];

		ckey_set(&k, v->klen, v->key);
		for (off = 0; off < 16; off++)
			for (dir = 0; dir < 2; dir++)
				for (i = 0; i < NR_CTS_IMPLS; i++) {
					u8 *dst = dstbuf + GUARD + off;
					u8 *s = off & 1 ? dst : srcbuf + off;

					if (!cts_usable[i])
						continue;
					cgroup_record(i, cts_check(i, &k, v->iv,
						dir ? v->ctext : v->ptext,
						dir ? v->ptext : v->ctext,
						v->len, !dir, s, dst, detail,
						sizeof(detail)), detail);
				}
	}
	cgroup_end();
}

/* Every length 16..300, and long and odd ones, against OpenSSL's CS3. */
static void test_cts_lengths(unsigned int klen)
{
	static const size_t longs[] = {
		4096 + 1, 4096 + 15, 4096 + 16, 4096 + 17, 4096 + 31, 4096 + 32,
		4096 + 33, 4096 + 48, 4111, 8192, 8207, 8192 + 32, 65536,
		65551, 65536 + 32,
	};
	u8 iv[BLK];
	struct ckey k;
	size_t len, i;

	cgroup_begin("aes-%u every length 16..300 and 4097, 4111..4113, 4127..4129, 4144, 8192, 8207, 8224, 65536, 65551, 65568; both directions, in place and not, iv out",
		     klen * 8);
	for (len = 16; len <= 300; len++) {
		ckey_random(&k, klen);
		rnd_bytes(iv, BLK);
		cts_run_all(&k, iv, len, (unsigned int)len & 15);
	}
	for (i = 0; i < sizeof(longs) / sizeof(longs[0]); i++) {
		ckey_random(&k, klen);
		rnd_bytes(iv, BLK);
		cts_run_all(&k, iv, longs[i], (unsigned int)i & 15);
	}
	cgroup_end();
}

/* Random lengths 16..65536 (any; 3 in 4 up to 1039), keys, IVs. */
static void test_cts_random(unsigned int klen, long cases)
{
	u8 iv[BLK];
	struct ckey k;
	long i;
	size_t len;

	cgroup_begin("aes-%u random keys, ivs, lengths 16..65536, offsets, both directions, in place and not",
		     klen * 8);
	for (i = 0; i < cases; i++) {
		len = i & 3 ? 16 + rnd() % 1024 : 16 + rnd() % (65536 - 15);
		ckey_random(&k, klen);
		rnd_bytes(iv, BLK);
		cts_run_all(&k, iv, len, rnd() & 15);
	}
	cgroup_end();
}

/*
 * The assembly tail routines alone (a message of 17..32 bytes is all tail),
 * the one pair every tier uses: buffers flush against unmapped pages, in
 * place and not, called through abi_call6() with garbage in the upper half
 * of the length; output and IV out against OpenSSL's CS3, guard bytes
 * around dst and the IV, src untouched, the SysV ABI kept.
 */
struct cts_tail_case {
	struct ckey k;
	long calls;
	unsigned int abi;
};

/* One call under the segfault guard: 1 if it faulted. */
static __attribute__((noinline)) int cts_tail_call(const void *fn,
						   const struct cts_tail_case *tc,
						   int enc, u8 *dst, const u8 *src,
						   size_t len, u8 *iv,
						   unsigned int *bad)
{
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		return 1;
	}
	fault_armed = 1;
	*bad = abi_call6(fn, (uintptr_t)(enc ? &tc->k.ck.enc : &tc->k.ck.dec),
			 (uintptr_t)dst, (uintptr_t)src,
			 (rnd() << 32) | (uint32_t)len, (uintptr_t)iv, 0);
	fault_armed = 0;
	return 0;
}

static void cts_tail_fence_run(void *ctx, const struct fence_case *fc)
{
	struct cts_tail_case *tc = ctx;
	size_t len = fc->len, gb, ga, j;
	u8 *dst = fence_at(fc, 1, len, GUARD, &gb, &ga);
	u8 *src = fc->inplace ? dst : fence_at(fc, 0, len, 0, NULL, NULL);
	u8 ivbuf[BLK + 2 * IV_GUARD], *iv = ivbuf + IV_GUARD, iv0[BLK];
	char detail[1024];
	int enc;

	for (enc = 0; enc < 2; enc++) {
		const u8 *in = rnd_from_pool(len);
		const void *fn = enc ? (const void *)aesnictr_cts_encrypt_tail_avx :
				       (const void *)aesnictr_cts_decrypt_tail_avx;
		const char *what = NULL;
		unsigned int bad;

		rnd_bytes(iv0, BLK);
		cts_oracle(&tc->k, iv0, in, want, len, enc);
		memcpy(src, in, len);
		fill_guards(dst, len, gb, ga);
		fill_guards(iv, BLK, IV_GUARD, IV_GUARD);
		memcpy(iv, iv0, BLK);
		abi_check_ymm = check_ymm;
		bad = 0;
		if (cts_tail_call(fn, tc, enc, dst, src, len, iv, &bad))
			what = "segfault: an access outside src/dst";
		tc->abi |= bad;
		tc->calls++;
		if (what)
			;
		else if (memcmp(dst, want, len))
			what = "output differs from OpenSSL's CS3";
		else if (memcmp(iv, enc ? want : in, BLK))
			what = "iv out is not the first ciphertext block";
		else if (src != dst && memcmp(src, in, len))
			what = "wrote to src";
		else if (bad)
			what = "ABI broken";
		for (j = 0; !what && j < IV_GUARD; j++)
			if (iv[-1 - (ptrdiff_t)j] != guard_byte(j) ||
			    iv[BLK + j] != guard_byte(j + 7))
				what = "wrote outside the 16-byte iv";
		for (j = 0; !what && j < gb; j++)
			if (dst[-1 - (ptrdiff_t)j] != guard_byte(j))
				what = "wrote before dst";
		for (j = 0; !what && j < ga; j++)
			if (dst[len + j] != guard_byte(j + 7))
				what = "wrote past the end of dst";
		snprintf(detail, sizeof(detail), "%s aes-%u len=%zu %s: %s",
			 enc ? "encrypt" : "decrypt", tc->k.klen * 8, len,
			 fc->note, what ? what : "");
		cgroup_record(TIER_AVX, !what, detail);
	}
}

static void test_cts_tail_fences(void)
{
	static const struct fence_range lens[] = { { 17, 32 } };
	static struct fence_test ft = {
		.pages = { 1, 1 }, .lens = lens, .nr_lens = 1, .step = 1,
		.run = cts_tail_fence_run,
	};
	struct cts_tail_case tc;
	unsigned int klen;

	memset(&tc, 0, sizeof(tc));
	cgroup_begin("the assembly tails (every tier's) alone, lengths 17..32, AES-128/192/256, buffers against unmapped pages, in place and not, garbage in len's upper half, iv out");
	for (klen = 16; klen <= 32; klen += 8) {
		ckey_random(&tc.k, klen);
		ft.ctx = &tc;
		run_fences(&ft);
	}
	cgroup_end();
	if (tc.abi)
		fail("cts tail ABI:%s", abi_what(tc.abi));
	else
		pass("cts tail ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s (%ld calls)",
		     check_ymm ? ", vzeroupper" : "", tc.calls);
}

/* ---- bench ---------------------------------------------------------------- */

static double bench_ms = 4;
static int bench_runs = 40;

#define BENCH_IVS	64

struct bench_arg {
	struct ckey *k;
	int r;				/* routine, -1/-2: OpenSSL enc/dec */
	u8 *buf;
	unsigned int next_iv;
	u8 ivs[BENCH_IVS][BLK];
};

static void bench_one(struct bench_arg *a, size_t len)
{
	u8 *iv = a->ivs[a->next_iv++ % BENCH_IVS];
	int n;

	if (a->r < 0) {
		if (!EVP_CipherInit_ex(evp, NULL, NULL, NULL, iv, a->r == -1) ||
		    !EVP_CipherUpdate(evp, a->buf, &n, a->buf, (int)len))
			exit(2);
		return;
	}
	r_fns[a->r](a->r == R_ENC ? &a->k->ck.enc : &a->k->ck.dec, a->buf, a->buf,
		    (unsigned int)len, iv);
}

/* ns and TSC ticks per block of one timed run. */
static void bench_run(struct bench_arg *a, size_t len, double *ns, double *tsc)
{
	double t0 = now(), t;
	uint64_t c0 = __rdtsc();
	long n = 0;

	do {
		int i;

		for (i = 0; i < 16; i++)
			bench_one(a, len);
		n += 16;
		t = now() - t0;
	} while (t < bench_ms / 1000);
	*tsc = (double)(__rdtsc() - c0) / ((double)n * len / BLK);
	*ns = t * 1e9 / ((double)n * len / BLK);
}

static int bench(void)
{
	static const unsigned int klens[] = { 16, 32 };
	const size_t len = 4096;
	static struct bench_arg a;
	struct ckey k;
	unsigned int ki;
	int r, run, dir;

	printf("bench_cbc: CPU %s; 4 KiB messages in place, a fresh IV per message; per 16-byte block: ns and TSC ticks, best of %d interleaved runs of %.0f ms\n",
	       cpu_model(), bench_runs, bench_ms);
	a.buf = xaligned(len);
	rnd_bytes(a.buf, len);
	a.k = &k;
	for (ki = 0; ki < 2; ki++) {
		ckey_random(&k, klens[ki]);
		for (dir = 0; dir < 2; dir++) {
			double best_ns[NR_ROUTINES + 1], best_tsc[NR_ROUTINES + 1];
			int first = dir ? R_DEC_AVX : R_ENC;
			int last = dir ? NR_ASM_ROUTINES - 1 : R_ENC;

			rnd_bytes(a.ivs[0], sizeof(a.ivs));
			if (!EVP_CipherInit_ex(evp, cbc_cipher(klens[ki]), NULL,
					       k.raw, a.ivs[0], !dir))
				return 2;
			EVP_CIPHER_CTX_set_padding(evp, 0);
			for (r = 0; r <= NR_ROUTINES; r++)
				best_ns[r] = best_tsc[r] = 1e30;
			for (run = 0; run < bench_runs; run++) {
				for (r = first - 1; r <= last; r++) {
					int slot = r < first ? NR_ROUTINES : r;
					double ns, tsc;

					if (r >= first && !r_usable[r])
						continue;
					a.r = r < first ? (dir ? -2 : -1) : r;
					bench_run(&a, len, &ns, &tsc);
					if (ns < best_ns[slot]) {
						best_ns[slot] = ns;
						best_tsc[slot] = tsc;
					}
				}
			}
			printf("AES-%u-CBC %s: openssl %.3f ns %.2f tsc",
			       klens[ki] * 8, dir ? "decrypt" : "encrypt",
			       best_ns[NR_ROUTINES], best_tsc[NR_ROUTINES]);
			for (r = first; r <= last; r++)
				if (r_usable[r])
					printf("; %s %.3f ns %.2f tsc", r_names[r],
					       best_ns[r], best_tsc[r]);
			printf("\n");
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
	cases = test_init("test_cbc", nargs, args);
	check_ymm = cpu_has_xinuse();
	pool_init();
	want = xaligned(BUF_LEN);
	want2 = xaligned(BUF_LEN);
	inbuf = xaligned(BUF_LEN);
	srcbuf = xaligned(BUF_LEN + 64);
	dstbuf = xaligned(BUF_LEN + 64 + 2 * GUARD);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		return 2;

	if (!test_tiers(NULL)) {
		printf("native cbc tiers covered: none\n");
		return 0;
	}
	for (i = 0; i < NR_ROUTINES; i++)
		r_usable[i] = i >= NR_ASM_ROUTINES || usable[r_tier[i]];
	r_c_fns[0] = aesnictr_cbc_c_impl.encrypt;
	r_c_fns[1] = aesnictr_cbc_c_impl.decrypt;
	if (do_bench)
		return bench();

	test_vectors();
	for (klen = 16; klen <= 32; klen += 8) {
		test_lengths(klen);
		test_fences(klen);
		test_cross(klen);
		test_random(klen, cases);
	}
	test_abi_summary();

	for (i = 0; i < NR_CTS_IMPLS; i++)
		cts_usable[i] = i == CTS_C || usable[i];
	test_cts_oracle();
	test_cts_vectors();
	test_cts_tail_fences();
	for (klen = 16; klen <= 32; klen += 8) {
		test_cts_lengths(klen);
		test_cts_random(klen, cases / 400 + 1);
	}
	for (i = 0; i < 3; i++)
		EVP_CIPHER_free(cts_ciphers[i]);
	EVP_CIPHER_CTX_free(evp);
	return test_finish("native cbc tiers covered:");
}
