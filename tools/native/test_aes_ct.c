// SPDX-License-Identifier: GPL-2.0
/*
 * Native test of the constant-time C AES (../../aes_ct.c), each part against
 * an independent oracle:
 *  - FIPS-197 Appendix C known answers (encrypt and decrypt, in place too)
 *    and Appendix A's last round-key words (of aesnictr_ct_expand_key and
 *    of the assembly aesnictr_expand_key);
 *  - aesnictr_ct_expand_key against the assembly aesnictr_expand_key (which
 *    must write nothing past rk[nrounds]), and
 *    aesnictr_ct_invert_key against AESIMC (_mm_aesimc_si128), random keys
 *    of every size;
 *  - random keys, data and block counts 0..37 against OpenSSL's EVP
 *    aes-*-ecb, in place and out of place at any alignment, guard bytes
 *    around dst: the per-call API (struct aesnictr_key) and the prepared
 *    one (struct aesnictr_ct_sched, from a schedule expanded by aes_ct.c or
 *    by the assembly);
 *  - a prepared schedule used for many calls, every block count 0..70, in
 *    place and not, against OpenSSL, and aesnictr_ct_prepare() zeroing the
 *    round keys past a shorter key's;
 *  - with --ct, run under valgrind memcheck (make ct-check): key and data
 *    are marked undefined, so memcheck reports any branch or address that
 *    depends on them.
 * Output: "PASS: ...", "FAIL: ...", "NOT COVERED: ..."; exits 1 on FAIL.
 * Options: --seed=N (or SEED=N), --cases=N random cases (default 120000),
 * --ct, --speed (only the speed lines: single blocks, 4-block batches and
 * 4 KiB, per-call key conversion against a prepared schedule),
 * --bench-expand (only the TSC ticks of one aesnictr_expand_key call, and
 * of one aesnictr_ct_expand_key call, per key size).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <wmmintrin.h>
#include <x86intrin.h>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif

#include "aes_ct.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define MAX_BLOCKS	37
#define GUARD		32
#define BUF_LEN		(GUARD + BLK + MAX_BLOCKS * BLK + GUARD)

static int nr_fail;
static u64 rng_state;

/* splitmix64 */
static u64 rnd(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void rnd_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd();
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void hex(char *out, const u8 *p, size_t n)
{
	while (n--)
		out += sprintf(out, "%02x", *p++);
}

static void unhex(u8 *out, const char *s)
{
	while (s[0] && s[1]) {
		sscanf(s, "%2hhx", out++);
		s += 2;
	}
}

static void result(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
	if (!ok)
		nr_fail++;
}

/* ---- FIPS-197 ----------------------------------------------------------- */

static const struct {
	const char *key, *pt, *ct;
	const char *last_words;	/* Appendix A: the last round key's words */
	const char *a_key;
} fips[] = {
	{ "000102030405060708090a0b0c0d0e0f",
	  "00112233445566778899aabbccddeeff",
	  "69c4e0d86a7b0430d8cdb78070b4c55a",
	  "d014f9a8c9ee2589e13f0cc8b6630ca6",
	  "2b7e151628aed2a6abf7158809cf4f3c" },
	{ "000102030405060708090a0b0c0d0e0f1011121314151617",
	  "00112233445566778899aabbccddeeff",
	  "dda97ca4864cdfe06eaf70a0ec0d7191",
	  "e98ba06f448c773c8ecc720401002202",
	  "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b" },
	{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "00112233445566778899aabbccddeeff",
	  "8ea2b7ca516745bfeafc49904b496089",
	  "fe4890d1e6188d0b046df344706c631e",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4" },
};

/* The expansions FIPS-197 A checks: the C one, both assembly forms. */
static const struct {
	const char *what;
	void (*fn)(struct aesnictr_key *key, const u8 *in_key,
		   unsigned int key_len);
} expansions[] = {
	{ "", aesnictr_ct_expand_key },
	{ " (assembly aesnictr_expand_key)", aesnictr_expand_key },
	{ " (assembly aesnictr_expand_key_kga)", aesnictr_expand_key_kga },
};

static void test_fips(void)
{
	struct aesnictr_key enc, dec;
	u8 key[32], pt[BLK], ct[BLK], buf[BLK], out[BLK];
	char what[128];
	unsigned int i, klen;
	size_t f;

	for (i = 0; i < 3; i++) {
		klen = 16 + 8 * i;
		unhex(key, fips[i].key);
		unhex(pt, fips[i].pt);
		unhex(ct, fips[i].ct);
		aesnictr_ct_expand_key(&enc, key, klen);
		aesnictr_ct_invert_key(&dec, &enc);

		aesnictr_ct_encrypt(&enc, out, pt, 1);
		memcpy(buf, pt, BLK);
		aesnictr_ct_encrypt(&enc, buf, buf, 1);
		snprintf(what, sizeof(what),
			 "FIPS-197 C.%u AES-%u encrypt (and in place)", i + 1,
			 klen * 8);
		result(!memcmp(out, ct, BLK) && !memcmp(buf, ct, BLK), what);

		aesnictr_ct_decrypt(&dec, out, ct, 1);
		aesnictr_ct_decrypt(&dec, buf, buf, 1);
		snprintf(what, sizeof(what),
			 "FIPS-197 C.%u AES-%u decrypt (and in place)", i + 1,
			 klen * 8);
		result(!memcmp(out, pt, BLK) && !memcmp(buf, pt, BLK), what);

		unhex(key, fips[i].a_key);
		unhex(out, fips[i].last_words);
		for (f = 0; f < sizeof(expansions) / sizeof(expansions[0]);
		     f++) {
			memset(&enc, 0, sizeof(enc));
			expansions[f].fn(&enc, key, klen);
			snprintf(what, sizeof(what),
				 "FIPS-197 A.%u AES-%u key expansion, last words%s",
				 i + 1, klen * 8, expansions[f].what);
			result(enc.nrounds == 10 + 2 * i &&
			       !memcmp(enc.rk + 16 * enc.nrounds, out, BLK),
			       what);
		}
	}
}

/* ---- key schedules ------------------------------------------------------ */

/* The reference decryption schedule, with AESIMC. */
__attribute__((target("aes")))
static void ref_invert_key(struct aesnictr_key *dec,
			   const struct aesnictr_key *enc)
{
	unsigned int n = enc->nrounds, i;
	__m128i x;

	memset(dec, 0, sizeof(*dec));
	memcpy(dec->rk, enc->rk + BLK * n, BLK);
	memcpy(dec->rk + BLK * n, enc->rk, BLK);
	for (i = 1; i < n; i++) {
		x = _mm_loadu_si128((const __m128i *)(enc->rk + BLK * (n - i)));
		_mm_storeu_si128((__m128i *)(dec->rk + BLK * i),
				 _mm_aesimc_si128(x));
	}
	dec->nrounds = n;
}

/* Print the first round key (or the round count) where got and want differ. */
static void show_diff(const char *what, const u8 *key, unsigned int klen,
		      const struct aesnictr_key *got,
		      const struct aesnictr_key *want)
{
	char kh[65], a[2 * BLK + 1], b[2 * BLK + 1];
	unsigned int i;

	hex(kh, key, klen);
	for (i = 0; i <= want->nrounds; i++)
		if (memcmp(got->rk + BLK * i, want->rk + BLK * i, BLK))
			break;
	if (got->nrounds != want->nrounds || i > want->nrounds) {
		printf("  first %s failure: key %s: nrounds %u, want %u\n",
		       what, kh, got->nrounds, want->nrounds);
		return;
	}
	hex(a, got->rk + BLK * i, BLK);
	hex(b, want->rk + BLK * i, BLK);
	printf("  first %s failure: key %s: rk[%u] %s, want %s\n", what, kh,
	       i, a, b);
}

static void test_key_schedules(long nkeys)
{
	static const u8 zero_rk[sizeof(((struct aesnictr_key *)0)->rk)];
	struct aesnictr_key ref, ct, dec, dref, adec, ez;
	u8 key[32], l[BLK], l_ref[BLK];
	char what[200];
	unsigned int klen, rkb;
	long i, bad_enc, bad_dec, bad_asm, bad_e0, bad_kga;

	for (klen = 16; klen <= 32; klen += 8) {
		bad_enc = 0;
		bad_dec = 0;
		bad_asm = 0;
		bad_e0 = 0;
		bad_kga = 0;
		for (i = 0; i < nkeys; i++) {
			rnd_bytes(key, klen);
			memset(&ref, 0, sizeof(ref));
			memset(&ct, 0, sizeof(ct));
			aesnictr_expand_key(&ref, key, klen);
			aesnictr_ct_expand_key(&ct, key, klen);
			rkb = (ref.nrounds + 1) * BLK;
			/* and nothing written past rk[nrounds] */
			if (ref.nrounds != ct.nrounds ||
			    memcmp(ref.rk, ct.rk, rkb) ||
			    memcmp(ref.rk + rkb, zero_rk, sizeof(ref.rk) - rkb)) {
				if (!bad_enc++)
					show_diff("expand_key", key, klen, &ct,
						  &ref);
			}
			/* the AESKEYGENASSIST form (aes_key.c: not Intel) */
			memset(&ez, 0, sizeof(ez));
			aesnictr_expand_key_kga(&ez, key, klen);
			if (ez.nrounds != ref.nrounds ||
			    memcmp(ez.rk, ref.rk, sizeof(ref.rk))) {
				if (!bad_kga++)
					show_diff("expand_key_kga", key, klen,
						  &ez, &ref);
			}
			/* the expansion that also makes E(0), CMAC's L */
			memset(&ez, 0, sizeof(ez));
			aesnictr_expand_key_encrypt_zero(&ez, key, klen, l);
			memset(l_ref, 0, BLK);
			aesnictr_ct_encrypt(&ref, l_ref, l_ref, 1);
			if (ez.nrounds != ref.nrounds ||
			    memcmp(ez.rk, ref.rk, sizeof(ref.rk)) ||
			    memcmp(l, l_ref, BLK)) {
				if (!bad_e0++)
					show_diff("expand_key_encrypt_zero",
						  key, klen, &ez, &ref);
			}
			/* out of place, then in place */
			ref_invert_key(&dref, &ref);
			memset(&dec, 0, sizeof(dec));
			aesnictr_ct_invert_key(&dec, &ref);
			aesnictr_ct_invert_key(&ct, &ct);
			if (dec.nrounds != dref.nrounds ||
			    memcmp(dec.rk, dref.rk, rkb) ||
			    ct.nrounds != dref.nrounds ||
			    memcmp(ct.rk, dref.rk, rkb)) {
				if (!bad_dec++)
					show_diff("invert_key", key, klen,
						  memcmp(dec.rk, dref.rk, rkb) ?
						  &dec : &ct, &dref);
			}
			/* the assembly's AESIMC loop (the SIMD setkey path) */
			memset(&adec, 0, sizeof(adec));
			aesnictr_invert_key(&adec, &ref);
			if (adec.nrounds != dref.nrounds ||
			    memcmp(adec.rk, dref.rk, rkb)) {
				if (!bad_asm++)
					show_diff("aesnictr_invert_key", key,
						  klen, &adec, &dref);
			}
		}
		snprintf(what, sizeof(what),
			 "AES-%u expand_key = assembly aesnictr_expand_key, which writes nothing past rk[nrounds] (%ld of %ld keys differ)",
			 klen * 8, bad_enc, nkeys);
		result(!bad_enc, what);
		snprintf(what, sizeof(what),
			 "AES-%u assembly aesnictr_expand_key_kga = aesnictr_expand_key, nothing past rk[nrounds] either (%ld of %ld keys differ)",
			 klen * 8, bad_kga, nkeys);
		result(!bad_kga, what);
		snprintf(what, sizeof(what),
			 "AES-%u assembly aesnictr_expand_key_encrypt_zero: the same schedule, and E(0) = the C AES's (%ld of %ld keys differ)",
			 klen * 8, bad_e0, nkeys);
		result(!bad_e0, what);
		snprintf(what, sizeof(what),
			 "AES-%u invert_key = AESIMC reference, out of and in place (%ld of %ld keys differ)",
			 klen * 8, bad_dec, nkeys);
		result(!bad_dec, what);
		snprintf(what, sizeof(what),
			 "AES-%u assembly aesnictr_invert_key = AESIMC reference (%ld of %ld keys differ)",
			 klen * 8, bad_asm, nkeys);
		result(!bad_asm, what);
	}
}

/* ---- random cases against OpenSSL --------------------------------------- */

static const EVP_CIPHER *ecb(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ecb() :
	       klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
}

static void evp_ecb(EVP_CIPHER_CTX *c, int enc, const u8 *key,
		    unsigned int klen, u8 *out, const u8 *in, int len)
{
	int n = 0;

	if (!EVP_CipherInit_ex(c, ecb(klen), NULL, key, NULL, enc) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    (len && !EVP_CipherUpdate(c, out, &n, in, len)) || n != len) {
		fprintf(stderr, "OpenSSL EVP failed\n");
		exit(2);
	}
}

static u8 guard_byte(size_t i)
{
	return (u8)(0x5a ^ (i * 37));
}

/*
 * The operations of a random case: the per-call API, then the prepared
 * schedule; counts per (operation, key size): cases, failures.
 */
#define NR_OPS	4
static const char *const op_name[NR_OPS] = {
	"encrypt", "decrypt", "encrypt_sched", "decrypt_sched"
};
static long cnt[NR_OPS][3], bad[NR_OPS][3];
static struct aesnictr_ct_sched sched_enc, sched_dec;

static void one_case(EVP_CIPHER_CTX *c, u8 *sbuf, u8 *dbuf)
{
	struct aesnictr_key enc, dec;
	unsigned int klen = 16 + 8 * (unsigned int)(rnd() % 3);
	unsigned int nblocks = (unsigned int)(rnd() % (MAX_BLOCKS + 1));
	unsigned int len = nblocks * BLK, op, i;
	int asm_keys = (int)(rnd() & 1);
	unsigned int soff = (unsigned int)(rnd() % BLK);
	unsigned int doff = (unsigned int)(rnd() % BLK);
	int in_place = (int)(rnd() & 1), ok;
	u8 *src = sbuf + GUARD + soff;
	u8 *dst = in_place ? src : dbuf + GUARD + doff;
	u8 key[32], in[MAX_BLOCKS * BLK], want[MAX_BLOCKS * BLK];
	char kh[65], ih[2 * BLK + 1];

	rnd_bytes(key, klen);
	/* the schedules prepared from either path's key expansion */
	if (asm_keys) {
		aesnictr_expand_key(&enc, key, klen);
		aesnictr_invert_key(&dec, &enc);
	} else {
		aesnictr_ct_expand_key(&enc, key, klen);
		aesnictr_ct_invert_key(&dec, &enc);
	}
	aesnictr_ct_prepare(&sched_enc, &enc);
	aesnictr_ct_prepare(&sched_dec, &dec);
	for (op = 0; op < NR_OPS; op++) {
		rnd_bytes(in, len);
		evp_ecb(c, !(op & 1), key, klen, want, in, (int)len);
		for (i = 0; i < GUARD; i++) {
			dst[-1 - (int)i] = guard_byte(i);
			dst[len + i] = guard_byte(i + 99);
		}
		memcpy(src, in, len);
		if (op == 0)
			aesnictr_ct_encrypt(&enc, dst, src, nblocks);
		else if (op == 1)
			aesnictr_ct_decrypt(&dec, dst, src, nblocks);
		else if (op == 2)
			aesnictr_ct_encrypt_sched(&sched_enc, dst, src, nblocks);
		else
			aesnictr_ct_decrypt_sched(&sched_dec, dst, src, nblocks);
		ok = !memcmp(dst, want, len);
		for (i = 0; i < GUARD; i++)
			ok &= dst[-1 - (int)i] == guard_byte(i) &&
			      dst[len + i] == guard_byte(i + 99);
		if (!in_place)
			ok &= !memcmp(src, in, len);
		cnt[op][(klen - 16) / 8]++;
		if (!ok && !bad[op][(klen - 16) / 8]++) {
			hex(kh, key, klen);
			hex(ih, in, len < BLK ? len : BLK);
			printf("  first %s failure: key %s (%s expansion), %u blocks, src+%u, dst%s+%u, in %s...\n",
			       op_name[op], kh, asm_keys ? "assembly" : "C",
			       nblocks, soff, in_place ? "=src" : "",
			       in_place ? soff : doff, ih);
		}
	}
}

static void test_random(long cases)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	static u8 sbuf[BUF_LEN], dbuf[BUF_LEN];
	char what[192];
	unsigned int op, k;
	long i;

	if (!c)
		exit(2);
	for (i = 0; i < cases; i++)
		one_case(c, sbuf, dbuf);
	EVP_CIPHER_CTX_free(c);
	for (op = 0; op < NR_OPS; op++)
		for (k = 0; k < 3; k++) {
			snprintf(what, sizeof(what),
				 "AES-%u %s vs OpenSSL aes-%u-ecb, 0..%u blocks, in/out of place, unaligned (%ld of %ld cases failed)",
				 128 + 64 * k, op_name[op], 128 + 64 * k,
				 MAX_BLOCKS, bad[op][k], cnt[op][k]);
			result(!bad[op][k] && cnt[op][k], what);
		}
}

/* ---- one prepared schedule, many calls -------------------------------- */

#define SWEEP_BLOCKS	70

/*
 * Per key size: one key prepared once, then every block count 0..70 both
 * ways, out of place and in place (dst == src), against OpenSSL, and the
 * per-call API on the same data; then a schedule prepared for this key over
 * one of AES-256 must have the round keys past nrounds zero.
 */
static void test_sched_sweep(void)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	static u8 in[SWEEP_BLOCKS * BLK], want[SWEEP_BLOCKS * BLK];
	static u8 out[SWEEP_BLOCKS * BLK], buf[SWEEP_BLOCKS * BLK];
	static u8 old[SWEEP_BLOCKS * BLK];
	static const u64 zero[8];
	struct aesnictr_key enc, dec, big;
	unsigned int klen, n, len, op, i, bad_n, bad_zero;
	long calls;
	u8 key[32];
	char what[200];

	if (!c)
		exit(2);
	for (klen = 16; klen <= 32; klen += 8) {
		bad_n = 0;
		calls = 0;
		rnd_bytes(key, klen);
		aesnictr_ct_expand_key(&enc, key, klen);
		aesnictr_ct_invert_key(&dec, &enc);
		aesnictr_ct_prepare(&sched_enc, &enc);
		aesnictr_ct_prepare(&sched_dec, &dec);
		for (n = 0; n <= SWEEP_BLOCKS; n++) {
			len = n * BLK;
			for (op = 0; op < 2; op++) {
				rnd_bytes(in, len);
				evp_ecb(c, !op, key, klen, want, in, (int)len);
				memcpy(buf, in, len);
				if (!op) {
					aesnictr_ct_encrypt_sched(&sched_enc,
								  out, in, n);
					aesnictr_ct_encrypt_sched(&sched_enc,
								  buf, buf, n);
					aesnictr_ct_encrypt(&enc, old, in, n);
				} else {
					aesnictr_ct_decrypt_sched(&sched_dec,
								  out, in, n);
					aesnictr_ct_decrypt_sched(&sched_dec,
								  buf, buf, n);
					aesnictr_ct_decrypt(&dec, old, in, n);
				}
				calls += 3;
				if ((memcmp(out, want, len) ||
				     memcmp(buf, want, len) ||
				     memcmp(old, want, len)) && !bad_n++)
					printf("  first failure: AES-%u %s, %u blocks\n",
					       klen * 8,
					       op ? "decrypt" : "encrypt", n);
			}
		}
		snprintf(what, sizeof(what),
			 "AES-%u one prepared schedule, %ld calls: 0..%u blocks both ways, in place and not, and the per-call API, vs OpenSSL (%u failed)",
			 klen * 8, calls, SWEEP_BLOCKS, bad_n);
		result(!bad_n && calls, what);

		/* re-prepared over an AES-256 schedule */
		rnd_bytes(key, 32);
		aesnictr_ct_expand_key(&big, key, 32);
		aesnictr_ct_prepare(&sched_enc, &big);
		aesnictr_ct_prepare(&sched_enc, &enc);
		bad_zero = sched_enc.nrounds != enc.nrounds;
		for (i = enc.nrounds + 1; i <= AESNICTR_MAX_ROUNDS; i++)
			bad_zero |= !!memcmp(sched_enc.kq[i], zero,
					     sizeof(zero));
		snprintf(what, sizeof(what),
			 "AES-%u aesnictr_ct_prepare over an AES-256 schedule: nrounds %u, round keys past it zero",
			 klen * 8, sched_enc.nrounds);
		result(!bad_zero, what);
	}
	EVP_CIPHER_CTX_free(c);
}

