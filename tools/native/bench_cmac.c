// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's cmac and xcbc modes: cmac(aes) (NIST SP 800-38B) and
 * xcbc(aes) (RFC 3566, AES-128 only) as SMB uses them: the cifs client
 * sets the key on every message (SMB3 signing: cmac(aes); xcbc: IPsec's
 * AES-XCBC-MAC-96 is the other user), so each timed message is setkey,
 * init, one update of the whole message and final, its 16-byte MAC into
 * dst.  Rows:
 *   ours: aesnictr_cmac_setkey (CMAC: aesnictr_expand_key_encrypt_zero,
 *     L made beside the schedule; XCBC: aesnictr_expand_key, or _kga on a
 *     CPU not Intel's, as the module picks (aes_key.c), the subkeys
 *     by aesnictr_cmac_chain_avx) and the family's message layer
 *     (../../cmac_generic.c) over the chain; one row, the chain serving
 *     every tier.  The kernel glue would add a kernel_fpu_begin/end around
 *     its assembly calls (a few per message), not included either.
 *   OpenSSL (cmac only; it has no XCBC): EVP_MAC "CMAC" keyed per message
 *     (EVP_MAC_init with the key, the cipher fetched once).
 *   stock: 6.1/6.12's crypto/cmac.c and xcbc.c templates over aes-aesni,
 *     7.3's AES library (lib/crypto/aes.c aes_cmac_*, as cmac-aes-lib and
 *     xcbc-aes-lib run it), both composed here over the kernel's own
 *     single-block AES-NI code (stock.h: mac_setkey, mac_block): one call
 *     per block, the XOR in C.  The kernel's kernel_fpu_begin/end around
 *     every block cannot be included: those rows flatter stock.
 * Every stock row is checked against OpenSSL's CMAC (cmac) or an XCBC
 * reference on OpenSSL's aes-128-ecb (xcbc) before it is timed; the rows'
 * MACs are compared with OpenSSL's (cmac) or that reference (xcbc) at every
 * size.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bench.h"
#include "cmac_generic.h"

static const size_t mac_sizes[] = { 64, 256, 1024, 4096, 16384, 65536, 0 };

/* The current table's key (set_key, the same for every row). */
static u8 mac_key[32];
static unsigned int mac_klen;

/* ---- references ------------------------------------------------------------ */

static EVP_MAC *cmac_alg;

/* A CMAC context over AES-<klen*8>-CBC, keyed with key. */
static EVP_MAC_CTX *cmac_ctx_new(const u8 *key, unsigned int klen)
{
	char cipher[16];
	OSSL_PARAM params[2];
	EVP_MAC_CTX *c;

	if (!cmac_alg && !(cmac_alg = EVP_MAC_fetch(NULL, "CMAC", NULL)))
		die("EVP_MAC_fetch CMAC");
	snprintf(cipher, sizeof(cipher), "AES-%u-CBC", klen * 8);
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
						     cipher, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!(c = EVP_MAC_CTX_new(cmac_alg)) ||
	    !EVP_MAC_init(c, key, klen, params))
		die("EVP_MAC CMAC init");
	return c;
}

static void cmac_openssl(EVP_MAC_CTX *c, const u8 *key, unsigned int klen,
			 const u8 *msg, size_t len, u8 out[BLK])
{
	size_t n;

	if (!EVP_MAC_init(c, key, klen, NULL) ||
	    !EVP_MAC_update(c, msg, len) ||
	    !EVP_MAC_final(c, out, &n, BLK))
		die("EVP_MAC CMAC");
}

/* AES-128-ECB of n blocks by OpenSSL. */
static void ecb128(const u8 key[16], u8 *out, const u8 *in, size_t n)
{
	static EVP_CIPHER_CTX *c;
	int m;

	if ((!c && !(c = EVP_CIPHER_CTX_new())) ||
	    !EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL) ||
	    !EVP_CIPHER_CTX_set_padding(c, 0) ||
	    !EVP_EncryptUpdate(c, out, &m, in, (int)(16 * n)))
		die("EVP aes-128-ecb");
}

