// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the cmac family: cmac(aes) and xcbc(aes) by
 * the family's message layer (../../cmac_generic.c) over both chains, the
 * assembly's (../../cmac_aes.S, aesnictr_cmac_chain_avx, keys by
 * aesnictr_expand_key) and the C path's (aesnictr_cmac_chain_c, keys by
 * aesnictr_ct_expand_key), against OpenSSL: EVP_MAC "CMAC" over
 * AES-128/192/256-CBC, and for XCBC-MAC (RFC 3566; OpenSSL has none) a
 * reference written here on OpenSSL's aes-128-ecb.
 *
 * The checks: the known answers (../../cmac_vectors.h: RFC 4493, NIST SP
 * 800-38B D, RFC 3566), each first against OpenSSL / the reference, then
 * ours in every split into two pieces and in random pieces; random keys and
 * every message length 0..300 and long ones (4096, 65536 + k), each in
 * several random splits (pieces of random length, 0-length ones, pieces
 * ending exactly on block boundaries, one byte at a time for the short
 * ones); random keys and lengths to 64 KiB; the assembly chain alone
 * against a CBC-MAC on OpenSSL's aes-*-ecb (any alignment, garbage in the
 * upper half and the low four bits of the length, guard bytes around the
 * MAC, data and key schedule not written, data against unmapped pages).
 * Every assembly call goes through abi_call6 (abi_call.S): the SysV ABI is
 * checked on each.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native cmac tiers covered: ..." line.  Exits 1 on
 * FAIL.  Options: --seed=N (or SEED=N), --cases=N (random messages per key
 * size and MAC are N / 20; default 200000), --max-tier= (or
 * AESNICTR_MAX_TIER).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "abi_call.h"
#include "cpu.h"
#include "test_util.h"
#include "cmac_generic.h"
#include "cmac_vectors.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define GUARD		32
#define MAX_PIECES	64
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* ---- the paths ------------------------------------------------------------ */

enum path { PATH_AVX, PATH_C, NR_PATHS };
static const char *const path_names[NR_PATHS] = { "avx", "C path" };
static int path_on[NR_PATHS];

static unsigned int abi_bad;
static long abi_calls;
static int check_ymm;

/* len with garbage in its upper half and in its low four bits (ignored). */
static uint64_t len_arg(unsigned int len)
{
	return (rnd() << 32) | (uint32_t)(len | (rnd() & 15));
}

/* The assembly chain through abi_call6, as the message layer's chain. */
static AESNICTR_CMAC_CHAIN(w_chain)
{
	abi_check_ymm = check_ymm;
	abi_bad |= abi_call6((const void *)aesnictr_cmac_chain_avx,
			     (uintptr_t)key, (uintptr_t)mac, (uintptr_t)data,
			     len_arg(len), 0, 0);
	abi_calls++;
}

static void expand_asm(struct aesnictr_key *key, const u8 *in_key,
		       unsigned int key_len)
{
	aesnictr_expand_key(key, in_key, key_len);
}

static void expand_encrypt_zero_asm(struct aesnictr_key *key,
				    const u8 *in_key, unsigned int key_len,
				    u8 l[AESNICTR_BLOCK_SIZE])
{
	abi_check_ymm = check_ymm;
	abi_bad |= abi_call6((const void *)aesnictr_expand_key_encrypt_zero,
			     (uintptr_t)key, (uintptr_t)in_key,
			     (uint64_t)key_len, (uintptr_t)l, 0, 0);
	abi_calls++;
}

/* The C path makes L by a chain call after its expansion. */
static const struct aesnictr_cmac_path paths[NR_PATHS] = {
	[PATH_AVX] = { w_chain, expand_asm, expand_encrypt_zero_asm },
	[PATH_C] = { aesnictr_cmac_chain_c, aesnictr_ct_expand_key, NULL },
};

/* ---- groups: one PASS/FAIL line per path ---------------------------------- */

static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} grp[NR_PATHS];
static char grp_name[256];

static void __attribute__((format(printf, 1, 2))) pgroup_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(grp_name, sizeof(grp_name), fmt, ap);
	va_end(ap);
	memset(grp, 0, sizeof(grp));
}