/* ---- constant time, under valgrind ------------------------------------- */

#ifdef HAVE_MEMCHECK
static int ct_check(void)
{
	struct aesnictr_key enc, dec;
	u8 key[32], pt[5 * BLK], ct[5 * BLK], out[5 * BLK], want[BLK];
	u8 ct2[5 * BLK], out2[5 * BLK];
	unsigned int i, k, klen, errs, ok = 1;
	char what[160];

	if (!RUNNING_ON_VALGRIND) {
		printf("NOT COVERED: aes_ct constant-time check (not under valgrind: make ct-check)\n");
		return 0;
	}
	for (i = 0; i < 3; i++) {
		klen = 16 + 8 * i;
		unhex(key, fips[i].key);
		for (k = 0; k < 5; k++)
			unhex(pt + k * BLK, fips[i].pt);
		unhex(want, fips[i].ct);
		VALGRIND_MAKE_MEM_UNDEFINED(key, klen);
		VALGRIND_MAKE_MEM_UNDEFINED(pt, sizeof(pt));
		aesnictr_ct_expand_key(&enc, key, klen);
		aesnictr_ct_encrypt(&enc, ct, pt, 5);
		aesnictr_ct_invert_key(&dec, &enc);
		aesnictr_ct_decrypt(&dec, out, ct, 5);
		/* the prepared schedules */
		aesnictr_ct_prepare(&sched_enc, &enc);
		aesnictr_ct_prepare(&sched_dec, &dec);
		aesnictr_ct_encrypt_sched(&sched_enc, ct2, pt, 5);
		aesnictr_ct_decrypt_sched(&sched_dec, out2, ct2, 5);
		/* now look at the results */
		VALGRIND_MAKE_MEM_DEFINED(pt, sizeof(pt));
		VALGRIND_MAKE_MEM_DEFINED(ct, sizeof(ct));
		VALGRIND_MAKE_MEM_DEFINED(out, sizeof(out));
		VALGRIND_MAKE_MEM_DEFINED(ct2, sizeof(ct2));
		VALGRIND_MAKE_MEM_DEFINED(out2, sizeof(out2));
		for (k = 0; k < 5; k++)
			ok &= !memcmp(ct + k * BLK, want, BLK) &&
			      !memcmp(ct2 + k * BLK, want, BLK);
		ok &= !memcmp(out, pt, sizeof(pt)) &&
		      !memcmp(out2, pt, sizeof(pt));
	}
	result(ok, "aes_ct under valgrind: FIPS-197 C.1-C.3 answers");
	errs = VALGRIND_COUNT_ERRORS;
	snprintf(what, sizeof(what),
		 "aes_ct constant time: expand, encrypt, invert, decrypt, prepare, encrypt_sched, decrypt_sched with key and data undefined, %u memcheck errors",
		 errs);
	result(!errs, what);
	return nr_fail ? 1 : 0;
}
#else
static int ct_check(void)
{
	printf("NOT COVERED: aes_ct constant-time check (<valgrind/memcheck.h> absent)\n");
	return 0;
}
#endif