/* RFC 3566's AES-XCBC-MAC on OpenSSL's aes-128-ecb (as test_cmac's). */
static void xcbc_ref(const u8 key[16], const u8 *msg, size_t len, u8 out[BLK])
{
	u8 c[3][BLK], k[3][BLK], b[BLK];
	size_t nb = len ? (len + BLK - 1) / BLK : 1, i, tail;
	int j;

	for (j = 0; j < 3; j++)
		memset(c[j], j + 1, BLK);
	ecb128(key, k[0], c[0], 3);
	memset(out, 0, BLK);
	for (i = 0; i < nb; i++) {
		tail = i + 1 < nb ? BLK : len - i * BLK;
		memset(b, 0, BLK);
		memcpy(b, msg + i * BLK, tail);
		if (i + 1 == nb) {
			if (tail < BLK)
				b[tail] = 0x80;
			for (j = 0; j < BLK; j++)
				b[j] ^= k[tail == BLK ? 1 : 2][j];
		}
		for (j = 0; j < BLK; j++)
			out[j] ^= b[j];
		ecb128(k[0], out, out, 1);
	}
}

/* The reference MAC of the current mode. */
static void mac_ref(const u8 *key, unsigned int klen, const u8 *msg,
		    size_t len, u8 out[BLK])
{
	static EVP_MAC_CTX *c[3];
	unsigned int ki = klen / 8 - 2;

	if (cur->param) {
		xcbc_ref(key, msg, len, out);
		return;
	}
	if (!c[ki])
		c[ki] = cmac_ctx_new(key, klen);
	cmac_openssl(c[ki], key, klen, msg, len, out);
}

/* ---- the stock compositions ------------------------------------------------ */

/* crypto_xor() of a block (x86: 8 bytes at a time), and of n < 16 bytes. */
static inline void kxor(u8 *d, const u8 *s, size_t n)
{
	(void)n;
	stock_xor16(d, s);
}

static inline void kxor_part(u8 *d, const u8 *s, size_t n)
{
	while (n--)
		*d++ ^= *s++;
}

/* The subkeys: cmac K1, K2 (L * x, L * x^2); xcbc E_K(2^128), E_K(3^128). */
static u8 st_consts[2][BLK] __attribute__((aligned(16)));

struct st_desc {
	u8 odds[BLK], prev[BLK];	/* the templates' */
	u8 h[BLK];			/* the library's */
	unsigned int len;		/* templates: odds; library: partial_len */
};

/* L * x and L * x^2 in 64-bit halves (crypto/cmac.c, lib aes_cmac_preparekey). */
static void st_double2(const u8 l[BLK])
{
	u64 hi = stock_get_be64(l), lo = stock_get_be64(l + 8), mask;
	int i;

	for (i = 0; i < 2; i++) {
		mask = (u64)((int64_t)hi >> 63) & 0x87;
		hi = hi << 1 | lo >> 63;
		lo = lo << 1 ^ mask;
		stock_put_be64(st_consts[i], hi);
		stock_put_be64(st_consts[i] + 8, lo);
	}
}

static void st_setkey(const struct impl *im, const u8 *key, unsigned int klen)
{
	const struct stock_impl *st = im->st;
	static const u8 zero[BLK];
	u8 c[BLK], k1[BLK], l[BLK];

	st->mac_setkey(im->st_ctx, key, klen);
	if (!cur->param) {
		st->mac_block(im->st_ctx, l, zero);
		st_double2(l);
		return;
	}
	/* xcbc: the templates' order (2, 3, then 1); the library's (1, 2, 3) */
	memset(c, st->mac_lib ? 1 : 2, BLK);
	st->mac_block(im->st_ctx, st->mac_lib ? k1 : st_consts[0], c);
	memset(c, st->mac_lib ? 2 : 3, BLK);
	st->mac_block(im->st_ctx, st->mac_lib ? st_consts[0] : st_consts[1], c);
	memset(c, st->mac_lib ? 3 : 1, BLK);
	st->mac_block(im->st_ctx, st->mac_lib ? st_consts[1] : k1, c);
	st->mac_setkey(im->st_ctx, k1, BLK);
}

/* crypto/cmac.c's (and xcbc.c's, the same) update and final. */
static void tmpl_update(const struct impl *im, struct st_desc *d,
			const u8 *p, size_t len)
{
	const void *ctx = im->st_ctx;

	if (d->len + len <= BLK) {
		memcpy(d->odds + d->len, p, len);
		d->len += (unsigned int)len;
		return;
	}
	memcpy(d->odds + d->len, p, BLK - d->len);
	len -= BLK - d->len;
	p += BLK - d->len;
	kxor(d->prev, d->odds, BLK);
	im->st->mac_block(ctx, d->prev, d->prev);
	d->len = 0;
	while (len > BLK) {
		kxor(d->prev, p, BLK);
		im->st->mac_block(ctx, d->prev, d->prev);
		p += BLK;
		len -= BLK;
	}
	if (len) {
		memcpy(d->odds, p, len);
		d->len = (unsigned int)len;
	}
}