static void pgroup_record(enum path p, int ok, const char *detail)
{
	grp[p].cases++;
	if (!ok && !grp[p].fails++)
		snprintf(grp[p].first, sizeof(grp[p].first), "%s", detail);
}

static void pgroup_end(void)
{
	int p;

	for (p = 0; p < NR_PATHS; p++) {
		if (!path_on[p] || !grp[p].cases)
			continue;
		if (!grp[p].fails)
			pass("%s: %s (%ld cases)", path_names[p], grp_name,
			     grp[p].cases);
		else
			fail("%s: %s: %s (%ld of %ld cases failed)",
			     path_names[p], grp_name, grp[p].first,
			     grp[p].fails, grp[p].cases);
	}
}

/* ---- the oracles ---------------------------------------------------------- */

static EVP_MAC *cmac_alg;
static EVP_MAC_CTX *cmac_ctx;
static EVP_CIPHER_CTX *ecb;

static void ossl_die(const char *what)
{
	fprintf(stderr, "OpenSSL %s failed\n", what);
	exit(2);
}

/* CMAC by OpenSSL's EVP_MAC "CMAC" over AES-<klen*8>-CBC. */
static void cmac_ref(const u8 *key, unsigned int klen, const u8 *msg,
		     size_t len, u8 out[BLK])
{
	char cipher[16];
	OSSL_PARAM params[2];
	size_t n = 0;

	snprintf(cipher, sizeof(cipher), "AES-%u-CBC", klen * 8);
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
						     cipher, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(cmac_ctx, key, klen, params) ||
	    !EVP_MAC_update(cmac_ctx, msg, len) ||
	    !EVP_MAC_final(cmac_ctx, out, &n, BLK) || n != BLK)
		ossl_die("EVP_MAC CMAC");
}

static const EVP_CIPHER *ecb_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ecb() :
	       klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
}

/* out = AES-ECB_key(in), nblocks blocks (in place allowed). */
static void ecb_enc(const u8 *key, unsigned int klen, const u8 *in, u8 *out,
		    size_t nblocks)
{
	int n = 0;

	if (!nblocks)
		return;
	if (!EVP_EncryptInit_ex(ecb, ecb_cipher(klen), NULL, key, NULL) ||
	    !EVP_CIPHER_CTX_set_padding(ecb, 0) ||
	    !EVP_EncryptUpdate(ecb, out, &n, in, (int)(nblocks * BLK)) ||
	    (size_t)n != nblocks * BLK)
		ossl_die("EVP aes-ecb");
}

/* The plain CBC-MAC chain: mac = E_K(mac ^ B) per whole block, on ECB. */
static void cbcmac_ref(const u8 *key, unsigned int klen, u8 mac[BLK],
		       const u8 *data, size_t nblocks)
{
	size_t i;
	int j;

	for (i = 0; i < nblocks; i++) {
		for (j = 0; j < BLK; j++)
			mac[j] ^= data[i * BLK + j];
		ecb_enc(key, klen, mac, mac, 1);
	}
}

/*
 * AES-XCBC-MAC (RFC 3566 section 2): K1 = E_K(0x01^16), K2 = E_K(0x02^16),
 * K3 = E_K(0x03^16); a CBC-MAC under K1 whose last block, if complete, is
 * XORed with K2, else padded with 10* and XORed with K3 (an empty message
 * is one padded block).
 */
static void xcbc_ref(const u8 key[16], const u8 *msg, size_t len, u8 out[BLK])
{
	u8 c[3][BLK], k[3][BLK], last[BLK];
	size_t nb = len ? (len + BLK - 1) / BLK : 1, tail;
	int i;

	for (i = 0; i < 3; i++)
		memset(c[i], i + 1, BLK);
	ecb_enc(key, 16, c[0], k[0], 3);
	memset(out, 0, BLK);
	cbcmac_ref(k[0], 16, out, msg, nb - 1);
	tail = len - (nb - 1) * BLK;
	memset(last, 0, BLK);
	memcpy(last, msg + (nb - 1) * BLK, tail);
	if (tail == BLK) {
		for (i = 0; i < BLK; i++)
			last[i] ^= k[1][i];
	} else {
		last[tail] = 0x80;
		for (i = 0; i < BLK; i++)
			last[i] ^= k[2][i];
	}
	cbcmac_ref(k[0], 16, out, last, 1);
}