/* ---- speed -------------------------------------------------------------- */

/* MB/s of fn over nblocks-block calls in place (each on the last's output). */
static double rate(int sched, int dec, const void *key, unsigned int nblocks)
{
	static u8 buf[4096];
	double t0, t;
	long reps = 0, n;

	t0 = now();
	do {
		for (n = 0; n < 256; n++) {
			if (sched && dec)
				aesnictr_ct_decrypt_sched(key, buf, buf,
							  nblocks);
			else if (sched)
				aesnictr_ct_encrypt_sched(key, buf, buf,
							  nblocks);
			else if (dec)
				aesnictr_ct_decrypt(key, buf, buf, nblocks);
			else
				aesnictr_ct_encrypt(key, buf, buf, nblocks);
		}
		reps += 256;
		t = now() - t0;
	} while (t < 0.3);
	return reps * (double)nblocks * BLK / t / 1e6;
}

/*
 * The per-call API (round keys converted in every call, one per round) and
 * the prepared schedule, on 1-block calls (serial CBC encryption), 4-block
 * batches, 8 blocks (CBC decryption's) and 4 KiB, for AES-128 and AES-256.
 */
static void speed(void)
{
	static const unsigned int sizes[] = { 1, 4, 8, 256 };
	struct aesnictr_key key[2];
	u8 k[32] = { 1 };
	unsigned int klen, i;
	int dec;

	for (klen = 16; klen <= 32; klen += 16) {
		aesnictr_ct_expand_key(&key[0], k, klen);
		aesnictr_ct_invert_key(&key[1], &key[0]);
		aesnictr_ct_prepare(&sched_enc, &key[0]);
		aesnictr_ct_prepare(&sched_dec, &key[1]);
		for (dec = 0; dec < 2; dec++)
			for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
				double old = rate(0, dec, &key[dec], sizes[i]);
				double pre = rate(1, dec, dec ? &sched_dec :
							  &sched_enc, sizes[i]);

				printf("test_aes_ct: speed, AES-%u %s, %3u-block calls: per-call key %6.1f MB/s, prepared %6.1f MB/s (x%.2f)\n",
				       klen * 8, dec ? "decrypt" : "encrypt",
				       sizes[i], old, pre, pre / old);
			}
	}
}