static void tmpl_final(const struct impl *im, struct st_desc *d, u8 *out)
{
	unsigned int off = 0;

	if (d->len != BLK) {
		d->odds[d->len] = 0x80;
		memset(d->odds + d->len + 1, 0, BLK - d->len - 1);
		off = 1;
	}
	kxor(d->prev, d->odds, BLK);
	kxor(d->prev, st_consts[off], BLK);
	im->st->mac_block(im->st_ctx, out, d->prev);
}

/* lib/crypto/aes.c's aes_cmac_update (aes_cbcmac_blocks: the generic loop). */
static void lib_blocks(const struct impl *im, u8 *h, const u8 *data,
		       size_t nblocks, int enc_before, int enc_after)
{
	const void *ctx = im->st_ctx;

	if (enc_before)
		im->st->mac_block(ctx, h, h);
	for (; nblocks > 1; nblocks--) {
		kxor(h, data, BLK);
		data += BLK;
		im->st->mac_block(ctx, h, h);
	}
	kxor(h, data, BLK);
	if (enc_after)
		im->st->mac_block(ctx, h, h);
}

static void lib_update(const struct impl *im, struct st_desc *d,
		       const u8 *data, size_t len)
{
	int enc_before = 0;
	size_t nblocks, l;

	if (d->len) {
		l = len < BLK - d->len ? len : BLK - d->len;
		kxor_part(d->h + d->len, data, l);
		data += l;
		len -= l;
		d->len += (unsigned int)l;
		if (!len)
			return;
		enc_before = 1;
	}
	nblocks = len / BLK;
	len %= BLK;
	if (!nblocks) {
		if (enc_before)
			im->st->mac_block(im->st_ctx, d->h, d->h);
		kxor_part(d->h, data, len);
		d->len = (unsigned int)len;
	} else if (len) {
		lib_blocks(im, d->h, data, nblocks, enc_before, 1);
		kxor_part(d->h, data + nblocks * BLK, len);
		d->len = (unsigned int)len;
	} else {
		lib_blocks(im, d->h, data, nblocks, enc_before, 0);
		d->len = BLK;
	}
}

static void lib_final(const struct impl *im, struct st_desc *d, u8 *out)
{
	if (d->len == BLK) {
		kxor(d->h, st_consts[0], BLK);
	} else {
		d->h[d->len] ^= 0x80;
		kxor(d->h, st_consts[1], BLK);
	}
	im->st->mac_block(im->st_ctx, out, d->h);
}

/* A stock row's message: setkey, init, msg in pieces ending at cut, final. */
static void st_mac(const struct impl *im, const u8 *key, unsigned int klen,
		   const u8 *msg, size_t len, size_t cut, u8 *out)
{
	struct st_desc d;

	st_setkey(im, key, klen);
	memset(&d, 0, sizeof(d));
	if (im->st->mac_lib) {
		lib_update(im, &d, msg, cut);
		lib_update(im, &d, msg + cut, len - cut);
		lib_final(im, &d, out);
	} else {
		tmpl_update(im, &d, msg, cut);
		tmpl_update(im, &d, msg + cut, len - cut);
		tmpl_final(im, &d, out);
	}
}

/* ---- the mode ------------------------------------------------------------- */

/*
 * Ours: the module's setkey, the assembly chain; the expansion in the form
 * aes_key.c's aesnictr_expand_key_simd() picks on this CPU's vendor (set
 * with the table's key, before the first message).
 */
static struct aesnictr_cmac_path ours_path = {
	aesnictr_cmac_chain_avx, aesnictr_expand_key,
	aesnictr_expand_key_encrypt_zero
};

static void mac_set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	mac_klen = cur->param ? 16 : bits / 8;
	memcpy(mac_key, key, mac_klen);
	ours_path.expand = cpu_is_intel() ? aesnictr_expand_key :
					    aesnictr_expand_key_kga;
	if (im->kind == IMPL_OPENSSL) {
		if (im->mac)
			EVP_MAC_CTX_free(im->mac);
		im->mac = cmac_ctx_new(key, mac_klen);
	}
}

/*
 * One message: setkey, init, update of the whole message, final; the MAC
 * into out[0..16).  --chain: the message's address depends on the one
 * before (chain_dep, always 0).
 */
