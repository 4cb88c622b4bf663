// SPDX-License-Identifier: GPL-2.0
/*
 * Native correctness test of the GCM assembly (../../gcm_ghash.S,
 * ../../gcm_update.S and ../../gcm_vaes512.S), every tier the CPU has and
 * the assembly provides (vaes512 in both its forms: the updates the module
 * takes on this CPU first, then the others, alone), AES-128/192/256,
 * against OpenSSL's EVP aes-*-gcm.  Each message is processed exactly as
 * the kernel glue does it (see aes_asm.h):
 *
 *	aesnictr_expand_key(&k.aes, key, klen); aesnictr_gcm_precompute(&k);
 *	acc = 0; ghash_update over the AAD's full blocks (one or several calls
 *	of multiples of 16 bytes), then its last partial block zero-padded;
 *	ctr = IV || 2; enc/dec_update in one or several calls, all but the
 *	last a multiple of 16 bytes, the last (of 0 bytes for an empty
 *	message) with last set, the caller advancing ctr's low 32-bit
 *	big-endian word by len/16 between calls;
 *	aesnictr_gcm_final(&k, acc, aad_len, data_len, tag).
 *
 * The checks: the GCM specification's test cases with 96-bit IVs (McGrew &
 * Viega: TC 1-4, 7-10, 13-16) as known answers; every data length 0..600,
 * lengths around every multiple of 128 to 8 KiB (the boundaries of the
 * 8-vector loops), near 4 KiB and 16 KiB, random ones to 64 KiB; AAD lengths 0..64
 * against many data lengths and random ones to 8 KiB, fed whole or in
 * pieces; every tag size the kernel allows (4, 8, 12..16); data split over
 * several update calls at random 16-byte multiples (zero-length calls
 * included); unaligned, in-place and out-of-place buffers; guard bytes
 * around every output; buffers against unmapped pages; decryption giving
 * the plaintext and the right tag; tampered ciphertext, AAD and tags
 * detected; the SysV ABI of every call (abi_call.S), with garbage in the
 * upper half of the unsigned int length arguments; the key, the counter
 * block and the inputs never written.
 *
 * Output: "PASS: <what>", "FAIL: <what>: <detail>", "NOT COVERED: tier <t>
 * (<why>)" and a final "native gcm tiers covered: ..." line.  Exits 1 on
 * FAIL.  Options: --seed=N (or SEED=N), --cases=N random cases per tier and
 * key size (default 200000), --max-tier=avx|vaes2|vaes512 (or
 * AESNICTR_MAX_TIER).
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
#include "gcm_fns.h"
#include "gcm_generic.h"
#include "test_util.h"

_Static_assert(offsetof(struct aesnictr_gcm_key, h_powers) == 576,
	       "h_powers must sit at byte offset 576");
_Static_assert(offsetof(struct aesnictr_gcm_key, h_powers_xored) == 832,
	       "h_powers_xored must sit at byte offset 832");
_Static_assert(offsetof(struct aesnictr_gcm_key, h_powers_hi) == 320,
	       "h_powers_hi must sit at byte offset 320");
_Static_assert(offsetof(struct aesnictr_gcm_key, h_powers_top) == 256,
	       "h_powers_top must sit at byte offset 256");
_Static_assert(_Alignof(struct aesnictr_gcm_key) == 64,
	       "struct aesnictr_gcm_key must be 64-byte aligned");

#define BLK		AESNICTR_BLOCK_SIZE
#define MAX_AAD		8192		/* longest random AAD */
#define GUARD		64		/* guard bytes each side of outputs */
#define MAX_CALLS	12		/* update calls per message, at most */
#define IV_LEN		12

static const unsigned int tag_sizes[] = { 4, 8, 12, 13, 14, 15, 16 };
#define NR_TAG_SIZES	(sizeof(tag_sizes) / sizeof(tag_sizes[0]))

/* Append to a fixed-size string buffer. */
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

/* ---- a message and how it is fed to the assembly ------------------------ */

struct gmsg {
	unsigned int klen;		/* 16, 24 or 32 */
	u8 key[32];
	u8 iv[IV_LEN];
	const u8 *aad;
	size_t aad_len;
	const u8 *plain;
	size_t len;
	unsigned int taglen;		/* the tag size the caller checks */
	const u8 *ct;			/* the right ciphertext */
	u8 tag[BLK];			/* the right (full) tag */
};

/*
 * How the AAD is fed to ghash_update (every call but the last a multiple of
 * 16 bytes, a last partial block zero-padded by the caller or the callee).
 */
enum aad_mode {
	AAD_PAD,	/* calls over the full blocks, then the tail padded by us */
	AAD_RAW_TAIL,	/* calls over the full blocks, then the raw tail alone */
	AAD_JOINED,	/* calls, the last of them ending with the raw tail */
	AAD_COPY,	/* the whole AAD copied zero-padded, one call */
	AAD_CHUNKS,	/* as the glue: chunks of 256 bytes, the last one raw */
	NR_AAD_MODES
};
#define GLUE_AAD_CHUNK	256
#define MAX_AAD_CALLS	(MAX_AAD / GLUE_AAD_CHUNK + 1)

struct plan {
	int inplace;
	unsigned int src_off, dst_off, aad_off;	/* 0..63 */
	unsigned int acc_off, ctr_off, tag_off;	/* 0..15 */
	enum aad_mode aad_mode;	/* how the AAD's partial last block is fed */
	int naad;		/* ghash_update calls over the AAD (see aad_mode) */
	unsigned int aad_calls[MAX_AAD_CALLS];
	int ndata;		/* update calls, the last with last set */
	unsigned int data_calls[MAX_CALLS];
	enum tier call_tier[MAX_CALLS];	/* tier of each update call */
	int mixed;		/* call_tier differs between calls */
	int garbage;		/* upper 32 bits of len arguments garbage */
};

/* Describe the plan for a FAIL line. */
static void describe_plan(char *s, size_t size, const struct gmsg *m,
			  const struct plan *p, const u8 *src, const u8 *dst,
			  const u8 *aad)
{
	int i;

	cat(s, size, "%s src%%64=%u dst%%64=%u aad%%64=%u; AAD ",
	    p->inplace ? "in-place" : "out-of-place",
	    (unsigned int)((uintptr_t)src & 63),
	    (unsigned int)((uintptr_t)dst & 63),
	    (unsigned int)((uintptr_t)aad & 63));
	if (p->aad_mode == AAD_COPY) {
		cat(s, size, "copied zero-padded, one call of %zu",
		    (m->aad_len + BLK - 1) & ~(size_t)(BLK - 1));
	} else {
		cat(s, size, "calls [");
		for (i = 0; i < p->naad; i++)
			cat(s, size, "%s%u", i ? "," : "", p->aad_calls[i]);
		cat(s, size, "]");
		if (m->aad_len % BLK && p->aad_mode == AAD_PAD)
			cat(s, size, " + tail of %zu zero-padded by the caller",
			    m->aad_len % BLK);
		if (m->aad_len % BLK && p->aad_mode == AAD_RAW_TAIL)
			cat(s, size, " + raw tail of %zu in its own call",
			    m->aad_len % BLK);
		if (m->aad_len % BLK && (p->aad_mode == AAD_JOINED ||
					 p->aad_mode == AAD_CHUNKS))
			cat(s, size, " (the last call ends with the raw partial block)");
	}
	cat(s, size, "; data calls [");
	for (i = 0; i < p->ndata; i++) {
		cat(s, size, "%s%u", i ? "," : "", p->data_calls[i]);
		if (p->mixed)
			cat(s, size, ":%s", tier_names[p->call_tier[i]]);
	}
	cat(s, size, "]; acc%%16=%u ctr%%16=%u tag%%16=%u%s",
	    p->acc_off, p->ctr_off, p->tag_off,
	    p->garbage ? "; len args with garbage upper 32 bits" : "");
}