/* ---- key expansion cost ------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * The median TSC ticks of one call of fn: each sample is EXPAND_BATCH calls,
 * each alone between LFENCEs (its latency, not overlapped with the next
 * one's), read by RDTSC before and after the batch (the TSC here may tick
 * in steps of tens), and divided by EXPAND_BATCH.  fn NULL: the empty
 * bracket (the LFENCEs and the loop), subtracted by the caller.
 */
#define EXPAND_RUNS	20001
#define EXPAND_BATCH	16
static u64 expand_ticks[EXPAND_RUNS];

static double median_ticks(void (*fn)(struct aesnictr_key *, const u8 *,
				      unsigned int),
			   struct aesnictr_key *key, const u8 *k,
			   unsigned int klen)
{
	u64 t0;
	long i, j;

	for (i = 0; i < EXPAND_RUNS; i++) {
		_mm_lfence();
		t0 = __rdtsc();
		for (j = 0; j < EXPAND_BATCH; j++) {
			_mm_lfence();
			if (fn)
				fn(key, k, klen);
			__asm__ volatile("" : : "r"(key) : "memory");
		}
		_mm_lfence();
		expand_ticks[i] = __rdtsc() - t0;
	}
	qsort(expand_ticks, EXPAND_RUNS, sizeof(expand_ticks[0]), cmp_u64);
	return (double)expand_ticks[EXPAND_RUNS / 2] / EXPAND_BATCH;
}