static void mac_ref(int xcbc, const u8 *key, unsigned int klen, const u8 *msg,
		    size_t len, u8 out[BLK])
{
	if (xcbc)
		xcbc_ref(key, msg, len, out);
	else
		cmac_ref(key, klen, msg, len, out);
}

/* ---- ours, in pieces ------------------------------------------------------ */

/* How a message is cut into update calls. */
enum split {
	SPLIT_ONE,		/* one update */
	SPLIT_RANDOM,		/* random pieces, some empty */
	SPLIT_BLOCKS,		/* pieces ending on block boundaries, then the rest */
	SPLIT_BYTES,		/* one byte at a time (short messages) */
	SPLIT_AT,		/* two pieces at a given point */
	NR_SPLITS
};

/* The piece lengths of len bytes split as s (at: SPLIT_AT's cut); count. */
static int make_pieces(enum split s, size_t len, size_t at,
		       size_t pieces[MAX_PIECES])
{
	size_t left = len, pos = 0, n;
	int np = 0;

	switch (s) {
	case SPLIT_ONE:
		pieces[np++] = len;
		return np;
	case SPLIT_AT:
		pieces[np++] = at;
		pieces[np++] = len - at;
		return np;
	case SPLIT_BYTES:
		if (len < MAX_PIECES - 1) {
			for (n = 0; n < len; n++)
				pieces[np++] = 1;
			pieces[np++] = 0;
			return np;
		}
		/* fall through: too long for byte pieces */
	default:
		break;
	}
	while (np < MAX_PIECES - 1 && left) {
		unsigned int r = rnd() % 8;

		if (r == 0)
			n = 0;
		else if (s == SPLIT_BLOCKS || r < 3)	/* to a block boundary */
			n = BLK - pos % BLK + BLK * (rnd() % 4);
		else if (r < 6)
			n = 1 + rnd() % 20;
		else
			n = 1 + rnd() % (left < 600 ? left : 600);
		if (n > left)
			n = left;
		pieces[np++] = n;
		pos += n;
		left -= n;
	}
	pieces[np++] = left;
	return np;
}

struct mkey {
	int xcbc;
	unsigned int klen;
	u8 raw[32];
	struct aesnictr_cmac_key k[NR_PATHS];
};

static void mkey_set(struct mkey *m, int xcbc, unsigned int klen, const u8 *raw)
{
	int p;

	m->xcbc = xcbc;
	m->klen = klen;
	memcpy(m->raw, raw, klen);
	for (p = 0; p < NR_PATHS; p++)
		if (path_on[p])
			aesnictr_cmac_setkey(&m->k[p], raw, klen, xcbc,
					     &paths[p]);
}

static void mkey_random(struct mkey *m, int xcbc, unsigned int klen)
{
	u8 raw[32];

	rnd_bytes(raw, klen);
	mkey_set(m, xcbc, klen, raw);
}

/*
 * Path p's MAC of msg in the given pieces, checked against want: 1 if
 * right, else 0 with detail.
 */
static int check_mac(enum path p, const struct mkey *m, const u8 *msg,
		     size_t len, const size_t *pieces, int np, const u8 *want,
		     char *detail, size_t dlen)
{
	struct aesnictr_cmac_state st;
	u8 got[BLK + 2 * GUARD], *out = got + GUARD;
	char keyhex[65], gothex[33], wanthex[33], plan[160];
	size_t pos = 0;
	int i, n = 0, ok;

	aesnictr_cmac_init(&st);
	for (i = 0; i < np; i++) {
		aesnictr_cmac_update(&m->k[p], &paths[p], &st, msg + pos,
				     (unsigned int)pieces[i]);
		pos += pieces[i];
	}
	fill_guards(out, BLK, GUARD, GUARD);
	aesnictr_cmac_final(&m->k[p], &paths[p], &st, out);
	ok = pos == len && !memcmp(out, want, BLK);
	for (i = 0; i < GUARD; i++)
		if (out[-1 - i] != guard_byte((size_t)i) ||
		    out[BLK + i] != guard_byte((size_t)i + 7))
			ok = 0;
	if (!ok) {
		hex(keyhex, m->raw, m->klen);
		hex(gothex, out, BLK);
		hex(wanthex, want, BLK);
		for (i = 0; i < np && n < (int)sizeof(plan) - 16; i++)
			n += snprintf(plan + n, sizeof(plan) - n, "%s%zu",
				      i ? "+" : "", pieces[i]);
		snprintf(detail, dlen,
			 "%s aes-%u len=%zu pieces %s%s key=%s: got %s want %s",
			 m->xcbc ? "xcbc" : "cmac", m->klen * 8, len, plan,
			 i < np ? "+..." : "", keyhex, gothex, wanthex);
	}
	return ok;
}

