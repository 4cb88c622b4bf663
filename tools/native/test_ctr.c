// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the CTR assembly, every tier the CPU has,
 * AES-128/192/256, against OpenSSL's EVP aes-*-ctr (a full 128-bit counter):
 * FIPS-197 key expansion, NIST SP 800-38A known answers, every length near
 * block and 4 KiB boundaries at every alignment and in place, counters
 * near the 2^32, 2^64 and 2^128 wraps, buffers against unmapped pages, and
 * many random cases; every call also checks the SysV ABI (abi_call.S).
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native tiers covered: ..." line.  Exits 1 on FAIL.
 * Options: --seed=N (or SEED=N), --cases=N random cases per tier and key
 * size (default 200000), --max-tier=avx|vaes2|vaes512 (or AESNICTR_MAX_TIER).
 */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "abi_call.h"
#include "cpu.h"
#include "ctr_split.h"
#include "test_util.h"

_Static_assert(offsetof(struct aesnictr_key, nrounds) == 240,
	       "nrounds must sit at byte offset 240");
_Static_assert(_Alignof(struct aesnictr_key) == 16,
	       "struct aesnictr_key must be 16-byte aligned");

#define GUARD		64		/* guard bytes each side of dst */
#define BLK		AESNICTR_BLOCK_SIZE

/* ---- calling the assembly ---------------------------------------------- */

/*
 * The routine under test is called through checked_fn(), which
 * ctr_crypt_split() sees as the tier: it checks the ABI, that ctr is not
 * written, and the split helper's own precondition.
 */
static ctr_fn_t *cur_fn;
static unsigned int abi_bad;
static int ctr_written, precond_bad;
static long abi_calls[NR_TIERS];
static int check_ymm;		/* XINUSE usable: check for vzeroupper */
static unsigned int abi_bad_tier[NR_TIERS];

static void checked_fn(const struct aesnictr_key *key, u8 *dst, const u8 *src,
		       unsigned int len, const u8 ctr[BLK])
{
	unsigned long long low = (unsigned long long)ctr[12] << 24 |
				 ctr[13] << 16 | ctr[14] << 8 | ctr[15];
	u8 saved[BLK];

	if (len && low + (len + BLK - 1) / BLK - 1 > 0xffffffffull)
		precond_bad = 1;
	memcpy(saved, ctr, BLK);
	abi_bad |= abi_call(cur_fn, key, dst, src, len, ctr);
	if (memcmp(saved, ctr, BLK))
		ctr_written = 1;
}

/* ---- one case ----------------------------------------------------------- */

struct tcase {
	unsigned int klen;		/* 16, 24 or 32 */
	u8 key[32];
	u8 iv[BLK];
	size_t len;
	const u8 *plain;
	const char *note;		/* where the buffers are, for FAIL */
};

static const EVP_CIPHER *evp_cipher(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_ctr() :
	       klen == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
}

static EVP_CIPHER_CTX *evp;

/* The oracle: OpenSSL's CTR with its full 128-bit counter. */
static void oracle(const struct tcase *tc, u8 *out)
{
	int n1 = 0, n2 = 0;

	if (!EVP_EncryptInit_ex(evp, evp_cipher(tc->klen), NULL, tc->key,
				tc->iv) ||
	    !EVP_EncryptUpdate(evp, out, &n1, tc->plain, (int)tc->len) ||
	    !EVP_EncryptFinal_ex(evp, out + n1, &n2) ||
	    (size_t)(n1 + n2) != tc->len) {
		fprintf(stderr, "OpenSSL EVP CTR failed\n");
		exit(2);
	}
}

/* Run the case through the split helper; 1 if it faulted. */
static __attribute__((noinline)) int run_guarded(const struct aesnictr_key *ks,
						 u8 *dst, const u8 *src,
						 size_t len, u8 *ctr)
{
	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		return 1;
	}
	fault_armed = 1;
	if (len)
		ctr_crypt_split(checked_fn, ks, dst, src, len, ctr);
	else
		checked_fn(ks, dst, src, 0, ctr);	/* must touch nothing */
	fault_armed = 0;
	return 0;
}