static void bench_expand(void)
{
	static struct aesnictr_key key;
	u8 k[32];
	unsigned int klen;
	double empty, a, g, c;

	rnd_bytes(k, sizeof(k));
	empty = median_ticks(NULL, &key, k, 16);
	for (klen = 16; klen <= 32; klen += 8) {
		a = median_ticks(aesnictr_expand_key, &key, k, klen);
		g = median_ticks(aesnictr_expand_key_kga, &key, k, klen);
		c = median_ticks(aesnictr_ct_expand_key, &key, k, klen);
		printf("test_aes_ct: expand, AES-%u: aesnictr_expand_key %.1f TSC ticks a call (%.1f net), aesnictr_expand_key_kga %.1f (%.1f net), aesnictr_ct_expand_key %.1f (%.1f net); median of %d batches of %d, empty bracket %.1f\n",
		       klen * 8, a, a - empty, g, g - empty, c, c - empty,
		       EXPAND_RUNS, EXPAND_BATCH, empty);
	}
}

int main(int argc, char **argv)
{
	long cases = 120000;
	const char *s;
	double t0 = now();
	int i, ct = 0, speed_only = 0, expand_only = 0;

	rng_state = (u64)time(NULL) ^ ((u64)getpid() << 32);
	if ((s = getenv("SEED")) && *s)
		rng_state = strtoull(s, NULL, 0);
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--seed=", 7)) {
			rng_state = strtoull(argv[i] + 7, NULL, 0);
		} else if (!strncmp(argv[i], "--cases=", 8)) {
			cases = strtol(argv[i] + 8, NULL, 0);
		} else if (!strcmp(argv[i], "--ct")) {
			ct = 1;
		} else if (!strcmp(argv[i], "--speed")) {
			speed_only = 1;
		} else if (!strcmp(argv[i], "--bench-expand")) {
			expand_only = 1;
		} else {
			fprintf(stderr, "usage: %s [--seed=N] [--cases=N] [--ct] [--speed] [--bench-expand]\n",
				argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (ct)
		return ct_check();
	if (speed_only) {
		speed();
		return 0;
	}
	if (expand_only) {
		bench_expand();
		return 0;
	}

	printf("test_aes_ct: seed %llu (rerun with SEED=%llu), %ld random cases\n",
	       (unsigned long long)rng_state, (unsigned long long)rng_state,
	       cases);
	test_fips();
	test_key_schedules(20000);
	test_random(cases);
	test_sched_sweep();
	speed();
	printf("test_aes_ct: %d failed, elapsed %.1f s\n", nr_fail, now() - t0);
	return nr_fail ? 1 : 0;
}