/* A random multiple of 16 up to rem, biased to interesting sizes. */
static unsigned int rnd_chunk(size_t rem)
{
	size_t nb = rem / BLK, b;

	if (!nb)
		return 0;
	switch (rnd() % 8) {
	case 0:
	case 1:
	case 2:
		b = rnd() % (nb + 1);
		break;
	case 3:
	case 4:
		b = 1 + rnd() % 9;		/* 1..9 blocks */
		break;
	case 5:
		b = 4u << (rnd() % 5);		/* 4..64 blocks */
		break;
	case 6:
		b = nb - rnd() % 3;		/* all but a little */
		break;
	default:
		b = rnd() % 3 ? 1 + rnd() % 31 : 0;
		break;
	}
	if (b > nb)
		b = nb;
	return (unsigned int)(b * BLK);
}

static int rnd_ncalls(void)
{
	unsigned int r = rnd() % 100;

	if (r < 55)
		return 1;
	if (r < 85)
		return 2 + rnd() % 2;
	return 4 + rnd() % (MAX_CALLS - 3);
}

/* The AAD calls for mode (split: may use several). */
static void set_aad_calls(struct plan *p, const struct gmsg *m,
			  enum aad_mode mode, int split)
{
	size_t full = m->aad_len & ~(size_t)(BLK - 1), rem;
	int i, n;

	p->aad_mode = mode;
	p->naad = 0;
	if (mode == AAD_COPY) {
		if (!m->aad_len)
			p->aad_mode = AAD_PAD;
		return;
	}
	if (mode == AAD_CHUNKS) {
		for (rem = m->aad_len; rem; rem -= p->aad_calls[p->naad++])
			p->aad_calls[p->naad] = rem < GLUE_AAD_CHUNK ?
				(unsigned int)rem : GLUE_AAD_CHUNK;
		return;
	}
	if (mode == AAD_JOINED)
		full = m->aad_len;
	if (full) {
		n = split ? rnd_ncalls() : 1;
		for (i = 0, rem = full; i < n - 1; i++) {
			p->aad_calls[i] = rnd_chunk(rem);
			rem -= p->aad_calls[i];
		}
		p->aad_calls[i] = (unsigned int)rem;
		p->naad = n;
	} else if (!m->aad_len && !(rnd() & 7)) {
		p->naad = 1;		/* ghash_update of 0 bytes */
	}
}

/* A random plan for m on tier t (split: may use several calls). */
static void gen_plan(struct plan *p, const struct gmsg *m, enum tier t,
		     int split)
{
	size_t rem;
	int i, n;

	memset(p, 0, sizeof(*p));
	p->inplace = !(rnd() & 3);
	p->src_off = rnd() & 63;
	p->dst_off = rnd() & 63;
	p->aad_off = rnd() & 63;
	p->acc_off = rnd() & 15;
	p->ctr_off = rnd() & 15;
	p->tag_off = rnd() & 15;
	p->garbage = (int)(rnd() & 1);

	/* AAD */
	set_aad_calls(p, m, (enum aad_mode)(rnd() % NR_AAD_MODES), split);

	/* data */
	if (!m->len) {
		p->data_calls[0] = 0;		/* the last call, of 0 bytes */
		p->ndata = 1;
	} else {
		n = split ? rnd_ncalls() : 1;
		for (i = 0, rem = m->len; i < n - 1; i++) {
			p->data_calls[i] = rnd_chunk(rem);
			rem -= p->data_calls[i];
		}
		p->data_calls[i] = (unsigned int)rem;
		p->ndata = n;
	}
	for (i = 0; i < MAX_CALLS; i++)
		p->call_tier[i] = t;
}

/* ---- calling the assembly ----------------------------------------------- */

static int check_ymm;		/* XINUSE usable: check for vzeroupper */
static unsigned int abi_bad_tier[NR_TIERS];
static long abi_calls[NR_TIERS];

/* A length argument, with garbage in its upper half if the plan says so. */
static uint64_t len_arg(const struct plan *p, size_t len)
{
	return p->garbage ? (rnd() << 32) | (uint32_t)len : (uint32_t)len;
}

/* A bool argument: only its low byte is defined (garbage above it). */
static uint64_t last_arg(const struct plan *p, int last)
{
	return p->garbage ? (rnd() << 8) | (last != 0) : (last != 0);
}

/* "" if the guards are intact, else what was overwritten. */
static const char *check_guards(const u8 *p, size_t len, size_t gb, size_t ga,
				const char *name)
{
	static char s[128];
	size_t i;

	for (i = 0; i < gb; i++) {
		if (p[-1 - (ptrdiff_t)i] != guard_byte(i)) {
			snprintf(s, sizeof(s), "wrote before %s (byte %s-%zu)",
				 name, name, i + 1);
			return s;
		}
	}
	for (i = 0; i < ga; i++) {
		if (p[len + i] != guard_byte(i + 7)) {
			snprintf(s, sizeof(s),
				 "wrote past the end of %s (byte %s+%zu+%zu)",
				 name, name, len, i);
			return s;
		}
	}
	return "";
}

/* The buffers of one run. */
struct where {
	u8 *src, *dst;		/* src == dst for in place */
	size_t gb, ga;		/* guard bytes before/after dst */
	u8 *aad;		/* where the AAD is put for the run */
	const char *note;	/* placement, for FAIL (NULL: the usual) */
};

static struct aesnictr_gcm_key key_copy;
static u8 *aadpad;		/* the AAD copied zero-padded (AAD_COPY) */

/*
 * Run one message through tier t (the plan's tiers): encrypt (dec = 0) or
 * decrypt in[0..len) with AAD aad_in, writing dst and tag (16 bytes).
 * Returns 1 if every call behaved (ABI, no stray writes, no fault), else 0
 * with what[] saying which call did what.  The output itself is checked by
 * the caller.
 */