/*
 * Run tier t on tc with the given buffers (src == dst for in place; the
 * plaintext is copied into src first).  gb/ga guard bytes before/after dst
 * are filled and checked.  Returns 1 if all is well, else 0 with detail.
 */
static int check_at(enum tier t, const struct tcase *tc,
		    const struct aesnictr_key *ks, const u8 *want, u8 *src,
		    u8 *dst, size_t gb, size_t ga, char *detail, size_t dlen)
{
	u8 ctrbuf[2 * BLK], *ctr = ctrbuf + (rnd() & (BLK - 1));
	char keyhex[65], ivhex[33], what[256];
	unsigned __int128 next = 0;
	size_t i, ndiff = 0, first = (size_t)-1;
	int ok = 1;

	memcpy(src, tc->plain, tc->len);
	fill_guards(dst, tc->len, gb, ga);
	memcpy(ctr, tc->iv, BLK);
	cur_fn = tier_fns[t];
	abi_check_ymm = check_ymm;
	abi_bad = 0;
	ctr_written = 0;
	precond_bad = 0;

	what[0] = 0;
	if (run_guarded(ks, dst, src, tc->len, ctr)) {
		snprintf(what, sizeof(what),
			 "segfault at %p (src %p, dst %p)", fault_addr,
			 (void *)src, (void *)dst);
		ok = 0;
		goto report;
	}
	abi_calls[t]++;
	abi_bad_tier[t] |= abi_bad;

	for (i = 0; i < tc->len; i++) {
		if (dst[i] != want[i]) {
			if (first == (size_t)-1)
				first = i;
			ndiff++;
		}
	}
	if (ndiff) {
		snprintf(what, sizeof(what),
			 "first wrong byte %zu (block %zu): got %02x want %02x; %zu bytes wrong",
			 first, first / BLK, dst[first], want[first], ndiff);
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
		if (dst[tc->len + i] != guard_byte(i + 7)) {
			snprintf(what, sizeof(what),
				 "wrote past the end of dst (byte dst+len+%zu)",
				 i);
			ok = 0;
			goto report;
		}
	}
	if (src != dst && memcmp(src, tc->plain, tc->len)) {
		snprintf(what, sizeof(what), "wrote to src");
		ok = 0;
		goto report;
	}
	if (abi_bad) {
		snprintf(what, sizeof(what), "ABI broken:%s", abi_what(abi_bad));
		ok = 0;
		goto report;
	}
	if (ctr_written) {
		snprintf(what, sizeof(what), "wrote to the ctr argument");
		ok = 0;
		goto report;
	}
	if (precond_bad) {
		snprintf(what, sizeof(what),
			 "test bug: split helper broke the 32-bit precondition");
		ok = 0;
		goto report;
	}
	/* The helper's next counter, checked with plain 128-bit arithmetic. */
	for (i = 0; i < BLK; i++)
		next = next << 8 | tc->iv[i];
	next += (tc->len + BLK - 1) / BLK;
	for (i = 0; i < BLK; i++)
		if (ctr[i] != (u8)(next >> (8 * (BLK - 1 - i))))
			break;
	if (i < BLK) {
		snprintf(what, sizeof(what),
			 "test bug: split helper returned a wrong next counter");
		ok = 0;
	}
report:
	if (!ok) {
		hex(keyhex, tc->key, tc->klen);
		hex(ivhex, tc->iv, BLK);
		snprintf(detail, dlen,
			 "aes-%u len=%zu %s src%%16=%u dst%%16=%u key=%s ctr=%s: %s",
			 tc->klen * 8, tc->len, tc->note,
			 (unsigned int)((uintptr_t)src & 15),
			 (unsigned int)((uintptr_t)dst & 15), keyhex, ivhex,
			 what);
	}
	return ok;
}