static noinline void mac_msg(struct impl *im, u8 *out, size_t len)
{
	const u8 *m = src + chain_dep;

	switch (im->kind) {
	case IMPL_TIER: {
		struct aesnictr_cmac_key k;
		struct aesnictr_cmac_state s;

		aesnictr_cmac_setkey(&k, mac_key, mac_klen, cur->param,
				     &ours_path);
		aesnictr_cmac_init(&s);
		aesnictr_cmac_update(&k, &ours_path, &s, m, (unsigned int)len);
		aesnictr_cmac_final(&k, &ours_path, &s, out);
		break;
	}
	case IMPL_OPENSSL:
		cmac_openssl(im->mac, mac_key, mac_klen, m, len, out);
		break;
	case IMPL_STOCK:
		st_mac(im, mac_key, mac_klen, m, len, len, out);
		break;
	default:
		break;
	}
}

BENCH_RUN(mac_run, mac_msg(im, dst, len), dst[BLK - 1])

/*
 * Before a size's check: dst and ref equal past the MAC (the rows write
 * only its 16 bytes); xcbc, which has no OpenSSL row to write ref, gets
 * the reference MAC there.
 */
static void mac_prepare(const u8 *key, unsigned int bits, size_t len)
{
	memset(dst, 0, len);
	memset(ref, 0, len);
	if (cur->param)
		mac_ref(key, bits / 8, src, len, ref);
}

/* A stock row at one length, in one piece and cut in two at i's point. */
static int mac_stock_one(struct impl *im, const u8 *key, unsigned int bits,
			 unsigned int i, unsigned int len)
{
	unsigned int klen = cur->param ? 16 : bits / 8;
	u8 want[BLK], got[BLK];
	size_t cut;

	(void)i;
	mac_ref(key, klen, src, len, want);
	st_mac(im, key, klen, src, len, len, got);
	if (memcmp(got, want, BLK)) {
		stock_failed(im, bits, cur->param ?
			     "MAC differs from the XCBC reference's" :
			     "MAC differs from OpenSSL's", len);
		return -1;
	}
	for (cut = 0; cut <= len; cut += cut < 40 ? 1 : 997) {
		st_mac(im, key, klen, src, len, cut, got);
		if (memcmp(got, want, BLK)) {
			stock_failed(im, bits,
				     "MAC of the message in two updates differs",
				     len);
			return -1;
		}
	}
	return 0;
}

static const unsigned int mac_stock_lens[] = {
	0, 1, 15, 16, 17, 31, 32, 33, 48, 64, 100, 256, 1000, 4096, 4097,
	65536 + 16 + 3
};

/*
 * The bound: the message is one serial chain of its blocks (at least one),
 * nrounds AESENC latencies each; the setkey before it and the subkey XOR
 * are outside it, so ours reaches it only as the message grows.
 */
static double mac_bound(unsigned int bits, size_t len)
{
	size_t blocks = len ? (len + BLK - 1) / BLK : 1;

	return bench_aes_chain_block_s(bits) * (double)blocks;
}

#define MAC_MODE(n, x, t)						\
	.name		= n,						\
	.title		= t,						\
	.sizes		= mac_sizes,					\
	.param		= x,						\
	.key_bits	= (x) ? 128 : 0,				\
	.kinds		= KIND(IMPL_TIER) | KIND(IMPL_STOCK) |		\
			  ((x) ? 0 : KIND(IMPL_OPENSSL)),		\
	.tiers		= 1u << TIER_AVX,				\
	.stock		= STOCK_MAC,					\
	.set_key	= mac_set_key,					\
	.stock_check	= mac_stock_one,				\
	.stock_lens	= mac_stock_lens,				\
	.nr_stock_lens	= ARRAY_LEN(mac_stock_lens),			\
	.prepare	= mac_prepare,					\
	.msg		= mac_msg,					\
	.run		= mac_run,					\
	.bound		= mac_bound,					\
	.bound_col	= "chain bound",

const struct bench_mode bench_cmac = {
	MAC_MODE("cmac", 0,
		 "CMAC (setkey + init + update + final per message, as SMB signs; ours one row, the chain serving every tier)")
};
const struct bench_mode bench_xcbc = {
	MAC_MODE("xcbc", 1,
		 "XCBC-MAC (setkey + init + update + final per message; no OpenSSL row: (x) only to the best stock row)")
};