static int run_msg(enum tier t, int dec, const struct gmsg *m,
		   const struct aesnictr_gcm_key *gk, const u8 *in,
		   const u8 *aad_in, const struct where *w,
		   const struct plan *p, u8 tag[BLK], char *what, size_t wlen)
{
	/* each 16-byte buffer at its plan's offset from a 64-byte boundary */
#define SMALL_BUF	(2 * GUARD + 2 * BLK)
	static u8 accbuf[SMALL_BUF] __aligned(64), ctrbuf[SMALL_BUF] __aligned(64),
		  tagbuf[SMALL_BUF] __aligned(64), padbuf[SMALL_BUF] __aligned(64);
	static char call[160];
	u8 *acc = accbuf + GUARD + p->acc_off;
	u8 *ctr = ctrbuf + GUARD + p->ctr_off;
	u8 *tg = tagbuf + GUARD + p->tag_off;
	u8 *pad = padbuf + GUARD;
	u8 padwant[BLK];
	u8 *src = w->src, *dst = w->dst;
	u8 saved[BLK];
	unsigned int bad = 0, b;
	size_t pos, i, tail;
	uint32_t low;
	int k;
	const char *g;

	/* inputs in place, guards around every output */
	memcpy(src, in, m->len);
	if (m->aad_len)
		memcpy(w->aad, aad_in, m->aad_len);
	fill_guards(dst, m->len, w->gb, w->ga);
	fill_guards(acc, BLK, GUARD, GUARD);
	fill_guards(ctr, BLK, GUARD, GUARD);
	fill_guards(tg, BLK, GUARD, GUARD);
	memset(acc, 0, BLK);
	memcpy(ctr, m->iv, IV_LEN);		/* J0 + 1 = IV || 2 */
	ctr[12] = ctr[13] = ctr[14] = 0;
	ctr[15] = 2;
	abi_check_ymm = (u8)check_ymm;
	what[0] = 0;
	call[0] = 0;

	fault_addr = NULL;
	if (sigsetjmp(fault_jmp, 1)) {
		fault_armed = 0;
		snprintf(what, wlen, "segfault at %p in %s (src %p, dst %p, aad %p)",
			 fault_addr, call, (void *)src, (void *)dst,
			 (void *)w->aad);
		return 0;
	}
	fault_armed = 1;

	/* AAD */
	if (p->aad_mode == AAD_COPY) {
		size_t n = (m->aad_len + BLK - 1) & ~(size_t)(BLK - 1);

		memcpy(aadpad, w->aad, m->aad_len);
		memset(aadpad + m->aad_len, 0, n - m->aad_len);
		snprintf(call, sizeof(call),
			 "%s of the whole AAD copied zero-padded (len %zu)",
			 "ghash_update", n);
		b = abi_call6((const void *)ghash_update_fn, (uintptr_t)gk,
			      (uintptr_t)acc, (uintptr_t)aadpad,
			      len_arg(p, n), 0, 0);
		if (b)
			goto abi;
	} else {
		for (k = 0, pos = 0; k < p->naad; k++) {
			snprintf(call, sizeof(call),
				 "%s AAD call %d of %d (AAD bytes %zu..%zu)",
				 "ghash_update", k + 1, p->naad, pos,
				 pos + p->aad_calls[k]);
			b = abi_call6((const void *)ghash_update_fn,
				      (uintptr_t)gk, (uintptr_t)acc,
				      (uintptr_t)(w->aad + pos),
				      len_arg(p, p->aad_calls[k]), 0, 0);
			if (b)
				goto abi;
			pos += p->aad_calls[k];
			if (memcmp(gk, &key_copy, sizeof(key_copy)))
				goto key_written;
		}
		tail = m->aad_len % BLK;
		if (tail && p->aad_mode == AAD_PAD) {
			memset(pad, 0, BLK);
			memcpy(pad, w->aad + m->aad_len - tail, tail);
			memcpy(padwant, pad, BLK);
			fill_guards(pad, BLK, GUARD, GUARD);
			snprintf(call, sizeof(call),
				 "%s of the AAD tail zero-padded by the caller (%zu bytes + %zu zeros)",
				 "ghash_update", tail, BLK - tail);
			b = abi_call6((const void *)ghash_update_fn,
				      (uintptr_t)gk, (uintptr_t)acc,
				      (uintptr_t)pad, len_arg(p, BLK), 0, 0);
			if (b)
				goto abi;
			g = check_guards(pad, BLK, GUARD, GUARD, "the AAD tail");
			if (*g || memcmp(pad, padwant, BLK)) {
				snprintf(what, wlen, "%s: wrote to its input%s%s",
					 call, *g ? ": " : "", g);
				goto out;
			}
		} else if (tail && p->aad_mode == AAD_RAW_TAIL) {
			snprintf(call, sizeof(call),
				 "%s of the raw AAD tail (len %zu, AAD bytes %zu..%zu)",
				 "ghash_update", tail,
				 m->aad_len - tail, m->aad_len);
			b = abi_call6((const void *)ghash_update_fn,
				      (uintptr_t)gk, (uintptr_t)acc,
				      (uintptr_t)(w->aad + m->aad_len - tail),
				      len_arg(p, tail), 0, 0);
			if (b)
				goto abi;
		}
	}
	if (memcmp(gk, &key_copy, sizeof(key_copy)))
		goto key_written;

	/* data */
	for (k = 0, pos = 0; k < p->ndata; k++) {
		unsigned int len = p->data_calls[k];
		enum tier ct = p->call_tier[k];
		gcm_update_fn_t *fn = dec ? gcm_dec_fns[ct] : gcm_enc_fns[ct];

		snprintf(call, sizeof(call),
			 "%s_update_%s data call %d of %d (bytes %zu..%zu)",
			 dec ? "dec" : "enc", tier_names[ct], k + 1, p->ndata,
			 pos, pos + len);
		memcpy(saved, ctr, BLK);
		b = abi_call7((const void *)fn, (uintptr_t)gk, (uintptr_t)ctr,
			      (uintptr_t)acc, (uintptr_t)(dst + pos),
			      (uintptr_t)(src + pos), len_arg(p, len),
			      last_arg(p, k == p->ndata - 1));
		abi_calls[ct]++;
		if (b)
			goto abi;
		if (memcmp(saved, ctr, BLK)) {
			snprintf(what, wlen, "%s wrote to the ctr argument",
				 call);
			goto out;
		}
		if (memcmp(gk, &key_copy, sizeof(key_copy)))
			goto key_written;
		/* the caller advances the low word by len/16 */
		low = (uint32_t)ctr[12] << 24 | ctr[13] << 16 | ctr[14] << 8 |
		      ctr[15];
		low += len / BLK;
		ctr[12] = (u8)(low >> 24);
		ctr[13] = (u8)(low >> 16);
		ctr[14] = (u8)(low >> 8);
		ctr[15] = (u8)low;
		pos += len;
	}

	/* final */
	memcpy(saved, acc, BLK);
	snprintf(call, sizeof(call), "gcm_final (aad_len %zu, data_len %zu)",
		 m->aad_len, m->len);
	b = abi_call6((const void *)gcm_final_fn, (uintptr_t)gk,
		      (uintptr_t)acc, m->aad_len, m->len, (uintptr_t)tg, 0);
	if (b)
		goto abi;
	fault_armed = 0;
	if (memcmp(saved, acc, BLK)) {
		snprintf(what, wlen, "gcm_final wrote to ghash_acc");
		goto out;
	}
	if (memcmp(gk, &key_copy, sizeof(key_copy)))
		goto key_written;
	memcpy(tag, tg, BLK);

	/* stray writes */
	if (*(g = check_guards(dst, m->len, w->gb, w->ga, "dst")) ||
	    *(g = check_guards(acc, BLK, GUARD, GUARD, "ghash_acc")) ||
	    *(g = check_guards(ctr, BLK, GUARD, GUARD, "ctr")) ||
	    *(g = check_guards(tg, BLK, GUARD, GUARD, "tag"))) {
		snprintf(what, wlen, "%s", g);
		goto out;
	}
	if (src != dst && memcmp(src, in, m->len)) {
		for (i = 0; src[i] == in[i]; i++)
			;
		snprintf(what, wlen, "wrote to src (byte %zu)", i);
		goto out;
	}
	if (m->aad_len && memcmp(w->aad, aad_in, m->aad_len)) {
		snprintf(what, wlen, "wrote to the AAD");
		goto out;
	}
	return 1;

abi:
	fault_armed = 0;
	bad |= b;
	abi_bad_tier[t] |= bad;
	snprintf(what, wlen, "%s broke the ABI:%s", call, abi_what(bad));
	return 0;
key_written:
	fault_armed = 0;
	snprintf(what, wlen, "%s wrote to the key struct", call);
	return 0;
out:
	fault_armed = 0;
	return 0;
}