/* ---- buffers -------------------------------------------------------------- */

static u8 *want;		/* the oracle's output */
static u8 *srcbuf, *dstbuf;	/* 64-byte aligned, room for offsets+guards */

/* Run a case on every usable tier at the given offsets. */
static void run_all_tiers(const struct tcase *tc, const struct aesnictr_key *ks,
			  unsigned int src_off, unsigned int dst_off,
			  int inplace)
{
	char detail[1024];
	struct tcase c = *tc;
	int t;

	c.note = inplace ? "in-place" : "out-of-place";
	for (t = 0; t < NR_TIERS; t++) {
		u8 *dst = dstbuf + GUARD + dst_off;
		u8 *src = inplace ? dst : srcbuf + src_off;

		if (!cpu_tier_usable(t))
			continue;
		group_record(t, check_at(t, &c, ks, want, src, dst, GUARD,
					 GUARD, detail, sizeof(detail)),
			     detail);
	}
}

/* Expand tc's key with the assembly (checked against FIPS-197 first). */
static void expand(struct aesnictr_key *ks, const struct tcase *tc)
{
	aesnictr_expand_key(ks, tc->key, tc->klen);
}

/* ---- counters ------------------------------------------------------------- */

enum ctr_kind {
	CTR_RANDOM,	/* anything */
	CTR_WRAP32,	/* low word wraps within or just after the run */
	CTR_WRAP64,	/* ... and the carry runs through bit 64 */
	CTR_WRAP128,	/* ... and the counter wraps to zero */
	CTR_SMALL,	/* low word small */
	CTR_CARRY,	/* low 8, 16 or 24 bits about to carry */
	NR_CTR_KINDS
};

/* Set the low 32 bits of the counter. */
static void set_low(u8 *iv, uint32_t low)
{
	iv[12] = low >> 24;
	iv[13] = low >> 16;
	iv[14] = low >> 8;
	iv[15] = low;
}

static void gen_ctr(u8 *iv, size_t len, enum ctr_kind kind, uint32_t k)
{
	size_t nblocks = (len + BLK - 1) / BLK;

	rnd_bytes(iv, BLK);
	if (kind == CTR_RANDOM)
		return;
	if (kind == CTR_SMALL) {
		set_low(iv, rnd() & 0xffff);
		return;
	}
	if (kind == CTR_CARRY) {
		uint32_t mask = 0xffffffu >> (8 * (rnd() % 3));

		k = rnd() % (nblocks + 2);
		set_low(iv, ((uint32_t)rnd() & ~mask) | ((mask - k) & mask));
		return;
	}
	if (k == (uint32_t)-1)
		k = rnd() % (nblocks + 2);
	set_low(iv, 0xffffffffu - k);
	if (kind >= CTR_WRAP64)
		memset(iv + 8, 0xff, 4);
	if (kind == CTR_WRAP128)
		memset(iv, 0xff, 8);
}

/* ---- the checks --------------------------------------------------------- */