/* Every path on msg split as s. */
static void run_paths(const struct mkey *m, const u8 *msg, size_t len,
		      enum split s, size_t at, const u8 *want)
{
	size_t pieces[MAX_PIECES];
	char detail[DETAIL_LEN];
	int np, p;

	for (p = 0; p < NR_PATHS; p++) {
		if (!path_on[p])
			continue;
		np = make_pieces(s, len, at, pieces);
		pgroup_record(p, check_mac(p, m, msg, len, pieces, np, want,
					   detail, sizeof(detail)),
			      detail);
	}
}

/* ---- the checks ----------------------------------------------------------- */

static void test_vectors(int xcbc)
{
	const struct aesnictr_cmac_vector *vs = xcbc ? aesnictr_xcbc_vectors :
						       aesnictr_cmac_vectors;
	size_t nv = xcbc ? ARRAY_SIZE(aesnictr_xcbc_vectors) :
			   ARRAY_SIZE(aesnictr_cmac_vectors);
	static struct mkey m;
	u8 ref[BLK];
	size_t i, at;
	int s;

	for (i = 0; i < nv; i++) {
		const struct aesnictr_cmac_vector *v = &vs[i];

		mac_ref(xcbc, v->key, v->klen, v->msg, v->len, ref);
		if (memcmp(ref, v->mac, BLK))
			fail("%s %s: the published MAC differs from %s's",
			     xcbc ? "xcbc" : "cmac", v->name,
			     xcbc ? "the aes-128-ecb reference" : "OpenSSL EVP_MAC CMAC");
		else
			pass("%s %s: the published MAC is %s's",
			     xcbc ? "xcbc" : "cmac", v->name,
			     xcbc ? "the aes-128-ecb reference" : "OpenSSL EVP_MAC CMAC");
		mkey_set(&m, xcbc, v->klen, v->key);
		pgroup_begin("%s %s, in one piece, two at every point, random pieces",
			     xcbc ? "xcbc" : "cmac", v->name);
		for (at = 0; at <= v->len; at++)
			run_paths(&m, v->msg, v->len, SPLIT_AT, at, v->mac);
		for (s = 0; s < NR_SPLITS; s++)
			if (s != SPLIT_AT)
				run_paths(&m, v->msg, v->len, s, 0, v->mac);
		pgroup_end();
	}
}

static u8 *bigbuf;

/* Every length 0..300, and long ones, every split. */
static void test_lengths(int xcbc, unsigned int klen)
{
	static const size_t longs[] = {
		4095, 4096, 4097, 4096 + 15, 4096 + 17, 65536, 65536 + 1,
		65536 + 15, 65536 + 16, 65536 + 17, 65536 + 255, 65536 + 1000,
	};
	static struct mkey m;
	u8 ref[BLK];
	size_t len, i;
	int s, rep;

	pgroup_begin("%s aes-%u random keys, every length 0..300 and 4095..66536, every split (one, random, block-ending, byte by byte, two pieces)",
		     xcbc ? "xcbc" : "cmac", klen * 8);
	for (i = 0; i <= 300 + ARRAY_SIZE(longs); i++) {
		const u8 *msg;

		len = i <= 300 ? i : longs[i - 301];
		for (rep = 0; rep < (len > 300 ? 1 : 3); rep++) {
			mkey_random(&m, xcbc, klen);
			msg = rnd_from_pool(len);
			mac_ref(xcbc, m.raw, klen, msg, len, ref);
			for (s = 0; s < NR_SPLITS; s++)
				run_paths(&m, msg, len, s, len ? rnd() % (len + 1) : 0,
					  ref);
		}
	}
	pgroup_end();
}