/* "" if got == want, else where they first differ and which call did it. */
static int cmp_data(const u8 *got, const u8 *want, size_t len,
		    const struct plan *p, int dec, char *what, size_t wlen)
{
	size_t i, first = (size_t)-1, ndiff = 0, pos;
	int k;

	for (i = 0; i < len; i++) {
		if (got[i] != want[i]) {
			if (first == (size_t)-1)
				first = i;
			ndiff++;
		}
	}
	if (!ndiff)
		return 1;
	for (k = 0, pos = 0; k < p->ndata - 1; k++) {
		if (first < pos + p->data_calls[k])
			break;
		pos += p->data_calls[k];
	}
	snprintf(what, wlen,
		 "%s wrong: first wrong byte %zu (block %zu, data call %d of %d at byte %zu of it): got %02x want %02x; %zu bytes wrong",
		 dec ? "plaintext" : "ciphertext", first, first / BLK, k + 1,
		 p->ndata, first - pos, got[first], want[first], ndiff);
	return 0;
}

static int cmp_tag(const u8 *got, const u8 *want, char *what, size_t wlen)
{
	char g[33], w[33];
	int i;

	if (!memcmp(got, want, BLK))
		return 1;
	for (i = 0; got[i] == want[i]; i++)
		;
	hex(g, got, BLK);
	hex(w, want, BLK);
	snprintf(what, wlen, "tag wrong from byte %d: got %s want %s", i, g, w);
	return 0;
}

static void fail_detail(char *detail, size_t dlen, const char *op,
			const struct gmsg *m, const struct plan *p,
			const struct where *w, const char *what)
{
	char keyhex[65], ivhex[25];

	hex(keyhex, m->key, m->klen);
	hex(ivhex, m->iv, IV_LEN);
	snprintf(detail, dlen, "%s aes-%u len=%zu aad_len=%zu tag=%u key=%s iv=%s%s%s; ",
		 op, m->klen * 8, m->len, m->aad_len, m->taglen, keyhex, ivhex,
		 w->note ? "; " : "", w->note ? w->note : "");
	describe_plan(detail, dlen, m, p, w->src, w->dst, w->aad);
	cat(detail, dlen, ": %s", what);
}

/* ---- one case: encrypt, decrypt, tamper ----------------------------------- */

enum tamper { T_NONE, T_CT, T_AAD, T_TAG, NR_TAMPER };
static const char *const tamper_names[] = {
	"", "ciphertext", "AAD", "tag"
};

static u8 *want2, *tampered, *aad_t;	/* scratch for tampering */
static u8 *srcbuf, *dstbuf, *aadbuf;	/* 64-byte aligned, with room */

static struct where normal_where(const struct plan *p)
{
	struct where w;

	w.dst = dstbuf + GUARD + p->dst_off;
	w.src = p->inplace ? w.dst : srcbuf + p->src_off;
	w.gb = w.ga = GUARD;
	w.aad = aadbuf + p->aad_off;
	w.note = NULL;
	return w;
}

/*
 * Encrypt m with plan pe, decrypt it with plan pd, then decrypt a tampered
 * copy (kind tk, if it applies) and require the tag check to fail.  we/wd:
 * the buffers for the encryption and the decryptions.  Returns 1 if all is
 * well, else 0 with detail.
 */
static int check_case(enum tier t, const struct gmsg *m,
		      const struct aesnictr_gcm_key *gk, const struct plan *pe,
		      const struct where *we, const struct plan *pd,
		      const struct where *wd, enum tamper tk, char *detail,
		      size_t dlen)
{
	char what[512];
	u8 tag[BLK], rtag[BLK];
	size_t bit;

	/* encrypt */
	if (!run_msg(t, 0, m, gk, m->plain, m->aad, we, pe, tag, what,
		     sizeof(what)) ||
	    !cmp_data(we->dst, m->ct, m->len, pe, 0, what, sizeof(what)) ||
	    !cmp_tag(tag, m->tag, what, sizeof(what))) {
		fail_detail(detail, dlen, "encrypt", m, pe, we, what);
		return 0;
	}
	/* decrypt: the plaintext, and a tag that verifies */
	if (!run_msg(t, 1, m, gk, m->ct, m->aad, wd, pd, tag, what,
		     sizeof(what)) ||
	    !cmp_data(wd->dst, m->plain, m->len, pd, 1, what, sizeof(what)) ||
	    !cmp_tag(tag, m->tag, what, sizeof(what))) {
		fail_detail(detail, dlen, "decrypt", m, pd, wd, what);
		return 0;
	}

	if (tk == T_CT && !m->len)
		tk = m->aad_len ? T_AAD : T_TAG;
	if (tk == T_AAD && !m->aad_len)
		tk = m->len ? T_CT : T_TAG;
	switch (tk) {
	case T_NONE:
		return 1;
	case T_TAG:
		/* a received tag with one bit flipped within taglen */
		memcpy(rtag, m->tag, BLK);
		bit = rnd() % (m->taglen * 8);
		rtag[bit / 8] ^= (u8)(1u << (bit % 8));
		if (!memcmp(tag, rtag, m->taglen)) {
			snprintf(what, sizeof(what),
				 "tampered tag (bit %zu flipped) accepted", bit);
			fail_detail(detail, dlen, "decrypt", m, pd, wd, what);
			return 0;
		}
		return 1;
	case T_CT:
	case T_AAD:
		break;
	default:
		return 1;
	}

	/*
	 * One bit of the ciphertext (the plaintext must come out with the
	 * same bit flipped) or of the AAD (the plaintext unchanged): the
	 * computed tag must differ from the right one.  All 16 bytes are
	 * compared, so that a 2^-32 collision of a 4-byte tag is no flake;
	 * a truncated check compares a prefix of the same bytes.
	 */
	{
		struct gmsg mt = *m;
		const u8 *want = m->plain;

		if (tk == T_CT) {
			bit = rnd() % (m->len * 8);
			memcpy(tampered, m->ct, m->len);
			tampered[bit / 8] ^= (u8)(1u << (bit % 8));
			memcpy(want2, m->plain, m->len);
			want2[bit / 8] ^= (u8)(1u << (bit % 8));
			want = want2;
			if (!run_msg(t, 1, &mt, gk, tampered, m->aad, wd, pd,
				     tag, what, sizeof(what)))
				goto bad;
		} else {
			bit = rnd() % (m->aad_len * 8);
			memcpy(aad_t, m->aad, m->aad_len);
			aad_t[bit / 8] ^= (u8)(1u << (bit % 8));
			mt.aad = aad_t;
			if (!run_msg(t, 1, &mt, gk, m->ct, aad_t, wd, pd, tag,
				     what, sizeof(what)))
				goto bad;
		}
		if (!cmp_data(wd->dst, want, m->len, pd, 1, what,
			      sizeof(what)))
			goto bad;
		if (!memcmp(tag, m->tag, BLK)) {
			snprintf(what, sizeof(what),
				 "not detected: computed tag equals the right one");
			goto bad;
		}
		return 1;
bad:
		{
			char op[96];

			snprintf(op, sizeof(op),
				 "decrypt with tampered %s (bit %zu flipped)",
				 tamper_names[tk], bit);
			fail_detail(detail, dlen, op, m, pd, wd, what);
		}
		return 0;
	}
}