/* FIPS-197 appendix A: the full key expansions of A.1, A.2 and A.3. */
static const struct {
	const char *key;
	const char *rk[15];
} fips197[] = {
	{ "2b7e151628aed2a6abf7158809cf4f3c", {
		"2b7e151628aed2a6abf7158809cf4f3c",
		"a0fafe1788542cb123a339392a6c7605",
		"f2c295f27a96b9435935807a7359f67f",
		"3d80477d4716fe3e1e237e446d7a883b",
		"ef44a541a8525b7fb671253bdb0bad00",
		"d4d1c6f87c839d87caf2b8bc11f915bc",
		"6d88a37a110b3efddbf98641ca0093fd",
		"4e54f70e5f5fc9f384a64fb24ea6dc4f",
		"ead27321b58dbad2312bf5607f8d292f",
		"ac7766f319fadc2128d12941575c006e",
		"d014f9a8c9ee2589e13f0cc8b6630ca6" } },
	{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", {
		"8e73b0f7da0e6452c810f32b809079e5",
		"62f8ead2522c6b7bfe0c91f72402f5a5",
		"ec12068e6c827f6b0e7a95b95c56fec2",
		"4db7b4bd69b5411885a74796e92538fd",
		"e75fad44bb095386485af05721efb14f",
		"a448f6d94d6dce24aa326360113b30e6",
		"a25e7ed583b1cf9a27f939436a94f767",
		"c0a69407d19da4e1ec1786eb6fa64971",
		"485f703222cb8755e26d135233f0b7b3",
		"40beeb282f18a2596747d26b458c553e",
		"a7e1466c9411f1df821f750aad07d753",
		"ca4005388fcc5006282d166abc3ce7b5",
		"e98ba06f448c773c8ecc720401002202" } },
	{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", {
		"603deb1015ca71be2b73aef0857d7781",
		"1f352c073b6108d72d9810a30914dff4",
		"9ba354118e6925afa51a8b5f2067fcde",
		"a8b09c1a93d194cdbe49846eb75d5b9a",
		"d59aecb85bf3c917fee94248de8ebe96",
		"b5a9328a2678a647983122292f6c79b3",
		"812c81addadf48ba24360af2fab8b464",
		"98c5bfc9bebd198e268c3ba709e04214",
		"68007bacb2df331696e939e46c518d80",
		"c814e20476a9fb8a5025c02d59c58239",
		"de1369676ccc5a71fa2563959674ee15",
		"5886ca5d2e2f31d77e0af1fa27cf73c3",
		"749c47ab18501ddae2757e4f7401905a",
		"cafaaae3e4d59b349adf6acebd10190d",
		"fe4890d1e6188d0b046df344706c631e" } },
};

/* One form of the expansion: its ABI, FIPS-197 A, no write past the key. */
static void test_expand_form(const char *name,
			     void (*fn)(struct aesnictr_key *key,
					const u8 *in_key,
					unsigned int key_len))
{
	/* The struct inside a bigger buffer, to catch writes past its end. */
	static union {
		struct aesnictr_key k;
		u8 b[2 * sizeof(struct aesnictr_key)];
	} buf;
	u8 inkey[33], rk[BLK];
	unsigned int i, r, bad;

	for (i = 0; i < 3; i++) {
		unsigned int klen = 16 + 8 * i, nr = 10 + 2 * i;
		char got[33];

		memset(buf.b, 0xcc, sizeof(buf.b));
		abi_check_ymm = 0;
		unhex(inkey + 1, fips197[i].key);	/* unaligned in_key */
		bad = abi_call((ctr_fn_t *)(void (*)(void))fn,
			       &buf.k, inkey + 1,
			       (const u8 *)(uintptr_t)klen, 0, NULL);
		if (bad) {
			fail("%s aes-%u: ABI broken:%s", name, klen * 8,
			     abi_what(bad));
			continue;
		}
		if (buf.k.nrounds != nr) {
			fail("%s aes-%u FIPS-197 A.%u: nrounds %u, want %u",
			     name, klen * 8, i + 1, buf.k.nrounds, nr);
			continue;
		}
		for (r = 0; r <= nr; r++) {
			unhex(rk, fips197[i].rk[r]);
			if (memcmp(rk, buf.k.rk + BLK * r, BLK))
				break;
		}
		if (r <= nr) {
			hex(got, buf.k.rk + BLK * r, BLK);
			fail("%s aes-%u FIPS-197 A.%u: round key %u is %s, want %s",
			     name, klen * 8, i + 1, r, got, fips197[i].rk[r]);
			continue;
		}
		for (r = sizeof(buf.k); r < sizeof(buf.b); r++)
			if (buf.b[r] != 0xcc)
				break;
		if (r < sizeof(buf.b)) {
			fail("%s aes-%u: wrote past the key struct (byte %u)",
			     name, klen * 8, r);
			continue;
		}
		pass("%s aes-%u matches FIPS-197 A.%u (all %u round keys, nrounds)",
		     name, klen * 8, i + 1, nr + 1);
	}
}