/* Random keys and lengths 0..64 KiB (biased to short), random splits. */
static void test_random(int xcbc, unsigned int klen, long cases)
{
	static struct mkey m;
	u8 ref[BLK];
	long i;

	pgroup_begin("%s aes-%u random keys, lengths 0..%d, random splits",
		     xcbc ? "xcbc" : "cmac", klen * 8, MAX_LEN);
	for (i = 0; i < cases; i++) {
		unsigned int r = rnd() % 100;
		size_t len = r < 60 ? rnd() % 257 : r < 90 ? rnd() % 2049 :
			     rnd() % (MAX_LEN + 1);
		const u8 *msg = rnd_from_pool(len);

		mkey_random(&m, xcbc, klen);
		mac_ref(xcbc, m.raw, klen, msg, len, ref);
		run_paths(&m, msg, len, rnd() & 1 ? SPLIT_RANDOM : SPLIT_BLOCKS,
			  0, ref);
	}
	pgroup_end();
}

/* ---- the assembly chain alone --------------------------------------------- */

static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} cgrp;
static char cgrp_name[256];

static void chain_record(int ok, const char *detail)
{
	cgrp.cases++;
	if (!ok && !cgrp.fails++)
		snprintf(cgrp.first, sizeof(cgrp.first), "%s", detail);
}

static void chain_end(void)
{
	if (!cgrp.fails)
		pass("avx chain alone: %s (%ld cases)", cgrp_name, cgrp.cases);
	else
		fail("avx chain alone: %s: %s (%ld of %ld cases failed)",
		     cgrp_name, cgrp.first, cgrp.fails, cgrp.cases);
	memset(&cgrp, 0, sizeof(cgrp));
}

static __attribute__((noinline)) int chain_guarded(const struct aesnictr_key *key,
						   u8 *mac, const u8 *data,
						   unsigned int len)
{
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		return 1;
	}
	fault_armed = 1;
	w_chain(key, mac, data, len);
	fault_armed = 0;
	return 0;
}

/*
 * One chain call: a random key of klen bytes, a random MAC in, len bytes
 * of data at data (a copy of src there already), against the reference.
 */
static int chain_case(unsigned int klen, const u8 *data, size_t len,
		      char *detail, size_t dlen)
{
	static struct aesnictr_key key, key_copy;
	u8 raw[32], macbuf[BLK + 2 * GUARD], *mac = macbuf + GUARD, in[BLK],
	   want[BLK];
	char keyhex[65];
	const char *what = NULL;
	unsigned int bad0 = abi_bad;
	int i;

	rnd_bytes(raw, klen);
	aesnictr_expand_key(&key, raw, klen);
	key_copy = key;
	rnd_bytes(in, BLK);
	memcpy(want, in, BLK);
	cbcmac_ref(raw, klen, want, data, len / BLK);
	memcpy(mac, in, BLK);
	fill_guards(mac, BLK, GUARD, GUARD);
	abi_bad = 0;
	if (chain_guarded(&key, mac, data, (unsigned int)len))
		what = "segfault";
	else if (memcmp(mac, want, BLK))
		what = len < BLK ? "mac changed by a call of no whole block" :
				   "wrong mac";
	else if (memcmp(&key, &key_copy, sizeof(key)))
		what = "wrote to the key schedule";
	else if (abi_bad)
		what = "ABI broken";
	for (i = 0; !what && i < GUARD; i++)
		if (mac[-1 - i] != guard_byte((size_t)i) ||
		    mac[BLK + i] != guard_byte((size_t)i + 7))
			what = "wrote outside the 16-byte mac";
	abi_bad |= bad0;
	if (what) {
		hex(keyhex, raw, klen);
		snprintf(detail, dlen, "aes-%u len=%zu data%%16=%u key=%s: %s%s",
			 klen * 8, len, (unsigned int)((uintptr_t)data & 15),
			 keyhex, what, abi_bad ? abi_what(abi_bad) : "");
	}
	return !what;
}