/* ---- the oracle and keys ------------------------------------------------ */

static EVP_CIPHER_CTX *evp;

static const EVP_CIPHER *evp_gcm(unsigned int klen)
{
	return klen == 16 ? EVP_aes_128_gcm() :
	       klen == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

/* OpenSSL's GCM encryption of m into ct and m->tag (all 16 bytes). */
static void oracle(struct gmsg *m, u8 *ct)
{
	int n = 0, n2 = 0;

	if (!EVP_EncryptInit_ex(evp, evp_gcm(m->klen), NULL, m->key, m->iv) ||
	    (m->aad_len &&
	     !EVP_EncryptUpdate(evp, NULL, &n, m->aad, (int)m->aad_len)) ||
	    !EVP_EncryptUpdate(evp, ct, &n, m->plain, (int)m->len) ||
	    !EVP_EncryptFinal_ex(evp, ct + n, &n2) ||
	    (size_t)(n + n2) != m->len ||
	    !EVP_CIPHER_CTX_ctrl(evp, EVP_CTRL_GCM_GET_TAG, BLK, m->tag)) {
		fprintf(stderr, "OpenSSL EVP GCM encryption failed\n");
		exit(2);
	}
	m->ct = ct;
}

/* OpenSSL's own verdict on (ct, tag[0..taglen)): 1 if it accepts. */
static int oracle_verify(const struct gmsg *m, const u8 *ct, const u8 *tag,
			 u8 *out)
{
	int n = 0, n2 = 0;

	if (!EVP_DecryptInit_ex(evp, evp_gcm(m->klen), NULL, m->key, m->iv) ||
	    (m->aad_len &&
	     !EVP_DecryptUpdate(evp, NULL, &n, m->aad, (int)m->aad_len)) ||
	    !EVP_DecryptUpdate(evp, out, &n, ct, (int)m->len) ||
	    !EVP_CIPHER_CTX_ctrl(evp, EVP_CTRL_GCM_SET_TAG, (int)m->taglen,
				 (void *)tag)) {
		fprintf(stderr, "OpenSSL EVP GCM decryption failed\n");
		exit(2);
	}
	return EVP_DecryptFinal_ex(evp, out + n, &n2) > 0;
}

/* Expand the key and the hash key powers (the routines under test). */
static void set_key(struct aesnictr_gcm_key *gk, const struct gmsg *m)
{
	memset(gk, 0, sizeof(*gk));
	aesnictr_expand_key(&gk->aes, m->key, m->klen);
	gcm_precompute_fn(gk);
	memcpy(&key_copy, gk, sizeof(key_copy));
}

/* A fresh random message of the given lengths, with its right answer. */
static void new_msg(struct gmsg *m, unsigned int klen, size_t len,
		    size_t aad_len, u8 *ct, struct aesnictr_gcm_key *gk)
{
	m->klen = klen;
	rnd_bytes(m->key, klen);
	rnd_bytes(m->iv, IV_LEN);
	m->len = len;
	m->aad_len = aad_len;
	m->plain = rnd_from_pool(len);
	m->aad = rnd_from_pool(aad_len);
	m->taglen = tag_sizes[rnd() % NR_TAG_SIZES];
	oracle(m, ct);
	set_key(gk, m);
}

static u8 *want;		/* the oracle's ciphertext */
static size_t rnd_aad_len(void);

/* One message on every usable tier, with random plans and tampering. */
static void run_all_tiers(const struct gmsg *m,
			  const struct aesnictr_gcm_key *gk, int split)
{
	char detail[DETAIL_LEN];
	struct plan pe, pd;
	struct where we, wd;
	int t;

	for (t = 0; t < NR_TIERS; t++) {
		if (!usable[t])
			continue;
		gen_plan(&pe, m, t, split);
		gen_plan(&pd, m, t, split);
		we = normal_where(&pe);
		wd = normal_where(&pd);
		group_record(t, check_case(t, m, gk, &pe, &we, &pd, &wd,
					   (enum tamper)(rnd() % NR_TAMPER),
					   detail, sizeof(detail)),
			     detail);
	}
}

/* ---- the checks --------------------------------------------------------- */

/* aesnictr_gcm_precompute: fills its part of the key, and only that. */
static void test_precompute(void)
{
	static union {
		struct aesnictr_gcm_key k;
		u8 b[2 * sizeof(struct aesnictr_gcm_key)];
	} buf, first;
	struct aesnictr_key aes;
	unsigned int klen, i, bad;
	u8 key[32];
	size_t r;

	for (klen = 16; klen <= 32; klen += 8) {
		const char *err = NULL;
		char e[160];

		rnd_bytes(key, klen);
		for (i = 0; i < 2 && !err; i++) {
			memset(buf.b, i ? 0x33 : 0xcc, sizeof(buf.b));
			aesnictr_expand_key(&buf.k.aes, key, klen);
			memcpy(&aes, &buf.k.aes, sizeof(aes));
			abi_check_ymm = (u8)check_ymm;
			bad = abi_call6((const void *)gcm_precompute_fn,
					(uintptr_t)&buf.k, 0, 0, 0, 0, 0);
			if (bad) {
				snprintf(e, sizeof(e), "ABI broken:%s",
					 abi_what(bad));
				err = e;
			} else if (memcmp(&aes, &buf.k.aes, sizeof(aes))) {
				err = "changed the AES round keys";
			} else {
				for (r = sizeof(buf.k); r < sizeof(buf.b); r++)
					if (buf.b[r] != (i ? 0x33 : 0xcc))
						break;
				if (r < sizeof(buf.b)) {
					snprintf(e, sizeof(e),
						 "wrote past the key struct (byte %zu)",
						 r);
					err = e;
				}
			}
			if (err)
				break;
			/*
			 * h_powers_xored[j] = lo ^ hi of h_powers[j], in every
			 * 8-byte half of its slot
			 */
			for (r = 0; r < AESNICTR_GCM_NPOWERS; r++) {
				uint64_t lo, hi, x;
				size_t h;

				memcpy(&lo, buf.k.h_powers[r], 8);
				memcpy(&hi, buf.k.h_powers[r] + 8, 8);
				for (h = 0; h < sizeof(buf.k.h_powers_xored[r]); h += 8) {
					memcpy(&x, buf.k.h_powers_xored[r] + h, 8);
					if (x != (lo ^ hi))
						break;
				}
				if (h < sizeof(buf.k.h_powers_xored[r]))
					break;
			}
			if (r < AESNICTR_GCM_NPOWERS) {
				snprintf(e, sizeof(e),
					 "h_powers_xored[%zu] is not the XOR of the halves of h_powers[%zu]",
					 r, r);
				err = e;
			} else if (!i) {
				first = buf;
			} else if (memcmp(first.k.h_powers, buf.k.h_powers,
					  sizeof(buf.k.h_powers)) ||
				   memcmp(first.k.h_powers_xored,
					  buf.k.h_powers_xored,
					  sizeof(buf.k.h_powers_xored)) ||
				   memcmp(first.k.h_powers_hi, buf.k.h_powers_hi,
					  sizeof(buf.k.h_powers_hi)) ||
				   memcmp(first.k.h_powers_top, buf.k.h_powers_top,
					  sizeof(buf.k.h_powers_top))) {
				err = "h_powers/h_powers_xored/h_powers_hi/h_powers_top depend on the struct's old contents (not all written)";
			}
		}
		if (err)
			fail("gcm_precompute aes-%u: %s", klen * 8, err);
		else
			pass("gcm_precompute aes-%u: AES keys kept, nothing written past the struct, all of h_powers, h_powers_xored, h_powers_hi and h_powers_top written, h_powers_xored = lo ^ hi",
			     klen * 8);
	}
}

/*
 * The GCM specification's test cases with 96-bit IVs (McGrew & Viega, "The
 * Galois/Counter Mode of Operation", revised; also NIST's GCM test vectors).
 */
#define K0_128	"00000000000000000000000000000000"
#define K0_192	K0_128 "0000000000000000"
#define K0_256	K0_128 K0_128
#define KF_128	"feffe9928665731c6d6a8f9467308308"
#define KF_192	KF_128 "feffe9928665731c"
#define KF_256	KF_128 KF_128
#define IV0	"000000000000000000000000"
#define IVF	"cafebabefacedbaddecaf888"
#define P60	"d9313225f88406e5a55909c5aff5269a" \
		"86a7a9531534f7da2e4c303d8a318a72" \
		"1c3c0c95956809532fcf0e2449a6b525" \
		"b16aedf5aa0de657ba637b39"
#define P64	P60 "1aafd255"
#define A20	"feedfacedeadbeeffeedfacedeadbeefabaddad2"

static const struct {
	int tc;
	const char *key, *iv, *pt, *aad, *ct, *tag;
} gcm_kats[] = {
	{ 1, K0_128, IV0, "", "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
	{ 2, K0_128, IV0, K0_128, "", "0388dace60b6a392f328c2b971b2fe78",
	  "ab6e47d42cec13bdf53a67b21257bddf" },
	{ 3, KF_128, IVF, P64, "",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	{ 4, KF_128, IVF, P60, A20,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "5bc94fbc3221a5db94fae95ae7121a47" },
	{ 7, K0_192, IV0, "", "", "", "cd33b28ac773f74ba00ed1f312572435" },
	{ 8, K0_192, IV0, K0_128, "", "98e7247c07f0fe411c267e4384b0f600",
	  "2ff58d80033927ab8ef4d4587514f0fb" },
	{ 9, KF_192, IVF, P64, "",
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256",
	  "9924a7c8587336bfb118024db8674a14" },
	{ 10, KF_192, IVF, P60, A20,
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
	  "2519498e80f1478f37ba55bd6d27618c" },
	{ 13, K0_256, IV0, "", "", "", "530f8afbc74536b9a963b4f1c4cb738b" },
	{ 14, K0_256, IV0, K0_128, "", "cea7403d4d606b6e074ec5d3baf39d18",
	  "d0d1c8a799996bf0265b98b5d48ab919" },
	{ 15, KF_256, IVF, P64, "",
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
	  "b094dac5d93471bdec1a502270e3cc6c" },
	{ 16, KF_256, IVF, P60, A20,
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
	  "76fc6ece0f4e1768cddf8853bb2d551b" },
};

/*
 * Every TC on every tier: every way of splitting the data at 16-byte
 * boundaries (zero-length calls included), AAD whole or in pieces, in
 * place and not, every tag size, decryption and tampering.
 */
static void test_kats(void)
{
	static u8 pt[64], aad[32], ct[64], out[64];
	char detail[DETAIL_LEN];
	struct aesnictr_gcm_key gk;
	struct gmsg m, mo;
	struct plan pe, pd;
	struct where we, wd;
	unsigned int i, mask, v, nb;
	int t, ok, k;
	size_t pos;

	for (i = 0; i < sizeof(gcm_kats) / sizeof(gcm_kats[0]); i++) {
		memset(&m, 0, sizeof(m));
		m.klen = (unsigned int)unhex(m.key, gcm_kats[i].key);
		unhex(m.iv, gcm_kats[i].iv);
		m.len = unhex(pt, gcm_kats[i].pt);
		m.aad_len = unhex(aad, gcm_kats[i].aad);
		unhex(ct, gcm_kats[i].ct);
		unhex(m.tag, gcm_kats[i].tag);
		m.plain = pt;
		m.aad = aad;
		m.ct = ct;

		/* The oracle must know the answer, and accept every tag size. */
		mo = m;
		oracle(&mo, out);
		ok = !memcmp(out, ct, m.len) && !memcmp(mo.tag, m.tag, BLK);
		for (v = 0; ok && v < NR_TAG_SIZES; v++) {
			mo.taglen = tag_sizes[v];
			ok = oracle_verify(&mo, ct, m.tag, out) &&
			     !memcmp(out, pt, m.len);
		}
		if (!ok)
			fail("openssl oracle aes-%u GCM spec TC %d: wrong output or tag rejected",
			     m.klen * 8, gcm_kats[i].tc);
		else
			pass("openssl oracle aes-%u matches GCM spec TC %d (all tag sizes verify)",
			     m.klen * 8, gcm_kats[i].tc);

		set_key(&gk, &m);
		group_begin("aes-%u GCM spec TC %d (len %zu, AAD %zu): every 16-byte split of the data, AAD whole/split, every tag size, in place and not, tampering",
			    m.klen * 8, gcm_kats[i].tc, m.len, m.aad_len);
		nb = (unsigned int)(m.len / BLK);
		for (t = 0; t < NR_TIERS; t++) {
			if (!usable[t])
				continue;
			/* bit b of mask: a call boundary after block b+1 */
			for (mask = 0; mask < (nb ? 1u << nb : 1u); mask++) {
				for (v = 0; v < 4 * NR_TAG_SIZES; v++) {
					m.taglen = tag_sizes[v % NR_TAG_SIZES];
					gen_plan(&pe, &m, t, 0);
					pe.inplace = v & 1;
					set_aad_calls(&pe, &m,
						      (enum aad_mode)((v >> 1) % NR_AAD_MODES), 0);
					if (m.len) {
						/* mask over the 16-byte boundaries */
						for (k = 0, pos = 0; k < (int)nb; k++) {
							if (!(mask & (1u << k)))
								continue;
							pe.data_calls[pe.ndata - 1] =
								(unsigned int)((k + 1) * BLK - pos);
							pos = (size_t)(k + 1) * BLK;
							pe.data_calls[pe.ndata++] = 0;
						}
						pe.data_calls[pe.ndata - 1] =
							(unsigned int)(m.len - pos);
					}
					pd = pe;
					pd.inplace = !pe.inplace;
					we = normal_where(&pe);
					wd = normal_where(&pd);
					group_record(t, check_case(t, &m, &gk, &pe, &we, &pd, &wd,
								   (enum tamper)(v % NR_TAMPER),
								   detail, sizeof(detail)),
						     detail);
				}
			}
		}
		group_end();
	}
}

/* Every data length lo..hi, each with several AAD lengths. */
static void test_lengths(unsigned int klen, size_t lo, size_t hi)
{
	struct aesnictr_gcm_key gk;
	struct gmsg m;
	size_t len;
	int j;

	group_begin("aes-%u data lengths %zu..%zu, each with AAD lengths len*7%%65, random 0..64 and 0..600, one call and split, offsets, in place",
		    klen * 8, lo, hi);
	for (len = lo; len <= hi; len++) {
		for (j = 0; j < 3; j++) {
			size_t aad_len = j == 0 ? len * 7 % 65 :
					 j == 1 ? rnd() % 65 : rnd() % 601;

			new_msg(&m, klen, len, aad_len, want, &gk);
			run_all_tiers(&m, &gk, j != 0);
		}
	}
	group_end();
}

/*
 * Lengths k*128 - 17 .. k*128 + 17 up to 8 KiB: every boundary of the
 * stitched loops (8 vectors of 16, 32 or 64 bytes per iteration).
 */
static void test_loop_edges(unsigned int klen)
{
	struct aesnictr_gcm_key gk;
	struct gmsg m;
	size_t k, d;

	group_begin("aes-%u data lengths k*128-17..k*128+17 for k = 1..64 (every 8-vector loop boundary), split and not",
		    klen * 8);
	for (k = 1; k <= 64; k++) {
		for (d = 0; d <= 34; d++) {
			new_msg(&m, klen, k * 128 + d - 17, rnd_aad_len(),
				want, &gk);
			run_all_tiers(&m, &gk, (int)(d & 1));
		}
	}
	group_end();
}

/* AAD lengths 0..64 against many data lengths; then long AADs. */
static void test_aad(unsigned int klen)
{
	static const size_t lens[] = {
		0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
		255, 256, 257, 511, 512, 513
	};
	struct aesnictr_gcm_key gk;
	struct gmsg m;
	size_t a, i;

	group_begin("aes-%u AAD lengths 0..64 x data lengths 0..513 (20 lengths), fed whole and split",
		    klen * 8);
	for (a = 0; a <= 64; a++) {
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			new_msg(&m, klen, lens[i], a, want, &gk);
			run_all_tiers(&m, &gk, 1);
		}
	}
	group_end();

	group_begin("aes-%u AAD lengths random 65..%d, data 0..2048, AAD fed whole, in random pieces and in the glue's 256-byte chunks",
		    klen * 8, MAX_AAD);
	for (i = 0; i < 3000; i++) {
		a = 65 + rnd() % (i & 3 ? 1024 : MAX_AAD - 64);
		new_msg(&m, klen, rnd() % 2049, a, want, &gk);
		run_all_tiers(&m, &gk, 1);
	}
	group_end();
}

/*
 * Buffers flush against unmapped pages, at their start and at their end:
 * any access outside [src, src+len), [dst, dst+len) or the AAD faults.
 */
struct gcm_fence {
	unsigned int klen;
	struct aesnictr_gcm_key gk;
	struct gmsg m;
};

static void gcm_fence_prepare(void *ctx, size_t len)
{
	struct gcm_fence *f = ctx;

	new_msg(&f->m, f->klen, len, rnd() % (len & 1 ? 81 : 600), want,
		&f->gk);
}

static void gcm_fence_run(void *ctx, const struct fence_case *fc)
{
	static const char *const notes[4] = {
		"out-of-place, buffers and AAD end at a page end",
		"out-of-place, buffers and AAD start at a page start",
		"in-place, buffer and AAD end at a page end",
		"in-place, buffer and AAD start at a page start",
	};
	struct gcm_fence *f = ctx;
	char detail[DETAIL_LEN];
	struct plan pe, pd;
	struct where we, wd;
	int t, j;

	for (t = 0; t < NR_TIERS; t++) {
		struct where *w[2] = { &we, &wd };
		struct plan *p[2] = { &pe, &pd };

		if (!usable[t])
			continue;
		gen_plan(&pe, &f->m, t, 1);
		gen_plan(&pd, &f->m, t, 1);
		for (j = 0; j < 2; j++) {
			p[j]->inplace = fc->inplace;
			w[j]->dst = fence_at(fc, 1, fc->len, GUARD, &w[j]->gb,
					     &w[j]->ga);
			w[j]->src = fc->inplace ? w[j]->dst :
				    fence_at(fc, 0, fc->len, 0, NULL, NULL);
			w[j]->aad = fence_at(fc, 2, f->m.aad_len, 0, NULL,
					     NULL);
			w[j]->note = notes[2 * fc->inplace + !fc->at_end];
		}
		group_record(t, check_case(t, &f->m, &f->gk, &pe, &we, &pd, &wd,
					   (enum tamper)(rnd() % NR_TAMPER),
					   detail, sizeof(detail)),
			     detail);
	}
}

static void test_fences(unsigned int klen)
{
	static const struct fence_range lens[] = {
		{ 0, 700 }, { 4032, 4160 }, { 16320, 16448 },
	};
	static struct fence_test ft = {
		.pages = { 5, 5, 5 }, .lens = lens, .nr_lens = 3,
		.prepare = gcm_fence_prepare, .run = gcm_fence_run,
	};
	static struct gcm_fence f;

	group_begin("aes-%u buffers and AAD against unmapped pages, lengths 0..700, 4032..4160, 16320..16448 (no access outside src/dst/AAD)",
		    klen * 8);
	f.klen = klen;
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
		return rnd() % 4097;
	if (r < 98)
		return rnd() % 16385;
	return rnd() % (MAX_LEN + 1);
}

static size_t rnd_aad_len(void)
{
	static const size_t common[] = { 8, 12, 16, 20, 13, 24, 28, 32 };
	unsigned int r = rnd() % 100;

	if (r < 20)
		return 0;
	if (r < 40)
		return common[rnd() % 8];	/* IPsec, TLS, dm-crypt sizes */
	if (r < 80)
		return rnd() % 65;
	if (r < 95)
		return rnd() % 513;
	return rnd() % (MAX_AAD + 1);
}

static void test_random(unsigned int klen, long cases)
{
	struct aesnictr_gcm_key gk;
	struct gmsg m;
	long i;

	group_begin("aes-%u random keys, IVs, lengths 0..%d, AAD 0..%d, tag sizes, splits, offsets, in place, tampering",
		    klen * 8, MAX_LEN, MAX_AAD);
	for (i = 0; i < cases; i++) {
		new_msg(&m, klen, rnd_len(), rnd_aad_len(), want, &gk);
		run_all_tiers(&m, &gk, (int)(rnd() % 3));
	}
	group_end();
}

/*
 * ghash_acc has one form for every tier (ghash_update and gcm_final are
 * shared): a message whose update calls go to different tiers must work.
 */
static void test_mixed(long cases)
{
	char detail[DETAIL_LEN];
	struct aesnictr_gcm_key gk;
	struct gmsg m;
	struct plan pe, pd;
	struct where we, wd;
	enum tier list[NR_TIERS];
	int n = 0, t, k;
	long i, fails = 0;

	for (t = 0; t < NR_TIERS; t++)
		if (usable[t])
			list[n++] = t;
	if (n < 2)
		return;
	detail[0] = 0;
	for (i = 0; i < cases; i++) {
		char d[DETAIL_LEN];

		new_msg(&m, 16 + 8 * (unsigned int)(rnd() % 3), rnd_len(),
			rnd_aad_len(), want, &gk);
		gen_plan(&pe, &m, list[0], 1);
		gen_plan(&pd, &m, list[0], 1);
		for (k = 0; k < MAX_CALLS; k++) {
			pe.call_tier[k] = list[rnd() % n];
			pd.call_tier[k] = list[rnd() % n];
		}
		pe.mixed = pd.mixed = 1;
		we = normal_where(&pe);
		wd = normal_where(&pd);
		if (!check_case(list[n - 1], &m, &gk, &pe, &we, &pd, &wd,
				(enum tamper)(rnd() % NR_TAMPER), d,
				sizeof(d)) && !fails++)
			memcpy(detail, d, sizeof(d));
	}
	if (fails)
		fail("tiers mixed within a message (ghash_acc passed between tiers): %s (%ld of %ld cases failed)",
		     detail, fails, cases);
	else
		pass("tiers mixed within a message (ghash_acc passed between tiers, %ld cases)",
		     cases);
}

static void test_abi_summary(void)
{
	int t;

	for (t = 0; t < NR_TIERS; t++) {
		if (!usable[t])
			continue;
		if (abi_bad_tier[t])
			fail("%s GCM ABI:%s", tier_names[t],
			     abi_what(abi_bad_tier[t]));
		else
			pass("%s GCM ABI: rbx/rbp/r12-r15/rsp preserved, DF clear, MXCSR kept%s, garbage in upper half of len and above last's byte ignored (%ld update calls)",
			     tier_names[t], check_ymm ? ", vzeroupper" : "",
			     abi_calls[t]);
	}
}

/* A random piece of rem bytes: a multiple of 16 unless it is all of rem. */
static size_t rnd_piece(size_t rem)
{
	size_t n = BLK * (rnd() % 4 ? rnd() % 20 : rnd() % 300);

	return n < rem ? n : rem;
}

/*
 * The module's C path (../../gcm_generic.c over ../../aes_ct.c), as the
 * glue runs it without the FPU: H and the key powers against
 * aesnictr_gcm_precompute, then each message both ways (the AAD and the
 * text in random pieces) against OpenSSL.
 */
static void test_c_path(unsigned int klen, long cases)
{
	static struct aesnictr_gcm_key gk, ck;
	static struct aesnictr_ct_sched cs;
	struct aesnictr_gcm_h h;
	struct gmsg m;
	u8 acc[BLK], ctr[BLK], j0[BLK], tag[BLK];
	size_t pos, n;
	long i;
	int dec, bad = 0;

	for (i = 0; i < cases && !bad; i++) {
		new_msg(&m, klen, rnd() % 2100, rnd() % 600, want, &gk);
		memset(&ck, 0, sizeof(ck));
		aesnictr_ct_expand_key(&ck.aes, m.key, klen);
		aesnictr_ct_prepare(&cs, &ck.aes);
		aesnictr_gcm_h_generic(&h, &ck.aes);
		aesnictr_gcm_precompute_generic(&ck, &h);
		if (memcmp(&ck, &gk, sizeof(ck)))
			bad = 1;
		for (dec = 0; dec < 2 && !bad; dec++) {
			const u8 *in = dec ? m.ct : m.plain;

			/* in place (dst == src) half the time */
			if (rnd() & 1) {
				memcpy(dstbuf, in, m.len);
				in = dstbuf;
			}
			memset(acc, 0, BLK);
			memcpy(ctr, m.iv, IV_LEN);
			memcpy(j0, m.iv, IV_LEN);
			put_unaligned_be32(2, ctr + IV_LEN);
			put_unaligned_be32(1, j0 + IV_LEN);
			for (pos = 0; pos < m.aad_len; pos += n) {
				n = rnd_piece(m.aad_len - pos);
				aesnictr_gcm_ghash_generic(&h, acc, m.aad + pos,
							   (unsigned int)n);
			}
			for (pos = 0; pos < m.len; pos += n) {
				n = rnd_piece(m.len - pos);
				aesnictr_gcm_crypt_generic(&cs, &h, acc, ctr,
							   dstbuf + pos,
							   in + pos,
							   (unsigned int)n,
							   !dec);
			}
			aesnictr_gcm_final_generic(&cs, &h, acc, j0,
						   m.aad_len, m.len, tag);
			if (memcmp(dstbuf, dec ? m.plain : m.ct, m.len) ||
			    memcmp(tag, m.tag, BLK))
				bad = 2 + dec;
		}
	}
	if (bad)
		fail("aes-%u C path (gcm_generic.c): %s wrong, text %zu bytes, AAD %zu",
		     klen * 8, bad == 1 ? "the key powers" :
		     bad == 2 ? "encryption" : "decryption", m.len, m.aad_len);
	else
		pass("aes-%u C path (gcm_generic.c, aes_ct.c): key powers against the assembly's, text 0..2099 and AAD 0..599 bytes in random pieces, both ways, in place and not, against OpenSSL (%ld cases)",
		     klen * 8, cases);
}

/* vaes512's updates: the _hregs ones (hregs) or not, named in the lines. */
static void vaes512_form(int hregs)
{
	gcm_fns_vaes512(hregs);
	tier_suffix[TIER_VAES512] = hregs ? "-hregs" : NULL;
}

/*
 * Every check of the tiers usable; tier_free: also those that run no tier's
 * updates (the precomputation, the C path), once is enough for them.
 */
static void test_all(long cases, int tier_free)
{
	unsigned int klen;

	if (tier_free)
		test_precompute();
	test_kats();
	for (klen = 16; klen <= 32; klen += 8) {
		test_lengths(klen, 0, 600);
		test_lengths(klen, 4096 - 48, 4096 + 48);
		test_loop_edges(klen);
		test_aad(klen);
		test_fences(klen);
		test_random(klen, cases);
		if (tier_free)
			test_c_path(klen, cases / 100 + 1);
	}
	test_mixed(cases / 10);
}

int main(int argc, char **argv)
{
	long cases;

	cases = test_init("test_gcm", argc, argv);
	check_ymm = cpu_has_xinuse();
	pool_init();
	want = xaligned(MAX_LEN + 64);
	want2 = xaligned(MAX_LEN + 64);
	tampered = xaligned(MAX_LEN + 64);
	aad_t = xaligned(MAX_AAD + 64);
	aadpad = xaligned(MAX_AAD + 64);
	srcbuf = xaligned(MAX_LEN + 128);
	dstbuf = xaligned(MAX_LEN + 128 + 2 * GUARD);
	aadbuf = xaligned(MAX_AAD + 128);
	evp = EVP_CIPHER_CTX_new();
	if (!evp)
		return 2;

	if (!test_tiers(NULL)) {
		printf("native gcm tiers covered: none\n");
		return 0;
	}

	vaes512_form(gcm_fns_vaes512_hregs());
	test_all(cases, 1);
	/*
	 * vaes512 has two forms of the updates (gcm_glue.c takes one by the
	 * CPU's vendor, as gcm_fns.c does): the other one again, alone.
	 */
	if (usable[TIER_VAES512]) {
		int first = gcm_fns_vaes512_hregs(), saved[NR_TIERS];
		enum tier t;

		memcpy(saved, usable, sizeof(saved));
		for (t = 0; t < NR_TIERS; t++)
			usable[t] = t == TIER_VAES512;
		vaes512_form(!first);
		test_all(cases, 0);
		memcpy(usable, saved, sizeof(saved));
		vaes512_form(first);
		printf("native gcm vaes512 forms covered: vaes512 vaes512-hregs\n");
	}
	test_abi_summary();

	EVP_CIPHER_CTX_free(evp);
	return test_finish("native gcm tiers covered:");
}