/* Both forms: aes_key.c picks one by vendor. */
static void test_expand_key(void)
{
	test_expand_form("expand_key", aesnictr_expand_key);
	test_expand_form("expand_key_kga", aesnictr_expand_key_kga);
}

/* NIST SP 800-38A F.5.1, F.5.3, F.5.5 (CTR-AES*.Encrypt). */
static const char sp800_38a_ctr[] = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
static const char sp800_38a_pt[] =
	"6bc1bee22e409f96e93d7e117393172a" "ae2d8a571e03ac9c9eb76fac45af8e51"
	"30c81c46a35ce411e5fbc1191a0a52ef" "f69f2445df4f9b17ad2b417be66c3710";
static const struct {
	const char *name, *key, *ct;
} sp800_38a[] = {
	{ "F.5.1", "2b7e151628aed2a6abf7158809cf4f3c",
	  "874d6191b620e3261bef6864990db6ce" "9806f66b7970fdff8617187bb9fffdff"
	  "5ae4df3edbd5d35e5b4f09020db03eab" "1e031dda2fbe03d1792170a0f3009cee" },
	{ "F.5.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  "1abc932417521ca24f2b0459fe7e6e0b" "090339ec0aa6faefd5ccc2c6f4ce8e94"
	  "1e36b26bd1ebc670d1bd1d665620abf7" "4f78a7f6d29809585a97daec58c6b050" },
	{ "F.5.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	  "601ec313775789a5b7a7f504bbf3d228" "f443e3ca4d62b59aca84e990cacaf5c5"
	  "2b0930daa23de94ce87017ba2d84988d" "dfc9c58db67aada613c2dd08457941a6" },
};

static void test_sp800_38a(void)
{
	u8 pt[64], ct[64], out[64];
	struct aesnictr_key ks;
	struct tcase tc;
	char detail[1024];
	unsigned int i;
	size_t len;
	int t;

	unhex(pt, sp800_38a_pt);
	for (i = 0; i < 3; i++) {
		memset(&tc, 0, sizeof(tc));
		tc.klen = 16 + 8 * i;
		unhex(tc.key, sp800_38a[i].key);
		unhex(tc.iv, sp800_38a_ctr);
		unhex(ct, sp800_38a[i].ct);
		tc.plain = pt;
		tc.len = 64;

		/* The oracle itself must know the answer. */
		oracle(&tc, out);
		if (memcmp(out, ct, 64))
			fail("openssl oracle aes-%u SP 800-38A %s: wrong output",
			     tc.klen * 8, sp800_38a[i].name);
		else
			pass("openssl oracle aes-%u matches SP 800-38A %s",
			     tc.klen * 8, sp800_38a[i].name);

		expand(&ks, &tc);
		group_begin("aes-%u SP 800-38A %s, every prefix 0..64 bytes, in place and not",
			    tc.klen * 8, sp800_38a[i].name);
		for (len = 0; len <= 64; len++) {
			tc.len = len;
			for (t = 0; t < NR_TIERS; t++) {
				u8 *dst = dstbuf + GUARD;

				if (!cpu_tier_usable(t))
					continue;
				tc.note = "out-of-place";
				group_record(t, check_at(t, &tc, &ks, ct,
							 srcbuf, dst, GUARD,
							 GUARD, detail,
							 sizeof(detail)),
					     detail);
				tc.note = "in-place";
				group_record(t, check_at(t, &tc, &ks, ct, dst,
							 dst, GUARD, GUARD,
							 detail,
							 sizeof(detail)),
					     detail);
			}
		}
		group_end();
	}
}