static void test_chain(void)
{
	char detail[DETAIL_LEN];
	unsigned int klen, off;
	size_t len, i;
	u8 *fenced, *data, *copy;
	int at_end;

	snprintf(cgrp_name, sizeof(cgrp_name),
		 "against a CBC-MAC on aes-*-ecb, AES-128/192/256, every length 0..1100 (low bits ignored) and to 64 KiB, offsets 0..15, garbage length bits");
	copy = xaligned(MAX_LEN + 64);
	for (klen = 16; klen <= 32; klen += 8) {
		for (len = 0; len <= 1100; len++) {
			off = (unsigned int)(rnd() & 15);
			data = bigbuf + off;
			memcpy(data, rnd_from_pool(len), len);
			memcpy(copy, data, len);
			chain_record(chain_case(klen, data, len, detail,
						sizeof(detail)), detail);
			if (memcmp(copy, data, len))
				chain_record(0, "wrote to the data");
		}
		for (i = 0; i < 300; i++) {
			len = rnd() % (MAX_LEN + 1);
			data = bigbuf + (rnd() & 15);
			memcpy(data, rnd_from_pool(len), len);
			chain_record(chain_case(klen, data, len, detail,
						sizeof(detail)), detail);
		}
	}
	chain_end();

	/* data flush against an unmapped page, after it or before it */
	snprintf(cgrp_name, sizeof(cgrp_name),
		 "data against unmapped pages, lengths 0..1100 (no read outside the whole blocks)");
	fenced = map_fenced(1);
	for (klen = 16; klen <= 32; klen += 8)
		for (at_end = 0; at_end < 2; at_end++)
			for (len = 0; len <= 1100; len++) {
				/* the routine reads len & ~15 bytes only */
				size_t n = len & ~(size_t)15;

				if (n > PAGE)
					continue;
				data = at_end ? fenced + PAGE - n : fenced;
				rnd_bytes(data, n);
				chain_record(chain_case(klen, data, len, detail,
							sizeof(detail)),
					     detail);
			}
	chain_end();
}

static const char *cmac_missing(enum tier t)
{
	return t == TIER_AVX ? NULL :
	       "one serial chain: the avx routine serves this tier too, tested as avx";
}

int main(int argc, char **argv)
{
	unsigned int klen;
	long cases;
	int xcbc;

	cases = test_init("test_cmac", argc, argv) / 20;
	check_ymm = cpu_has_xinuse();
	pool_init();
	bigbuf = xaligned(MAX_LEN + 64);
	cmac_alg = EVP_MAC_fetch(NULL, "CMAC", NULL);
	cmac_ctx = cmac_alg ? EVP_MAC_CTX_new(cmac_alg) : NULL;
	ecb = EVP_CIPHER_CTX_new();
	if (!cmac_ctx || !ecb)
		ossl_die("EVP_MAC_fetch CMAC / EVP_CIPHER_CTX_new");
	path_on[PATH_C] = 1;
	if (test_tiers(cmac_missing))
		path_on[PATH_AVX] = 1;
	else
		printf("NOT COVERED: the cmac assembly (the CPU lacks the avx tier); the C path only\n");

	for (xcbc = 0; xcbc < 2; xcbc++) {
		test_vectors(xcbc);
		for (klen = 16; klen <= (xcbc ? 16u : 32u); klen += 8) {
			test_lengths(xcbc, klen);
			test_random(xcbc, klen, cases);
		}
	}
	if (path_on[PATH_AVX]) {
		test_chain();
		if (abi_bad)
			fail("avx cmac ABI:%s", abi_what(abi_bad));
		else
			pass("avx cmac ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s, garbage in the upper half and low 4 bits of every length (%ld calls)",
			     check_ymm ? ", vzeroupper" : "", abi_calls);
	}
	EVP_MAC_CTX_free(cmac_ctx);
	EVP_MAC_free(cmac_alg);
	EVP_CIPHER_CTX_free(ecb);
	return test_finish("native cmac tiers covered:");
}