/* A fresh random key for tc, expanded. */
static void new_key(struct tcase *tc, unsigned int klen,
		    struct aesnictr_key *ks)
{
	tc->klen = klen;
	rnd_bytes(tc->key, klen);
	expand(ks, tc);
}

/* Every length lo..hi, every src and dst offset, in place too. */
static void test_lengths(unsigned int klen, size_t lo, size_t hi)
{
	struct aesnictr_key ks;
	struct tcase tc;
	unsigned int off;

	group_begin("aes-%u lengths %zu..%zu, src/dst offsets 0..15, in place, mixed counters",
		    klen * 8, lo, hi);
	for (tc.len = lo; tc.len <= hi; tc.len++) {
		new_key(&tc, klen, &ks);
		for (off = 0; off < 16; off++) {
			/* Counter kinds in turn, including near the wraps. */
			gen_ctr(tc.iv, tc.len, off % NR_CTR_KINDS,
				(uint32_t)-1);
			tc.plain = rnd_from_pool(tc.len);
			oracle(&tc, want);
			run_all_tiers(&tc, &ks, off, (off * 5 + 3) & 15, 0);
			run_all_tiers(&tc, &ks, 0, off, 1);
		}
	}
	group_end();
}

/* Runs that start k + 1 blocks before the low word wraps, k = 0..66. */
static void test_wraps(unsigned int klen, enum ctr_kind kind, const char *what)
{
	struct aesnictr_key ks;
	struct tcase tc;
	uint32_t k;

	group_begin("aes-%u counter %s: %s", klen * 8,
		    kind == CTR_WRAP32 ? "2^32 wrap" :
		    kind == CTR_WRAP64 ? "2^64 carry" : "2^128 wrap", what);
	new_key(&tc, klen, &ks);
	for (k = 0; k <= 66; k++) {
		for (tc.len = 0; tc.len <= (k + 40) * BLK + 15;
		     tc.len += 1 + rnd() % 9) {
			gen_ctr(tc.iv, tc.len, kind, k);
			tc.plain = rnd_from_pool(tc.len);
			oracle(&tc, want);
			run_all_tiers(&tc, &ks, rnd() & 15, rnd() & 15,
				      !(rnd() & 3));
		}
	}
	group_end();
}

/*
 * Buffers flush against unmapped pages, at their start and at their end:
 * any access outside [src, src+len) or [dst, dst+len) faults.
 */
struct ctr_fence {
	struct aesnictr_key ks;
	struct tcase tc;
};

static void ctr_fence_prepare(void *ctx, size_t len)
{
	struct ctr_fence *f = ctx;

	f->tc.len = len;
	gen_ctr(f->tc.iv, len, rnd() % NR_CTR_KINDS, (uint32_t)-1);
	f->tc.plain = rnd_from_pool(len);
	oracle(&f->tc, want);
}

static void ctr_fence_run(void *ctx, const struct fence_case *fc)
{
	struct ctr_fence *f = ctx;
	char detail[1024];
	size_t gb, ga;
	u8 *src, *dst;
	int t;

	dst = fence_at(fc, 1, fc->len, GUARD, &gb, &ga);
	src = fc->inplace ? dst : fence_at(fc, 0, fc->len, 0, NULL, NULL);
	f->tc.note = fc->note;
	for (t = 0; t < NR_TIERS; t++) {
		if (!cpu_tier_usable(t))
			continue;
		group_record(t, check_at(t, &f->tc, &f->ks, want, src, dst, gb,
					 ga, detail, sizeof(detail)),
			     detail);
	}
}

static void test_fences(unsigned int klen)
{
	static const struct fence_range lens[] = { { 0, 1100 }, { 4032, 4160 } };
	static struct fence_test ft = {
		.pages = { 3, 3 }, .lens = lens, .nr_lens = 2,
		.prepare = ctr_fence_prepare, .run = ctr_fence_run,
	};
	struct ctr_fence f;

	group_begin("aes-%u buffers against unmapped pages, lengths 0..1100 and 4032..4160 (no access outside src/dst)",
		    klen * 8);
	new_key(&f.tc, klen, &f.ks);
	ft.ctx = &f;
	run_fences(&ft);
	group_end();
}

/* Random lengths, biased to short ones so the run stays quick. */
static size_t rnd_len(void)
{
	unsigned int r = rnd() % 100;

	if (r < 50)
		return rnd() % 257;
	if (r < 75)
		return rnd() % 1025;
	if (r < 90)
		return rnd() % 8193;
	return rnd() % (MAX_LEN + 1);
}

static void test_random(unsigned int klen, long cases)
{
	struct aesnictr_key ks;
	struct tcase tc;
	long i;

	group_begin("aes-%u random keys, counters, lengths 0..%d, offsets, in place",
		    klen * 8, MAX_LEN);
	for (i = 0; i < cases; i++) {
		static const enum ctr_kind kinds[20] = {
			CTR_RANDOM, CTR_RANDOM, CTR_RANDOM, CTR_RANDOM,
			CTR_RANDOM, CTR_RANDOM, CTR_RANDOM, CTR_WRAP32,
			CTR_WRAP32, CTR_WRAP32, CTR_WRAP32, CTR_WRAP64,
			CTR_WRAP64, CTR_WRAP128, CTR_WRAP128, CTR_SMALL,
			CTR_SMALL, CTR_CARRY, CTR_CARRY, CTR_CARRY,
		};

		new_key(&tc, klen, &ks);
		tc.len = rnd_len();
		gen_ctr(tc.iv, tc.len, kinds[rnd() % 20], (uint32_t)-1);
		tc.plain = rnd_from_pool(tc.len);
		oracle(&tc, want);
		run_all_tiers(&tc, &ks, rnd() & 15, rnd() & 15, !(rnd() & 3));
	}
	group_end();
}

static void test_abi_summary(void)
{
	int t;

	for (t = 0; t < NR_TIERS; t++) {
		if (!cpu_tier_usable(t))
			continue;
		if (abi_bad_tier[t])
			fail("%s ABI:%s", tier_names[t],
			     abi_what(abi_bad_tier[t]));
		else
			pass("%s ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s (%ld calls)",
			     tier_names[t],
			     check_ymm ?
			     ", vzeroupper" : "", abi_calls[t]);
	}
}

int main(int argc, char **argv)
{
	unsigned int klen;
	long cases;

	cases = test_init("test_ctr", argc, argv);
	check_ymm = cpu_has_xinuse();
	pool_init();
	want = xaligned(MAX_LEN + 64);
	srcbuf = xaligned(MAX_LEN + 64);
	dstbuf = xaligned(MAX_LEN + 64 + 2 * GUARD);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		return 2;

	if (!test_tiers(NULL)) {
		/* Without AES-NI + AVX, not even the key expansion may run. */
		printf("native tiers covered: none\n");
		return 0;
	}

	test_expand_key();
	test_sp800_38a();
	for (klen = 16; klen <= 32; klen += 8) {
		test_lengths(klen, 0, 1100);
		test_lengths(klen, 4096 - 64, 4096 + 64);
		test_wraps(klen, CTR_WRAP32, "runs starting 1..67 blocks before it, lengths to +40 blocks");
		test_wraps(klen, CTR_WRAP64, "runs starting 1..67 blocks before it, lengths to +40 blocks");
		test_wraps(klen, CTR_WRAP128, "runs starting 1..67 blocks before it, lengths to +40 blocks");
		test_fences(klen);
		test_random(klen, cases);
	}
	test_abi_summary();

	EVP_CIPHER_CTX_free(evp);
	return test_finish("native tiers covered:");
}
